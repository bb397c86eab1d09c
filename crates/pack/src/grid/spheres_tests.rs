use super::*;
use std::collections::HashSet;

fn mul(a: &Matrix, b: &Matrix) -> [[i32; 3]; 3] {
    [0, 1, 2].map(|r| [0, 1, 2].map(|c| (0..3).map(|k| a[r][k] * b[k][c]).sum::<i32>()))
}

fn det(m: &Matrix) -> i32 {
    let [a, b, c] = *m;
    a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
        + a[2] * (b[0] * c[1] - b[1] * c[0])
}

/// The cells with every coordinate in `-3..=3` (a region the cube maps onto itself).
fn region() -> Vec<Cell> {
    let r = -3..=3;
    let mut v = Vec::new();
    for z in r.clone() {
        for y in r.clone() {
            for x in r.clone() {
                if is_cell([x, y, z]) {
                    v.push([x, y, z]);
                }
            }
        }
    }
    v
}

/// BurrTools' table: 240 distinct matrices, each three times an orthogonal matrix with the
/// entries BurrTools uses, rotations (determinant +1) first, the cube's 24 first of those and
/// the identity first; the second half the mirror images.
#[test]
fn matrices_are_burrtools_240() {
    let m = &*MATRICES;
    assert_eq!(m.len(), SYMMETRIES);
    assert_eq!(
        m.iter().collect::<HashSet<_>>().len(),
        SYMMETRIES,
        "distinct"
    );
    assert_eq!(m[0], IDENTITY);
    for (i, a) in m.iter().enumerate() {
        let t = [0, 1, 2].map(|r| [0, 1, 2].map(|c| a[c][r]));
        assert_eq!(
            mul(a, &t),
            [[9, 0, 0], [0, 9, 0], [0, 0, 9]],
            "orthogonal {i}"
        );
        assert_eq!(det(a), if is_proper(i) { 27 } else { -27 }, "{i}");
        assert!(a.iter().flatten().all(|v| [0, 1, 2, 3].contains(&v.abs())));
        let cube = a.iter().flatten().all(|v| v % 3 == 0);
        assert_eq!(cube, i % 120 < 24, "the cube's first: {i}");
    }
    // Two rows of BurrTools' tabs_2/rotmatrix.inc (its 25th and 121st), times 3.
    assert!(m.contains(&[[1, 2, 2], [-2, -1, 2], [2, -2, 1]]));
    assert_eq!(m[120], [[-3, 0, 0], [0, 3, 0], [0, 0, 3]]);
}

/// On the whole lattice the grid's symmetries are the cube's 48 (24 rotations): distinct maps
/// of cells onto cells, the identity among them, closed under composition; every other
/// matrix maps some cell off the lattice, and the 240 are not closed under products (BurrTools'
/// `TND` entries of `transmult.inc`).
#[test]
fn lattice_group_is_the_cubes() {
    let cells = region();
    let as_set: HashSet<Cell> = cells.iter().copied().collect();
    let maps_lattice: Vec<usize> = (0..SYMMETRIES)
        .filter(|&i| {
            cells
                .iter()
                .all(|&c| image(i, &[[0, 0, 0], c]).is_some_and(|im| is_cell(im[1])))
        })
        .collect();
    assert_eq!(maps_lattice.len(), 48);
    assert_eq!(maps_lattice.iter().filter(|&&i| is_proper(i)).count(), 24);
    let apply = |i: usize, c: Cell| image(i, &[[0, 0, 0], c]).unwrap()[1];
    let images: HashSet<Vec<Cell>> = maps_lattice
        .iter()
        .map(|&i| cells.iter().map(|&c| apply(i, c)).collect())
        .collect();
    assert_eq!(images.len(), 48, "distinct maps");
    assert!(images.contains(&cells), "the identity");
    for &a in &maps_lattice {
        for &b in &maps_lattice {
            let comp: Vec<Cell> = cells.iter().map(|&c| apply(a, apply(b, c))).collect();
            assert!(comp.iter().all(|c| as_set.contains(c)));
            assert!(images.contains(&comp), "closed under composition");
        }
    }
    let all: HashSet<Matrix> = MATRICES.iter().copied().collect();
    let outside = (0..SYMMETRIES)
        .flat_map(|a| (0..SYMMETRIES).map(move |b| (a, b)))
        .filter(|&(a, b)| {
            let p = mul(&MATRICES[a], &MATRICES[b]);
            !p.iter().flatten().all(|v| v % 3 == 0) || !all.contains(&p.map(|r| r.map(|v| v / 3)))
        })
        .count();
    assert!(outside > 0, "not a group");
}

/// A layer of the packing (the plane `x + y + z = 0`): its symmetries among the 240 that keep
/// the plane are those of the hexagonal layer, 12 rotations and 12 with a mirror (a group:
/// closed under composition), more than the cube's 3-fold ones; a shape spanning space has
/// the cube's alone.
#[test]
fn a_layer_turns_by_sixty_degrees() {
    let layer: Vec<Cell> = region()
        .into_iter()
        .filter(|c| c[0] + c[1] + c[2] == 0)
        .collect();
    let mut with_origin = vec![[0, 0, 0]];
    with_origin.extend(layer.iter().filter(|&&c| c != [0, 0, 0]));
    let keeps: Vec<usize> = (0..SYMMETRIES)
        .filter(|&i| {
            image(i, &with_origin).is_some_and(|im| im.iter().all(|c| c[0] + c[1] + c[2] == 0))
        })
        .collect();
    assert_eq!(keeps.len(), 24);
    assert_eq!(keeps.iter().filter(|&&i| is_proper(i)).count(), 12);
    for &a in &keeps {
        for &b in &keeps {
            let p = mul(&MATRICES[a], &MATRICES[b]).map(|r| r.map(|v| v / 3));
            assert!(keeps.iter().any(|&k| MATRICES[k] == p), "closed");
        }
    }
    // Four spheres in a regular tetrahedron span space: only the cube's 24 rotations place
    // them on the lattice.
    let tetra = [[0, 0, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1]];
    let valid = (0..SYMMETRIES).filter(|&i| image(i, &tetra).is_some());
    assert_eq!(valid.filter(|&i| is_proper(i)).count(), 24);
}

#[test]
fn translations_keep_parity() {
    assert!(is_translation([1, 1, 0]) && is_translation([2, 0, 0]) && is_translation([-1, 0, 1]));
    assert!(!is_translation([1, 0, 0]) && !is_translation([1, 1, 1]));
    assert_eq!(class([1, 0, 0]), class([0, 0, 3]));
    assert_ne!(class([1, 0, 0]), class([0, 0, 2]));
    assert!(is_cell([1, 1, 0]) && !is_cell([0, 0, 1]));
}
