//! A small stage analysis and its state files, for `analysis_fifo.rs` (the state tests that
//! need the analysis' insides are unit tests, `src/analysis/tests/`, with the same space).
#![allow(dead_code)]

use std::path::Path;
use std::sync::atomic::AtomicBool;
use wurfel_revenge::analysis::{Analysis, Part, RunError, Space};
use wurfel_revenge::Stage;

/// A small space with both kinds of classes (with and without symmetric representatives).
pub fn space() -> Space {
    let st = Stage::new(5).with_coords(&[0, 1, 4]);
    Space::new(st, vec![0, 2], vec![Part::Plain(1)]).unwrap()
}

pub fn run_to(sp: &Space, dir: &Path, depth: Option<u32>) -> Result<(), RunError> {
    let mut a = Analysis::new(sp, "test", wurfel_files::Dir::new(dir));
    a.stop_after = depth;
    a.run(&AtomicBool::new(false), &|_| {}).map(drop)
}

pub fn json(dir: &Path, d: u32) -> std::path::PathBuf {
    dir.join(format!("depth-{d:02}.json"))
}
