//! A benchmark, not a check (ignored; it was `examples/three_bench.rs` until the crate's
//! insides became private): the reduction's 3x3x3 finish on uniformly random 3x3x3
//! positions, average length and time per solve at several node budgets (every solution
//! checked by applying it). Run it with
//! `cargo test --release -p wurfel-revenge --lib three_bench -- --ignored --nocapture`;
//! `WURFEL_THREE_BENCH="[count] [seed] [budgets...]"` chooses (budgets in visited nodes; with
//! a `soft` prefix, such as `soft20000`, the search stops after that many once it has a
//! solution, as the reduction solver's finishes do).

use super::cube3::Cube3;
use super::table::TableStore;
use super::three::TwoPhase;
use rand::SeedableRng;
use std::time::Instant;

/// CPU time of this thread in seconds (Linux's schedstat; wall time elsewhere is taken instead):
/// on a shared machine it moves less than the wall clock.
fn cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(s.split_whitespace().next()?.parse::<f64>().ok()? * 1e-9)
}

#[test]
#[ignore = "a benchmark: run with --ignored --nocapture"]
fn three_bench() {
    let args: Vec<String> = std::env::var("WURFEL_THREE_BENCH")
        .unwrap_or_default()
        .split_whitespace()
        .map(String::from)
        .collect();
    let n: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let budgets: Vec<String> = if args.len() > 2 {
        args[2..].to_vec()
    } else {
        [
            "100000",
            "300000",
            "1000000",
            "soft20000",
            "soft50000",
            "soft100000",
        ]
        .map(String::from)
        .to_vec()
    };
    let dir = std::env::temp_dir().join("wurfel-three-bench");
    let t = Instant::now();
    let tp = TwoPhase::new(&TableStore {
        store: Some(std::sync::Arc::new(wurfel_files::Dir::new(dir))),
        report: None,
    });
    eprintln!(
        "tables: {:.2} s, {} bytes",
        t.elapsed().as_secs_f64(),
        tp.bytes()
    );
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let cubes: Vec<Cube3> = (0..n).map(|_| Cube3::random_with(&mut rng)).collect();
    for b in &budgets {
        let (nodes, soft) = match b.strip_prefix("soft") {
            Some(v) => (u64::MAX, v.parse().expect("a soft budget in nodes")),
            None => (b.parse().expect("a budget in nodes"), u64::MAX),
        };
        let (mut total, mut max, mut failed) = (0usize, 0usize, 0usize);
        let t = Instant::now();
        let cpu = cpu_seconds();
        for c in &cubes {
            let mut left = nodes;
            let Some(sol) = tp.solve_until(c, 30, &mut left, soft).0 else {
                failed += 1;
                continue;
            };
            assert!(tp.solves(c, &sol), "a wrong solution");
            total += sol.len();
            max = max.max(sol.len());
        }
        let dt = t.elapsed().as_secs_f64() / n as f64;
        let dcpu = cpu
            .zip(cpu_seconds())
            .map_or(dt, |(a, b)| (b - a) / n as f64);
        println!(
            "budget {b:>9}: average {:.2} (max {max}, {failed} not solved), {:.2} ms per solve \
             ({:.2} ms CPU)",
            total as f64 / (n - failed).max(1) as f64,
            dt * 1e3,
            dcpu * 1e3
        );
    }
}
