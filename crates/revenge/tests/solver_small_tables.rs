//! The whole five-stage solver end to end in the default suite: the same stages, searches and
//! solution checks as with the full tables, but with distance tables of at most 16 million
//! entries (built in seconds into a temporary directory), on scrambles short enough for the
//! weaker bounds. Each solution is checked by the independent sticker simulator.

mod common;

use common::Sim;
use rand::{Rng, SeedableRng};
use wurfel_revenge::notation;
use wurfel_revenge::{Cube, Move};
use wurfel_revenge::{FiveStage as Solver, FIVE_STAGE_BOUNDS as STAGE_BOUNDS};
use wurfel_revenge::{Options, Solver as _};

#[test]
fn short_scrambles_are_solved_through_all_five_stages() {
    let dir = tempfile::tempdir().unwrap();
    let mut solver = Solver::with_table_limit(16_000_000);
    solver
        .ensure_tables(&wurfel_files::Dir::new(dir.path()), 2, &|_, _, _| {})
        .expect("small tables");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let solved = Sim::solved().facelets();
    let mut stages_with_turns = [0usize; 5];
    for _ in 0..4 {
        let scramble: Vec<Move> = (0..6).map(|_| Move(rng.gen_range(0..36))).collect();
        let mut cube = Cube::solved();
        cube.apply_all(&scramble);
        let sol = solver.solve(&cube, &Options::single()).expect("solved");
        assert_eq!(sol.phases.len(), 5, "every stage runs");
        for s in &sol.phases {
            assert!(notation::stm(&s.searched) <= STAGE_BOUNDS[s.number - 1]);
            if !s.searched.is_empty() {
                stages_with_turns[s.number - 1] += 1;
            }
        }
        let mut sim = Sim::from_facelets(&cube.facelets());
        for tok in sol.wca().split_whitespace() {
            common::sim_wca_token(&mut sim, tok);
        }
        assert_eq!(sim.facelets(), solved, "{}", sol.wca());
    }
    // The scrambles are long enough that every stage has work to do at least once.
    assert!(
        stages_with_turns.iter().all(|&n| n > 0),
        "{stages_with_turns:?}"
    );
}
