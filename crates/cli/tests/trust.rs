//! Issue 26 ("Trust, round two"), end to end: each reproduction of items 1, 2, 7, 8, 10 and 11
//! (those not covered by `scripts.rs`, `hostile.rs` or the library tests) run against the
//! binary, with the refusal or the fixed behaviour it now gives.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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

const SOMA: &str = include_str!("../../../examples/soma.toml");

#[test]
fn item1_an_edited_analysis_state_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let args = [
        "revenge",
        "analyse",
        "--stage",
        "5",
        "--variant",
        "wings",
        "--state-dir",
        "aw",
    ];
    let (code, _, err) = run_in(cwd, &[&args[..], &["--max-depth", "6"]].concat());
    assert_eq!(code, 0, "{err}");
    let json = cwd.join("aw/depth-06.json");
    let text = std::fs::read_to_string(&json).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let p = v["rows"][3]["positions"].as_u64().unwrap();
    v["rows"][3]["positions"] = (p + 1000).into();
    let edited = serde_json::to_string_pretty(&v).unwrap();
    std::fs::write(&json, &edited).unwrap();
    let (code, out, err) = run_in(cwd, &args);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty(), "no table is printed: {out}");
    assert!(err.contains("depth-06.json refused"), "{err}");
    assert!(err.contains("edited or damaged"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&json).unwrap(),
        edited,
        "left as it was"
    );
    // Undone, the state resumes and completes with the true total (884,736).
    std::fs::write(&json, &text).unwrap();
    let (code, out, err) = run_in(cwd, &[&args[..], &["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let rows = v["distance"].as_array().unwrap();
    let total: u64 = rows.iter().map(|r| r["positions"].as_u64().unwrap()).sum();
    assert_eq!(total, 884_736, "{out}");
}

#[test]
fn item2_no_output_replaces_an_input() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    std::fs::write(cwd.join("m.toml"), SOMA).unwrap();
    std::os::unix::fs::symlink("m.toml", cwd.join("link.toml")).unwrap();
    std::fs::hard_link(cwd.join("m.toml"), cwd.join("hard.toml")).unwrap();
    std::os::unix::fs::symlink("m.toml", cwd.join("pic.svg")).unwrap();
    std::fs::create_dir(cwd.join("p2")).unwrap();
    std::fs::hard_link(cwd.join("m.toml"), cwd.join("p2/puzzle.toml")).unwrap();
    let refusals: [&[&str]; 8] = [
        &["solve", "m.toml", "--out", "m.toml"],
        &["solve", "m.toml", "--all", "--out", "link.toml"],
        &["solve", "m.toml", "--out", "hard.toml"],
        &["solve", "m.toml", "--render", "pic.svg"],
        &["convert", "m.toml", "m.toml"],
        &["count", "m.toml", "--checkpoint", "m.toml"],
        &["pieces", "link.toml", "--render", "pic.svg"],
        &[
            "shard",
            "plan",
            "p2/puzzle.toml",
            "--shards",
            "1",
            "--dir",
            "p2",
        ],
    ];
    for args in refusals {
        let (code, _, err) = run_in(cwd, args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("this command reads"), "{args:?}: {err}");
        assert_eq!(std::fs::read_to_string(cwd.join("m.toml")).unwrap(), SOMA);
    }
    // The shard plan and the analysis state are no outputs either.
    let (code, _, err) = run_in(
        cwd,
        &["shard", "plan", "soma", "--shards", "2", "--dir", "p"],
    );
    assert_eq!(code, 0, "{err}");
    let plan = std::fs::read(cwd.join("p/plan.json")).unwrap();
    for out in ["p/plan.json", "p/results/x.json"] {
        let (code, _, err) = run_in(cwd, &["shard", "merge", "p", "--out", out]);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("which this command reads and keeps"), "{err}");
    }
    assert_eq!(std::fs::read(cwd.join("p/plan.json")).unwrap(), plan);
    let analyse = [
        "revenge",
        "analyse",
        "--stage",
        "5",
        "--variant",
        "wings",
        "--state-dir",
        "aw",
    ];
    let (code, _, err) = run_in(cwd, &[&analyse[..], &["--max-depth", "1"]].concat());
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run_in(cwd, &[&analyse[..], &["--render", "aw/chart.svg"]].concat());
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("the analysis state directory"), "{err}");
    // A new output beside the inputs is fine.
    let (code, _, err) = run_in(cwd, &["convert", "m.toml", "copy.toml"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn item8_streams_are_written_in_place_and_outputs_checked_first() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let f = std::fs::File::create(cwd.join("f")).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(["solve", "soma", "--out", "/dev/stdout"])
        .stdout(f)
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let text = std::fs::read_to_string(cwd.join("f")).unwrap();
    assert!(text.starts_with("Soma cube — solution 1"), "{text}");
    // A picture path that cannot be written is refused before a long search starts.
    let t = Instant::now();
    let (code, _, err) = run_in(cwd, &["solve", "bedlam", "--all", "--render", "d.png/"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("names a directory"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    let (code, _, err) = run_in(cwd, &["solve", "bedlam", "--all", "--out", "no/such/dir/x"]);
    assert_eq!(code, 1, "{err}");
}

#[test]
fn item10_nonsense_is_refused_or_said() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let usage: [(&[&str], &str); 4] = [
        (&["revenge", "bench", "--random", "0"], "from 1 to 1000000"),
        (
            &["revenge", "positions", "--random", "0"],
            "from 1 to 1000000",
        ),
        (
            &[
                "count",
                "soma",
                "--checkpoint",
                "c.json",
                "--checkpoint-interval",
                "0",
            ],
            "above 0",
        ),
        (&["estimate", "soma", "--probes", "1"], "each of its"),
    ];
    for (args, needle) in usage {
        let (code, _, err) = run_in(cwd, args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    // --probes at the smallest the plan allows is honoured exactly.
    let (code, out, err) = run_in(cwd, &["estimate", "soma", "--json", "--calibrate", "0.05"]);
    assert_eq!(code, 0, "{err}");
    let tasks = serde_json::from_str::<serde_json::Value>(&out).unwrap()["tasks"]
        .as_u64()
        .unwrap();
    let least = (4 * tasks).to_string();
    let (code, out, err) = run_in(
        cwd,
        &[
            "estimate",
            "soma",
            "--json",
            "--calibrate",
            "0.05",
            "--probes",
            &least,
        ],
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["probes"].as_u64(), Some(4 * tasks));
    // A file named like a catalog id: the built-in puzzle is used, and a warning says so.
    std::fs::write(cwd.join("soma"), "not a puzzle").unwrap();
    let (code, _, err) = run_in(cwd, &["count", "soma"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("`soma` is a built-in puzzle, used here"),
        "{err}"
    );
    let (code, _, err) = run_in(cwd, &["count", "./soma"]);
    assert_eq!(code, 1, "the file is read when named as a path: {err}");
    // A viewer page that cannot hold every solution says so, on the page and on stderr.
    let (code, _, err) = run_in(cwd, &["solve", "soma", "--all", "--render", "s.html"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("holds only the first 200 of the 480 solutions"),
        "{err}"
    );
    let page = std::fs::read_to_string(cwd.join("s.html")).unwrap();
    assert!(page.contains("This page holds the first 200 of the 480 solutions"));
    // Every cell optional and no piece required: placing nothing is not a solution.
    std::fs::write(
        cwd.join("o.toml"),
        "id = \"o\"\nname = \"optional\"\n[target]\nbox = [3, 1, 1]\n\
         optional = [[0, 0, 0], [1, 0, 0], [2, 0, 0]]\n[[piece]]\nname = \"D\"\n\
         cells = [[0,0,0],[1,0,0]]\nmin = 0\nmax = 1\n",
    )
    .unwrap();
    let (code, out, err) = run_in(cwd, &["count", "o.toml", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    // The domino at either end: two raw solutions, one up to rotation.
    assert_eq!(
        (v["raw"].as_u64(), v["rotations"].as_u64()),
        (Some(2), Some(1)),
        "{out}"
    );
    let (code, out, _) = run_in(cwd, &["solve", "o.toml", "--all"]);
    assert_eq!(code, 0);
    assert!(
        !out.contains(". . ."),
        "the empty assembly is listed: {out}"
    );
}

#[test]
fn item10_a_shard_runs_once_at_a_time() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let (code, _, err) = run_in(
        cwd,
        &["shard", "plan", "soma", "--shards", "2", "--dir", "p"],
    );
    assert_eq!(code, 0, "{err}");
    // Another process holds shard 0's lock (as a first `shard run` does while it runs).
    std::fs::create_dir_all(cwd.join("p/running")).unwrap();
    // `--no-fork`: the lock is held by `sleep` itself, which the kill below ends.
    let mut holder = Command::new("flock")
        .args(["--no-fork", "p/running/shard-000000.lock", "sleep", "30"])
        .current_dir(cwd)
        .spawn()
        .expect("flock(1)");
    let lock = cwd.join("p/running/shard-000000.lock");
    let t = Instant::now();
    while !lock.exists() && t.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    let (code, _, err) = run_in(cwd, &["shard", "run", "p", "--index", "0"]);
    holder.kill().unwrap();
    holder.wait().unwrap();
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("being run by another process"), "{err}");
    assert!(!cwd.join("p/results/shard-000000.json").exists());
    // Released, it runs.
    let (code, _, err) = run_in(cwd, &["shard", "run", "p", "--index", "0"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn item10_problem_numbers_and_names_and_odd_files() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    // Two problems, the first named "2".
    let xml = "<?xml version=\"1.0\"?><puzzle version=\"2\"><gridType type=\"0\"/><shapes>\
        <voxel x=\"1\" y=\"2\" z=\"2\" type=\"0\" name=\"A\">###_</voxel>\
        <voxel x=\"1\" y=\"2\" z=\"2\" type=\"0\" name=\"B\">##_#</voxel>\
        <voxel x=\"1\" y=\"2\" z=\"3\" type=\"0\">######</voxel></shapes><problems>\
        <problem name=\"2\"><shapes><shape id=\"0\" count=\"1\"/><shape id=\"1\" count=\"1\"/></shapes><result id=\"2\"/></problem>\
        <problem name=\"copies\"><shapes><shape id=\"0\" min=\"2\" max=\"2\"/></shapes><result id=\"2\"/></problem>\
        </problems></puzzle>";
    std::fs::write(cwd.join("two.xmpuzzle"), xml).unwrap();
    let (code, _, err) = run_in(cwd, &["count", "two.xmpuzzle", "--problem", "2"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("--problem '#2'") && err.contains("--problem '=2'"),
        "{err}"
    );
    let (code, out, err) = run_in(cwd, &["count", "two.xmpuzzle", "--problem", "#2", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"name\":\"copies\""), "{out}");
    let (code, out, err) = run_in(cwd, &["count", "two.xmpuzzle", "--problem", "=2", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"name\":\"2\""), "{out}");
    // --state-dir that is a file.
    std::fs::write(cwd.join("f"), "mine").unwrap();
    let (code, _, err) = run_in(
        cwd,
        &[
            "revenge",
            "analyse",
            "--stage",
            "5",
            "--variant",
            "wings",
            "--state-dir",
            "f",
        ],
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("exists and is not a directory"), "{err}");
    assert_eq!(std::fs::read_to_string(cwd.join("f")).unwrap(), "mine");
}

#[test]
fn item11_text_lines_fit_in_100_columns() {
    let tmp = tempfile::tempdir().unwrap();
    for args in [&["list"][..], &["count", "soma"], &["count", "cubissimo"]] {
        let (code, out, err) = run_in(tmp.path(), args);
        assert_eq!(code, 0, "{err}");
        for l in out.lines() {
            assert!(
                l.chars().count() <= 100,
                "{args:?}: {} chars: {l}",
                l.chars().count()
            );
        }
    }
}

/// Item 7, end to end (about ten seconds of table building, so not in the default run; the
/// cache's own test, `cache::tests::fifos_and_directories_at_a_table_name_are_refused_without_blocking`,
/// checks the same refusal in milliseconds): a FIFO at every cached table's name is refused at
/// once, the tables are rebuilt and stored over them, and the solve finishes.
#[test]
#[ignore = "seconds: builds the reduction tables"]
fn item7_fifos_in_the_table_cache_do_not_hang_a_solve() {
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("cache");
    std::fs::create_dir(&cache).unwrap();
    for name in [
        "3x3-corners-slice",
        "3x3-edges-slice",
        "3x3-flip-slice",
        "3x3-twist-flip",
        "3x3-twist-slice",
        "p1-rl-centres-ranked",
        "p2-centres-parity-rot-ranked",
        "p3-centre-splits",
        "p3-pairing",
    ] {
        let fifo = cache.join(format!("revenge-v1-reduction-{name}.tbl"));
        assert!(Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args([
            "revenge",
            "solve",
            "--method",
            "reduction",
            "--random",
            "--seed",
            "3",
        ])
        .env("WURFEL_CACHE", &cache)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t.elapsed() > Duration::from_secs(300) {
            child.kill().unwrap();
            panic!("revenge solve hangs on the FIFOs");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("checked by applying it"));
    for e in std::fs::read_dir(&cache).unwrap().flatten() {
        assert!(e.file_type().unwrap().is_file(), "{:?} replaced", e.path());
    }
}
