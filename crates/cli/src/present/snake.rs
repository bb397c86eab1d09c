//! Snake counts and surveys as `snake count` and `snake survey` print them, text or JSON; also
//! what `shard merge` of a snake job prints.

use crate::report::{SnakeCountsJson, SurveySummaryJson};
use anyhow::Result;
use std::fmt::Write;
use wurfel_snake::input::Named;
use wurfel_snake::{Counts, Survey};

pub(crate) fn describe(n: &Named) -> String {
    let p = &n.problem;
    let c = p.chain();
    let name = n.name.map(|s| format!("{s}: ")).unwrap_or_default();
    format!(
        "{name}{} ({}), {} cubes, {} box{}",
        c,
        c.letters(),
        c.cubes(),
        p.board(),
        if c.is_palindrome() {
            ", palindrome"
        } else {
            ""
        }
    )
}

/// The counts of a chain as `snake count` prints them (also `shard merge` of a snake count);
/// an interrupted count (`complete` false) is labelled as partial.
pub(crate) fn render_count(
    named: &Named,
    c: &Counts,
    secs: f64,
    json: bool,
    complete: bool,
) -> Result<String> {
    let p = &named.problem;
    let mut out = String::new();
    if json {
        let mut j = SnakeCountsJson::new(p, c);
        j.complete = complete;
        writeln!(out, "{}", serde_json::to_string(&j)?)?;
        return Ok(out);
    }
    let b = p.board();
    let g = b.group_size();
    let r = b.rotation_mask().count_ones();
    writeln!(out, "{}", describe(named))?;
    writeln!(
        out,
        "embeddings           {:>10}  every folding, box fixed, chain read from its first end",
        c.embeddings
    )?;
    writeln!(
        out,
        "rotations            {:>10}  up to the box's {r} rotations",
        c.rotations
    )?;
    writeln!(
        out,
        "isometries           {:>10}  up to its {g} rotations and reflections",
        c.isometries
    )?;
    if let (Some(rr), Some(ir)) = (c.rotations_reversal, c.isometries_reversal) {
        writeln!(
            out,
            "rotations_reversal   {rr:>10}  up to rotations and reading the chain from either end"
        )?;
        writeln!(
            out,
            "isometries_reversal  {ir:>10}  up to isometries and reading from either end"
        )?;
    }
    writeln!(
        out,
        "solutions            {:>10}  physically different foldings",
        c.solutions()
    )?;
    if c.embeddings == 0 && complete {
        if let Some(why) = p.obstacle() {
            writeln!(out, "reason: {why}")?;
        }
    }
    writeln!(out, "time                 {secs:>10.3} s")?;
    if !complete {
        writeln!(
            out,
            "INTERRUPTED — partial counts: the foldings found so far (each figure a lower bound)"
        )?;
    }
    Ok(out)
}

/// One line per snake: its solutions, its letters (the reading given), its segments.
fn survey_table(out: &mut String, s: &Survey) -> Result<()> {
    writeln!(
        out,
        "solutions  snake (E end, S straight, C corner; P = palindrome)  segments"
    )?;
    for e in &s.entries {
        writeln!(
            out,
            "{:>9}  {} {}  {}",
            e.solutions,
            e.letters,
            if e.palindrome { 'P' } else { ' ' },
            e.chain
        )?;
    }
    writeln!(out)?;
    Ok(())
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
    let mut out = String::new();
    if json {
        if entries {
            for e in &s.entries {
                writeln!(out, "{}", serde_json::to_string(e)?)?;
            }
        }
        let summary = SurveySummaryJson {
            summary: s,
            complete,
        };
        writeln!(out, "{}", serde_json::to_string(&summary)?)?;
        return Ok(out);
    }
    if entries {
        survey_table(&mut out, s)?;
    }
    writeln!(out, "survey of the {} box ({secs:.3} s)", s.board)?;
    if !complete {
        writeln!(
            out,
            "INTERRUPTED — partial survey: the paths walked so far (each figure a lower bound)"
        )?;
    }
    writeln!(
        out,
        "snakes (chain = its reverse) {:>10}  ({} palindromes)",
        s.snakes, s.palindromes
    )?;
    writeln!(
        out,
        "solutions in total           {:>10}  (up to isometries and reversal)",
        s.solutions
    )?;
    writeln!(out, "snakes with one solution     {:>10}", s.unique)?;
    writeln!(out, "most solutions of one snake  {:>10}", s.max_solutions)?;
    for e in s
        .entries
        .iter()
        .filter(|e| e.solutions == s.max_solutions)
        .take(3)
    {
        writeln!(out, "    {}  ({})", e.chain, e.letters)?;
    }
    writeln!(
        out,
        "directed Hamiltonian paths   {:>10}  (box fixed; {} classes under isometries)",
        s.directed_paths, s.path_classes
    )?;
    Ok(out)
}
