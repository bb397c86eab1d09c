//! `wurfel revenge bench` (many random positions solved, lengths and times) and `revenge
//! positions` (the same positions as facelets, for other solvers): the tables loaded here, the
//! bench run by [`wurfel_app::revenge::bench`], its summary printed as JSON or text.

use super::args::{BenchArgs, PositionsArgs};
use super::setup::{load_reduction, load_solver};
use crate::outln;
use crate::report::RevengeBench;
use anyhow::Result;
use wurfel_app::revenge::{self, BenchRequest, Tables};
use wurfel_present::text::revenge as text;
use wurfel_revenge::{Method, Solver};

pub(super) fn bench(a: BenchArgs) -> Result<()> {
    match a.search.method.methods()[..] {
        [Method::FiveStage] => bench_five_stage(&a).map(|_| ()),
        [Method::Reduction] => bench_reduction(&a).map(|_| ()),
        _ => {
            let r = bench_reduction(&a)?;
            bench_five_stage(&a)?;
            if !a.json {
                outln!("{}", text::bench_both(&r));
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

/// Runs the bench of `a` on `solver` and prints it: one JSON object, or text.
fn run(a: &BenchArgs, solver: &dyn Solver, tables: Tables) -> Result<RevengeBench> {
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
        for line in text::bench(solver.method(), &j) {
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
    run(a, &solver, tables)
}

fn bench_reduction(a: &BenchArgs) -> Result<RevengeBench> {
    let (solver, load_seconds) = load_reduction(&a.common)?;
    let tables = Tables {
        load_seconds,
        megabytes: Some(solver.table_bytes() as f64 / 1e6),
    };
    run(a, &solver, tables)
}
