//! `wurfel revenge ...` — the 4x4x4 cube.

use anyhow::{bail, Result};

/// Arguments of `wurfel revenge`.
#[derive(clap::Args, Debug)]
pub struct RevengeArgs {
    /// Anything; not implemented yet.
    #[arg(trailing_var_arg = true)]
    rest: Vec<String>,
}

/// Runs `wurfel revenge`.
pub fn run(args: RevengeArgs) -> Result<()> {
    let _ = args;
    bail!("the 4x4x4 cube is not implemented yet")
}
