fn main() {
    for k in 1..=5 {
        let t = std::time::Instant::now();
        let s = wurfel_revenge::Stage::new(k);
        let sizes = s.coord_sizes();
        let goals: Vec<usize> = s.goals().iter().map(|g| g.len()).collect();
        let projs: Vec<usize> = (0..s.tables()).map(|i| s.table_len(i)).collect();
        println!(
            "stage {k}: moves {} coords {sizes:?} goals {goals:?} projections {projs:?} ({:.1}s)",
            s.moves().len(),
            t.elapsed().as_secs_f64()
        );
    }
}
