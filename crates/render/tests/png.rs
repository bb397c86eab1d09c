//! The PNG output decodes, has the expected size and many colours, and is fast enough.

use std::collections::HashSet;
use std::time::Instant;
use wurfel_render::{demo, render_png, render_svg, Options, View};

fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>, png::ColorType) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("buffer size")];
    let info = reader.next_frame(&mut buf).expect("PNG frame");
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf, info.color_type)
}

fn svg_size(svg: &str) -> (f64, f64) {
    let attr = |name: &str| -> f64 {
        let start = svg.find(&format!(" {name}=\"")).expect("attribute") + name.len() + 3;
        let end = start + svg[start..].find('"').expect("closing quote");
        svg[start..end].parse().expect("number")
    };
    (attr("width"), attr("height"))
}

#[test]
fn png_decodes_with_size_and_colours() {
    let scene = demo::partition("bedlam-like", 4, 4, 4, 13, 1);
    let opts = Options::default();
    for view in View::ALL {
        let bytes = render_png(&scene, view, &opts).expect("png");
        let (w, h, data, ct) = decode(&bytes);
        assert_eq!(ct, png::ColorType::Rgb);
        let (sw, sh) = svg_size(&render_svg(&scene, view, &opts).expect("svg"));
        assert_eq!(w, (sw * opts.png_scale).ceil() as u32, "{view:?} width");
        assert_eq!(h, (sh * opts.png_scale).ceil() as u32, "{view:?} height");
        let colours: HashSet<[u8; 3]> = data.chunks_exact(3).map(|p| [p[0], p[1], p[2]]).collect();
        assert!(
            colours.len() > 50,
            "{view:?}: only {} colours",
            colours.len()
        );
        let non_white = data
            .chunks_exact(3)
            .filter(|p| p != &[255, 255, 255])
            .count();
        assert!(
            non_white * 10 > data.len() / 3,
            "{view:?}: picture mostly empty"
        );
        // Each of the 13 piece colours shows up somewhere (the legend at least).
        for c in wurfel_render::piece_colours(&scene, &opts) {
            assert!(
                colours.contains(&[c.0, c.1, c.2]),
                "{view:?}: colour {c} missing"
            );
        }
    }
}

#[test]
fn png_of_216_cells_is_fast() {
    let scene = demo::partition("6x6x6", 6, 6, 6, 54, 2);
    let opts = Options::default();
    let mut times = Vec::new();
    for _ in 0..if cfg!(debug_assertions) { 1 } else { 5 } {
        let t = Instant::now();
        let bytes = render_png(&scene, View::Assembled, &opts).expect("png");
        times.push(t.elapsed().as_secs_f64());
        assert!(bytes.len() > 1000);
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    eprintln!("216-cell PNG: median {:.1} ms", median * 1e3);
    // The requirement (< 200 ms) is for release builds; unoptimized builds are not timed. The
    // fastest run is checked, so that other processes on the machine do not make this flaky.
    if !cfg!(debug_assertions) {
        assert!(times[0] < 0.2, "fastest run {:.3}s over 200 ms", times[0]);
    }
}
