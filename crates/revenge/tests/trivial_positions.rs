//! Both solvers on the positions with the least to do: the identity, every whole-cube rotation
//! of it (24) and every single turn of either move set (the 36 single-slice turns of the five
//! stages, the 36 block turns of the reduction). These once crashed the reduction (a solved
//! cube left nothing for a later candidate to beat and the limit wrapped below zero). Every
//! solution is applied by the independent sticker simulator, which must end solved.
//!
//! The positions are made by the simulator too (rotations as its own `x`/`y`/`z` turns), so a
//! mistake in the library's model cannot make a position and its check agree.

mod common;

use common::{sim_solves, sim_wca_token, Sim};
use std::collections::BTreeSet;
use wurfel_revenge::{notation, Cube, Move, FACE_CHARS};
use wurfel_revenge::{FiveStage as Solver, Options, Solver as _};
use wurfel_revenge::{Reduction, ReductionTables as TableStore, ReductionTuning as Tuning};

/// The 24 whole-cube rotations of the solved cube, as facelets: the closure of `x` and `y`.
fn rotations() -> Vec<String> {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut todo = vec![Sim::solved().facelets()];
    while let Some(f) = todo.pop() {
        if !seen.insert(f.clone()) {
            continue;
        }
        for t in ["x", "y"] {
            let mut s = Sim::from_facelets(&f);
            s.token(t);
            todo.push(s.facelets());
        }
    }
    seen.into_iter().collect()
}

/// A position to solve: what it is, its facelets, and the OBTM length of what made it.
struct Position {
    name: String,
    facelets: String,
    obtm: usize,
    /// The identity or a whole-cube rotation of it.
    solved: bool,
}

/// Each token applied alone to the solved cube by the simulator.
fn after_one(tokens: impl Iterator<Item = (String, usize)>) -> Vec<Position> {
    tokens
        .map(|(tok, obtm)| {
            let mut s = Sim::solved();
            sim_wca_token(&mut s, &tok);
            Position {
                name: tok,
                facelets: s.facelets(),
                obtm,
                solved: false,
            }
        })
        .collect()
}

/// The 36 block turns of the outer block turn metric, by name: each face's outer and wide
/// (`w`) turns, quarter, half and inverse.
fn block_turns() -> Vec<String> {
    let mut names = Vec::new();
    for f in FACE_CHARS {
        for w in ["", "w"] {
            for a in ["", "2", "'"] {
                names.push(format!("{f}{w}{a}"));
            }
        }
    }
    names
}

/// Every position once: the identity, the 24 rotations, the 36 single-slice turns, the 36
/// block turns (outer turns appear in both move sets).
fn positions() -> Vec<Position> {
    let rotations = rotations().into_iter().enumerate().map(|(i, f)| Position {
        name: format!("rotation {i}"),
        facelets: f,
        obtm: 0,
        solved: true,
    });
    let mut all: Vec<Position> = rotations.collect();
    all.extend(after_one(
        Move::all().map(|m| (m.wca_name(), notation::obtm(&[m]))),
    ));
    all.extend(after_one(block_turns().into_iter().map(|t| (t, 1))));
    all
}

#[test]
fn the_positions_are_what_they_claim() {
    let all = positions();
    let solved = Sim::solved().facelets();
    assert_eq!(
        all.iter().filter(|p| p.solved).count(),
        24,
        "the rotation group"
    );
    assert_eq!(
        all.iter().filter(|p| p.facelets == solved).count(),
        1,
        "the identity"
    );
    // A single turn never leaves the cube solved, nor solved up to a rotation.
    let rotations: BTreeSet<&str> = all
        .iter()
        .filter(|p| p.solved)
        .map(|p| p.facelets.as_str())
        .collect();
    for p in all.iter().filter(|p| !p.solved) {
        assert!(!rotations.contains(p.facelets.as_str()), "{}", p.name);
    }
    assert_eq!(all.len(), 24 + 36 + 36);
}

#[test]
fn the_reduction_solves_the_identity_rotations_and_single_turns() {
    let solver = Reduction::new(&TableStore::default());
    for p in positions() {
        let cube = Cube::from_facelets(&p.facelets).expect("legal");
        let sol = solver
            .solve_with(&cube, &Tuning::default())
            .unwrap_or_else(|e| panic!("{}: {e}", p.name));
        assert!(
            sim_solves(&p.facelets, &sol.wca()),
            "{}: {}",
            p.name,
            sol.wca()
        );
        // A single turn is undone in as many block turns as it takes. A rotation that swaps
        // the two colour pairs off the frames' axis is undone by phase 2 with two block
        // turns that amount to a rotation (`3Fw' B`): the frames try each colour pair on each
        // face pair, not both orders of the other two pairs.
        let most = if p.solved { 2 } else { p.obtm };
        assert!(
            sol.obtm() <= most,
            "{}: {} is {} OBTM",
            p.name,
            sol.wca(),
            sol.obtm()
        );
    }
}

/// The five stages with small distance tables (built in seconds, as in
/// `solver_small_tables.rs`): these positions are within their weaker bounds.
#[test]
fn the_five_stages_solve_the_identity_rotations_and_single_turns() {
    let dir = tempfile::tempdir().unwrap();
    let mut solver = Solver::with_table_limit(16_000_000);
    solver
        .ensure_tables(&wurfel_files::Dir::new(dir.path()), 2, &|_, _, _| {})
        .expect("small tables");
    for p in positions() {
        let cube = Cube::from_facelets(&p.facelets).expect("legal");
        let sol = solver
            .solve(&cube, &Options::single())
            .unwrap_or_else(|e| panic!("{}: {e}", p.name));
        assert!(
            sim_solves(&p.facelets, &sol.wca()),
            "{}: {}",
            p.name,
            sol.wca()
        );
        // Each stage is optimal in slice turns: a cube solved up to a rotation is in every
        // stage's goal already.
        if p.solved {
            assert_eq!(sol.stm(), 0, "{}: {}", p.name, sol.wca());
        }
    }
}
