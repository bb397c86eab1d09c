//! Can an assembly be taken apart by sliding pieces and groups of pieces along the grid's
//! directions ([`Grid::directions`]: the cube grid's axes; the triangular-prism grid's layers
//! and triangle edges; the other grids' shortest translations, and on rhombic dodecahedra the
//! dodecahedra's face normals), each step blocked by any cell it sweeps ([`Grid::swept`])?
//!
//! The analysis follows the movement-analysis search of BurrTools' disassembler (after Bill
//! Cutler, "Computer Analysis of All 6-Piece Burrs"):
//! - [`movement`]: how far each piece can slide in each direction past each other piece, and
//!   from that the smallest group that must move along when one piece slides;
//! - [`search`]: a breadth-first search over the pieces' positions until some group can slide
//!   out to infinity (the first separation, after the fewest moves);
//! - here: the two parts of a separation are taken apart in turn, from where they stood just
//!   before it. If either part is stuck, the assembly does not come apart: as in BurrTools,
//!   only the first separation found is pursued.
//!
//! A move is one group sliding any number of unit steps in one direction (the whole slide is
//! one move), so the level, the number of moves until the first part comes free, is the number
//! BurrTools reports first in levels such as "5.2.1".

pub mod grouping;
pub mod movement;
pub mod search;

pub use crate::grid::Direction;
use crate::grid::Grid;
pub use grouping::Grouping;
use search::{first_separation, Stuck};
use std::fmt;
use wurfel_geom::Cell;

/// The most pieces one assembly may have (groups are bit sets of 64 bits).
pub const MAX_PIECES: usize = 64;

/// One move of a disassembly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The moving pieces (indices into the assembly's pieces).
    pub pieces: Vec<usize>,
    /// Which way they slide.
    pub direction: Direction,
    /// Unit steps, `None` when they slide out and are gone.
    pub distance: Option<u32>,
}

/// How an assembly (or a part of one) comes apart: the moves until it splits in two, then how
/// each of the two parts comes apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Separation {
    /// The pieces of this part (indices into the assembly's pieces).
    pub pieces: Vec<usize>,
    /// The moves until the part splits; the last one slides a group out.
    pub steps: Vec<Step>,
    /// How the pieces that stay come apart (none when a single piece stays).
    pub stays: Option<Box<Separation>>,
    /// How the pieces that slid out come apart (none when a single piece slid out).
    pub leaves: Option<Box<Separation>>,
}

impl Separation {
    /// Moves until the first group comes free.
    pub fn level(&self) -> usize {
        self.steps.len()
    }

    /// Whether this part or one below it needs more than one move to split.
    fn has_multi_moves(&self) -> bool {
        self.steps.len() > 1
            || self.stays.as_ref().is_some_and(|s| s.has_multi_moves())
            || self.leaves.as_ref().is_some_and(|s| s.has_multi_moves())
    }

    /// The level as BurrTools writes it: the moves of the first separation, then those of the
    /// part that stays and of the part that left, each only if it needs more than single moves.
    pub fn level_text(&self) -> String {
        let mut s = self.steps.len().to_string();
        for part in [&self.stays, &self.leaves].into_iter().flatten() {
            if part.has_multi_moves() {
                s.push('.');
                s.push_str(&part.level_text());
            }
        }
        s
    }

    /// Every move, depth first: this part's moves, then the staying part's, then the leaving
    /// part's.
    pub fn plan(&self) -> Vec<&Step> {
        let mut all: Vec<&Step> = self.steps.iter().collect();
        for part in [&self.stays, &self.leaves].into_iter().flatten() {
            all.extend(part.plan());
        }
        all
    }
}

/// How many assemblies (classes under the target's rotations, as BurrTools counts them) come
/// apart, and the highest level among those that do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DisassemblyCounts {
    /// Assemblies analysed (one per rotation class).
    pub assemblies: u64,
    /// Those that come apart.
    pub solutions: u64,
    /// The highest level (moves until the first part comes free) among them.
    pub max_level: u64,
    /// The first analysis that failed, if any (then the counts are incomplete).
    pub failed: Option<DisassemblyError>,
}

impl std::ops::AddAssign for DisassemblyCounts {
    fn add_assign(&mut self, o: DisassemblyCounts) {
        self.assemblies += o.assemblies;
        self.solutions += o.solutions;
        self.max_level = self.max_level.max(o.max_level);
        self.failed = self.failed.or(o.failed);
    }
}

/// Why an assembly could not be analysed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DisassemblyError {
    /// More than [`MAX_PIECES`] pieces.
    TooManyPieces(usize),
    /// Some part's search visited more than [`search::NODE_LIMIT`] positions.
    TooManyPositions,
}

impl fmt::Display for DisassemblyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DisassemblyError::TooManyPieces(n) => write!(
                f,
                "disassembly analysis handles at most {MAX_PIECES} pieces; this assembly has {n}"
            ),
            DisassemblyError::TooManyPositions => write!(
                f,
                "disassembly analysis gave up after {} positions of one part",
                search::NODE_LIMIT
            ),
        }
    }
}

impl std::error::Error for DisassemblyError {}

/// How the assembly whose pieces occupy `pieces` (cells of `grid`) comes apart, or `None`
/// when it does not.
pub fn disassemble(
    grid: Grid,
    pieces: &[Vec<Cell>],
) -> Result<Option<Separation>, DisassemblyError> {
    disassemble_grouped(grid, pieces, &mut Grouping::none())
}

/// As [`disassemble`], with BurrTools' piece groups (see [`grouping`]): after a separation, a
/// part whose pieces all belong to one group counts as taken apart without being analysed, and
/// so does a stuck part that `groups` admits (as in BurrTools; its `Separation` part is `None`,
/// as for a single piece). The whole assembly must still come apart at least once.
pub fn disassemble_grouped(
    grid: Grid,
    pieces: &[Vec<Cell>],
    groups: &mut Grouping,
) -> Result<Option<Separation>, DisassemblyError> {
    if pieces.len() > MAX_PIECES {
        return Err(DisassemblyError::TooManyPieces(pieces.len()));
    }
    if pieces.len() < 2 {
        return Ok(None);
    }
    let ids: Vec<usize> = (0..pieces.len()).collect();
    let offsets = vec![[0; 3]; pieces.len()];
    part(
        &mut Pieces {
            grid,
            cells: pieces,
            groups,
        },
        &ids,
        &offsets,
    )
}

/// The assembly's pieces and their groups.
struct Pieces<'a> {
    grid: Grid,
    cells: &'a [Vec<Cell>],
    groups: &'a mut Grouping,
}

/// Takes apart the pieces `ids` (at least two) placed at `offsets`.
fn part(
    all: &mut Pieces<'_>,
    ids: &[usize],
    offsets: &[Cell],
) -> Result<Option<Separation>, DisassemblyError> {
    let cells: Vec<Vec<Cell>> = ids.iter().map(|&i| all.cells[i].clone()).collect();
    let found = match first_separation(all.grid, &cells, offsets) {
        Ok(f) => f,
        Err(Stuck::Interlocked) => return Ok(None),
        Err(Stuck::TooManyPositions) => return Err(DisassemblyError::TooManyPositions),
    };
    let out = found.slides.last().expect("a separation ends with a slide");
    let mut sides: [(Vec<usize>, Vec<Cell>); 2] = Default::default();
    for (i, &id) in ids.iter().enumerate() {
        let side = usize::from(out.group & (1 << i) != 0);
        sides[side].0.push(id);
        sides[side].1.push(found.before[i]);
    }
    let [stay, leave] = sides;
    // The part that stays first, as BurrTools does: one stuck part ends the analysis.
    let Some(stays) = sub(all, &stay)? else {
        return Ok(None);
    };
    let Some(leaves) = sub(all, &leave)? else {
        return Ok(None);
    };
    Ok(Some(Separation {
        pieces: ids.to_vec(),
        steps: found.slides.iter().map(|s| s.step(ids)).collect(),
        stays,
        leaves,
    }))
}

/// A part after a separation: `Some(None)` when it is a single piece or one group (nothing to
/// take apart, or stuck but admitted as a group), `None` when it is stuck.
#[allow(clippy::type_complexity)]
fn sub(
    all: &mut Pieces<'_>,
    (ids, offsets): &(Vec<usize>, Vec<Cell>),
) -> Result<Option<Option<Box<Separation>>>, DisassemblyError> {
    if ids.len() == 1 || all.groups.one_group(ids) {
        return Ok(Some(None));
    }
    Ok(match part(all, ids, offsets)? {
        Some(s) => Some(Some(Box::new(s))),
        None if all.groups.admit(ids) => Some(None),
        None => None,
    })
}
