//! `count --check-stored` (and a count request's `check_stored`): the counts a BurrTools file
//! stored for its problem beside wurfel's — the assemblies up to rotations and reflections
//! (BurrTools' convention) and those that come apart.

use crate::context::{Context, Event};
use crate::error::AppError;
use crate::prepare::Ready;
use serde::Serialize;
use wurfel_pack::burrtools::{check_stored, Stored, StoredError};

/// The stored counts and where wurfel's differ (none: they agree).
#[derive(Clone, Debug, Serialize)]
pub struct StoredCheck {
    /// Assemblies the file stores.
    pub assemblies: u64,
    /// Solutions (assemblies that come apart) the file stores; absent on a grid where
    /// BurrTools takes nothing apart.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<u64>,
    /// One sentence per number that differs.
    pub differences: Vec<String>,
    /// Why the solutions were not compared (a grid where nothing is taken apart), when so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions_unchecked: Option<String>,
    /// wurfel's convention the stored assemblies equal (`rotations_reflections` as a rule,
    /// `rotations` where BurrTools reduced no mirror images); absent when they differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub convention: Option<&'static str>,
}

impl StoredCheck {
    pub fn agrees(&self) -> bool {
        self.differences.is_empty()
    }
}

/// The bytes one listed assembly takes (its placement ids and the list's own entry), for the
/// budget: the check lists at most one assembly more than the file stores.
fn bytes_per_assembly(pieces: u64) -> u64 {
    48 + 4 * pieces
}

/// Checks `stored` against `ready`'s puzzle, within the budget, cancellable.
pub fn check(ctx: &Context<'_>, ready: &Ready, stored: &Stored) -> Result<StoredCheck, AppError> {
    let listed = stored.assemblies.saturating_add(1);
    let pieces = u64::from(ready.puzzle.piece_count());
    let _held = ctx.budget.reserve(
        "checking the stored counts",
        listed.saturating_mul(bytes_per_assembly(pieces)),
        &format!("up to {listed} assemblies of {pieces} pieces listed, to take each apart"),
    )?;
    ctx.sink.event(Event::Stage(
        "checking the counts BurrTools stored (assemblies, and which come apart)",
    ));
    let report = |_: &wurfel_cover::Progress| {};
    let opts = ctx.search_options(&report);
    let out = check_stored(ready, stored, &opts);
    ctx.sink.event(Event::Done);
    let compared = out.map_err(|e| match e {
        StoredError::Cancelled => AppError::cancelled(e.to_string()),
        e => AppError::from_input(&e),
    })?;
    Ok(StoredCheck {
        assemblies: stored.assemblies,
        solutions: stored.solutions,
        differences: compared.differences,
        solutions_unchecked: compared.solutions_unchecked,
        convention: compared.convention.map(|c| c.key()),
    })
}

/// The stored counts to check when `asked`: refused when the file (named `name`) stores none.
pub fn wanted(asked: bool, stored: Option<Stored>, name: &str) -> Result<Option<Stored>, AppError> {
    match (asked, stored) {
        (false, _) => Ok(None),
        (true, Some(s)) => Ok(Some(s)),
        (true, None) => Err(AppError::input(format!(
            "{name} stores no counts to check: --check-stored needs a BurrTools .xmpuzzle file \
             whose problem BurrTools solved to the end (saved after its search finished)"
        ))),
    }
}

/// The count's JSON object (as [`crate::count::Counted::to_json`] makes it) with the check
/// as its last field, `stored`. The object is extended in place, not parsed and rebuilt, so the
/// count's fields keep their order.
pub fn json_with(count_json: &str, check: &StoredCheck) -> Result<String, AppError> {
    let body = count_json
        .trim_end()
        .strip_suffix('}')
        .ok_or_else(|| AppError::io("the count's JSON is not an object (a bug)"))?;
    let stored = serde_json::to_string(check)
        .map_err(|e| AppError::io(format!("cannot encode the check: {e}")))?;
    Ok(format!("{body},\"stored\":{stored}}}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_is_the_last_field_and_the_rest_is_kept() {
        let check = StoredCheck {
            assemblies: 3,
            solutions: Some(1),
            differences: vec!["solutions: differ".into()],
            solutions_unchecked: None,
            convention: None,
        };
        let out = json_with(r#"{"b":1,"a":[2]}"#, &check).unwrap();
        assert_eq!(
            out,
            r#"{"b":1,"a":[2],"stored":{"assemblies":3,"solutions":1,"differences":["solutions: differ"]}}"#
        );
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["stored"]["assemblies"], 3);
        assert!(json_with("[1]", &check).is_err());
        assert!(wanted(true, None, "f.xmpuzzle").is_err());
        assert_eq!(wanted(false, None, "f").unwrap(), None);
    }
}
