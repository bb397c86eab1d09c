//! `wurfel estimate`: how big a count will be before running it — Knuth's random probes over
//! the engine's own tree (same branching, same pruning, same task plan as `count`), with 95%
//! intervals, and the CPU time that means on this machine.

use crate::args::{Json, PuzzleArg};
use crate::exit::{Stop, Usage};
use crate::hiargs::Packing;
use crate::hiargs::Threads;
use crate::output::fmt_int;
use crate::report::EstimateJson;
use crate::{outln, progress};
use anyhow::Result;
use std::time::Duration;
use wurfel_cover::{task_plan, EstimateOptions, Interval, SearchOptions, Tree};

/// Arguments of `wurfel estimate`.
#[derive(clap::Args, Debug)]
pub struct EstimateArgs {
    #[command(flatten)]
    source: PuzzleArg,
    #[command(flatten)]
    threads: Threads,
    #[command(flatten)]
    json: Json,
    /// Random probes in all (more probes, a narrower interval). Every task needs at least four
    /// (two to find where the spread is, two to estimate): a smaller N is refused. Default:
    /// 50,000, or four per task if that is more.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    probes: Option<u64>,
    /// Seed of the random probes (the same seed gives the same estimate).
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Search the last K pieces of every probe exhaustively (slower probes, a much narrower
    /// interval for the solutions).
    #[arg(long, value_name = "K", default_value_t = 8)]
    exhaust_last: u32,
    /// Seconds spent measuring this machine's search speed, for the CPU-time estimate.
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0, value_parser = parse_seconds)]
    calibrate: f64,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if (0.05..=3600.0).contains(&x) => Ok(x),
        _ => Err(format!(
            "`{s}` is not a number of seconds from 0.05 to 3600"
        )),
    }
}

/// `--probes` when not given (raised to [`PROBES_PER_TASK`] per task for large plans).
const DEFAULT_PROBES: u64 = 50_000;
/// The fewest probes a task gets: two in the pilot round, two in the estimating round.
const PROBES_PER_TASK: u64 = 4;

/// `wurfel estimate`.
pub fn estimate(args: EstimateArgs) -> Result<()> {
    let run = Packing::new(&args.source, args.threads, args.json)?;
    let puzzle = &run.puzzle;
    let prep = run.prepare()?;
    let tasks = task_plan(prep.problem(), SearchOptions::default().min_tasks)?;
    let probes = probes(args.probes, &puzzle.id, tasks.len())?;
    let tree = Tree::new(prep.problem())?;
    let bar = progress::bar(true);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} probes  ETA {eta}",
        )
        .expect("valid template"),
    );
    let tick = |done: u64, planned: u64| {
        bar.set_length(planned);
        bar.set_position(done);
    };
    let cancel = progress::cancellation();
    let weight = |rows: &[u32]| prep.cover_weight(rows);
    let mut est = tree.estimate(
        &tasks,
        &EstimateOptions {
            probes,
            seed: args.seed,
            exhaust: args.exhaust_last,
            threads: run.threads,
            cancel: Some(cancel),
            progress: Some(&tick),
        },
        &weight,
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} measuring search speed").expect("ok"),
    );
    // Interrupted: report what the probes say at once; a short measurement still gives the
    // CPU time its scale. Interrupted while measuring: the measurement stops there.
    let (measure, stop) = match progress::interrupted() {
        true => (Duration::from_millis(100), None),
        false => (Duration::from_secs_f64(args.calibrate), Some(cancel)),
    };
    let rate = tree.nodes_per_second(&tasks, measure, &cpu_clock(), stop);
    // Interrupted while measuring: the probes are whole, but the CPU time rests on a cut
    // measurement and the user asked to stop, so the report says so (and the exit code is 130).
    est.complete &= !progress::interrupted();
    bar.finish_and_clear();
    let cpu = Interval {
        estimate: est.nodes.estimate / rate,
        low: est.nodes.low / rate,
        high: est.nodes.high / rate,
    };
    if run.json {
        let report = EstimateJson::new(puzzle, &est, tasks.len(), args.seed, rate);
        outln!("{}", serde_json::to_string(&report)?);
    } else {
        outln!(
            "{} — {} pieces, {} cells: {} random probes below {} tasks (seed {}){}",
            puzzle.name,
            puzzle.piece_count(),
            puzzle.target.len(),
            fmt_int(est.probes),
            fmt_int(tasks.len() as u64),
            args.seed,
            if est.complete { "" } else { ", INTERRUPTED" }
        );
        outln!("  {:<24} {:>12}   95% interval", "", "estimate");
        let row = |name: &str, i: Interval, f: &dyn Fn(f64) -> String| {
            outln!(
                "  {:<24} {:>12}   {} to {}",
                name,
                f(i.estimate),
                f(i.low),
                f(i.high)
            );
            Ok::<(), anyhow::Error>(())
        };
        row("nodes (as count --stats)", est.nodes, &big)?;
        row("solutions (raw)", est.covers, &big)?;
        row("CPU time, one thread", cpu, &duration)?;
        outln!(
            "  (this machine searches {:.1} M nodes per CPU second on one thread; the intervals \
             assume the probes saw the tree's heavy tails)",
            rate / 1e6
        );
    }
    if !est.complete {
        return Err(Stop::Interrupted.into());
    }
    Ok(())
}

/// `--probes`, or its default: at least [`PROBES_PER_TASK`] for each of the plan's `tasks`.
fn probes(requested: Option<u64>, id: &str, tasks: usize) -> Result<u64> {
    let least = PROBES_PER_TASK * tasks as u64;
    Ok(match requested {
        Some(p) if p < least => {
            return Err(Usage(format!(
                "--probes {p} is too few for {}: each of its {} tasks needs at least \
                 {PROBES_PER_TASK} probes, {} in all",
                id,
                fmt_int(tasks as u64),
                fmt_int(least)
            ))
            .into())
        }
        Some(p) => p,
        None => DEFAULT_PROBES.max(least),
    })
}

/// This thread's CPU time (so that other work on the machine does not slow the measurement),
/// or wall-clock time where the system has no thread clock.
fn cpu_clock() -> Box<dyn Fn() -> Duration> {
    if cpu_time::ThreadTime::try_now().is_ok() {
        Box::new(|| {
            cpu_time::ThreadTime::try_now()
                .map(|t| t.as_duration())
                .unwrap_or_default()
        })
    } else {
        let start = std::time::Instant::now();
        Box::new(move || start.elapsed())
    }
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
