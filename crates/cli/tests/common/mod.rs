//! Shared by the end-to-end tests.

use std::process::Command;

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
