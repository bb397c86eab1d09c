//! Issue "Trust, round three", end to end: limits that must end in a clear error, never in a
//! false answer or an abort.

mod http;

use std::path::Path;
use std::process::{Command, Stdio};

/// Runs wurfel in `cwd`: exit code, stdout, stderr.
fn run_in(cwd: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .output()
        .expect("run wurfel");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A puzzle file of `n` unit cubes in an `n`x1x1 box, written to `dir`.
fn line(dir: &Path, n: usize) -> String {
    let name = format!("line{n}.toml");
    let text = format!(
        "name = \"line\"\n[target]\nbox = [{n}, 1, 1]\n[[piece]]\nname = \"U\"\n\
         cells = [[0,0,0]]\ncount = {n}\n"
    );
    std::fs::write(dir.join(&name), text).unwrap();
    name
}

#[test]
fn item1_disassembly_of_65_pieces_is_an_error_not_a_proof() {
    let tmp = tempfile::tempdir().unwrap();
    let file = line(tmp.path(), 65);
    for cmd in ["solve", "count"] {
        let (code, out, err) = run_in(tmp.path(), &[cmd, &file, "--disassemble"]);
        assert_ne!(code, 3, "{cmd}: exit 3 claims a proof: {out}{err}");
        assert_ne!(code, 0, "{cmd}: {out}{err}");
        assert!(
            err.contains("at most 64 pieces") && err.contains("has 65"),
            "{cmd}: {err}"
        );
    }
    // 64 pieces still come apart.
    let file = line(tmp.path(), 64);
    let (code, out, err) = run_in(tmp.path(), &["solve", &file, "--disassemble"]);
    assert_eq!(code, 0, "{out}{err}");
    // The API: a 4xx naming the limit, never `200 []` (which read as "none come apart").
    let text = std::fs::read_to_string(tmp.path().join(line(tmp.path(), 65))).unwrap();
    let s = http::Server::start(&["--threads", "1"]);
    for endpoint in ["solve", "count"] {
        let body = serde_json::json!({"puzzle_text": text, "disassemble": true});
        let r = s.post(&format!("/api/v1/{endpoint}"), &body.to_string());
        assert!(
            (400..500).contains(&r.status) && r.text().contains("at most 64 pieces"),
            "{endpoint}: {} {}",
            r.status,
            r.text()
        );
    }
}

/// Issue 40, item 9: `shard plan` and `estimate` on long thin boxes. A line has one path, so
/// the cut is one task probed once a round and the estimate walks it once (the library's
/// work is asserted in `pack/tests/long_lines.rs`: at most 64 probes for the cut); here the
/// commands themselves on the issue's sizes: `shard plan` on 1,000 cells (over 60 s before:
/// a cut and probe round per cell) and `estimate` with its default probes on 500 (over two
/// minutes before) end with a plan of one task and an estimate of one solution.
#[test]
fn item9_shard_plan_and_estimate_on_long_lines() {
    let tmp = tempfile::tempdir().unwrap();
    let file = line(tmp.path(), 1000);
    let start = std::time::Instant::now();
    let args = ["shard", "plan", &file, "--shards", "1", "--dir", "plan"];
    let (code, out, err) = run_in(tmp.path(), &args);
    eprintln!(
        "shard plan, 1,000 cells: {:.2} s",
        start.elapsed().as_secs_f64()
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(tmp.path().join("plan").is_dir(), "{out}{err}");
    let file = line(tmp.path(), 500);
    let start = std::time::Instant::now();
    let (code, out, err) = run_in(tmp.path(), &["estimate", &file, "--json"]);
    eprintln!(
        "estimate, 500 cells: {:.2} s",
        start.elapsed().as_secs_f64()
    );
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solutions"]["estimate"], 1.0, "{v}");
}

/// Issue 40, item 3: the search recurses once per piece placed, at most 4,096 deep (the most
/// columns); the command line runs it on threads whose stack holds that depth. A 1,500-cell
/// line of unit cubes is an answer through `count`, `solve` and `estimate` (the main thread's
/// 8 MiB stack overflowed: exit 134); a 5,000-cell line is refused with the limit named.
#[test]
fn item3_long_lines_are_answers_or_errors_never_aborts() {
    let tmp = tempfile::tempdir().unwrap();
    let file = line(tmp.path(), 1500);
    let runs: [&[&str]; 4] = [
        &["count", &file, "--method", "search"],
        &["count", &file],
        &["solve", &file],
        &["estimate", &file, "--probes", "20", "--calibrate", "0.05"],
    ];
    for args in runs {
        let (code, out, err) = run_in(tmp.path(), args);
        assert_eq!(code, 0, "{args:?}: {out}{err}");
        assert!(!err.contains("overflow"), "{args:?}: {err}");
    }
    let (_, out, _) = run_in(tmp.path(), &["count", &file, "--json"]);
    assert!(
        out.contains("\"raw\": 1") || out.contains("\"raw\":1"),
        "{out}"
    );
    let file = line(tmp.path(), 5000);
    for cmd in ["count", "solve", "estimate"] {
        let (code, out, err) = run_in(tmp.path(), &[cmd, &file]);
        assert_eq!(code, 1, "{cmd}: {out}{err}");
        assert!(
            err.contains("4,096") || err.contains("4096"),
            "{cmd}: {err}"
        );
    }
}

/// Issue 40, items 1 and 4 through the server: the issue's tripod puzzle (1,024 tripods in
/// 16x16x16, a 14 GB search stack) sent to `wurfel serve` running under a 2 GiB address-space
/// limit, with its budget off (`--max-memory 0`: the system's refusal of an allocation) and
/// with its default budget (half the limit: refused before any work). Every search endpoint
/// answers a 4xx naming memory; the server stays alive and answers the next request.
#[test]
fn the_server_under_an_address_space_limit_refuses_the_tripod_puzzle_and_lives() {
    let text = "name = \"tripods\"\n[target]\nbox = [16, 16, 16]\n[[piece]]\nname = \"T\"\n\
                cells = [[0,0,0],[1,0,0],[0,1,0],[0,0,1]]\ncount = 1024\n";
    let body = serde_json::json!({ "puzzle_text": text }).to_string();
    for budget in [&["--max-memory", "0"][..], &[]] {
        let s = http::Server::start_limited(&[budget, &["--threads", "2"]].concat(), 2 << 30);
        for endpoint in ["count", "solve", "estimate"] {
            let r = s.post(&format!("/api/v1/{endpoint}"), &body);
            assert!(
                (400..500).contains(&r.status) && r.text().contains("memory"),
                "{budget:?} {endpoint}: {} {}",
                r.status,
                r.text()
            );
            let soma = s.post("/api/v1/count", r#"{"puzzle":"soma"}"#);
            assert_eq!(
                soma.status,
                200,
                "{budget:?} after {endpoint}: {}",
                soma.text()
            );
            assert_eq!(soma.json()["rotations_reflections"], 240, "{}", soma.text());
        }
    }
}

/// Issue 40, item 1: the server's memory budget bounds the sum over its running jobs, not
/// each job alone. 72 L-trominoes in 6x6x6 need about 5.3 MB to count by the search (and the
/// count runs for hours); under `--max-memory 8M`, one such job runs, a solve of the same
/// (as much memory; a first solution in 0.3 s) is refused beside it with a 4xx naming the
/// other jobs' hold, and once the first is cancelled the memory is given back: the same
/// solve is then answered.
#[test]
fn the_servers_budget_bounds_the_sum_over_its_running_jobs() {
    let text = "name = \"L\"\n[target]\nbox = [6, 6, 6]\n[[piece]]\nname = \"L\"\n\
                cells = [[0,0,0],[1,0,0],[0,1,0]]\ncount = 72\n";
    let s = http::Server::start(&["--max-memory", "8M", "--threads", "1", "--jobs", "2"]);
    let job = serde_json::json!({"command": "count", "puzzle_text": text, "method": "search"});
    let r = s.post("/api/v1/jobs", &job.to_string());
    assert_eq!(r.status, 202, "{}", r.text());
    let id = r.json()["id"].as_str().unwrap_or_default().to_string();
    // While it runs (it reports progress; its events are read on, since a client that
    // leaves the stream cancels the job), a second search does not fit beside it.
    let solve = serde_json::json!({ "puzzle_text": text }).to_string();
    let mut refused = None;
    http::events(&s, &id, |e| {
        if e.name == "progress" && refused.is_none() {
            refused = Some(s.post("/api/v1/solve", &solve));
            assert_eq!(s.delete(&format!("/api/v1/jobs/{id}")).status, 202);
        }
        true
    });
    let r = refused.expect("the job reported progress");
    assert!(
        (400..500).contains(&r.status) && r.text().contains("other running jobs hold"),
        "{} {}",
        r.status,
        r.text()
    );
    // Cancelled and ended: its memory is given back.
    let r = s.post("/api/v1/solve", &solve);
    assert_eq!(r.status, 200, "after the cancel: {}", r.text());
}
