//! Snapshot tests of the SVG output. Regenerate with `WURFEL_UPDATE_SNAPSHOTS=1 cargo test
//! -p wurfel-render --test snapshots` and look at the files before committing them.

use std::path::PathBuf;
use wurfel_render::{demo, render_svg, Options, Scene, ScenePiece, View};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots")
}

fn check(name: &str, scene: &Scene, view: View) {
    let svg = render_svg(scene, view, &Options::default()).expect("renders");
    let again = render_svg(scene, view, &Options::default()).expect("renders");
    assert_eq!(svg, again, "output must be deterministic");
    let path = dir().join(format!("{name}-{}.svg", view.name()));
    if std::env::var_os("WURFEL_UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(dir()).expect("snapshot dir");
        std::fs::write(&path, &svg).expect("write snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "missing snapshot {} ({e}); run with WURFEL_UPDATE_SNAPSHOTS=1",
            path.display()
        )
    });
    if expected != svg {
        let got = path.with_extension("new.svg");
        let _ = std::fs::write(&got, &svg);
        panic!(
            "{} differs from the snapshot; new output written to {} (set WURFEL_UPDATE_SNAPSHOTS=1 to accept)",
            path.display(),
            got.display()
        );
    }
}

fn tromino_pair() -> Scene {
    Scene {
        title: "two pieces <&>".into(),
        pieces: vec![
            ScenePiece {
                name: "L".into(),
                cells: vec![[0, 0, 0], [1, 0, 0], [0, 1, 0]],
            },
            ScenePiece {
                name: "I".into(),
                cells: vec![[1, 1, 0], [1, 1, 1], [0, 1, 1]],
            },
        ],
        path: None,
        text: None,
    }
}

#[test]
fn small_scene_all_views() {
    for view in View::ALL {
        check("pair", &tromino_pair(), view);
    }
}

#[test]
fn bedlam_like_all_views() {
    let scene = demo::partition("bedlam-like 4x4x4", 4, 4, 4, 13, 1);
    for view in View::ALL {
        check("bedlam", &scene, view);
    }
}

#[test]
fn snake_assembled_and_layers() {
    let scene = demo::snake(3);
    check("snake", &scene, View::Assembled);
    check("snake", &scene, View::Layers);
}

#[test]
fn pentomino_rectangle_assembled() {
    let scene = demo::partition("6x10", 10, 6, 1, 12, 3);
    check("rect", &scene, View::Assembled);
}
