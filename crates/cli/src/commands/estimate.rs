//! `wurfel estimate`: how big a count will be before running it — Knuth's random probes over
//! the engine's own tree (same branching, same pruning, same task plan as `count`), with 95%
//! intervals, and the CPU time that means on this machine.

use crate::args::{Json, PuzzleArg};
use crate::exit::Stop;
use crate::hiargs::{Packing, Threads};
use crate::outln;
use crate::progress::{self, Reporter};
use anyhow::Result;
use wurfel_app::estimate::EstimateRequest;

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
    let est = &result.estimate;
    if run.json {
        outln!("{}", result.to_json(&ready)?);
    } else {
        let lines = wurfel_present::text::pack::estimate(
            &run.puzzle,
            est,
            result.tasks,
            args.seed,
            result.cpu_seconds(),
            result.nodes_per_second,
        );
        for line in lines {
            outln!("{line}");
        }
    }
    if !est.complete {
        return Err(Stop::Interrupted.into());
    }
    Ok(())
}
