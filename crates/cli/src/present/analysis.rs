//! A stage analysis' distance table as `revenge analyse` prints it, text or JSON; also what
//! `shard merge` of an analysis prints.

use anyhow::Result;
use wurfel_revenge::analysis as analyse;

/// The distance table as `revenge analyse` prints it (without the final newline).
pub(crate) fn rows_text(
    stage: usize,
    rows: &[analyse::Row],
    json: bool,
    note: &str,
) -> Result<String> {
    use std::fmt::Write;
    if json {
        return Ok(serde_json::to_string(&crate::report::DistanceTable {
            stage,
            distance: rows,
            note,
        })?);
    }
    let sep = crate::output::fmt_int;
    let mut t = String::new();
    writeln!(t, "Stage {stage}\n")?;
    writeln!(t, "distance  {:>16}  {:>14}", "positions", "unique")?;
    writeln!(t, "--------  {:>16}  {:>14}", "---------", "------")?;
    for r in rows {
        writeln!(
            t,
            "{:>8}  {:>16}  {:>14}",
            r.d,
            sep(r.positions),
            r.unique.map(sep).unwrap_or_default()
        )?;
    }
    let tp: u64 = rows.iter().map(|r| r.positions).sum();
    let tu: Option<u64> = rows.iter().map(|r| r.unique).sum();
    writeln!(
        t,
        "          {:>16}  {:>14}",
        "-------------", "-----------"
    )?;
    write!(
        t,
        "          {:>16}  {:>14}",
        sep(tp),
        tu.map(sep).unwrap_or_default()
    )?;
    if !note.is_empty() {
        write!(t, "\n\n{note}")?;
    }
    Ok(t)
}

/// Rows of a symmetry-reduced analysis (stages 2, 3 and 5) as `revenge analyse` prints them;
/// `how` says how long it took and where.
pub(crate) fn reduced_text(
    stage: usize,
    variant: Option<&str>,
    symmetries: u64,
    tallies: &[wurfel_revenge::analysis::Tally],
    complete: bool,
    how: &str,
    json: bool,
) -> Result<String> {
    let rows = reduced_rows(tallies);
    let note = format!(
        "{}unique: classes under the {symmetries} symmetries that keep the stage's moves and \
         goal{}; {how}",
        variant.map_or(String::new(), |v| format!("variant `{v}`: ")),
        if complete {
            String::new()
        } else if rows.is_empty() {
            "; no distance completed yet".to_string()
        } else {
            format!(
                "; stopped after distance {} (rerun to continue)",
                rows.len().saturating_sub(1)
            )
        },
    );
    rows_text(stage, &rows, json, &note)
}

pub(crate) fn reduced_rows(tallies: &[wurfel_revenge::analysis::Tally]) -> Vec<analyse::Row> {
    tallies
        .iter()
        .enumerate()
        .map(|(d, r)| analyse::Row {
            d: d as u32,
            positions: r.positions,
            unique: Some(r.unique),
        })
        .collect()
}
