//! Flags shared by several subcommands, each with one meaning everywhere.

use clap::Args;

/// `--json`: machine-readable output.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct Json {
    /// Print JSON (one object per line) instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// `--all` / `--limit N`: how many solutions to list.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct Limit {
    /// List every solution.
    #[arg(long, conflicts_with = "limit")]
    all: bool,
    /// List at most N solutions, N >= 1 (default 1).
    #[arg(long, value_name = "N", value_parser = parse_limit)]
    limit: Option<u64>,
}

impl Limit {
    /// At most this many solutions; `None` = all.
    pub(crate) fn get(self) -> Option<u64> {
        if self.all {
            None
        } else {
            Some(self.limit.unwrap_or(1))
        }
    }
}

fn parse_limit(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("must be at least 1 (--all lists every solution)".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{s}` is not a whole number")),
    }
}

/// Which picture to draw.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ViewArg {
    /// The assembled solution.
    Assembled,
    /// Each piece alone in a ghost of the target.
    Pieces,
    /// Front/top/right and back/bottom/left.
    Sides,
    /// One grid per layer.
    Layers,
}

/// `PUZZLE [--problem N|NAME] [--merge-equal-shapes]`: the packing puzzle a command works on.
#[derive(Args, Debug, Clone)]
pub(crate) struct PuzzleArg {
    /// Built-in puzzle id (see `wurfel list`) or a puzzle file (.toml or BurrTools .xmpuzzle).
    pub(crate) puzzle: String,
    #[command(flatten)]
    pub(crate) problem: Problem,
    #[command(flatten)]
    pub(crate) merge: MergeEqualShapes,
}

/// `--problem N|NAME`: which problem of a BurrTools file.
#[derive(Args, Debug, Clone, Default)]
pub(crate) struct Problem {
    /// Which problem of a BurrTools .xmpuzzle file: its number (from 1) or its name (default:
    /// the first). `#N` is always the number, `=NAME` always the name (needed when a problem
    /// is named like another one's number).
    #[arg(long, value_name = "N|NAME")]
    pub(crate) problem: Option<String>,
}

/// `--merge-equal-shapes`: equal shapes declared apart become copies.
#[derive(Args, Debug, Clone, Copy, Default)]
pub(crate) struct MergeEqualShapes {
    /// Count separately declared pieces of equal shape as interchangeable copies (as if
    /// declared once with `count = k`); by default they are distinct pieces.
    #[arg(long)]
    pub(crate) merge_equal_shapes: bool,
}

/// `--disassemble`: analyse whether each assembly comes apart.
#[derive(Args, Debug, Clone, Copy, Default)]
pub(crate) struct Disassemble {
    /// Also decide for each assembly (one per rotation class) whether it can be taken apart by
    /// sliding pieces and groups of pieces along the grid axes, as BurrTools does: assemblies
    /// that come apart are its "solutions", with their level (moves until the first part
    /// comes free).
    #[arg(long)]
    pub(crate) disassemble: bool,
}
