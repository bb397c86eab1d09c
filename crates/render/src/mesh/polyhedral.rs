//! Printable meshes of pieces on the lattices whose cells are not cubes (see
//! [`crate::cells`]): the union of the cells' polyhedra, faces shared by two cells of the piece
//! removed, every outer face moved `gap / 2` inwards.
//!
//! The surface is made of the cells' faces that no other cell of the piece shares (triangles on
//! these lattices). Where two cells of a piece meet only along an edge or at a corner, that
//! edge or corner belongs to two sheets of the surface; each edge's triangles are paired as the
//! solid runs around it (a triangle's partner is the next one on its inner side), and each
//! corner is split into one vertex per fan of triangles joined by such pairs, a fan that runs
//! twice along one edge cut in two across one of its faces (`fans.rs`). Every vertex then
//! moves inwards to the point that lies `gap / 2` inside each distinct plane of its fan (least
//! squares: exact where at most three planes meet, as at every corner of a rhombic dodecahedron
//! — the four planes of an acute corner meet in one point by symmetry —, the nearest point
//! otherwise). The copies of a split corner move apart, so the printed surface is a closed
//! 2-manifold.
//!
//! No bevel here: the chamfer is made on the cube grid only.

use super::{fans, Mesh, MeshError, PrintOptions};
use crate::cells::{boundary, Lattice};
use crate::vec3::{cross, dot, sub, unit, P3};
use std::collections::HashMap;

/// The surface of `cells` (cells of `lattice`, not cubes) as a closed mesh in millimetres,
/// shrunk by half the gap (see the module documentation).
pub fn polyhedral_mesh(
    lattice: Lattice,
    cells: &[[i32; 3]],
    opts: &PrintOptions,
) -> Result<Mesh, MeshError> {
    opts.validate()?;
    if opts.bevel > 0.0 {
        return Err(MeshError::Options(format!(
            "a bevel is made on the cube grid only, not on the grid of {}",
            lattice.name()
        )));
    }
    if cells.is_empty() {
        return Err(MeshError::Input(
            "a piece without cells has no surface".into(),
        ));
    }
    if cells.iter().flatten().any(|v| v.abs() > 1 << 20) || cells.len() > 1 << 20 {
        return Err(MeshError::Input(
            "a piece that large (or placed that far out) is not meshed".into(),
        ));
    }
    let faces = boundary(lattice, cells).map_err(|c| {
        MeshError::Input(format!(
            "{c:?} is not a cell of the grid of {}",
            lattice.name()
        ))
    })?;
    // Corners as indices, triangles as fans of each (convex) face.
    let mut index: HashMap<[i64; 3], u32> = HashMap::new();
    let mut points: Vec<P3> = Vec::new();
    let mut tris: Vec<[u32; 3]> = Vec::new();
    for f in &faces {
        let ids: Vec<u32> = f
            .corners
            .iter()
            .map(|&c| {
                *index.entry(c).or_insert_with(|| {
                    points.push(lattice.space(c));
                    points.len() as u32 - 1
                })
            })
            .collect();
        for k in 1..ids.len() - 1 {
            tris.push([ids[0], ids[k], ids[k + 1]]);
        }
    }
    let partner = pair_edges(&points, &tris)?;
    let plane: Vec<P3> = tris
        .iter()
        .map(|tri| {
            let [a, b, c] = tri.map(|v| points[v as usize]);
            unit(cross(sub(b, a), sub(c, a)))
        })
        .collect();
    let corners = fans::vertices(&points, &tris, &plane, &partner)?;
    let g = opts.gap / 2.0 / opts.unit;
    let mut normals: Vec<Vec<P3>> = vec![Vec::new(); corners.count];
    let mut at: Vec<P3> = vec![[0.0; 3]; corners.count];
    for (t, tri) in tris.iter().enumerate() {
        let n = plane[t];
        for k in 0..3 {
            let c = 3 * t + k;
            for id in [corners.inside[c], corners.outside[c]] {
                at[id] = points[tri[k] as usize];
                let list = &mut normals[id];
                if !list.iter().any(|m| dot(*m, n) > 1.0 - 1e-12) {
                    list.push(n);
                }
            }
        }
    }
    let vertices: Vec<P3> = (0..corners.count)
        .map(|id| {
            let d = fans::inward(&normals[id], g);
            [0, 1, 2].map(|i| (at[id][i] + d[i]) * opts.unit)
        })
        .collect();
    let mut triangles: Vec<[u32; 3]> = Vec::new();
    for (t, normal) in plane.iter().enumerate() {
        // The triangle, its cut corners as two vertices each: a convex polygon in its plane.
        let mut polygon = Vec::with_capacity(6);
        for c in 3 * t..3 * t + 3 {
            polygon.push(corners.inside[c]);
            if corners.outside[c] != corners.inside[c] {
                polygon.push(corners.outside[c]);
            }
        }
        // A fan from the first corner that turns every triangle outwards (a cut corner can
        // make the polygon slightly non-convex at its neighbour).
        let polygon = &polygon;
        let fan = |apex: usize| {
            let at = move |i: usize| polygon[(apex + i) % polygon.len()];
            (1..polygon.len() - 1).map(move |k| [at(0), at(k), at(k + 1)])
        };
        let outwards = |tri: &[usize; 3]| {
            let [a, b, c] = tri.map(|v| vertices[v]);
            dot(cross(sub(b, a), sub(c, a)), *normal) > 0.0
        };
        let apex = (0..polygon.len())
            .find(|&apex| fan(apex).all(|tri| outwards(&tri)))
            .ok_or_else(|| {
                MeshError::Geometry("the shrunk surface turns a face inside out (a bug)".into())
            })?;
        triangles.extend(fan(apex).map(|tri| tri.map(|v| v as u32)));
    }
    Ok(Mesh {
        vertices,
        triangles,
    })
}

/// For each triangle edge `(t, k)` (from corner `k` to corner `k + 1`), the triangle across it:
/// where more than two triangles share an edge, the next one around the edge on the inner side.
fn pair_edges(points: &[P3], tris: &[[u32; 3]]) -> Result<Vec<usize>, MeshError> {
    let mut by_edge: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
    for (t, tri) in tris.iter().enumerate() {
        for k in 0..3 {
            by_edge
                .entry((tri[k], tri[(k + 1) % 3]))
                .or_default()
                .push(t);
        }
    }
    let mut partner = vec![usize::MAX; 3 * tris.len()];
    let bug = || MeshError::Geometry("the cells' surface is not closed (a bug)".into());
    for (t, tri) in tris.iter().enumerate() {
        for k in 0..3 {
            let (a, b) = (tri[k], tri[(k + 1) % 3]);
            let back = by_edge.get(&(b, a)).ok_or_else(bug)?;
            let fwd = &by_edge[&(a, b)];
            partner[3 * t + k] = if fwd.len() == 1 && back.len() == 1 {
                back[0]
            } else {
                inner_neighbour(points, tris, (a, b), t, fwd, back).ok_or_else(bug)?
            };
        }
    }
    Ok(partner)
}

/// Around edge `a → b`, the triangle of `back` (oriented `b → a`) met first when turning from
/// triangle `t` towards its inside: outward normals point the way angles about `b - a` grow, so
/// it is the nearest one at a smaller angle.
fn inner_neighbour(
    points: &[P3],
    tris: &[[u32; 3]],
    (a, b): (u32, u32),
    t: usize,
    fwd: &[usize],
    back: &[usize],
) -> Option<usize> {
    let pa = points[a as usize];
    let d = unit(sub(points[b as usize], pa));
    let third = |s: usize| {
        tris[s]
            .iter()
            .copied()
            .find(|&v| v != a && v != b)
            .map(|v| points[v as usize])
    };
    let w0 = third(t)?;
    let e1 = unit({
        let u = sub(w0, pa);
        sub(u, d.map(|x| x * dot(u, d)))
    });
    let e2 = cross(d, e1);
    let angle = |s: usize| -> Option<f64> {
        let u = sub(third(s)?, pa);
        Some(
            dot(u, e2)
                .atan2(dot(u, e1))
                .rem_euclid(std::f64::consts::TAU),
        )
    };
    let mut around: Vec<(f64, usize, bool)> = Vec::new();
    for &s in fwd {
        around.push((angle(s)?, s, true));
    }
    for &s in back {
        around.push((angle(s)?, s, false));
    }
    around.sort_by(|x, y| x.0.total_cmp(&y.0));
    let at = around.iter().position(|x| x.1 == t && x.2)?;
    let prev = around[(at + around.len() - 1) % around.len()];
    (!prev.2).then_some(prev.1)
}
