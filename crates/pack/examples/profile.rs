//! Runs a count of Bedlam for a few seconds and prints search statistics (for tuning).
#[path = "../tests/common/mod.rs"]
mod common;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use wurfel_cover::SearchOptions;
use wurfel_pack::{Prepared, Want};

fn main() {
    let secs: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let p = Prepared::new(&common::bedlam()).unwrap();
    eprintln!(
        "restricted {:?} reps {} rows {}",
        p.restricted,
        p.restricted_placements(),
        p.problem().rows.len()
    );
    let cancel: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(secs));
        cancel.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let t = std::time::Instant::now();
    let mut st = wurfel_cover::Stats::default();
    let mut c = wurfel_pack::Counts::default();
    let opts = SearchOptions {
        threads: 1,
        cancel: Some(cancel),
        ..Default::default()
    };
    let rep = p
        .run(&opts, Want::Count, None, |_, o, s| {
            st += s;
            c += o.counts;
            ControlFlow::Continue(())
        })
        .unwrap();
    let e = t.elapsed().as_secs_f64();
    eprintln!(
        "{:?}\n{:?}\ntasks {}/{} in {:.1}s: {:.2} M nodes/s",
        c,
        st,
        rep.tasks_done,
        rep.tasks_total,
        e,
        st.nodes as f64 / e / 1e6
    );
}
