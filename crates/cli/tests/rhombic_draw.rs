//! The rhombic-dodecahedron grid (BurrTools' grid type 3) drawn and printed: a solution and the
//! pieces of a corpus design as STL files admesh reads as closed solids without repairs (one
//! shell per piece), the print plate likewise, pictures written, and the assembly steps refused
//! with the reason.

mod common;

use common::wurfel;
use std::path::PathBuf;

/// A corpus design: two blocks of pyramids in four pieces of three (`make.py` there).
fn design() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../pack/tests/data/burr/rhombic/two-4x3.xmpuzzle")
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
    if let Some(parts) = common::admesh::parts_without_repairs(&sol) {
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
        if let Some(parts) = common::admesh::parts_without_repairs(f) {
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
    if let Some(parts) = common::admesh::parts_without_repairs(&plate) {
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
