//! Grids as data: which lattice a puzzle's cells live on and which placements of a piece that
//! lattice allows. The cube grid is the engine's native one (every isometry, every unit
//! translation). Other BurrTools grids are encoded on the cube lattice of *sub-voxels*, as
//! BurrTools itself stores them, with a rule restricting the placements: each grid says which
//! sub-voxels are cells, how the cube's isometries act on them (about which centre) and which
//! translations map the grid onto itself. Face adjacency and disassembly are defined on the
//! cube grid only (BurrTools disassembles on cubes and triangular prisms only, `GridType::getCapabilities`).

mod cubes;
mod rhombic;
mod tetra_octa;

use std::collections::HashSet;
use wurfel_geom::{Cell, Iso, Shape};

/// The lattice of a puzzle's cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Grid {
    /// Unit cubes: every rotation and unit translation (the engine's native grid).
    #[default]
    Cubes,
    /// Rhombic dodecahedra as BurrTools encodes them (see `grid/rhombic.rs`).
    RhombicDodecahedra,
    /// Tetrahedra and octahedra as BurrTools encodes them (see `grid/tetra_octa.rs`).
    TetrahedraOctahedra,
}

impl Grid {
    /// The grid's name as BurrTools' documentation calls it.
    pub fn name(self) -> &'static str {
        match self {
            Grid::Cubes => "cubes",
            Grid::RhombicDodecahedra => "rhombic dodecahedra",
            Grid::TetrahedraOctahedra => "tetrahedra and octahedra",
        }
    }

    /// Whether `c` is a cell of the grid.
    pub fn is_cell(self, c: Cell) -> bool {
        match self {
            Grid::Cubes => true,
            Grid::RhombicDodecahedra => rhombic::is_cell(c),
            Grid::TetrahedraOctahedra => tetra_octa::is_cell(c),
        }
    }

    /// The cube isometry `iso` acting on the grid: about the point the grid's rotations fix.
    pub fn apply(self, iso: Iso, c: Cell) -> Cell {
        match self {
            Grid::Cubes => cubes::apply(iso, c),
            Grid::RhombicDodecahedra => rhombic::apply(iso, c),
            Grid::TetrahedraOctahedra => tetra_octa::apply(iso, c),
        }
    }

    /// Whether the translation by `t` maps the grid onto itself (moves a placement to one).
    pub fn is_translation(self, t: Cell) -> bool {
        match self {
            Grid::Cubes => true,
            Grid::RhombicDodecahedra => rhombic::is_translation(t),
            Grid::TetrahedraOctahedra => tetra_octa::is_translation(t),
        }
    }

    /// Whether the map `x ↦ iso(x) + s` taking cell `a` to cell `b` is a symmetry of the grid:
    /// [`Grid::apply`] of `iso` followed by one of the grid's translations.
    pub fn is_symmetry(self, iso: Iso, a: Cell, b: Cell) -> bool {
        let r = self.apply(iso, a);
        self.is_translation([b[0] - r[0], b[1] - r[1], b[2] - r[2]])
    }

    /// Two positions (minimum corners) of one shape differ by one of the grid's translations
    /// iff their classes are equal.
    fn class(self, lo: Cell) -> Cell {
        match self {
            Grid::Cubes => [0; 3],
            Grid::RhombicDodecahedra => rhombic::class(lo),
            Grid::TetrahedraOctahedra => tetra_octa::class(lo),
        }
    }
}

impl Grid {
    /// Refuses pictures, meshes and build steps off the cube grid: they draw cells as unit
    /// cubes, and on this grid a cell is a sub-voxel of a larger one, so any would be wrong.
    pub fn check_drawing(self) -> Result<(), String> {
        match self {
            Grid::Cubes => Ok(()),
            g => Err(format!(
                "this puzzle is on the grid of {}: wurfel counts and lists its assemblies, but \
                 does not yet draw, export or disassemble them",
                g.name()
            )),
        }
    }

    /// Refuses disassembly off the cube grid: sliding moves are unit steps of cubes (BurrTools
    /// has no disassembler on the rhombic or tetrahedra-octahedra grids either).
    pub fn check_disassembly(self) -> Result<(), crate::disassembly::DisassemblyError> {
        match self {
            Grid::Cubes => Ok(()),
            g => Err(crate::disassembly::DisassemblyError::UnsupportedGrid(
                g.name(),
            )),
        }
    }
}

/// The placements a non-cube grid allows for one piece: each as its normalized cells and the
/// class of its minimum corner ([`Grid::class`]), so that a placed cell set is allowed iff its
/// key is in the set.
pub struct PlacementRule {
    grid: Grid,
    keys: HashSet<(Vec<Cell>, Cell)>,
}

fn key(grid: Grid, cells: &[Cell]) -> (Vec<Cell>, Cell) {
    let lo = [0, 1, 2].map(|k| cells.iter().map(|c| c[k]).min().unwrap_or(0));
    let mut norm: Vec<Cell> = cells
        .iter()
        .map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])
        .collect();
    norm.sort_unstable();
    (norm, grid.class(lo))
}

impl PlacementRule {
    /// The rule for `shape` on `grid` (its rotations; mirror images are other pieces); `None`
    /// on the cube grid (every placement allowed).
    pub fn new(grid: Grid, shape: &Shape) -> Option<PlacementRule> {
        if grid == Grid::Cubes {
            return None;
        }
        let keys = Iso::rotations()
            .iter()
            .map(|&r| {
                let cells: Vec<Cell> = shape.cells().iter().map(|&c| grid.apply(r, c)).collect();
                key(grid, &cells)
            })
            .collect();
        Some(PlacementRule { grid, keys })
    }

    /// Whether the placed cells (absolute coordinates) are an allowed placement.
    pub fn allows(&self, cells: &[Cell]) -> bool {
        self.keys.contains(&key(self.grid, cells))
    }
}
