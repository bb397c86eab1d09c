//! Visible faces of pieces on the lattices whose cells are not cubes ([`crate::cells`]), for
//! the static pictures: the faces of the union of every cell of the scene (a face between two
//! cells, of one piece or of two, is inside and not drawn), each with the kind of its edges.
//!
//! An edge between two faces of one piece in one plane (the two triangles of a rhombic
//! dodecahedron's rhombus, the sub-voxels of a flat side) is not drawn, so a piece shows the
//! solids it is made of, not its sub-voxels; a fold of the surface is drawn thin, an edge
//! between two pieces thick ([`EdgeKind`]).
//!
//! Painter's order: faces back to front by the depth of their cell's centre, then their own.
//! Unlike for cubes (see [`crate::voxel`]) this is not exact for every arrangement of
//! tetrahedra, but the front faces of one convex cell never overlap, and neighbouring cells of
//! a surface are ordered as a ray meets them in the arrangements pieces make.

use crate::cells::{boundary, Lattice};
use crate::vec3::{cross, dot};
use crate::voxel::{Camera, EdgeKind};
use crate::RenderError;
use std::collections::HashMap;

/// One face of the scene's surface, in space units.
#[derive(Clone, Debug)]
pub(crate) struct SolidFace {
    /// The piece it belongs to.
    pub piece: usize,
    /// The cell it bounds (lattice coordinates, as the scene gives them).
    pub cell: [i64; 3],
    /// Corners, counter-clockwise from outside.
    pub corners: Vec<[f64; 3]>,
    /// Unit outward normal.
    pub normal: [f64; 3],
    /// The centre of its cell (painter's order).
    pub cell_centre: [f64; 3],
    /// Edge `i` runs from corner `i` to corner `i + 1`.
    pub edges: Vec<EdgeKind>,
}

/// The surface of a scene's pieces.
pub(crate) struct Solids {
    pub faces: Vec<SolidFace>,
}

/// The integer plane of a face: its primitive normal and offset.
fn plane(f: &[[i64; 3]]) -> [i64; 4] {
    let sub = |a: [i64; 3], b: [i64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    let (u, v) = (sub(f[1], f[0]), sub(f[2], f[0]));
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let mut g = 0;
    for x in n {
        let (mut a, mut b) = (g, x.abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        g = a;
    }
    let n = n.map(|x| x / g.max(1));
    [
        n[0],
        n[1],
        n[2],
        n[0] * f[0][0] + n[1] * f[0][1] + n[2] * f[0][2],
    ]
}

impl Solids {
    /// The surface of `pieces` (piece index, cells) on `lattice`.
    pub fn new(lattice: Lattice, pieces: &[(usize, &[[i64; 3]])]) -> Result<Solids, RenderError> {
        let mut cells: Vec<[i32; 3]> = Vec::new();
        let mut owner: Vec<usize> = Vec::new();
        for &(piece, list) in pieces {
            for c in list {
                let c32 = c.map(|v| i32::try_from(v).unwrap_or(i32::MAX));
                cells.push(c32);
                owner.push(piece);
            }
        }
        let faces = boundary(lattice, &cells).map_err(|c| {
            RenderError::Unsupported(format!(
                "{c:?} is not a cell of the grid of {}",
                lattice.name()
            ))
        })?;
        let planes: Vec<[i64; 4]> = faces.iter().map(|f| plane(&f.corners)).collect();
        let mut by_edge: HashMap<([i64; 3], [i64; 3]), Vec<usize>> = HashMap::new();
        for (i, f) in faces.iter().enumerate() {
            for k in 0..f.corners.len() {
                let (a, b) = (f.corners[k], f.corners[(k + 1) % f.corners.len()]);
                by_edge.entry((a.min(b), a.max(b))).or_default().push(i);
            }
        }
        let out = faces
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let piece = owner[f.cell];
                let n = f.corners.len();
                let edges = (0..n)
                    .map(|k| {
                        let (a, b) = (f.corners[k], f.corners[(k + 1) % n]);
                        let others = by_edge[&(a.min(b), a.max(b))].iter().filter(|&&j| j != i);
                        let mut kind = EdgeKind::Fold;
                        for &j in others {
                            if owner[faces[j].cell] != piece {
                                kind = EdgeKind::Boundary;
                            } else if planes[j] == planes[i]
                                // A ball's facets are one smooth surface: no edges drawn.
                                || (lattice == Lattice::Spheres && faces[j].cell == f.cell)
                            {
                                return EdgeKind::Inner;
                            }
                        }
                        kind
                    })
                    .collect();
                let corners: Vec<[f64; 3]> = f.corners.iter().map(|&c| lattice.space(c)).collect();
                let sub = |a: [f64; 3], b: [f64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
                let nrm = cross(sub(corners[1], corners[0]), sub(corners[2], corners[0]));
                let len = dot(nrm, nrm).sqrt().max(f64::MIN_POSITIVE);
                let poly = lattice.cell(cells[f.cell]).map(|p| p.vertices);
                let centre = poly.map_or(corners[0], |v| {
                    let m = v.len() as f64;
                    let sum = [0, 1, 2].map(|k| v.iter().map(|p| p[k]).sum::<i64>());
                    lattice.space(sum).map(|x| x / m)
                });
                SolidFace {
                    piece,
                    cell: cells[f.cell].map(i64::from),
                    corners,
                    normal: nrm.map(|x| x / len),
                    cell_centre: centre,
                    edges,
                }
            })
            .collect();
        Ok(Solids { faces: out })
    }

    /// The faces `cam` sees, back to front.
    pub fn visible(&self, cam: &Camera) -> Vec<&SolidFace> {
        let mut v: Vec<&SolidFace> = self
            .faces
            .iter()
            .filter(|f| dot(f.normal, cam.d) > 1e-9)
            .collect();
        let mid = |f: &SolidFace| {
            let m = f.corners.len() as f64;
            [0, 1, 2].map(|k| f.corners.iter().map(|p| p[k]).sum::<f64>() / m)
        };
        v.sort_by(|a, b| {
            cam.depth(a.cell_centre)
                .total_cmp(&cam.depth(b.cell_centre))
                .then(cam.depth(mid(a)).total_cmp(&cam.depth(mid(b))))
        });
        v
    }
}
