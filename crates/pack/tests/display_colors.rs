//! The display colours of constraint colours (`[colors]` in TOML, `<colors>` in `.xmpuzzle`):
//! read, written back by both writers, round trips keeping them, and the errors.

use std::collections::BTreeMap;
use wurfel_pack::burrtools::{read_xmpuzzle, write_xmpuzzle};
use wurfel_pack::colors::default_display_color;
use wurfel_pack::{parse_puzzle, to_toml, Puzzle, PuzzleFileError};

const COLOURED: &str = r##"name = "Halves"
color_rules = [[1, 1], [2, 2]]

[colors]
1 = "#9E762D"
2 = "#4d9db5"

[target]
box = [2, 1, 1]
cell_colors = [[0, 0, 0, 1], [1, 0, 0, 2]]

[[piece]]
name = "RB"
cells = [[0, 0, 0], [1, 0, 0]]
cell_colors = [[0, 0, 0, 1], [1, 0, 0, 2]]
"##;

fn parse(text: &str) -> Result<Puzzle, PuzzleFileError> {
    parse_puzzle(text, "c.toml")
}

fn xml_round_trip(p: &Puzzle) -> Puzzle {
    read_xmpuzzle(&write_xmpuzzle(p), "c.xmpuzzle", None)
        .expect("our own file reads back")
        .puzzle
}

#[test]
fn toml_colours_are_read_and_survive_both_writers() {
    let p = parse(COLOURED).unwrap();
    let want = BTreeMap::from([(1, [0x9e, 0x76, 0x2d]), (2, [0x4d, 0x9d, 0xb5])]);
    assert_eq!(p.display_colors, want);
    assert_eq!(p.display_color(1), [0x9e, 0x76, 0x2d]);
    // A colour without an entry falls back to the default palette.
    assert_eq!(p.display_color(3), default_display_color(3));
    let text = to_toml(&p);
    assert!(
        text.contains("[colors]\n1 = \"#9e762d\"\n2 = \"#4d9db5\"\n"),
        "{text}"
    );
    let back = parse(&text).unwrap();
    assert_eq!(back.display_colors, want);
    let xml = xml_round_trip(&p);
    assert_eq!(xml.display_colors, want);
    assert_eq!(xml.target_colors, p.target_colors);
    assert_eq!(parse(&to_toml(&xml)).unwrap().display_colors, want);
}

#[test]
fn burrtools_colours_are_kept_through_toml_and_back() {
    // A corpus file as BurrTools keeps it: three colours, red, black and green.
    let bytes = include_bytes!("data/burr/checker-2x2x2.xmpuzzle");
    let p = read_xmpuzzle(bytes, "checker-2x2x2.xmpuzzle", None)
        .unwrap()
        .puzzle;
    let want = BTreeMap::from([(1, [220, 40, 40]), (2, [30, 30, 30]), (3, [40, 160, 60])]);
    assert_eq!(p.display_colors, want);
    // Changed colours (as BurrTools' own examples have: brown and blue) go through TOML and
    // back into `.xmpuzzle`.
    let mut q = p.clone();
    q.display_colors.insert(1, [158, 118, 45]);
    q.display_colors.insert(2, [77, 157, 181]);
    let toml = parse(&to_toml(&q)).unwrap();
    assert_eq!(toml.display_colors, q.display_colors);
    let xml = xml_round_trip(&toml);
    assert_eq!(xml.display_colors, q.display_colors);
    assert_eq!(xml.pieces, q.pieces);
}

#[test]
fn a_puzzle_without_display_colours_is_written_with_the_default_palette() {
    let text = COLOURED.replace("[colors]\n1 = \"#9E762D\"\n2 = \"#4d9db5\"\n", "");
    let p = parse(&text).unwrap();
    assert!(p.display_colors.is_empty());
    assert!(!to_toml(&p).contains("[colors]"));
    let xml = xml_round_trip(&p);
    let want: BTreeMap<u8, [u8; 3]> = (1..=2).map(|k| (k, default_display_color(k))).collect();
    assert_eq!(xml.display_colors, want);
}

/// The error of `text` with `[colors]` holding `entry` (on line 5): its message and column.
fn colour_error(entry: &str) -> PuzzleFileError {
    let text = COLOURED.replace("2 = \"#4d9db5\"", entry);
    match parse(&text) {
        Ok(_) => panic!("{entry}: expected an error"),
        Err(e) => e,
    }
}

#[test]
fn bad_display_colours_are_refused_with_their_position() {
    for (entry, column, needle) in [
        (
            "2 = \"#4d9db\"",
            5,
            "colour 2 in `[colors]` must look like \"#rrggbb\"",
        ),
        ("2 = \"4d9db5\"", 5, "found \"4d9db5\""),
        ("2 = \"#4d9dbg\"", 5, "six hex digits"),
        (
            "0 = \"#4d9db5\"",
            1,
            "`[colors]` names \"0\", not a constraint colour (1 to 63)",
        ),
        ("64 = \"#4d9db5\"", 1, "names \"64\""),
        ("red = \"#4d9db5\"", 1, "names \"red\""),
        ("01 = \"#4d9db5\"", 1, "gives colour 1 twice"),
    ] {
        let e = colour_error(entry);
        assert!(e.message.contains(needle), "{entry}: {}", e.message);
        assert_eq!(e.line, 6, "{entry}: {e}");
        assert_eq!(e.column, column, "{entry}: {e}");
        assert!(
            e.to_string().starts_with(&format!("c.toml:6:{column}: ")),
            "{e}"
        );
    }
}

#[test]
fn a_bad_burrtools_colour_is_refused() {
    let bytes = include_bytes!("data/burr/checker-2x2x2.xmpuzzle");
    let p = read_xmpuzzle(bytes, "x", None).unwrap().puzzle;
    let xml = write_xmpuzzle(&p);
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&xml[..]), &mut text).unwrap();
    let bad = text.replacen("red=\"220\"", "red=\"256\"", 1);
    let Err(e) = read_xmpuzzle(bad.as_bytes(), "bad.xmpuzzle", None) else {
        panic!("a red of 256 was read");
    };
    assert!(
        e.message
            .contains("<colors> colour 1 has `red` \"256\", not an integer from 0 to 255"),
        "{}",
        e.message
    );
}
