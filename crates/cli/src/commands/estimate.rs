//! `wurfel estimate`: how big a count will be before running it — Knuth's random probes over
//! the engine's own tree (same branching, same pruning, same task plan as `count`), with 95%
//! intervals, and the CPU time that means on this machine.

use crate::args::{Json, PuzzleArg};
use crate::exit::Stop;
use crate::hiargs::{Packing, Threads};
use crate::outln;
use crate::output::fmt_int;
use crate::progress::{self, Reporter};
use anyhow::Result;
use wurfel_app::estimate::EstimateRequest;
use wurfel_cover::Interval;

/// Arguments of `wurfel estimate`.
#[derive(clap::Args, Debug)]
pub(crate) struct EstimateArgs {
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

/// `wurfel estimate`.
pub(crate) fn estimate(args: EstimateArgs) -> Result<()> {
    let run = Packing::new(&args.source, args.threads, args.json)?;
    let request = EstimateRequest {
        probes: args.probes,
        seed: args.seed,
        exhaust_last: args.exhaust_last,
        calibrate: args.calibrate,
    };
    wurfel_app::estimate::check(&request)?;
    let ready = run.prepare()?;
    let reporter = Reporter::new(true);
    progress::cancellation();
    let result = wurfel_app::estimate::estimate(&run.context(&reporter), &ready, &request)?;
    drop(reporter);
    let puzzle = &run.puzzle;
    let est = &result.estimate;
    let cpu = result.cpu_seconds();
    let rate = result.nodes_per_second;
    let tasks = result.tasks;
    if run.json {
        outln!("{}", result.to_json(&ready)?);
    } else {
        outln!(
            "{} — {} pieces, {} cells: {} random probes below {} tasks (seed {}){}",
            puzzle.name,
            puzzle.piece_count(),
            puzzle.target.len(),
            fmt_int(est.probes),
            fmt_int(tasks as u64),
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
