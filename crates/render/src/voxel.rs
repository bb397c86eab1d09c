//! Voxel geometry: visible faces, their painter's order, and the kind of each face edge.
//!
//! Only faces between a filled and an empty cell are drawn, and only those facing the viewer.
//! For unit cubes on a grid seen in parallel projection along `d`, if a ray meets cube `a`
//! before cube `b` then `(b - a)·d <= 0` (the cubes are disjoint translates of one centrally
//! symmetric box), with equality only when the overlap has no area. Drawing the faces in order
//! of their cell centre's depth `c·d`, back to front, is therefore exact; the faces of one cell
//! facing the viewer never overlap each other.

use crate::vec3::{cross, dot};
use std::collections::HashMap;

/// The six face directions: [`wurfel_geom::DIRECTIONS`] (+x, -x, +y, -y, +z, -z) in the
/// 64-bit coordinates the drawing code works in.
pub const DIRS: [[i64; 3]; 6] = widen(wurfel_geom::DIRECTIONS);

const fn widen(d: [[i32; 3]; 6]) -> [[i64; 3]; 6] {
    let mut out = [[0i64; 3]; 6];
    let mut i = 0;
    while i < 6 {
        let mut k = 0;
        while k < 3 {
            out[i][k] = d[i][k] as i64;
            k += 1;
        }
        i += 1;
    }
    out
}

/// A parallel projection: screen right `r`, screen up `u`, towards the viewer `d` (unit vectors).
#[derive(Clone, Copy, Debug)]
pub struct Camera {
    /// Screen right.
    pub r: [f64; 3],
    /// Screen up.
    pub u: [f64; 3],
    /// Towards the viewer.
    pub d: [f64; 3],
}

fn norm(a: [f64; 3]) -> [f64; 3] {
    let l = dot(a, a).sqrt();
    if l == 0.0 {
        a
    } else {
        [a[0] / l, a[1] / l, a[2] / l]
    }
}

impl Camera {
    /// A camera looking from direction `towards_viewer`, with `z` up on screen.
    pub fn looking_from(towards_viewer: [f64; 3]) -> Camera {
        let d = norm(towards_viewer);
        let f = [-d[0], -d[1], -d[2]];
        let mut r = cross(f, [0.0, 0.0, 1.0]);
        if dot(r, r) < 1e-12 {
            r = [1.0, 0.0, 0.0];
        }
        let r = norm(r);
        let u = norm(cross(r, f));
        Camera { r, u, d }
    }

    /// The standard isometric view: front (−y), right (+x) and top (+z) faces visible.
    pub fn iso_front() -> Camera {
        Camera::looking_from([1.0, -1.0, 1.0])
    }

    /// The opposite isometric view: back (+y), left (−x) and bottom (−z) faces visible.
    pub fn iso_back() -> Camera {
        Camera::looking_from([-1.0, 1.0, -1.0])
    }

    /// Screen coordinates (x right, y down) of a point, in cube units.
    pub fn project(&self, p: [f64; 3]) -> (f64, f64) {
        (dot(p, self.r), -dot(p, self.u))
    }

    /// Depth towards the viewer.
    pub fn depth(&self, p: [f64; 3]) -> f64 {
        dot(p, self.d)
    }

    /// Whether a face with normal `n` faces the viewer.
    pub fn faces(&self, n: [i64; 3]) -> bool {
        dot([n[0] as f64, n[1] as f64, n[2] as f64], self.d) > 1e-9
    }
}

/// How a face edge is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    /// Between two faces of the same piece in one plane.
    Inner,
    /// A fold of the surface within one piece (or an outline).
    Fold,
    /// Between two different pieces.
    Boundary,
}

/// One visible face.
#[derive(Clone, Debug)]
pub struct Face {
    /// The filled cell.
    pub cell: [i64; 3],
    /// Index into [`DIRS`].
    pub dir: usize,
    /// Index of the piece owning the cell.
    pub piece: usize,
    /// Corners in 3D, in order around the face.
    pub corners: [[f64; 3]; 4],
    /// Edge `i` runs from corner `i` to corner `i+1`.
    pub edges: [EdgeKind; 4],
}

/// Cells with their owning piece.
pub struct Voxels {
    owner: HashMap<[i64; 3], usize>,
    cells: Vec<([i64; 3], usize)>,
}

impl Voxels {
    /// Builds the set from pieces' cells; a cell listed twice keeps its first owner.
    pub fn new<'a>(pieces: impl IntoIterator<Item = (usize, &'a [[i64; 3]])>) -> Voxels {
        let mut owner = HashMap::new();
        let mut cells = Vec::new();
        for (i, cs) in pieces {
            for &c in cs {
                if let std::collections::hash_map::Entry::Vacant(e) = owner.entry(c) {
                    e.insert(i);
                    cells.push((c, i));
                }
            }
        }
        cells.sort_unstable();
        Voxels { owner, cells }
    }

    fn get(&self, c: [i64; 3]) -> Option<usize> {
        self.owner.get(&c).copied()
    }

    /// The faces visible from `cam`, in drawing order (back to front).
    pub fn visible_faces(&self, cam: &Camera) -> Vec<Face> {
        let mut out: Vec<(f64, Face)> = Vec::new();
        for &(c, piece) in &self.cells {
            for (k, n) in DIRS.iter().enumerate() {
                if !cam.faces(*n) {
                    continue;
                }
                if self.get(add(c, *n)).is_some() {
                    continue;
                }
                let (corners, edge_dirs) = face_geometry(c, k);
                let mut edges = [EdgeKind::Fold; 4];
                for (i, e) in edge_dirs.iter().enumerate() {
                    edges[i] = self.edge_kind(c, *n, *e, piece);
                }
                let centre = [c[0] as f64 + 0.5, c[1] as f64 + 0.5, c[2] as f64 + 0.5];
                out.push((
                    cam.depth(centre),
                    Face {
                        cell: c,
                        dir: k,
                        piece,
                        corners,
                        edges,
                    },
                ));
            }
        }
        out.sort_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then(a.1.cell.cmp(&b.1.cell))
                .then(a.1.dir.cmp(&b.1.dir))
        });
        out.into_iter().map(|(_, f)| f).collect()
    }

    fn edge_kind(&self, c: [i64; 3], n: [i64; 3], e: [i64; 3], piece: usize) -> EdgeKind {
        if let Some(p) = self.get(add(add(c, n), e)) {
            // Concave: the surface turns up onto the neighbour's side.
            if p == piece {
                EdgeKind::Fold
            } else {
                EdgeKind::Boundary
            }
        } else if let Some(p) = self.get(add(c, e)) {
            if p == piece {
                EdgeKind::Inner
            } else {
                EdgeKind::Boundary
            }
        } else {
            EdgeKind::Fold
        }
    }
}

/// Adds two cell vectors (saturating, so absurd input cannot overflow).
pub fn add(a: [i64; 3], b: [i64; 3]) -> [i64; 3] {
    [
        a[0].saturating_add(b[0]),
        a[1].saturating_add(b[1]),
        a[2].saturating_add(b[2]),
    ]
}

/// The corners of face `dir` of cell `c` and, for each edge, the direction to the cell beyond it.
pub fn face_geometry(c: [i64; 3], dir: usize) -> ([[f64; 3]; 4], [[i64; 3]; 4]) {
    let axis = dir / 2;
    let positive = dir.is_multiple_of(2);
    let b = (axis + 1) % 3;
    let t = (axis + 2) % 3;
    let mut base = [c[0] as f64, c[1] as f64, c[2] as f64];
    if positive {
        base[axis] += 1.0;
    }
    let offs = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
    let mut corners = [[0.0; 3]; 4];
    for (i, (ob, ot)) in offs.iter().enumerate() {
        let mut p = base;
        p[b] += ob;
        p[t] += ot;
        corners[i] = p;
    }
    let unit = |ax: usize, s: i64| {
        let mut v = [0i64; 3];
        v[ax] = s;
        v
    };
    // Edge 0: t = 0 side; edge 1: b = 1 side; edge 2: t = 1 side; edge 3: b = 0 side.
    let edges = [unit(t, -1), unit(b, 1), unit(t, 1), unit(b, -1)];
    (corners, edges)
}

/// The bounding box of some cells: (min, max) inclusive, or `None` when empty.
pub fn bbox<'a>(cells: impl IntoIterator<Item = &'a [i64; 3]>) -> Option<([i64; 3], [i64; 3])> {
    let mut it = cells.into_iter();
    let first = *it.next()?;
    let (mut lo, mut hi) = (first, first);
    for c in it {
        for k in 0..3 {
            lo[k] = lo[k].min(c[k]);
            hi[k] = hi[k].max(c[k]);
        }
    }
    Some((lo, hi))
}
