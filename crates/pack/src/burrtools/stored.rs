//! BurrTools' stored results: a problem solved in BurrTools keeps `state="2"` (solved) with the
//! numbers of assemblies and solutions it found; [`check_stored`] compares them with wurfel's.
//!
//! BurrTools counts assemblies up to the rotations of the result and, as a rule, its
//! reflections (wurfel's `rotations_reflections`; see [`check_stored`] for when it is
//! `rotations`), and solutions as the assemblies that come apart (when it was run with
//! disassembly).

use crate::disassembly::DisassemblyError;
use crate::grid::Grid;
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
    /// Those that came apart; `None` on a grid where BurrTools takes nothing apart (it writes
    /// no number there, or a 0 that counts nothing).
    pub solutions: Option<u64>,
}

/// The stored counts of problem `p`, when BurrTools solved it to the end. On `grid`, when
/// BurrTools has no disassembler there, the solutions are not read: it writes no `solutions`
/// attribute (its example BallRoom, on spheres) or a 0 that counts nothing.
pub(super) fn stored_counts(p: Node<'_, '_>, grid: Grid) -> Option<Stored> {
    if p.attribute("state")? != SOLVED {
        return None;
    }
    let n = |a: &str| p.attribute(a)?.trim().parse().ok();
    let solutions = match grid.burrtools_disassembles() {
        true => Some(n("solutions")?),
        false => None,
    };
    Some(Stored {
        assemblies: n("assemblies")?,
        solutions,
    })
}

/// wurfel's counts beside BurrTools' stored ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// One line per number that differs (empty when all agree).
    pub differences: Vec<String>,
    /// Why the solutions (assemblies that come apart) were not compared, when they were not:
    /// on spheres, rhombic dodecahedra and tetrahedra-octahedra BurrTools takes nothing apart,
    /// so the file stores no solutions and only the assemblies are compared.
    pub solutions_unchecked: Option<String>,
    /// The convention BurrTools' assembly count was found to be: `rotations_reflections` as a
    /// rule, `rotations` where BurrTools reduced no mirror images (see [`check_stored`]).
    pub convention: Option<Convention>,
}

/// wurfel's counts beside BurrTools' stored ones. At most one assembly more than the file
/// stores is listed (more cannot agree), so the work and memory are bounded by the stored
/// count; `opts` carries the threads and the cancel flag.
///
/// BurrTools counts classes under the result's rotations and, when its mirror check applies,
/// its reflections (wurfel's `rotations_reflections`). Whether the check applies and finds the
/// mirror pairs depends on its assembler's bookkeeping (`don-knuth-assembler.cpp`,
/// `wei_hwa_huang_assembler.cpp`: "TODO: also add when piece ranges are used"); with piece
/// ranges it can count classes under rotations alone (BurrTools' own SolidSixPieceBurrs: 1,063
/// stored, wurfel's `rotations` 1,063, `rotations_reflections` 588). So the assemblies are
/// compared under `rotations_reflections` and, when those differ, under `rotations`; the
/// convention that agrees is said, and the solutions are counted among its classes.
pub fn check_stored(
    prep: &Prepared,
    stored: &Stored,
    opts: &SearchOptions<'_>,
) -> Result<Comparison, StoredError> {
    let limit = usize::try_from(stored.assemblies.saturating_add(1)).unwrap_or(usize::MAX);
    let classes_under = |convention| -> Result<Vec<Vec<u32>>, StoredError> {
        let (classes, report) = prep
            .find(opts, convention, limit)
            .map_err(StoredError::Problem)?;
        if !report.complete && classes.len() < limit {
            return Err(StoredError::Cancelled);
        }
        Ok(classes)
    };
    let mut out = Comparison::default();
    let mut classes = classes_under(Convention::RotationsReflections)?;
    if classes.len() as u64 == stored.assemblies {
        out.convention = Some(Convention::RotationsReflections);
    } else {
        let rotations = classes_under(Convention::Rotations)?;
        if rotations.len() as u64 == stored.assemblies {
            out.convention = Some(Convention::Rotations);
            classes = rotations;
        }
    }
    let found = classes.len() as u64;
    if out.convention.is_none() {
        let (more, shown) = if found > stored.assemblies {
            ("more than ", stored.assemblies)
        } else {
            ("", found)
        };
        out.differences.push(format!(
            "assemblies: the file stores {}, wurfel finds {more}{shown} (classes under rotations \
             and reflections; under rotations alone it differs too)",
            stored.assemblies
        ));
    }
    let Some(stored_solutions) = stored.solutions else {
        out.solutions_unchecked = Some(format!(
            "solutions not compared: BurrTools does not take pieces apart on the grid of {}, so \
             the file stores none",
            prep.puzzle.grid.name()
        ));
        return Ok(out);
    };
    let mut apart = 0u64;
    for s in &classes {
        apart += u64::from(
            prep.disassemble(s)
                .map_err(StoredError::Disassembly)?
                .is_some(),
        );
    }
    if apart != stored_solutions && found <= stored.assemblies {
        out.differences.push(format!(
            "solutions: the file stores {stored_solutions}, wurfel finds {apart} assemblies that \
             come apart"
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
