//! Shared by the end-to-end tests.

use std::process::Command;

#[allow(dead_code)] // Only the tests that export STL ask admesh.
pub mod admesh;

/// Runs `wurfel args`: exit code, stdout, stderr.
#[allow(dead_code)] // The shard tests share only `json_ok`.
pub fn wurfel(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(args)
        .output()
        .expect("run wurfel");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `wurfel args`, which must succeed, and parses what it printed as one JSON value.
#[allow(dead_code)] // Not every test binary that shares this module asks for JSON.
pub fn json_ok(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(args)
        .output()
        .expect("run wurfel");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on standard output")
}

/// Runs shard `index` of the plan in `dir` on one thread (the shard tests' step).
#[allow(dead_code)] // Only the shard tests run shards.
pub fn run_shard(dir: &std::path::Path, index: usize) -> assert_cmd::assert::Assert {
    use assert_cmd::cargo::CommandCargoExt;
    let mut cmd = Command::cargo_bin("wurfel").expect("binary built");
    cmd.args(["shard", "run"])
        .arg(dir)
        .args(["--index", &index.to_string(), "--threads", "1"]);
    assert_cmd::assert::OutputAssertExt::assert(&mut cmd)
}
