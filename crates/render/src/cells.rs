//! What a cell *is* in space on each lattice a puzzle may live on: a convex polyhedron.
//!
//! Puzzles hand the drawing code plain integer cells; this module says which solid each one
//! stands for, so that pictures, the viewer and printable meshes draw every grid through one
//! path (a piece is the union of its cells' polyhedra, faces shared by two of its cells
//! removed). The cube model in `wurfel-pack` stays free of drawing: a front end maps its grid to
//! a [`Lattice`] (one match arm per grid).
//!
//! The cells' shapes are `wurfel_geom::solid`'s (one description for pictures and for the
//! disassembler's sweeps); on spheres each ball is drawn as an icosphere inscribed in it
//! (`cells_sphere.rs`), a ball (its diameter) one unit.
//!
//! Coordinates of [`Polyhedron`] vertices are integers (so faces shared by two cells are found
//! exactly); [`Lattice::space`] turns them into space units, in which the lattice's block is one
//! unit (a cube of the cube grid, the inner cube of a rhombic dodecahedron, a tetra-octa
//! block) or, on prisms, a triangle's edge and a prism's height are.

pub use wurfel_geom::solid::Polyhedron;
use wurfel_geom::solid::{cube, prism, rhombic, tetra_octa};

/// The lattice of a scene's cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lattice {
    /// Unit cubes.
    #[default]
    Cubes,
    /// BurrTools' rhombic-dodecahedron grid (sub-voxels of 5×5×5 blocks).
    RhombicDodecahedra,
    /// BurrTools' tetrahedra-octahedra grid (sub-voxels of 3×3×3 blocks with a parity).
    TetraOcta,
    /// BurrTools' triangular-prism grid.
    TriangularPrisms,
    /// BurrTools' spheres grid (the voxels of even coordinate sum, balls drawn as icospheres).
    Spheres,
}

impl Lattice {
    /// The lattice's name, as BurrTools calls its grid.
    pub fn name(self) -> &'static str {
        match self {
            Lattice::Cubes => "cubes",
            Lattice::RhombicDodecahedra => "rhombic dodecahedra",
            Lattice::TetraOcta => "tetrahedra and octahedra",
            Lattice::TriangularPrisms => "triangular prisms",
            Lattice::Spheres => "spheres",
        }
    }

    /// Space units per polyhedron coordinate along each axis.
    fn axes(self) -> [f64; 3] {
        match self {
            Lattice::Cubes | Lattice::TetraOcta => [1.0; 3],
            Lattice::RhombicDodecahedra => [0.5; 3],
            Lattice::TriangularPrisms => [0.5, 0.75f64.sqrt(), 1.0],
            // A ball's diameter, √2 voxels, is one unit.
            Lattice::Spheres => [0.5f64.sqrt() / sphere::Q as f64; 3],
        }
    }

    /// Polyhedron coordinates `p` in space units.
    pub fn space(self, p: [i64; 3]) -> [f64; 3] {
        let a = self.axes();
        [0, 1, 2].map(|k| p[k] as f64 * a[k])
    }

    /// Space volume of a unit of polyhedron coordinates' volume.
    pub fn unit_volume(self) -> f64 {
        self.axes().iter().product()
    }

    /// Sub-voxels per block edge (1 on the cube grid and on prisms).
    pub fn block(self) -> i32 {
        match self {
            Lattice::Cubes | Lattice::TriangularPrisms | Lattice::Spheres => 1,
            Lattice::RhombicDodecahedra => 5,
            Lattice::TetraOcta => 3,
        }
    }

    /// The shortest translation along an axis that maps the lattice onto itself, in cells (a
    /// block; two on the tetra-octa grid, whose blocks alternate in parity, and on prisms,
    /// whose triangles alternate in direction).
    pub fn period(self) -> i32 {
        match self {
            Lattice::TetraOcta => 6,
            Lattice::TriangularPrisms | Lattice::Spheres => 2,
            other => other.block(),
        }
    }

    /// The polyhedron cell `c` is, or `None` when `c` is not a cell of the lattice.
    pub fn cell(self, c: [i32; 3]) -> Option<Polyhedron> {
        match self {
            Lattice::Cubes => Some(cube(c.map(i64::from))),
            Lattice::RhombicDodecahedra => rhombic(c),
            Lattice::TetraOcta => tetra_octa(c),
            Lattice::TriangularPrisms => Some(prism(c.map(i64::from))),
            Lattice::Spheres => sphere::sphere(c),
        }
    }

    /// The volume of one cell in space units (every cell of a lattice has the same volume
    /// except on the tetra-octa grid, where a corner tetrahedron is half a centre one; on
    /// spheres the inscribed icosphere's, a little under the ball's).
    pub fn cell_volume(self, c: [i32; 3]) -> Option<f64> {
        let p = self.cell(c)?;
        Some(p.volume() * self.unit_volume())
    }
}

/// A face of a union of cells: its corners counter-clockwise from outside and the index (in
/// the caller's list) of the cell it bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundaryFace {
    /// Corner positions (lattice coordinates).
    pub corners: Vec<[i64; 3]>,
    /// Index of its cell.
    pub cell: usize,
}

/// The surface of the union of `cells`' polyhedra: every face of every cell that no other cell
/// of the list shares (the lattices tile space face to face, so a shared face has the same
/// corners). Errs with the first cell that is not a cell of the lattice; repeated cells count
/// once.
pub fn boundary(lattice: Lattice, cells: &[[i32; 3]]) -> Result<Vec<BoundaryFace>, [i32; 3]> {
    use std::collections::{HashMap, HashSet};
    let mut seen = HashSet::new();
    let mut faces: Vec<BoundaryFace> = Vec::new();
    let mut count: HashMap<Vec<[i64; 3]>, usize> = HashMap::new();
    for (i, &c) in cells.iter().enumerate() {
        let p = lattice.cell(c).ok_or(c)?;
        if !seen.insert(c) {
            continue;
        }
        for f in &p.faces {
            let corners: Vec<[i64; 3]> = f.iter().map(|&v| p.vertices[v]).collect();
            let mut key = corners.clone();
            key.sort_unstable();
            *count.entry(key).or_default() += 1;
            faces.push(BoundaryFace { corners, cell: i });
        }
    }
    faces.retain(|f| {
        let mut key = f.corners.clone();
        key.sort_unstable();
        count[&key] == 1
    });
    Ok(faces)
}

#[path = "cells_sphere.rs"]
mod sphere;

#[cfg(test)]
#[path = "cells_tests.rs"]
mod tests;
