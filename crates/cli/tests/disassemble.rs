//! `count --disassemble` and `solve --disassemble --plan` end to end, on corridor puzzles: a
//! frame around a one-cell-wide corridor along x with holes in its roof, a two-cell bar and a
//! cube inside. The bar can only leave through two neighbouring holes; the cube through any.

use std::path::Path;
mod common;

use common::wurfel;

/// Writes the corridor puzzle (corridor x = 0..5, roof holes above `holes`) to `path`.
fn corridor(path: &Path, holes: &[i32]) {
    let len = 5;
    let inside = |x: i32, y: i32, z: i32| y == 0 && z == 0 && (0..len).contains(&x);
    let mut frame = Vec::new();
    for x in -1..=len {
        for y in -1..=1 {
            for z in -1..=1 {
                let hole = y == 0 && z == 1 && holes.contains(&x);
                if !inside(x, y, z) && !hole {
                    frame.push([x, y, z]);
                }
            }
        }
    }
    let bar = vec![[0, 0, 0], [1, 0, 0]];
    let cube = vec![[2, 0, 0]];
    let list = |cells: &[[i32; 3]]| {
        let c: Vec<String> = cells
            .iter()
            .map(|[x, y, z]| format!("[{x},{y},{z}]"))
            .collect();
        format!("[{}]", c.join(","))
    };
    let all: Vec<[i32; 3]> = frame.iter().chain(&bar).chain(&cube).copied().collect();
    let text = format!(
        "name = \"corridor\"\n[target]\ncells = {}\n\
         [[piece]]\nname = \"F\"\ncells = {}\n\
         [[piece]]\nname = \"B\"\ncells = {}\n\
         [[piece]]\nname = \"C\"\ncells = {}\n",
        list(&all),
        list(&frame),
        list(&bar),
        list(&cube)
    );
    std::fs::write(path, text).unwrap();
}

fn count_json(path: &str, threads: &str) -> serde_json::Value {
    let (code, out, err) = wurfel(&[
        "count",
        path,
        "--disassemble",
        "--json",
        "--threads",
        threads,
    ]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(out.trim()).expect("one JSON object")
}

#[test]
fn a_bar_that_cannot_turn_up_through_one_hole_is_stuck() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stuck.toml");
    corridor(&path, &[4]);
    let p = path.to_str().unwrap();
    let v = count_json(p, "1");
    let d = &v["disassembly"];
    assert_eq!(d["convention"], "rotations");
    assert_eq!(d["assemblies"], v["rotations"]);
    assert!(d["assemblies"].as_u64().unwrap() > 0);
    assert_eq!(d["solutions"], 0, "{v}");
    // No solution comes apart: solve lists none and says so.
    let (code, out, err) = wurfel(&["solve", p, "--disassemble"]);
    assert_ne!(code, 0);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("no solution"), "{err}");
}

#[test]
fn two_holes_let_it_out_and_the_plan_shows_how() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.toml");
    corridor(&path, &[3, 4]);
    let p = path.to_str().unwrap();
    let v = count_json(p, "1");
    let d = &v["disassembly"];
    assert_eq!(d["assemblies"], v["rotations"]);
    assert_eq!(d["solutions"], d["assemblies"]);
    // The cube slides along and up (2 moves), then the bar does (2 moves).
    assert_eq!(d["max_level"], 2);
    assert_eq!(
        count_json(p, "2")["disassembly"],
        *d,
        "threads never change a count"
    );
    let (code, out, err) = wurfel(&["solve", p, "--disassemble", "--plan", "--all"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("level 2.2"), "{out}");
    assert!(out.contains("   1. C slide +x 1"), "{out}");
    assert!(out.contains("   2. C out +z"), "{out}");
    assert!(out.contains("   4. B out +z"), "{out}");
    let (code, out, _) = wurfel(&["solve", p, "--disassemble", "--plan", "--json"]);
    assert_eq!(code, 0);
    let s: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(s["level"], "2.2");
    assert_eq!(s["plan"].as_array().unwrap().len(), 4);
    assert_eq!(s["plan"][1]["distance"], serde_json::Value::Null);
    // The viewer gets the positions after each move: the assembled one and four more.
    let page = dir.path().join("view.html");
    let (code, _, err) = wurfel(&[
        "solve",
        p,
        "--disassemble",
        "--render",
        page.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    let start = html.find("\"moves\":").expect("moves in the page");
    let frames: serde_json::Value = serde_json::Deserializer::from_str(&html[start + 8..])
        .into_iter()
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(frames.as_array().unwrap().len(), 5, "{frames}");
}

#[test]
fn disassemble_with_checkpoint_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("cp.json");
    let (code, _, err) = wurfel(&[
        "count",
        "soma",
        "--disassemble",
        "--checkpoint",
        cp.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--disassemble cannot be combined with --checkpoint"),
        "{err}"
    );
    assert!(!cp.exists());
}

#[test]
fn plan_needs_disassemble() {
    let (code, _, err) = wurfel(&["solve", "soma", "--plan"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn bedlam_assemblies_all_come_apart() {
    // BurrTools 0.6.4 (`burrTxt -d`) finds that all 19,186 assemblies come apart.
    let (code, out, err) = wurfel(&["count", "bedlam", "--disassemble", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["disassembly"]["assemblies"], v["rotations"]);
    assert_eq!(v["disassembly"]["solutions"], v["rotations"]);
}
