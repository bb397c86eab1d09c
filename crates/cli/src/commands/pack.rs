//! `wurfel list | solve | count | pieces` — packing puzzles.

use crate::output::AtomicWriter;
use crate::progress;
use anyhow::{bail, Context, Result};
use serde_json::json;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Instant;
use wurfel_cover::{SearchOptions, Stats};
use wurfel_pack::{catalog, Convention, Counts, Prepared, Puzzle, Want};

/// Output format for solutions.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Layered text, top layer first.
    Text,
    /// One JSON object per line.
    Json,
}

/// Which picture to draw.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewArg {
    /// The assembled solution.
    Assembled,
    /// Each piece alone in a ghost of the target.
    Pieces,
    /// Front/top/right and back/bottom/left.
    Sides,
    /// One grid per layer.
    Layers,
}

/// Arguments of `wurfel list`.
#[derive(clap::Args, Debug)]
pub struct ListArgs {
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// Arguments of `wurfel solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Built-in puzzle id (see `wurfel list`) or a puzzle file (.toml or BurrTools .xmpuzzle).
    puzzle: String,
    /// Which problem of a BurrTools file: its number (from 1) or name (default: the first).
    #[arg(long, value_name = "N|NAME")]
    problem: Option<String>,
    /// Count separately declared pieces of equal shape as interchangeable copies.
    #[arg(long)]
    merge_equal_shapes: bool,
    /// List every solution (distinct under --distinct).
    #[arg(long)]
    all: bool,
    /// List at most this many solutions (default 1 without --all).
    #[arg(long)]
    limit: Option<u64>,
    /// Which solutions count as distinct: raw, rotations or rotations_reflections.
    #[arg(long, default_value = "rotations", value_parser = parse_convention)]
    distinct: Convention,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Write solutions to this file (atomically) instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Draw the solution(s) to a picture: .svg, .png or .html (interactive viewer).
    #[arg(long)]
    render: Option<PathBuf>,
    /// What to draw with --render.
    #[arg(long, value_enum, default_value_t = ViewArg::Assembled)]
    view: ViewArg,
    /// Print search statistics.
    #[arg(long)]
    stats: bool,
}

/// Arguments of `wurfel count`.
#[derive(clap::Args, Debug)]
pub struct CountArgs {
    /// Built-in puzzle id (see `wurfel list`) or a puzzle file (.toml or BurrTools .xmpuzzle).
    puzzle: String,
    /// Which problem of a BurrTools file: its number (from 1) or name (default: the first).
    #[arg(long, value_name = "N|NAME")]
    problem: Option<String>,
    /// Count separately declared pieces of equal shape as interchangeable copies.
    #[arg(long)]
    merge_equal_shapes: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Print search statistics.
    #[arg(long)]
    stats: bool,
    /// Save progress to this file while counting and resume from it if it exists.
    #[arg(long)]
    checkpoint: Option<PathBuf>,
}

/// Arguments of `wurfel pieces`.
#[derive(clap::Args, Debug)]
pub struct PiecesArgs {
    /// Built-in puzzle id (see `wurfel list`) or a puzzle file (.toml or BurrTools .xmpuzzle).
    puzzle: String,
    /// Which problem of a BurrTools file: its number (from 1) or name (default: the first).
    #[arg(long, value_name = "N|NAME")]
    problem: Option<String>,
    /// Draw the pieces to a picture (.svg or .png).
    #[arg(long)]
    render: Option<PathBuf>,
}

fn parse_convention(s: &str) -> Result<Convention, String> {
    Convention::from_key(s).ok_or_else(|| {
        format!("unknown convention `{s}`: use raw, rotations or rotations_reflections")
    })
}

/// Exit code of `solve` when the puzzle has no solution.
const EXIT_NO_SOLUTION: i32 = 3;

/// Loads a puzzle (a BurrTools file's `problem`), printing the reader's notes and a warning
/// about equal shapes declared apart, which are distinct pieces unless `merge` makes them
/// copies.
pub(crate) fn load(name: &str, problem: Option<&str>, merge: bool) -> Result<Puzzle> {
    let opts = wurfel_pack::LoadOptions {
        problem: problem.map(str::to_string),
    };
    let loaded = wurfel_pack::load_with(name, &opts)?;
    for n in &loaded.notes {
        eprintln!("note: {n}");
    }
    if merge {
        return Ok(loaded.puzzle.merge_equal_shapes());
    }
    if let Some(w) = wurfel_pack::equal_shapes_warning(&loaded.puzzle) {
        eprintln!("warning: {w}");
    }
    Ok(loaded.puzzle)
}

/// Prepares the search; warns when a piece fits nowhere (then the answer is 0, not an error).
fn prepare(puzzle: &Puzzle) -> Result<Prepared> {
    let prep = Prepared::new(puzzle).with_context(|| format!("cannot solve `{}`", puzzle.id))?;
    for name in prep.unplaceable() {
        eprintln!(
            "warning: piece `{name}` fits nowhere in the target in any orientation, so `{}` has no solution",
            puzzle.name
        );
    }
    Ok(prep)
}

fn threads(arg: Option<usize>) -> usize {
    arg.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
    .max(1)
}

use crate::output::fmt_int;

/// `wurfel list`.
pub fn list(args: ListArgs) -> Result<()> {
    let mut rows = Vec::new();
    for id in catalog::ids() {
        let p = catalog::get(id).with_context(|| format!("catalog entry `{id}`"))?;
        rows.push(p);
    }
    if args.json {
        let v: Vec<_> = rows
            .iter()
            .map(|p| {
                json!({
                    "id": p.id,
                    "name": p.name,
                    "pieces": p.piece_count(),
                    "cells": p.target.len(),
                    "published": p.published.iter().map(|c| json!({
                        "convention": c.convention.key(), "count": c.count, "source": c.source
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    println!(
        "{:<26} {:>6} {:>6}  published counts",
        "id", "pieces", "cells"
    );
    for p in &rows {
        let counts: Vec<String> = p
            .published
            .iter()
            .map(|c| format!("{} {}", fmt_int(c.count), c.convention.key()))
            .collect();
        println!(
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
    }
    Ok(())
}

/// Where solution lines go: standard output or an atomically written file.
enum Sink {
    Stdout(std::io::StdoutLock<'static>),
    File(AtomicWriter),
}

impl Sink {
    fn open(out: Option<&Path>) -> Result<Sink> {
        Ok(match out {
            Some(p) => Sink::File(AtomicWriter::create(p)?),
            None => Sink::Stdout(std::io::stdout().lock()),
        })
    }
    fn w(&mut self) -> &mut dyn Write {
        match self {
            Sink::Stdout(s) => s,
            Sink::File(f) => f,
        }
    }
    fn finish(self) -> Result<()> {
        match self {
            Sink::Stdout(mut s) => Ok(s.flush()?),
            Sink::File(f) => f.commit(),
        }
    }
}

/// `wurfel solve`.
pub fn solve(args: SolveArgs) -> Result<()> {
    let puzzle = load(
        &args.puzzle,
        args.problem.as_deref(),
        args.merge_equal_shapes,
    )?;
    let prep = prepare(&puzzle)?;
    let limit = match (args.all, args.limit) {
        (_, Some(0)) => bail!("--limit must be at least 1"),
        (_, Some(n)) => n,
        (true, None) => u64::MAX,
        (false, None) => 1,
    };
    let cancel = progress::install_ctrlc();
    let bar = progress::bar(limit != 1);
    let threads = threads(args.threads);
    let start = Instant::now();
    let mut sink = Sink::open(args.out.as_deref())?;
    let mut found = 0u64;
    let mut kept_for_render: Vec<Vec<u32>> = Vec::new();
    let render_keep = if args
        .render
        .as_ref()
        .is_some_and(|p| p.extension().is_some_and(|e| e == "html"))
    {
        200
    } else {
        1
    };
    let mut stats = Stats::default();
    let progress_cb = progress::callback(&bar);
    let opts = SearchOptions {
        threads,
        cancel: Some(cancel),
        progress: Some(&progress_cb),
        ..Default::default()
    };
    let mut write_err = None;
    let mut emit = |s: Vec<u32>, found: &mut u64| -> ControlFlow<()> {
        *found += 1;
        if kept_for_render.len() < render_keep {
            kept_for_render.push(s.clone());
        }
        let r = match args.format {
            Format::Json => writeln!(sink.w(), "{}", prep.solution_json(&s)),
            Format::Text => writeln!(
                sink.w(),
                "{} — solution {found}\n{}\n",
                puzzle.name,
                prep.layers_text(&s)
            ),
        };
        match r {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                write_err = Some(e);
                ControlFlow::Break(())
            }
        }
    };
    let report = if limit == u64::MAX {
        // Every solution, streamed in search order as tasks finish.
        prep.run(&opts, Want::List(args.distinct), None, |_, out, st| {
            stats += st;
            for s in out.solutions {
                emit(s, &mut found)?;
            }
            ControlFlow::Continue(())
        })?
    } else {
        // A few solutions: budgeted rounds, so one barren subtree cannot hold up the answer.
        let limit = limit.min(usize::MAX as u64) as usize;
        let (sols, report) = prep.find(&opts, args.distinct, limit)?;
        stats = report.stats;
        for s in sols {
            if emit(s, &mut found).is_break() {
                break;
            }
        }
        report
    };
    bar.finish_and_clear();
    if let Some(e) = write_err {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return Ok(());
        }
        return Err(e).context("cannot write solutions");
    }
    sink.finish()?;
    let interrupted = cancel.load(Ordering::Relaxed);
    let exhaustive = report.complete && found < limit;
    let noun = if found == 1 { "solution" } else { "solutions" };
    let what = match args.distinct {
        Convention::Raw => format!("{noun} (raw, target fixed)"),
        Convention::Rotations => format!("{noun} distinct up to rotations"),
        Convention::RotationsReflections => {
            format!("{noun} distinct up to rotations and reflections")
        }
    };
    if found == 0 && !interrupted {
        eprintln!("{}: no solution exists", puzzle.name);
    } else {
        eprintln!(
            "{}: {} {what}{} in {:.2?}{}",
            puzzle.name,
            fmt_int(found),
            if exhaustive { " (all of them)" } else { "" },
            start.elapsed(),
            if interrupted {
                " — interrupted, showing what was found so far"
            } else {
                ""
            }
        );
    }
    if args.stats {
        print_stats(&prep, &stats);
    }
    if let Some(path) = &args.render {
        crate::commands::render::solutions(&prep, &kept_for_render, path, args.view)?;
        eprintln!("picture written to {}", path.display());
    }
    if interrupted {
        std::process::exit(130);
    }
    if found == 0 && report.complete {
        std::process::exit(EXIT_NO_SOLUTION);
    }
    Ok(())
}

fn print_stats(prep: &Prepared, stats: &Stats) {
    eprintln!("placements per piece:");
    for (k, n) in prep.placements_per_kind().iter().enumerate() {
        let p = &prep.puzzle.pieces[k];
        eprintln!(
            "  {} {:<12} x{:<3} {:>3} orientations {:>6} placements{}",
            p.symbol,
            p.name,
            p.count,
            p.shape.orientations().len(),
            n,
            if prep.restricted == Some(k as u32) {
                format!(
                    " (restricted to {} by symmetry)",
                    prep.restricted_placements()
                )
            } else {
                String::new()
            }
        );
    }
    eprintln!(
        "nodes {}, placements tried {}, fitted {}, dead cells {}, pruned regions {}",
        fmt_int(stats.nodes),
        fmt_int(stats.tried),
        fmt_int(stats.fitted),
        fmt_int(stats.dead_columns),
        fmt_int(stats.region_prunes)
    );
}

/// Saved progress of `wurfel count --checkpoint`.
#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq, Eq)]
struct Checkpoint {
    puzzle: String,
    /// Guards against resuming a different puzzle or engine version.
    fingerprint: String,
    tasks_total: usize,
    /// Tasks `0..next_task` are counted in `counts`.
    next_task: usize,
    raw: u64,
    rotations: u64,
    rotations_reflections: u64,
}

fn fingerprint(prep: &Prepared) -> String {
    format!(
        "v1 rows={} cols={} restricted={:?} kinds={}",
        prep.problem().rows.len(),
        prep.problem().columns,
        prep.restricted,
        prep.puzzle.pieces.len()
    )
}

/// `wurfel count`.
pub fn count(args: CountArgs) -> Result<()> {
    let puzzle = load(
        &args.puzzle,
        args.problem.as_deref(),
        args.merge_equal_shapes,
    )?;
    let prep = prepare(&puzzle)?;
    let threads = threads(args.threads);
    let cancel = progress::install_ctrlc();
    let bar = progress::bar(true);
    let progress_cb = progress::callback(&bar);
    let start = Instant::now();
    let fp = fingerprint(&prep);
    let mut counts = Counts::default();
    let mut resume_from = 0usize;
    if let Some(path) = &args.checkpoint {
        if path.exists() {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read checkpoint {}", path.display()))?;
            let cp: Checkpoint = serde_json::from_str(&text)
                .with_context(|| format!("{} is not a wurfel checkpoint", path.display()))?;
            if cp.puzzle != puzzle.id || cp.fingerprint != fp {
                bail!(
                    "checkpoint {} belongs to another puzzle or version ({}); remove it to start over",
                    path.display(),
                    cp.puzzle
                );
            }
            resume_from = cp.next_task;
            counts = Counts {
                raw: cp.raw,
                rotations: cp.rotations,
                rotations_reflections: cp.rotations_reflections,
            };
            eprintln!(
                "resuming from {}: {} of {} tasks already counted",
                path.display(),
                cp.next_task,
                cp.tasks_total
            );
        }
    }
    let skip = move |i: usize| i < resume_from;
    let opts = SearchOptions {
        threads,
        cancel: Some(cancel),
        skip: &skip,
        progress: Some(&progress_cb),
        ..Default::default()
    };
    let mut stats = Stats::default();
    let mut last_save = Instant::now();
    let mut save_err = None;
    let save = |counts: &Counts, next: usize, total: usize| -> Result<()> {
        if let Some(path) = &args.checkpoint {
            let cp = Checkpoint {
                puzzle: puzzle.id.clone(),
                fingerprint: fp.clone(),
                tasks_total: total,
                next_task: next,
                raw: counts.raw,
                rotations: counts.rotations,
                rotations_reflections: counts.rotations_reflections,
            };
            crate::output::write_atomic(path, serde_json::to_string_pretty(&cp)?.as_bytes())?;
        }
        Ok(())
    };
    let mut total_tasks = 0;
    let report = prep.run(&opts, Want::Count, None, |i, out, st| {
        counts += out.counts;
        stats += st;
        if last_save.elapsed().as_secs() >= 2 {
            last_save = Instant::now();
            if let Err(e) = save(&counts, i + 1, total_tasks) {
                save_err = Some(e);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
    let report = report?;
    total_tasks = report.tasks_total;
    bar.finish_and_clear();
    if let Some(e) = save_err {
        return Err(e);
    }
    let complete = report.complete;
    if args.checkpoint.is_some() {
        save(&counts, report.tasks_done, total_tasks)?;
    }
    let secs = start.elapsed().as_secs_f64();
    if args.json {
        let v = json!({
            "puzzle": puzzle.id,
            "name": puzzle.name,
            "raw": counts.raw,
            "rotations": counts.rotations,
            "rotations_reflections": counts.rotations_reflections,
            "complete": complete,
            "seconds": secs,
            "threads": threads,
            "target_rotations": prep.symmetry.rotations.len(),
            "target_reflections": prep.symmetry.target_reflections,
            "mirror_closed": prep.symmetry.mirror_closed,
            "published": puzzle.published.iter().map(|c| json!({
                "convention": c.convention.key(), "count": c.count, "source": c.source,
                "matches": complete && counts.get(c.convention) == c.count,
            })).collect::<Vec<_>>(),
            "stats": {
                "nodes": stats.nodes, "tried": stats.tried, "fitted": stats.fitted,
                "dead_cells": stats.dead_columns, "pruned_regions": stats.region_prunes,
            },
        });
        println!("{v}");
    } else {
        println!(
            "{} — {} pieces, {} cells; target symmetry: {} rotations, {} reflections{}",
            puzzle.name,
            puzzle.piece_count(),
            puzzle.target.len(),
            prep.symmetry.rotations.len(),
            prep.symmetry.target_reflections,
            if prep.symmetry.target_reflections == 0 {
                ""
            } else if prep.symmetry.mirror_closed {
                " (piece set mirror-closed: mirror images are solutions)"
            } else {
                " (piece set not mirror-closed: a mirror image is never a solution)"
            }
        );
        for c in Convention::ALL {
            let published: Vec<String> = puzzle
                .published
                .iter()
                .filter(|p| p.convention == c)
                .map(|p| {
                    let mark = if !complete {
                        ""
                    } else if p.count == counts.get(c) {
                        " ✓"
                    } else {
                        " ✗ MISMATCH"
                    };
                    format!("published {} ({}){mark}", fmt_int(p.count), p.source)
                })
                .collect();
            println!(
                "  {:<22} {:>14}   {}",
                c.key(),
                fmt_int(counts.get(c)),
                published.join("; ")
            );
        }
        println!(
            "{} in {:.2} s with {threads} thread{}",
            if complete {
                "counted"
            } else {
                "INTERRUPTED — partial counts"
            },
            secs,
            if threads == 1 { "" } else { "s" }
        );
    }
    if args.stats {
        print_stats(&prep, &stats);
    }
    if !complete {
        if let Some(p) = &args.checkpoint {
            eprintln!(
                "progress saved to {}; run the same command again to resume",
                p.display()
            );
        }
        std::process::exit(130);
    }
    Ok(())
}

/// `wurfel pieces`.
pub fn pieces(args: PiecesArgs) -> Result<()> {
    let puzzle = load(&args.puzzle, args.problem.as_deref(), false)?;
    println!(
        "{} — {} pieces ({} kinds), target {} cells, bounding box {:?}",
        puzzle.name,
        puzzle.piece_count(),
        puzzle.pieces.len(),
        puzzle.target.len(),
        puzzle.target.dims()
    );
    let prep = Prepared::new(&puzzle).ok();
    for (k, p) in puzzle.pieces.iter().enumerate() {
        let placements = prep
            .as_ref()
            .map(|pr| pr.placements_per_kind()[k].to_string())
            .unwrap_or_else(|| "?".into());
        println!(
            "\n{} {}  x{}  {} cells, {} orientations, {} placements{}",
            p.symbol,
            p.name,
            p.count,
            p.shape.len(),
            p.shape.orientations().len(),
            placements,
            if p.shape.is_chiral() { ", chiral" } else { "" }
        );
        println!("{}", shape_layers(&p.shape, p.symbol));
    }
    if let Some(path) = &args.render {
        crate::commands::render::pieces(&puzzle, path)?;
        eprintln!("picture written to {}", path.display());
    }
    Ok(())
}

/// A shape as layered text (top layer first).
fn shape_layers(shape: &wurfel_geom::Shape, ch: char) -> String {
    let s = shape.normalized();
    let d = s.dims();
    let mut out = String::new();
    for y in (0..d[1]).rev() {
        let mut line = String::from("  ");
        for z in (0..d[2]).rev() {
            for x in 0..d[0] {
                line.push(if s.cells().contains(&[x, y, z]) {
                    ch
                } else {
                    '.'
                });
                line.push(' ');
            }
            line.push_str("  ");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.pop();
    out
}
