//! What a search with disassembly refuses before it starts, and the error every search of
//! [`crate::solver::Prepared`] returns.
//!
//! The disassembler handles at most [`MAX_PIECES`] pieces (its groups are 64-bit sets). An
//! assembly over the limit cannot be analysed, and a listing that skipped it as "does not come
//! apart" would claim that no solution comes apart — a false proof. So a puzzle whose solutions
//! may have more pieces is refused before searching, with the limit named, and an analysis that
//! fails during a listing ends the listing with its error.

use crate::disassembly::{DisassemblyError, MAX_PIECES};
use crate::Puzzle;
use std::fmt;
use std::sync::OnceLock;
use wurfel_cover::{ProblemError, SearchReport};

/// Why a search of a prepared puzzle could not be run or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The engine refused the problem or the tasks.
    Engine(ProblemError),
    /// Disassembly was asked for, but the puzzle's solutions may have more pieces than the
    /// analysis handles.
    TooManyPieces(TooManyPieces),
    /// The analysis of one assembly failed while listing those that come apart (the listing
    /// would otherwise be silently incomplete).
    Disassembly(DisassemblyError),
}

/// A puzzle whose solutions may have more than [`MAX_PIECES`] pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyPieces {
    /// The puzzle's id.
    pub puzzle: String,
    /// The most pieces one of its solutions can have.
    pub pieces: u64,
}

impl fmt::Display for TooManyPieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "disassembly handles at most {MAX_PIECES} pieces; `{}` has {} (solve or count it \
             without disassembly)",
            self.puzzle, self.pieces
        )
    }
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Engine(e) => write!(f, "{e}"),
            SearchError::TooManyPieces(t) => write!(f, "{t}"),
            SearchError::Disassembly(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SearchError {}

impl From<ProblemError> for SearchError {
    fn from(e: ProblemError) -> Self {
        SearchError::Engine(e)
    }
}

/// The most pieces a solution of `puzzle` can have: the smallest pieces first, each kind up to
/// its `count`, while their volume fits in the target (exact for a puzzle without optional
/// cells or ranges, where every solution uses every piece).
pub fn max_pieces(puzzle: &Puzzle) -> u64 {
    let mut sizes: Vec<(usize, u32)> = puzzle
        .pieces
        .iter()
        .map(|p| (p.shape.len(), p.count))
        .collect();
    sizes.sort_unstable();
    let mut room = puzzle.target.len() as u64;
    let mut pieces = 0u64;
    for (size, count) in sizes {
        // Shapes are never empty; `max(1)` keeps a malformed one from dividing by zero.
        let size = size.max(1) as u64;
        let take = u64::from(count).min(room / size);
        pieces += take;
        room -= take * size;
        if take < u64::from(count) {
            break;
        }
    }
    pieces
}

/// Refuses disassembly for a puzzle whose solutions may have more than [`MAX_PIECES`] pieces.
pub fn check_disassembly(puzzle: &Puzzle) -> Result<(), TooManyPieces> {
    let pieces = max_pieces(puzzle);
    if pieces > MAX_PIECES as u64 {
        return Err(TooManyPieces {
            puzzle: puzzle.id.clone(),
            pieces,
        });
    }
    Ok(())
}

/// The report of a listing, or the analysis that failed in it.
pub fn listed_all(
    failed: OnceLock<DisassemblyError>,
    report: SearchReport,
) -> Result<SearchReport, SearchError> {
    match failed.into_inner() {
        Some(e) => Err(SearchError::Disassembly(e)),
        None => Ok(report),
    }
}

/// The engine's error of a search without disassembly (the only error it can have).
pub fn engine_only(e: SearchError) -> ProblemError {
    match e {
        SearchError::Engine(e) => e,
        _ => unreachable!("no disassembly was asked for"),
    }
}
