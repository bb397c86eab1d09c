//! Voxel geometry shared by every wurfel puzzle family.
//!
//! Conventions (see `docs/ARCHITECTURE.md`):
//! - a [`Cell`] is `[x, y, z]` with `z` pointing up;
//! - an [`Iso`] is a signed permutation matrix; the 24 with determinant +1 are the
//!   proper rotations ([`Iso::rotations`]), all 48 are the cube's isometries ([`Iso::all`]);
//! - a [`Shape`] is a sorted, duplicate-free set of cells; its *orientations* are its distinct
//!   images under the 24 rotations, each translated so that its minimum corner is the origin;
//! - a target's symmetry group ([`Shape::symmetries`]) is the set of isometries that map it onto
//!   itself after re-translation;
//! - a [`BoxGrid`] numbers the cells of a box `x + X*(y + Y*z)`, turns a symmetry of the box into
//!   a permutation of cell indices (which is how the other crates apply symmetries to
//!   solutions) and prints a box as layers, top first;
//! - [`DIRECTIONS`] is the one table of the six unit steps;
//! - [`rhombic_subvoxel`] and its neighbours describe BurrTools' rhombic-dodecahedron grid
//!   (valid sub-voxels, symmetry centre, allowed translations), not yet used by the engine;
//! - [`solid`] says what a cell is in space on each of BurrTools' grids (one description for
//!   drawing and for disassembly), [`sweep`] whether a cell sliding in a line passes through
//!   another, exactly.

mod grid;
mod iso;
mod rhombic;
mod shape;
pub mod solid;
pub mod sweep;

pub use grid::{BoxGrid, DIRECTIONS};
pub use iso::Iso;
pub use rhombic::{rhombic_apply, rhombic_subvoxel, rhombic_translation, RHOMBIC_PERIOD};
pub use shape::{neighbours, Cell, Shape, ShapeError};
