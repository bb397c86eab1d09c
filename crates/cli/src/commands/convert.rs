//! `wurfel convert IN OUT` — between wurfel's TOML and BurrTools' `.xmpuzzle`.

use crate::args::{MergeEqualShapes, Problem};
use crate::note;
use crate::output::OutputPath;
use anyhow::{bail, Result};
use std::path::PathBuf;

/// Arguments of `wurfel convert`.
#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// Built-in puzzle id or a puzzle file (.toml or BurrTools .xmpuzzle).
    input: String,
    /// The file to write; its extension chooses the format: .toml or .xmpuzzle.
    output: PathBuf,
    #[command(flatten)]
    problem: Problem,
}

/// `wurfel convert`.
pub fn run(args: ConvertArgs) -> Result<()> {
    // The input first: the output may not be the file it reads.
    let puzzle =
        crate::hiargs::load(&args.input, &args.problem, MergeEqualShapes::default())?.puzzle;
    let out = OutputPath::check(&args.output)?;
    let ext = args
        .output
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let bytes = match ext.as_deref() {
        Some("xmpuzzle") => wurfel_pack::burrtools::write_xmpuzzle(&puzzle),
        Some("toml") => wurfel_pack::to_toml(&puzzle).into_bytes(),
        _ => bail!(
            "cannot tell the format of {}: name it .toml or .xmpuzzle",
            args.output.display()
        ),
    };
    if ext.as_deref() == Some("xmpuzzle") && !puzzle.published.is_empty() {
        note!(
            "note: BurrTools files have no place for published counts; {} of them were left out",
            puzzle.published.len()
        );
    }
    out.write_all(&bytes)?;
    note!("{} written to {}", puzzle.name, args.output.display());
    Ok(())
}
