//! Colours and layered text.

use std::collections::{HashMap, HashSet};
use wurfel_render::{demo, layered_text, palette, piece_colours, short_labels, Options, Rgb};
use wurfel_render::{Scene, ScenePiece};

#[test]
fn base_palette_is_distinct_and_covers_thirteen() {
    let set: HashSet<Rgb> = palette::BASE.iter().copied().collect();
    assert!(set.len() >= 13);
    let full: HashSet<Rgb> = palette::palette().into_iter().collect();
    assert!(full.len() >= 54, "{} colours", full.len());
}

#[test]
fn touching_pieces_get_different_colours() {
    for (n, seed) in [(54usize, 2u64), (30, 5), (100, 9)] {
        let scene = demo::partition("t", 6, 6, 6, n, seed);
        let colours = piece_colours(&scene, &Options::default());
        let mut owner = HashMap::new();
        for (i, p) in scene.pieces.iter().enumerate() {
            for c in &p.cells {
                owner.insert(*c, i);
            }
        }
        for (i, p) in scene.pieces.iter().enumerate() {
            for c in &p.cells {
                for d in [[1, 0, 0], [0, 1, 0], [0, 0, 1]] {
                    let q = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
                    if let Some(&j) = owner.get(&q) {
                        if j != i {
                            assert_ne!(colours[i], colours[j], "pieces {i} and {j} touch");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn explicit_colours_override() {
    let scene = demo::partition("t", 4, 4, 4, 13, 1);
    let opts = Options {
        colours: vec![Rgb(1, 2, 3)],
        ..Options::default()
    };
    let c = piece_colours(&scene, &opts);
    assert_eq!(c[0], Rgb(1, 2, 3));
    assert_eq!(c[1], palette::BASE[1]);
    assert_eq!(Rgb::parse("#0a0B0c"), Some(Rgb(10, 11, 12)));
    assert_eq!(Rgb::parse("fff"), Some(Rgb(255, 255, 255)));
    assert_eq!(Rgb::parse("#12345"), None);
    assert_eq!(Rgb(10, 11, 12).to_string(), "#0a0b0c");
}

#[test]
fn layered_text_top_layer_first_high_y_on_top() {
    let scene = Scene {
        lattice: wurfel_render::cells::Lattice::Cubes,
        title: String::new(),
        pieces: vec![
            ScenePiece {
                name: "A".into(),
                label: None,
                cells: vec![[0, 0, 0], [1, 0, 0]],
                colour: None,
                cell_colours: Vec::new(),
            },
            ScenePiece {
                name: "B".into(),
                label: None,
                cells: vec![[0, 1, 0], [0, 1, 1]],
                colour: None,
                cell_colours: Vec::new(),
            },
        ],
        path: None,
        text: None,
        moves: None,
        colour_key: Vec::new(),
    };
    // Layers side by side, top (z = 1) on the left, as `wurfel solve` prints them.
    assert_eq!(layered_text(&scene), "B .   B .\n. .   A A\n");
}

#[test]
fn labels() {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(short_labels(&s(&["A", "B"])), s(&["A", "B"]));
    assert_eq!(short_labels(&s(&["T 1", "T 12"])), s(&["T1", "T12"]));
    assert_eq!(short_labels(&s(&["Cross", "Flat M"])), s(&["1", "2"]));
    assert_eq!(short_labels(&s(&["A", "A"])), s(&["1", "2"]));
}
