fn main() {
    for k in 1..=5 {
        let t = std::time::Instant::now();
        let s = wurfel_revenge::Stage::new(k);
        let sizes: Vec<usize> = s.coords.iter().map(|c| c.size).collect();
        let goals: Vec<usize> = s.goals.iter().map(|g| g.len()).collect();
        let projs: Vec<usize> = s.projections.iter().map(|p| p.len()).collect();
        println!(
            "stage {k}: moves {} coords {sizes:?} goals {goals:?} projections {projs:?} ({:.1}s)",
            s.moves.len(),
            t.elapsed().as_secs_f64()
        );
    }
}
