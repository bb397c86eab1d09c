//! Emitted job scripts are injection-proof (issue 26, item 4): a plan directory named with
//! spaces, quotes, `$`, backticks and command substitutions gets scripts that pass
//! `shellcheck` and run without executing any of it; a newline (which would end a comment or a
//! command) is refused at `shard plan` and at `shard emit`.
//!
//! `shellcheck` is needed: under CI (`CI` set to anything but `false`/`0`) its absence fails
//! the test; elsewhere the test says loudly that the shellcheck part was skipped. `.ci/run`
//! installs it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Every character a shell treats specially, except the control characters (refused).
const HOSTILE: &str =
    "d i r 'q' \"dq\" $HOME `touch PWNED1` $(touch PWNED2) ;touch PWNED3 & * |x \\";

fn wurfel(args: &[&str], cwd: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("run wurfel");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `bash script` in `cwd` with extra environment; exit code and standard error.
fn bash(script: &Path, cwd: &Path, env: &[(&str, &str)]) -> (i32, String) {
    // By its path: the script may run with a PATH that holds no bash.
    let out = Command::new("/bin/bash")
        .arg(script)
        .current_dir(cwd)
        .envs(env.iter().copied())
        .output()
        .expect("run bash");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

fn has(cmd: &str) -> bool {
    Command::new(cmd)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Checks `script` with shellcheck (every severity), or says loudly that it cannot.
fn shellcheck(script: &Path) {
    if !has("shellcheck") {
        assert!(
            !under_ci(),
            "shellcheck is not installed (apt-get install shellcheck): the emitted scripts \
             cannot be checked under CI"
        );
        eprintln!(
            "\n## SKIPPED: shellcheck of {}: shellcheck is not installed\n",
            script.display()
        );
        return;
    }
    let out = Command::new("shellcheck")
        .args(["--shell=bash", "--severity=style"])
        .arg(script)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "shellcheck {}:\n{}",
        script.display(),
        String::from_utf8_lossy(&out.stdout)
    );
}

/// Files under `root` whose names start with `PWNED` (what an injection would create).
fn pwned(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![root.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if e.file_name().to_string_lossy().starts_with("PWNED") {
                found.push(p.clone());
            }
            if e.file_type().unwrap().is_dir() {
                todo.push(p);
            }
        }
    }
    found
}

#[test]
fn control_characters_in_paths_are_refused_at_plan_and_emit() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    // The issue's reproduction: the plan is refused, nothing is created, nothing runs.
    let d = "q\ntouch PWNED\n#";
    let (code, _, err) = wurfel(
        &[
            "shard",
            "plan",
            "pentominoes-3x20",
            "--shards",
            "2",
            "--dir",
            d,
        ],
        cwd,
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("control character"), "{err}");
    assert!(!cwd.join(d).exists());
    // A directory renamed after planning is refused when the scripts are written.
    let (code, _, err) = wurfel(
        &["shard", "plan", "soma", "--shards", "2", "--dir", "ok"],
        cwd,
    );
    assert_eq!(code, 0, "{err}");
    std::fs::rename(cwd.join("ok"), cwd.join(d)).unwrap();
    for engine in ["slurm", "parallel", "k8s"] {
        let (code, _, err) = wurfel(&["shard", "emit", d, "--to", engine], cwd);
        assert_eq!(code, 2, "{engine}: {err}");
        assert!(err.contains("control character"), "{err}");
    }
    std::fs::rename(cwd.join(d), cwd.join("ok")).unwrap();
    // Options that end up in the scripts are held to the same rule.
    for opts in [
        ["--to", "slurm", "--partition", "a\nb"],
        ["--to", "slurm", "--time", "1:00\r"],
        ["--to", "parallel", "--sshloginfile", "h\nosts"],
        ["--to", "k8s", "--image", "i\u{1b}[2J"],
    ] {
        let mut args = vec!["shard", "emit", "ok"];
        args.extend(opts);
        let (code, _, err) = wurfel(&args, cwd);
        assert_eq!(code, 2, "{opts:?}: {err}");
    }
    let scripts: Vec<_> = std::fs::read_dir(cwd.join("ok"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".sh"))
        .collect();
    assert!(scripts.is_empty(), "no script was written");
    assert!(pwned(cwd).is_empty());
}

#[test]
fn scripts_for_a_hostile_directory_pass_shellcheck_and_inject_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    plan_and_emit_every_script(cwd);
    let dir = cwd.join(HOSTILE);
    run_as_slurm_would(cwd, &dir);
    let bin = submit_to_a_logging_sbatch(cwd, &dir);
    run_parallel_script(cwd, &dir, &bin);
    assert!(pwned(cwd).is_empty(), "{:?}", pwned(cwd));
}

/// Plans a count in `HOSTILE` and an analysis (in rounds) below `an/`, emits every engine's
/// scripts for both, and checks them with shellcheck.
fn plan_and_emit_every_script(cwd: &Path) {
    let (code, _, err) = wurfel(
        &["shard", "plan", "soma", "--shards", "2", "--dir", HOSTILE],
        cwd,
    );
    assert_eq!(code, 0, "{err}");
    let rounds = format!("an/{HOSTILE}");
    let (code, _, err) = wurfel(
        &[
            "shard",
            "plan",
            "--revenge-stage",
            "5",
            "--variant",
            "wings",
            "--shards",
            "2",
            "--dir",
            &rounds,
        ],
        cwd,
    );
    assert_eq!(code, 0, "{err}");
    // (An analysis has no Kubernetes job: it runs in rounds.)
    for (d, engines) in [
        (HOSTILE, &["slurm", "parallel", "k8s"][..]),
        (rounds.as_str(), &["slurm", "parallel"]),
    ] {
        for engine in engines {
            let (code, _, err) = wurfel(&["shard", "emit", d, "--to", engine], cwd);
            assert_eq!(code, 0, "{engine}: {err}");
        }
        for s in [
            "slurm-shard.sh",
            "slurm-merge.sh",
            "submit-slurm.sh",
            "parallel.sh",
        ] {
            shellcheck(&cwd.join(d).join(s));
        }
    }
}

/// The array tasks and the merge, as Slurm would run them: the merged counts are `count`'s.
fn run_as_slurm_would(cwd: &Path, dir: &Path) {
    for i in ["0", "1"] {
        let (code, err) = bash(
            &dir.join("slurm-shard.sh"),
            cwd,
            &[("SLURM_ARRAY_TASK_ID", i)],
        );
        assert_eq!(code, 0, "shard {i}: {err}");
    }
    let (code, err) = bash(&dir.join("slurm-merge.sh"), cwd, &[]);
    assert_eq!(code, 0, "{err}");
    let merged: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("merged.json")).unwrap()).unwrap();
    let (_, count, _) = wurfel(&["count", "soma", "--json"], cwd);
    let count: serde_json::Value = serde_json::from_str(&count).unwrap();
    for k in ["raw", "rotations", "rotations_reflections"] {
        assert_eq!(merged[k], count[k], "{k}");
    }
}

/// The submitter, with a stand-in `sbatch` that logs its arguments: the paths reach it whole.
/// Returns the directory of the stand-in.
fn submit_to_a_logging_sbatch(cwd: &Path, dir: &Path) -> PathBuf {
    let bin = cwd.join("bin");
    std::fs::create_dir(&bin).unwrap();
    let log = cwd.join("sbatch.log");
    std::fs::write(
        bin.join("sbatch"),
        "#!/bin/bash\nprintf '%s\\n' \"$@\" >> \"$SBATCH_LOG\"\necho 42\n",
    )
    .unwrap();
    Command::new("chmod")
        .arg("+x")
        .arg(bin.join("sbatch"))
        .status()
        .unwrap();
    std::fs::remove_file(dir.join("results/shard-000001.json")).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let (code, err) = bash(
        &dir.join("submit-slurm.sh"),
        cwd,
        &[("PATH", &path), ("SBATCH_LOG", log.to_str().unwrap())],
    );
    assert_eq!(code, 0, "{err}");
    let args = std::fs::read_to_string(&log).unwrap();
    let abs = std::fs::canonicalize(dir).unwrap();
    let abs = abs.to_str().unwrap();
    for want in [
        "--array=1".to_string(),
        format!("{abs}/slurm-shard.sh"),
        format!("{abs}/slurm-merge.sh"),
        format!("--output={abs}/logs/shard-%a.out"),
    ] {
        assert!(args.lines().any(|l| l == want), "{want:?} not in\n{args}");
    }
    bin
}

/// `parallel.sh`: without GNU parallel it says so (instead of bash's "command not found"); with
/// it, it runs the shards and the merge.
fn run_parallel_script(cwd: &Path, dir: &Path, bin: &Path) {
    let (code, err) = bash(
        &dir.join("parallel.sh"),
        cwd,
        &[("PATH", bin.to_str().unwrap())],
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("GNU parallel is not installed"), "{err}");
    if has("parallel") {
        std::fs::remove_file(dir.join("merged.json")).unwrap();
        let (code, err) = bash(&dir.join("parallel.sh"), cwd, &[]);
        assert_eq!(code, 0, "{err}");
        assert!(dir.join("merged.json").exists());
    } else {
        eprintln!("\n## SKIPPED: running parallel.sh: GNU parallel is not installed\n");
    }
}
