//! What a cell *is* in space on each of BurrTools' grids: a convex polyhedron with integer
//! vertices (or, on the sphere grid, a ball). The one description of the cells' shapes: the
//! pictures, the viewer and printable meshes draw these (`wurfel-render`), and the
//! disassembler's sweeps are computed from them ([`crate::sweep`]).
//!
//! Geometry follows BurrTools (its `getConnectionFace` tables and `recalcSpaceCoordinates`):
//!
//! - **Cubes**: cell `c` is the unit cube `[c, c + 1]`.
//! - **Rhombic dodecahedra** (BurrTools grid type 3, `rhombic_voxel.cpp`): a 5×5×5 block of
//!   sub-voxels is one cube of space (edge 2 in [`Polyhedron`] coordinates), cut by its six
//!   diagonal planes into 24 tetrahedra: each has the cube's centre, the centre of one face and
//!   two adjacent corners of that face. The sub-voxel on block face `axis = 0|4` sits on that
//!   face; of its other two coordinates the one equal to 2 runs along the tetrahedron's cube
//!   edge and the one equal to 1 or 3 says which edge (low or high side). A rhombic
//!   dodecahedron is the 24 tetrahedra of one cube and the 4 facing it in each of its six
//!   neighbours (48 cells); its faces are pairs of coplanar triangles.
//! - **Tetrahedra and octahedra** (BurrTools grid type 4, `voxel_4.cpp`): a 3×3×3 block is one
//!   unit cube of space, cut into five tetrahedra: the centre sub-voxel `(1, 1, 1)` is the
//!   regular tetrahedron on four of the cube's corners, and the four valid corner sub-voxels
//!   (which four depends on the parity of the block's coordinate sum) are the trirectangular
//!   tetrahedra cut off at the other four corners. Eight such corner tetrahedra around a point
//!   of space make one octahedron, two regular tetrahedra of neighbouring blocks face each other.
//!   (BurrTools' tables `tabs_4/meshverts.inc` list exactly these vertices.)
//! - **Triangular prisms** (BurrTools grid type 1, `triangle_voxel.cpp`): cell `(x, y, z)` is
//!   the prism of height 1 over triangle `(x, y)` of the plane's tiling by triangles of edge 1,
//!   layer `z`. Row `y` of triangles lies between heights `y` and `y + 1` (in rows of
//!   `√3 / 2`); triangle `x` spans `x / 2` to `x / 2 + 1` across, pointing up when `x + y` is
//!   even (BurrTools' `(x + y) & 1`). In [`Polyhedron`] coordinates (half edges, rows, layers:
//!   an affine image of space, which keeps which solids overlap) an up triangle has the corners
//!   `(x, y)`, `(x + 2, y)`, `(x + 1, y + 1)`, a down one `(x, y + 1)`, `(x + 2, y + 1)`,
//!   `(x + 1, y)`.
//! - **Spheres** (BurrTools grid type 2, `sphere_voxel.cpp`): the voxels of even coordinate
//!   sum are the centres of balls of the face-centred cubic packing, neighbours `√2` voxels
//!   apart, so a ball's diameter is `√2` voxels ([`BALL_DIAMETER_SQUARED`]). Balls only touch.
//!
//! On every polyhedral grid a translation of the grid moves a cell's polyhedron onto another
//! cell's: the grid's cells tile space face to face.

/// A convex polyhedron: integer vertices and faces as vertex indices, counter-clockwise seen
/// from outside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Polyhedron {
    /// Vertex positions (integer coordinates of the grid's space, see the module documentation).
    pub vertices: Vec<[i64; 3]>,
    /// Faces, each a convex polygon of vertex indices, counter-clockwise from outside.
    pub faces: Vec<Vec<usize>>,
}

impl Polyhedron {
    /// The enclosed volume in lattice coordinates (positive: faces turn outwards).
    pub fn volume(&self) -> f64 {
        let v = |i: usize| self.vertices[i].map(|x| x as f64);
        let mut six = 0.0;
        for f in &self.faces {
            for k in 1..f.len() - 1 {
                let (a, b, c) = (v(f[0]), v(f[k]), v(f[k + 1]));
                six += a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                    + a[2] * (b[0] * c[1] - b[1] * c[0]);
            }
        }
        six / 6.0
    }
}

/// The unit cube at `c`.
pub fn cube(c: [i64; 3]) -> Polyhedron {
    let vertices = (0..8)
        .map(|i| [c[0] + (i & 1), c[1] + ((i >> 1) & 1), c[2] + ((i >> 2) & 1)])
        .collect();
    // Bit k of a vertex index is its offset along axis k.
    let faces = vec![
        vec![0, 4, 6, 2], // x low
        vec![1, 3, 7, 5], // x high
        vec![0, 1, 5, 4], // y low
        vec![2, 6, 7, 3], // y high
        vec![0, 2, 3, 1], // z low
        vec![4, 5, 7, 6], // z high
    ];
    Polyhedron { vertices, faces }
}

/// The prism at `c` (see the module documentation).
pub fn prism(c: [i64; 3]) -> Polyhedron {
    let [x, y, z] = c;
    let up = (x + y).rem_euclid(2) == 0;
    // The triangle counter-clockwise seen from above, at the bottom (0..3) and top (3..6).
    let tri = if up {
        [[x, y], [x + 2, y], [x + 1, y + 1]]
    } else {
        [[x, y + 1], [x + 1, y], [x + 2, y + 1]]
    };
    let vertices = [z, z + 1]
        .iter()
        .flat_map(|&h| tri.map(|[u, v]| [u, v, h]))
        .collect();
    let faces = vec![
        vec![0, 2, 1],
        vec![3, 4, 5],
        vec![0, 1, 4, 3],
        vec![1, 2, 5, 4],
        vec![2, 0, 3, 5],
    ];
    Polyhedron { vertices, faces }
}

/// A tetrahedron on four points, its faces turned outwards.
fn tetrahedron(p: [[i64; 3]; 4]) -> Polyhedron {
    let sub = |a: [i64; 3], b: [i64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    let (u, v, w) = (sub(p[1], p[0]), sub(p[2], p[0]), sub(p[3], p[0]));
    let det = u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0])
        + u[2] * (v[0] * w[1] - v[1] * w[0]);
    // With a positive orientation (0,1,2,3), the outward faces are these; else swap two.
    let faces = if det > 0 {
        vec![vec![0, 2, 1], vec![0, 1, 3], vec![0, 3, 2], vec![1, 2, 3]]
    } else {
        vec![vec![0, 1, 2], vec![0, 3, 1], vec![0, 2, 3], vec![1, 3, 2]]
    };
    Polyhedron {
        vertices: p.to_vec(),
        faces,
    }
}

/// A rhombic-grid sub-voxel's tetrahedron (see the module documentation), `None` off the grid.
pub fn rhombic(c: [i32; 3]) -> Option<Polyhedron> {
    let block = c.map(|v| v.div_euclid(5) as i64);
    let local = c.map(|v| v.rem_euclid(5));
    let fold = local.map(|v| v.min(4 - v));
    let face_axis = (0..3).find(|&k| fold[k] == 0)?;
    let edge_axis = (0..3).find(|&k| fold[k] == 2)?;
    let side_axis = (0..3).find(|&k| fold[k] == 1)?;
    let base = block.map(|b| 2 * b);
    let at = |f: [i64; 3]| [base[0] + f[0], base[1] + f[1], base[2] + f[2]];
    let centre = at([1, 1, 1]);
    let mut face = [1, 1, 1];
    face[face_axis] = if local[face_axis] == 0 { 0 } else { 2 };
    let mut a = face;
    a[side_axis] = if local[side_axis] == 1 { 0 } else { 2 };
    let mut b = a;
    a[edge_axis] = 0;
    b[edge_axis] = 2;
    Some(tetrahedron([centre, at(face), at(a), at(b)]))
}

/// A tetra-octa sub-voxel's tetrahedron (see the module documentation), `None` off the grid.
pub fn tetra_octa(c: [i32; 3]) -> Option<Polyhedron> {
    let block = c.map(|v| v.div_euclid(3) as i64);
    let local = c.map(|v| v.rem_euclid(3));
    let at = |f: [i64; 3]| [block[0] + f[0], block[1] + f[1], block[2] + f[2]];
    // The corner sub-voxels of a block of even coordinate sum are the cube corners of odd sum
    // (BurrTools' `validCoordinate`); the centre tetrahedron has the four others.
    let odd_block = (block[0] + block[1] + block[2]).rem_euclid(2) == 1;
    let corner_parity = if odd_block { 0 } else { 1 };
    if local == [1, 1, 1] {
        let corners: Vec<[i64; 3]> = (0..8)
            .map(|i: i64| [i & 1, (i >> 1) & 1, (i >> 2) & 1])
            .filter(|k| (k[0] + k[1] + k[2]) % 2 != corner_parity)
            .map(at)
            .collect();
        return Some(tetrahedron([
            corners[0], corners[1], corners[2], corners[3],
        ]));
    }
    if local.contains(&1) {
        return None;
    }
    let k = local.map(|v| i64::from(v / 2));
    if (k[0] + k[1] + k[2]) % 2 != corner_parity {
        return None;
    }
    let flip = |axis: usize| {
        let mut f = k;
        f[axis] = 1 - f[axis];
        at(f)
    };
    Some(tetrahedron([at(k), flip(0), flip(1), flip(2)]))
}

/// The squared diameter of a ball of the sphere grid, in voxels: neighbours (`(1, 1, 0)`
/// apart) touch.
pub const BALL_DIAMETER_SQUARED: i64 = 2;
