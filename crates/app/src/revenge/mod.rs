//! The 4x4x4 operations, once for the command line and the server: a position read from a
//! request, solved by either method into one solution shape ([`RevengeSolution`]), random-state
//! scrambles checked to rebuild their positions, benches over random positions ([`bench`]), and
//! other solvers' solutions checked ([`verify`]).
//!
//! The solvers (their tables) are the caller's: the command line loads them with progress
//! bars, the server keeps them for its lifetime. An operation takes a loaded
//! [`wurfel_revenge::Solver`], so both methods go through the same path.

pub mod analyse;
mod bench;
mod stats;
mod verify;

pub use bench::{bench, positions, BenchRequest, Tables};
pub use verify::verify;

use crate::context::Context;
use crate::error::AppError;
use std::time::Instant;
use wurfel_present::report::{RevengeSolution, ScrambleJson};
use wurfel_revenge::notation::{self, Notation, Step};
use wurfel_revenge::{stickers, Cube, Options, Solver, FACE_CHARS};

pub use wurfel_revenge::Method;

/// Where a position comes from (exactly one of the CLI's `--scramble`, `--facelets`,
/// `--random`, or the same fields of a request).
#[derive(Clone, Debug, PartialEq)]
pub enum Position {
    /// A scramble applied to the solved cube; lower-case letters as single inner slices when
    /// `slice_notation`, else as SiGN wide turns.
    Scramble { text: String, slice_notation: bool },
    /// 96 stickers, in face letters or any six colours; `up_front` the colours of the up and
    /// front faces (`W,G`) when the colours alone do not fix the frame as wanted.
    Facelets {
        stickers: String,
        up_front: Option<String>,
    },
    /// A uniformly random position.
    Random { seed: u64 },
}

/// The position a request names; the frame colours were read in is told to `ctx` as a note.
pub fn position(p: &Position, ctx: &Context<'_>) -> Result<Cube, AppError> {
    match p {
        Position::Scramble {
            text,
            slice_notation,
        } => {
            let nt = if *slice_notation {
                Notation::Slice
            } else {
                Notation::Wca
            };
            let steps = notation::parse(text, nt).map_err(|e| AppError::from_input(&e))?;
            let mut c = Cube::solved();
            notation::apply_steps(&mut c, &steps);
            Ok(c)
        }
        Position::Facelets { stickers, up_front } => {
            let up_front = match up_front {
                Some(uf) => Some(uf.split_once(',').ok_or_else(|| {
                    AppError::usage(format!(
                        "--up-front {uf:?}: give two colours separated by a comma, e.g. W,G"
                    ))
                })?),
                None => None,
            };
            let read = stickers::read(stickers, up_front.map(|(u, f)| (u.trim(), f.trim())))
                .map_err(|e| AppError::from_input(&e))?;
            if read.frame != stickers::Frame::FaceLetters {
                let faces: Vec<String> = FACE_CHARS
                    .iter()
                    .zip(&read.scheme)
                    .map(|(face, colour)| format!("{face}={colour}"))
                    .collect();
                ctx.note(&format!(
                    "stickers read as {} ({})",
                    faces.join(" "),
                    read.frame.describe()
                ));
            }
            Ok(read.cube)
        }
        Position::Random { seed } => Ok(Cube::random(*seed)),
    }
}

/// Either method's options: `single` (one solution per phase or stage) or an `effort` above 0
/// and at most 100 multiplying the method's work budgets. (A front end refuses its retired
/// time budget itself, in its own spelling.)
pub fn options(single: bool, effort: Option<f64>) -> Result<Options, AppError> {
    if let Some(x) = effort {
        if !(x > 0.0 && x <= 100.0) {
            return Err(AppError::usage(format!(
                "effort {x} is not a number above 0 and at most 100"
            )));
        }
        if single {
            return Err(AppError::usage("effort and single cannot be used together"));
        }
    }
    Ok(if single {
        Options::single()
    } else {
        Options {
            single: false,
            effort: effort.unwrap_or(1.0),
        }
    })
}

/// A 4x4x4 solve: the position and the search's options (the method is the solver's).
#[derive(Clone, Debug, PartialEq)]
pub struct SolveRequest {
    pub position: Position,
    pub options: Options,
}

/// A solved position: the cube as read, and the solution as data (both methods one shape).
pub struct Solved {
    pub cube: Cube,
    pub solution: wurfel_revenge::Solution,
    pub json: RevengeSolution,
}

/// Solves the request's position with `solver` (either method); the solution is checked by
/// the solver before it is returned.
pub fn solve(
    req: &SolveRequest,
    solver: &dyn Solver,
    ctx: &Context<'_>,
) -> Result<Solved, AppError> {
    let cube = position(&req.position, ctx)?;
    solve_cube(cube, &req.options, solver)
}

/// Solves `cube` with `solver` (for a front end that read the position before loading the
/// solver's tables: a bad position is refused at once, not after a table build).
pub fn solve_cube(cube: Cube, options: &Options, solver: &dyn Solver) -> Result<Solved, AppError> {
    let t = Instant::now();
    let solution = solver
        .solve(&cube, options)
        .map_err(|e| AppError::from_input(&e))?;
    let json = RevengeSolution::new(solver.method(), &solution, t.elapsed().as_secs_f64());
    Ok(Solved {
        cube,
        solution,
        json,
    })
}

/// The inverse of a sequence of turns and whole-cube rotations.
fn inverse(steps: &[Step]) -> Vec<Step> {
    steps
        .iter()
        .rev()
        .map(|s| match *s {
            Step::Turn(m) => Step::Turn(m.inverse()),
            Step::Rotate(r) => Step::Rotate(r.inverse()),
        })
        .collect()
}

/// A random-state scramble: the uniformly random position of `seed`, and the inverse of its
/// solution by `solver`, checked to rebuild the position from the solved cube.
pub fn scramble(seed: u64, solver: &dyn Solver) -> Result<ScrambleJson, AppError> {
    let cube = Cube::random(seed);
    let sol = solver
        .solve(&cube, &Options::default())
        .map_err(|e| AppError::input(format!("random position seed {seed}: {e}")))?;
    // The solution's inverse, rotations moved to the end (where they change nothing).
    let (moves, _) = notation::unrotate(&inverse(&sol.steps));
    let text = notation::to_wca(&moves);
    // The scramble must rebuild the random position from the solved cube (up to a whole-cube
    // rotation, which is the same position: a 4x4x4 has no fixed centres).
    let mut check = Cube::solved();
    let parsed = notation::parse(&text, Notation::Wca).map_err(|e| AppError::from_input(&e))?;
    notation::apply_steps(&mut check, &parsed);
    if !wurfel_revenge::same_up_to_rotation(&check, &cube) {
        return Err(AppError::input(format!(
            "scramble for seed {seed} does not rebuild its position (internal error)"
        )));
    }
    Ok(ScrambleJson {
        seed,
        obtm: notation::obtm(&moves),
        stm: notation::stm(&moves),
        facelets: cube.facelets(),
        scramble: text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Budget, Silent};
    use std::sync::atomic::AtomicBool;

    fn with_ctx<T>(f: impl FnOnce(&Context<'_>) -> T) -> T {
        let budget = Budget::unlimited();
        let cancel = AtomicBool::new(false);
        let ctx = Context {
            threads: 1,
            budget: &budget,
            cancel: &cancel,
            sink: &Silent,
        };
        f(&ctx)
    }

    #[test]
    fn the_three_ways_of_giving_a_position_agree() {
        with_ctx(|ctx| {
            let cube = Cube::random(5);
            let by_stickers = Position::Facelets {
                stickers: cube.facelets(),
                up_front: None,
            };
            assert_eq!(position(&by_stickers, ctx).unwrap(), cube);
            assert_eq!(position(&Position::Random { seed: 5 }, ctx).unwrap(), cube);
            let mut turned = Cube::solved();
            let steps = notation::parse("Rw U2", Notation::Wca).unwrap();
            notation::apply_steps(&mut turned, &steps);
            let by_scramble = Position::Scramble {
                text: "Rw U2".into(),
                slice_notation: false,
            };
            assert_eq!(position(&by_scramble, ctx).unwrap(), turned);
        });
    }

    #[test]
    fn bad_requests_are_errors_of_their_kind() {
        with_ctx(|ctx| {
            let bad = Position::Scramble {
                text: "Q".into(),
                slice_notation: false,
            };
            assert_eq!(position(&bad, ctx).unwrap_err().kind, crate::Kind::Input);
        });
        assert_eq!(
            options(true, Some(2.0)).unwrap_err().kind,
            crate::Kind::Usage
        );
        assert_eq!(
            options(false, Some(0.0)).unwrap_err().kind,
            crate::Kind::Usage
        );
        assert_eq!(options(true, None).unwrap(), Options::single());
        assert_eq!(options(false, Some(2.0)).unwrap().effort, 2.0);
    }
}
