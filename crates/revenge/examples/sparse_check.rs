fn main() {
    let k: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let d: u32 = std::env::args().nth(2).unwrap().parse().unwrap();
    let t = std::time::Instant::now();
    let sp = wurfel_revenge::analyse::stage_space(k).unwrap();
    eprintln!(
        "space: {} entries, {} classes, {} syms, b {} in {:.1}s",
        sp.len(),
        sp.reps.len(),
        sp.order(),
        sp.b_size,
        t.elapsed().as_secs_f64()
    );
    for (i, r) in wurfel_revenge::analyse::sparse_first_depths(&sp, d)
        .iter()
        .enumerate()
    {
        println!("{i} {} {}", r.positions, r.unique);
    }
    eprintln!("{:.1}s", t.elapsed().as_secs_f64());
}
