use std::time::Instant;
use wurfel_revenge::reduction::table::TableStore;
use wurfel_revenge::reduction::{Options, Reduction};
use wurfel_revenge::Cube;
fn main() {
    let st = TableStore { dir: Some("/tmp/wurfel-red-cache".into()) };
    let t = Instant::now();
    let r = Reduction::new(&st);
    eprintln!("init {:.2}", t.elapsed().as_secs_f64());
    let single = std::env::args().nth(1).is_some();
    for seed in 1..=5 {
        let c = Cube::random(seed);
        let t = Instant::now();
        let o = if single { Options::single() } else { Options::default() };
        match r.solve_with(&c, &o) {
            Ok(sol) => eprintln!("seed {seed}: {} OBTM {} STM {:?} {:.3}s", sol.obtm(), sol.stm(),
                sol.phases.iter().map(|p| p.len()).collect::<Vec<_>>(), t.elapsed().as_secs_f64()),
            Err(e) => eprintln!("seed {seed}: {e} {:.3}s", t.elapsed().as_secs_f64()),
        }
    }
}
