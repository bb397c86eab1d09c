//! Pictures' cells on the spheres lattice: each ball an icosphere inscribed in its ball
//! (diameter one unit), closed and turned outwards; a piece's printable mesh is its balls
//! (shrunk by half the gap) joined by a neck wherever two touch: one closed solid, of about the
//! balls' volume, every vertex on a shrunk ball or a neck and nearer the piece's own balls than
//! any other.

mod common;

use common::no_self_intersection;
use wurfel_render::cells::Lattice;
use wurfel_render::mesh::{check::check, check::volume, lattice_mesh, PrintOptions};

const S: Lattice = Lattice::Spheres;

fn opts(gap: f64) -> PrintOptions {
    PrintOptions {
        unit: 10.0,
        gap,
        bevel: 0.0,
    }
}

fn designs() -> Vec<(&'static str, Vec<[i32; 3]>)> {
    vec![
        ("one ball", vec![[0, 0, 0]]),
        ("a row", vec![[0, 0, 0], [1, 1, 0], [2, 2, 0]]),
        (
            "a tetrahedron",
            vec![[0, 0, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1]],
        ),
        (
            "a bent piece far out",
            vec![[-7, 3, 0], [-6, 4, 0], [-6, 4, 2], [-5, 5, 2]],
        ),
    ]
}

#[test]
fn balls_are_closed_icospheres_of_unit_diameter() {
    let ball = std::f64::consts::PI / 6.0;
    for c in [[0, 0, 0], [1, 1, 0], [-3, 2, 1], [4, -4, 2]] {
        let v = S.cell_volume(c).unwrap();
        // A twice subdivided icosahedron holds about 96.6 % of its ball.
        assert!(v < ball && v > 0.96 * ball, "{c:?}: {v}");
        assert_eq!(S.cell(c).unwrap().faces.len(), 320);
    }
    assert!(S.cell([1, 0, 0]).is_none() && S.cell([1, 1, 1]).is_none());
    assert_eq!(S.period(), 2);
}

/// Connected parts of a mesh (triangles sharing a vertex).
fn parts(m: &wurfel_render::mesh::Mesh) -> usize {
    let mut parent: Vec<usize> = (0..m.vertices.len()).collect();
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    for t in &m.triangles {
        for k in 1..3 {
            let (a, b) = (
                find(&mut parent, t[0] as usize),
                find(&mut parent, t[k] as usize),
            );
            parent[a] = b;
        }
    }
    (0..m.vertices.len())
        .filter(|&v| find(&mut parent, v) == v)
        .count()
}

/// Pairs of balls of `cells` that touch.
fn contacts(cells: &[[i32; 3]]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for (i, a) in cells.iter().enumerate() {
        for (j, b) in cells.iter().enumerate().skip(i + 1) {
            let d: i32 = (0..3).map(|k| (a[k] - b[k]).pow(2)).sum();
            if d == 2 {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

/// Groups of touching balls.
fn groups(cells: &[[i32; 3]]) -> usize {
    let mut label: Vec<usize> = (0..cells.len()).collect();
    for _ in 0..cells.len() {
        for &(i, j) in &contacts(cells) {
            let m = label[i].min(label[j]);
            (label[i], label[j]) = (m, m);
        }
    }
    label.sort_unstable();
    label.dedup();
    label.len()
}

#[test]
fn meshes_are_balls_joined_by_necks() {
    let mm = 10.0 * 0.5f64.sqrt(); // a voxel in mm
    let designs = [
        designs(),
        vec![("two balls apart", vec![[0, 0, 0], [2, 0, 0]])],
    ]
    .concat();
    for (name, cells) in designs {
        for gap in [0.01, 0.2, 1.0] {
            let m = lattice_mesh(S, &cells, &opts(gap)).unwrap();
            check(&m).unwrap_or_else(|e| panic!("{name} gap {gap}: {e}"));
            if gap == 0.2 {
                no_self_intersection(&m).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            // One solid per group of touching balls (the bent piece and the two balls apart
            // are two groups each).
            let want = if name.contains("bent") || name.contains("apart") {
                2
            } else {
                1
            };
            assert_eq!(groups(&cells), want, "{name}");
            assert_eq!(parts(&m), want, "{name} gap {gap}");
            // The balls of radius r − gap/2, their necks (radius 3/8 of that, one ball
            // diameter long between two centres) at most added.
            let r = 5.0 - gap / 2.0;
            let rho = 0.375 * r;
            let balls = cells.len() as f64 * 4.0 / 3.0 * std::f64::consts::PI * r.powi(3);
            let necks = contacts(&cells).len() as f64 * std::f64::consts::PI * rho * rho * 10.0;
            let v = volume(&m);
            assert!(
                v > 0.97 * balls && v < balls + necks,
                "{name} gap {gap}: {v} vs {balls} + {necks}"
            );
            for p in &m.vertices {
                // Nearest to one of the piece's own balls (ties on the plane between two
                // of them), so inside its cells and apart from every other piece...
                let dist = |c: [i32; 3]| -> f64 {
                    (0..3)
                        .map(|k| (p[k] - c[k] as f64 * mm).powi(2))
                        .sum::<f64>()
                        .sqrt()
                };
                let own = cells.iter().map(|&c| dist(c)).fold(f64::MAX, f64::min);
                let near = p.map(|x| (x / mm).round() as i32);
                for dx in -2..=2 {
                    for dy in -2..=2 {
                        for dz in -2..=2 {
                            let c = [near[0] + dx, near[1] + dy, near[2] + dz];
                            if (c[0] + c[1] + c[2]).rem_euclid(2) == 0 && !cells.contains(&c) {
                                assert!(dist(c) > own - 1e-9, "{name} gap {gap}: {p:?}");
                            }
                        }
                    }
                }
                // ...on the shrunk ball, or on a neck (out to the plane between two balls).
                assert!(
                    own > r - 1e-9 && own < (25.0 + rho * rho).sqrt() + 1e-9,
                    "{name} gap {gap}: {p:?} at {own}"
                );
            }
        }
    }
    assert!(lattice_mesh(S, &[[1, 0, 0]], &opts(0.2))
        .unwrap_err()
        .to_string()
        .contains("not a cell"));
}
