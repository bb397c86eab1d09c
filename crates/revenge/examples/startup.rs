//! Start-up time of the solver: coordinates and move tables, then mapping the distance tables
//! from `$WURFEL_CACHE` (diagnostics).
fn main() {
    let t = std::time::Instant::now();
    let mut solver = wurfel_revenge::Solver::new();
    let setup = t.elapsed().as_secs_f64();
    let dir = std::env::var_os("WURFEL_CACHE").expect("WURFEL_CACHE names the tables");
    solver
        .ensure_tables(std::path::Path::new(&dir), 2, &|_, _, _| {})
        .unwrap();
    let mapped = t.elapsed().as_secs_f64() - setup;
    let s = solver.solve(&wurfel_revenge::Cube::random(1)).unwrap();
    println!(
        "set-up {setup:.2} s, tables mapped {mapped:.3} s, first solve done at {:.2} s ({} STM)",
        t.elapsed().as_secs_f64(),
        s.stm()
    );
    for k in 1..=5 {
        let t = std::time::Instant::now();
        let _ = wurfel_revenge::stage::Stage::new(k);
        eprintln!("stage {k} set-up {:.2} s", t.elapsed().as_secs_f64());
    }
}
