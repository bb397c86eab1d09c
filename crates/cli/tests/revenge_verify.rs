//! `wurfel revenge positions` and `wurfel revenge verify`: the bench's positions for another
//! solver, and that solver's solutions checked and measured (what scripts/tpr-bench.sh uses).

mod common;

use common::wurfel;
use std::io::Write;
use std::process::{Command, Stdio};
use wurfel_revenge::notation::{self, Notation};
use wurfel_revenge::Cube;

/// Runs `wurfel args` with `input` on standard input: exit code, stdout, stderr.
fn wurfel_stdin(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run wurfel");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait for wurfel");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The facelets of the solved cube after `scramble` (WCA notation).
fn scrambled(scramble: &str) -> String {
    let mut c = Cube::solved();
    notation::apply_steps(
        &mut c,
        &notation::parse(scramble, Notation::Wca).expect("valid scramble"),
    );
    c.facelets()
}

/// Spaced as TPR prints a solution: every token padded to three characters, then a space.
fn tpr_spacing(moves: &str) -> String {
    moves
        .split_whitespace()
        .map(|t| format!("{t:<3} "))
        .collect()
}

#[test]
fn positions_are_the_bench_seeds_in_order() {
    let (code, out, err) = wurfel(&["revenge", "positions", "--random", "3", "--seed", "41"]);
    assert_eq!(code, 0, "{err}");
    let want: Vec<String> = (41..44).map(|s| Cube::random(s).facelets()).collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), want);
    // The defaults are the bench's: 100 positions from seed 1.
    let (code, out, _) = wurfel(&["revenge", "positions"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 100);
    assert_eq!(
        out.lines().next(),
        Some(Cube::random(1).facelets().as_str())
    );
    assert!(out.lines().all(|l| l.len() == 96));
}

#[test]
fn verify_accepts_tpr_style_solutions_and_measures_them() {
    // Solutions spaced as TPR prints them, with wide turns and a closing rotation; a second
    // line without the rotation (solved in another orientation is solved).
    let lines = [
        format!(
            "{}\t{}\t100",
            scrambled("Rw U2 Fw' B"),
            tpr_spacing("B' Fw U2 Rw' x2")
        ),
        format!("{}\t{}\t300", scrambled("Lw' D"), tpr_spacing("D' Rw")),
        format!("# a comment\n\n{}\tR' U\t200", scrambled("U' R")),
    ];
    let input = lines.join("\n") + "\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sols.tsv");
    std::fs::write(&path, &input).unwrap();
    let (code, out, err) = wurfel(&["revenge", "verify", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // `B' Fw U2 Rw'`: 4 block turns, 6 slices; `D' Rw`: 2 and 3; `R' U`: 2 and 2 (line 5,
    // after the comment and the empty line).
    assert!(out.contains("line 1: 4 OBTM, 6 STM, 100.0 ms"), "{out}");
    assert!(out.contains("line 2: 2 OBTM, 3 STM, 300.0 ms"), "{out}");
    assert!(out.contains("line 5: 2 OBTM, 2 STM, 200.0 ms"), "{out}");
    assert!(out.contains("3 solutions checked"), "{out}");
    assert!(out.contains("average 2.67, max 4"), "{out}");
    assert!(out.contains("average 3.67, max 6"), "{out}");
    assert!(
        out.contains("average 0.200 s, median 0.200 s, max 0.300 s"),
        "{out}"
    );
    // The same from standard input, as JSON.
    let (code, out, err) = wurfel_stdin(&["revenge", "verify", "--json"], &input);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(v["solutions"], 3);
    assert_eq!(v["obtm_max"], 4);
    assert_eq!(v["stm_max"], 6);
    assert_eq!(v["lines"][1]["obtm"], 2);
    assert_eq!(v["lines"][2]["line"], 5);
    assert!((v["seconds_median"].as_f64().unwrap() - 0.2).abs() < 1e-9);
}

#[test]
fn verify_checks_a_real_tpr_solution() {
    // What TPR printed for the first bench position (seed 1), spacing as printed: 44 outer
    // block turns by TPR's own count, and 52 single slices once turns of an axis are merged.
    let sol = "U'  F   B2  Rw' U'  Fw2 Uw  L   F2  L'  B2  Rw' D   Rw2 Fw2 Uw2 L2  B2  U   Fw2 \
               D2  Rw2 B'  Rw2 R2  D   R2  U2  B'  U'  R'  F'  B2  R   L2  U2  D   R2  D   F2  \
               U   F2  B2  U'  y' z'";
    let input = format!("{}\t{sol}\n", Cube::random(1).facelets());
    let (code, out, err) = wurfel_stdin(&["revenge", "verify", "-"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("line 1: 44 OBTM, 52 STM"), "{out}");
    assert!(!out.contains("time per solve"), "no times given: {out}");
}

#[test]
fn verify_rejects_a_wrong_solution_loudly_and_prints_no_averages() {
    let good = format!("{}\tR'", scrambled("R"));
    let wrong = format!("{}\tR", scrambled("R"));
    let (code, out, err) = wurfel_stdin(&["revenge", "verify"], &format!("{good}\n{wrong}\n"));
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("line 2: WRONG SOLUTION"), "{err}");
    assert!(err.contains("1 of 2 solutions"), "{err}");
    assert!(!out.contains("average"), "{out}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn verify_reports_unreadable_lines() {
    let f = scrambled("R");
    let cases = [
        (format!("{f} R'\n"), "1 tab-separated field"),
        (
            format!("{f}\tTPR-FAILED:java.lang.Oops\n"),
            "cannot read move",
        ),
        (format!("{}\tR'\n", &f[..95]), "position"),
        (format!("{f}\tR'\tsoon\n"), "not a number of milliseconds"),
        (
            format!("{f}\tR'\t5\n{f}\tR'\n"),
            "give one on every line or on none",
        ),
        (
            "# nothing\n\n".to_string(),
            "holds no FACELETS<TAB>SOLUTION lines",
        ),
    ];
    for (input, want) in cases {
        let (code, out, err) = wurfel_stdin(&["revenge", "verify"], &input);
        assert_eq!(code, 1, "{input}: {out}");
        assert!(err.contains(want), "{input}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        // An unreadable line is not called a wrong solution.
        assert!(!err.contains("wrong solutions"), "{input}: {err}");
    }
    let (_, _, err) = wurfel_stdin(&["revenge", "verify"], &format!("{f}\tR'\tsoon\n"));
    assert!(
        err.contains("1 of 1 lines in standard input could not be read"),
        "{err}"
    );
    let (code, _, err) = wurfel(&["revenge", "verify", "/no/such/file.tsv"]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read /no/such/file.tsv"), "{err}");
}
