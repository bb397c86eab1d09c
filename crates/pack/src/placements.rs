//! Placement generation: every way to put each piece kind into the target. The file checks
//! ("does this piece fit anywhere?") and the solver use this same search.

use crate::colors::Colored;
use crate::grid::PlacementRule;
use crate::Puzzle;
use std::ops::ControlFlow;
use wurfel_cover::{try_vec, ProblemError};
use wurfel_geom::{BoxGrid, Cell, Iso, Shape};

/// The target's bounding box; cells are numbered as in [`BoxGrid`] relative to its minimum
/// corner, which is also the engine's column numbering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxBoard {
    /// The target's minimum corner in puzzle coordinates.
    pub origin: Cell,
    /// The box, with its numbering.
    pub grid: BoxGrid,
    /// Whether each box cell belongs to the target.
    pub in_target: Vec<bool>,
}

impl BoxBoard {
    /// The bounding box of `target`.
    pub fn new(target: &Shape) -> BoxBoard {
        let (lo, _) = target.bounds();
        let d = target.dims();
        let grid = BoxGrid::new([d[0] as usize, d[1] as usize, d[2] as usize]);
        let mut in_target = vec![false; grid.len()];
        for &c in target.cells() {
            let i = grid
                .index([c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])
                .expect("a shape lies in its bounding box");
            in_target[i] = true;
        }
        BoxBoard {
            origin: lo,
            grid,
            in_target,
        }
    }

    /// `[X, Y, Z]`.
    pub fn dims(&self) -> [usize; 3] {
        self.grid.dims()
    }

    /// Number of box cells.
    pub fn len(&self) -> usize {
        self.in_target.len()
    }

    /// Always false for a board built from a shape.
    pub fn is_empty(&self) -> bool {
        self.in_target.is_empty()
    }

    /// Index of a box-relative cell, if inside the box.
    pub fn index(&self, c: Cell) -> Option<usize> {
        self.grid.index(c)
    }

    /// Box-relative coordinates of an index.
    pub fn cell(&self, i: usize) -> Cell {
        self.grid.cell(i)
    }

    /// Puzzle coordinates of an index.
    pub fn puzzle_cell(&self, i: usize) -> Cell {
        let c = self.cell(i);
        [
            c[0] + self.origin[0],
            c[1] + self.origin[1],
            c[2] + self.origin[2],
        ]
    }

    /// The permutation of box cells induced by `iso` (which must map the box onto itself).
    pub fn permutation(&self, iso: Iso) -> Option<Vec<u32>> {
        self.grid.permutation(iso)
    }
}

/// One way to put one piece kind into the target.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Index of the piece kind in `Puzzle::pieces`.
    pub kind: u32,
    /// Box cell indices, sorted.
    pub cells: Vec<u32>,
    /// The piece's constraint colour on each of `cells` (empty for a piece without colours):
    /// two orientations with equal cells but different colours are different placements.
    pub colors: Vec<u8>,
}

/// The constraint colour of every box cell (empty when the target has none).
pub fn board_colors(puzzle: &Puzzle, board: &BoxBoard) -> Vec<u8> {
    if puzzle.target_colors.iter().all(|&c| c == 0) {
        return Vec::new();
    }
    let mut out = vec![0u8; board.len()];
    let o = board.origin;
    for (c, &k) in puzzle.target.cells().iter().zip(&puzzle.target_colors) {
        if let Some(i) = board.index([c[0] - o[0], c[1] - o[1], c[2] - o[2]]) {
            out[i] = k;
        }
    }
    out
}

/// Calls `f` with the sorted box cells (and their piece colours, empty without colours) of
/// every translation of each of `orientations` (a piece's, [`crate::grid::Grid::orientations`])
/// onto target cells of `board`: orientations in order, then translations in (z, y, x) order. `allowed` says
/// whether a piece colour may lie on a box cell (never asked for a piece without colours).
/// Stops early when `f` breaks.
fn for_each_placement(
    orientations: &[Colored],
    board: &BoxBoard,
    allowed: &dyn Fn(u8, usize) -> bool,
    mut f: impl FnMut(Vec<u32>, Vec<u8>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let [bx, by, bz] = board.dims();
    for orient in orientations {
        let d = orient.shape.dims();
        let (dx, dy, dz) = (d[0] as usize, d[1] as usize, d[2] as usize);
        if dx > bx || dy > by || dz > bz {
            continue;
        }
        for tz in 0..=(bz - dz) as i32 {
            for ty in 0..=(by - dy) as i32 {
                for tx in 0..=(bx - dx) as i32 {
                    let cells: Option<Vec<u32>> = orient
                        .shape
                        .cells()
                        .iter()
                        .map(|c| {
                            let i = board.index([c[0] + tx, c[1] + ty, c[2] + tz])?;
                            board.in_target[i].then_some(i as u32)
                        })
                        .collect();
                    let Some(mut cells) = cells else { continue };
                    if orient.colors.is_empty() {
                        cells.sort_unstable();
                        f(cells, Vec::new())?;
                        continue;
                    }
                    let mut pairs: Vec<(u32, u8)> = cells
                        .into_iter()
                        .zip(orient.colors.iter().copied())
                        .collect();
                    if pairs.iter().all(|&(i, k)| allowed(k, i as usize)) {
                        pairs.sort_unstable();
                        f(
                            pairs.iter().map(|p| p.0).collect(),
                            pairs.iter().map(|p| p.1).collect(),
                        )?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// All placements of every kind, kinds in order, each kind's placements in orientation order
/// then translation order (z, y, x). With constraint colours, a placement is kept only where
/// every coloured piece cell lies on a target cell whose colour the puzzle's rules allow.
///
/// The list is reserved before it is filled, to the most placements there can be (every
/// orientation at every position in the box): a system that refuses it refuses the puzzle with
/// an error, not an abort while the list grows.
pub fn placements(puzzle: &Puzzle, board: &BoxBoard) -> Result<Vec<Placement>, ProblemError> {
    let target = board_colors(puzzle, board);
    let allowed = |k: u8, i: usize| puzzle.color_allowed(k, target.get(i).copied().unwrap_or(0));
    let orientations: Vec<Vec<Colored>> = puzzle
        .pieces
        .iter()
        .map(|p| puzzle.grid.orientations(&p.colored()))
        .collect();
    let most = orientations
        .iter()
        .map(|o| most_placements(o, board))
        .fold(0usize, usize::saturating_add);
    let mut out = try_vec(most, "the placements")?;
    for (k, piece) in puzzle.pieces.iter().enumerate() {
        let rule = PlacementRule::new(puzzle.grid, &piece.shape);
        let _ = for_each_placement(&orientations[k], board, &allowed, |cells, colors| {
            if let Some(rule) = &rule {
                let at: Vec<Cell> = cells
                    .iter()
                    .map(|&i| board.puzzle_cell(i as usize))
                    .collect();
                if !rule.allows(&at) {
                    return ControlFlow::Continue(());
                }
            }
            out.push(Placement {
                kind: k as u32,
                cells,
                colors,
            });
            ControlFlow::Continue(())
        });
    }
    Ok(out)
}

/// The placements of a piece with these orientations in `board` if every orientation fitted
/// at every position of the box (those `for_each_placement` tries).
fn most_placements(orientations: &[Colored], board: &BoxBoard) -> usize {
    let b = board.dims();
    orientations
        .iter()
        .map(|o| {
            let d = o.shape.dims();
            (0..3)
                .map(|i| (b[i] + 1).saturating_sub(d[i] as usize))
                .product::<usize>()
        })
        .fold(0, usize::saturating_add)
}

/// The engine columns (box cells) of the puzzle's optional cells.
pub(crate) fn optional_columns(puzzle: &Puzzle, board: &BoxBoard) -> Vec<u32> {
    puzzle
        .optional
        .iter()
        .filter_map(|&c| {
            let o = board.origin;
            board.index([c[0] - o[0], c[1] - o[1], c[2] - o[2]])
        })
        .map(|i| i as u32)
        .collect()
}

/// How box cells become the engine's columns. On the cube grid every box cell is a column
/// (cells outside the target prefilled), as region pruning needs the whole box. Off it
/// (no region pruning) only target cells are columns, in box order: BurrTools' other grids
/// use a fraction of their voxels (a 17x17x17 box of rhombic sub-voxels holds far fewer
/// dodecahedra), so the box would waste columns and exceed the engine's limit. Keeping the
/// box order keeps the search, and its node counts, the same.
pub(crate) struct EngineColumns {
    /// Box cell → column, off the cube grid (`u32::MAX` outside the target).
    pub(crate) compact: Option<Vec<u32>>,
    pub(crate) count: usize,
}

impl EngineColumns {
    pub(crate) fn new(puzzle: &Puzzle, board: &BoxBoard) -> EngineColumns {
        if puzzle.grid == crate::grid::Grid::Cubes {
            return EngineColumns {
                compact: None,
                count: board.len(),
            };
        }
        let mut next = 0u32;
        let compact: Vec<u32> = board
            .in_target
            .iter()
            .map(|&t| {
                if !t {
                    return u32::MAX;
                }
                next += 1;
                next - 1
            })
            .collect();
        EngineColumns {
            compact: Some(compact),
            count: next as usize,
        }
    }

    /// The columns of box cells (all in the target).
    pub(crate) fn map(&self, cells: &[u32]) -> Vec<u32> {
        match &self.compact {
            None => cells.to_vec(),
            Some(m) => cells.iter().map(|&c| m[c as usize]).collect(),
        }
    }

    /// The columns covered before the search: the box cells outside the target (none when
    /// only target cells are columns).
    pub(crate) fn prefilled(&self, board: &BoxBoard) -> Vec<u32> {
        match self.compact {
            Some(_) => Vec::new(),
            None => (0..board.len() as u32)
                .filter(|&c| !board.in_target[c as usize])
                .collect(),
        }
    }
}
