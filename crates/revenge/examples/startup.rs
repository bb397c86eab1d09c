//! Start-up time of the solver: coordinates and move tables (from `$WURFEL_CACHE` when cached
//! there, else built and stored), then mapping the distance tables (diagnostics).
use wurfel_revenge::Solver;

fn main() {
    let t = std::time::Instant::now();
    let dir = std::env::var_os("WURFEL_CACHE").expect("WURFEL_CACHE names the tables");
    let dir = &wurfel_files::Dir::new(dir);
    let mut solver = wurfel_revenge::FiveStage::cached(dir, &|name, _, ev| {
        eprintln!("{name}: {ev:?} at {:.3} s", t.elapsed().as_secs_f64())
    });
    let setup = t.elapsed().as_secs_f64();
    solver.ensure_tables(dir, 2, &|_, _, _| {}).unwrap();
    let mapped = t.elapsed().as_secs_f64() - setup;
    let s = solver
        .solve(
            &wurfel_revenge::Cube::random(1),
            &wurfel_revenge::Options::single(),
        )
        .unwrap();
    println!(
        "set-up {setup:.3} s, tables mapped {mapped:.3} s, first solve done at {:.2} s ({} STM)",
        t.elapsed().as_secs_f64(),
        s.stm()
    );
    for k in 1..=5 {
        let t = std::time::Instant::now();
        let _ = wurfel_revenge::Stage::new(k);
        eprintln!("stage {k} built in {:.2} s", t.elapsed().as_secs_f64());
    }
}
