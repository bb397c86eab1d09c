//! Printable meshes of pieces on the lattices whose cells are not cubes (see
//! [`crate::cells`]): the union of the cells' polyhedra, faces shared by two cells of the piece
//! removed, every outer face moved `gap / 2` inwards.
//!
//! The surface is made of the cells' faces that no other cell of the piece shares (triangles on
//! these lattices). Where two cells of a piece meet only along an edge or at a corner, that
//! edge or corner belongs to two sheets of the surface; each edge's triangles are paired as the
//! solid runs around it (a triangle's partner is the next one on its inner side), and each
//! corner is split into one vertex per fan of triangles joined by such pairs. Every vertex then
//! moves inwards to the point that lies `gap / 2` inside each distinct plane of its fan (least
//! squares: exact where at most three planes meet, as at every corner of a rhombic dodecahedron
//! — the four planes of an acute corner meet in one point by symmetry —, the nearest point
//! otherwise). The copies of a split corner move apart, so the printed surface is a closed
//! 2-manifold.
//!
//! No bevel here: the chamfer is made on the cube grid only.

use super::{Mesh, MeshError, PrintOptions};
use crate::cells::{boundary, Lattice};
use std::collections::HashMap;

type P3 = [f64; 3];

fn sub(a: P3, b: P3) -> P3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: P3, b: P3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: P3, b: P3) -> P3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn unit(a: P3) -> P3 {
    let l = dot(a, a).sqrt();
    a.map(|x| x / l)
}

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
    let (class, classes) = corner_classes(&tris, &partner);
    let g = opts.gap / 2.0 / opts.unit;
    let mut normals: Vec<Vec<P3>> = vec![Vec::new(); classes];
    for (t, tri) in tris.iter().enumerate() {
        let [a, b, c] = tri.map(|v| points[v as usize]);
        let n = unit(cross(sub(b, a), sub(c, a)));
        for k in 0..3 {
            let list = &mut normals[class[3 * t + k]];
            if !list.iter().any(|m| dot(*m, n) > 1.0 - 1e-12) {
                list.push(n);
            }
        }
    }
    let mut vertices = vec![[0.0; 3]; classes];
    for (t, tri) in tris.iter().enumerate() {
        for k in 0..3 {
            let id = class[3 * t + k];
            let d = inward(&normals[id], g);
            let p = points[tri[k] as usize];
            vertices[id] = [0, 1, 2].map(|i| (p[i] + d[i]) * opts.unit);
        }
    }
    let triangles = (0..tris.len())
        .map(|t| [0, 1, 2].map(|k| class[3 * t + k] as u32))
        .collect();
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

/// Triangle corners (`3 t + k`) grouped into vertices: two corners at one point are one vertex
/// when their triangles are paired across an edge through that point.
fn corner_classes(tris: &[[u32; 3]], partner: &[usize]) -> (Vec<usize>, usize) {
    let mut parent: Vec<usize> = (0..3 * tris.len()).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (t, tri) in tris.iter().enumerate() {
        for k in 0..3 {
            let u = partner[3 * t + k];
            for corner in [k, (k + 1) % 3] {
                let v = tri[corner];
                if let Some(j) = tris[u].iter().position(|&w| w == v) {
                    let (x, y) = (
                        find(&mut parent, 3 * t + corner),
                        find(&mut parent, 3 * u + j),
                    );
                    parent[x] = y;
                }
            }
        }
    }
    // Number the classes in order of first corner, so the output is deterministic.
    let mut id: HashMap<usize, usize> = HashMap::new();
    let class = (0..3 * tris.len())
        .map(|c| {
            let r = find(&mut parent, c);
            let next = id.len();
            *id.entry(r).or_insert(next)
        })
        .collect();
    (class, id.len())
}

/// The displacement that puts a vertex `g` inside each of the planes with unit normals
/// `normals` (least squares within their span).
fn inward(normals: &[P3], g: f64) -> P3 {
    // An orthonormal basis of the normals' span.
    let mut basis: Vec<P3> = Vec::new();
    for &n in normals {
        let mut r = n;
        for q in &basis {
            r = sub(r, q.map(|x| x * dot(r, *q)));
        }
        if dot(r, r) > 1e-12 {
            basis.push(unit(r));
        }
    }
    let m = basis.len();
    // Normal equations in that basis: sum_i (n_i . q_j)(n_i . q_k) beta_k = -g sum_i n_i . q_j.
    let mut a = [[0.0; 4]; 3];
    for &n in normals {
        for j in 0..m {
            for k in 0..m {
                a[j][k] += dot(n, basis[j]) * dot(n, basis[k]);
            }
            a[j][3] -= g * dot(n, basis[j]);
        }
    }
    let beta = solve(&mut a, m);
    let mut d = [0.0; 3];
    for (j, q) in basis.iter().enumerate() {
        for i in 0..3 {
            d[i] += beta[j] * q[i];
        }
    }
    d
}

/// Gaussian elimination with partial pivoting on the `m × m` system in `a` (last column the
/// right-hand side); the system is positive definite in the span's basis.
fn solve(a: &mut [[f64; 4]; 3], m: usize) -> [f64; 3] {
    for col in 0..m {
        let piv = (col..m)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .unwrap_or(col);
        a.swap(col, piv);
        let pivot = a[col];
        for row in a.iter_mut().take(m).skip(col + 1) {
            let f = row[col] / pivot[col];
            for (x, p) in row.iter_mut().zip(pivot).skip(col) {
                *x -= f * p;
            }
        }
    }
    let mut x = [0.0; 3];
    for row in (0..m).rev() {
        let s: f64 = (row + 1..m).map(|k| a[row][k] * x[k]).sum();
        x[row] = (a[row][3] - s) / a[row][row];
    }
    x
}
