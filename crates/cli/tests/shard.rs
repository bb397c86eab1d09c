//! `wurfel estimate` and `wurfel shard`: estimates that contain the truth, shards that merge to
//! exactly what `count` prints, and plans, results and puzzles that are refused when they are
//! not what they claim to be.

mod common;

use assert_cmd::Command;
use common::{json_ok as json, run_shard};
use predicates::prelude::*;
use serde_json::Value;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

fn wurfel() -> Command {
    Command::cargo_bin("wurfel").expect("binary built")
}

fn plan(puzzle: &str, shards: &str, dir: &Path, extra: &[&str]) {
    wurfel()
        .args(["shard", "plan", puzzle, "--shards", shards, "--dir"])
        .arg(dir)
        .args(extra)
        .assert()
        .success();
}

/// The fields of `count --json` that depend on how the count ran, not on what it found.
fn without_run_details(mut v: Value) -> Value {
    for k in ["seconds", "threads", "stats"] {
        v.as_object_mut().unwrap().remove(k);
    }
    v
}

#[test]
fn estimate_contains_the_exact_counts() {
    let count = json(&["count", "pentominoes-6x10", "--json"]);
    let est = json(&[
        "estimate",
        "pentominoes-6x10",
        "--json",
        "--probes",
        "20000",
        "--calibrate",
        "0.1",
    ]);
    for key in ["nodes", "solutions", "cpu_seconds"] {
        let i = &est[key];
        let (lo, e, hi) = (
            i["low"].as_f64().unwrap(),
            i["estimate"].as_f64().unwrap(),
            i["high"].as_f64().unwrap(),
        );
        assert!(lo <= e && e <= hi && hi > 0.0, "{key}: {i}");
    }
    // Within 3 standard errors (a 99.7% interval; the 95% one misses one time in twenty).
    let inside = |key: &str, truth: f64| {
        let i = &est[key];
        let e = i["estimate"].as_f64().unwrap();
        let se = (i["high"].as_f64().unwrap() - e) / 1.96;
        assert!((e - truth).abs() <= 3.0 * se, "{key}: {truth} vs {i}");
    };
    inside("nodes", count["stats"]["nodes"].as_f64().unwrap());
    inside("solutions", count["raw"].as_f64().unwrap());
    assert!(est["probes"].as_u64().unwrap() >= 19_000);
    assert_eq!(est["complete"], true);
}

#[test]
fn estimate_interrupted_prints_what_it_has() {
    let v = interrupted_estimate(&["t-tetracubes-6x6x6", "--probes", "100000000"]);
    assert_eq!(v["complete"], false);
    assert!(v["probes"].as_u64().unwrap() > 0);
    assert!(v["nodes"]["estimate"].as_f64().unwrap() > 1e6);
}

/// Interrupted while it measures the search speed (the fewest probes of 54 T-tetracubes in
/// 6x6x6 take about half a second, the measurement asked for 600 s, which its 573 tasks of
/// 65,536 nodes make about 12 s): still an interrupted estimate, exit 130 and `complete: false`,
/// with the probes' figures and a CPU time from the cut measurement. (On a slow machine the
/// signal may come during the probes instead; the answer must be the same.)
#[test]
fn estimate_interrupted_while_measuring_says_so() {
    let v = interrupted_estimate(&[
        "t-tetracubes-6x6x6",
        "--probes",
        "2292",
        "--calibrate",
        "600",
    ]);
    assert_eq!(v["complete"], false);
    assert!(v["probes"].as_u64().unwrap() > 0);
    assert!(v["cpu_seconds"]["estimate"].as_f64().unwrap() > 0.0);
}

/// `wurfel estimate ARGS --json`, interrupted (SIGINT) after 3 s: exits 130 and prints the
/// estimate so far, returned.
fn interrupted_estimate(args: &[&str]) -> Value {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("wurfel"))
        .arg("estimate")
        .args(args)
        .arg("--json")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    serde_json::from_slice(&out.stdout).expect("the estimate so far, as JSON")
}

/// Every shard run separately, then merged: the same output as `count`, text and JSON; the
/// kept solutions are the count's, each once.
#[test]
fn shards_merge_to_the_count() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("plan");
    plan(
        "pentominoes-5x12",
        "6",
        &dir,
        &["--keep-solutions", "rotations_reflections"],
    );
    for i in 0..6 {
        run_shard(&dir, i)
            .success()
            .stdout(predicate::str::contains(format!("shard {i} of 6")));
    }
    let merged = json(&["shard", "merge", dir.to_str().unwrap(), "--json"]);
    let count = json(&["count", "pentominoes-5x12", "--json"]);
    assert_eq!(
        without_run_details(merged.clone()),
        without_run_details(count.clone())
    );
    assert_eq!(merged["stats"]["solutions"], count["stats"]["solutions"]);
    let text = |args: &[&str]| {
        let out = wurfel().args(args).output().unwrap();
        let s = String::from_utf8(out.stdout).unwrap();
        s.lines()
            .filter(|l| !l.starts_with("counted in"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        text(&["shard", "merge", dir.to_str().unwrap()]),
        text(&["count", "pentominoes-5x12"])
    );
    let sols = tmp.path().join("all.jsonl");
    wurfel()
        .args(["shard", "merge", dir.to_str().unwrap(), "--solutions"])
        .arg(&sols)
        .assert()
        .success();
    let lines: Vec<String> = std::fs::read_to_string(&sols)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(
        lines.len() as u64,
        count["rotations_reflections"].as_u64().unwrap()
    );
    let distinct: std::collections::HashSet<&String> = lines.iter().collect();
    assert_eq!(distinct.len(), lines.len());
}

/// A shard with a valid result is not run again; `status` says what is done; the index comes
/// from the job-array variables when not given.
#[test]
fn runs_are_idempotent_and_find_their_index() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("plan");
    plan("pentominoes-6x10", "3", &dir, &[]);
    wurfel()
        .args(["shard", "run"])
        .arg(&dir)
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env_remove("JOB_COMPLETION_INDEX")
        .assert()
        .success()
        .stdout(predicate::str::contains("shard 1 of 3"));
    let result = dir.join("results/shard-000001.json");
    let before = std::fs::read(&result).unwrap();
    run_shard(&dir, 1)
        .success()
        .stderr(predicate::str::contains("already done"));
    assert_eq!(std::fs::read(&result).unwrap(), before);
    wurfel()
        .args(["shard", "run"])
        .arg(&dir)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env("JOB_COMPLETION_INDEX", "2")
        .assert()
        .success()
        .stdout(predicate::str::contains("shard 2 of 3"));
    wurfel()
        .args(["shard", "status"])
        .arg(&dir)
        .arg("--not-done")
        .assert()
        .success()
        .stdout("0\n");
    wurfel()
        .args(["shard", "merge"])
        .arg(&dir)
        .assert()
        .failure()
        .stderr(predicate::str::contains("1 of 3 shards have no result: 0"));
    wurfel()
        .args(["shard", "run"])
        .arg(&dir)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("JOB_COMPLETION_INDEX")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("which shard?"));
    run_shard(&dir, 3)
        .code(2)
        .stderr(predicate::str::contains("shards 0 to 2"));
}

/// Edited plans, plans of another version, changed puzzles and foreign or edited results are
/// refused; nothing is counted from them.
#[test]
fn what_is_not_what_it_claims_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let a = tmp.path().join("a");
    let b = tmp.path().join("b");
    plan("pentominoes-6x10", "2", &a, &[]);
    plan("pentominoes-5x12", "2", &b, &[]);
    // A plan already there is never overwritten.
    wurfel()
        .args([
            "shard",
            "plan",
            "pentominoes-6x10",
            "--shards",
            "2",
            "--dir",
        ])
        .arg(&a)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("already holds a shard plan"));
    plans_not_as_made_are_refused(&a);
    a_changed_puzzle_is_refused(&a, &b);
    results_not_as_made_are_refused(&a, &b);
    // Running them again replaces what was refused, and the merge is the count.
    run_shard(&a, 0).success();
    run_shard(&a, 1).success();
    let merged = json(&["shard", "merge", a.to_str().unwrap(), "--json"]);
    let count = json(&["count", "pentominoes-6x10", "--json"]);
    assert_eq!(without_run_details(merged), without_run_details(count));
}

/// An edited plan, a plan of another version and a plan whose tasks are not a cut are refused
/// (the plan in `a` is restored after).
fn plans_not_as_made_are_refused(a: &Path) {
    // An edited plan.
    let plan_file = a.join("plan.json");
    let original = std::fs::read_to_string(&plan_file).unwrap();
    let mut v: Value = serde_json::from_str(&original).unwrap();
    v["shards"][0]["tasks"].as_array_mut().unwrap().pop();
    std::fs::write(&plan_file, serde_json::to_string(&v).unwrap()).unwrap();
    run_shard(a, 0)
        .code(1)
        .stderr(predicate::str::contains("checksum"));
    // A plan from another version, sealed properly.
    let p: wurfel_shard::Plan = serde_json::from_str(&original).unwrap();
    let other = wurfel_shard::Plan::new(
        "0.0.1",
        p.job.clone(),
        p.problem.clone(),
        p.probes,
        p.seed,
        p.shards.clone(),
    );
    std::fs::write(&plan_file, other.to_text()).unwrap();
    run_shard(a, 0)
        .code(1)
        .stderr(predicate::str::contains("made by wurfel 0.0.1"));
    // A plan whose tasks are not a cut of the tree, sealed properly: merge refuses it.
    let mut cut = p.shards.clone();
    let first = cut[0].tasks[0].clone();
    cut[1].tasks.push(first);
    let bad = wurfel_shard::Plan::new(
        &p.wurfel,
        p.job.clone(),
        p.problem.clone(),
        p.probes,
        p.seed,
        cut,
    );
    std::fs::write(&plan_file, bad.to_text()).unwrap();
    wurfel()
        .args(["shard", "merge"])
        .arg(a)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not a cut"));
    std::fs::write(&plan_file, &original).unwrap();
}

/// A puzzle file changed after planning (`b`'s put in `a`) is refused, then restored.
fn a_changed_puzzle_is_refused(a: &Path, b: &Path) {
    // A changed puzzle file.
    let puzzle = a.join("puzzle.toml");
    let toml = std::fs::read_to_string(&puzzle).unwrap();
    std::fs::write(
        &puzzle,
        std::fs::read_to_string(b.join("puzzle.toml")).unwrap(),
    )
    .unwrap();
    run_shard(a, 0).code(1).stderr(predicate::str::contains(
        "not the puzzle the plan was made for",
    ));
    std::fs::write(&puzzle, toml).unwrap();
}

/// A result of another plan (`b`'s) and an edited result are refused by status and merge.
fn results_not_as_made_are_refused(a: &Path, b: &Path) {
    // A result of another plan, and an edited result.
    run_shard(b, 0).success();
    run_shard(a, 1).success();
    std::fs::copy(
        b.join("results/shard-000000.json"),
        a.join("results/shard-000000.json"),
    )
    .unwrap();
    wurfel()
        .args(["shard", "status"])
        .arg(a)
        .assert()
        .success()
        .stdout(predicate::str::contains("belongs to another plan"));
    wurfel()
        .args(["shard", "merge"])
        .arg(a)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("another plan"));
    std::fs::remove_file(a.join("results/shard-000000.json")).unwrap();
    let r1 = a.join("results/shard-000001.json");
    let edited = std::fs::read_to_string(&r1)
        .unwrap()
        .replacen("\"raw\": ", "\"raw\": 1", 1);
    std::fs::write(&r1, edited).unwrap();
    wurfel()
        .args(["shard", "merge"])
        .arg(a)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("checksum"));
}

#[test]
fn emitted_scripts_name_this_plan() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("plan");
    plan("pentominoes-6x10", "4", &dir, &[]);
    for engine in ["slurm", "parallel", "k8s"] {
        wurfel()
            .args(["shard", "emit"])
            .arg(&dir)
            .args(["--to", engine])
            .assert()
            .success();
    }
    let abs = std::fs::canonicalize(&dir).unwrap();
    let submit = std::fs::read_to_string(dir.join("submit-slurm.sh")).unwrap();
    assert!(submit.contains(&format!("dir={}", abs.display())));
    assert!(std::fs::read_to_string(dir.join("parallel.sh"))
        .unwrap()
        .contains("mapfile -t indices < <(seq 0 3)"));
    assert!(std::fs::read_to_string(dir.join("k8s-job.yaml"))
        .unwrap()
        .contains("completions: 4"));
    // The scripts are valid bash.
    for s in [
        "submit-slurm.sh",
        "slurm-shard.sh",
        "slurm-merge.sh",
        "parallel.sh",
    ] {
        let ok = std::process::Command::new("bash")
            .arg("-n")
            .arg(dir.join(s))
            .status()
            .unwrap();
        assert!(ok.success(), "{s}");
    }
}

/// A node may get the plan and the puzzle only (nothing else is shared): it runs its shard.
#[test]
fn a_bare_copy_of_the_plan_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("plan");
    plan("pentominoes-6x10", "2", &dir, &[]);
    let bare = tmp.path().join("bare");
    std::fs::create_dir(&bare).unwrap();
    for f in ["plan.json", "puzzle.toml"] {
        std::fs::copy(dir.join(f), bare.join(f)).unwrap();
    }
    run_shard(&bare, 1).success();
    assert!(bare.join("results/shard-000001.json").exists());
}
