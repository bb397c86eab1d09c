//! Issue "Trust, round three", end to end: limits that must end in a clear error, never in a
//! false answer or an abort.

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
}
