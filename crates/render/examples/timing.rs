//! Times the stages of PNG rendering for a 216-cell scene.

use std::time::Instant;
use wurfel_render::{demo, render_png, render_svg, Options, View};

fn main() {
    let scene = demo::partition("6x6x6", 6, 6, 6, 54, 2);
    let scale: f64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1.5);
    let opts = Options {
        png_scale: scale,
        ..Options::default()
    };
    for _ in 0..3 {
        let t = Instant::now();
        let svg = render_svg(&scene, View::Assembled, &opts).map(|s| s.len());
        let t1 = t.elapsed();
        let png = render_png(&scene, View::Assembled, &opts).map(|s| s.len());
        let t2 = t.elapsed() - t1;
        println!("svg {:?} {:?}   png {:?} {:?}", t1, svg, t2, png);
    }
}
