//! BurrTools' stored results: a problem solved in BurrTools keeps `state="2"` (solved) with the
//! numbers of assemblies and solutions it found; [`check_stored`] compares them with wurfel's.
//!
//! BurrTools counts assemblies up to the rotations of the result (and reflections when the
//! piece set is mirror-closed), wurfel's `rotations_reflections`, and solutions as the
//! assemblies that come apart (when it was run with disassembly).

use crate::disassembly::DisassemblyError;
use crate::{Convention, Prepared};
use roxmltree::Node;

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
/// when all agree).
pub fn check_stored(
    prep: &Prepared,
    stored: &Stored,
    threads: usize,
) -> Result<Vec<String>, DisassemblyError> {
    let classes = prep.solutions(Convention::RotationsReflections, usize::MAX, threads);
    let mut apart = 0u64;
    for s in &classes {
        apart += u64::from(prep.disassemble(s)?.is_some());
    }
    let mut out = Vec::new();
    if classes.len() as u64 != stored.assemblies {
        out.push(format!(
            "assemblies: the file stores {}, wurfel finds {} (classes under rotations and \
             reflections)",
            stored.assemblies,
            classes.len()
        ));
    }
    if apart != stored.solutions {
        out.push(format!(
            "solutions: the file stores {}, wurfel finds {apart} assemblies that come apart",
            stored.solutions
        ));
    }
    Ok(out)
}
