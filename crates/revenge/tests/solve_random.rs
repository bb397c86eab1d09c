//! End-to-end: random positions solved by the five stages, every solution checked by the
//! independent sticker simulator, stage lengths within Norskog's bounds. Needs the full
//! tables (built on first use, minutes, in `$WURFEL_CACHE`, else a directory under the
//! system's temporary directory): `cargo test --release -- --ignored`.

mod common;

use common::Sim;
use wurfel_revenge::notation;
use wurfel_revenge::Cube;
use wurfel_revenge::{FiveStage as Solver, FIVE_STAGE_BOUNDS as STAGE_BOUNDS};
use wurfel_revenge::{Options, Solver as _};

#[test]
#[ignore = "needs the full distance tables (about 1.2 GB, minutes to build)"]
fn random_positions_are_solved_and_checked_by_the_sticker_simulator() {
    let n: u64 = std::env::var("REVENGE_TEST_POSITIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    // Coordinates and move tables from the cache too, as the command line reads them.
    let mut solver = Solver::cached(&wurfel_files::Dir::new(table_dir()), &|_, _, _| {});
    solver
        .ensure_tables(&wurfel_files::Dir::new(table_dir()), 2, &|_, _, _| {})
        .expect("tables");
    let solved = Sim::solved().facelets();
    for seed in 1000..1000 + n {
        let cube = Cube::random(seed);
        let sol = solver.solve(&cube, &Options::single()).expect("solved");
        for s in &sol.phases {
            assert!(notation::stm(&s.searched) <= STAGE_BOUNDS[s.number - 1]);
        }
        let mut sim = Sim::from_facelets(&cube.facelets());
        for tok in sol.wca().split_whitespace() {
            common::sim_wca_token(&mut sim, tok);
        }
        assert_eq!(sim.facelets(), solved, "seed {seed}: {}", sol.wca());
        // Turns merging across a stage boundary can only shorten the whole.
        let sum: usize = sol.phases.iter().map(|s| notation::stm(&s.searched)).sum();
        assert!(sol.stm() <= sum);
    }
}

fn table_dir() -> std::path::PathBuf {
    std::env::var_os("WURFEL_CACHE")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("wurfel-tables"))
}
