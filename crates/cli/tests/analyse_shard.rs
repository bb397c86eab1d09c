//! `wurfel shard` for 4x4x4 stage analyses, end to end on the small variants: every depth's
//! shards in shuffled order, joined by `shard merge`, give what `revenge analyse` prints; a
//! local run resumes a sharded state directory; missing, duplicated, foreign, stale and
//! edited parts are refused; the flags' errors.

mod common;

use common::wurfel;
use std::path::{Path, PathBuf};

fn ok(args: &[&str]) -> String {
    let (code, out, err) = wurfel(args);
    assert_eq!(code, 0, "wurfel {args:?}: {err}");
    out
}

fn err(args: &[&str]) -> String {
    let (code, _, err) = wurfel(args);
    assert_ne!(code, 0, "wurfel {args:?} should fail");
    err
}

/// The rows of a `--json` distance table (the note holds timings).
fn rows(json: &str) -> serde_json::Value {
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert!(v["stage"].is_u64(), "{json}");
    v["distance"].clone()
}

/// `revenge analyse` of a variant run locally in `state` (JSON), with `more` flags.
fn local_analyse(stage: &str, variant: &str, state: &Path, more: &[&str]) -> String {
    let mut args = vec![
        "revenge",
        "analyse",
        "--stage",
        stage,
        "--variant",
        variant,
        "--state-dir",
        state.to_str().unwrap(),
        "--json",
        "--quiet",
    ];
    args.extend(more);
    ok(&args)
}

fn plan(dir: &Path, stage: &str, variant: &str, shards: usize, more: &[&str]) {
    let d = dir.to_str().unwrap();
    let n = shards.to_string();
    let mut args = vec![
        "shard",
        "plan",
        "--revenge-stage",
        stage,
        "--variant",
        variant,
        "--shards",
        &n,
        "--dir",
        d,
    ];
    args.extend(more);
    ok(&args);
}

fn run(dir: &Path, i: usize) -> String {
    ok(&[
        "shard",
        "run",
        dir.to_str().unwrap(),
        "--index",
        &i.to_string(),
        "--threads",
        "1",
    ])
}

fn next_depth(dir: &Path) -> String {
    ok(&["shard", "status", dir.to_str().unwrap(), "--next-depth"])
        .trim()
        .to_string()
}

fn part(dir: &Path, depth: u32, i: usize, ext: &str) -> PathBuf {
    dir.join(format!("parts/depth-{depth:02}/shard-{i:06}.{ext}"))
}

/// Runs every depth (shards in a shuffled order) and joins it, until complete or `until`.
fn drive(dir: &Path, shards: usize, until: Option<u32>, pulled: &mut usize) {
    let mut order: Vec<usize> = (0..shards).collect();
    loop {
        let depth = next_depth(dir);
        if depth == "complete" || until.is_some_and(|u| depth == u.to_string()) {
            return;
        }
        order.rotate_left(1);
        order.reverse();
        for &i in &order {
            if run(dir, i).contains("(pull)") {
                *pulled += 1;
            }
        }
        ok(&["shard", "merge", dir.to_str().unwrap(), "--json"]);
        assert_ne!(next_depth(dir), depth, "depth {depth} was not joined");
    }
}

#[test]
fn sharded_analyses_print_what_revenge_analyse_prints() {
    let tmp = tempfile::tempdir().unwrap();
    for (stage, variant, shards) in [("5", "wings", 1), ("5", "wings", 4), ("3", "centres", 3)] {
        let local = tmp.path().join(format!("local-{stage}-{shards}"));
        let want_json = local_analyse(stage, variant, &local, &[]);
        let d = tmp.path().join(format!("plan-{stage}-{shards}"));
        plan(&d, stage, variant, shards, &[]);
        let mut pulled = 0;
        drive(&d, shards, None, &mut pulled);
        assert!(pulled > 0, "no depth was pulled");
        let ds = d.to_str().unwrap();
        let got = ok(&["shard", "merge", ds, "--json"]);
        assert_eq!(
            rows(&got),
            rows(&want_json),
            "{stage} {variant} in {shards}"
        );
        // The text is `revenge analyse`'s too, but for the timing at its end.
        let text = ok(&["shard", "merge", ds]);
        assert!(
            text.starts_with(&format!("Stage {stage}\n\ndistance")),
            "{text}"
        );
        let status = ok(&["shard", "status", ds]);
        assert!(status.contains("the analysis is complete"), "{status}");
        // Nothing is left to do, and the parts are gone.
        assert!(run(&d, 0).is_empty());
        assert!(!d.join("parts/depth-00").exists());
    }
}

#[test]
fn local_runs_and_shards_resume_each_other() {
    let tmp = tempfile::tempdir().unwrap();
    let want = rows(&local_analyse(
        "3",
        "centres",
        &tmp.path().join("local"),
        &[],
    ));
    let d = tmp.path().join("p");
    let ds = d.to_str().unwrap();
    plan(&d, "3", "centres", 2, &[]);
    let mut pulled = 0;
    drive(&d, 2, Some(3), &mut pulled);
    // A local run stops after depth 5, the shards go on from there, the local run ends it.
    let state = d.join("state");
    let local = |more: &[&str]| local_analyse("3", "centres", &state, more);
    local(&["--max-depth", "5"]);
    assert_eq!(next_depth(&d), "6");
    drive(&d, 2, Some(8), &mut pulled);
    assert_eq!(rows(&local(&[])), want);
    assert_eq!(next_depth(&d), "complete");
    assert_eq!(rows(&ok(&["shard", "merge", ds, "--json"])), want);
}

#[test]
fn merge_refuses_missing_duplicate_foreign_stale_and_edited_parts() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    plan(&a, "5", "wings", 3, &["--max-depth", "4"]);
    plan(&b, "5", "wings", 3, &[]);
    let mut pulled = 0;
    drive(&a, 3, Some(1), &mut pulled);
    drive(&b, 3, Some(2), &mut pulled);
    let ds = a.to_str().unwrap();
    // Depth 1 in shards, keeping a copy of part 1 before the join.
    for i in 0..3 {
        run(&a, i);
    }
    let saved = tmp.path().join("saved");
    std::fs::create_dir_all(&saved).unwrap();
    for ext in ["json", "bits"] {
        std::fs::copy(part(&a, 1, 1, ext), saved.join(ext)).unwrap();
    }
    ok(&["shard", "merge", ds]);
    // Depth 2 of `a` with part 1 missing, and a killed run's temporary file.
    run(&a, 0);
    run(&a, 2);
    std::fs::write(
        a.join("parts/depth-02/.shard-000001.bits.wurfel-99999-abcdef.tmp"),
        b"half",
    )
    .unwrap();
    let e = err(&["shard", "merge", ds]);
    assert!(e.contains("1 of 3 parts are missing: 1"), "{e}");
    let not_done = ok(&["shard", "status", ds, "--not-done"]);
    assert_eq!(not_done.trim(), "1");
    // Part 0 copied in as part 1 (a duplicate), then part 1 of the other plan.
    let copy = |from: &Path, to: &Path| {
        for ext in ["json", "bits"] {
            std::fs::copy(part(from, 2, 0, ext), part(to, 2, 1, ext)).unwrap();
        }
    };
    copy(&a, &a);
    let e = err(&["shard", "merge", ds]);
    assert!(e.contains("result of shard 0, not 1"), "{e}");
    run(&b, 0);
    copy(&b, &a);
    let e = err(&["shard", "merge", ds]);
    assert!(e.contains("another plan"), "{e}");
    // A part of another depth.
    for ext in ["json", "bits"] {
        std::fs::copy(saved.join(ext), part(&a, 2, 1, ext)).unwrap();
    }
    let e = err(&["shard", "merge", ds]);
    assert!(e.contains("a part of depth 1, not 2"), "{e}");
    run(&a, 1); // replaces the refused part
    let status = ok(&["shard", "status", ds]);
    assert!(status.contains("3 done"), "{status}");
    // An edited table: same length, one byte changed.
    let bits = part(&a, 2, 2, "bits");
    let mut bytes = std::fs::read(&bits).unwrap();
    bytes[0] ^= 0x40;
    std::fs::write(&bits, &bytes).unwrap();
    let e = err(&["shard", "merge", ds]);
    assert!(e.contains("part 2"), "{e}");
    assert!(e.contains("not the table its result describes"), "{e}");
    let status = ok(&["shard", "status", ds]);
    assert!(status.contains("shard 2: failed: part refused"), "{status}");
    // An edited result.
    run(&a, 2);
    let json = part(&a, 2, 2, "json");
    let text = std::fs::read_to_string(&json).unwrap();
    std::fs::write(&json, text.replacen("\"unique\": ", "\"unique\": 1", 1)).unwrap();
    let e = err(&["shard", "merge", ds]);
    assert!(e.contains("edited or damaged"), "{e}");
    // Redone, the depth joins; the plan stops after depth 4.
    run(&a, 2);
    ok(&["shard", "merge", ds]);
    drive(&a, 3, None, &mut pulled);
    assert_eq!(next_depth(&a), "complete");
    let text = ok(&["shard", "merge", ds]);
    assert!(text.contains("stopped after distance 4"), "{text}");
    // An edited plan is refused.
    let plan_file = a.join("plan.json");
    let p = std::fs::read_to_string(&plan_file).unwrap();
    std::fs::write(
        &plan_file,
        p.replace("\"max_depth\":\"4\"", "\"max_depth\":\"5\""),
    )
    .unwrap();
    let e = err(&["shard", "status", ds]);
    assert!(e.contains("checksum"), "{e}");
}

#[test]
fn analysis_flags_and_their_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().join("p");
    let ds = d.to_str().unwrap();
    // (the arguments after `shard plan` and before `--shards 2 --dir D`, the error)
    let cases: [(&[&str], &str); 6] = [
        (&["--revenge-stage", "1"], "2..=5"),
        (
            &["--revenge-stage", "4"],
            "stage 4 has no symmetry-reduced analysis",
        ),
        (
            &["--revenge-stage", "5", "--variant", "edges"],
            "no variant `edges`",
        ),
        (&["tetris-cube", "--max-depth", "3"], "--revenge-stage"),
        (&["soma", "--box", "3"], "--box is the box of --snake"),
        (
            &["--snake-survey", "3", "--box", "3"],
            "--box is the box of --snake",
        ),
    ];
    for (args, want) in cases {
        let mut all = vec!["shard", "plan"];
        all.extend(args);
        all.extend(["--shards", "2", "--dir", ds]);
        let e = err(&all);
        assert!(e.contains(want), "{args:?}: {e}");
    }
    let e = err(&["revenge", "analyse", "--stage", "4", "--variant", "wings"]);
    assert!(e.contains("--variant is for stages 3 and 5"), "{e}");
    plan(&d, "5", "wings", 2, &[]);
    assert_eq!(next_depth(&d), "0");
    let e = err(&["shard", "emit", ds, "--to", "k8s"]);
    assert!(e.contains("depth by depth"), "{e}");
    for (engine, file) in [("slurm", "submit-slurm.sh"), ("parallel", "parallel.sh")] {
        ok(&["shard", "emit", ds, "--to", engine]);
        let script = std::fs::read_to_string(d.join(file)).unwrap();
        assert!(script.contains("--next-depth"), "{script}");
    }
    let e = err(&["shard", "run", ds, "--index", "2"]);
    assert!(e.contains("shard 2 is not in the plan"), "{e}");
    let e = err(&[
        "shard",
        "merge",
        ds,
        "--solutions",
        tmp.path().join("s").to_str().unwrap(),
    ]);
    assert!(e.contains("keeps no solutions"), "{e}");
    // A state directory of another analysis is refused.
    plan(&tmp.path().join("q"), "3", "centres", 1, &[]);
    std::fs::create_dir_all(d.join("state")).unwrap();
    run(&tmp.path().join("q"), 0);
    ok(&["shard", "merge", tmp.path().join("q").to_str().unwrap()]);
    std::fs::copy(
        tmp.path().join("q/state/space.json"),
        d.join("state/space.json"),
    )
    .unwrap();
    let e = err(&["shard", "run", ds, "--index", "0"]);
    assert!(e.contains("holds another analysis"), "{e}");
    // --next-depth is for analyses.
    let c = tmp.path().join("c");
    ok(&[
        "shard",
        "plan",
        "--snake",
        "mini",
        "--shards",
        "1",
        "--dir",
        c.to_str().unwrap(),
    ]);
    let e = err(&["shard", "status", c.to_str().unwrap(), "--next-depth"]);
    assert!(e.contains("--next-depth is for analyses"), "{e}");
}

#[test]
fn the_parallel_driver_runs_an_analysis_to_the_end() {
    if std::process::Command::new("parallel")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("GNU parallel is not installed: scripts/cluster-test.sh runs this driver");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let want = rows(&local_analyse("5", "wings", &tmp.path().join("local"), &[]));
    let d = tmp.path().join("p");
    plan(&d, "5", "wings", 3, &[]);
    ok(&[
        "shard",
        "emit",
        d.to_str().unwrap(),
        "--to",
        "parallel",
        "--jobs",
        "2",
    ]);
    let out = std::process::Command::new("bash")
        .arg(d.join("parallel.sh"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let merged = std::fs::read_to_string(d.join("merged.json")).unwrap();
    assert_eq!(rows(&merged), want);
}
