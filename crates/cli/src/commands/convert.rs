//! `wurfel convert IN OUT` — between wurfel's TOML and BurrTools' `.xmpuzzle`.

use crate::args::{MergeEqualShapes, Problem};
use crate::note;
use crate::output::OutputPath;
use anyhow::Result;
use std::path::PathBuf;
use wurfel_app::convert::{convert, Format};

/// Arguments of `wurfel convert`.
#[derive(clap::Args, Debug)]
pub(crate) struct ConvertArgs {
    /// Built-in puzzle id or a puzzle file (.toml or BurrTools .xmpuzzle).
    input: String,
    /// The file to write; its extension chooses the format: .toml or .xmpuzzle.
    output: PathBuf,
    #[command(flatten)]
    problem: Problem,
}

/// `wurfel convert`.
pub(crate) fn run(args: ConvertArgs) -> Result<()> {
    // The input first: the output may not be the file it reads.
    let puzzle =
        crate::hiargs::load(&args.input, &args.problem, MergeEqualShapes::default())?.puzzle;
    let out = OutputPath::check(&args.output)?;
    let converted = convert(&puzzle, Format::of(&args.output)?);
    if converted.dropped_published > 0 {
        note!(
            "note: BurrTools files have no place for published counts; {} of them were left out",
            converted.dropped_published
        );
    }
    out.write_all(&converted.bytes)?;
    note!("{} written to {}", puzzle.name, args.output.display());
    Ok(())
}
