//! A 4x4x4 stage analysis' distance table as `revenge analyse` prints it; also what `shard
//! merge` of an analysis prints.

use crate::numbers::fmt_int;
use std::fmt::{self, Write};
use wurfel_revenge::analysis::{Row, Tally};

/// The distance table (without the final newline), `note` below it.
pub fn rows(stage: usize, rows: &[Row], note: &str) -> Result<String, fmt::Error> {
    let sep = fmt_int;
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

/// The note under a symmetry-reduced analysis (stages 2, 3 and 5) of `rows` distances; `how`
/// says how long it took and where.
pub fn reduced_note(
    variant: Option<&str>,
    symmetries: u64,
    rows: usize,
    complete: bool,
    how: &str,
) -> String {
    format!(
        "{}unique: classes under the {symmetries} symmetries that keep the stage's moves and \
         goal{}; {how}",
        variant.map_or(String::new(), |v| format!("variant `{v}`: ")),
        if complete {
            String::new()
        } else if rows == 0 {
            "; no distance completed yet".to_string()
        } else {
            format!(
                "; stopped after distance {} (rerun to continue)",
                rows.saturating_sub(1)
            )
        },
    )
}

/// The rows of a symmetry-reduced analysis' tallies (distance = index).
pub fn reduced_rows(tallies: &[Tally]) -> Vec<Row> {
    tallies
        .iter()
        .enumerate()
        .map(|(d, r)| Row {
            d: d as u32,
            positions: r.positions,
            unique: Some(r.unique),
        })
        .collect()
}
