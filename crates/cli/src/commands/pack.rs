//! `wurfel list | solve | count | pieces` — packing puzzles.

use anyhow::{bail, Result};

/// Arguments of `wurfel list`.
#[derive(clap::Args, Debug)]
pub struct ListArgs {}

/// Arguments of `wurfel solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Built-in puzzle name or puzzle file.
    puzzle: String,
}

/// Arguments of `wurfel count`.
#[derive(clap::Args, Debug)]
pub struct CountArgs {
    /// Built-in puzzle name or puzzle file.
    puzzle: String,
}

/// Arguments of `wurfel pieces`.
#[derive(clap::Args, Debug)]
pub struct PiecesArgs {
    /// Built-in puzzle name or puzzle file.
    puzzle: String,
}

/// `wurfel list`.
pub fn list(_: ListArgs) -> Result<()> {
    bail!("not implemented yet")
}
/// `wurfel solve`.
pub fn solve(_: SolveArgs) -> Result<()> {
    bail!("not implemented yet")
}
/// `wurfel count`.
pub fn count(_: CountArgs) -> Result<()> {
    bail!("not implemented yet")
}
/// `wurfel pieces`.
pub fn pieces(_: PiecesArgs) -> Result<()> {
    bail!("not implemented yet")
}
