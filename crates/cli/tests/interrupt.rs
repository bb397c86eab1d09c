//! Every interrupt prints what it has: Ctrl-C (SIGINT) in `snake solve --all`, `snake count`
//! and `revenge analyse` ends with exit code 130 and the results so far, labelled as partial;
//! and a snake listing streams (solutions appear as they are found, in bounded memory). The
//! signal is sent once output has started, never after a fixed time.
//! (`estimate` is checked in `shard.rs`, `solve` and `count` in `robust.rs`.)

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// A snake of 64 cubes, every joint a corner: millions of foldings into 4x4x4, found fast.
fn corners_64() -> String {
    format!("E{}E", "C".repeat(62))
}

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn wurfel")
}

fn interrupt(child: &Child) {
    let ok = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill")
        .success();
    assert!(ok, "kill -INT");
}

/// The lines of a stream, read on another thread (so a test can give up on a silent child).
fn lines(stream: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits for the next line; a generous limit only stops a test that would otherwise hang.
fn next(rx: &Receiver<String>, what: &str) -> String {
    rx.recv_timeout(Duration::from_secs(120))
        .unwrap_or_else(|_| panic!("no {what} within two minutes"))
}

/// Waits for the child to end: its exit code, and what is left of its standard output.
fn finish(mut child: Child, rx: Receiver<String>) -> (Option<i32>, Vec<String>, String) {
    let code = child.wait().unwrap().code();
    let rest: Vec<String> = rx.iter().collect();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (code, rest, err)
}

/// Resident memory of a running process, in KiB (Linux).
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .expect("VmRSS");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn snake_listing_streams_in_bounded_memory_and_ctrl_c_ends_it() {
    let chain = corners_64();
    let mut child = spawn(&["snake", "solve", &chain, "--all", "--json"]);
    let out: ChildStdout = child.stdout.take().unwrap();
    let rx = lines(out);
    // Solutions arrive while the search runs (the old listing printed nothing until the end).
    let mut n = 0u64;
    let mut check = |line: &str| {
        n += 1;
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        assert_eq!(v["solution"], n, "numbered in order");
        assert_eq!(v["cells"].as_array().unwrap().len(), 64);
    };
    for _ in 0..10_000 {
        check(&next(&rx, "solution"));
    }
    let early = rss_kib(child.id());
    for _ in 0..90_000 {
        check(&next(&rx, "solution"));
    }
    let late = rss_kib(child.id());
    // 90,000 more foldings of 64 cells would hold over 60 MiB if they were kept.
    assert!(
        late < early + 8 * 1024,
        "memory grew from {early} KiB to {late} KiB"
    );
    interrupt(&child);
    let (code, rest, err) = finish(child, rx);
    for line in &rest {
        check(line);
    }
    assert_eq!(code, Some(130), "{err}");
    assert!(
        err.contains("INTERRUPTED") && err.contains("a partial list"),
        "{err}"
    );
    assert!(
        err.contains(&format!("{n} solution(s) listed so far")),
        "{err}"
    );
}

#[test]
fn snake_listing_as_text_ends_with_its_partial_summary() {
    let chain = corners_64();
    let mut child = spawn(&["snake", "solve", &chain, "--all"]);
    let rx = lines(child.stdout.take().unwrap());
    while !next(&rx, "solution").starts_with("solution 3 ") {}
    interrupt(&child);
    let (code, rest, err) = finish(child, rx);
    assert_eq!(code, Some(130), "{err}");
    let last = rest.last().expect("a summary");
    assert!(
        last.starts_with("INTERRUPTED") && last.ends_with("(a partial list)"),
        "{last}"
    );
}

#[test]
fn snake_count_prints_partial_counts() {
    let chain = corners_64();
    for json in [false, true] {
        let mut args = vec!["snake", "count", &chain, "--threads", "2"];
        if json {
            args.push("--json");
        }
        let mut child = spawn(&args);
        let rx = lines(child.stdout.take().unwrap());
        // Nothing is printed before the end: interrupt once it has searched for a moment.
        std::thread::sleep(Duration::from_millis(500));
        interrupt(&child);
        let (code, out, err) = finish(child, rx);
        assert_eq!(code, Some(130), "{err}");
        let out = out.join("\n");
        if json {
            let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
            assert_eq!(v["complete"], false, "{v}");
            assert!(v["embeddings"].is_u64(), "{v}");
        } else {
            assert!(out.contains("embeddings"), "{out}");
            assert!(out.contains("INTERRUPTED — partial counts"), "{out}");
        }
    }
}

/// The full stage 3 analysis takes hours: interrupted as soon as it has started, it prints the
/// (empty) table it has, labelled, and keeps its state directory for a resume.
#[test]
fn revenge_analyse_prints_its_partial_table() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state");
    let mut child = spawn(&[
        "revenge",
        "analyse",
        "--stage",
        "3",
        "--threads",
        "1",
        "--state-dir",
        state.to_str().unwrap(),
    ]);
    let err_rx = lines(child.stderr.take().unwrap());
    let out_rx = lines(child.stdout.take().unwrap());
    while !next(&err_rx, "the analysis' first line").contains("state in") {}
    interrupt(&child);
    let code = child.wait().unwrap().code();
    let out: Vec<String> = out_rx.iter().collect();
    let err: Vec<String> = err_rx.iter().collect();
    assert_eq!(code, Some(130), "{err:?}");
    let out = out.join("\n");
    assert!(out.starts_with("Stage 3"), "{out}");
    assert!(out.contains("INTERRUPTED after"), "{out}");
    assert!(
        state.join("space.json").exists(),
        "the state directory is kept"
    );
}

/// Stage 1 (in memory, 804 MB, not resumable): the positions of each distance completed.
#[test]
#[ignore = "allocates the stage 1 table (804 MB)"]
fn revenge_analyse_stage_1_prints_the_distances_completed() {
    let mut child = spawn(&["revenge", "analyse", "--stage", "1", "--json"]);
    let err_rx = lines(child.stderr.take().unwrap());
    let out_rx = lines(child.stdout.take().unwrap());
    while !next(&err_rx, "the analysis' first line").contains("breadth-first search") {}
    std::thread::sleep(Duration::from_secs(5));
    interrupt(&child);
    let code = child.wait().unwrap().code();
    let out: Vec<String> = out_rx.iter().collect();
    assert_eq!(code, Some(130));
    let v: serde_json::Value = serde_json::from_str(&out.join("\n")).expect("one JSON object");
    assert!(
        v["note"].as_str().unwrap().starts_with("INTERRUPTED"),
        "{v}"
    );
    // Each distance printed is complete: a prefix of Norskog's table (seed 003, stage 1).
    let norskog: [u64; 12] = [
        3,
        6,
        144,
        2_796,
        48_324,
        745_302,
        10_030_470,
        103_416_912,
        575_138_592,
        826_559_202,
        92_489_544,
        43_782,
    ];
    let rows: Vec<u64> = v["distance"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["positions"].as_u64().unwrap())
        .collect();
    assert!(!rows.is_empty() && rows.len() < norskog.len(), "{v}");
    assert_eq!(rows[..], norskog[..rows.len()], "{v}");
}

/// `solve --all` streams from budgeted rounds: its first solution is the one `solve` prints,
/// and arrives while the search goes on (54 T-tetracubes in 6x6x6: in plain search order the
/// first task alone takes minutes); Ctrl-C then ends it with 130.
#[test]
fn solve_all_streams_its_first_solution_early() {
    let out = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(["solve", "t-tetracubes-6x6x6", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let first = String::from_utf8(out.stdout).unwrap();
    let mut child = spawn(&["solve", "t-tetracubes-6x6x6", "--all", "--json"]);
    let rx = lines(child.stdout.take().unwrap());
    assert_eq!(next(&rx, "solution"), first.trim_end());
    interrupt(&child);
    let (code, _, err) = finish(child, rx);
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
}
