//! Printable pieces of the spheres grid: the piece's balls joined by a neck between every two
//! that touch, one closed solid per piece (as BurrTools' STL export joins them with its
//! "connection" cylinders, so that a piece prints whole instead of as balls to glue).
//!
//! Each ball (radius `R` = half a unit, shrunk by half the gap to `R'`) is meshed over its
//! Voronoi cell, a rhombic dodecahedron: the ball's directions are split into the twelve
//! rhombi of that cell's faces (one per neighbouring ball), each rhombus into rings about its
//! centre. Towards a neighbour of the piece the rings start at a circle of radius `ρ` on the
//! face, the plane half-way between the two centres: the neck is the cylinder of radius `ρ`
//! about the line of centres, from that plane until it meets the ball. The two balls' meshes
//! share that circle (it is computed from the face alone), so the piece's surface is one closed
//! 2-manifold; every vertex lies on the union of balls and necks (the surface is star-shaped
//! about each centre: a ray at angle `θ` from a neck's axis leaves at `max(R', ρ / sin θ)`),
//! inside the piece's own cells, so away from every other piece.
//!
//! `ρ` is `3/8 R'`, BurrTools' default (its "connection radius" 0.75 of the largest, `R' / 2`,
//! where necks round one ball would touch). There is no fillet (BurrTools rounds the crease
//! where neck meets ball); the crease is sharp.

use super::{Mesh, MeshError, PrintOptions};
use crate::vec3::{add, cross, dot, length, scale, sub, P3};
use std::collections::{HashMap, HashSet};

/// Segments per side of a rhombus, and rings from its centre to its sides.
const SIDE: usize = 4;
const RINGS: usize = 6;

/// The neck's radius as a fraction of the shrunk ball's.
const NECK: f64 = 0.375;

/// The twelve neighbours of a ball (voxel offsets).
fn neighbours() -> Vec<[i32; 3]> {
    let mut out = Vec::new();
    for a in 0..3 {
        for b in a + 1..3 {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let mut o = [0; 3];
                o[a] = sa;
                o[b] = sb;
                out.push(o);
            }
        }
    }
    out
}

/// The corners of the Voronoi cell's face towards neighbour `o` (voxel units, from the ball's
/// centre), counter-clockwise seen from outside.
fn rhombus(o: [i32; 3]) -> [P3; 4] {
    let of = o.map(f64::from);
    let c = (0..3).find(|&k| o[k] == 0).unwrap_or(2);
    let (a, b) = match c {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    };
    let mut pa = [0.0; 3];
    pa[a] = of[a];
    let mut pb = [0.0; 3];
    pb[b] = of[b];
    let mut up = scale(of, 0.5);
    up[c] = 0.5;
    let mut down = scale(of, 0.5);
    down[c] = -0.5;
    let q = [pa, up, pb, down];
    if dot(cross(sub(q[1], q[0]), sub(q[2], q[0])), of) > 0.0 {
        q
    } else {
        [q[0], q[3], q[2], q[1]]
    }
}

/// The points along a rhombus's boundary, counter-clockwise, `SIDE` per side; each side is
/// interpolated from its lexicographically smaller end so that the faces sharing it agree.
fn boundary(q: &[P3; 4]) -> Vec<P3> {
    let mut out = Vec::with_capacity(4 * SIDE);
    for i in 0..4 {
        let (p, r) = (q[i], q[(i + 1) % 4]);
        let forward = p
            .iter()
            .zip(&r)
            .map(|(x, y)| x.total_cmp(y))
            .find(|o| o.is_ne())
            != Some(std::cmp::Ordering::Greater);
        let (lo, hi) = if forward { (p, r) } else { (r, p) };
        for s in 0..SIDE {
            let t = if forward { s } else { SIDE - s } as f64 / SIDE as f64;
            out.push(add(lo, scale(sub(hi, lo), t)));
        }
    }
    out
}

/// Mesh vertices by position (rounded), so that balls and faces sharing a point share a vertex.
#[derive(Default)]
struct Welder {
    index: HashMap<[i64; 3], u32>,
    vertices: Vec<P3>,
}

impl Welder {
    fn vertex(&mut self, p: P3) -> u32 {
        let key = p.map(|x| (x * 1e7).round() as i64);
        let next = self.vertices.len() as u32;
        *self.index.entry(key).or_insert_with(|| {
            self.vertices.push(p);
            next
        })
    }
}

/// The surface of a piece of the spheres grid made of the balls `cells` (voxels of even
/// coordinate sum), joined where they touch (see the module documentation).
pub fn balls_mesh(cells: &[[i32; 3]], opts: &PrintOptions) -> Result<Mesh, MeshError> {
    opts.validate()?;
    if opts.bevel > 0.0 {
        return Err(MeshError::Options(
            "a bevel is made on the cube grid only, not on the grid of spheres".into(),
        ));
    }
    if cells.is_empty() {
        return Err(MeshError::Input(
            "a piece without cells has no surface".into(),
        ));
    }
    if cells.iter().flatten().any(|v| v.abs() > 1 << 20) || cells.len() > 1 << 16 {
        return Err(MeshError::Input(
            "a piece that large (or placed that far out) is not meshed".into(),
        ));
    }
    if let Some(c) = cells
        .iter()
        .find(|c| (c[0] + c[1] + c[2]).rem_euclid(2) != 0)
    {
        return Err(MeshError::Input(format!(
            "{c:?} is not a cell of the grid of spheres"
        )));
    }
    let set: HashSet<[i32; 3]> = cells.iter().copied().collect();
    // Voxel units: neighbours √2 apart, a ball's radius R = √2 / 2; a unit is √2 voxels.
    let mm = opts.unit * 0.5f64.sqrt();
    let r = 0.5f64.sqrt() - opts.gap / 2.0 / mm;
    let rho = NECK * r;
    let mut welder = Welder::default();
    let mut triangles = Vec::new();
    let mut seen = HashSet::new();
    for &c in cells {
        if !seen.insert(c) {
            continue;
        }
        let centre = c.map(f64::from);
        for o in neighbours() {
            let joined = set.contains(&[c[0] + o[0], c[1] + o[1], c[2] + o[2]]);
            face(centre, o, joined, r, rho, mm, &mut welder, &mut triangles);
        }
    }
    Ok(Mesh {
        vertices: welder.vertices,
        triangles,
    })
}

/// The part of ball `centre`'s surface seen through its cell's face towards neighbour `o`:
/// rings about the face's centre, from its middle (or, `joined`, from the neck's circle) to
/// its sides, each point pushed along its ray out to the surface.
#[allow(clippy::too_many_arguments)]
fn face(
    centre: P3,
    o: [i32; 3],
    joined: bool,
    r: f64,
    rho: f64,
    mm: f64,
    welder: &mut Welder,
    triangles: &mut Vec<[u32; 3]>,
) {
    let mid = scale(o.map(f64::from), 0.5);
    let axis = scale(mid, 1.0 / length(mid));
    let h = length(mid);
    let sides = boundary(&rhombus(o));
    // The ray through a point `p` of the face (from the ball's centre) leaves the solid at
    // `max(r, ρ / sin θ)` from the centre when joined, else at `r`.
    let surface = |p: P3| -> P3 {
        let u = scale(p, 1.0 / length(p));
        let along = dot(u, axis);
        let sin = (1.0 - along * along).max(0.0).sqrt();
        let d = if joined { r.max(rho / sin) } else { r };
        scale(add(centre, scale(u, d)), mm)
    };
    // Distances from the face's centre at which ring `j` crosses ray `k`.
    let crease = h * (rho / r).asin().tan();
    let ring = |j: usize, side: P3| -> P3 {
        let v = sub(side, mid);
        let len = length(v);
        let dir = scale(v, 1.0 / len);
        let at = if joined {
            match j {
                0 => rho,
                1 => crease,
                _ => crease + (len - crease) * (j - 1) as f64 / (RINGS - 1) as f64,
            }
        } else {
            len * j as f64 / RINGS as f64
        };
        add(mid, scale(dir, at))
    };
    let n = sides.len();
    let rings: Vec<Vec<u32>> = (0..=RINGS)
        .map(|j| {
            sides
                .iter()
                .map(|&s| {
                    if joined && j == 0 {
                        // On the face itself: shared exactly with the neighbour's neck.
                        welder.vertex(scale(add(centre, ring(0, s)), mm))
                    } else {
                        welder.vertex(surface(ring(j, s)))
                    }
                })
                .collect()
        })
        .collect();
    let first = if joined {
        0
    } else {
        let apex = welder.vertex(surface(mid));
        for k in 0..n {
            triangles.push([apex, rings[1][k], rings[1][(k + 1) % n]]);
        }
        1
    };
    for j in first..RINGS {
        for k in 0..n {
            let k1 = (k + 1) % n;
            triangles.push([rings[j][k], rings[j + 1][k], rings[j + 1][k1]]);
            triangles.push([rings[j][k], rings[j + 1][k1], rings[j][k1]]);
        }
    }
}
