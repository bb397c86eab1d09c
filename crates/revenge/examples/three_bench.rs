//! The reduction's 3x3x3 finish on uniformly random 3x3x3 positions: average length and time
//! per solve at several node budgets (every solution checked by applying it).
//! Usage: `three_bench [count] [seed] [budgets...]` (budgets in visited nodes).
use rand::SeedableRng;
use std::time::Instant;
use wurfel_revenge::reduction::table::TableStore;
use wurfel_revenge::reduction::three::{Cube3, TwoPhase};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let budgets: Vec<u64> = if args.len() > 2 {
        args[2..].iter().filter_map(|s| s.parse().ok()).collect()
    } else {
        vec![100_000, 300_000, 1_000_000]
    };
    let dir = std::env::temp_dir().join("wurfel-three-bench");
    let t = Instant::now();
    let tp = TwoPhase::new(&TableStore { dir: Some(dir) });
    eprintln!(
        "tables: {:.2} s, {} bytes",
        t.elapsed().as_secs_f64(),
        tp.bytes()
    );
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let cubes: Vec<Cube3> = (0..n).map(|_| Cube3::random_with(&mut rng)).collect();
    for &b in &budgets {
        let (mut total, mut max, mut failed) = (0usize, 0usize, 0usize);
        let t = Instant::now();
        for c in &cubes {
            let mut nodes = b;
            let Some(sol) = tp.solve(c, 30, &mut nodes) else {
                failed += 1;
                continue;
            };
            assert!(tp.solves(c, &sol), "a wrong solution");
            total += sol.len();
            max = max.max(sol.len());
        }
        let dt = t.elapsed().as_secs_f64() / n as f64;
        println!(
            "nodes {b:>9}: average {:.2} (max {max}, {failed} not solved), {:.2} ms per solve",
            total as f64 / (n - failed).max(1) as f64,
            dt * 1e3
        );
    }
}
