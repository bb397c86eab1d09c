//! The rhombic-dodecahedron grid (BurrTools' grid type 3) drawn and printed: a solution and the
//! pieces of a corpus design as STL files admesh reads as closed solids without repairs (one
//! shell per piece), the print plate likewise, pictures written, and the assembly steps refused
//! with the reason.

mod common;

use common::wurfel;
use std::path::PathBuf;
use std::process::Command;

/// A corpus design: two blocks of pyramids in four pieces of three (`make.py` there).
fn design() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../pack/tests/data/burr/rhombic/two-4x3.xmpuzzle")
}

/// admesh's report on `stl`: the number of parts, after asserting it repaired nothing.
fn admesh_parts(stl: &std::path::Path) -> Option<f64> {
    if Command::new("admesh").arg("--version").output().is_err() {
        eprintln!("SKIPPED: admesh is not installed (apt-get install admesh)");
        return None;
    }
    let out = Command::new("admesh").arg(stl).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let number = |label: &str| -> f64 {
        let line = text.lines().find(|l| l.contains(label)).unwrap();
        let after = &line[line.find(label).unwrap() + label.len()..];
        after
            .trim_start_matches([' ', ':'])
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    for label in [
        "Degenerate facets",
        "Edges fixed",
        "Facets removed",
        "Facets added",
        "Facets reversed",
        "Backwards edges",
    ] {
        assert_eq!(number(label), 0.0, "{label}: {text}");
    }
    Some(number("Number of parts"))
}

#[test]
fn rhombic_solutions_and_pieces_print_as_closed_solids() {
    let dir = tempfile::tempdir().unwrap();
    let input = design();
    let input = input.to_str().unwrap();
    let sol = dir.path().join("solution.stl");
    let (code, _, err) = wurfel(&[
        "solve",
        input,
        "--limit",
        "1",
        "--export",
        sol.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // At least one shell per piece: the corpus's pieces are random sets of pyramids, and
    // pyramids of a piece that meet only at a point or along an edge print as shells apart.
    if let Some(parts) = admesh_parts(&sol) {
        assert!(parts >= 4.0, "{parts}");
    }
    let pieces = dir.path().join("pieces");
    let (code, _, err) = wurfel(&["pieces", input, "--export", pieces.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&pieces)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 4, "{files:?}");
    for f in &files {
        if let Some(parts) = admesh_parts(f) {
            assert!(parts >= 1.0, "{}", f.display());
        }
    }
    let plate = dir.path().join("plate.stl");
    let (code, _, err) = wurfel(&[
        "pieces",
        input,
        "--export",
        plate.to_str().unwrap(),
        "--plate",
    ]);
    assert_eq!(code, 0, "{err}");
    if let Some(parts) = admesh_parts(&plate) {
        assert!(parts >= 4.0, "{parts}");
    }
}

#[test]
fn rhombic_pictures_are_drawn_and_steps_refused() {
    let dir = tempfile::tempdir().unwrap();
    let input = design();
    let input = input.to_str().unwrap();
    for (cmd, name) in [("solve", "solution.svg"), ("pieces", "pieces.png")] {
        let out = dir.path().join(name);
        let mut args = vec![cmd, input, "--render", out.to_str().unwrap()];
        if cmd == "solve" {
            args.extend(["--limit", "1"]);
        }
        let (code, _, err) = wurfel(&args);
        assert_eq!(code, 0, "{err}");
        assert!(std::fs::metadata(&out).unwrap().len() > 1000, "{name}");
    }
    let steps = dir.path().join("steps.svg");
    let (code, _, err) = wurfel(&["solve", input, "--steps", steps.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cube grid only"), "{err}");
    assert!(!steps.exists());
}
