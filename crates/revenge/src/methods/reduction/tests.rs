//! The reduction solver's parts, checked with the independent sticker simulator (the
//! integration tests' `tests/common`, which shares no code with the cubie model): block turns,
//! the goals of phases 1 and 2 on real stickers, the 3x3x3 two-phase finish. The whole solver
//! is checked through the public facade in `tests/reduction.rs`.

#[path = "../../../tests/common/mod.rs"]
mod common;

use super::centres::{Phase1, Phase2};
use super::moves::{apply, to_slices, Turn};
use super::search::solutions;
use super::table::TableStore;
use super::three::TwoPhase;
use crate::notation;
use crate::Cube;
use common::{sim_wca_token, Sim};
use rand::{Rng, SeedableRng};
use std::cell::Cell;
use std::sync::OnceLock;

fn phase1() -> &'static Phase1 {
    static P: OnceLock<Phase1> = OnceLock::new();
    P.get_or_init(|| Phase1::new(&TableStore::default()))
}
fn phase2() -> &'static Phase2 {
    static P: OnceLock<Phase2> = OnceLock::new();
    P.get_or_init(|| Phase2::new(&TableStore::default()))
}

/// Centre stickers of face `f` (rows and columns 1..3 of its 4x4 grid).
fn centre_colours(facelets: &str, f: usize) -> Vec<char> {
    let b = facelets.as_bytes();
    [5, 6, 9, 10]
        .iter()
        .map(|&i| b[f * 16 + i] as char)
        .collect()
}

fn sim_after(start: &str, turns: &[Turn]) -> String {
    let mut s = Sim::from_facelets(start);
    for t in turns {
        sim_wca_token(&mut s, &t.name());
    }
    s.facelets()
}

#[test]
fn block_turns_match_the_simulator_and_cost_one_obtm() {
    for t in Turn::all() {
        let mut c = Cube::solved();
        apply(&mut c, t);
        assert_eq!(
            c.facelets(),
            sim_after(&Cube::solved().facelets(), &[t]),
            "{}",
            t.name()
        );
        assert_eq!(notation::obtm(&t.slices()), 1, "{}", t.name());
        assert_eq!(notation::stm(&t.slices()), t.slices().len());
    }
    // An inner slice alone is a wide turn and an outer turn back: two in OBTM.
    let uw = Turn::new(0, true, 1);
    let u_back = Turn::new(0, false, 3);
    let slice = to_slices(&[uw, u_back]);
    assert_eq!(notation::obtm(&slice), 2);
    assert_eq!(notation::stm(&slice), 1);
}

#[test]
fn phases_1_and_2_reach_their_goals_on_the_stickers() {
    for seed in 1..=4 {
        let cube = Cube::random(seed);
        let nodes = Cell::new(5_000_000);
        let mut p1 = None;
        solutions(phase1(), phase1().start(&cube), 12, &nodes, &mut |t| {
            p1 = Some(t.to_vec());
            true
        });
        let p1 = p1.expect("phase 1 solved");
        assert!(p1.len() <= 10, "phase 1 took {}", p1.len());
        let f1 = sim_after(&cube.facelets(), &p1);
        for f in [1, 4] {
            assert!(centre_colours(&f1, f).iter().all(|&c| c == 'R' || c == 'L'));
        }
        let mut c1 = cube;
        for &t in &p1 {
            apply(&mut c1, t);
        }
        let mut p2 = None;
        let nodes = Cell::new(5_000_000);
        solutions(phase2(), phase2().start(&c1), 16, &nodes, &mut |t| {
            p2 = Some(t.to_vec());
            true
        });
        let p2 = p2.expect("phase 2 solved");
        let f2 = sim_after(&f1, &p2);
        for (f, pair) in [
            (0, "UD"),
            (3, "UD"),
            (2, "FB"),
            (5, "FB"),
            (1, "RL"),
            (4, "RL"),
        ] {
            assert!(
                centre_colours(&f2, f).iter().all(|&c| pair.contains(c)),
                "seed {seed}: face {f} shows {:?}",
                centre_colours(&f2, f)
            );
        }
        // The wing permutation is even (checked on the stickers: the position re-read).
        let c2 = Cube::from_facelets(&f2).expect("legal");
        let mut seen = [false; 24];
        let mut parity = 0;
        for i in 0..24 {
            if seen[i] {
                continue;
            }
            let (mut j, mut len) = (i, 0);
            while !seen[j] {
                seen[j] = true;
                j = c2.wp[j] as usize;
                len += 1;
            }
            parity ^= (len + 1) & 1;
        }
        assert_eq!(parity, 0, "seed {seed}");
    }
}

#[test]
fn the_three_by_three_finish_solves_reduced_cubes() {
    let tp = TwoPhase::new(&TableStore::default());
    let outer: Vec<Turn> = Turn::all().filter(|t| !t.wide()).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..3 {
        let mut c = Cube::solved();
        for _ in 0..30 {
            apply(&mut c, outer[rng.gen_range(0..outer.len())]);
        }
        let three = tp.reader.read(&c).expect("outer turns keep edges paired");
        // A small budget: the first solution is found early, the rest only shortens it.
        let mut nodes = 300_000;
        let sol = tp.solve(&three, 24, &mut nodes).expect("solved");
        assert!(sol.len() <= 24);
        let wca = notation::to_wca(&to_slices(&sol));
        assert!(common::sim_solves(&c.facelets(), &wca));
    }
}
