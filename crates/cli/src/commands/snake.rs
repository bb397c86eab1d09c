//! `wurfel snake ...` — chain puzzles.

use anyhow::{bail, Result};

/// Arguments of `wurfel snake`.
#[derive(clap::Args, Debug)]
pub struct SnakeArgs {
    /// Anything; not implemented yet.
    #[arg(trailing_var_arg = true)]
    rest: Vec<String>,
}

/// Runs `wurfel snake`.
pub fn run(args: SnakeArgs) -> Result<()> {
    let _ = args;
    bail!("snake cubes are not implemented yet")
}
