//! A stage analysis' distance table as `revenge analyse` prints it, text
//! (`wurfel_present::text::analysis`) or JSON; also what `shard merge` of an analysis prints.

use anyhow::Result;
use wurfel_present::text::analysis as text;
use wurfel_revenge::analysis::{Row, Tally};

pub(crate) use text::reduced_rows;

/// The distance table as `revenge analyse` prints it (without the final newline).
pub(crate) fn rows_text(stage: usize, rows: &[Row], json: bool, note: &str) -> Result<String> {
    if json {
        return Ok(serde_json::to_string(&crate::report::DistanceTable {
            stage,
            distance: rows,
            note,
        })?);
    }
    Ok(text::rows(stage, rows, note)?)
}

/// Rows of a symmetry-reduced analysis (stages 2, 3 and 5) as `revenge analyse` prints them;
/// `how` says how long it took and where.
pub(crate) fn reduced_text(
    stage: usize,
    variant: Option<&str>,
    symmetries: u64,
    tallies: &[Tally],
    complete: bool,
    how: &str,
    json: bool,
) -> Result<String> {
    let rows = reduced_rows(tallies);
    let note = text::reduced_note(variant, symmetries, rows.len(), complete, how);
    rows_text(stage, &rows, json, &note)
}
