//! The engine alone (no preparation, no classification) on pentominoes 6x10: every cover, and
//! the first one. One thread, so the numbers measure the search loop itself.
//!
//! `cargo bench -p wurfel-cover` measures the engine as built; with `--features checked-filter`
//! the filtering loop writes through bounds-checked indexing instead of its one `unsafe` block,
//! so the two runs show what the unchecked writes are worth.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;
use wurfel_cover::{count, first, Problem, Row};
use wurfel_geom::Shape;

/// The twelve pentominoes, as cells in the plane.
const PENTOMINOES: [[[i32; 2]; 5]; 12] = [
    [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]], // I
    [[0, 0], [0, 1], [1, 1], [2, 1], [3, 1]], // L
    [[0, 0], [1, 0], [1, 1], [2, 1], [3, 1]], // N
    [[0, 0], [1, 0], [0, 1], [1, 1], [2, 1]], // P
    [[0, 0], [1, 0], [2, 0], [1, 1], [1, 2]], // T
    [[0, 0], [2, 0], [0, 1], [1, 1], [2, 1]], // U
    [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]], // V
    [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2]], // W
    [[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]], // X
    [[0, 0], [1, 0], [2, 0], [3, 0], [1, 1]], // Y
    [[0, 0], [1, 0], [1, 1], [1, 2], [2, 2]], // Z
    [[0, 0], [1, 0], [1, 1], [2, 1], [1, 2]], // F
];

/// Pentominoes in the 6x10 rectangle, one row per placement, the X (whose placements are
/// symmetric themselves) restricted to the centres in one quarter of the rectangle, so that
/// each solution up to the rectangle's symmetries is one cover: 2,339.
fn pentominoes_6x10() -> Problem {
    let (w, h) = (6, 10);
    let mut rows = Vec::new();
    for (g, cells) in PENTOMINOES.iter().enumerate() {
        let shape = Shape::new(cells.iter().map(|&[x, y]| [x, y, 0])).expect("distinct cells");
        for o in shape.orientations() {
            let [dx, dy, dz] = o.dims();
            if dz != 1 {
                continue;
            }
            for y in 0..=h - dy {
                for x in 0..=w - dx {
                    // The X's centre is (x + 1, y + 1): kept in the quarter x, y < 3, 5.
                    if g == 8 && !(x < 2 && y < 4) {
                        continue;
                    }
                    let columns = o.cells().iter().map(|c| (c[0] + x + w * (c[1] + y)) as u32);
                    rows.push(Row {
                        group: g as u32,
                        columns: columns.collect(),
                    });
                }
            }
        }
    }
    Problem {
        columns: (w * h) as usize,
        group_caps: vec![1; 12],
        rows,
        grid: Some([w as usize, h as usize, 1]),
        exact_groups: true,
        ..Default::default()
    }
}

fn engine(c: &mut Criterion) {
    let p = pentominoes_6x10();
    assert_eq!(count(&p, 1).expect("a valid problem"), 2339);
    let mut g = c.benchmark_group("engine");
    g.sample_size(20).measurement_time(Duration::from_secs(10));
    g.bench_function("pentominoes 6x10 every cover", |b| {
        b.iter(|| black_box(count(&p, 1)))
    });
    g.bench_function("pentominoes 6x10 first cover", |b| {
        b.iter(|| black_box(first(&p)))
    });
    g.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
