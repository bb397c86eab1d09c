//! A ball of the spheres lattice as a polyhedron: an icosahedron subdivided twice (320
//! triangles, 162 vertices) on the ball's surface, its vertices rounded to the integer grid of
//! [`Q`] per voxel (the error, under 1/14000 of the radius, keeps every triangle turned
//! outwards). Inscribed in balls that touch, two neighbours' polyhedra do not meet: a piece is
//! drawn as its separate balls (printable meshes join them with necks: `mesh/balls.rs`).

use super::Polyhedron;
use crate::vec3::unit;
use std::sync::LazyLock;

/// Integer polyhedron coordinates per voxel (the voxel `(x, y, z)` is the ball centred at
/// `Q·(x, y, z)`).
pub(super) const Q: i64 = 10_000;

/// Vertices and triangles (vertex indices).
type Mesh = (Vec<[f64; 3]>, Vec<[usize; 3]>);

/// The unit icosphere: vertices on the unit sphere, triangles counter-clockwise from outside.
static UNIT: LazyLock<Mesh> = LazyLock::new(|| {
    let t = (1.0 + 5f64.sqrt()) / 2.0;
    let mut v: Vec<[f64; 3]> = [
        [-1.0, t, 0.0],
        [1.0, t, 0.0],
        [-1.0, -t, 0.0],
        [1.0, -t, 0.0],
        [0.0, -1.0, t],
        [0.0, 1.0, t],
        [0.0, -1.0, -t],
        [0.0, 1.0, -t],
        [t, 0.0, -1.0],
        [t, 0.0, 1.0],
        [-t, 0.0, -1.0],
        [-t, 0.0, 1.0],
    ]
    .iter()
    .map(|&p| unit(p))
    .collect();
    let mut faces: Vec<[usize; 3]> = vec![
        [0, 11, 5],
        [0, 5, 1],
        [0, 1, 7],
        [0, 7, 10],
        [0, 10, 11],
        [1, 5, 9],
        [5, 11, 4],
        [11, 10, 2],
        [10, 7, 6],
        [7, 1, 8],
        [3, 9, 4],
        [3, 4, 2],
        [3, 2, 6],
        [3, 6, 8],
        [3, 8, 9],
        [4, 9, 5],
        [2, 4, 11],
        [6, 2, 10],
        [8, 6, 7],
        [9, 8, 1],
    ];
    for _ in 0..2 {
        let mut mid = std::collections::HashMap::new();
        let mut next = Vec::with_capacity(faces.len() * 4);
        for f in &faces {
            let m = [0, 1, 2].map(|k| {
                let (a, b) = (f[k], f[(k + 1) % 3]);
                *mid.entry((a.min(b), a.max(b))).or_insert_with(|| {
                    v.push(unit([0, 1, 2].map(|i| v[a][i] + v[b][i])));
                    v.len() - 1
                })
            });
            next.push([f[0], m[0], m[2]]);
            next.push([f[1], m[1], m[0]]);
            next.push([f[2], m[2], m[1]]);
            next.push(m);
        }
        faces = next;
    }
    (v, faces)
});

/// The ball of voxel `c` (`x + y + z` even), of radius half the distance √2 between
/// neighbours, or `None` for a voxel that is not a cell.
pub(super) fn sphere(c: [i32; 3]) -> Option<Polyhedron> {
    if (c[0] + c[1] + c[2]).rem_euclid(2) != 0 {
        return None;
    }
    let r = Q as f64 * 0.5f64.sqrt();
    let (unit, faces) = &*UNIT;
    let vertices = unit
        .iter()
        .map(|u| [0, 1, 2].map(|k| Q * i64::from(c[k]) + (r * u[k]).round() as i64))
        .collect();
    let faces = faces.iter().map(|f| f.to_vec()).collect();
    Some(Polyhedron { vertices, faces })
}
