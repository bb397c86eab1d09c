//! What preparing and searching a puzzle takes in memory, estimated from the puzzle alone,
//! before anything is built: a caller can then refuse a puzzle that would not fit (a
//! 120-byte file of 4,096 unit cubes asks for gigabytes) instead of finding out from the
//! system.
//!
//! Every figure is an upper bound computed from the target's bounding box: every orientation
//! of every piece at every position in it (exact for a box target), each placement held as
//! its cells, as an engine row, and in every symmetry's permutation of placements; then the
//! engine's own bound for the search ([`SearchMemory`]).

use crate::placements::Placement;
use crate::Puzzle;
use std::mem::size_of;
use wurfel_cover::{Row, SearchMemory};

/// The memory of a puzzle's preparation and search, in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleMemory {
    /// Placements of all pieces (at most).
    pub placements: u64,
    /// Placements, engine rows and symmetries.
    pub preparation: u64,
    /// The search (its tables once, its stack per worker).
    pub search: SearchMemory,
}

impl PuzzleMemory {
    /// The estimate for `puzzle`.
    pub fn of(puzzle: &Puzzle) -> PuzzleMemory {
        let d = puzzle.target.dims();
        let board = [d[0] as u64, d[1] as u64, d[2] as u64];
        let mut placements = 0u64;
        let mut cells = 0u64;
        for piece in &puzzle.pieces {
            let size = piece.shape.len() as u64;
            for o in piece.shape.orientations() {
                let od = o.dims();
                let fit: u64 = (0..3)
                    .map(|i| (board[i] + 1).saturating_sub(od[i] as u64))
                    .product();
                placements = placements.saturating_add(fit);
                cells = cells.saturating_add(fit.saturating_mul(size));
            }
        }
        // Allocator overhead of each small vector, beside its header.
        const HEAP: u64 = 16;
        let placement = size_of::<Placement>() as u64 + HEAP;
        let row = size_of::<Row>() as u64 + HEAP;
        let listed = placements
            .saturating_mul(placement)
            .saturating_add(cells.saturating_mul(4));
        // Engine rows: the problem, and its renumbered copy while the search compiles it.
        let rows = 2 * placements
            .saturating_mul(row + 4)
            .saturating_add(cells.saturating_mul(4));
        let symmetries = placements.saturating_mul(4 * symmetries_at_most(board));
        let units: u64 = puzzle.pieces.iter().map(|p| u64::from(p.count)).sum();
        let smallest = puzzle
            .pieces
            .iter()
            .map(|p| p.shape.len())
            .min()
            .unwrap_or(1);
        let depth = units.min((puzzle.target.len() / smallest.max(1)) as u64);
        let search = SearchMemory::of(
            board.iter().product::<u64>() as usize,
            placements,
            puzzle.pieces.len() as u64,
            depth,
        );
        PuzzleMemory {
            placements,
            preparation: listed.saturating_add(rows).saturating_add(symmetries),
            search,
        }
    }

    /// All of it, for a search by `threads` workers.
    pub fn total(&self, threads: usize) -> u64 {
        self.preparation.saturating_add(self.search.total(threads))
    }
}

/// The isometries of a box `X x Y x Z` (those of any target in it are among them): the 8 sign
/// changes times the permutations of equal sides.
fn symmetries_at_most(board: [u64; 3]) -> u64 {
    let [x, y, z] = board;
    let perms = if x == y && y == z {
        6
    } else if x == y || y == z || x == z {
        2
    } else {
        1
    };
    8 * perms
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_puzzle;

    fn puzzle(text: &str) -> Puzzle {
        parse_puzzle(text, "t.toml").unwrap()
    }

    #[test]
    fn unit_cubes_in_a_large_box_are_gigabytes_bedlam_is_not() {
        let cubes = puzzle(
            "name = \"c\"\n[target]\nbox = [16, 16, 16]\n[[piece]]\nname = \"A\"\n\
             cells = [[0,0,0]]\ncount = 4096\n",
        );
        let m = PuzzleMemory::of(&cubes);
        assert_eq!(m.placements, 4096);
        assert!(m.total(1) > 4 << 30, "{m:?}");
        assert!(m.preparation < 16 << 20, "{m:?}");
        let bedlam = crate::catalog::get("bedlam").unwrap();
        let b = PuzzleMemory::of(&bedlam);
        let prep = crate::Prepared::new(&bedlam).unwrap();
        // An upper bound on the placements (every one, before symmetry breaking).
        assert!(b.placements >= prep.placements.len() as u64);
        assert!(b.total(8) < 64 << 20, "{b:?}");
    }
}
