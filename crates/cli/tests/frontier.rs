//! `wurfel count --method frontier|auto` from the command line: the same counts as the
//! search, exact counts beyond 64 bits in text and JSON, what it refuses.

mod common;
use common::wurfel;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
fn auto_takes_the_search_for_what_only_the_search_does() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("c.json");
    let ck = ck.to_str().unwrap();
    // `auto` (the default) with a checkpoint: the method it chose writes one, and a second run
    // resumes with the method that wrote it.
    let (code, out, err) = wurfel(&["count", "soma", "--checkpoint", ck, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("method: search"), "{err}");
    let first: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (code, out, err) = wurfel(&["count", "soma", "--checkpoint", ck, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resuming its checkpoint"), "{err}");
    let again: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(first["raw"], again["raw"]);
    // `auto` with --disassemble: the search, which alone does it.
    let (code, out, err) = wurfel(&["count", "soma", "--disassemble", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["method"], "search");
    // Asked for by name, the frontier method refuses it (a usage error).
    let (code, _, err) = wurfel(&["count", "soma", "--method", "frontier", "--disassemble"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--disassemble"), "{err}");
}

/// T-tetracubes filling a 4x4xn box.
fn t_tetracubes(x: u32, n: u32) -> String {
    format!(
        "name = \"T in {x}x4x{n}\"\n[target]\nbox = [{x}, 4, {n}]\n[[piece]]\nname = \"T\"\n\
         cells = [[0,0,0],[1,0,0],[2,0,0],[1,1,0]]\ncount = {}\n",
        x * n
    )
}

/// Starts `wurfel args` and sends it `signal` once the checkpoint `ck` holds a layer beyond
/// the first cell of run `run` (read from its header): exit code and standard error.
fn signal_after_save(args: &[&str], ck: &Path, run: u32, signal: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        let head = std::fs::read(ck).unwrap_or_default();
        let head = String::from_utf8_lossy(&head[..head.len().min(1000)]).into_owned();
        let at = |f: &str| -> Option<u32> {
            let rest = head.split(&format!("\"{f}\":")).nth(1)?;
            rest.split(',').next()?.parse().ok()
        };
        if at("run") >= Some(run) && at("position") > Some(0) {
            break;
        }
        assert!(child.try_wait().unwrap().is_none(), "ended before a save");
        assert!(start.elapsed() < Duration::from_secs(120), "no save");
        std::thread::sleep(Duration::from_millis(5));
    }
    let pid = child.id().to_string();
    assert!(Command::new("kill")
        .args([signal, &pid])
        .status()
        .unwrap()
        .success());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (child.wait().unwrap().code(), err)
}

#[test]
fn an_interrupted_or_killed_frontier_count_resumes_to_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_puzzle(&dir, "t.toml", &t_tetracubes(4, 6));
    let ck = dir.path().join("t.ckpt");
    let cks = ck.to_str().unwrap();
    let args = [
        "count",
        &path,
        "--method",
        "frontier",
        "--threads",
        "1",
        "--checkpoint",
        cks,
        "--checkpoint-interval",
        "0.001",
    ];
    // Ctrl-C during the raw count: exit 130, the checkpoint named.
    let (code, err) = signal_after_save(&args, &ck, 0, "-INT");
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("progress saved to"), "{err}");
    // Killed during a later run (no chance to clean up): the last save stays whole.
    let (code, err) = signal_after_save(&args, &ck, 2, "-KILL");
    assert_eq!(code, None, "{err}");
    assert!(err.contains("resuming from"), "{err}");
    let (code, resumed, err) = wurfel(&args);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resuming from"), "{err}");
    let (code, search, _) = wurfel(&["count", &path, "--threads", "2"]);
    assert_eq!(code, 0);
    assert!(search.contains("43,384"));
    assert_eq!(count_lines(&resumed), count_lines(&search));
    // Two threads from the checkpoint of the finished count: the same answer.
    let (code, again, _) = wurfel(&[&args[..5], &["2"], &args[6..]].concat());
    assert_eq!(code, 0);
    assert_eq!(count_lines(&again), count_lines(&search));
    assert!(again.contains("with 2 threads"));
}

#[test]
fn a_checkpoint_of_another_puzzle_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = write_puzzle(&dir, "a.toml", &t_tetracubes(3, 4));
    let b = write_puzzle(&dir, "b.toml", &t_tetracubes(2, 6));
    let ck = dir.path().join("c.ckpt");
    let cks = ck.to_str().unwrap();
    let run = |p: &str| wurfel(&["count", p, "--method", "frontier", "--checkpoint", cks]);
    let (code, _, err) = run(&a);
    assert_eq!(code, 0, "{err}");
    let saved = std::fs::read(&ck).unwrap();
    let (code, out, err) = run(&b);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(
        err.contains("refused") && err.contains("another puzzle"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&ck).unwrap(),
        saved,
        "the checkpoint is left as it was"
    );
    // The search's checkpoint format is not the frontier's.
    let (code, _, err) = wurfel(&["count", &a, "--method", "search", "--checkpoint", cks]);
    assert_eq!(code, 1);
    assert!(err.contains("checkpoint"), "{err}");
    // `auto`, the default, resumes with the method that wrote the checkpoint.
    let (code, _, err) = wurfel(&["count", &a, "--checkpoint", cks]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("method: frontier (resuming"), "{err}");
}

#[test]
fn stats_print_every_run() {
    let (code, _, err) = wurfel(&["count", "soma", "--method", "frontier", "--stats"]);
    assert_eq!(code, 0);
    assert!(
        err.contains("run 1/") && err.contains("transitions"),
        "{err}"
    );
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
