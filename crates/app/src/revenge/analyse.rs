//! `revenge analyse`: a stage's positions per distance — stages 1 and 4 by one breadth-first
//! search in memory (the memory budget checked first), stages 2, 3 and 5 resumably over
//! positions up to symmetry, in a state directory the caller names.

use crate::context::{Context, Event};
use crate::error::AppError;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;
use wurfel_present::numbers::fmt_int;
use wurfel_revenge::analysis::{self as analyse, Analysis, Progress, RunError, Space, Tally};
use wurfel_revenge::Stage;

/// Which analysis, and where a resumable one keeps its state.
#[derive(Clone, Debug)]
pub struct AnalyseRequest {
    /// 1 to 5.
    pub stage: usize,
    /// Stages 3 and 5: a small part of the stage (`centres`, `wings`).
    pub variant: Option<String>,
    /// Stages 2, 3 and 5: stop (resumably) after this distance.
    pub max_depth: Option<u32>,
    /// Stages 2, 3 and 5: the state directory (one table per completed distance).
    pub state_dir: PathBuf,
}

impl AnalyseRequest {
    /// Whether the stage is analysed over positions up to symmetry, resumably (2, 3, 5).
    pub fn resumable(&self) -> bool {
        matches!(self.stage, 2 | 3 | 5)
    }
}

/// What an analysis found.
pub enum Analysed {
    /// Stages 1 and 4: positions per distance, with classes under the 16 U-D symmetries when
    /// complete; `note` says what the table is.
    Table {
        rows: Vec<analyse::Row>,
        note: String,
        interrupted: bool,
    },
    /// Stages 2, 3 and 5: positions and classes per completed distance.
    Reduced {
        tallies: Vec<Tally>,
        /// Every distance done (not stopped by `max_depth`).
        complete: bool,
        /// The order of the stage's symmetry group.
        symmetries: u64,
        interrupted: bool,
        seconds: f64,
    },
}

/// Checks the request before any work (the caller's files are checked by the caller).
pub fn check(req: &AnalyseRequest) -> Result<(), AppError> {
    if !(1..=5).contains(&req.stage) {
        return Err(AppError::usage("--stage must be 1..5"));
    }
    if !req.resumable() && req.variant.is_some() {
        return Err(AppError::usage("--variant is for stages 3 and 5"));
    }
    Ok(())
}

/// Runs the analysis of `req`: cancelled through `ctx`, an interrupted analysis returns what it
/// has (marked `interrupted`).
pub fn analyse(req: &AnalyseRequest, ctx: &Context<'_>) -> Result<Analysed, AppError> {
    check(req)?;
    if req.resumable() {
        reduced(req, ctx)
    } else {
        in_memory(req.stage, ctx)
    }
}

/// Stages 1 and 4: one breadth-first search over the stage's positions, 4 bits each.
fn in_memory(k: usize, ctx: &Context<'_>) -> Result<Analysed, AppError> {
    ctx.sink.event(Event::Stage(&format!(
        "stage {k}: coordinates and move tables"
    )));
    let t = Instant::now();
    // Stage 4 in Norskog's own coordinates (88,200 wing cosets).
    let stage = if k == 4 {
        Stage::stage4_seed()
    } else {
        Stage::new(k)
    };
    let len = stage.table_len(0);
    ctx.budget.check(
        &format!("the stage {k} analysis"),
        (len as u64).div_ceil(2),
        &format!("a table of {len} positions in memory, 4 bits each"),
    )?;
    ctx.note(&format!(
        "stage {k}: breadth-first search over {len} positions, 4 bits each ({:.0} MB)",
        len as f64 / 2e6
    ));
    let on_depth = |d: u32, n: u64| {
        ctx.sink.event(Event::Stage(&format!(
            "stage {k}: depth {d}: {n} positions"
        )))
    };
    // Stage 1 stays below 15, so its table holds true distances (needed for the classes).
    let (table, counts) = stage
        .count_depths(0, ctx.threads, &on_depth, Some(ctx.cancel))
        .map_err(AppError::input)?;
    let rows = |unique: Vec<Option<u64>>| -> Vec<analyse::Row> {
        counts
            .iter()
            .zip(unique)
            .enumerate()
            .map(|(d, (&p, u))| analyse::Row {
                d: d as u32,
                positions: p,
                unique: u,
            })
            .collect()
    };
    if ctx.cancelled() {
        ctx.sink.event(Event::Done);
        return Ok(Analysed::Table {
            rows: rows(vec![None; counts.len()]),
            note: format!(
                "INTERRUPTED after {:.1} s: a partial table, the distances completed so far (no \
                 classes: they need the whole table; a rerun starts over)",
                t.elapsed().as_secs_f64()
            ),
            interrupted: true,
        });
    }
    ctx.sink.event(Event::Stage(&format!(
        "stage {k}: counting classes under the 16 U-D symmetries"
    )));
    let unique = if k == 1 {
        analyse::stage1_unique(&stage, &table, &counts)
    } else {
        analyse::stage_unique(&stage, &table, &counts)
    };
    ctx.sink.event(Event::Done);
    Ok(Analysed::Table {
        rows: rows(unique.into_iter().map(Some).collect()),
        note: format!(
            "unique: classes under the 16 symmetries that keep the U-D axis; {:.1} s, {} threads",
            t.elapsed().as_secs_f64(),
            ctx.threads
        ),
        interrupted: false,
    })
}

/// Stages 2, 3 and 5: the resumable breadth-first analysis over positions up to symmetry.
fn reduced(req: &AnalyseRequest, ctx: &Context<'_>) -> Result<Analysed, AppError> {
    let k = req.stage;
    let t = Instant::now();
    ctx.sink.event(Event::Stage(&format!(
        "stage {k}: coordinates, symmetries and classes"
    )));
    let (space, name) =
        analyse::reduced_space(k, req.variant.as_deref()).map_err(AppError::input)?;
    let mut run = Analysis::new(&space, &name, wurfel_files::Dir::new(&req.state_dir));
    run.stop_after = req.max_depth;
    ctx.note(&space_line(k, &space, &req.state_dir));
    // The rows so far, as the runner reports them: what an interrupted run returns.
    let rows_so_far = Mutex::new(Vec::new());
    let report = |e: analyse::Event| {
        track_rows(&rows_so_far, &e);
        match e {
            analyse::Event::Resumed(cp) => ctx.note(&format!(
                "resuming after distance {} ({} rows on disk)",
                cp.depth,
                cp.rows.len()
            )),
            analyse::Event::Verified { depth, seconds } => ctx.note(&format!(
                "distance {depth}: table checksum and rows verified in {seconds:.1} s"
            )),
            analyse::Event::Progress(p) => ctx.sink.event(Event::Pulse(&progress_line(k, &p))),
            analyse::Event::Depth {
                depth,
                row,
                seconds,
            } => {
                let rate = space.len() as f64 / seconds.max(1e-9) / 1e6;
                ctx.note(&depth_line(depth, &row, seconds, rate));
            }
        }
    };
    let outcome = run.run(ctx.cancel, &report);
    ctx.sink.event(Event::Done);
    let (tallies, complete, interrupted) = match outcome {
        Ok((tallies, complete)) => (tallies, complete, false),
        Err(RunError::Interrupted(_)) => {
            let rows = rows_so_far.into_inner().unwrap_or_default();
            (rows, false, true)
        }
        Err(e) => return Err(AppError::io(format!("stage {k}: {e}"))),
    };
    Ok(Analysed::Reduced {
        tallies,
        complete,
        symmetries: space.order(),
        interrupted,
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// Hours, minutes and seconds.
fn hms(s: f64) -> String {
    let s = s.max(0.0) as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// What a stage analysis searches, and where it keeps its state.
fn space_line(k: usize, space: &Space, dir: &std::path::Path) -> String {
    format!(
        "stage {k}: {} entries ({} classes of the {} symmetries' class coordinate x {}), 2 bits \
         each: {:.0} MB per distance; state in {}",
        space.len(),
        space.reps.len(),
        space.order(),
        space.b_size,
        space.len() as f64 / 4e6,
        dir.display()
    )
}

/// A completed depth of a stage analysis (`rate`: millions of entries per second).
fn depth_line(depth: u32, row: &Tally, seconds: f64, rate: f64) -> String {
    format!(
        "distance {depth:>2}: {:>16} positions {:>14} unique  ({}, {rate:.1} M entries/s)",
        fmt_int(row.positions),
        fmt_int(row.unique),
        hms(seconds),
    )
}

/// The progress of a depth of a stage analysis.
fn progress_line(k: usize, p: &Progress) -> String {
    let frac = p.done_bytes as f64 / p.total_bytes.max(1) as f64;
    let rate = p.done_bytes as f64 * 4.0 / p.seconds.max(1e-9);
    let eta = p.seconds * (1.0 - frac) / frac.max(1e-9);
    format!(
        "stage {k}: distance {} ({}): {:.1}%, {:.1} M entries/s, ETA {}",
        p.depth,
        if p.pull { "pull" } else { "push" },
        100.0 * frac,
        rate / 1e6,
        hms(eta)
    )
}

/// Keeps the rows of a stage analysis as its runner reports them (what an interrupted run
/// returns), as the checkpoint keeps them: a depth that finds nothing ends the table.
fn track_rows(rows: &Mutex<Vec<Tally>>, e: &analyse::Event) {
    let Ok(mut rows) = rows.lock() else {
        return;
    };
    match e {
        analyse::Event::Resumed(cp) => *rows = cp.rows.clone(),
        analyse::Event::Depth { depth, row, .. } if *depth == 0 || row.unique > 0 => {
            rows.push(*row)
        }
        _ => {}
    }
}
