//! Checks a raw count found by the search (or its shards) against Burnside's lemma, without
//! counting it again: the frontier counter counts the solutions fixed by each rotation of the
//! target other than the identity (small problems: a fixed solution is a union of orbits of
//! placements), and `(raw + Σ Fix(g)) / |G|` must be a whole number equal to the search's
//! rotation classes. The search finds its classes solution by solution (is this solution the
//! smallest of its images?), the fixed points come from another algorithm, so a solution the
//! search missed or counted twice shows.
//!
//! `cargo run --release -p wurfel-pack --example burnside_check -- PUZZLE RAW [ROTATIONS]`
//!
//! PUZZLE is a catalog id or a puzzle file; RAW and ROTATIONS are the search's counts (as
//! `wurfel count PUZZLE --json` prints them). Exits 1 when they disagree.
use num_bigint::BigUint;
use std::process::ExitCode;
use wurfel_pack::frontier::{rotation_classes_given_raw, FrontierError, FrontierOptions};
use wurfel_pack::{load, Prepared};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 || args.len() > 3 {
        eprintln!("usage: burnside_check PUZZLE RAW [ROTATIONS]");
        return ExitCode::from(2);
    }
    let number = |s: &str| {
        s.replace(',', "")
            .parse::<BigUint>()
            .map_err(|e| format!("{s:?} is not a count: {e}"))
    };
    match check(&args[0], number(&args[1]), args.get(2).map(|s| number(s))) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn check(
    puzzle: &str,
    raw: Result<BigUint, String>,
    rotations: Option<Result<BigUint, String>>,
) -> Result<bool, String> {
    let raw = raw?;
    let rotations = rotations.transpose()?;
    let puzzle = load(puzzle).map_err(|e| e.to_string())?;
    let prep = Prepared::new(&puzzle).map_err(|e| e.to_string())?;
    let opts = FrontierOptions {
        threads: 2,
        ..Default::default()
    };
    let (classes, runs) = match rotation_classes_given_raw(&prep, &raw, &opts) {
        Ok(x) => x,
        Err(FrontierError::Inconsistent(why)) => {
            println!("DISAGREES: with this raw count {why}");
            return Ok(false);
        }
        Err(e) => return Err(e.to_string()),
    };
    for r in &runs {
        let shared = r
            .same_as
            .map_or(String::new(), |j| format!(" (as run {j})"));
        println!("{:<34} {:>24}{shared}", r.symmetry, r.fixed);
    }
    let g = runs.len();
    println!("rotation classes implied: (raw + fixed points) / {g} = {classes}");
    Ok(match rotations {
        Some(r) if r == classes => {
            println!("agrees with the rotation classes given ({r})");
            true
        }
        Some(r) => {
            println!("DISAGREES with the rotation classes given ({r})");
            false
        }
        None => true,
    })
}
