//! A FIFO in place of the newest checkpoint is refused at once, not waited on. In a test
//! binary of its own: spawning `mkfifo` forks, and a child holds copies of every open file of
//! the process until it executes, among them other tests' analysis locks, which then look busy.

mod analysis_common;

use analysis_common::{json, run_to, space};
use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn a_fifo_for_the_newest_checkpoint_is_refused_at_once() {
    let sp = space();
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state");
    run_to(&sp, &state, Some(1)).unwrap();
    std::fs::remove_file(json(&state, 1)).unwrap();
    let made = Command::new("mkfifo")
        .arg(json(&state, 1))
        .status()
        .unwrap();
    assert!(made.success());
    let t = Instant::now();
    let err = run_to(&sp, &state, None).unwrap_err().to_string();
    assert!(err.contains("not a regular file"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(10));
}
