//! Grids as data: which lattice a puzzle's cells live on and which placements of a piece that
//! lattice allows. The cube grid is the engine's native one (every isometry, every unit
//! translation). Other BurrTools grids keep BurrTools' own integer coordinates (triangular
//! prisms: one voxel a prism; spheres: the voxels of even coordinate sum; rhombic
//! dodecahedra, tetrahedra-octahedra: a cube lattice of *sub-voxels*), with a rule restricting
//! the placements: each grid says which voxels are cells, its point symmetries (rotations and
//! reflections; on spheres some of them place only some shapes on the grid) and which
//! translations map the grid onto itself. Face adjacency is defined on the cube grid only.
//! Disassembly works on every grid: each has its sliding directions ([`Grid::directions`]) and
//! the cells a step sweeps are computed from the cells' shapes (`grid/sweeps.rs`); on cubes and
//! triangular prisms they are BurrTools', on the other three grids (where BurrTools has no
//! disassembler, `GridType::getCapabilities`) wurfel's own.

mod cubes;
mod directions;
mod rhombic;
mod spheres;
mod sweeps;
mod tetra_octa;
mod triangle;

use crate::colors::Colored;
pub use directions::Direction;
use std::collections::{HashMap, HashSet};
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
    /// Triangular prisms as BurrTools numbers them (see `grid/triangle.rs`).
    TriangularPrisms,
    /// Spheres in the face-centred cubic packing as BurrTools places them (see
    /// `grid/spheres.rs`).
    Spheres,
}

impl Grid {
    /// The grid's name as BurrTools' documentation calls it.
    pub fn name(self) -> &'static str {
        match self {
            Grid::Cubes => "cubes",
            Grid::RhombicDodecahedra => "rhombic dodecahedra",
            Grid::TetrahedraOctahedra => "tetrahedra and octahedra",
            Grid::TriangularPrisms => "triangular prisms",
            Grid::Spheres => "spheres",
        }
    }

    /// Every grid, in BurrTools' order of grid types.
    pub const ALL: [Grid; 5] = [
        Grid::Cubes,
        Grid::TriangularPrisms,
        Grid::Spheres,
        Grid::RhombicDodecahedra,
        Grid::TetrahedraOctahedra,
    ];

    /// The grid's key in TOML puzzle files (`grid = "rhombic-dodecahedra"`).
    pub fn key(self) -> &'static str {
        match self {
            Grid::Cubes => "cubes",
            Grid::RhombicDodecahedra => "rhombic-dodecahedra",
            Grid::TetrahedraOctahedra => "tetrahedra-octahedra",
            Grid::TriangularPrisms => "triangular-prisms",
            Grid::Spheres => "spheres",
        }
    }

    /// The grid a TOML key names.
    pub fn from_key(key: &str) -> Option<Grid> {
        Grid::ALL.into_iter().find(|g| g.key() == key)
    }

    /// BurrTools' number for the grid (`<gridType type="N"/>`).
    pub fn burrtools_type(self) -> u32 {
        match self {
            Grid::Cubes => 0,
            Grid::TriangularPrisms => 1,
            Grid::Spheres => 2,
            Grid::RhombicDodecahedra => 3,
            Grid::TetrahedraOctahedra => 4,
        }
    }

    /// Whether every voxel is a cell (so a box of voxels is a box of cells).
    pub fn every_voxel_a_cell(self) -> bool {
        match self {
            Grid::Cubes | Grid::TriangularPrisms => true,
            Grid::Spheres | Grid::RhombicDodecahedra | Grid::TetrahedraOctahedra => false,
        }
    }

    /// A translation of the grid at or below `lo` on every axis and as close to it as can be:
    /// where a file that stores shapes from a corner of its own (BurrTools' voxel spaces)
    /// starts, so that the cells stay cells when read back.
    pub fn aligned_corner(self, lo: Cell) -> Cell {
        let mut best = None;
        for dz in 0..6 {
            for dy in 0..6 {
                for dx in 0..6 {
                    let t = [lo[0] - dx, lo[1] - dy, lo[2] - dz];
                    if self.is_translation(t) && best.is_none_or(|(s, _)| dx + dy + dz < s) {
                        best = Some((dx + dy + dz, t));
                    }
                }
            }
        }
        best.map_or([0; 3], |(_, t)| t)
    }

    /// Whether `c` is a cell of the grid.
    pub fn is_cell(self, c: Cell) -> bool {
        match self {
            Grid::Cubes | Grid::TriangularPrisms => true,
            Grid::RhombicDodecahedra => rhombic::is_cell(c),
            Grid::TetrahedraOctahedra => tetra_octa::is_cell(c),
            Grid::Spheres => spheres::is_cell(c),
        }
    }

    /// The number of the grid's point symmetries (its rotations and reflections about the
    /// point they fix): the cube's 48 on the grids BurrTools builds from cubes, 24 on
    /// triangular prisms, BurrTools' 240 on spheres.
    pub fn symmetry_count(self) -> usize {
        match self {
            Grid::TriangularPrisms => triangle::SYMMETRIES,
            Grid::Spheres => spheres::SYMMETRIES,
            _ => 48,
        }
    }

    /// Whether point symmetry `i` is a rotation (not a reflection).
    pub fn is_proper(self, i: usize) -> bool {
        match self {
            Grid::TriangularPrisms => triangle::is_proper(i),
            Grid::Spheres => spheres::is_proper(i),
            _ => Iso::all()[i].is_rotation(),
        }
    }

    /// Point symmetry `i` (`< symmetry_count()`) applied to `cells`, or `None` when the image
    /// is not on the grid (only on spheres, where it depends on the shape); on the grids built
    /// from cubes it is [`Iso::all`]`()[i]` about the grid's centre, cell by cell.
    pub fn image(self, i: usize, cells: &[Cell]) -> Option<Vec<Cell>> {
        let each = |f: &dyn Fn(Cell) -> Cell| Some(cells.iter().map(|&c| f(c)).collect());
        match self {
            Grid::Cubes => each(&|c| cubes::apply(Iso::all()[i], c)),
            Grid::RhombicDodecahedra => each(&|c| rhombic::apply(Iso::all()[i], c)),
            Grid::TetrahedraOctahedra => each(&|c| tetra_octa::apply(Iso::all()[i], c)),
            Grid::TriangularPrisms => each(&|c| triangle::transform(i, c)),
            Grid::Spheres => spheres::image(i, cells),
        }
    }

    /// `shape` under point symmetry `i` as [`Colored::mapped`] gives it, `None` off the grid.
    fn mapped(self, i: usize, shape: &Colored) -> Option<(Colored, Cell)> {
        let cells = shape.shape.cells();
        let image: HashMap<Cell, Cell> = cells.iter().copied().zip(self.image(i, cells)?).collect();
        Some(shape.mapped(|c| image[&c]))
    }

    /// Whether the translation by `t` maps the grid onto itself (moves a placement to one).
    pub fn is_translation(self, t: Cell) -> bool {
        match self {
            Grid::Cubes => true,
            Grid::RhombicDodecahedra => rhombic::is_translation(t),
            Grid::TriangularPrisms => triangle::is_translation(t),
            Grid::TetrahedraOctahedra => tetra_octa::is_translation(t),
            Grid::Spheres => spheres::is_translation(t),
        }
    }

    /// Two positions (minimum corners) of one shape differ by one of the grid's translations
    /// iff their classes are equal.
    fn class(self, lo: Cell) -> Cell {
        match self {
            Grid::Cubes => [0; 3],
            Grid::RhombicDodecahedra => rhombic::class(lo),
            Grid::TriangularPrisms => triangle::class(lo),
            Grid::TetrahedraOctahedra => tetra_octa::class(lo),
            Grid::Spheres => spheres::class(lo),
        }
    }

    /// `shape`'s images under the grid's rotations, each normalized (minimum corner at the
    /// origin), distinct, colours carried along: the orientations placements start from (the
    /// translations are then [`PlacementRule`]'s). On the cube grid
    /// [`Colored::orientations`](crate::colors::Colored::orientations), in its order.
    pub fn orientations(self, shape: &Colored) -> Vec<Colored> {
        if self == Grid::Cubes {
            return shape.orientations();
        }
        let mut seen = HashSet::new();
        (0..self.symmetry_count())
            .filter(|&i| self.is_proper(i))
            .filter_map(|i| Some(self.mapped(i, shape)?.0))
            .filter(|o| seen.insert(o.clone()))
            .collect()
    }

    /// The smallest of `shape`'s images under the grid's rotations (`proper`) or its
    /// reflections, with the class of its position: for rotations, equal for two pieces iff
    /// one is the other moved by a rotation of the grid; for reflections, equal to another
    /// piece's rotation form iff that piece is this one's mirror image.
    pub fn canonical(self, shape: &Colored, proper: bool) -> (Colored, Cell) {
        (0..self.symmetry_count())
            .filter(|&i| self.is_proper(i) == proper)
            .filter_map(|i| {
                let (o, lo) = self.mapped(i, shape)?;
                Some((o, self.class(lo)))
            })
            .min()
            .expect("a grid's identity and first reflection place every shape")
    }
}

impl Grid {
    /// Refuses the assembly steps picture off the cube grid: its building order lowers and
    /// slides cubes along the axes.
    pub fn check_steps(self) -> Result<(), String> {
        match self {
            Grid::Cubes => Ok(()),
            g => Err(format!(
                "this puzzle is on the grid of {}: wurfel draws assembly steps on the cube grid \
                 only",
                g.name()
            )),
        }
    }

    /// Whether BurrTools takes pieces apart on this grid (cubes and triangular prisms,
    /// `GridType::getCapabilities`): elsewhere a file it saved stores no solutions (no number, or a
    /// 0 that counts nothing), and wurfel's are its own.
    pub fn burrtools_disassembles(self) -> bool {
        matches!(self, Grid::Cubes | Grid::TriangularPrisms)
    }

    /// The directions pieces slide in, in the disassembler's search order (opposite pairs
    /// next to each other): a step is a translation of the grid, so that pieces stay on it.
    /// - Cubes: the six axis steps (BurrTools').
    /// - Triangular prisms: one layer up or down, one edge length along each of the
    ///   triangles' three edge directions (BurrTools' eight, `movementcache_1.cpp`).
    /// - Spheres: one step to each of the twelve neighbouring balls, the shortest translations
    ///   of the face-centred cubic lattice (no BurrTools reference).
    /// - Tetrahedra-octahedra: one edge of the tetrahedra and octahedra in each of its twelve
    ///   directions, the shortest translations of the grid (no BurrTools reference).
    /// - Rhombic dodecahedra: one block along each axis (the shortest translations, pieces
    ///   move by whole blocks), and one block along each face diagonal, which is the normal of a
    ///   dodecahedron's face: the way Coffin's rhombic-dodecahedron puzzles slide (eighteen; no
    ///   BurrTools reference).
    pub fn directions(self) -> &'static [Direction] {
        match self {
            Grid::Cubes => &Direction::ALL,
            Grid::TriangularPrisms => &Direction::PRISMS,
            Grid::Spheres => &Direction::SPHERES,
            Grid::TetrahedraOctahedra => &Direction::TETRA_OCTA,
            Grid::RhombicDodecahedra => &Direction::RHOMBIC,
        }
    }

    /// The cells (offsets from `c`) that cell `c` passes through in one unit step along `d`
    /// (one of [`Grid::directions`]), the cell it lands on included (last): a piece can take
    /// that step only where all of them are free. Computed from the cells' shapes.
    pub fn swept(self, d: Direction, c: Cell) -> &'static [Cell] {
        sweeps::swept(self, d, c)
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
        let keys = (0..grid.symmetry_count())
            .filter(|&i| grid.is_proper(i))
            .filter_map(|i| Some(key(grid, &grid.image(i, shape.cells())?)))
            .collect();
        Some(PlacementRule { grid, keys })
    }

    /// Whether the placed cells (absolute coordinates) are an allowed placement.
    pub fn allows(&self, cells: &[Cell]) -> bool {
        self.keys.contains(&key(self.grid, cells))
    }
}
