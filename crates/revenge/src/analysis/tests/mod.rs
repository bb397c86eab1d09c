//! Checks of the analysis' insides: the stage definitions against Norskog's tables
//! ([`stages`]) and the resumable analysis' state files ([`state`]). The reduced spaces'
//! tables are checked through the public facade in `tests/reduced.rs`.

mod stages;
mod state;

use crate::analysis::layered::{Analysis, RunError};
use crate::analysis::reduced::{Part, Space};
use crate::methods::five_stage::Stage;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// A small space with both kinds of classes (with and without symmetric representatives); the
/// same as `tests/analysis_common`'s, which `tests/analysis_fifo.rs` runs in a process of its
/// own.
fn space() -> Space {
    let st = Stage::new(5).with_coords(&[0, 1, 4]);
    Space::new(st, vec![0, 2], vec![Part::Plain(1)]).unwrap()
}

fn run_to(sp: &Space, dir: &Path, depth: Option<u32>) -> Result<(), RunError> {
    let mut a = Analysis::new(sp, "test", wurfel_files::Dir::new(dir));
    a.stop_after = depth;
    a.run(&AtomicBool::new(false), &|_| {}).map(drop)
}

fn json(dir: &Path, d: u32) -> PathBuf {
    dir.join(format!("depth-{d:02}.json"))
}
