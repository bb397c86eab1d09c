//! `wurfel revenge verify`: checks solutions found by another program (a peer solver run on the
//! positions `revenge positions` prints) by applying each to its position, and measures them
//! in the slice turn and outer block turn metrics, so that a side-by-side table compares
//! lengths counted one way.

use crate::outln;
use crate::report::{VerifiedLine, VerifyJson};
use anyhow::{bail, Context, Result};
use std::io::Read;
use std::path::PathBuf;
use wurfel_revenge::notation::{self, Notation};
use wurfel_revenge::Cube;

/// Arguments of `wurfel revenge verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// File of lines `FACELETS<TAB>SOLUTION` or `FACELETS<TAB>SOLUTION<TAB>MILLISECONDS`
    /// (96 facelets, faces U R F D L B; the solution in WCA/SiGN notation, whole-cube
    /// rotations x y z allowed anywhere); `-` or nothing: standard input. Empty lines and
    /// lines starting with `#` are skipped.
    input: Option<PathBuf>,
    /// Read lower-case letters as Norskog's single inner slices (u = the slice next to U)
    /// instead of SiGN wide turns (u = Uw).
    #[arg(long)]
    slice_notation: bool,
    /// Print only the averages and maxima, not one line per solution.
    #[arg(long)]
    summary: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The longest time a line may give: a day, far beyond any solver's time for one position (and
/// sums of a million such times stay exact to the millisecond).
const MAX_MILLIS: f64 = 86_400_000.0;

/// The most input read (a million solutions fit easily).
const MAX_INPUT_BYTES: u64 = 512 << 20;

/// One line that passed: its solution solves its position.
#[derive(Debug)]
struct Passed {
    line: usize,
    facelets: String,
    solution: String,
    obtm: usize,
    stm: usize,
    seconds: Option<f64>,
}

/// Why a line did not pass: it cannot be read, or its solution does not solve its position.
/// They are told apart because "wrong solutions" must not be said of a mistyped time.
#[derive(Debug)]
enum Fault {
    Unreadable(String),
    Wrong(String),
}

/// Checks one non-empty, non-comment line.
fn check_line(number: usize, text: &str, nt: Notation) -> Result<Passed, Fault> {
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
    Ok(Passed {
        line: number,
        facelets: facelets.to_string(),
        solution: fields[1].trim().to_string(),
        obtm: notation::obtm(&moves),
        stm: notation::stm(&moves),
        seconds,
    })
}

fn read_input(input: Option<&PathBuf>) -> Result<(String, String)> {
    match input {
        Some(p) if p.as_os_str() != "-" => {
            let text = wurfel_files::read_text_bounded(p, MAX_INPUT_BYTES)
                .with_context(|| format!("cannot read {}", p.display()))?;
            Ok((text, p.display().to_string()))
        }
        _ => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .take(MAX_INPUT_BYTES + 1)
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
            if bytes.len() as u64 > MAX_INPUT_BYTES {
                bail!("standard input is larger than {MAX_INPUT_BYTES} bytes");
            }
            let text = String::from_utf8(bytes).context("standard input is not UTF-8 text")?;
            Ok((text, "standard input".to_string()))
        }
    }
}

fn mean(v: impl ExactSizeIterator<Item = f64>) -> f64 {
    let n = v.len().max(1) as f64;
    v.sum::<f64>() / n
}

/// The median of a non-empty list (the mean of the two middle values for an even count).
pub(super) fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let k = s.len() / 2;
    if s.len() % 2 == 1 {
        s[k]
    } else {
        (s[k - 1] + s[k]) / 2.0
    }
}

/// Every line of `text` (read from `source`) checked; an error if any fails (each failure
/// said on stderr), if none is there, or if only some give a time.
fn check_all(text: &str, source: &str, nt: Notation) -> Result<Vec<Passed>> {
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
                crate::note!("{source}, line {}: {why}", i + 1);
            }
            Err(Fault::Unreadable(why)) => {
                unreadable += 1;
                crate::note!("{source}, line {}: {why}", i + 1);
            }
        }
    }
    let lines = wrong + unreadable + passed.len();
    if wrong > 0 {
        bail!(
            "{wrong} of {lines} solutions in {source} failed the check (listed above); no \
             averages are printed from a set with wrong solutions"
        );
    }
    if unreadable > 0 {
        bail!(
            "{unreadable} of {lines} lines in {source} could not be read (listed above); no \
             averages are printed from a set with unread lines"
        );
    }
    if passed.is_empty() {
        bail!("{source} holds no FACELETS<TAB>SOLUTION lines");
    }
    let timed = passed.iter().filter(|p| p.seconds.is_some()).count();
    if timed != 0 && timed != passed.len() {
        bail!(
            "{timed} of {} lines in {source} give a time: give one on every line or on none",
            passed.len()
        );
    }
    Ok(passed)
}

/// Runs `wurfel revenge verify`.
pub fn verify(a: VerifyArgs) -> Result<()> {
    let nt = if a.slice_notation {
        Notation::Slice
    } else {
        Notation::Wca
    };
    let (text, source) = read_input(a.input.as_ref())?;
    let passed = check_all(&text, &source, nt)?;
    let times: Vec<f64> = passed.iter().filter_map(|p| p.seconds).collect();
    let obtms: Vec<usize> = passed.iter().map(|p| p.obtm).collect();
    let stms: Vec<usize> = passed.iter().map(|p| p.stm).collect();
    let avg = |v: &[usize]| mean(v.iter().map(|&x| x as f64));
    let max = |v: &[usize]| v.iter().copied().max().unwrap_or(0);
    let tmax = times.iter().copied().fold(0.0, f64::max);
    if a.json {
        let j = VerifyJson {
            solutions: passed.len(),
            obtm_avg: avg(&obtms),
            obtm_max: max(&obtms),
            stm_avg: avg(&stms),
            stm_max: max(&stms),
            seconds_avg: (!times.is_empty()).then(|| mean(times.iter().copied())),
            seconds_median: (!times.is_empty()).then(|| median(&times)),
            seconds_max: (!times.is_empty()).then_some(tmax),
            lines: passed
                .into_iter()
                .map(|p| VerifiedLine {
                    line: p.line,
                    facelets: p.facelets,
                    solution: p.solution,
                    obtm: p.obtm,
                    stm: p.stm,
                    seconds: p.seconds,
                })
                .collect(),
        };
        outln!("{}", serde_json::to_string(&j)?);
        return Ok(());
    }
    if !a.summary {
        for p in &passed {
            let t = p
                .seconds
                .map_or(String::new(), |s| format!(", {:.1} ms", s * 1000.0));
            outln!("line {}: {} OBTM, {} STM{t}", p.line, p.obtm, p.stm);
        }
    }
    outln!(
        "{} solutions checked (each applied to its position: solved, in some orientation)",
        passed.len()
    );
    outln!(
        "OBTM (outer block turns): average {:.2}, max {}",
        avg(&obtms),
        max(&obtms)
    );
    outln!(
        "STM  (slice turns):       average {:.2}, max {}",
        avg(&stms),
        max(&stms)
    );
    if !times.is_empty() {
        outln!(
            "time per solve: average {:.3} s, median {:.3} s, max {:.3} s",
            mean(times.iter().copied()),
            median(&times),
            tmax
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
    }

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
