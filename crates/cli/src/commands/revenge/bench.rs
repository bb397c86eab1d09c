//! `wurfel revenge bench` (many random positions solved, lengths and times) and `revenge
//! positions` (the same positions as facelets, for other solvers).

use super::args::{BenchArgs, PositionsArgs};
use super::load::{load_reduction, load_solver};
use super::verify::median;
use crate::outln;
use crate::progress::spinner;
use anyhow::{Context, Result};
use std::time::Instant;
use wurfel_revenge::notation;
use wurfel_revenge::Cube;
use wurfel_revenge::{Method, Solver as _};

pub(super) fn bench(a: BenchArgs) -> Result<()> {
    match a.search.method.methods()[..] {
        [Method::FiveStage] => bench_five_stage(&a),
        [Method::Reduction] => bench_reduction(&a).map(|_| ()),
        _ => {
            let r = bench_reduction(&a)?;
            bench_five_stage(&a)?;
            if !a.json {
                outln!("(reduction above: {r})");
            }
            Ok(())
        }
    }
}

/// The random positions of `revenge bench` (and `revenge positions`): `count` seeds from
/// `first` (wrapping after `u64::MAX`), each with its position.
fn bench_positions(first: u64, count: usize) -> impl Iterator<Item = (u64, Cube)> {
    (0..count).map(move |i| {
        let seed = first.wrapping_add(i as u64);
        (seed, Cube::random(seed))
    })
}

pub(super) fn positions(a: &PositionsArgs) -> Result<()> {
    for (_, cube) in bench_positions(a.seed, a.random) {
        outln!("{}", cube.facelets());
    }
    Ok(())
}

/// Lengths and times of one method over a bench's random positions.
struct Tally {
    stms: Vec<usize>,
    obtms: Vec<usize>,
    times: Vec<f64>,
}

impl Tally {
    /// Solves the positions of seeds `a.seed..a.seed + a.random` with `solve` (which returns
    /// the solution's STM and OBTM lengths), timing each, with a spinner labelled `label`.
    fn run(
        a: &BenchArgs,
        label: &str,
        mut solve: impl FnMut(&Cube) -> Result<(usize, usize)>,
    ) -> Result<Tally> {
        let pb = spinner(!a.common.quiet);
        let mut t = Tally {
            stms: Vec::new(),
            obtms: Vec::new(),
            times: Vec::new(),
        };
        for (i, (seed, cube)) in bench_positions(a.seed, a.random).enumerate() {
            let start = Instant::now();
            let (stm, obtm) =
                solve(&cube).with_context(|| format!("random position seed {seed}"))?;
            t.times.push(start.elapsed().as_secs_f64());
            t.stms.push(stm);
            t.obtms.push(obtm);
            pb.set_message(format!("{label}{}/{} solved", i + 1, a.random));
        }
        pb.finish_and_clear();
        Ok(t)
    }
    fn n(&self) -> f64 {
        self.times.len().max(1) as f64
    }
    fn avg(&self, v: &[usize]) -> f64 {
        v.iter().sum::<usize>() as f64 / self.n()
    }
    fn max(v: &[usize]) -> usize {
        v.iter().copied().max().unwrap_or(0)
    }
    fn tavg(&self) -> f64 {
        self.times.iter().sum::<f64>() / self.n()
    }
    /// The typical solve's time (0 with no positions).
    fn tmed(&self) -> f64 {
        if self.times.is_empty() {
            0.0
        } else {
            median(&self.times)
        }
    }
    fn tmax(&self) -> f64 {
        self.times.iter().copied().fold(0.0, f64::max)
    }
    /// The JSON summary; method-specific fields are filled in by the caller.
    fn json(&self, a: &BenchArgs, load_secs: f64) -> crate::report::RevengeBench {
        crate::report::RevengeBench {
            method: None,
            positions: a.random,
            seed: a.seed,
            stm_avg: self.avg(&self.stms),
            stm_max: Tally::max(&self.stms),
            obtm_avg: self.avg(&self.obtms),
            obtm_max: Tally::max(&self.obtms),
            seconds_avg: self.tavg(),
            seconds_median: self.tmed(),
            seconds_max: self.tmax(),
            table_load_seconds: load_secs,
            stage_stm_avg: None,
            stage_stm_max: None,
            table_mb: None,
            work_avg: None,
        }
    }
    fn stm_line(&self) -> String {
        format!(
            "STM  (slice turns):       average {:.2}, max {}",
            self.avg(&self.stms),
            Tally::max(&self.stms)
        )
    }
    fn obtm_line(&self) -> String {
        format!(
            "OBTM (outer block turns): average {:.2}, max {}",
            self.avg(&self.obtms),
            Tally::max(&self.obtms)
        )
    }
}

fn bench_five_stage(a: &BenchArgs) -> Result<()> {
    let opts = a.search.options()?;
    let (solver, load_secs) = load_solver(&a.common)?;
    let mut stage_max = [0usize; 5];
    let mut stage_sum = [0usize; 5];
    let t = Tally::run(a, "", |cube| {
        let sol = solver.solve(cube, &opts)?;
        for s in &sol.phases {
            let n = notation::stm(&s.searched);
            stage_max[s.number - 1] = stage_max[s.number - 1].max(n);
            stage_sum[s.number - 1] += n;
        }
        Ok((sol.stm(), sol.obtm()))
    })?;
    let n = t.n();
    if a.json {
        let mut j = t.json(a, load_secs);
        j.stage_stm_avg = Some(stage_sum.iter().map(|&s| s as f64 / n).collect());
        j.stage_stm_max = Some(stage_max);
        outln!("{}", serde_json::to_string(&j)?);
        return Ok(());
    }
    outln!(
        "{} random positions (seeds {}..{}), every solution checked",
        a.random,
        a.seed,
        a.seed + a.random as u64
    );
    outln!("{}", t.stm_line());
    outln!("{}", t.obtm_line());
    for k in 0..5 {
        outln!(
            "  stage {}: average {:.2} STM, max {}",
            k + 1,
            stage_sum[k] as f64 / n,
            stage_max[k]
        );
    }
    outln!(
        "time per solve: average {:.3} s, median {:.3} s, max {:.3} s (tables loaded in \
         {load_secs:.1} s)",
        t.tavg(),
        t.tmed(),
        t.tmax()
    );
    Ok(())
}

/// Benchmarks the reduction solver; returns a one-line summary.
fn bench_reduction(a: &BenchArgs) -> Result<String> {
    let opts = a.search.options()?;
    let (solver, load_secs) = load_reduction(&a.common)?;
    let mut work = 0u64;
    let t = Tally::run(a, "reduction: ", |cube| {
        let sol = solver.solve(cube, &opts)?;
        work += sol.work;
        Ok((sol.stm(), sol.obtm()))
    })?;
    let mb = solver.table_bytes() as f64 / 1e6;
    let work_avg = work as f64 / t.n();
    if a.json {
        let mut j = t.json(a, load_secs);
        j.method = Some("reduction");
        j.table_mb = Some(mb);
        j.work_avg = Some(work_avg);
        outln!("{}", serde_json::to_string(&j)?);
    } else {
        outln!(
            "reduction: {} random positions (seeds {}..{}), every solution checked",
            a.random,
            a.seed,
            a.seed + a.random as u64
        );
        outln!("{}", t.obtm_line());
        outln!("{}", t.stm_line());
        outln!(
            "time per solve: average {:.3} s, median {:.3} s, max {:.3} s (tables {mb:.1} MB, \
             ready in {load_secs:.2} s)",
            t.tavg(),
            t.tmed(),
            t.tmax()
        );
        outln!(
            "work per solve: average {:.0}k units (what the budgets count: the solutions do not \
             depend on the machine's speed)",
            work_avg / 1e3
        );
    }
    Ok(format!(
        "{:.2} OBTM / {:.2} STM average, {:.3} s per solve (median {:.3} s)",
        t.avg(&t.obtms),
        t.avg(&t.stms),
        t.tavg(),
        t.tmed()
    ))
}
