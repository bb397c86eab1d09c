//! The triangular-prism grid (BurrTools' grid type 1) drawn, printed and taken apart: a corpus
//! design's solution and pieces as STL files admesh reads as closed solids without repairs
//! (one shell per piece: prisms of a piece share whole faces), the print plate likewise,
//! pictures and the viewer with its disassembly written, the plan's moves along the grid's
//! directions, and the assembly steps refused with the reason.

mod common;

use common::wurfel;
use std::path::PathBuf;

/// A corpus design with three assemblies, one of which comes apart in 1.1.2 moves: a frame
/// round a corridor with three bars in it (`make.py` there). (Every corpus design is printed
/// in `mesh_corpora.rs`.)
fn design() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../pack/tests/data/burr/triangle/corridor8-4-s302.xmpuzzle")
}

#[test]
fn prism_solutions_and_pieces_print_as_closed_solids() {
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
    if let Some(parts) = common::admesh::parts_without_repairs(&sol) {
        assert_eq!(parts, 4.0);
    }
    let pieces = dir.path().join("pieces");
    let (code, _, err) = wurfel(&["pieces", input, "--export", pieces.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let files: Vec<PathBuf> = std::fs::read_dir(&pieces)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(!files.is_empty());
    for f in &files {
        if let Some(parts) = common::admesh::parts_without_repairs(f) {
            assert_eq!(parts, 1.0, "{}", f.display());
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
        assert_eq!(parts, 4.0);
    }
}

#[test]
fn prism_pictures_and_disassembly_are_drawn_and_steps_refused() {
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
    let view = dir.path().join("view.html");
    let (code, out, err) = wurfel(&[
        "solve",
        input,
        "--all",
        "--disassemble",
        "--plan",
        "--render",
        view.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // Levels as burrTxt prints them for this design (its `.burrtxt`); moves along the
    // triangles' edges are named by their grid steps.
    let recorded = std::fs::read_to_string(design().with_extension("burrtxt")).unwrap();
    for level in recorded.lines().filter_map(|l| l.strip_prefix("level: ")) {
        assert!(out.contains(level.trim()), "level {level}: {out}");
    }
    assert!(out.contains(" out "), "{out}");
    assert!(std::fs::metadata(&view).unwrap().len() > 1000);
    let steps = dir.path().join("steps.svg");
    let (code, _, err) = wurfel(&["solve", input, "--steps", steps.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cube grid only"), "{err}");
    assert!(!steps.exists());
}
