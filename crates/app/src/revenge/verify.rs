//! `revenge verify`: solutions found by another program (a peer solver run on the positions
//! `revenge positions` prints) checked by applying each to its position, and measured in the
//! slice turn and outer block turn metrics, so that a side-by-side table compares lengths
//! counted one way.

use super::stats::{mean, median};
use crate::context::Context;
use crate::error::AppError;
use wurfel_present::report::{VerifiedLine, VerifyJson};
use wurfel_revenge::notation::{self, Notation};
use wurfel_revenge::Cube;

/// The longest time a line may give: a day, far beyond any solver's time for one position (and
/// sums of a million such times stay exact to the millisecond).
const MAX_MILLIS: f64 = 86_400_000.0;

/// Why a line did not pass: it cannot be read, or its solution does not solve its position.
/// They are told apart because "wrong solutions" must not be said of a mistyped time.
#[derive(Debug)]
enum Fault {
    Unreadable(String),
    Wrong(String),
}

/// Checks one non-empty, non-comment line (`number` counts from 1).
fn check_line(number: usize, text: &str, nt: Notation) -> Result<VerifiedLine, Fault> {
    let unreadable = Fault::Unreadable;
    let fields: Vec<&str> = text.split('\t').collect();
    if !(2..=3).contains(&fields.len()) {
        return Err(unreadable(format!(
            "expected FACELETS<TAB>SOLUTION or FACELETS<TAB>SOLUTION<TAB>MILLISECONDS, found {} \
             tab-separated field(s)",
            fields.len()
        )));
    }
    let facelets = fields[0].trim();
    let cube = Cube::from_facelets(facelets).map_err(|e| unreadable(format!("position: {e}")))?;
    let steps = notation::parse(fields[1], nt).map_err(|e| unreadable(format!("solution: {e}")))?;
    let seconds = match fields.get(2) {
        None => None,
        Some(ms) => match ms.trim().parse::<f64>() {
            Ok(x) if (0.0..=MAX_MILLIS).contains(&x) => Some(x / 1000.0),
            _ => {
                return Err(unreadable(format!(
                    "time {:?} is not a number of milliseconds from 0 to {MAX_MILLIS} (a day)",
                    ms.trim()
                )))
            }
        },
    };
    let mut after = cube;
    notation::apply_steps(&mut after, &steps);
    // A solver may end in any orientation (a 4x4x4 has no fixed centres to say which is
    // right), so a cube whose every face shows one colour is solved.
    if !after.is_solved_any_orientation() {
        return Err(Fault::Wrong(format!(
            "WRONG SOLUTION: applied to {facelets} it leaves {}, which is not solved",
            after.facelets()
        )));
    }
    // Lengths in the original frame: rotations are free in both metrics.
    let (moves, _) = notation::unrotate(&steps);
    Ok(VerifiedLine {
        line: number,
        facelets: facelets.to_string(),
        solution: fields[1].trim().to_string(),
        obtm: notation::obtm(&moves),
        stm: notation::stm(&moves),
        seconds,
    })
}

/// Every line of `text` (read from `source`, which messages name) checked and summed up. Each
/// failing line is said through the context's notes; the result is an error if any fails, if
/// none is there, or if only some give a time (no averages from a partial or mixed set).
pub fn verify(
    text: &str,
    source: &str,
    nt: Notation,
    ctx: &Context<'_>,
) -> Result<VerifyJson, AppError> {
    let mut passed = Vec::new();
    let (mut wrong, mut unreadable) = (0usize, 0usize);
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        match check_line(i + 1, line, nt) {
            Ok(p) => passed.push(p),
            Err(Fault::Wrong(why)) => {
                wrong += 1;
                ctx.note(&format!("{source}, line {}: {why}", i + 1));
            }
            Err(Fault::Unreadable(why)) => {
                unreadable += 1;
                ctx.note(&format!("{source}, line {}: {why}", i + 1));
            }
        }
    }
    let lines = wrong + unreadable + passed.len();
    if wrong > 0 {
        return Err(AppError::input(format!(
            "{wrong} of {lines} solutions in {source} failed the check (listed above); no \
             averages are printed from a set with wrong solutions"
        )));
    }
    if unreadable > 0 {
        return Err(AppError::input(format!(
            "{unreadable} of {lines} lines in {source} could not be read (listed above); no \
             averages are printed from a set with unread lines"
        )));
    }
    if passed.is_empty() {
        return Err(AppError::input(format!(
            "{source} holds no FACELETS<TAB>SOLUTION lines"
        )));
    }
    let times: Vec<f64> = passed.iter().filter_map(|p| p.seconds).collect();
    if !times.is_empty() && times.len() != passed.len() {
        return Err(AppError::input(format!(
            "{} of {} lines in {source} give a time: give one on every line or on none",
            times.len(),
            passed.len()
        )));
    }
    let obtms: Vec<usize> = passed.iter().map(|p| p.obtm).collect();
    let stms: Vec<usize> = passed.iter().map(|p| p.stm).collect();
    let timed = !times.is_empty();
    Ok(VerifyJson {
        solutions: passed.len(),
        obtm_avg: mean(obtms.iter().map(|&x| x as f64)),
        obtm_max: obtms.iter().copied().max().unwrap_or(0),
        stm_avg: mean(stms.iter().map(|&x| x as f64)),
        stm_max: stms.iter().copied().max().unwrap_or(0),
        seconds_avg: timed.then(|| mean(times.iter().copied())),
        seconds_median: timed.then(|| median(&times)),
        seconds_max: timed.then(|| times.iter().copied().fold(0.0, f64::max)),
        lines: passed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solution_ending_in_a_rotation_is_measured_without_it() {
        // `Lw'` then `Rw` turns all four layers together, a whole-cube `x`, so `Rw x'` undoes
        // `Lw'`; its length is that of `Rw`: one block turn, two slices.
        let mut c = Cube::solved();
        notation::apply_steps(
            &mut c,
            &notation::parse("Lw'", Notation::Wca).expect("valid"),
        );
        let line = format!("{}\tRw x'\t12.5", c.facelets());
        let p = check_line(1, &line, Notation::Wca).expect("Rw x' solves Lw'");
        assert_eq!((p.obtm, p.stm), (1, 2));
        assert_eq!(p.seconds, Some(0.0125));
        let wrong = format!("{}\tR", c.facelets());
        match check_line(1, &wrong, Notation::Wca) {
            Err(Fault::Wrong(e)) => assert!(e.contains("WRONG SOLUTION"), "{e}"),
            other => panic!("a wrong solution, found {other:?}"),
        }
    }
}
