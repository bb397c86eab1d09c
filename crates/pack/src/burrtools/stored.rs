//! BurrTools' stored results: a problem solved in BurrTools keeps `state="2"` (solved) with the
//! numbers of assemblies and solutions it found; [`check_stored`] compares them with wurfel's.
//!
//! BurrTools counts assemblies up to the rotations of the result (and reflections when the
//! piece set is mirror-closed), wurfel's `rotations_reflections`, and solutions as the
//! assemblies that come apart (when it was run with disassembly).

use crate::disassembly::DisassemblyError;
use crate::{Convention, Prepared};
use roxmltree::Node;
use wurfel_cover::{ProblemError, SearchOptions};

/// BurrTools' state of a problem that was solved to the end.
const SOLVED: &str = "2";

/// The counts a solved problem stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stored {
    /// Assemblies BurrTools found.
    pub assemblies: u64,
    /// Those that came apart.
    pub solutions: u64,
}

/// The stored counts of problem `p`, when BurrTools solved it to the end.
pub(super) fn stored_counts(p: Node<'_, '_>) -> Option<Stored> {
    if p.attribute("state")? != SOLVED {
        return None;
    }
    let n = |a: &str| p.attribute(a)?.trim().parse().ok();
    Some(Stored {
        assemblies: n("assemblies")?,
        solutions: n("solutions")?,
    })
}

/// wurfel's counts beside BurrTools' stored ones: one line per number that differs (empty
/// when all agree). At most one assembly more than the file stores is listed (more cannot
/// agree), so the work and memory are bounded by the stored count; `opts` carries the threads
/// and the cancel flag. Off the cube grid wurfel does not disassemble, so only the assemblies
/// are compared there (BurrTools stores no solutions on most of those grids either).
pub fn check_stored(
    prep: &Prepared,
    stored: &Stored,
    opts: &SearchOptions<'_>,
) -> Result<Vec<String>, StoredError> {
    let limit = usize::try_from(stored.assemblies.saturating_add(1)).unwrap_or(usize::MAX);
    let (classes, report) = prep
        .find(opts, Convention::RotationsReflections, limit)
        .map_err(StoredError::Problem)?;
    if !report.complete && classes.len() < limit {
        return Err(StoredError::Cancelled);
    }
    let disassembles = prep.puzzle.grid.check_disassembly().is_ok();
    let mut apart = 0u64;
    for s in classes.iter().filter(|_| disassembles) {
        apart += u64::from(
            prep.disassemble(s)
                .map_err(StoredError::Disassembly)?
                .is_some(),
        );
    }
    let found = classes.len() as u64;
    let mut out = Vec::new();
    if found != stored.assemblies {
        let more = if found > stored.assemblies {
            "more than "
        } else {
            ""
        };
        out.push(format!(
            "assemblies: the file stores {}, wurfel finds {more}{} (classes under rotations and \
             reflections)",
            stored.assemblies,
            if found > stored.assemblies {
                stored.assemblies
            } else {
                found
            }
        ));
    }
    if disassembles && apart != stored.solutions && found <= stored.assemblies {
        out.push(format!(
            "solutions: the file stores {}, wurfel finds {apart} assemblies that come apart",
            stored.solutions
        ));
    }
    Ok(out)
}

/// Why the stored counts could not be checked.
#[derive(Debug)]
pub enum StoredError {
    Problem(ProblemError),
    Disassembly(DisassemblyError),
    Cancelled,
}

impl std::fmt::Display for StoredError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoredError::Problem(e) => e.fmt(f),
            StoredError::Disassembly(e) => e.fmt(f),
            StoredError::Cancelled => f.write_str("stopped before the stored counts were checked"),
        }
    }
}

impl std::error::Error for StoredError {}
