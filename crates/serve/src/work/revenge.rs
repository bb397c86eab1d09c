//! The 4x4x4: `revenge solve --json` (either method), and playing moves on a position (for
//! the page's net and cube).

use super::to_json;
use crate::error::ApiError;
use crate::pool::Answer;
use crate::requests::RevengeRequest;
use crate::Shared;
use serde::Serialize;
use std::time::Instant;
use wurfel_present::report::{ReductionSolution, RevengeSolution};
use wurfel_revenge::notation::{self, Notation};
use wurfel_revenge::{Cube, Method, Options, Reduction};

/// The most moves `play` replays (far above any solution or scramble).
const MAX_PLAY_MOVES: usize = 1000;

fn notation_of(r: &RevengeRequest) -> Notation {
    if r.slice_notation {
        Notation::Slice
    } else {
        Notation::Wca
    }
}

/// The position of a request, as `revenge solve` reads `--scramble`, `--facelets` or
/// `--random --seed`.
fn position(r: &RevengeRequest) -> Result<Cube, ApiError> {
    let given = [r.scramble.is_some(), r.facelets.is_some(), r.random];
    if given.iter().filter(|&&g| g).count() > 1 {
        return Err(ApiError::bad_request(
            "give one position: `scramble`, `facelets` or `random`",
        ));
    }
    if r.seed.is_some() && !r.random {
        return Err(ApiError::bad_request("`seed` goes with `random`"));
    }
    if let Some(s) = &r.scramble {
        let steps =
            notation::parse(s, notation_of(r)).map_err(|e| ApiError::input(e.to_string()))?;
        let mut c = Cube::solved();
        notation::apply_steps(&mut c, &steps);
        Ok(c)
    } else if let Some(f) = &r.facelets {
        Cube::from_facelets(f).map_err(|e| ApiError::input(e.to_string()))
    } else if r.random {
        Ok(Cube::random(r.seed.unwrap_or(0)))
    } else {
        Err(ApiError::bad_request(
            "give a position: \"scramble\": \"...\", \"facelets\": \"...\" or \"random\": true",
        ))
    }
}

/// `revenge solve --json` with `method` (`reduction`, the default, or `five-stage` when its
/// tables are already built), `single` and `effort`, as the CLI reads them.
pub fn solve(r: &RevengeRequest, shared: &Shared) -> Result<Answer, ApiError> {
    if r.moves.is_some() {
        return Err(ApiError::bad_request(
            "`moves` is an option of revenge/play, not of revenge/solve",
        ));
    }
    let opts = options(r)?;
    // The position is checked before the tables are asked for: a bad one is refused at once,
    // not after the tables are built (half a minute on a first start).
    let cube = position(r)?;
    match r.method.as_deref() {
        None | Some("reduction") => reduction(&cube, &opts, shared.revenge()),
        Some("five-stage") => five_stage(&cube, &opts, shared),
        Some(m) => Err(ApiError::bad_request(format!(
            "unknown method `{m}`: use reduction or five-stage"
        ))),
    }
}

/// Either method's options, refused as `revenge solve` refuses its flags.
fn options(r: &RevengeRequest) -> Result<Options, ApiError> {
    if r.budget_ms.is_some() {
        return Err(ApiError::bad_request(
            "`budget_ms` was replaced by `effort`: the five-stage method's budget counts work \
             now, not time, so solutions are the same on every machine",
        ));
    }
    if let Some(x) = r.effort {
        if !(x > 0.0 && x <= 100.0) {
            return Err(ApiError::bad_request(format!(
                "`effort` {x} is not a number above 0 and at most 100"
            )));
        }
        if r.single {
            return Err(ApiError::bad_request(
                "`effort` and `single` cannot be used together",
            ));
        }
    }
    Ok(if r.single {
        Options::single()
    } else {
        Options {
            single: false,
            effort: r.effort.unwrap_or(1.0),
        }
    })
}

/// `revenge solve --method reduction --json`.
fn reduction(cube: &Cube, opts: &Options, solver: &Reduction) -> Result<Answer, ApiError> {
    let t = Instant::now();
    let sol = solver
        .solve(cube, opts)
        .map_err(|e| ApiError::input(e.to_string()))?;
    to_json(&ReductionSolution::new(&sol, t.elapsed().as_secs_f64()))
}

/// `revenge solve --method five-stage --json`, only with tables built beforehand: a web
/// request never starts their 2.3 GB, minutes-long build.
fn five_stage(cube: &Cube, opts: &Options, shared: &Shared) -> Result<Answer, ApiError> {
    let solver = shared.five_stage()?;
    let t = Instant::now();
    let sol = solver
        .solve(cube, opts)
        .map_err(|e| ApiError::input(e.to_string()))?;
    to_json(&RevengeSolution::new(&sol, t.elapsed().as_secs_f64()))
}

/// `POST /api/v1/revenge/play`: the facelets of the position and after each move.
#[derive(Serialize)]
pub struct Played {
    /// The moves, one token each, as given.
    pub moves: Vec<String>,
    /// 1 + moves facelet strings (faces U R F D L B), the position first.
    pub facelets: Vec<String>,
    /// Whether the last position is solved (in any orientation).
    pub solved: bool,
}

/// Plays `moves` on the request's position; checks the position (the CLI's messages).
pub fn play(r: &RevengeRequest) -> Result<Answer, ApiError> {
    if r.method.is_some() || r.single || r.effort.is_some() || r.budget_ms.is_some() {
        return Err(ApiError::bad_request(
            "`method`, `single`, `effort` and `budget_ms` are options of revenge/solve, not of \
             revenge/play",
        ));
    }
    let mut cube = position(r)?;
    let tokens: Vec<&str> = r
        .moves
        .as_deref()
        .unwrap_or("")
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    if tokens.len() > MAX_PLAY_MOVES {
        return Err(ApiError::bad_request(format!(
            "at most {MAX_PLAY_MOVES} moves, not {}",
            tokens.len()
        )));
    }
    let mut facelets = vec![cube.facelets()];
    for t in &tokens {
        let steps =
            notation::parse(t, notation_of(r)).map_err(|e| ApiError::input(e.to_string()))?;
        notation::apply_steps(&mut cube, &steps);
        facelets.push(cube.facelets());
    }
    to_json(&Played {
        moves: tokens.iter().map(|t| t.to_string()).collect(),
        facelets,
        solved: cube.is_solved_any_orientation(),
    })
}
