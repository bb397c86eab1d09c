//! The headline packing workloads, all with 2 threads (the CI machine's cores):
//! Soma all solutions (floor 20 ms), pentominoes 6x10 (1 s), 54 T-tetracubes in 6x6x6 first
//! solution (2 s), and in the `full` group Bedlam (30 s) and the Tetris Cube (60 s).
//!
//! `cargo bench -p wurfel-pack -- quick` runs the short ones; `-- full` the long ones (about
//! 10 minutes: criterion takes at least ten samples).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;
use wurfel_pack::{catalog, Convention, Prepared};

fn prepared(id: &str) -> Prepared {
    Prepared::new(&catalog::get(id).expect("catalog entry")).expect("catalog puzzles prepare")
}

fn quick(c: &mut Criterion) {
    let mut g = c.benchmark_group("quick");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    let soma = prepared("soma");
    g.bench_function("soma count all", |b| b.iter(|| black_box(soma.count(2))));
    g.bench_function("soma list all up to rotation", |b| {
        b.iter(|| black_box(soma.solutions(Convention::Rotations, usize::MAX, 2)))
    });
    let pento = prepared("pentominoes-6x10");
    g.bench_function("pentominoes 6x10 count all", |b| {
        b.iter(|| black_box(pento.count(2)))
    });
    let t6 = prepared("t-tetracubes-6x6x6");
    g.bench_function("t-tetracubes 6x6x6 first solution", |b| {
        b.iter(|| black_box(t6.solutions(Convention::Rotations, 1, 2)))
    });
    let bedlam = prepared("bedlam");
    g.bench_function("bedlam first solution", |b| {
        b.iter(|| black_box(bedlam.solutions(Convention::Rotations, 1, 2)))
    });
    g.bench_function("prepare bedlam (placements, symmetry)", |b| {
        b.iter(|| black_box(prepared("bedlam")))
    });
    g.finish();
}

fn full(c: &mut Criterion) {
    let mut g = c.benchmark_group("full");
    g.sample_size(10).measurement_time(Duration::from_secs(60));
    for id in ["bedlam", "tetris-cube"] {
        let p = prepared(id);
        g.bench_function(format!("{id} count all"), |b| {
            b.iter(|| black_box(p.count(2)))
        });
    }
    g.finish();
}

criterion_group!(benches, quick, full);
criterion_main!(benches);
