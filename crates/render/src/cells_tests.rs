use super::*;
use std::collections::{HashMap, HashSet};

/// The cells of one block at the origin.
fn block_cells(l: Lattice, block: [i32; 3]) -> Vec<[i32; 3]> {
    let b = l.block();
    let mut out = Vec::new();
    for z in 0..b {
        for y in 0..b {
            for x in 0..b {
                let c = [b * block[0] + x, b * block[1] + y, b * block[2] + z];
                if l.cell(c).is_some() {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// Every directed edge of `faces` once and its reverse once (closed, consistently oriented).
fn closed(faces: &[Vec<[i64; 3]>]) -> bool {
    let mut directed: HashMap<([i64; 3], [i64; 3]), usize> = HashMap::new();
    for f in faces {
        for k in 0..f.len() {
            *directed.entry((f[k], f[(k + 1) % f.len()])).or_default() += 1;
        }
    }
    directed
        .iter()
        .all(|(&(a, b), &n)| n == 1 && directed.get(&(b, a)) == Some(&1))
}

fn volume(faces: &[Vec<[i64; 3]>]) -> f64 {
    let mut six = 0.0;
    for f in faces {
        let v = |i: usize| f[i].map(|x| x as f64);
        for k in 1..f.len() - 1 {
            let (a, b, c) = (v(0), v(k), v(k + 1));
            six += a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                + a[2] * (b[0] * c[1] - b[1] * c[0]);
        }
    }
    six / 6.0
}

fn corners(l: Lattice, c: [i32; 3]) -> HashSet<[i64; 3]> {
    l.cell(c).unwrap().vertices.into_iter().collect()
}

fn surface(l: Lattice, cells: &[[i32; 3]]) -> Vec<Vec<[i64; 3]>> {
    boundary(l, cells)
        .unwrap()
        .into_iter()
        .map(|f| f.corners)
        .collect()
}

#[test]
fn every_cell_is_a_closed_convex_solid_of_the_lattice_volume() {
    let lattices = [
        (Lattice::Cubes, 1, vec![1.0]),
        (Lattice::RhombicDodecahedra, 24, vec![1.0 / 24.0]),
        // Four corner tetrahedra of 1/6, the centre one of 1/3.
        (Lattice::TetraOcta, 5, vec![1.0 / 6.0, 1.0 / 3.0]),
    ];
    for (l, per_block, volumes) in lattices {
        for block in [[0, 0, 0], [1, 0, 0], [-1, 2, -3]] {
            let cells = block_cells(l, block);
            assert_eq!(cells.len(), per_block, "{l:?} {block:?}");
            let mut total = 0.0;
            for &c in &cells {
                let p = l.cell(c).unwrap();
                let faces: Vec<Vec<[i64; 3]>> = p
                    .faces
                    .iter()
                    .map(|f| f.iter().map(|&v| p.vertices[v]).collect())
                    .collect();
                assert!(closed(&faces), "{l:?} {c:?}");
                let v = l.cell_volume(c).unwrap();
                assert!(
                    volumes.iter().any(|w| (v - w).abs() < 1e-12),
                    "{l:?} {c:?} {v}"
                );
                total += v;
            }
            // The cells of a block fill it: one unit of volume.
            assert!((total - 1.0).abs() < 1e-12, "{l:?} {total}");
            // And the block's surface is its cube.
            let s = surface(l, &cells);
            assert!(closed(&s));
            let scaled = volume(&s) * l.unit_volume();
            assert!((scaled - 1.0).abs() < 1e-12, "{l:?} {scaled}");
        }
    }
}

/// Face to face: in a 3×3×3 run of blocks, every face of a cell of the middle block is a face
/// of exactly one other cell (so faces shared inside a piece are found by their corners).
#[test]
fn lattices_tile_face_to_face() {
    for l in [
        Lattice::Cubes,
        Lattice::RhombicDodecahedra,
        Lattice::TetraOcta,
    ] {
        let mut all = Vec::new();
        for z in -1..=1 {
            for y in -1..=1 {
                for x in -1..=1 {
                    all.extend(block_cells(l, [x, y, z]));
                }
            }
        }
        let mut count: HashMap<Vec<[i64; 3]>, usize> = HashMap::new();
        for &c in &all {
            let p = l.cell(c).unwrap();
            for f in &p.faces {
                let mut key: Vec<[i64; 3]> = f.iter().map(|&v| p.vertices[v]).collect();
                key.sort_unstable();
                *count.entry(key).or_default() += 1;
            }
        }
        for c in block_cells(l, [0, 0, 0]) {
            let p = l.cell(c).unwrap();
            for f in &p.faces {
                let mut key: Vec<[i64; 3]> = f.iter().map(|&v| p.vertices[v]).collect();
                key.sort_unstable();
                assert_eq!(count[&key], 2, "{l:?} {c:?} {key:?}");
            }
        }
    }
}

/// BurrTools' tables (`tabs_3/meshverts.inc`, `tabs_4/meshverts.inc`, with their block
/// offsets) for a few sub-voxels.
#[test]
fn cells_match_burrtools_tables() {
    let set = |v: &[[i64; 3]]| v.iter().copied().collect::<HashSet<_>>();
    let r = Lattice::RhombicDodecahedra;
    // Voxel 0 of the rhombic block, sub-voxel (2, 1, 0): vertices 0..14 of the table.
    assert_eq!(
        corners(r, [2, 1, 0]),
        set(&[[0, 0, 0], [2, 0, 0], [1, 1, 1], [1, 1, 0]])
    );
    // Sub-voxel (0, 2, 1) (voxel 5): face x = 0, edge along y, low z.
    assert_eq!(
        corners(r, [0, 2, 1]),
        set(&[[0, 0, 0], [0, 2, 0], [1, 1, 1], [0, 1, 1]])
    );
    // Block (1, 0, -1) is the cube [2, 4] × [0, 2] × [-2, 0].
    assert_eq!(
        corners(r, [5 + 2, 3, -5 + 4]),
        set(&[[2, 2, 0], [4, 2, 0], [3, 1, -1], [3, 1, 0]])
    );
    assert!(r.cell([2, 2, 2]).is_none() && r.cell([0, 0, 0]).is_none());
    let t = Lattice::TetraOcta;
    // Voxel 0 (centre of an even block): vertices 0..11; voxel 2 (sub-voxel (2, 0, 0)): 24..35.
    assert_eq!(
        corners(t, [1, 1, 1]),
        set(&[[0, 0, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1]])
    );
    assert_eq!(
        corners(t, [2, 0, 0]),
        set(&[[1, 0, 0], [0, 0, 0], [1, 1, 0], [1, 0, 1]])
    );
    // An odd block (1, 0, 0) has the corner sub-voxel (0, 0, 0), not (2, 0, 0).
    assert!(t.cell([3, 0, 0]).is_some() && t.cell([5, 0, 0]).is_none());
    assert!(t.cell([2, 0, 0]).is_some() && t.cell([0, 0, 0]).is_none());
    assert!(t.cell([1, 0, 0]).is_none());
}

/// A rhombic dodecahedron: the 24 tetrahedra of a block and the 4 facing it in each of its six
/// neighbours make a closed solid with 14 corners and 12 rhombic faces (24 triangles, two per
/// plane), volume twice the block's.
#[test]
fn forty_eight_rhombic_cells_make_a_rhombic_dodecahedron() {
    let l = Lattice::RhombicDodecahedra;
    let mut cells = block_cells(l, [0, 0, 0]);
    for axis in 0..3 {
        for (dir, side) in [(-1, 4), (1, 0)] {
            let mut nb = [0, 0, 0];
            nb[axis] = dir;
            cells.extend(
                block_cells(l, nb)
                    .into_iter()
                    .filter(|c| c[axis].rem_euclid(5) == side),
            );
        }
    }
    assert_eq!(cells.len(), 48);
    let s = surface(l, &cells);
    assert_eq!(s.len(), 24);
    assert!(closed(&s));
    assert!((volume(&s) * l.unit_volume() - 2.0).abs() < 1e-12);
    let corners: HashSet<[i64; 3]> = s.iter().flatten().copied().collect();
    assert_eq!(corners.len(), 14);
    let planes: HashSet<[i64; 4]> = s.iter().map(|f| plane(f)).collect();
    assert_eq!(planes.len(), 12);
}

/// The eight corner tetrahedra around a point of the tetra-octa grid make an octahedron (six
/// corners, eight faces); the centre tetrahedra of two blocks sharing a face touch only along
/// an edge.
#[test]
fn eight_corner_cells_make_an_octahedron() {
    let l = Lattice::TetraOcta;
    // Around space point (1, 0, 0): the eight blocks touching it, and in each the corner
    // sub-voxel at that point.
    let mut cells = Vec::new();
    for dz in [-1, 0] {
        for dy in [-1, 0] {
            for dx in [0, 1] {
                let block = [dx, dy, dz];
                let local = [1 - dx, -dy, -dz].map(|v| 2 * v);
                cells.push([
                    3 * block[0] + local[0],
                    3 * block[1] + local[1],
                    3 * block[2] + local[2],
                ]);
            }
        }
    }
    assert!(cells.iter().all(|&c| l.cell(c).is_some()), "{cells:?}");
    let s = surface(l, &cells);
    assert_eq!(s.len(), 8);
    assert!(closed(&s));
    let corners: HashSet<[i64; 3]> = s.iter().flatten().copied().collect();
    assert_eq!(corners.len(), 6);
    assert!((volume(&s) - 8.0 / 6.0).abs() < 1e-12);
}

/// The plane of a face: its primitive integer normal and offset.
fn plane(f: &[[i64; 3]]) -> [i64; 4] {
    let sub = |a: [i64; 3], b: [i64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    let (u, v) = (sub(f[1], f[0]), sub(f[2], f[0]));
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let g = n.iter().fold(0, |g, &x| gcd(g, x.abs())).max(1);
    let n = n.map(|x| x / g);
    [
        n[0],
        n[1],
        n[2],
        n[0] * f[0][0] + n[1] * f[0][1] + n[2] * f[0][2],
    ]
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Prisms: each has the volume of a triangle of edge 1 times height 1, its centroid where
/// BurrTools puts it (`triangle_voxel.cpp`: `(0.5 + x / 2, y·√3/2 + √(1/12))` pointing up,
/// `+ √(1/3)` down), and in a run of cells every face of a middle cell is a face of exactly
/// one other cell.
#[test]
fn prisms_have_burrtools_centroids_and_tile_face_to_face() {
    let l = Lattice::TriangularPrisms;
    let key = |p: &Polyhedron, f: &[usize]| {
        let mut k: Vec<[i64; 3]> = f.iter().map(|&i| p.vertices[i]).collect();
        k.sort_unstable();
        k
    };
    let mut faces: HashMap<Vec<[i64; 3]>, usize> = HashMap::new();
    for x in -3..=3 {
        for y in -2..=2 {
            for z in -1..=1 {
                let c = [x, y, z];
                let v = l.cell_volume(c).unwrap();
                assert!((v - 3f64.sqrt() / 4.0).abs() < 1e-12, "{c:?} {v}");
                let p = l.cell(c).unwrap();
                let n = p.vertices.len() as f64;
                let centre =
                    [0, 1, 2].map(|k| p.vertices.iter().map(|q| l.space(*q)[k]).sum::<f64>() / n);
                let up = (x + y).rem_euclid(2) == 0;
                let rise = if up { 1.0 / 12.0 } else { 1.0 / 3.0 };
                let burr = [
                    0.5 + 0.5 * f64::from(x),
                    f64::from(y) * 0.75f64.sqrt() + f64::sqrt(rise),
                    f64::from(z) + 0.5,
                ];
                for k in 0..3 {
                    assert!(
                        (centre[k] - burr[k]).abs() < 1e-12,
                        "{c:?}: {centre:?} {burr:?}"
                    );
                }
                for f in &p.faces {
                    *faces.entry(key(&p, f)).or_default() += 1;
                }
            }
        }
    }
    let middle = l.cell([0, 0, 0]).unwrap();
    for f in &middle.faces {
        assert_eq!(faces[&key(&middle, f)], 2, "{f:?}");
    }
}
