//! Packing puzzles as `list`, `pieces`, `solve` and `estimate` print them.

use super::{wrap, WIDTH};
use crate::numbers::fmt_int;
use std::time::Duration;
use wurfel_cover::Interval;
use wurfel_pack::disassembly::Separation;
use wurfel_pack::{Convention, Prepared, Puzzle};

/// The header of `list`'s table.
pub fn catalog_header() -> String {
    format!(
        "{:<26} {:>6} {:>6}  published counts",
        "id", "pieces", "cells"
    )
}

/// One row of `list`: a built-in puzzle with its published counts (wrapped under their column).
pub fn catalog_row(p: &Puzzle) -> String {
    let counts: Vec<String> = p
        .published
        .iter()
        .map(|c| format!("{} {}", fmt_int(c.count), c.convention.key()))
        .collect();
    let line = format!(
        "{:<26} {:>6} {:>6}  {}",
        p.id,
        p.piece_count(),
        p.target.len(),
        if counts.is_empty() {
            "-".to_string()
        } else {
            counts.join(", ")
        }
    );
    wrap(&line, WIDTH, 42)
}

/// `pieces`: the puzzle, then every piece with its numbers (`placements`: per kind, when the
/// puzzle could be prepared) and its shape as layers.
pub fn pieces(puzzle: &Puzzle, placements: Option<&[usize]>) -> Vec<String> {
    let mut lines = vec![format!(
        "{} — {} pieces ({} kinds), target {} cells, bounding box {:?}",
        puzzle.name,
        puzzle.piece_count(),
        puzzle.pieces.len(),
        puzzle.target.len(),
        puzzle.target.dims()
    )];
    for (k, p) in puzzle.pieces.iter().enumerate() {
        let placed = placements.map_or_else(|| "?".into(), |n| n[k].to_string());
        lines.push(format!(
            "\n{} {}  x{}  {} cells, {} orientations, {placed} placements{}",
            p.symbol,
            p.name,
            p.count,
            p.shape.len(),
            p.shape.orientations().len(),
            if p.shape.is_chiral() { ", chiral" } else { "" }
        ));
        lines.push(shape_layers(&p.shape, p.symbol));
    }
    lines
}

/// A shape as layered text (top layer first, layers side by side), indented under its name.
fn shape_layers(shape: &wurfel_geom::Shape, ch: char) -> String {
    let s = shape.normalized();
    let grid = wurfel_geom::BoxGrid::new(s.dims().map(|d| d as usize));
    let cells: std::collections::HashSet<usize> =
        s.cells().iter().filter_map(|&c| grid.index(c)).collect();
    grid.layers_text(|i| cells.contains(&i).then(|| ch.to_string()))
        .lines()
        .map(|line| format!("  {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Solution number `n` of `solve`: its layers, and with a separation its level (and with
/// `plan` the moves that take it apart).
pub fn solution(
    prep: &Prepared,
    n: u64,
    s: &[u32],
    sep: Option<&Separation>,
    plan: bool,
) -> String {
    let mut text = format!(
        "{} — solution {n}\n{}\n",
        prep.puzzle.name,
        prep.layers_text(s)
    );
    if let Some(sep) = sep {
        text.push_str(&format!("level {}\n", sep.level_text()));
        if plan {
            text.push_str(&plan_text(prep, s, sep));
        }
    }
    text
}

/// The moves of a disassembly, one a line: "3. A B slide +x 2" or "4. C out -z".
fn plan_text(prep: &Prepared, solution: &[u32], sep: &Separation) -> String {
    let names: Vec<&str> = prep
        .pieces_of(solution)
        .iter()
        .map(|p| prep.puzzle.pieces[p.kind as usize].name.as_str())
        .collect();
    let mut text = String::new();
    for (i, step) in sep.plan().into_iter().enumerate() {
        let who: Vec<&str> = step.pieces.iter().map(|&p| names[p]).collect();
        let how = match step.distance {
            Some(d) => format!("slide {} {d}", step.direction.name()),
            None => format!("out {}", step.direction.name()),
        };
        text.push_str(&format!("{:>4}. {} {how}\n", i + 1, who.join(" ")));
    }
    text
}

/// What a `solve` listed, in one line.
pub struct Listing {
    pub distinct: Convention,
    /// Under `--disassemble` (only solutions that come apart are listed).
    pub disassemble: bool,
    pub found: u64,
    /// Whether the search ran to its end (not stopped by a limit or a signal).
    pub complete: bool,
    pub limit: Option<u64>,
    pub elapsed: Duration,
    pub interrupted: bool,
}

/// `solve`'s summary line: "Bedlam cube: 1 solution distinct up to rotations (all of them) in …".
pub fn listing(name: &str, l: &Listing) -> String {
    let apart = if l.disassemble {
        " that come apart"
    } else {
        ""
    };
    if l.found == 0 && l.complete {
        return format!("{name}: no solution{apart} exists");
    }
    let exhaustive = l.complete && l.limit.is_none_or(|n| l.found < n);
    let noun = if l.found == 1 {
        "solution"
    } else {
        "solutions"
    };
    let what = match l.distinct {
        Convention::Raw => format!("{noun} (raw, target fixed)"),
        Convention::Rotations => format!("{noun} distinct up to rotations"),
        Convention::RotationsReflections => {
            format!("{noun} distinct up to rotations and reflections")
        }
    };
    format!(
        "{name}: {} {what}{apart}{} in {:.2?}{}",
        fmt_int(l.found),
        if exhaustive { " (all of them)" } else { "" },
        l.elapsed,
        if l.interrupted {
            " — interrupted, showing what was found so far"
        } else {
            ""
        }
    )
}

/// What `estimate` found: the probes' `estimate` below `tasks` tasks, the CPU time that
/// means (`cpu`) at `rate` nodes per second.
pub fn estimate(
    puzzle: &Puzzle,
    est: &wurfel_cover::Estimate,
    tasks: usize,
    seed: u64,
    cpu: Interval,
    rate: f64,
) -> Vec<String> {
    let row = |name: &str, i: Interval, f: &dyn Fn(f64) -> String| {
        format!(
            "  {:<24} {:>12}   {} to {}",
            name,
            f(i.estimate),
            f(i.low),
            f(i.high)
        )
    };
    vec![
        format!(
            "{} — {} pieces, {} cells: {} random probes below {} tasks (seed {seed}){}",
            puzzle.name,
            puzzle.piece_count(),
            puzzle.target.len(),
            fmt_int(est.probes),
            fmt_int(tasks as u64),
            if est.complete { "" } else { ", INTERRUPTED" }
        ),
        format!("  {:<24} {:>12}   95% interval", "", "estimate"),
        row("nodes (as count --stats)", est.nodes, &big),
        row("solutions (raw)", est.covers, &big),
        row("CPU time, one thread", cpu, &duration),
        format!(
            "  (this machine searches {:.1} M nodes per CPU second on one thread; the intervals \
             assume the probes saw the tree's heavy tails)",
            rate / 1e6
        ),
    ]
}

/// A count for people: exact digits up to 10^12, then scientific notation.
fn big(x: f64) -> String {
    if x < 1e12 {
        fmt_int(x.round() as u64)
    } else {
        format!("{x:.2e}")
    }
}

/// Seconds for people, in the largest unit that keeps the number at least 1.
fn duration(s: f64) -> String {
    const UNITS: [(&str, f64); 5] = [
        ("years", 365.25 * 86_400.0),
        ("days", 86_400.0),
        ("h", 3600.0),
        ("min", 60.0),
        ("s", 1.0),
    ];
    for (name, size) in UNITS {
        if s >= size {
            return format!("{:.3} {name}", s / size)
                .replacen(".000 ", " ", 1)
                .to_string();
        }
    }
    if s == 0.0 {
        "0 s".to_string()
    } else {
        format!("{s:.3} s")
    }
}
