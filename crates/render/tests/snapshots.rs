//! Snapshot tests of the SVG output, with `insta`: the snapshots live in `tests/snapshots/`.
//! After an intended change, run `INSTA_UPDATE=always cargo test -p wurfel-render --test
//! snapshots` (or `cargo insta review`) and look at the diff before committing it. Under CI
//! (`CI=true`) a missing or different snapshot fails.

use wurfel_render::{demo, render_svg, Options, Scene, ScenePiece, View};

fn check(name: &str, scene: &Scene, view: View) {
    let svg = render_svg(scene, view, &Options::default()).expect("renders");
    let again = render_svg(scene, view, &Options::default()).expect("renders");
    assert_eq!(svg, again, "output must be deterministic");
    insta::assert_snapshot!(format!("{name}-{}", view.name()), svg);
}

fn tromino_pair() -> Scene {
    Scene {
        lattice: wurfel_render::cells::Lattice::Cubes,
        title: "two pieces <&>".into(),
        pieces: vec![
            ScenePiece {
                name: "L".into(),
                label: None,
                cells: vec![[0, 0, 0], [1, 0, 0], [0, 1, 0]],
                colour: None,
                cell_colours: Vec::new(),
            },
            ScenePiece {
                name: "I".into(),
                label: None,
                cells: vec![[1, 1, 0], [1, 1, 1], [0, 1, 1]],
                colour: None,
                cell_colours: Vec::new(),
            },
        ],
        path: None,
        text: None,
        moves: None,
        colour_key: Vec::new(),
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
