//! The designers' interface end to end: `convert` between TOML and BurrTools files with the
//! counts unchanged, `--problem`, equal shapes declared apart (the warning, and
//! `--merge-equal-shapes`), optional cells and piece ranges from a file, BurrTools' stored counts
//! checked (`--check-stored`, and a count request's `check_stored`: the same JSON).

mod common;
mod http;

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

/// `count --check-stored`: the counts a solved BurrTools problem stores (Soma: 240 assemblies
/// under rotations and reflections, all 240 come apart — BurrTools' own figure, and wurfel's
/// `rotations_reflections`) agree; a changed number is named and the command fails; a file
/// that stores nothing is refused before any count.
#[test]
fn stored_counts_are_checked_from_the_command_line() {
    let tmp = tempfile::tempdir().unwrap();
    let file = |name: &str, state: &str| {
        let xml = format!(
            "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"0\"/><colors/><shapes>\
             <voxel x=\"2\" y=\"2\" z=\"1\" type=\"0\" name=\"V\">###_</voxel>\
             <voxel x=\"3\" y=\"2\" z=\"1\" type=\"0\" name=\"L\">####__</voxel>\
             <voxel x=\"2\" y=\"3\" z=\"1\" type=\"0\" name=\"T\">#_###_</voxel>\
             <voxel x=\"2\" y=\"3\" z=\"1\" type=\"0\" name=\"Z\">_####_</voxel>\
             <voxel x=\"2\" y=\"2\" z=\"2\" type=\"0\" name=\"A\">###__#__</voxel>\
             <voxel x=\"2\" y=\"2\" z=\"2\" type=\"0\" name=\"B\">_#__###_</voxel>\
             <voxel x=\"2\" y=\"2\" z=\"2\" type=\"0\" name=\"P\">###_#___</voxel>\
             <voxel x=\"3\" y=\"3\" z=\"3\" type=\"0\" name=\"box\">###########################</voxel>\
             </shapes><problems><problem name=\"Soma cube\" {state}><shapes>\
             <shape id=\"0\" count=\"1\"/><shape id=\"1\" count=\"1\"/><shape id=\"2\" count=\"1\"/>\
             <shape id=\"3\" count=\"1\"/><shape id=\"4\" count=\"1\"/><shape id=\"5\" count=\"1\"/>\
             <shape id=\"6\" count=\"1\"/></shapes><result id=\"7\"/><bitmap></bitmap></problem>\
             </problems></puzzle>"
        );
        let path = tmp.path().join(name);
        std::fs::write(&path, xml).unwrap();
        path.to_str().unwrap().to_string()
    };
    let good = file(
        "good.xmpuzzle",
        r#"state="2" assemblies="240" solutions="240""#,
    );
    let (code, out, err) = wurfel(&["count", &good, "--check-stored", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["rotations_reflections"], 240, "{out}");
    assert_eq!(v["stored"]["differences"], serde_json::json!([]), "{out}");
    assert!(
        err.contains("agree: 240 assemblies, 240 solutions"),
        "{err}"
    );

    let off = file(
        "off.xmpuzzle",
        r#"state="2" assemblies="240" solutions="239""#,
    );
    let (code, _, err) = wurfel(&["count", &off, "--check-stored"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("solutions: the file stores 239, wurfel finds 240"),
        "{err}"
    );
    assert!(!err.contains("assemblies: the file"), "{err}");

    let unsolved = file("unsolved.xmpuzzle", r#"state="0""#);
    let (code, out, err) = wurfel(&["count", &unsolved, "--check-stored"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.is_empty() && err.contains("stores no counts to check"),
        "{err}"
    );

    // The API checks the same, with the same JSON (the check as `stored`) and messages.
    let server = http::Server::start(&[]);
    let ask = |path: &str| {
        let text = std::fs::read_to_string(path).unwrap();
        let body = serde_json::json!({"puzzle_text": text, "check_stored": true, "threads": 1});
        server.post("/api/v1/count", &body.to_string())
    };
    let strip = |mut v: Value| {
        // `puzzle` names the source: the file's stem, or `puzzle_text`.
        for k in [
            "seconds",
            "nodes_per_second",
            "cpu_seconds",
            "threads",
            "puzzle",
        ] {
            v.as_object_mut().unwrap().remove(k);
        }
        v
    };
    for path in [&good, &off] {
        let got = ask(path);
        assert_eq!(got.status, 200, "{}", got.text());
        let (_, out, _) = wurfel(&["count", path, "--check-stored", "--json"]);
        let cli: Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(strip(got.json()), strip(cli), "{path}");
    }
    assert_eq!(
        ask(&off).json()["stored"]["differences"][0],
        "solutions: the file stores 239, wurfel finds 240 assemblies that come apart"
    );
    let refused = ask(&unsolved);
    assert_eq!(refused.status, 422, "{}", refused.text());
    assert!(
        refused.text().contains("stores no counts to check"),
        "{}",
        refused.text()
    );
}
