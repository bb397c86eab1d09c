//! `revenge bench` (random positions solved by one method: lengths, times, work) and the
//! positions it solves (`revenge positions`, for running other solvers on the same ones).

use super::stats::{mean, median};
use crate::context::{Context, Event};
use crate::error::AppError;
use std::time::Instant;
use wurfel_present::report::RevengeBench;
use wurfel_revenge::{notation, Cube, Method, Options, Solver};

/// The random positions of a bench: `count` seeds from `first` (wrapping after `u64::MAX`),
/// each with its position.
pub fn positions(first: u64, count: usize) -> impl Iterator<Item = (u64, Cube)> {
    (0..count).map(move |i| {
        let seed = first.wrapping_add(i as u64);
        (seed, Cube::random(seed))
    })
}

/// What a bench solves and how.
#[derive(Clone, Debug)]
pub struct BenchRequest {
    /// The first seed.
    pub first: u64,
    /// How many positions.
    pub count: usize,
    pub options: Options,
}

/// What the caller knows of the solver's tables: how long they took to be ready, and their
/// size when the method reports it.
#[derive(Clone, Copy, Debug)]
pub struct Tables {
    pub load_seconds: f64,
    pub megabytes: Option<f64>,
}

/// Solves every position of `req` with `solver` (each solution checked by the solver), timing
/// each; progress as stage messages. The five-stage method adds its stages' lengths, the
/// reduction its searches' work.
pub fn bench(
    req: &BenchRequest,
    solver: &dyn Solver,
    tables: Tables,
    ctx: &Context<'_>,
) -> Result<RevengeBench, AppError> {
    let method = solver.method();
    let label = match method {
        Method::Reduction => "reduction: ",
        Method::FiveStage => "",
    };
    let (mut stms, mut obtms, mut times) = (Vec::new(), Vec::new(), Vec::new());
    let (mut stage_max, mut stage_sum, mut work) = ([0usize; 5], [0usize; 5], 0u64);
    for (i, (seed, cube)) in positions(req.first, req.count).enumerate() {
        if ctx.cancelled() {
            return Err(AppError::cancelled(format!(
                "stopped after {i} of {} positions",
                req.count
            )));
        }
        let start = Instant::now();
        let sol = solver
            .solve(&cube, &req.options)
            .map_err(|e| AppError::input(format!("random position seed {seed}: {e}")))?;
        times.push(start.elapsed().as_secs_f64());
        stms.push(sol.stm());
        obtms.push(sol.obtm());
        work += sol.work;
        for s in &sol.phases {
            if method == Method::FiveStage {
                let n = notation::stm(&s.searched);
                stage_max[s.number - 1] = stage_max[s.number - 1].max(n);
                stage_sum[s.number - 1] += n;
            }
        }
        ctx.sink.event(Event::Stage(&format!(
            "{label}{}/{} solved",
            i + 1,
            req.count
        )));
    }
    ctx.sink.event(Event::Done);
    let n = times.len().max(1) as f64;
    let avg = |v: &[usize]| mean(v.iter().map(|&x| x as f64));
    let five = method == Method::FiveStage;
    Ok(RevengeBench {
        method: (!five).then_some("reduction"),
        positions: req.count,
        seed: req.first,
        stm_avg: avg(&stms),
        stm_max: stms.iter().copied().max().unwrap_or(0),
        obtm_avg: avg(&obtms),
        obtm_max: obtms.iter().copied().max().unwrap_or(0),
        seconds_avg: mean(times.iter().copied()),
        seconds_median: median(&times),
        seconds_max: times.iter().copied().fold(0.0, f64::max),
        table_load_seconds: tables.load_seconds,
        stage_stm_avg: five.then(|| stage_sum.iter().map(|&s| s as f64 / n).collect()),
        stage_stm_max: five.then_some(stage_max),
        table_mb: if five { None } else { tables.megabytes },
        work_avg: (!five).then(|| work as f64 / n),
    })
}
