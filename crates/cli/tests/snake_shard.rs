//! `wurfel shard` for snake jobs, end to end: plan, run every shard, merge, and compare with
//! `wurfel snake count` / `snake survey` on one machine; edited plans are refused.

mod common;

use common::wurfel;
use std::path::Path;
use wurfel_shard::Plan;

fn ok(args: &[&str]) -> String {
    let (code, out, err) = wurfel(args);
    assert_eq!(code, 0, "wurfel {args:?}: {err}");
    out
}

/// Plans `job` (the arguments after `shard plan`) in `shards` shards, runs every shard, and
/// returns the merge's output, JSON and text.
fn sharded(dir: &Path, job: &[&str], shards: usize) -> (String, String) {
    let d = dir.to_str().unwrap();
    let n = shards.to_string();
    let mut plan = vec!["shard", "plan"];
    plan.extend(job);
    plan.extend(["--shards", &n, "--dir", d]);
    ok(&plan);
    for i in 0..shards {
        ok(&[
            "shard",
            "run",
            d,
            "--index",
            &i.to_string(),
            "--threads",
            "1",
        ]);
    }
    let status = ok(&["shard", "status", d]);
    assert!(status.contains(&format!("{shards} done")), "{status}");
    (
        ok(&["shard", "merge", d, "--json"]),
        ok(&["shard", "merge", d]),
    )
}

/// Text output without its timing line (which differs between runs).
fn untimed(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("time ") && !l.starts_with("survey of the "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn sharded_snake_counts_equal_snake_count() {
    // (plan arguments, `snake count` arguments, shards)
    let cases: [(&[&str], &[&str], usize); 5] = [
        (&["--snake", "standard"], &["standard"], 5),
        // The 2x2x2 search has only 3 prefixes at any depth.
        (&["--snake", "mini"], &["mini"], 3),
        (&["--snake", "king-39"], &["king-39"], 7),
        // The 3x3x3 snake with the most solutions (142), and a palindrome in a 2x2x3 box.
        (
            &["--snake", "2,2,2,2,2,2,2,2,2,2,2,2,3,3,3,3,2,2,2,2,2,2"],
            &["2,2,2,2,2,2,2,2,2,2,2,2,3,3,3,3,2,2,2,2,2,2"],
            6,
        ),
        (
            &["--snake", "2,2,2,2,2,2,2,2,2,2,2", "--box", "2x2x3"],
            &["2,2,2,2,2,2,2,2,2,2,2", "--box", "2x2x3"],
            4,
        ),
    ];
    for (job, count, shards) in cases {
        let tmp = tempfile::tempdir().unwrap();
        let (json, text) = sharded(tmp.path(), job, shards);
        let mut single = vec!["snake", "count"];
        single.extend(count);
        let want_text = ok(&single);
        single.push("--json");
        let want_json = ok(&single);
        assert_eq!(json, want_json, "{job:?}");
        assert_eq!(untimed(&text), untimed(&want_text), "{job:?}");
        let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
        assert!(v["embeddings"].as_u64().unwrap() > 0, "{json}");
    }
}

#[test]
fn sharded_surveys_equal_snake_survey() {
    for (b, shards) in [("2x2x3", 3), ("3", 12)] {
        let tmp = tempfile::tempdir().unwrap();
        let (json, text) = sharded(tmp.path(), &["--snake-survey", b], shards);
        assert_eq!(json, ok(&["snake", "survey", "--box", b, "--json"]), "{b}");
        assert_eq!(
            untimed(&text),
            untimed(&ok(&["snake", "survey", "--box", b]))
        );
        // Every snake line and the summary.
        assert!(json.lines().count() > 10, "{json}");
    }
}

/// Rewrites the plan in `dir` with `edit` applied, sealed again as a genuine plan would be.
fn reseal(dir: &Path, edit: impl FnOnce(&mut Plan)) {
    let path = dir.join("plan.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut p: Plan = serde_json::from_str(&text).unwrap();
    edit(&mut p);
    let sealed = Plan::new(&p.wurfel, p.job, p.problem, p.probes, p.seed, p.shards);
    std::fs::write(&path, sealed.to_text()).unwrap();
}

/// Plans `job` afresh in a new directory, applies `edit`, and checks that running shard 0
/// fails with `why` in its error and leaves no result.
fn refused(job: &[&str], edit: impl FnOnce(&mut Plan), why: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().to_str().unwrap();
    let mut plan = vec!["shard", "plan"];
    plan.extend(job);
    plan.extend(["--shards", "4", "--dir", d]);
    ok(&plan);
    reseal(tmp.path(), edit);
    let (code, _, err) = wurfel(&["shard", "run", d, "--index", "0"]);
    assert_ne!(code, 0, "{job:?}: {err}");
    assert!(err.contains(why), "{job:?}: {err}");
    assert!(!tmp.path().join("results/shard-000000.json").exists());
    let status = ok(&["shard", "status", d]);
    assert!(
        status.contains("1 failed") || status.contains("0 done"),
        "{status}"
    );
}

#[test]
fn edited_snake_plans_are_refused() {
    let count: &[&str] = &["--snake", "2,2,2,2,2,2,2,2,2,2,2,2,3,3,3,3,2,2,2,2,2,2"];
    let survey: &[&str] = &["--snake-survey", "2x3x3"];
    for job in [count, survey] {
        // A cell of a task changed: not a prefix of the search.
        refused(
            job,
            |p| p.shards[0].tasks[0][1] ^= 1,
            "the plan's tasks were edited or damaged",
        );
        // A valid prefix moved out of search order, or repeated: not the cut. (Moving the
        // boundary between two shards keeps the cut, and the total, as it is.)
        refused(
            job,
            |p| {
                let t = p.shards[1].tasks.remove(0);
                p.shards[0].tasks.insert(0, t);
            },
            "not the cut",
        );
        refused(
            job,
            |p| {
                let t = p.shards[1].tasks[0].clone();
                p.shards[0].tasks.push(t);
            },
            "not the cut",
        );
        // Tasks dropped.
        refused(job, |p| p.shards.truncate(1), "not the cut");
        // A cell number out of range.
        refused(
            job,
            |p| p.shards[0].tasks[0][0] = u32::MAX,
            "the plan's tasks were edited or damaged",
        );
    }
    // Another chain or box under the same problem hash.
    refused(count, |p| p.job.puzzle = "standard".into(), "problem hash");
    refused(survey, |p| p.job.puzzle = "3x3x2".into(), "problem hash");
    refused(count, |p| p.job.kind = "snake-census".into(), "cannot run");
}

#[test]
fn snake_plans_refuse_bad_requests() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().join("p");
    let d = d.to_str().unwrap();
    let (code, _, err) = wurfel(&[
        "shard", "plan", "--snake", "mini", "--shards", "1000", "--dir", d,
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("splits into only"), "{err}");
    let (code, _, err) = wurfel(&[
        "shard",
        "plan",
        "--snake-survey",
        "4",
        "--shards",
        "4",
        "--dir",
        d,
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("out of reach"), "{err}");
    let (code, _, err) = wurfel(&[
        "shard", "plan", "--snake", "nonesuch", "--shards", "4", "--dir", d,
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("neither a built-in snake"), "{err}");
    let (code, _, _) = wurfel(&[
        "shard", "plan", "bedlam", "--snake", "mini", "--shards", "4", "--dir", d,
    ]);
    assert_ne!(code, 0);
    let (code, _, err) = wurfel(&[
        "shard",
        "plan",
        "--snake",
        "mini",
        "--keep-solutions",
        "raw",
        "--shards",
        "4",
        "--dir",
        d,
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("packing puzzles only"), "{err}");
    assert!(!Path::new(d).join("plan.json").exists());
}
