//! How evenly a count's tasks spread over worker threads: runs the count on one thread,
//! takes each task's node count as its cost, and replays the engine's schedule (tasks taken
//! in order by whichever worker is free) for 2, 4 and 8 workers. Independent of machine load,
//! unlike wall-clock speedups.
//!
//! `cargo run --release -p wurfel-pack --example balance -- bedlam [min_tasks]`
use std::ops::ControlFlow;
use wurfel_cover::SearchOptions;
use wurfel_pack::{catalog, Prepared, Want};

fn main() {
    let mut args = std::env::args().skip(1);
    let id = args.next().unwrap_or_else(|| "bedlam".into());
    let min_tasks = args.next().and_then(|s| s.parse().ok());
    let p = Prepared::new(&catalog::get(&id).expect("catalog id")).expect("prepares");
    let mut opts = SearchOptions::default();
    if let Some(m) = min_tasks {
        opts.min_tasks = m;
    }
    let mut cost = Vec::new();
    let t = std::time::Instant::now();
    p.run(&opts, Want::Count, None, |_, _, s| {
        cost.push(s.nodes);
        ControlFlow::Continue(())
    })
    .expect("searches");
    let total: u64 = cost.iter().sum();
    let max = cost.iter().max().copied().unwrap_or(0);
    print!(
        "{id}: {} tasks, {total} nodes, largest task {:.2}% of all, {:.2} s;",
        cost.len(),
        100.0 * max as f64 / total.max(1) as f64,
        t.elapsed().as_secs_f64()
    );
    for workers in [2usize, 4, 8] {
        let mut free = vec![0u64; workers];
        for &c in &cost {
            let w = (0..workers).min_by_key(|&w| free[w]).expect("workers");
            free[w] += c;
        }
        let span = free.iter().max().copied().unwrap_or(0).max(1);
        print!(
            " {workers} workers {:.1}%",
            100.0 * total as f64 / (workers as f64 * span as f64)
        );
    }
    println!();
}
