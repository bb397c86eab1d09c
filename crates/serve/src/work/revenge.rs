//! The 4x4x4: `revenge solve --json` (either method), and playing moves on a position (for
//! the page's net and cube).

use super::to_json;
use crate::error::ApiError;
use crate::pool::{Answer, Ctl};
use crate::requests::RevengeRequest;
use crate::Shared;
use serde::Serialize;
use wurfel_app::revenge::{self, Method, Position};
use wurfel_revenge::notation::{self, Notation};
use wurfel_revenge::Cube;

/// The most moves `play` replays (far above any solution or scramble).
const MAX_PLAY_MOVES: usize = 1000;

fn notation_of(r: &RevengeRequest) -> Notation {
    if r.slice_notation {
        Notation::Slice
    } else {
        Notation::Wca
    }
}

/// The position of a request, as `revenge solve` reads `--scramble`, `--facelets` (with
/// `--up-front`) or `--random --seed`.
fn position(r: &RevengeRequest) -> Result<Position, ApiError> {
    let given = [r.scramble.is_some(), r.facelets.is_some(), r.random];
    if given.iter().filter(|&&g| g).count() > 1 {
        return Err(ApiError::bad_request(
            "give one position: `scramble`, `facelets` or `random`",
        ));
    }
    if r.up_front.is_some() && r.facelets.is_none() {
        return Err(ApiError::bad_request("`up_front` goes with `facelets`"));
    }
    if r.seed.is_some() && !r.random {
        return Err(ApiError::bad_request("`seed` goes with `random`"));
    }
    if let Some(s) = &r.scramble {
        Ok(Position::Scramble {
            text: s.clone(),
            slice_notation: r.slice_notation,
        })
    } else if let Some(f) = &r.facelets {
        Ok(Position::Facelets {
            stickers: f.clone(),
            up_front: r.up_front.clone(),
        })
    } else if r.random {
        Ok(Position::Random {
            seed: r.seed.unwrap_or(0),
        })
    } else {
        Err(ApiError::bad_request(
            "give a position: \"scramble\": \"...\", \"facelets\": \"...\" or \"random\": true",
        ))
    }
}

/// `revenge solve --json` with `method` (`reduction`, the default, or `five-stage` when its
/// tables are already built), `single` and `effort`, as the CLI reads them; the application
/// layer's one solve path.
pub fn solve(r: &RevengeRequest, ctl: &Ctl, shared: &Shared) -> Result<Answer, ApiError> {
    if r.moves.is_some() {
        return Err(ApiError::bad_request(
            "`moves` is an option of revenge/play, not of revenge/solve",
        ));
    }
    if r.budget_ms.is_some() {
        return Err(ApiError::bad_request(
            "`budget_ms` was replaced by `effort`: the five-stage method's budget counts work \
             now, not time, so solutions are the same on every machine",
        ));
    }
    let method: Method = match r.method.as_deref() {
        None => Method::Reduction,
        Some(m) => m.parse().map_err(ApiError::bad_request)?,
    };
    let opts = revenge::options(r.single, r.effort)?;
    // The position is checked before the tables are asked for: a bad one is refused at once,
    // not after the tables are built (half a minute on a first start).
    let ctx = ctl.context(&wurfel_app::Silent);
    let cube = revenge::position(&position(r)?, &ctx)?;
    let solved = match method {
        Method::Reduction => revenge::solve_cube(cube, &opts, shared.revenge())?,
        // Only with tables built beforehand: a web request never starts their 2.3 GB,
        // minutes-long build.
        Method::FiveStage => revenge::solve_cube(cube, &opts, &*shared.five_stage()?)?,
    };
    to_json(&solved.json)
}

/// The request's position for `play`, read as `solve` reads it.
fn cube(r: &RevengeRequest) -> Result<Cube, ApiError> {
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let budget = wurfel_app::Budget::unlimited();
    let ctx = wurfel_app::Context {
        threads: 1,
        budget: &budget,
        cancel: &cancel,
        sink: &wurfel_app::Silent,
    };
    Ok(revenge::position(&position(r)?, &ctx)?)
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
    let mut cube = cube(r)?;
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
