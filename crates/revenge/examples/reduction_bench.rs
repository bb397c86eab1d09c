//! Times the reduction solver on the positions of `revenge bench --random N --seed S` (one
//! thread, default options): start-up (tables loaded or built), table bytes, OBTM and STM
//! average and maximum, and time per solve as mean, median and maximum (`revenge bench` prints
//! no median; TPR's side of the comparison, `scripts/tpr-bench.sh`, does). Every solution is
//! checked by the solver itself (it applies the printed form). Usage: `reduction_bench [count]
//! [first seed]`; tables in `$WURFEL_CACHE`, else `~/.cache/wurfel` as the CLI keeps them.
use wurfel_revenge::Reduction;
use wurfel_revenge::ReductionTables as TableStore;
use wurfel_revenge::{Cube, Options, Solver};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(100);
    let first: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let dir = std::env::var_os("WURFEL_CACHE")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".cache/wurfel"))
        });
    let t = std::time::Instant::now();
    let solver = Reduction::new(&TableStore {
        store: dir.map(|d| std::sync::Arc::new(wurfel_files::Dir::new(d)) as _),
        report: None,
    });
    let startup = t.elapsed().as_secs_f64();
    let (mut obtm, mut stm, mut secs) = (Vec::new(), Vec::new(), Vec::new());
    for seed in first..first + n {
        let cube = Cube::random(seed);
        let t = std::time::Instant::now();
        let s = solver
            .solve(&cube, &Options::default())
            .expect("solved and checked");
        secs.push(t.elapsed().as_secs_f64());
        obtm.push(s.obtm());
        stm.push(s.stm());
    }
    let avg = |v: &[usize]| v.iter().sum::<usize>() as f64 / v.len() as f64;
    let max = |v: &[usize]| v.iter().copied().max().unwrap_or(0);
    let mean = secs.iter().sum::<f64>() / secs.len() as f64;
    secs.sort_by(f64::total_cmp);
    let median = (secs[(secs.len() - 1) / 2] + secs[secs.len() / 2]) / 2.0;
    println!(
        "{n} positions from seed {first}: OBTM {:.2} (max {}), STM {:.2} (max {}); per solve \
         mean {mean:.3} s, median {median:.3} s, max {:.3} s; start-up {startup:.3} s, tables \
         {:.1} MB",
        avg(&obtm),
        max(&obtm),
        avg(&stm),
        max(&stm),
        secs.last().copied().unwrap_or(0.0),
        solver.table_bytes() as f64 / 1e6
    );
}
