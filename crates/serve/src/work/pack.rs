//! Packing puzzles: `solve`, `count`, `estimate`, and the checks, pictures and conversions of
//! the web app. Each returns the object the CLI prints with `--json`.

use super::{to_json, JobSink};
use crate::error::ApiError;
use crate::pool::{Answer, Ctl};
use crate::requests::{self, CountRequest, EstimateRequest, LoadedPuzzle, SolveRequest};
use std::ops::ControlFlow;
use wurfel_app::Ready;
use wurfel_pack::Listed;
use wurfel_present::report::SolutionJson;

/// Placements, symmetries and the engine problem, within the server's memory budget
/// (`wurfel_app::prepare`: refused with the CLI's message).
pub fn prepare(l: &LoadedPuzzle, ctl: &Ctl) -> Result<Ready, ApiError> {
    let sink = JobSink::new(ctl);
    Ok(wurfel_app::prepare(&ctl.context(&sink), &l.puzzle)?)
}

/// The solutions `solve` lists (at most `limit`, or all up to `max` with `all`), in order, each
/// with its separation under `disassemble` (`wurfel_app::solve`, as the CLI lists them).
fn solutions(
    ready: &Ready,
    r: &SolveRequest,
    ctl: &Ctl,
    max: usize,
) -> Result<Vec<Listed>, ApiError> {
    let limit = requests::limit(r.limit, r.all, max)?;
    let request = wurfel_app::solve::SolveRequest {
        distinct: requests::convention(r.distinct.as_deref())?,
        disassemble: r.disassemble,
        limit: (!r.all).then_some(limit),
    };
    let sink = JobSink::new(ctl);
    let mut sols = Vec::new();
    wurfel_app::solve::solve(&ctl.context(&sink), ready, &request, |s, sep| {
        sols.push((s, sep));
        if sols.len() > limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })?;
    if r.all && sols.len() > limit {
        return Err(ApiError::input(format!(
            "`{}` has more than {limit} solutions, this server's maximum per request (its \
             --max-solutions): ask for a `limit`, or count them with /api/v1/count",
            ready.puzzle.id
        )));
    }
    Ok(sols)
}

/// `solve --json`: an array of the solution objects the CLI prints one per line.
pub fn solve(r: &SolveRequest, ctl: &Ctl, max: usize) -> Result<Answer, ApiError> {
    if r.plan && !r.disassemble {
        return Err(ApiError::bad_request("`plan` requires `disassemble`"));
    }
    let l = r.source().load()?;
    let ready = prepare(&l, ctl)?;
    let sols = solutions(&ready, r, ctl, max)?;
    let out: Vec<SolutionJson> = sols
        .iter()
        .map(|(s, sep)| SolutionJson::new(&ready, s).with_separation(sep.as_ref(), r.plan))
        .collect();
    to_json(&out)
}

/// `solve --render x.html`: the viewer page with the solutions (and their disassembly).
pub fn view_solve(r: &SolveRequest, ctl: &Ctl, max: usize) -> Result<Answer, ApiError> {
    let l = r.source().load()?;
    let ready = prepare(&l, ctl)?;
    let sols = solutions(&ready, r, ctl, max)?;
    let scenes = wurfel_app::picture::solution_scenes(&ready, &sols);
    if scenes.is_empty() {
        return Err(ApiError::input(format!(
            "{}: no solution{} exists",
            ready.puzzle.name,
            if r.disassemble {
                " that comes apart"
            } else {
                ""
            }
        )));
    }
    super::viewer(&scenes)
}

/// `count --json` (`wurfel_app::count`: the method `auto` by default). Stopped early, the
/// partial counts with `"complete": false`, as the CLI prints them after Ctrl-C.
pub fn count(r: &CountRequest, ctl: &Ctl) -> Result<Answer, ApiError> {
    let request = wurfel_app::count::CountRequest {
        method: r.method.unwrap_or_default(),
        layers: r.layers,
        slices: r.slices.unwrap_or(1),
        disassemble: r.disassemble,
    };
    wurfel_app::count::check(&request, false)?;
    let l = r.source().load()?;
    let stored = wurfel_app::count::stored::wanted(r.check_stored, l.stored, "puzzle_text")?;
    let ready = prepare(&l, ctl)?;
    let sink = JobSink::new(ctl);
    let ctx = ctl.context(&sink);
    let counted = wurfel_app::count::count(&ctx, &ready, &request, None)?;
    let json = counted.to_json(&ready)?;
    Ok(Answer::Json(match (stored, counted.complete()) {
        (Some(s), true) => {
            let check = wurfel_app::count::stored::check(&ctx, &ready, &s)?;
            wurfel_app::count::stored::json_with(&json, &check)?
        }
        _ => json,
    }))
}

/// `estimate --json` (`wurfel_app::estimate`).
pub fn estimate(r: &EstimateRequest, ctl: &Ctl) -> Result<Answer, ApiError> {
    let defaults = wurfel_app::estimate::EstimateRequest::default();
    let request = wurfel_app::estimate::EstimateRequest {
        probes: r.probes,
        seed: r.seed.unwrap_or(defaults.seed),
        exhaust_last: r.exhaust_last.unwrap_or(defaults.exhaust_last),
        calibrate: r.calibrate.unwrap_or(defaults.calibrate),
    };
    wurfel_app::estimate::check(&request)?;
    let l = r.source().load()?;
    let ready = prepare(&l, ctl)?;
    let sink = JobSink::new(ctl);
    let est = wurfel_app::estimate::estimate(&ctl.context(&sink), &ready, &request)?;
    Ok(Answer::Json(est.to_json(&ready)?))
}

/// `POST /api/v1/check` (`wurfel_app::check`).
pub fn check(l: &LoadedPuzzle, ctl: &Ctl) -> Result<Answer, ApiError> {
    let checked = wurfel_app::check::check(
        &ctl.context(&wurfel_app::Silent),
        &l.puzzle,
        &l.notes,
        &l.warnings,
    );
    to_json(&checked)
}
