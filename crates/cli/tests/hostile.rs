//! The hostile corpus (`tests/hostile/`, checked in; a FIFO, an oversized file and a gzip bomb
//! are made at test time) run through every command that reads files: puzzle files (`solve`,
//! `count`, `estimate`, `convert`, `pieces`, `pieces --render`, `shard plan`), checkpoints,
//! shard plan directories (`shard run|status|merge|emit`), `revenge verify` inputs and
//! analysis state directories. Every run must exit 1 or 2 with an `error:` message that says
//! what is wrong — never 0, never a panic (101), never a signal — and leave every file of the
//! corpus as it was (hashed before and after).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile")
}

/// Every entry of the corpus with its contents (files), its target (symlinks) or a mark
/// (directories), by path: what must not change.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut todo = vec![root.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            let t = e.file_type().unwrap();
            let v = if t.is_symlink() {
                let mut v = b"link:".to_vec();
                v.extend(std::fs::read_link(&p).unwrap().to_string_lossy().bytes());
                v
            } else if t.is_dir() {
                todo.push(p.clone());
                b"dir".to_vec()
            } else if t.is_file() {
                std::fs::read(&p).unwrap()
            } else {
                b"special".to_vec()
            };
            out.insert(p, v);
        }
    }
    out
}

/// Runs wurfel in `cwd` with a time limit; exit code (or the signal, negated) and stderr.
fn run(args: &[&str], cwd: &Path) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
            let code = status.code().unwrap_or_else(|| {
                -std::os::unix::process::ExitStatusExt::signal(&status).unwrap_or(0)
            });
            return (code, err);
        }
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("wurfel {args:?} hangs");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Asserts a clean refusal: exit 1 or 2, an `error:` line holding `needle`.
fn refused(args: &[&str], cwd: &Path, needle: &str) {
    let (code, err) = run(args, cwd);
    assert!(
        code == 1 || code == 2,
        "wurfel {args:?}: exit {code} (want 1 or 2)\n{err}"
    );
    assert!(
        err.contains("error: "),
        "wurfel {args:?}: no error line\n{err}"
    );
    assert!(
        err.contains(needle),
        "wurfel {args:?}: {needle:?} not in\n{err}"
    );
    assert!(!err.contains("panicked"), "wurfel {args:?}: {err}");
}

/// The puzzle files of the corpus (and the ones made at test time) and what their refusal says.
fn puzzle_cases(tmp: &Path) -> Vec<(PathBuf, &'static str)> {
    let c = corpus();
    let mut cases: Vec<(PathBuf, &str)> = [
        ("empty.toml", "it is empty"),
        ("empty.xmpuzzle", "it is empty"),
        ("garbage.toml", "not UTF-8"),
        ("non-utf8.toml", "not UTF-8"),
        ("truncated.toml", "invalid array"),
        ("huge-count.toml", "above the limit of 10000"),
        ("huge-box.toml", "between 1 and 4096"),
        ("huge-coordinates.toml", "beyond the limit"),
        ("deep.toml", "recursion limit"),
        (
            "huge-count.xmpuzzle",
            "count 1000000000000, above the limit of 10000",
        ),
        ("not-xml.xmpuzzle", "neither gzip-compressed nor XML"),
        ("truncated.xmpuzzle", "not a valid gzip file"),
        ("entities.xmpuzzle", "not well-formed XML"),
        ("voxel-overflow.xmpuzzle", "too large"),
        ("dir.toml", "it is a directory"),
        ("loop.toml", "symbolic links"),
        ("dangling.toml", "No such file"),
        ("link-to-garbage.toml", "not UTF-8"),
    ]
    .into_iter()
    .map(|(f, n)| (c.join(f), n))
    .collect();
    // Made here: a FIFO (reading it would block forever), a file over the 1 MiB limit, a
    // gzip bomb (64 MiB of XML from 64 KiB), a device.
    let fifo = tmp.join("fifo.toml");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    cases.push((fifo, "not a regular file"));
    let big = tmp.join("big.toml");
    std::fs::write(&big, "#".repeat((1 << 20) + 1)).unwrap();
    cases.push((big, "larger than the limit"));
    let bomb = tmp.join("bomb.xmpuzzle");
    {
        use std::io::Write;
        let f = std::fs::File::create(&bomb).unwrap();
        let mut e = gzip_writer(f);
        let chunk = vec![b' '; 1 << 20];
        for _ in 0..65 {
            e.write_all(&chunk).unwrap();
        }
    }
    cases.push((bomb, "MiB of XML"));
    cases.push((PathBuf::from("/dev/zero"), "not a regular file"));
    cases
}

/// A gzip stream into `f` (the test's own, through `gzip`, to need no compression crate).
fn gzip_writer(f: std::fs::File) -> GzipPipe {
    let child = Command::new("gzip")
        .arg("-c")
        .stdin(Stdio::piped())
        .stdout(f)
        .spawn()
        .expect("gzip");
    GzipPipe(Some(child))
}

struct GzipPipe(Option<std::process::Child>);

impl std::io::Write for GzipPipe {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.as_mut().unwrap().stdin.as_mut().unwrap().write(b)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for GzipPipe {
    fn drop(&mut self) {
        let mut c = self.0.take().unwrap();
        drop(c.stdin.take());
        assert!(c.wait().unwrap().success());
    }
}

#[test]
fn hostile_puzzle_files_are_refused_by_every_command_that_reads_them() {
    let before = snapshot(&corpus());
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    for (file, needle) in puzzle_cases(cwd) {
        let f = file.to_str().unwrap();
        let out = cwd.join("out.toml");
        let svg = cwd.join("pieces.svg");
        let plan = cwd.join("plan");
        let commands: Vec<Vec<&str>> = vec![
            vec!["solve", f],
            vec!["solve", f, "--all", "--json"],
            vec!["count", f],
            vec!["estimate", f, "--calibrate", "0.05"],
            vec!["convert", f, out.to_str().unwrap()],
            vec!["pieces", f],
            vec!["pieces", f, "--render", svg.to_str().unwrap()],
            vec![
                "shard",
                "plan",
                f,
                "--shards",
                "2",
                "--dir",
                plan.to_str().unwrap(),
            ],
        ];
        for args in commands {
            refused(&args, cwd, needle);
        }
        assert!(!out.exists() && !svg.exists() && !plan.join("plan.json").exists());
    }
    assert_eq!(snapshot(&corpus()), before, "the corpus was changed");
}

#[test]
fn hostile_checkpoints_plans_inputs_and_states_are_refused_untouched() {
    let before = snapshot(&corpus());
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path();
    let c = corpus();
    let path = |p: &str| c.join(p).to_str().unwrap().to_string();
    // Checkpoints: refused, and never overwritten by the refused run.
    for (cp, needle) in [
        ("checkpoint-garbage.json", "not UTF-8"),
        (
            "checkpoint-old.json",
            "version 2, this wurfel reads version 3",
        ),
        ("checkpoint-edited.json", "checksum does not match"),
    ] {
        refused(&["count", "soma", "--checkpoint", &path(cp)], cwd, needle);
    }
    // A checkpoint that is the puzzle file.
    let edited = path("plan-edited/puzzle.toml");
    refused(
        &["count", &edited, "--checkpoint", &edited],
        cwd,
        "the puzzle file",
    );
    // Shard plan directories: garbage, edited, missing.
    for (dir, needle) in [
        ("plan-garbage", "not a wurfel shard plan"),
        ("plan-edited", "edited or damaged"),
        ("plan-missing", "holds no shard plan"),
    ] {
        let d = path(dir);
        refused(&["shard", "run", &d, "--index", "0"], cwd, needle);
        refused(&["shard", "status", &d], cwd, needle);
        refused(&["shard", "merge", &d], cwd, needle);
        for engine in ["slurm", "parallel", "k8s"] {
            refused(&["shard", "emit", &d, "--to", engine], cwd, needle);
        }
    }
    // `revenge verify`: absurd times and unreadable lines, and files that are no input.
    refused(&["revenge", "verify", &path("verify.txt")], cwd, "a day");
    refused(
        &["revenge", "verify", &path("garbage.toml")],
        cwd,
        "not UTF-8",
    );
    refused(&["revenge", "verify", &path("dir.toml")], cwd, "directory");
    refused(
        &["revenge", "verify", "/dev/zero"],
        cwd,
        "not a regular file",
    );
    // Analysis state directories: edited rows, an unsealed (older) checkpoint, a file.
    let analyse = |dir: &str| {
        vec![
            "revenge".to_string(),
            "analyse".into(),
            "--stage".into(),
            "5".into(),
            "--variant".into(),
            "wings".into(),
            "--state-dir".into(),
            dir.to_string(),
        ]
    };
    for (dir, needle) in [
        ("analyse-edited", "checksum does not match"),
        ("analyse-v1", "no `format` field"),
        ("empty.toml", "not a directory"),
    ] {
        let args = analyse(&path(dir));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refused(&args, cwd, needle);
    }
    assert_eq!(snapshot(&corpus()), before, "the corpus was changed");
}
