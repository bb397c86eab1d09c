//! What a count is asked to do and what it answers: the method, the request, the checkpoint
//! store a front end gives, and the answer (search or frontier counts).

use crate::error::AppError;
use serde::{Deserialize, Serialize};
use std::io::{self, BufRead, Write};
use std::time::Duration;
use wurfel_pack::frontier::FrontierReport;
use wurfel_present::count::Summary;

/// How to count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Backtracking search (resumable, shardable, any puzzle, partial counts when stopped).
    Search,
    /// Dynamic programming over the filled/empty boundary: long boxes and many identical
    /// pieces, counts of any size.
    Frontier,
    /// The frontier method when its estimated work is far below the search's, else the search.
    #[default]
    Auto,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Search => "search",
            Method::Frontier => "frontier",
            Method::Auto => "auto",
        }
    }
}

/// What to count, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountRequest {
    pub method: Method,
    /// The frontier counter a whole layer at a time (implies `Frontier` under `Auto`).
    pub layers: bool,
    /// With `layers`: the table after the middle boundary counted in this many slices.
    pub slices: u16,
    /// Also count the assemblies that come apart (the search only; `Auto` then searches).
    pub disassemble: bool,
}

impl Default for CountRequest {
    fn default() -> Self {
        CountRequest {
            method: Method::Auto,
            layers: false,
            slices: 1,
            disassemble: false,
        }
    }
}

/// Where a count keeps its checkpoint: the command line's file, written atomically. A store
/// holds one method's checkpoint; `auto` resumes with the method whose checkpoint it finds.
pub trait CheckpointStore: Sync {
    /// How messages name it (a path).
    fn name(&self) -> String;
    /// The saved checkpoint, if there is one.
    fn open(&self) -> io::Result<Option<Box<dyn BufRead + '_>>>;
    /// Replaces the checkpoint with what `write` writes, atomically (whole or not at all).
    fn save(&self, write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>) -> io::Result<()>;
    /// Least time between two saves.
    fn interval(&self) -> Duration;
}

/// A count's answer.
pub enum Counted {
    /// Counted by the search (complete, or stopped early: see [`Summary::complete`]).
    Search(Summary),
    /// Counted by the frontier counter (always complete).
    Frontier {
        report: FrontierReport,
        /// Why `auto` chose it (`None` when asked for by name).
        auto: Option<String>,
        seconds: f64,
        threads: usize,
    },
}

impl Counted {
    /// Whether every solution was counted.
    pub fn complete(&self) -> bool {
        match self {
            Counted::Search(s) => s.complete,
            Counted::Frontier { .. } => true,
        }
    }
}

/// Refuses what the methods cannot do, before any work.
pub fn check(req: &CountRequest, checkpoint: bool) -> Result<(), AppError> {
    if req.layers && req.method == Method::Search {
        return Err(AppError::usage(
            "--layers is an option of --method frontier",
        ));
    }
    if req.slices > 1 && !req.layers {
        return Err(AppError::usage("--slices is an option of --layers"));
    }
    if !(1..=256).contains(&req.slices) {
        return Err(AppError::usage("--slices is a number from 1 to 256"));
    }
    if req.disassemble && checkpoint {
        return Err(AppError::usage(
            "--disassemble cannot be combined with --checkpoint: checkpoints hold the assembly \
             counts only (count without --disassemble to resume a long count)",
        ));
    }
    if req.disassemble && (req.method == Method::Frontier || req.layers) {
        return Err(AppError::usage(
            "--method frontier cannot be combined with --disassemble: only the search does \
             that (use --method search)",
        ));
    }
    Ok(())
}
