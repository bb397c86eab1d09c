//! Snake counts and surveys as `snake count` and `snake survey` print them, text
//! (`wurfel_present::text::snake`) or JSON; also what `shard merge` of a snake job prints.

use crate::report::{SnakeCountsJson, SurveySummaryJson};
use anyhow::Result;
use wurfel_present::text::snake as text;
use wurfel_snake::input::Named;
use wurfel_snake::{Counts, Survey};

/// The counts of a chain as `snake count` prints them (also `shard merge` of a snake count);
/// an interrupted count (`complete` false) is labelled as partial.
pub(crate) fn render_count(
    named: &Named,
    c: &Counts,
    secs: f64,
    json: bool,
    complete: bool,
) -> Result<String> {
    if json {
        let mut j = SnakeCountsJson::new(&named.problem, c);
        j.complete = complete;
        return Ok(format!("{}\n", serde_json::to_string(&j)?));
    }
    Ok(text::count(named, c, secs, complete)?)
}

/// A survey as `snake survey` prints it (also `shard merge` of a survey); with `entries`, every
/// snake before the summary (a JSON line each, or a table line); an interrupted survey
/// (`complete` false) is labelled as partial.
pub(crate) fn render_survey(
    s: &Survey,
    secs: f64,
    json: bool,
    entries: bool,
    complete: bool,
) -> Result<String> {
    if !json {
        return Ok(text::survey(s, secs, entries, complete)?);
    }
    let mut out = String::new();
    if entries {
        for e in &s.entries {
            out += &format!("{}\n", serde_json::to_string(e)?);
        }
    }
    let summary = SurveySummaryJson {
        summary: s,
        complete,
    };
    out += &format!("{}\n", serde_json::to_string(&summary)?);
    Ok(out)
}
