//! `wurfel revenge scramble`: random-state scrambles, the inverse of a solution of a uniformly
//! random position, checked to rebuild it.

use super::args::{Method, ScrambleArgs};
use super::load::{load_reduction, load_solver};
use crate::outln;
use anyhow::{bail, Context, Result};
use wurfel_revenge::notation::{self, Notation, Step};
use wurfel_revenge::Method as _;
use wurfel_revenge::{Cube, Options};

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

/// A solver as a function from a position to its solution (turns and rotations in order).
type SolveFn = dyn Fn(&Cube) -> Result<Vec<Step>>;

pub(super) fn scramble(a: ScrambleArgs) -> Result<()> {
    // One solver for all scrambles; each returns the single-slice solution of a position.
    let solve: Box<SolveFn> = match a.method {
        Method::FiveStage => {
            let (solver, _) = load_solver(&a.common)?;
            Box::new(move |c| Ok(solver.solve(c, &Options::default())?.steps))
        }
        Method::Reduction => {
            let (solver, _) = load_reduction(&a.common)?;
            Box::new(move |c| Ok(solver.solve(c, &Options::default())?.steps))
        }
        Method::Both => bail!("scramble takes --method five-stage or reduction"),
    };
    for i in 0..a.count {
        let seed = a.seed + i as u64;
        let cube = Cube::random(seed);
        // The solution's inverse, rotations moved to the end (where they change nothing).
        let (moves, _) = notation::unrotate(&inverse(
            &solve(&cube).with_context(|| format!("random position seed {seed}"))?,
        ));
        let text = notation::to_wca(&moves);
        // The scramble must rebuild the random position from the solved cube (up to a
        // whole-cube rotation, which is the same position: a 4x4x4 has no fixed centres).
        let mut check = Cube::solved();
        notation::apply_steps(&mut check, &notation::parse(&text, Notation::Wca)?);
        let same = wurfel_revenge::same_up_to_rotation(&check, &cube);
        if !same {
            bail!("scramble for seed {seed} does not rebuild its position (internal error)");
        }
        if a.json {
            outln!(
                "{}",
                serde_json::to_string(&crate::report::ScrambleJson {
                    seed,
                    obtm: notation::obtm(&moves),
                    stm: notation::stm(&moves),
                    facelets: cube.facelets(),
                    scramble: text,
                })?
            );
        } else {
            outln!("{text}");
        }
    }
    Ok(())
}
