//! The 4x4x4: `revenge solve --method reduction --json`, and playing moves on a position (for
//! the page's net).

use super::to_json;
use crate::error::ApiError;
use crate::pool::Answer;
use crate::requests::RevengeRequest;
use serde::Serialize;
use std::time::Instant;
use wurfel_present::report::ReductionSolution;
use wurfel_revenge::notation::{self, Notation};
use wurfel_revenge::Cube;
use wurfel_revenge::{Method, Options, Reduction};

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

/// `revenge solve --method reduction --json`.
pub fn solve(r: &RevengeRequest, solver: &Reduction) -> Result<Answer, ApiError> {
    match r.method.as_deref() {
        None | Some("reduction") => {}
        Some("five-stage") => {
            return Err(ApiError::bad_request(
                "this server solves with \"method\": \"reduction\" only (the five-stage \
                 method's tables take 2.3 GB; use `wurfel revenge solve` for it)",
            ))
        }
        Some(m) => {
            return Err(ApiError::bad_request(format!(
                "unknown method `{m}`: use reduction"
            )))
        }
    }
    if r.moves.is_some() {
        return Err(ApiError::bad_request(
            "`moves` is an option of revenge/play, not of revenge/solve",
        ));
    }
    let cube = position(r)?;
    let opts = if r.single {
        Options::single()
    } else {
        Options::default()
    };
    let t = Instant::now();
    let sol = solver
        .solve(&cube, &opts)
        .map_err(|e| ApiError::input(e.to_string()))?;
    to_json(&ReductionSolution::new(&sol, t.elapsed().as_secs_f64()))
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
    if r.method.is_some() || r.single {
        return Err(ApiError::bad_request(
            "`method` and `single` are options of revenge/solve, not of revenge/play",
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
