//! Counts catalog puzzles on one thread, N times each, and prints the nodes, the engine covers
//! and the wall times with their median: for tuning the engine without rebuilding the CLI (an
//! example of this crate rebuilds in about half the time). Comparisons of two builds should
//! alternate them (`a; b; a; b`) on an otherwise idle machine.
//!
//! `cargo run --release -p wurfel-pack --example engine_time -- N ID...`
use std::ops::ControlFlow;
use wurfel_cover::SearchOptions;
use wurfel_pack::{catalog, Prepared, Want};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(3).max(1);
    for id in args {
        let Some(puzzle) = catalog::get(&id) else {
            eprintln!("engine_time: no catalog puzzle {id:?} (`wurfel list` names them)");
            std::process::exit(2);
        };
        let p = Prepared::new(&puzzle).expect("a catalog puzzle prepares");
        let opts = SearchOptions {
            threads: 1,
            ..Default::default()
        };
        let mut times = Vec::new();
        let mut st = wurfel_cover::Stats::default();
        for _ in 0..n {
            st = wurfel_cover::Stats::default();
            let t = std::time::Instant::now();
            p.run(&opts, Want::Count, None, |_, _, s| {
                st += s;
                ControlFlow::Continue(())
            })
            .unwrap();
            times.push(t.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{id}: nodes {} covers {} times {:?} median {:.3}",
            st.nodes,
            st.solutions,
            times.iter().map(|t| format!("{t:.3}")).collect::<Vec<_>>(),
            times[times.len() / 2]
        );
    }
}
