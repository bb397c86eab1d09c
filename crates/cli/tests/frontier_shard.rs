//! `wurfel shard plan PUZZLE --method frontier --layers --slices N`: slices of the frontier
//! method's middle boundary counted by separate shards merge to exactly what `count --method
//! frontier` and the search print; missing, foreign and edited results are refused.

mod common;

use assert_cmd::Command;
use common::{json_ok as json, run_shard};
use predicates::prelude::*;
use serde_json::Value;
use std::path::Path;

fn wurfel() -> Command {
    Command::cargo_bin("wurfel").expect("binary built")
}

/// T-tetracubes filling an x by 4 by n box (43,384 raw for 4x4x6).
fn t_tetracubes(dir: &Path, x: u32, n: u32) -> String {
    let path = dir.join(format!("t{x}4{n}.toml"));
    let text = format!(
        "name = \"T-tetracubes in {x}x4x{n}\"\n[target]\nbox = [{x}, 4, {n}]\n[[piece]]\n\
         name = \"T\"\ncells = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]]\ncount = {}\n",
        x * n
    );
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn plan(puzzle: &str, dir: &Path, slices: &str, extra: &[&str]) {
    wurfel()
        .args(["shard", "plan", puzzle, "--method", "frontier", "--layers"])
        .args(["--slices", slices, "--dir"])
        .arg(dir)
        .args(extra)
        .assert()
        .success();
}

fn merge(dir: &Path) -> assert_cmd::assert::Assert {
    wurfel().args(["shard", "merge"]).arg(dir).assert()
}

/// The three counts of a `count --json` or `shard merge --json`.
fn counts(v: &Value) -> [String; 3] {
    ["raw", "rotations", "rotations_reflections"].map(|k| v[k].to_string())
}

/// With 1, 3 and 7 slices (one shard each, and 7 slices in 3 shards): the merge prints what
/// `count --method frontier` prints (text and JSON, every run's fixed points) and the search's
/// counts.
#[test]
fn slices_merge_to_the_count() {
    let tmp = tempfile::tempdir().unwrap();
    let puzzle = t_tetracubes(tmp.path(), 4, 6);
    let search = json(&["count", &puzzle, "--json", "--threads", "2"]);
    let frontier = json(&["count", &puzzle, "--method", "frontier", "--json"]);
    assert_eq!(counts(&search), counts(&frontier));
    assert_eq!(frontier["raw"], 43_384);
    let text = |out: &[u8]| -> String {
        let s = String::from_utf8(out.to_vec()).unwrap();
        let keep = |l: &&str| !l.starts_with("counted in") && !l.starts_with("frontier method");
        s.lines().filter(keep).collect::<Vec<_>>().join("\n")
    };
    let c = wurfel()
        .args(["count", &puzzle, "--method", "frontier"])
        .output()
        .unwrap();
    for (slices, shards) in [(1, 1), (3, 3), (7, 7), (7, 3)] {
        let dir = tmp.path().join(format!("p{slices}-{shards}"));
        plan(
            &puzzle,
            &dir,
            &slices.to_string(),
            &["--shards", &shards.to_string()],
        );
        for i in 0..shards {
            run_shard(&dir, i)
                .success()
                .stdout(predicate::str::contains(format!("shard {i} of {shards}")));
        }
        let merged = json(&["shard", "merge", dir.to_str().unwrap(), "--json"]);
        assert_eq!(counts(&merged), counts(&search), "{slices} slices");
        assert_eq!(merged["method"], "frontier");
        let fixed = |v: &Value| -> Vec<Value> {
            let runs = v["runs"].as_array().unwrap();
            runs.iter().map(|r| r["fixed"].clone()).collect()
        };
        assert_eq!(fixed(&merged), fixed(&frontier), "{slices} slices");
        let m = merge(&dir).success().get_output().stdout.clone();
        assert_eq!(text(&m), text(&c.stdout));
    }
}

/// A shard is not counted twice; a missing shard, a result of another plan and an edited
/// tallies file are refused by the merge; `status` says what is there.
#[test]
fn missing_and_foreign_results_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let puzzle = t_tetracubes(tmp.path(), 3, 6);
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    plan(&puzzle, &a, "3", &[]);
    // Another plan (a plan is what it holds: the same puzzle and slices would be this one).
    plan(&puzzle, &b, "4", &[]);
    run_shard(&a, 0).success();
    run_shard(&a, 1).success();
    let before = std::fs::read(a.join("results/shard-000001.json")).unwrap();
    run_shard(&a, 1)
        .success()
        .stderr(predicate::str::contains("already done"));
    assert_eq!(
        std::fs::read(a.join("results/shard-000001.json")).unwrap(),
        before
    );
    merge(&a)
        .code(1)
        .stderr(predicate::str::contains("1 of 3 shards have no result: 2"));
    wurfel()
        .args(["shard", "status"])
        .arg(&a)
        .args(["--not-done"])
        .assert()
        .success()
        .stdout("2\n");
    // Shard 2 of another plan is not this plan's.
    run_shard(&b, 2).success();
    for f in ["shard-000002.json", "shard-000002.tallies.jsonl"] {
        std::fs::copy(b.join("results").join(f), a.join("results").join(f)).unwrap();
    }
    merge(&a)
        .code(1)
        .stderr(predicate::str::contains("another plan"));
    run_shard(&a, 2)
        .success()
        .stderr(predicate::str::contains("replacing a refused result"));
    let good = json(&["shard", "merge", a.to_str().unwrap(), "--json"]);
    let count = json(&["count", &puzzle, "--method", "frontier", "--json"]);
    assert_eq!(counts(&good), counts(&count));
    // An edited share of the fixed points is refused (its hash is sealed in the result).
    let tallies = a.join("results/shard-000000.tallies.jsonl");
    let text = std::fs::read_to_string(&tallies).unwrap();
    let raw0 = text.lines().next().unwrap();
    let v: Value = serde_json::from_str(raw0).unwrap();
    let more = (v["fixed"].as_str().unwrap().parse::<u64>().unwrap() + 16).to_string();
    let edited = text.replacen(
        &format!("\"fixed\":\"{}\"", v["fixed"].as_str().unwrap()),
        &format!("\"fixed\":\"{more}\""),
        1,
    );
    assert_ne!(edited, text);
    std::fs::write(&tallies, edited).unwrap();
    merge(&a)
        .code(1)
        .stderr(predicate::str::contains("changed or damaged"));
    // A plan whose shards are not the slices once each, sealed properly, is refused.
    let plan_file = b.join("plan.json");
    let p: wurfel_shard::Plan =
        serde_json::from_str(&std::fs::read_to_string(&plan_file).unwrap()).unwrap();
    for cut in [
        vec![vec![0, 1], vec![], vec![2, 3]],
        vec![vec![0], vec![1], vec![3]],
    ] {
        let shards = cut
            .into_iter()
            .map(|t: Vec<u32>| wurfel_shard::ShardSpec {
                tasks: t.into_iter().map(|j| vec![j]).collect(),
                estimated_nodes: 0,
            })
            .collect();
        let bad =
            wurfel_shard::Plan::new(&p.wurfel, p.job.clone(), p.problem.clone(), 0, 0, shards);
        std::fs::write(&plan_file, bad.to_text()).unwrap();
        run_shard(&b, 0)
            .code(1)
            .stderr(predicate::str::contains("not the slices 0 to 3"));
    }
}

/// What the frontier plan cannot be is refused before anything is written.
#[test]
fn frontier_plans_refuse_what_they_cannot_do() {
    let tmp = tempfile::tempdir().unwrap();
    let puzzle = t_tetracubes(tmp.path(), 3, 4);
    let dir = tmp.path().join("p");
    let refused = |args: &[&str], why: &str| {
        wurfel()
            .args(["shard", "plan", &puzzle, "--dir"])
            .arg(&dir)
            .args(args)
            .assert()
            .failure()
            .stderr(predicate::str::contains(why));
        assert!(!dir.join("plan.json").exists());
    };
    refused(&["--method", "frontier"], "give --layers --slices N");
    refused(
        &["--method", "frontier", "--layers"],
        "give --layers --slices N",
    );
    refused(
        &["--layers", "--slices", "3"],
        "options of --method frontier",
    );
    // `auto` is `count`'s: a plan commits to one method (a usage error, listing the two).
    refused(
        &["--method", "auto", "--layers", "--slices", "3"],
        "[possible values: search, frontier]",
    );
    refused(
        &[
            "--method", "frontier", "--layers", "--slices", "2", "--shards", "3",
        ],
        "3 shards for 2 slices",
    );
    refused(
        &["--method", "frontier", "--layers", "--slices", "257"],
        "257",
    );
    refused(
        &[
            "--method",
            "frontier",
            "--layers",
            "--slices",
            "2",
            "--keep-solutions",
            "raw",
        ],
        "without keeping them",
    );
    wurfel()
        .args(["shard", "plan", &puzzle, "--dir"])
        .arg(&dir)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give --shards N"));
}
