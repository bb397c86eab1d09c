//! Packing puzzles: `solve`, `count`, `estimate`, and the checks, pictures and conversions of
//! the web app. Each returns the object the CLI prints with `--json`.

use super::{to_json, JobSink};
use crate::error::ApiError;
use crate::pool::{Answer, Ctl};
use crate::requests::{self, CountRequest, EstimateRequest, LoadedPuzzle, SolveRequest};
use serde::Serialize;
use std::ops::ControlFlow;
use wurfel_app::Ready;
use wurfel_pack::disassembly::Separation;
use wurfel_present::report::{PuzzleEntry, SolutionJson};
use wurfel_present::scene::{disassembly_frames, solution_scene};

/// Placements, symmetries and the engine problem, within the server's memory budget
/// (`wurfel_app::prepare`: refused with the CLI's message).
pub fn prepare(l: &LoadedPuzzle, ctl: &Ctl) -> Result<Ready, ApiError> {
    let sink = JobSink::new(ctl);
    Ok(wurfel_app::prepare(&ctl.context(&sink), &l.puzzle)?)
}

/// A listed solution and, with `disassemble`, its separation.
type Listed = (Vec<u32>, Option<Separation>);

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
    l.puzzle.grid.check_drawing().map_err(ApiError::input)?;
    if r.disassemble {
        l.puzzle.grid.check_steps().map_err(ApiError::input)?;
    }
    let ready = prepare(&l, ctl)?;
    let sols = solutions(&ready, r, ctl, max)?;
    let scenes: Vec<_> = sols
        .iter()
        .enumerate()
        .map(|(i, (s, sep))| {
            let mut scene = solution_scene(&ready, s, i);
            if let Some(sep) = sep {
                scene.moves = Some(disassembly_frames(&ready, s, sep));
            }
            scene
        })
        .collect();
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
    /// Constraint colours of `target`'s cells, in its order (absent when all are neutral).
    #[serde(skip_serializing_if = "<[u8]>::is_empty")]
    pub target_colors: &'a [u8],
    /// Allowed (piece colour, target colour) pairs (absent when there are none).
    #[serde(skip_serializing_if = "<[(u8, u8)]>::is_empty")]
    pub color_rules: &'a [(u8, u8)],
}

/// One piece kind: its name, between `min` and `count` copies, its cells, and its colour
/// (`#rrggbb`) as every picture draws it (`wurfel_present::scene::kind_colours`: the file's, else
/// the palette's for its place among the pieces).
#[derive(Serialize)]
pub struct PieceModel<'a> {
    pub name: &'a str,
    pub count: u32,
    pub min: u32,
    pub cells: &'a [wurfel_geom::Cell],
    pub color: String,
    /// Constraint colours of `cells`, in their order (absent when all are neutral): the page
    /// keeps them through its edits and exports, as BurrTools files carry them.
    #[serde(skip_serializing_if = "<[u8]>::is_empty")]
    pub cell_colors: &'a [u8],
    /// BurrTools' piece groups as (group, copies) pairs (absent when none).
    #[serde(skip_serializing_if = "<[(u32, u32)]>::is_empty")]
    pub groups: &'a [(u32, u32)],
}

/// Prepares the puzzle as `count` would, reporting instead of counting: what `count` would
/// refuse (e.g. the volumes) is in `errors`, what it would warn about in `warnings`.
pub fn check(l: &LoadedPuzzle, ctl: &Ctl) -> Result<Answer, ApiError> {
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
    match wurfel_app::prepare(&ctl.context(&wurfel_app::Silent), &l.puzzle) {
        Ok(prep) => {
            for name in prep.unplaceable() {
                problems.push(Problem {
                    severity: "warning",
                    place: "piece",
                    piece: Some(name.to_string()),
                    message: "fits nowhere in the target in any orientation: a proof, before \
                              any search, that the puzzle has no solution"
                        .into(),
                });
                warnings.push(format!(
                    "piece `{name}` fits nowhere in the target in any orientation: a proof, \
                     before any search, that `{}` has no solution (count 0; solve exits with 3)",
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
                .zip(wurfel_present::scene::kind_colours(&l.puzzle))
                .map(|(p, colour)| PieceModel {
                    name: &p.name,
                    count: p.count,
                    min: p.min,
                    cells: p.shape.cells(),
                    color: colour.to_string(),
                    cell_colors: &p.cell_colors,
                    groups: &p.groups,
                })
                .collect(),
            target_colors: &l.puzzle.target_colors,
            color_rules: &l.puzzle.color_rules,
        },
        notes: &l.notes,
        warnings,
        errors,
        problems,
    })
}
