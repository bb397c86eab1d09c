//! `wurfel count --method frontier|auto` from the command line: the same counts as the
//! search, exact counts beyond 64 bits in text and JSON, what it refuses.

mod common;
use common::wurfel;

/// The count lines (`  raw  11,520  ...`) of `count`'s text output.
fn count_lines(out: &str) -> Vec<String> {
    out.lines()
        .filter(|l| l.starts_with("  "))
        .map(str::to_string)
        .collect()
}

fn write_puzzle(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// L-tricubes filling a 2x2xn box.
fn l_tricubes(n: u32) -> String {
    format!(
        "name = \"L in 2x2x{n}\"\n[target]\nbox = [2, 2, {n}]\n[[piece]]\nname = \"L\"\n\
         cells = [[0,0,0],[1,0,0],[0,1,0]]\ncount = {}\n",
        4 * n / 3
    )
}

#[test]
fn frontier_prints_what_the_search_prints() {
    let (code, search, _) = wurfel(&["count", "soma", "--threads", "1"]);
    assert_eq!(code, 0);
    let (code, frontier, _) = wurfel(&["count", "soma", "--method", "frontier"]);
    assert_eq!(code, 0);
    assert_eq!(count_lines(&search), count_lines(&frontier));
    assert!(frontier.contains("✓") && !frontier.contains("MISMATCH"));
    assert!(frontier.contains("boundary states at most"));
}

#[test]
fn frontier_counts_beyond_128_bits_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_puzzle(&dir, "l.toml", &l_tricubes(120));
    let (code, out, err) = wurfel(&["count", &path, "--method", "frontier", "--json"]);
    assert_eq!(code, 0, "{err}");
    // A234833(40), by its recurrence a(n) = 68 a(n-1) - 192 a(n-2) (checked in the library's
    // tests): the JSON number carries every digit.
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["method"], "frontier");
    let raw = out.split("\"raw\":").nth(1).unwrap();
    let digits: String = raw.chars().take_while(char::is_ascii_digit).collect();
    assert!(digits.len() > 39, "{digits}");
    let (_, text, _) = wurfel(&["count", &path, "--method", "frontier"]);
    assert!(text.replace(',', "").contains(&digits));
}

#[test]
fn auto_says_which_method_it_chose() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_puzzle(&dir, "l.toml", &l_tricubes(12));
    let (code, out, err) = wurfel(&["count", &path, "--method", "auto"]);
    assert_eq!(code, 0);
    assert!(err.contains("method: frontier"), "{err}");
    assert!(out.contains("11,835,136"));
    let (code, out, _) = wurfel(&["count", &path, "--method", "auto", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["auto"].as_str().unwrap().starts_with("frontier"));
    // The Soma cube: a few thousand search nodes, far less than the frontier's transitions.
    let (code, out, err) = wurfel(&["count", "soma", "--method", "auto", "--json"]);
    assert_eq!(code, 0);
    assert!(err.contains("method: search"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["method"].as_str(), v["raw"].as_u64()),
        (Some("search"), Some(11_520))
    );
}

#[test]
fn frontier_refuses_what_only_the_search_does() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("c.json");
    let (code, _, err) = wurfel(&[
        "count",
        "soma",
        "--method",
        "frontier",
        "--checkpoint",
        ck.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("cannot be combined with --checkpoint"),
        "{err}"
    );
    assert!(!ck.exists());
    let (code, _, err) = wurfel(&["count", "soma", "--method", "auto", "--disassemble"]);
    assert_eq!(code, 1);
    assert!(err.contains("--disassemble"), "{err}");
}

#[test]
fn frontier_stops_at_the_memory_bound() {
    let (code, out, err) = wurfel(&[
        "count",
        "soma",
        "--method",
        "frontier",
        "--max-memory",
        "1M",
    ]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.contains("would need more than"), "{err}");
}
