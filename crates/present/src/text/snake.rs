//! Snake cubes as `snake solve`, `snake count` and `snake survey` print them; also what
//! `shard merge` of a snake job prints.

use std::fmt::{self, Write};
use wurfel_snake::input::Named;
use wurfel_snake::{Counts, Folding, Survey};

/// The chain, its letters, its box: the first line of `snake solve` and `snake count`.
pub fn describe(n: &Named) -> String {
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

/// The counts of a chain, every convention a line; an interrupted count (`complete` false) is
/// labelled as partial.
pub fn count(named: &Named, c: &Counts, secs: f64, complete: bool) -> Result<String, fmt::Error> {
    let p = &named.problem;
    let mut out = String::new();
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
fn survey_table(out: &mut String, s: &Survey) -> fmt::Result {
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
/// snake before the summary (a table line each); an interrupted survey
/// (`complete` false) is labelled as partial.
pub fn survey(s: &Survey, secs: f64, entries: bool, complete: bool) -> Result<String, fmt::Error> {
    let mut out = String::new();
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

/// Folding number `n` of `snake solve`: how solutions are told apart, the moves, the layers.
pub fn folding(named: &Named, f: &Folding, n: usize) -> String {
    let unit = if named.problem.chain().is_palindrome() {
        "up to rotations, reflections and reading the chain from either end"
    } else {
        "up to rotations and reflections"
    };
    format!(
        "\nsolution {n} ({unit})\nmoves:    {}\nsegments: {}\n  (R/L = +x/-x, B/F = +y/-y, U/D = \
         +z/-z; layers top first, numbers = order along the chain)\n{}",
        f.moves(),
        f.segment_moves(),
        f.layers().trim_end_matches('\n')
    )
}

/// The last lines of `snake solve`: how many were `found` in `secs`, whether that is all
/// (`more`: the limit stopped the listing; `interrupted`: a signal did).
pub fn listed(
    named: &Named,
    found: usize,
    secs: f64,
    more: bool,
    interrupted: bool,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    if interrupted {
        lines.push(format!(
            "INTERRUPTED after {secs:.3} s: {found} solution(s) listed so far (a partial list)"
        ));
    } else if found == 0 {
        lines.push("no folding fills the box".into());
        if let Some(why) = named.problem.obstacle() {
            lines.push(format!("reason: {why}"));
        }
    } else if more {
        lines.push(format!(
            "more solutions exist ({secs:.3} s); --all lists all, `wurfel snake count` counts them"
        ));
    } else {
        lines.push(format!("{found} solution(s) in all, {secs:.3} s"));
    }
    lines
}

/// The header of `snake list`'s table.
pub fn catalog_header() -> String {
    format!(
        "{:<10} {:<6} {:>6} {:>10} {:>9} {:>10}  {:<9}  chain",
        "id", "box", "cubes", "embeddings", "rotations", "isometries", "published"
    )
}

/// One row of `snake list`: a built-in snake, its box and its counts (computed now and
/// published).
pub fn catalog_row(
    e: &wurfel_snake::catalog::Entry,
    p: &wurfel_snake::Problem,
    c: &Counts,
) -> String {
    let published = e.published.map(|(em, r, i)| format!("{em}/{r}/{i}"));
    format!(
        "{:<10} {:<6} {:>6} {:>10} {:>9} {:>10}  {:<9}  {}",
        e.id,
        p.board().to_string(),
        p.chain().cubes(),
        c.embeddings,
        c.rotations,
        c.isometries,
        published.as_deref().unwrap_or("-"),
        e.segments
    )
}
