//! Solves random positions printing per-stage lengths and times, the work (positions visited)
//! and the solution (diagnostics; lines without the times compare runs exactly). Tables in
//! `$WURFEL_CACHE`, else a directory under the system's temporary directory. With `BUILD` set,
//! the stages' coordinates and move tables are built in memory instead of read from the cache
//! (to compare searches over owned and mapped move tables).
use wurfel_revenge::Solver;

fn main() {
    let from: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let n: u64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let dir = std::env::var_os("WURFEL_CACHE")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("wurfel-tables"));
    let mut solver = if std::env::var_os("BUILD").is_some() {
        wurfel_revenge::FiveStage::new()
    } else {
        wurfel_revenge::FiveStage::cached(&wurfel_files::Dir::new(&dir), &|_, _, _| {})
    };
    solver
        .ensure_tables(&wurfel_files::Dir::new(&dir), 2, &|_, _, _| {})
        .unwrap();
    for seed in from..from + n {
        let c = wurfel_revenge::Cube::random(seed);
        let t = std::time::Instant::now();
        let s = if std::env::var("SINGLE").is_ok() {
            solver
                .solve(&c, &wurfel_revenge::Options::single())
                .unwrap()
        } else {
            solver.solve_with(&c, &Default::default()).unwrap()
        };
        let times: Vec<String> = solver
            .last_times()
            .iter()
            .map(|t| format!("{t:.2}"))
            .collect();
        print!("{times:?} ");
        let lens: Vec<usize> = s.phases.iter().map(|x| x.searched.len()).collect();
        println!(
            "seed {seed}: {lens:?} stm {} obtm {} {:.3}s work {} {}",
            s.stm(),
            s.obtm(),
            t.elapsed().as_secs_f64(),
            s.work,
            s.wca()
        );
    }
}
