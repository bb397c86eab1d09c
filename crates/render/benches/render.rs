//! Rendering a 216-cell packing (6×6×6, 54 pieces) to PNG and SVG.

use criterion::{criterion_group, criterion_main, Criterion};
use wurfel_render::{demo, render_png, render_svg, Options, View};

fn bench(c: &mut Criterion) {
    let scene = demo::partition("6×6×6", 6, 6, 6, 54, 2);
    let opts = Options::default();
    c.bench_function("png_assembled_216", |b| {
        b.iter(|| render_png(&scene, View::Assembled, &opts).map(|v| v.len()))
    });
    c.bench_function("svg_assembled_216", |b| {
        b.iter(|| render_svg(&scene, View::Assembled, &opts).map(|v| v.len()))
    });
    c.bench_function("png_layers_216", |b| {
        b.iter(|| render_png(&scene, View::Layers, &opts).map(|v| v.len()))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
