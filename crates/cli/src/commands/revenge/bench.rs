//! `wurfel revenge bench` (many random positions solved, lengths and times) and `revenge
//! positions` (the same positions as facelets, for other solvers): the tables loaded here, the
//! bench run by [`wurfel_app::revenge::bench`], its summary printed as JSON or text.

use super::args::{BenchArgs, PositionsArgs};
use super::setup::{load_reduction, load_solver};
use crate::outln;
use crate::report::RevengeBench;
use anyhow::Result;
use wurfel_app::revenge::{self, BenchRequest, Tables};
use wurfel_revenge::{Method, Solver};

pub(super) fn bench(a: BenchArgs) -> Result<()> {
    match a.search.method.methods()[..] {
        [Method::FiveStage] => bench_five_stage(&a).map(|_| ()),
        [Method::Reduction] => bench_reduction(&a).map(|_| ()),
        _ => {
            let r = bench_reduction(&a)?;
            bench_five_stage(&a)?;
            if !a.json {
                outln!(
                    "(reduction above: {:.2} OBTM / {:.2} STM average, {:.3} s per solve \
                     (median {:.3} s))",
                    r.obtm_avg,
                    r.stm_avg,
                    r.seconds_avg,
                    r.seconds_median
                );
            }
            Ok(())
        }
    }
}

pub(super) fn positions(a: &PositionsArgs) -> Result<()> {
    for (_, cube) in revenge::positions(a.seed, a.random) {
        outln!("{}", cube.facelets());
    }
    Ok(())
}

/// Runs the bench of `a` on `solver` and prints it: one JSON object, or `text`'s lines.
fn run(
    a: &BenchArgs,
    solver: &dyn Solver,
    tables: Tables,
    text: fn(&RevengeBench) -> Vec<String>,
) -> Result<RevengeBench> {
    let req = BenchRequest {
        first: a.seed,
        count: a.random,
        options: a.search.options()?,
    };
    let reporter = crate::progress::Reporter::new(!a.common.quiet);
    let ctx = crate::hiargs::context(1, &reporter);
    let j = revenge::bench(&req, solver, tables, &ctx)?;
    if a.json {
        outln!("{}", serde_json::to_string(&j)?);
    } else {
        for line in text(&j) {
            outln!("{line}");
        }
    }
    Ok(j)
}

fn bench_five_stage(a: &BenchArgs) -> Result<RevengeBench> {
    let (solver, load_seconds) = load_solver(&a.common)?;
    let tables = Tables {
        load_seconds,
        megabytes: None,
    };
    run(a, &solver, tables, five_stage_text)
}

fn bench_reduction(a: &BenchArgs) -> Result<RevengeBench> {
    let (solver, load_seconds) = load_reduction(&a.common)?;
    let tables = Tables {
        load_seconds,
        megabytes: Some(solver.table_bytes() as f64 / 1e6),
    };
    run(a, &solver, tables, reduction_text)
}

fn positions_line(j: &RevengeBench) -> String {
    format!(
        "{} random positions (seeds {}..{}), every solution checked",
        j.positions,
        j.seed,
        j.seed + j.positions as u64
    )
}

fn stm_line(j: &RevengeBench) -> String {
    format!(
        "STM  (slice turns):       average {:.2}, max {}",
        j.stm_avg, j.stm_max
    )
}

fn obtm_line(j: &RevengeBench) -> String {
    format!(
        "OBTM (outer block turns): average {:.2}, max {}",
        j.obtm_avg, j.obtm_max
    )
}

fn times(j: &RevengeBench) -> String {
    format!(
        "time per solve: average {:.3} s, median {:.3} s, max {:.3} s",
        j.seconds_avg, j.seconds_median, j.seconds_max
    )
}

fn five_stage_text(j: &RevengeBench) -> Vec<String> {
    let mut lines = vec![positions_line(j), stm_line(j), obtm_line(j)];
    if let (Some(avg), Some(max)) = (&j.stage_stm_avg, &j.stage_stm_max) {
        for (k, (avg, max)) in avg.iter().zip(max).enumerate() {
            lines.push(format!(
                "  stage {}: average {avg:.2} STM, max {max}",
                k + 1
            ));
        }
    }
    lines.push(format!(
        "{} (tables loaded in {:.1} s)",
        times(j),
        j.table_load_seconds
    ));
    lines
}

fn reduction_text(j: &RevengeBench) -> Vec<String> {
    vec![
        format!("reduction: {}", positions_line(j)),
        obtm_line(j),
        stm_line(j),
        format!(
            "{} (tables {:.1} MB, ready in {:.2} s)",
            times(j),
            j.table_mb.unwrap_or(0.0),
            j.table_load_seconds
        ),
        format!(
            "work per solve: average {:.0}k units (what the budgets count: the solutions do not \
             depend on the machine's speed)",
            j.work_avg.unwrap_or(0.0) / 1e3
        ),
    ]
}
