use rand::{Rng, SeedableRng};
use wurfel_revenge::solver::Solver;
use wurfel_revenge::{Cube, Move};
fn main() {
    let lim: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let len: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let dir = std::path::Path::new("/tmp/analyse-small-tables");
    let t = std::time::Instant::now();
    let mut solver = Solver::with_table_limit(lim);
    solver
        .ensure_tables(dir, 2, &|n, l, e| eprintln!("{n} {l} {e:?}"))
        .unwrap();
    eprintln!("tables {:.1}s", t.elapsed().as_secs_f64());
    for s in &solver.stages {
        for p in &s.projections {
            eprintln!("stage {} {}", s.number, p.name);
        }
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..4 {
        let scramble: Vec<Move> = (0..len).map(|_| Move(rng.gen_range(0..36))).collect();
        let mut cube = Cube::solved();
        cube.apply_all(&scramble);
        let t = std::time::Instant::now();
        let sol = solver.solve(&cube).expect("solved");
        eprintln!(
            "{:.2}s {:?} {:?}",
            t.elapsed().as_secs_f64(),
            solver.last_times(),
            sol.stages.iter().map(|s| s.moves.len()).collect::<Vec<_>>()
        );
    }
}
