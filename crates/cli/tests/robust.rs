//! The `wurfel` binary under faults and hostile input: output files (symlinks, FIFOs,
//! interrupted runs, leftovers), closed and full standard output, checkpoints that are forged,
//! foreign or overflow, flag validation, bounded input, exit codes.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};
use wurfel_pack::checkpoint::{Checkpoint, CountProgress, Fingerprint};
use wurfel_pack::{Counts, Prepared};

fn wurfel() -> Command {
    Command::cargo_bin("wurfel").expect("binary built")
}

fn spawn(args: &[&str], dir: &Path) -> Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("wurfel"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn wurfel")
}

/// Runs wurfel with `stdout` as its standard output; returns the exit code and standard error.
fn run_into(args: &[&str], stdout: Stdio) -> (Option<i32>, String) {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("wurfel"))
        .args(args)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn wurfel");
    // A piped standard output is closed at once: the reader goes away before (or while)
    // wurfel writes.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn signal(child: &Child, sig: &str) {
    let ok = std::process::Command::new("kill")
        .args([sig, &child.id().to_string()])
        .status()
        .expect("kill")
        .success();
    assert!(ok, "kill {sig}");
}

fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".wurfel-"))
        .collect()
}

/// A puzzle whose full listing or count takes seconds, so that checks made before the search
/// show up as fast failures.
const SLOW: &str = "tetris-cube";

#[test]
fn out_writes_through_a_symlink() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.jsonl");
    std::fs::write(&real, "old\n").unwrap();
    std::os::unix::fs::symlink("real.jsonl", dir.path().join("link.jsonl")).unwrap();
    wurfel()
        .current_dir(dir.path())
        .args(["solve", "soma", "--json", "--out", "link.jsonl"])
        .assert()
        .success();
    let link = std::fs::symlink_metadata(dir.path().join("link.jsonl")).unwrap();
    assert!(link.file_type().is_symlink(), "the link is still a link");
    let text = std::fs::read_to_string(&real).unwrap();
    assert!(text.starts_with("{\"pieces\":"), "{text}");
    assert!(temporaries(dir.path()).is_empty());
}

#[test]
fn out_streams_into_a_fifo_without_replacing_it() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    wurfel()
        .args(["solve", "soma", "--limit", "3", "--json", "--out"])
        .arg(&fifo)
        .timeout(Duration::from_secs(60))
        .assert()
        .success();
    let got = reader.join().unwrap();
    assert_eq!(got.lines().count(), 3, "{got}");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(temporaries(dir.path()).is_empty());
}

#[test]
fn a_full_disk_on_stdout_is_an_error_not_a_panic() {
    for args in [
        &["list"][..],
        &["count", "soma", "--json"],
        &["pieces", "soma"],
        &["snake", "count", "standard"],
        &["snake", "solve", "standard"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let (code, err) = run_into(args, Stdio::from(full));
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly_with_success() {
    for args in [
        &["list"][..],
        &["count", "soma", "--json"],
        &["pieces", "bedlam"],
        &["solve", "soma", "--all"],
        &["snake", "list"],
        &["snake", "solve", "standard", "--all"],
        &["snake", "survey", "--box", "2x2x3", "--json"],
        &["snake", "survey", "--json"],
    ] {
        let (code, err) = run_into(args, Stdio::piped());
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("error"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn threads_are_validated_everywhere() {
    for n in ["0", "100000", "-1", "many"] {
        for cmd in [
            &["count", "soma"][..],
            &["solve", "soma"],
            &["snake", "count", "standard"],
            &["snake", "list"],
            &["revenge", "tables"],
        ] {
            wurfel()
                .args(cmd)
                .arg(format!("--threads={n}"))
                .assert()
                .code(2)
                .stderr(predicate::str::contains("--threads"));
        }
    }
}

#[test]
fn limit_has_one_meaning() {
    for cmd in [&["solve", "soma"][..], &["snake", "solve", "standard"]] {
        wurfel()
            .args(cmd)
            .args(["--limit", "0"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--all"));
    }
    // `--all` lists everything in both.
    let out = wurfel()
        .args(["snake", "solve", "standard", "--all", "--json"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
}

/// Bad output paths fail at once, not after a search of several seconds.
#[test]
fn outputs_are_checked_before_the_search() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("some")).unwrap();
    let cases: [(&[&str], &str); 5] = [
        (&["solve", SLOW, "--all", "--out", "some"], "is a directory"),
        (
            &["solve", SLOW, "--all", "--out", "nodir/x"],
            "no directory",
        ),
        (
            &["solve", SLOW, "--all", "--render", "bad.ext"],
            ".svg, .png or .html",
        ),
        (
            &["solve", SLOW, "--all", "--render", "nodir/x.svg"],
            "no directory",
        ),
        (&["count", SLOW, "--checkpoint", "some"], "is a directory"),
    ];
    for (args, msg) in cases {
        let start = Instant::now();
        let out = wurfel()
            .current_dir(dir.path())
            .args(args)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(msg))
            .get_output()
            .clone();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "one line, cause said once: {err}");
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "{args:?} searched first"
        );
    }
    // A directory without write permission (root may write anyway: then there is nothing to
    // check).
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::write(locked.join("probe"), "").is_err() {
        wurfel()
            .current_dir(dir.path())
            .args(["solve", SLOW, "--all", "--render", "locked/x.svg"])
            .timeout(Duration::from_secs(3))
            .assert()
            .code(1)
            .stderr(predicate::str::contains("cannot create a file beside it"));
    }
    wurfel()
        .args(["count", "soma", "--checkpoint", "/dev/null"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("regular file"));
}

#[test]
fn input_is_bounded() {
    wurfel()
        .args(["solve", "/dev/zero"])
        .timeout(Duration::from_secs(10))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not a regular file"));
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.toml");
    // 3 M target cells written out: refused by its size before it is read.
    let mut text = String::from("name = \"big\"\n[target]\ncells = [");
    while text.len() < 2_000_000 {
        text.push_str("[1,2,3],");
    }
    std::fs::write(&big, text).unwrap();
    let start = Instant::now();
    wurfel()
        .arg("solve")
        .arg(&big)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("larger than the limit"));
    assert!(start.elapsed() < Duration::from_secs(3));
}

#[test]
fn exit_codes_are_documented_and_used() {
    wurfel()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit codes").and(predicate::str::contains("130")));
    // No solution: exit 3 (a straight tromino leaves a straight row the L cannot fill).
    let dir = tempfile::tempdir().unwrap();
    let none = dir.path().join("none.toml");
    std::fs::write(
        &none,
        "name = \"none\"\n[target]\nbox = [3, 2, 1]\n\
         [[piece]]\nname = \"I\"\ncells = [[0,0,0],[1,0,0],[2,0,0]]\n\
         [[piece]]\nname = \"L\"\ncells = [[0,0,0],[1,0,0],[0,1,0]]\n",
    )
    .unwrap();
    wurfel()
        .arg("solve")
        .arg(&none)
        .assert()
        .code(3)
        .stderr(predicate::str::contains("no solution exists"));
    // A count of zero is a success.
    wurfel()
        .arg("count")
        .arg(&none)
        .assert()
        .success()
        .stdout(predicate::str::contains("counted"));
    wurfel().args(["solve", "--bogus"]).assert().code(2);
}

#[test]
fn an_interrupted_solve_leaves_the_file_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("F.txt");
    std::fs::write(&f, "old\n").unwrap();
    let mut child = spawn(
        &["solve", SLOW, "--all", "--threads", "2", "--out", "F.txt"],
        dir.path(),
    );
    std::thread::sleep(Duration::from_millis(1500));
    signal(&child, "-INT");
    let status = child.wait().unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(130), "{err}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "old\n");
    let partial = std::fs::read_to_string(dir.path().join("F.txt.partial")).unwrap();
    assert!(partial.contains("solution 1\n"), "{partial}");
    assert!(err.contains("F.txt.partial"), "{err}");
    assert!(temporaries(dir.path()).is_empty());

    // Two quick signals: the second ends the process at once, still without leftovers.
    let child = spawn(
        &["solve", SLOW, "--all", "--threads", "2", "--out", "F.txt"],
        dir.path(),
    );
    std::thread::sleep(Duration::from_millis(800));
    let mut child = child;
    signal(&child, "-TERM");
    signal(&child, "-TERM");
    assert_eq!(child.wait().unwrap().code(), Some(130));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "old\n");
    assert!(temporaries(dir.path()).is_empty());
}

#[test]
fn an_interrupted_count_saves_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = spawn(&["count", SLOW, "--checkpoint", "cp.json"], dir.path());
    std::thread::sleep(Duration::from_millis(1500));
    signal(&child, "-INT");
    let status = child.wait().unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(err.contains("progress saved to cp.json"), "{err}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("cp.json")).unwrap())
            .unwrap();
    let (next, total) = (
        v["next_task"].as_u64().unwrap(),
        v["tasks_total"].as_u64().unwrap(),
    );
    assert!(next < total && total > 1, "{v}");
}

#[test]
fn leftovers_of_a_killed_run_are_cleaned_up() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = spawn(&["solve", SLOW, "--all", "--out", "F.txt"], dir.path());
    std::thread::sleep(Duration::from_millis(800));
    signal(&child, "-KILL");
    child.wait().unwrap();
    assert_eq!(
        temporaries(dir.path()).len(),
        1,
        "SIGKILL leaves the temporary file"
    );
    assert!(!dir.path().join("F.txt").exists());
    wurfel()
        .current_dir(dir.path())
        .args(["solve", "soma", "--out", "F.txt"])
        .assert()
        .success();
    assert!(
        temporaries(dir.path()).is_empty(),
        "the next run removed it"
    );
}

/// The count of `puzzle` as (raw, rotations, rotations_reflections), by `wurfel count --json`.
fn counts(dir: &Path, args: &[&str]) -> (u64, u64, u64) {
    let out = wurfel()
        .current_dir(dir)
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["complete"], true);
    let n = |k: &str| v[k].as_u64().unwrap();
    (n("raw"), n("rotations"), n("rotations_reflections"))
}

#[test]
fn checkpoints_that_are_forged_or_foreign_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("cp.json");
    let cp_arg = cp.to_str().unwrap();
    let full = counts(dir.path(), &["count", "soma", "--checkpoint", cp_arg]);
    assert_eq!(full, (11_520, 480, 240));
    // Resuming a complete checkpoint gives the same counts.
    assert_eq!(
        counts(dir.path(), &["count", "soma", "--checkpoint", cp_arg]),
        full
    );

    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cp).unwrap()).unwrap();
    v["raw"] = serde_json::json!(v["raw"].as_u64().unwrap() + 1000);
    std::fs::write(&cp, v.to_string()).unwrap();
    wurfel()
        .args(["count", "soma", "--checkpoint", cp_arg])
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("edited or damaged").and(predicate::str::contains("cp.json")),
        );

    // The same pieces in a transposed box.
    let text = include_str!("../../pack/catalog/tetracubes-2x4x4.toml");
    let a = dir.path().join("a.toml");
    let b = dir.path().join("b.toml");
    std::fs::write(&a, text).unwrap();
    std::fs::write(&b, text.replace("box = [4, 4, 2]", "box = [2, 4, 4]")).unwrap();
    std::fs::remove_file(&cp).unwrap();
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    counts(dir.path(), &["count", b, "--checkpoint", cp_arg]);
    wurfel()
        .args(["count", a, "--checkpoint", cp_arg])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("another puzzle"));

    for junk in ["", "{}", "null", "{\"format\": 1}"] {
        std::fs::write(&cp, junk).unwrap();
        wurfel()
            .args(["count", "soma", "--checkpoint", cp_arg])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("not a wurfel count checkpoint"));
    }
}

#[test]
fn overflowing_counts_are_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("cp.json");
    let prep = Prepared::new(&wurfel_pack::catalog::get("soma").unwrap()).unwrap();
    let fp = Fingerprint::of(&prep).unwrap();
    let near = u64::MAX - 10;
    let progress = CountProgress {
        tasks_total: fp.tasks_total,
        next_task: 1,
        counts: Counts {
            raw: near,
            rotations: near,
            rotations_reflections: near,
        },
    };
    std::fs::write(&cp, Checkpoint::new("soma", &fp, &progress).to_text()).unwrap();
    wurfel()
        .args(["count", "soma", "--checkpoint"])
        .arg(&cp)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("does not fit in 64 bits"));
}

/// Kills `count --checkpoint` with SIGKILL at random moments, resumes each time, and checks
/// that the final counts are exactly the uninterrupted ones.
fn soak(puzzle: &str, kills: usize, max_delay_ms: u64, interval: &str) {
    use rand::{Rng, SeedableRng};
    let dir = tempfile::tempdir().unwrap();
    let expected = counts(dir.path(), &["count", puzzle]);
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let args = [
        "count",
        puzzle,
        "--checkpoint",
        "cp.json",
        "--checkpoint-interval",
        interval,
        "--threads",
        "2",
    ];
    let mut killed = 0;
    let mut progress_seen = Vec::new();
    while killed < kills {
        let mut child = spawn(&args, dir.path());
        std::thread::sleep(Duration::from_millis(rng.gen_range(10..max_delay_ms)));
        if child.try_wait().unwrap().is_some() {
            // Finished before the kill: start over to keep killing.
            std::fs::remove_file(dir.path().join("cp.json")).unwrap();
            continue;
        }
        signal(&child, "-KILL");
        child.wait().unwrap();
        killed += 1;
        if let Ok(text) = std::fs::read_to_string(dir.path().join("cp.json")) {
            let v: serde_json::Value = serde_json::from_str(&text).expect("never a torn file");
            progress_seen.push(v["next_task"].as_u64().unwrap());
        }
    }
    let resumed = counts(dir.path(), &args);
    assert_eq!(resumed, expected, "seed {seed}, progress {progress_seen:?}");
    assert!(temporaries(dir.path()).is_empty());
    eprintln!("{puzzle}: {kills} kills (seed {seed}), checkpoints at tasks {progress_seen:?}, counts {resumed:?}");
}

#[test]
fn kill_and_resume_soak_fast() {
    soak("pentominoes-5x12", 12, 400, "0.02");
}

/// The long version: `cargo test --release -p wurfel --test robust -- --ignored --nocapture`.
#[test]
#[ignore = "minutes: many SIGKILLs during a Tetris Cube count"]
fn kill_and_resume_soak_long() {
    soak(SLOW, 60, 4000, "0.2");
}
