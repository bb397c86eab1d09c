//! The designers' interface end to end: `convert` between TOML and BurrTools files with the
//! counts unchanged, `--problem`, equal shapes declared apart (the warning, and
//! `--merge-equal-shapes`), optional cells and piece ranges from a file.

mod common;

use common::wurfel;
use serde_json::Value;

fn counts(args: &[&str]) -> (u64, u64, u64) {
    let (code, out, err) = wurfel(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    let g = |k: &str| v[k].as_u64().unwrap();
    (g("raw"), g("rotations"), g("rotations_reflections"))
}

#[test]
fn convert_keeps_the_counts_both_ways() {
    let tmp = tempfile::tempdir().unwrap();
    let burr = tmp.path().join("soma.xmpuzzle");
    let back = tmp.path().join("soma.toml");
    let (b, t) = (burr.to_str().unwrap(), back.to_str().unwrap());
    let (code, _, err) = wurfel(&["convert", "soma", b]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = wurfel(&["convert", b, t]);
    assert_eq!(code, 0, "{err}");
    let want = counts(&["count", "soma", "--json"]);
    assert_eq!(want, (11_520, 480, 240));
    assert_eq!(counts(&["count", b, "--json"]), want);
    assert_eq!(counts(&["count", t, "--json"]), want);
    // The file has one problem: asking for another names what there is.
    let (code, _, err) = wurfel(&["count", b, "--problem", "2"]);
    assert_eq!(code, 1);
    assert!(err.contains("problem"), "{err}");
    assert_eq!(counts(&["count", b, "--problem", "1", "--json"]), want);
    // --problem means nothing for a built-in puzzle.
    let (code, _, err) = wurfel(&["count", "soma", "--problem", "1"]);
    assert_ne!(code, 0);
    assert!(err.contains("problem"), "{err}");
}

/// Two V-trominoes declared apart in a 1x2x3 box: labelled pieces by default (with a warning
/// that names them and says how to declare copies), interchangeable copies on request.
#[test]
fn equal_shapes_declared_apart() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("twins.toml");
    std::fs::write(
        &file,
        r#"id = "twins"
name = "Two V-trominoes"

[target]
box = [1, 2, 3]

[[piece]]
name = "A"
cells = [[0, 0, 0], [0, 1, 0], [0, 0, 1]]

[[piece]]
name = "B"
cells = [[0, 0, 0], [0, 1, 0], [0, 0, 1]]
"#,
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = wurfel(&["count", f, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("A") && err.contains("B") && err.contains("count"),
        "{err}"
    );
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (
            v["raw"].as_u64(),
            v["rotations"].as_u64(),
            v["rotations_reflections"].as_u64()
        ),
        (Some(4), Some(1), Some(1))
    );
    assert_eq!(
        counts(&["count", f, "--merge-equal-shapes", "--json"]),
        (2, 1, 1)
    );
}

/// Optional cells and a piece range from the example file, through a BurrTools file and back:
/// the counts BurrTools 0.6.4 also gives (1,440 assemblies; see docs/PUZZLE-FORMAT.md).
#[test]
fn optional_cells_and_ranges_survive_conversion() {
    let example = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/soma-corners.toml"
    );
    let want = counts(&["count", example, "--json"]);
    assert_eq!(want, (11_520, 2_880, 1_440));
    let tmp = tempfile::tempdir().unwrap();
    let burr = tmp.path().join("corners.xmpuzzle");
    let b = burr.to_str().unwrap();
    let (code, _, err) = wurfel(&["convert", example, b]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(counts(&["count", b, "--json"]), want);
}
