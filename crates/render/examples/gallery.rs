//! Writes every view of a few demo scenes: `cargo run -p wurfel-render --example gallery -- DIR`.

use wurfel_render::{demo, render_file, View};

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "gallery".into());
    let dir = std::path::PathBuf::from(dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("cannot create {}: {e}", dir.display());
        std::process::exit(1);
    }
    let scenes = [
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
