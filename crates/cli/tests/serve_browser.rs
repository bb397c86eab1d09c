//! The web app in a real browser: headless Chromium driven by playwright-core
//! (`crates/serve/browser-test/test.mjs`) against `wurfel serve` on an ephemeral port. Builds a
//! puzzle by clicking voxels and counts it, starts and cancels a count of Bedlam, paints a
//! 4x4x4 net from a scramble and plays its solution on the net and the 3D cube to the solved
//! cube, solves a snake and cancels a long snake count (its partial counts shown), designs and
//! counts puzzles on triangular prisms and spheres (`grids.mjs`); every number the pages show
//! is compared with the CLI's.
//!
//! As the viewer's test (`crates/render/tests/browser.rs`), through the same launch
//! (`wurfel_testkit::browser`): without Chromium or Node the test cannot run, which fails under
//! CI (`CI` set to anything but `false`/`0`) and is said loudly elsewhere. `WURFEL_KEEP_SCREENSHOTS=DIR` keeps the pages' screenshots.

mod common;
mod http;

use common::wurfel;
use http::Server;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use wurfel_testkit::browser::{self, run};

/// The designer's puzzle: a 3x3x3 cube; the bottom slab, and the two layers above cut in two.
fn plan_cells() -> (Vec<[i32; 3]>, Vec<Vec<[i32; 3]>>) {
    let mut target = Vec::new();
    let mut pieces = vec![Vec::new(), Vec::new(), Vec::new()];
    for z in 0..3 {
        for y in 0..3 {
            for x in 0..3 {
                target.push([x, y, z]);
                let k = if z == 0 {
                    0
                } else if x == 0 || (x == 1 && y < 2) {
                    1
                } else {
                    2
                };
                pieces[k].push([x, y, z]);
            }
        }
    }
    (target, pieces)
}

fn toml(target: &[[i32; 3]], pieces: &[Vec<[i32; 3]>]) -> String {
    let list = |c: &[[i32; 3]]| {
        let parts: Vec<String> = c
            .iter()
            .map(|c| format!("[{}, {}, {}]", c[0], c[1], c[2]))
            .collect();
        format!("[{}]", parts.join(", "))
    };
    let mut t = format!(
        "id = \"clicked\"\nname = \"clicked cube\"\n[target]\ncells = {}\n",
        list(target)
    );
    for (i, p) in pieces.iter().enumerate() {
        t.push_str(&format!(
            "[[piece]]\nname = \"{}\"\ncells = {}\n",
            (b'A' + i as u8) as char,
            list(p)
        ));
    }
    t
}

/// The designer's puzzles off the cube grid, each a target cut into its pieces (so it has a
/// solution), clicked cell by cell in the page: triangular prisms (a row of four triangles, two
/// layers high, in a piece of 3 and one of 5) and spheres (nine balls of a 3x3x2 box of
/// voxels, the cells of even coordinate sum, in pieces of four, three and two).
fn grid_puzzles() -> Vec<(&'static str, Value)> {
    let prisms = json!({
        "grid": "triangular-prisms", "gridName": "triangular prisms", "name": "prism row", "dims": [4, 1, 2],
        "target": [[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0], [0, 0, 1], [1, 0, 1], [2, 0, 1], [3, 0, 1]],
        "pieces": [[[0, 0, 0], [1, 0, 0], [0, 0, 1]], [[1, 0, 1], [2, 0, 1], [3, 0, 1], [2, 0, 0], [3, 0, 0]]],
    });
    let spheres = json!({
        "grid": "spheres", "gridName": "spheres", "name": "ball pyramid", "dims": [3, 3, 2],
        "target": [[0, 0, 0], [2, 0, 0], [1, 1, 0], [0, 2, 0], [2, 2, 0], [1, 0, 1], [0, 1, 1], [2, 1, 1], [1, 2, 1]],
        "pieces": [[[0, 0, 0], [1, 1, 0], [2, 2, 0], [1, 2, 1]], [[2, 0, 0], [1, 0, 1], [2, 1, 1]], [[0, 2, 0], [0, 1, 1]]],
    });
    vec![("prisms", prisms), ("spheres", spheres)]
}

/// A grid puzzle of [`grid_puzzles`] as TOML, for the CLI.
fn grid_toml(p: &Value) -> String {
    let list = |v: &Value| {
        let cells: Vec<String> = v
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| c.to_string().replace(',', ", "))
            .collect();
        format!("[{}]", cells.join(", "))
    };
    let mut t = format!(
        "name = {}\ngrid = {}\n[target]\ncells = {}\n",
        p["name"],
        p["grid"],
        list(&p["target"])
    );
    for (i, piece) in p["pieces"].as_array().into_iter().flatten().enumerate() {
        t.push_str(&format!(
            "[[piece]]\nname = \"{}\"\ncells = {}\n",
            (b'A' + i as u8) as char,
            list(piece)
        ));
    }
    t
}

/// The CLI's counts of a puzzle file.
fn cli_counts(path: &Path) -> Value {
    let (code, out, err) = wurfel(&["count", path.to_str().unwrap_or_default(), "--json"]);
    assert_eq!(code, 0, "{}: {err}", path.display());
    serde_json::from_str(&out).expect("json")
}

/// What the browser does (the designer's cells, the facelets to paint, the chain), written to
/// a file for the harness, and the CLI's answers for the same input: the designer's count and
/// the snake's count.
fn plan(dir: &Path) -> (PathBuf, Value, Value) {
    let (target, pieces) = plan_cells();
    let puzzle = dir.join("clicked.toml");
    std::fs::write(&puzzle, toml(&target, &pieces)).expect("write puzzle");
    let (code, out, err) = wurfel(&["count", puzzle.to_str().unwrap_or_default(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let counted: Value = serde_json::from_str(&out).expect("json");
    // The 4x4x4 position of a scramble, as the CLI prints it.
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("wurfel-serve-cache");
    let scramble = "Rw U2 L' Fw2 D B' Uw R2 F'";
    let cli = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args([
            "revenge",
            "solve",
            "--method",
            "reduction",
            "--quiet",
            "--scramble",
            scramble,
        ])
        .env("WURFEL_CACHE", &cache)
        .output()
        .expect("wurfel revenge");
    let text = String::from_utf8_lossy(&cli.stdout).into_owned();
    let facelets = text
        .lines()
        .find_map(|l| l.strip_prefix("position: "))
        .unwrap_or_else(|| panic!("no position in {text}"))
        .to_string();
    let chain = "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,3,2,3,3";
    let (code, out, err) = wurfel(&["snake", "count", chain, "--json"]);
    assert_eq!(code, 0, "{err}");
    let snake: Value = serde_json::from_str(&out).expect("json");
    // A count of minutes (a chain turning at every cube, filling the 4x4x4), to cancel.
    let long_chain = vec!["2"; 63].join(",");
    // A rhombic-dodecahedron design (BurrTools' grid 3) whose answer the viewer draws.
    let mut rhombic = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(
            std::fs::File::open(
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../pack/tests/data/burr/rhombic/two-4x3.xmpuzzle"),
            )
            .expect("the rhombic design"),
        ),
        &mut rhombic,
    )
    .expect("gzip");
    let grids: serde_json::Map<String, Value> = grid_puzzles()
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    let plan = json!({ "target": target, "pieces": pieces, "facelets": facelets, "scramble": scramble, "chain": chain, "longChain": long_chain, "rhombic": rhombic, "grids": grids });
    let plan_path = dir.join("plan.json");
    std::fs::write(&plan_path, plan.to_string()).expect("write plan");

    (plan_path, counted, snake)
}

#[test]
fn the_web_app_works_in_headless_chromium() {
    let harness = Path::new(env!("CARGO_MANIFEST_DIR")).join("../serve/browser-test");
    let Some(chromium) = browser::chromium("web app browser test", &harness) else {
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let (plan_path, counted, snake) = plan(dir.path());
    let server = Server::start(&[]);
    let (ok, out, err) = run(
        Command::new("node")
            .arg(harness.join("test.mjs"))
            .arg(format!("http://{}/", server.addr))
            .arg(dir.path())
            .arg(&plan_path)
            .env("WURFEL_CHROMIUM", &chromium),
        Duration::from_secs(240),
    );
    eprintln!("browser report: {out}");
    assert!(ok, "browser test failed:\n{out}\n{err}");
    let report: Value = serde_json::from_str(out.trim()).expect("a JSON report");
    for k in ["raw", "rotations", "rotations_reflections"] {
        assert_eq!(
            report["designerCounts"][k], counted[k],
            "the designer's {k} count"
        );
    }
    let unique = report["designerUnique"].as_str().unwrap_or_default();
    assert_eq!(
        unique.starts_with("unique"),
        counted["rotations"] == 1,
        "{unique}"
    );
    assert_eq!(report["snakeSolutions"], snake["solutions"]);
    let shown = snake["solutions"].as_u64().unwrap_or(0).min(10);
    assert_eq!(report["snakeFoldings"].as_u64(), Some(shown));
    assert_eq!(report["revengeCubeSolved"], true);
    // An imported file's colour rules and group, in words (constraints.mjs checks the rest).
    let words = report["constraintWords"].as_str().unwrap_or_default();
    assert!(
        words.contains("1 on 1, 2 on 2") && words.contains("RB in group 1"),
        "{words}"
    );
    // The cancelled count showed foldings, far fewer than the chain's millions.
    let partial = report["snakePartial"].as_u64().unwrap_or(0);
    assert!((1..1_000_000_000).contains(&partial), "{partial}");
    assert!(
        server.idle_within(Duration::from_secs(5)),
        "jobs left running"
    );
    check_grid_designer(&report, dir.path());
    check_whole_solids(&report);
    // The rhombic design's answer was drawn as solids (the page checked its triangles).
    assert_eq!(report["rhombic"]["solid"], true, "{}", report["rhombic"]);
    keep_screenshots(dir.path());
}

/// The designer off the cube grid: the page's counts are the CLI's on the same puzzle, and the
/// TOML files the page saved count the same again (they round-trip).
fn check_grid_designer(report: &Value, dir: &Path) {
    for (name, p) in grid_puzzles() {
        let file = dir.join(format!("{name}-cli.toml"));
        std::fs::write(&file, grid_toml(&p)).expect("write");
        let cli = cli_counts(&file);
        let shown = &report["grids"][name];
        for k in ["raw", "rotations", "rotations_reflections"] {
            assert_eq!(
                shown["counts"][k], cli[k],
                "{name}: the designer's {k} count"
            );
        }
        assert!(cli["raw"].as_u64().unwrap_or(0) > 0, "{name}: {cli}");
        let saved = PathBuf::from(shown["saved"].as_str().unwrap_or_default());
        let again = cli_counts(&saved);
        assert_eq!(again["raw"], cli["raw"], "{name}: the saved TOML");
        // Every voxel of the box is a prism; on spheres only those of even coordinate sum.
        let d: Vec<i64> = p["dims"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_i64)
            .collect();
        let mut cells = 0;
        for z in 0..d[2] {
            for y in 0..d[1] {
                for x in 0..d[0] {
                    cells += i64::from(name == "prisms" || (x + y + z) % 2 == 0);
                }
            }
        }
        assert_eq!(
            shown["clickable"].as_i64(),
            Some(cells),
            "{name}: the cells offered"
        );
        // Every grid has sliding directions, so taking apart is offered on each.
        assert_eq!(shown["disassembleDisabled"], false, "{name}");
    }
}

/// The whole-solid brush's cells are one solid: the surface of their union (the renderer's
/// tetrahedra, the faces shared inside removed) is the 24 triangles of a rhombic
/// dodecahedron's 12 rhombi, or the 8 of an octahedron.
fn check_whole_solids(report: &Value) {
    use wurfel_render::cells::{boundary, Lattice};
    for (what, lattice, cells, faces) in [
        ("dodecahedron", Lattice::RhombicDodecahedra, 48, 24),
        ("octahedron", Lattice::TetraOcta, 8, 8),
    ] {
        let list: Vec<[i32; 3]> = report["gridsWalk"][what]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|k| {
                let v: Vec<i32> = k
                    .as_str()?
                    .split(',')
                    .filter_map(|x| x.parse().ok())
                    .collect();
                Some([v[0], v[1], v[2]])
            })
            .collect();
        assert_eq!(list.len(), cells, "{what}: {}", report["gridsWalk"]);
        let surface = boundary(lattice, &list).expect("cells of the grid");
        assert_eq!(surface.len(), faces, "{what}: not one solid: {list:?}");
        assert!(surface.iter().all(|f| f.corners.len() == 3), "{what}");
    }
}

/// With `WURFEL_KEEP_SCREENSHOTS=folder`, the pages' screenshots are kept there to be looked at.
fn keep_screenshots(dir: &Path) {
    if let Ok(keep) = std::env::var("WURFEL_KEEP_SCREENSHOTS") {
        let keep = PathBuf::from(keep);
        let _ = std::fs::create_dir_all(&keep);
        for name in [
            "catalog",
            "catalog-counting",
            "catalog-cancelled",
            "designer",
            "designer-apart",
            "designer-fresh",
            "designer-check",
            "designer-constraints",
            "designer-constraints-edit",
            "revenge",
            "revenge-end",
            "revenge-paste-hint",
            "revenge-paste-unused",
            "snake",
            "snake-cancelled",
            "snake-error",
            "soma-taken-apart",
            "rhombic-viewer",
            "designer-prisms",
            "designer-spheres",
            "designer-off-grid",
            "designer-rhombic",
        ] {
            let _ = std::fs::copy(
                dir.join(format!("{name}.png")),
                keep.join(format!("serve-{name}.png")),
            );
        }
    }
}
