//! Solutions a person can follow: coordinates and legend in the text (golden), copies
//! labelled `T1`, `T2`, …, and the step-by-step picture.

mod common;

use common::wurfel;

#[test]
fn layers_have_coordinates_and_a_legend() {
    let (code, out, err) = wurfel(&["solve", "tetris-cube"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "Tetris Cube — solution 1
     z=3       z=2       z=1       z=0
  x  0 1 2 3   0 1 2 3   0 1 2 3   0 1 2 3
y 3  L L P P   S S P T   S S Z Z   Z Z Z Y
  2  L X T T   L P P T   L S Q Q   V Q Q Y
  1  X X X W   M X F T   F F F Q   V F Y Y
  0  M M M W   M X F W   M W W W   V V V Y
pieces: Y = RedY, V = RedV, Z = BlueZ, P = YelPipe, T = YelTetris, L = YelL,
        X = YelCross, Q = BluePipe, S = RedSq, W = BlueV, F = RedF, M = BlueVMid

"
    );
}

#[test]
fn copies_keep_their_symbol_with_a_number() {
    let (code, out, err) = wurfel(&["solve", "t-tetracubes-6x6x2"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1], "     z=1                       z=0");
    assert_eq!(
        lines[2],
        "  x    0   1   2   3   4   5     0   1   2   3   4   5"
    );
    assert!(lines[3].starts_with("y 5  T"), "{out}");
    assert_eq!(lines[9], "pieces: T1…T18 = T");
    for k in 1..=18 {
        let label = format!("T{k}");
        let cells = out
            .split_whitespace()
            .filter(|w| *w == label.as_str())
            .count();
        assert_eq!(cells, 4, "{label} covers 4 cells:\n{out}");
    }
    // The viewer shows the same labels.
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("t.html");
    let (code, _, err) = wurfel(&[
        "solve",
        "t-tetracubes-6x6x2",
        "--render",
        html.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("\"label\":\"T17\""), "viewer labels");
}

#[test]
fn steps_picture_is_drawn_and_checked_first() {
    let dir = tempfile::tempdir().unwrap();
    for (name, extra) in [("a.png", None), ("b.svg", Some("--disassemble"))] {
        let path = dir.path().join(name);
        let mut args = vec!["solve", "soma", "--steps", path.to_str().unwrap()];
        args.extend(extra);
        let (code, _, err) = wurfel(&args);
        assert_eq!(code, 0, "{err}");
        let bytes = std::fs::read(&path).unwrap();
        if name.ends_with(".png") {
            assert_eq!(&bytes[1..4], b"PNG");
        } else {
            let svg = String::from_utf8(bytes).unwrap();
            for k in 1..=7 {
                assert!(svg.contains(&format!("{k}. ")), "panel {k}");
            }
            assert!(svg.contains("slide in from the"), "reversed plan says how");
        }
    }
    let bad = dir.path().join("steps.pdf");
    let (code, _, err) = wurfel(&["solve", "soma", "--steps", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains(".svg or .png"), "{err}");
}
