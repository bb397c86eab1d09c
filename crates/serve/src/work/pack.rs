//! Packing puzzles: `solve`, `count`, `estimate`, and the checks, pictures and conversions of
//! the web app. Each returns the object the CLI prints with `--json`.

use super::{engine_progress, to_json};
use crate::error::ApiError;
use crate::pool::{since, Answer, Ctl, Progress};
use crate::requests::{self, CountRequest, EstimateRequest, LoadedPuzzle, SolveRequest};
use serde::Serialize;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};
use wurfel_cover::{task_plan, EstimateOptions, SearchOptions, Tree};
use wurfel_pack::{Prepared, Want};
use wurfel_present::count::Summary;
use wurfel_present::report::{CountJson, EstimateJson, PuzzleEntry, SolutionJson};
use wurfel_present::scene::{disassembly_frames, solution_scene};

/// Placements, symmetries and the engine problem, refused with the CLI's message.
pub fn prepare(l: &LoadedPuzzle) -> Result<Prepared, ApiError> {
    Prepared::new(&l.puzzle)
        .map_err(|e| ApiError::input(format!("cannot solve `{}`: {e}", l.puzzle.id)))
}

/// Engine options for `ctl`'s job: its threads, its cancel flag, progress to its watchers.
fn options<'a>(
    ctl: &'a Ctl,
    report: &'a (dyn Fn(&wurfel_cover::Progress) + Sync),
) -> SearchOptions<'a> {
    SearchOptions {
        threads: ctl.threads,
        cancel: Some(ctl.cancel_flag()),
        progress: Some(report),
        ..Default::default()
    }
}

/// The solutions `solve` lists (at most `limit`, or all up to `max` with `all`), in order.
fn solutions(
    prep: &Prepared,
    r: &SolveRequest,
    ctl: &Ctl,
    max: usize,
) -> Result<Vec<Vec<u32>>, ApiError> {
    let distinct = requests::convention(r.distinct.as_deref())?;
    let limit = requests::limit(r.limit, r.all, max)?;
    let report = |p: &wurfel_cover::Progress| ctl.report(engine_progress(p));
    let opts = options(ctl, &report);
    let bad = |e: wurfel_cover::ProblemError| ApiError::input(e.to_string());
    let sols = if r.all {
        // Every solution in search order, as `solve --all` streams them.
        let mut sols = Vec::new();
        let want = Want::List(distinct);
        prep.run_with(&opts, want, r.disassemble, None, |_, out, _| {
            sols.extend(out.solutions);
            if sols.len() > limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .map_err(bad)?;
        sols
    } else {
        // A few: budgeted rounds, so one barren subtree cannot hold up the answer.
        prep.find_with(&opts, distinct, r.disassemble, limit)
            .map_err(bad)?
            .0
    };
    if r.all && sols.len() > limit {
        return Err(ApiError::input(format!(
            "`{}` has more than {limit} solutions, this server's maximum per request (its \
             --max-solutions): ask for a `limit`, or count them with /api/v1/count",
            prep.puzzle.id
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
    let prep = prepare(&l)?;
    let sols = solutions(&prep, r, ctl, max)?;
    let out: Vec<SolutionJson> = sols
        .iter()
        .map(|s| {
            let sep = if r.disassemble {
                prep.disassemble(s).ok().flatten()
            } else {
                None
            };
            SolutionJson::new(&prep, s).with_separation(sep.as_ref(), r.plan)
        })
        .collect();
    to_json(&out)
}

/// `solve --render x.html`: the viewer page with the solutions (and their disassembly).
pub fn view_solve(r: &SolveRequest, ctl: &Ctl, max: usize) -> Result<Answer, ApiError> {
    let l = r.source().load()?;
    let prep = prepare(&l)?;
    let sols = solutions(&prep, r, ctl, max)?;
    let scenes: Vec<_> = sols
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut scene = solution_scene(&prep, s, i);
            if r.disassemble {
                if let Ok(Some(sep)) = prep.disassemble(s) {
                    scene.moves = Some(disassembly_frames(&prep, s, &sep));
                }
            }
            scene
        })
        .collect();
    if scenes.is_empty() {
        return Err(ApiError::input(format!(
            "{}: no solution{} exists",
            prep.puzzle.name,
            if r.disassemble {
                " that comes apart"
            } else {
                ""
            }
        )));
    }
    super::viewer(&scenes)
}

/// `count --json` (with `disassemble`, `count --disassemble --json`). Stopped early, the
/// partial counts with `"complete": false`, as the CLI prints them after Ctrl-C.
pub fn count(r: &CountRequest, ctl: &Ctl) -> Result<Answer, ApiError> {
    let l = r.source().load()?;
    let prep = prepare(&l)?;
    let start = Instant::now();
    let report = |p: &wurfel_cover::Progress| ctl.report(engine_progress(p));
    let opts = options(ctl, &report);
    let request = wurfel_pack::count::CountRequest {
        disassemble: r.disassemble,
        ..wurfel_pack::count::CountRequest::all()
    };
    let outcome = prep
        .count_with(&opts, &request, |_, _, _| Ok(()))
        .map_err(|e| ApiError::input(e.to_string()))?;
    if let Some(e) = outcome.disassembly.failed {
        return Err(ApiError::input(e.to_string()));
    }
    let summary = Summary {
        counts: outcome.progress.counts,
        complete: outcome.report.complete,
        stats: outcome.stats,
        seconds: since(start),
        threads: ctl.threads,
        disassembly: r.disassemble.then_some(outcome.disassembly),
    };
    to_json(&CountJson::new(&prep, &summary))
}

/// `estimate --json`.
pub fn estimate(r: &EstimateRequest, ctl: &Ctl) -> Result<Answer, ApiError> {
    let probes = r.probes.unwrap_or(50_000);
    if !(1..=1_000_000_000_000).contains(&probes) {
        return Err(ApiError::bad_request("`probes` must be 1 to 10^12"));
    }
    let calibrate = r.calibrate.unwrap_or(1.0);
    if !(0.05..=3600.0).contains(&calibrate) {
        return Err(ApiError::bad_request(
            "`calibrate` is a number of seconds from 0.05 to 3600",
        ));
    }
    let seed = r.seed.unwrap_or(1);
    let l = r.source().load()?;
    let prep = prepare(&l)?;
    let bad = |e: wurfel_cover::ProblemError| ApiError::input(e.to_string());
    let tasks = task_plan(prep.problem(), SearchOptions::default().min_tasks).map_err(bad)?;
    let tree = Tree::new(prep.problem()).map_err(bad)?;
    let start = Instant::now();
    let tick = |done: u64, planned: u64| {
        ctl.report(Progress {
            done,
            total: planned,
            seconds: since(start),
            ..Default::default()
        })
    };
    let weight = |rows: &[u32]| prep.cover_weight(rows);
    let mut est = tree.estimate(
        &tasks,
        &EstimateOptions {
            probes,
            seed,
            exhaust: r.exhaust_last.unwrap_or(8),
            threads: ctl.threads,
            cancel: Some(ctl.cancel_flag()),
            progress: Some(&tick),
        },
        &weight,
    );
    // Cancelled already: a short measurement gives the partial estimate's CPU time its scale;
    // cancelled while measuring: the measurement stops there.
    let (measure, cancel) = if ctl.cancelled() {
        (Duration::from_millis(100), None)
    } else {
        (Duration::from_secs_f64(calibrate), Some(ctl.cancel_flag()))
    };
    let rate = tree.nodes_per_second(&tasks, measure, &cpu_clock(), cancel);
    // Cancelled while measuring: the probes are whole but the job was cancelled (as the CLI).
    est.complete &= !ctl.cancelled();
    to_json(&EstimateJson::new(&l.puzzle, &est, tasks.len(), seed, rate))
}

/// This thread's CPU time (other jobs do not slow the measurement), else wall-clock time.
fn cpu_clock() -> Box<dyn Fn() -> Duration> {
    if cpu_time::ThreadTime::try_now().is_ok() {
        Box::new(|| {
            cpu_time::ThreadTime::try_now()
                .map(|t| t.as_duration())
                .unwrap_or_default()
        })
    } else {
        let start = Instant::now();
        Box::new(move || start.elapsed())
    }
}

/// `POST /api/v1/check`: the puzzle as `list --json` describes it, its cells (for the
/// designer to edit an imported file), and what the CLI would say about it on standard error
/// (notes, warnings), or its error. `problems` says the same warnings and errors again, each
/// with what it is about (the whole puzzle, the target, or one piece by name), for a page to
/// show beside that.
#[derive(Serialize)]
pub struct Checked<'a> {
    pub puzzle: PuzzleEntry<'a>,
    pub model: Model<'a>,
    pub notes: &'a [String],
    pub warnings: Vec<String>,
    pub errors: Vec<String>,
    pub problems: Vec<Problem>,
}

/// One warning or error of a check, and what it is about.
#[derive(Serialize)]
pub struct Problem {
    /// `"error"` or `"warning"`.
    pub severity: &'static str,
    /// `"puzzle"` (the volumes, the engine), `"target"` or `"piece"`.
    #[serde(rename = "where")]
    pub place: &'static str,
    /// The piece's name, for `"where": "piece"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// In words, without file positions.
    pub message: String,
}

/// A puzzle's cells as the file format has them.
#[derive(Serialize)]
pub struct Model<'a> {
    pub target: &'a [wurfel_geom::Cell],
    pub optional: &'a [wurfel_geom::Cell],
    pub pieces: Vec<PieceModel<'a>>,
}

/// One piece kind: its name, between `min` and `count` copies, its cells, its colour (`#rrggbb`)
/// when the file gives one.
#[derive(Serialize)]
pub struct PieceModel<'a> {
    pub name: &'a str,
    pub count: u32,
    pub min: u32,
    pub cells: &'a [wurfel_geom::Cell],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<&'a str>,
}

/// Prepares the puzzle as `count` would, reporting instead of counting: what `count` would
/// refuse (e.g. the volumes) is in `errors`, what it would warn about in `warnings`.
pub fn check(l: &LoadedPuzzle) -> Result<Answer, ApiError> {
    let mut warnings = l.warnings.clone();
    let mut errors = Vec::new();
    let mut problems: Vec<Problem> = l
        .warnings
        .iter()
        .map(|w| Problem {
            severity: "warning",
            place: "puzzle",
            piece: None,
            message: w.clone(),
        })
        .collect();
    match prepare(l) {
        Ok(prep) => {
            for name in prep.unplaceable() {
                problems.push(Problem {
                    severity: "warning",
                    place: "piece",
                    piece: Some(name.to_string()),
                    message: "fits nowhere in the target in any orientation, so the puzzle has \
                              no solution"
                        .into(),
                });
                warnings.push(format!(
                    "piece `{name}` fits nowhere in the target in any orientation, so `{}` has no solution",
                    l.puzzle.name
                ));
            }
        }
        Err(e) => {
            let message = match l.puzzle.check_volume() {
                Err(m) => format!("{m}: they cannot fill it"),
                Ok(()) => e.message.clone(),
            };
            problems.push(Problem {
                severity: "error",
                place: "puzzle",
                piece: None,
                message,
            });
            errors.push(e.message);
        }
    }
    to_json(&Checked {
        puzzle: PuzzleEntry::new(&l.puzzle),
        model: Model {
            target: l.puzzle.target.cells(),
            optional: &l.puzzle.optional,
            pieces: l
                .puzzle
                .pieces
                .iter()
                .map(|p| PieceModel {
                    name: &p.name,
                    count: p.count,
                    min: p.min,
                    cells: p.shape.cells(),
                    color: p.color.as_deref(),
                })
                .collect(),
        },
        notes: &l.notes,
        warnings,
        errors,
        problems,
    })
}
