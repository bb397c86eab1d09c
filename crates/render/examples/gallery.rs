//! Writes every view of a few demo scenes: `cargo run -p wurfel-render --example gallery -- DIR`.

use wurfel_render::{demo, render_file, View};

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "gallery".into());
    let dir = std::path::PathBuf::from(dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("cannot create {}: {e}", dir.display());
        std::process::exit(1);
    }
    let mut six = demo::partition("6×6×6 T-packing — solution 1", 6, 6, 6, 54, 2);
    for (i, p) in six.pieces.iter_mut().enumerate() {
        p.name = format!("T {}", i + 1);
    }
    let mut strip = demo::partition("bedlam — pieces", 4, 4, 4, 13, 1);
    let names = [
        "Little Corner",
        "Spikey Zag",
        "Pokey Corner Bit",
        "Right Angles Everywhere",
        "Middle Zig",
        "Pokey Z",
        "Corner Joist",
        "Dented L",
        "F in Therapy",
        "Flat M",
        "Cross",
        "Confused F",
        "T-Bone",
    ];
    let mut x0 = 0;
    for (p, name) in strip.pieces.iter_mut().zip(names) {
        p.name = name.to_string();
        let lo = (0..3)
            .map(|k| p.cells.iter().map(|c| c[k]).min().unwrap_or(0))
            .collect::<Vec<_>>();
        let w = p.cells.iter().map(|c| c[0] - lo[0]).max().unwrap_or(0) + 1;
        for c in &mut p.cells {
            *c = [c[0] - lo[0] + x0, c[1] - lo[1], c[2] - lo[2]];
        }
        x0 += w + 1;
    }
    let scenes = [
        ("strip", strip),
        ("tsix", six),
        (
            "bedlam",
            demo::partition("bedlam-like 4×4×4, 13 pieces", 4, 4, 4, 13, 1),
        ),
        ("six", demo::partition("6×6×6, 54 pieces", 6, 6, 6, 54, 2)),
        (
            "pento",
            demo::partition("6×10 rectangle, 12 pieces", 10, 6, 1, 12, 3),
        ),
        ("snake", demo::snake(3)),
    ];
    for (name, scene) in &scenes {
        for view in View::ALL {
            for ext in ["svg", "png"] {
                let path = dir.join(format!("{name}-{}.{ext}", view.name()));
                if let Err(e) = render_file(&path, std::slice::from_ref(scene), view) {
                    eprintln!("{}: {e}", path.display());
                }
            }
        }
    }
    let all: Vec<_> = scenes.iter().map(|(_, s)| s.clone()).collect();
    if let Err(e) = render_file(&dir.join("viewer.html"), &all, View::Assembled) {
        eprintln!("viewer: {e}");
    }
}
