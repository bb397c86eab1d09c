//! Tunes the reduction solver's budgets: solves the positions of `revenge bench --random N
//! --seed 1` with some [`Tuning`] changed and prints the OBTM average and maximum and the
//! average work per solve. Work, unlike time, does not depend on the machine or on what else it
//! runs, so settings compare exactly, and the solves may run in parallel (all cores).
//! Usage: `reduction_tune [count] [name=value ...]`, names as in [`Tuning`] (`budget`,
//! `phase3_extra`, `finish`, `phase1`, `phase2`, `phase3`, `phase4`, `nodes4`), or `seed` for
//! the first position's seed (1 by default; another set of positions checks a setting tuned on
//! the first). Tables in
//! `$WURFEL_CACHE`, else `~/.cache/wurfel` as the CLI keeps them.
use rayon::prelude::*;
use wurfel_revenge::Cube;
use wurfel_revenge::ReductionTables as TableStore;
use wurfel_revenge::{Reduction, ReductionTuning as Tuning};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(100);
    let mut o = Tuning::default();
    let mut first = 1u64;
    for a in args {
        let (k, v) = a.split_once('=').expect("name=value");
        let v: u64 = v.parse().expect("a whole number");
        let u = v as usize;
        match k {
            "budget" => o.budget = v,
            "phase3_extra" => o.phase3_extra = v,
            "finish" => o.finish = v,
            "phase1" => o.phase1 = u,
            "phase2" => o.phase2 = u,
            "phase3" => o.phase3 = u,
            "phase4" => o.phase4 = u,
            "nodes4" => o.nodes4 = v,
            "seed" => first = v,
            _ => panic!("unknown option {k}"),
        }
    }
    let dir = std::env::var_os("WURFEL_CACHE")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".cache/wurfel"))
        });
    let solver = Reduction::new(&TableStore {
        store: dir.map(|d| std::sync::Arc::new(wurfel_files::Dir::new(d)) as _),
        report: None,
    });
    let t = std::time::Instant::now();
    let sols: Vec<(usize, u64, String)> = (first..first + n)
        .into_par_iter()
        .map(|seed| {
            let s = solver.solve_with(&Cube::random(seed), &o).expect("solved");
            (s.obtm(), s.work, s.wca())
        })
        .collect();
    // Equal digests: the same moves for every position (a faster search that should find the
    // same solutions is checked with it).
    let mut h = std::hash::DefaultHasher::new();
    for s in &sols {
        std::hash::Hash::hash(&s.2, &mut h);
    }
    let avg = sols.iter().map(|s| s.0).sum::<usize>() as f64 / n as f64;
    let max = sols.iter().map(|s| s.0).max().unwrap_or(0);
    let work = sols.iter().map(|s| s.1).sum::<u64>() as f64 / n as f64;
    println!(
        "{o:?}\nOBTM average {avg:.2} (max {max}), work {:.0}k units per solve, {:.1} s, \
         solutions digest {:016x}",
        work / 1e3,
        t.elapsed().as_secs_f64(),
        std::hash::Hasher::finish(&h)
    );
}
