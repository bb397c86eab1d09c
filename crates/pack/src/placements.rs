//! Placement generation: every way to put each piece kind into the target.

use crate::Puzzle;
use wurfel_geom::{Cell, Iso, Shape};

/// The target's bounding box; cells are numbered `x + X*(y + Y*z)` relative to its minimum
/// corner (DESIGN.md §3), which is also the engine's column numbering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxBoard {
    /// The target's minimum corner in puzzle coordinates.
    pub origin: Cell,
    /// `[X, Y, Z]`.
    pub dims: [usize; 3],
    /// Whether each box cell belongs to the target.
    pub in_target: Vec<bool>,
}

impl BoxBoard {
    /// The bounding box of `target`.
    pub fn new(target: &Shape) -> BoxBoard {
        let (lo, _) = target.bounds();
        let d = target.dims();
        let dims = [d[0] as usize, d[1] as usize, d[2] as usize];
        let mut in_target = vec![false; dims[0] * dims[1] * dims[2]];
        let mut b = BoxBoard {
            origin: lo,
            dims,
            in_target: Vec::new(),
        };
        for &c in target.cells() {
            in_target[b
                .index([c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])
                .expect("in box")] = true;
        }
        b.in_target = in_target;
        b
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
        let [x, y, z] = self.dims;
        if c.iter().any(|&v| v < 0)
            || c[0] as usize >= x
            || c[1] as usize >= y
            || c[2] as usize >= z
        {
            return None;
        }
        Some(c[0] as usize + x * (c[1] as usize + y * c[2] as usize))
    }

    /// Box-relative coordinates of an index.
    pub fn cell(&self, i: usize) -> Cell {
        let [x, y, _] = self.dims;
        [(i % x) as i32, ((i / x) % y) as i32, (i / (x * y)) as i32]
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
        let imgs: Vec<Cell> = (0..self.len()).map(|i| iso.apply(self.cell(i))).collect();
        let mut lo = imgs[0];
        for c in &imgs {
            for k in 0..3 {
                lo[k] = lo[k].min(c[k]);
            }
        }
        imgs.iter()
            .map(|c| {
                self.index([c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])
                    .map(|i| i as u32)
            })
            .collect()
    }
}

/// One way to put one piece kind into the target.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Index of the piece kind in `Puzzle::pieces`.
    pub kind: u32,
    /// Box cell indices, sorted.
    pub cells: Vec<u32>,
}

/// All placements of every kind, kinds in order, each kind's placements in orientation order
/// then translation order (z, y, x).
pub fn placements(puzzle: &Puzzle, board: &BoxBoard) -> Vec<Placement> {
    let mut out = Vec::new();
    let [bx, by, bz] = board.dims;
    for (k, piece) in puzzle.pieces.iter().enumerate() {
        for orient in piece.shape.orientations() {
            let d = orient.dims();
            let (dx, dy, dz) = (d[0] as usize, d[1] as usize, d[2] as usize);
            if dx > bx || dy > by || dz > bz {
                continue;
            }
            for tz in 0..=(bz - dz) as i32 {
                for ty in 0..=(by - dy) as i32 {
                    for tx in 0..=(bx - dx) as i32 {
                        let cells: Option<Vec<u32>> = orient
                            .cells()
                            .iter()
                            .map(|c| {
                                let i = board.index([c[0] + tx, c[1] + ty, c[2] + tz])?;
                                board.in_target[i].then_some(i as u32)
                            })
                            .collect();
                        if let Some(mut cells) = cells {
                            cells.sort_unstable();
                            out.push(Placement {
                                kind: k as u32,
                                cells,
                            });
                        }
                    }
                }
            }
        }
    }
    out
}
