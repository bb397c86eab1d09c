//! `wurfel revenge analyse`: a stage's positions per distance — stages 1 and 4 by one
//! breadth-first search in memory, stages 2, 3 and 5 resumably over positions up to symmetry.

use super::args::AnalyseArgs;
use super::load::cache_dir;
use super::picture::{chart_format, write_picture};
use crate::hiargs::threads;
use crate::outln;
use crate::present::analysis::{reduced_rows, reduced_text, rows_text};
use crate::progress::{say, spinner};
use anyhow::{anyhow, bail, Result};
use std::time::{Duration, Instant};
use wurfel_revenge::analysis as analyse;
use wurfel_revenge::Stage;

fn print_rows(stage: usize, rows: &[analyse::Row], json: bool, note: &str) -> Result<()> {
    outln!("{}", rows_text(stage, rows, json, note)?);
    Ok(())
}

pub(super) fn analyse_cmd(a: AnalyseArgs) -> Result<()> {
    if !(1..=5).contains(&a.stage) {
        bail!("--stage must be 1..5");
    }
    if matches!(a.stage, 2 | 3 | 5) {
        // The state is read and rewritten: no picture may replace a file in it.
        crate::inputs::state(&state_dir(&a), "the analysis state directory");
    }
    if let Some(p) = &a.render {
        chart_format(p)?;
        crate::output::OutputPath::check(p)?;
    }
    if matches!(a.stage, 2 | 3 | 5) {
        return analyse_reduced(&a);
    }
    if a.variant.is_some() {
        bail!("--variant is for stages 3 and 5");
    }
    // From here a signal stops the search, which prints the distances it has.
    let stop = crate::progress::cancellation();
    let pb = spinner(!a.common.quiet);
    pb.set_message(format!("stage {}: coordinates and move tables", a.stage));
    let t = Instant::now();
    let stage = match a.stage {
        // Norskog's table is for the first version of stage 2 (l, r half turns only).
        2 => Stage::new(2).restricted(&wurfel_revenge::stage2_seed_moves()),
        // Stage 4 in Norskog's own coordinates (88,200 wing cosets).
        4 => Stage::stage4_seed(),
        k => Stage::new(k),
    };
    if a.stage == 1 || a.stage == 4 {
        let len = stage.table_len(0);
        crate::memory::check(
            &format!("the stage {} analysis", a.stage),
            (len as u64).div_ceil(2),
            &format!("a table of {len} positions in memory, 4 bits each"),
        )?;
        if !a.common.quiet {
            say(
                &pb,
                &format!(
                    "stage {}: breadth-first search over {len} positions, 4 bits each ({:.0} MB)",
                    a.stage,
                    len as f64 / 2e6
                ),
            );
        }
        let k = a.stage;
        let cb = |d: u32, n: u64| pb.set_message(format!("stage {k}: depth {d}: {n} positions"));
        // Stage 1 stays below 15, so its table holds true distances (needed for the classes).
        let (table, counts) = stage
            .count_depths(0, threads(a.common.threads), &cb, Some(stop))
            .map_err(|e| anyhow!(e))?;
        if crate::progress::interrupted() {
            pb.finish_and_clear();
            return print_interrupted_bfs(&a, &counts, t);
        }
        let unique: Vec<Option<u64>> = if k == 1 {
            pb.set_message("stage 1: counting classes under the 16 U-D symmetries");
            analyse::stage1_unique(&stage, &table, &counts)
                .into_iter()
                .map(Some)
                .collect()
        } else {
            pb.set_message("stage 4: counting classes under the 16 U-D symmetries");
            analyse::stage_unique(&stage, &table, &counts)
                .into_iter()
                .map(Some)
                .collect()
        };
        pb.finish_and_clear();
        let rows: Vec<analyse::Row> = counts
            .iter()
            .zip(unique)
            .enumerate()
            .map(|(d, (&p, u))| analyse::Row {
                d: d as u32,
                positions: p,
                unique: u,
            })
            .collect();
        let note = "unique: classes under the 16 symmetries that keep the U-D axis";
        render_rows(&a, &rows)?;
        print_rows(
            k,
            &rows,
            a.json,
            &format!(
                "{note}; {:.1} s, {} threads",
                t.elapsed().as_secs_f64(),
                threads(a.common.threads)
            ),
        )?;
        return Ok(());
    }
    unreachable!("stages 1 and 4 return above")
}

/// Stages 1 and 4 interrupted: the positions of the distances completed (their classes need
/// the whole table), labelled as partial; exit 130.
fn print_interrupted_bfs(a: &AnalyseArgs, counts: &[u64], t: Instant) -> Result<()> {
    let rows: Vec<analyse::Row> = counts
        .iter()
        .enumerate()
        .map(|(d, &p)| analyse::Row {
            d: d as u32,
            positions: p,
            unique: None,
        })
        .collect();
    let note = format!(
        "INTERRUPTED after {:.1} s: a partial table, the distances completed so far (no classes: \
         they need the whole table; a rerun starts over)",
        t.elapsed().as_secs_f64()
    );
    print_rows(a.stage, &rows, a.json, &note)?;
    Err(crate::exit::Stop::Interrupted.into())
}

/// Draws the positions per distance to `--render`, if given.
fn render_rows(a: &AnalyseArgs, rows: &[analyse::Row]) -> Result<()> {
    let Some(path) = &a.render else {
        return Ok(());
    };
    let chart = wurfel_render::chart::BarChart {
        title: format!("4x4x4 stage {}: positions per distance (STM)", a.stage),
        x_label: "distance (single-slice turns)".into(),
        y_label: "positions".into(),
        bars: rows
            .iter()
            .map(|r| (r.d.to_string(), r.positions))
            .collect(),
    };
    write_picture(
        path,
        || wurfel_render::chart::bar_chart_svg(&chart),
        || wurfel_render::chart::bar_chart_png(&chart),
    )
}

fn hms(s: f64) -> String {
    let s = s.max(0.0) as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// `--state-dir`, by default `analyse-stageN[-VARIANT]` in the cache directory.
fn state_dir(a: &AnalyseArgs) -> std::path::PathBuf {
    a.state_dir.clone().unwrap_or_else(|| {
        let v = a
            .variant
            .as_deref()
            .map_or(String::new(), |v| format!("-{v}"));
        cache_dir().join(format!("analyse-stage{}{v}", a.stage))
    })
}

/// Stages 2, 3 and 5: the resumable breadth-first analysis over positions up to symmetry.
fn analyse_reduced(a: &AnalyseArgs) -> Result<()> {
    use wurfel_revenge::analysis::{Analysis, Event, RunError};
    let k = a.stage;
    let t = Instant::now();
    // From here a signal stops the analysis (once its setup is done), which prints the
    // distances it has.
    let stop = crate::progress::cancellation();
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads(a.common.threads))
        .build_global()
        .ok();
    let pb = spinner(!a.common.quiet);
    pb.set_message(format!("stage {k}: coordinates, symmetries and classes"));
    let (space, name) = analyse::reduced_space(k, a.variant.as_deref()).map_err(|e| anyhow!(e))?;
    let dir = state_dir(a);
    let mut run = Analysis::new(&space, &name, wurfel_files::Dir::new(&dir));
    run.stop_after = a.max_depth;
    let quiet = a.common.quiet;
    if !quiet {
        say(&pb, &space_line(k, &space, &dir));
    }
    let last_line = std::sync::Mutex::new(Instant::now());
    // The rows so far, as the runner reports them: what an interrupted run prints.
    let rows_so_far = std::sync::Mutex::new(Vec::new());
    let show = |e: Event| match e {
        Event::Resumed(cp) if !quiet => say(
            &pb,
            &format!(
                "resuming after distance {} ({} rows on disk)",
                cp.depth,
                cp.rows.len()
            ),
        ),
        Event::Verified { depth, seconds } if !quiet => say(
            &pb,
            &format!("distance {depth}: table checksum and rows verified in {seconds:.1} s"),
        ),
        Event::Progress(p) => {
            let msg = progress_line(k, &p);
            // Without a terminal, a line a minute (for logs of long runs).
            if pb.is_hidden() && !quiet {
                let mut l = last_line.lock().expect("progress lock");
                if l.elapsed() > Duration::from_secs(60) {
                    *l = Instant::now();
                    crate::note!("{msg}");
                }
            }
            pb.set_message(msg);
        }
        Event::Depth {
            depth,
            row,
            seconds,
        } if !quiet => {
            let rate = space.len() as f64 / seconds.max(1e-9) / 1e6;
            say(&pb, &depth_line(depth, &row, seconds, rate));
        }
        _ => {}
    };
    let report = |e: Event| {
        track_rows(&rows_so_far, &e);
        show(e)
    };
    let (tallies, complete, interrupted) = match run.run(stop, &report) {
        Ok((tallies, complete)) => (tallies, complete, false),
        Err(RunError::Interrupted(_)) => (rows_so_far.lock().expect("rows").clone(), false, true),
        Err(e) => return Err(anyhow!("stage {k}: {e}")),
    };
    pb.finish_and_clear();
    let secs = t.elapsed().as_secs_f64();
    let how = if interrupted {
        format!(
            "INTERRUPTED after {secs:.1} s this run (a partial table; the state directory keeps \
             every completed distance)"
        )
    } else {
        render_rows(a, &reduced_rows(&tallies))?;
        format!(
            "{secs:.1} s this run, {} threads",
            threads(a.common.threads)
        )
    };
    let text = reduced_text(
        k,
        a.variant.as_deref(),
        space.order(),
        &tallies,
        complete,
        &how,
        a.json,
    )?;
    outln!("{text}");
    if interrupted {
        return Err(crate::exit::Stop::Interrupted.into());
    }
    Ok(())
}

/// What a stage analysis searches, and where it keeps its state.
fn space_line(k: usize, space: &wurfel_revenge::analysis::Space, dir: &std::path::Path) -> String {
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
fn depth_line(
    depth: u32,
    row: &wurfel_revenge::analysis::Tally,
    seconds: f64,
    rate: f64,
) -> String {
    format!(
        "distance {depth:>2}: {:>16} positions {:>14} unique  ({}, {rate:.1} M entries/s)",
        crate::output::fmt_int(row.positions),
        crate::output::fmt_int(row.unique),
        hms(seconds),
    )
}

/// The progress of a depth of a stage analysis, for the spinner.
fn progress_line(k: usize, p: &wurfel_revenge::analysis::Progress) -> String {
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
/// prints), as the checkpoint keeps them: a depth that finds nothing ends the table.
fn track_rows(
    rows: &std::sync::Mutex<Vec<wurfel_revenge::analysis::Tally>>,
    e: &wurfel_revenge::analysis::Event,
) {
    use wurfel_revenge::analysis::Event;
    let mut rows = rows.lock().expect("rows lock");
    match e {
        Event::Resumed(cp) => *rows = cp.rows.clone(),
        Event::Depth { depth, row, .. } if *depth == 0 || row.unique > 0 => rows.push(*row),
        _ => {}
    }
}
