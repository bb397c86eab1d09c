//! Printable meshes of polycube pieces: watertight triangle meshes, STL and 3MF bytes.
//!
//! [`piece_mesh`] turns a piece's cells into the surface a printer should make: the faces
//! between the piece's own cubes are gone, every outer face is moved `gap / 2` inwards (so two
//! printed pieces side by side leave `gap` between them and the assembled pieces fit the box),
//! and with a bevel the convex edges are chamfered. The geometry and why it stays a closed
//! 2-manifold without self-intersections are explained in [`solid`] (the shrunk solid on a
//! refined grid) and [`bevel`] (the chamfer). [`check`] tests a mesh as a slicer does;
//! [`stl`] and [`threemf`] encode meshes as file bytes (the CLI writes the files).
//!
//! Units: the meshes are in millimetres, a cube of the puzzle being [`PrintOptions::unit`] mm.
//!
//! Other lattices ([`crate::cells::Lattice`]) go through [`lattice_mesh`]: the union of the
//! cells' polyhedra, outer faces moved in by half the gap (`polyhedral.rs`, the vertices where
//! cells meet only along an edge or at a corner split in `fans.rs`); their block (the inner
//! cube of a rhombic dodecahedron, a tetra-octa block) is `unit` mm. Balls (the spheres grid)
//! are joined by a neck wherever two of a piece touch (`balls.rs`).

mod balls;
mod bevel;
pub mod check;
mod fans;
pub mod plate;
mod polyhedral;
mod solid;
pub mod stl;
pub mod threemf;

use std::collections::{HashMap, HashSet};

/// Sizes for printing, in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrintOptions {
    /// Edge of one cube of the puzzle.
    pub unit: f64,
    /// Clearance between two neighbouring pieces (each outer face moves in by half of it).
    pub gap: f64,
    /// Chamfer on convex edges (0: sharp edges).
    pub bevel: f64,
}

impl Default for PrintOptions {
    fn default() -> PrintOptions {
        PrintOptions {
            unit: 10.0,
            gap: 0.2,
            bevel: 0.0,
        }
    }
}

impl PrintOptions {
    /// Checks the sizes: a positive unit, a positive gap (without it two cubes of a piece that
    /// meet only along an edge would make the surface non-manifold), a bevel of at least 0, and
    /// `gap / 2 + bevel` at most a quarter of the unit (so every cube keeps a solid core).
    pub fn validate(&self) -> Result<(), MeshError> {
        let PrintOptions { unit, gap, bevel } = *self;
        if !(unit.is_finite() && unit > 0.0 && unit <= 10_000.0) {
            return Err(MeshError::Options(format!(
                "the unit must be a length in mm above 0 and at most 10000, not {unit}"
            )));
        }
        if !(gap.is_finite() && gap > 0.0) {
            return Err(MeshError::Options(format!(
                "the gap must be above 0 mm, not {gap} (without a gap, cubes of a piece that meet only along an edge would not make a closed surface; use e.g. --gap 0.01)"
            )));
        }
        if !(bevel.is_finite() && bevel >= 0.0) {
            return Err(MeshError::Options(format!(
                "the bevel must be 0 mm or more, not {bevel}"
            )));
        }
        if gap / 2.0 + bevel > unit / 4.0 {
            return Err(MeshError::Options(format!(
                "gap / 2 + bevel ({} mm) must be at most a quarter of the unit ({} mm)",
                gap / 2.0 + bevel,
                unit / 4.0
            )));
        }
        if gap / unit < 1e-6 || (bevel > 0.0 && bevel / unit < 1e-6) {
            return Err(MeshError::Options(
                "the gap and a bevel must be at least a millionth of the unit".into(),
            ));
        }
        Ok(())
    }
}

/// Errors while making a mesh.
#[derive(Debug, thiserror::Error)]
pub enum MeshError {
    /// Sizes out of range.
    #[error("{0}")]
    Options(String),
    /// The piece cannot be meshed with these sizes.
    #[error("{0}")]
    Geometry(String),
    /// A piece without cells, or too large.
    #[error("{0}")]
    Input(String),
    /// The container could not be built.
    #[error("cannot build the 3MF package: {0}")]
    Package(String),
}

/// An indexed triangle mesh in millimetres; triangles counter-clockwise seen from outside.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mesh {
    /// Vertex positions.
    pub vertices: Vec<[f64; 3]>,
    /// Triangles as vertex indices.
    pub triangles: Vec<[u32; 3]>,
}

/// Largest extent of a piece (cubes along one axis) that is meshed.
const MAX_EXTENT: i32 = 200;

/// The printable surface of a piece made of `cells` (cube coordinates, placed where they are:
/// cube `[x, y, z]` spans `[x, x+1] × … × unit` mm).
pub fn piece_mesh(cells: &[[i32; 3]], opts: &PrintOptions) -> Result<Mesh, MeshError> {
    opts.validate()?;
    let set: HashSet<[i32; 3]> = cells.iter().copied().collect();
    if set.is_empty() {
        return Err(MeshError::Input(
            "a piece without cells has no surface".into(),
        ));
    }
    for k in 0..3 {
        let lo = set.iter().map(|c| c[k]).min().unwrap_or(0);
        let hi = set.iter().map(|c| c[k]).max().unwrap_or(0);
        if (hi as i64 - lo as i64) >= MAX_EXTENT as i64 || lo.abs() > 1 << 20 || hi.abs() > 1 << 20
        {
            return Err(MeshError::Input(format!(
                "a piece spanning more than {MAX_EXTENT} cubes (or placed that far out) is not meshed"
            )));
        }
    }
    let g = opts.gap / 2.0 / opts.unit;
    let b = opts.bevel / opts.unit;
    let solid = solid::Solid::new(&set, g, b);
    let core = (b > 0.0).then(|| bevel::Core::new(solid::eroded_boxes(&set, g + b), b));
    let mut builder = Builder::default();
    for quad in boundary_quads(&solid) {
        let pts = quad.map(|p| solid.point(p));
        let moved = match &core {
            Some(core) => {
                let mut m = [[0.0; 3]; 4];
                for (i, p) in pts.iter().enumerate() {
                    m[i] = core.moved(*p)?;
                }
                m
            }
            None => pts,
        };
        let diagonal_13 = core.as_ref().is_some_and(|c| c.split_13(moved));
        let ids = [0, 1, 2, 3].map(|i| builder.vertex(quad[i], moved[i], opts.unit));
        if diagonal_13 {
            builder.triangles.push([ids[0], ids[1], ids[3]]);
            builder.triangles.push([ids[1], ids[2], ids[3]]);
        } else {
            builder.triangles.push([ids[0], ids[1], ids[2]]);
            builder.triangles.push([ids[0], ids[2], ids[3]]);
        }
    }
    Ok(Mesh {
        vertices: builder.vertices,
        triangles: builder.triangles,
    })
}

/// The printable surface of a piece of `lattice` made of `cells`: [`piece_mesh`] on the cube
/// grid, the balls joined by necks on the grid of spheres (`balls.rs`), else the union of the
/// cells' polyhedra shrunk by half the gap (`polyhedral.rs`); the lattice's block is
/// `opts.unit` mm (on spheres a ball's diameter).
pub fn lattice_mesh(
    lattice: crate::cells::Lattice,
    cells: &[[i32; 3]],
    opts: &PrintOptions,
) -> Result<Mesh, MeshError> {
    match lattice {
        crate::cells::Lattice::Cubes => piece_mesh(cells, opts),
        crate::cells::Lattice::Spheres => balls::balls_mesh(cells, opts),
        other => polyhedral::polyhedral_mesh(other, cells, opts),
    }
}

/// Vertices shared by grid point, so that neighbouring quads share their edges exactly.
#[derive(Default)]
struct Builder {
    index: HashMap<[usize; 3], u32>,
    vertices: Vec<[f64; 3]>,
    triangles: Vec<[u32; 3]>,
}

impl Builder {
    fn vertex(&mut self, key: [usize; 3], at: [f64; 3], unit: f64) -> u32 {
        let next = self.vertices.len() as u32;
        *self.index.entry(key).or_insert_with(|| {
            self.vertices.push(at.map(|v| v * unit));
            next
        })
    }
}

/// Every face between a box inside the solid and one outside, as four grid points
/// counter-clockwise seen from outside.
fn boundary_quads(solid: &solid::Solid) -> Vec<[[usize; 3]; 4]> {
    let dims = solid.dims();
    let mut quads = Vec::new();
    for z in 0..dims[2] {
        for y in 0..dims[1] {
            for x in 0..dims[0] {
                let at = [x, y, z];
                if !solid.inside(at.map(|v| v as isize)) {
                    continue;
                }
                for axis in 0..3 {
                    for positive in [true, false] {
                        let mut n = at.map(|v| v as isize);
                        n[axis] += if positive { 1 } else { -1 };
                        if !solid.inside(n) {
                            quads.push(face(at, axis, positive));
                        }
                    }
                }
            }
        }
    }
    quads
}

/// The face of box `at` on side `axis` (`positive`: the far side), counter-clockwise seen from
/// outside: with `(a, b, c)` a right-handed cycle of axes, `b` then `c` turn positively about
/// `a`.
fn face(at: [usize; 3], axis: usize, positive: bool) -> [[usize; 3]; 4] {
    let (b, c) = ((axis + 1) % 3, (axis + 2) % 3);
    let corner = |db: usize, dc: usize| {
        let mut p = at;
        if positive {
            p[axis] += 1;
        }
        p[b] += db;
        p[c] += dc;
        p
    };
    let q = [corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)];
    if positive {
        q
    } else {
        [q[0], q[3], q[2], q[1]]
    }
}

/// A piece ready to print: its name, colour and mesh.
#[derive(Clone, Debug)]
pub struct PrintObject {
    /// Name shown by slicers.
    pub name: String,
    /// Display colour.
    pub colour: crate::Rgb,
    /// The surface.
    pub mesh: Mesh,
}
