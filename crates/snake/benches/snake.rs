//! Speed targets: one 3x3x3 chain < 1 ms, the King snakes < 1 s, the full 3x3x3
//! survey < 10 s on 2 cores.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;
use wurfel_snake::{catalog, survey, Board, Problem, Pruning};

fn problem(id: &str) -> Problem {
    let e = catalog::find(id).expect("catalog entry");
    Problem::auto(e.chain(), Some(e.side)).expect("catalog chains fit their box")
}

fn chains(c: &mut Criterion) {
    let standard = problem("standard");
    c.bench_function("count standard 3x3x3", |b| {
        b.iter(|| black_box(standard.count()))
    });
    c.bench_function("first solution standard 3x3x3", |b| {
        b.iter(|| black_box(standard.solutions(Some(1))))
    });
    let mut g = c.benchmark_group("king");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for id in ["king-46", "king-39"] {
        let p = problem(id);
        g.bench_function(format!("count {id}"), |b| b.iter(|| black_box(p.count())));
        g.bench_function(format!("count {id}, 2 threads"), |b| {
            b.iter(|| black_box(p.count_with(Pruning::default(), 2)))
        });
        g.bench_function(format!("first solution {id}"), |b| {
            b.iter(|| black_box(p.solutions(Some(1))))
        });
    }
    g.finish();
}

fn surveys(c: &mut Criterion) {
    let board = Board::cube(3).expect("3x3x3");
    let mut g = c.benchmark_group("survey");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("survey 3x3x3, 2 threads", |b| {
        b.iter(|| black_box(survey(&board, 2)))
    });
    g.bench_function("survey 3x3x3, 1 thread", |b| {
        b.iter(|| black_box(survey(&board, 1)))
    });
    g.finish();
}

criterion_group!(benches, chains, surveys);
criterion_main!(benches);
