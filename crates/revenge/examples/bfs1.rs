fn main() {
    let k: usize = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(1);
    let t = std::time::Instant::now();
    let s = wurfel_revenge::Stage::new(k);
    eprintln!("setup {:.1}s", t.elapsed().as_secs_f64());
    for i in 0..s.tables() {
        let t = std::time::Instant::now();
        let cb = |d: u32, n: u64| eprintln!("  depth {d}: {n} ({:.1}s)", t.elapsed().as_secs_f64());
        let (_tab, counts) = s.build_table(i, 2, &cb).unwrap();
        println!(
            "stage {k} proj {i} {:?}: {counts:?} {:.1}s",
            s.table_coords(i),
            t.elapsed().as_secs_f64()
        );
    }
}
