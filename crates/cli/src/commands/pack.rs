//! `wurfel list | pieces` (text: `wurfel_present::text::pack`), and `--distinct`'s parser.

use crate::args::{Json, MergeEqualShapes, Problem};
use crate::commands::print::{export_pieces, export_plate, MeshFormat, PrintArgs};
use crate::commands::render::{pieces_scene, Picture};
use crate::hiargs::load;
use crate::report::PuzzleEntry;
use crate::{note, outln};
use anyhow::{Context, Result};
use std::path::PathBuf;
use wurfel_pack::{catalog, Convention, Prepared};
use wurfel_present::text::pack as text;
use wurfel_render::View;

/// Arguments of `wurfel list`.
#[derive(clap::Args, Debug)]
pub(crate) struct ListArgs {
    #[command(flatten)]
    json: Json,
}

/// Arguments of `wurfel pieces`.
#[derive(clap::Args, Debug)]
pub(crate) struct PiecesArgs {
    /// Built-in puzzle id (see `wurfel list`) or a puzzle file (.toml or BurrTools .xmpuzzle).
    puzzle: String,
    #[command(flatten)]
    problem: Problem,
    /// Draw the pieces to a picture (.svg, .png or .html).
    #[arg(long, value_name = "FILE")]
    render: Option<PathBuf>,
    /// Write a printable mesh of each piece into DIR (created if missing), one file per piece,
    /// named by piece; see --format, --unit, --gap, --bevel (with --plate: one FILE).
    #[arg(long, value_name = "DIR")]
    export: Option<PathBuf>,
    /// With --export: the mesh format.
    #[arg(long, value_enum, default_value_t = MeshFormat::Stl, requires = "export")]
    format: MeshFormat,
    /// With --export FILE (.3mf or .stl): every piece (each copy) in one file, laid on a
    /// square build plate, each on its largest flat face, a cube's width apart.
    #[arg(long, requires = "export")]
    plate: bool,
    /// With --plate: the plate's edge in mm.
    #[arg(long, value_name = "MM", default_value_t = 200.0, requires = "plate")]
    plate_size: f64,
    #[command(flatten)]
    print: PrintArgs,
}

/// Parses `--distinct`.
pub(crate) fn parse_convention(s: &str) -> Result<Convention, String> {
    Convention::from_key(s).ok_or_else(|| {
        format!("unknown convention `{s}`: use raw, rotations or rotations_reflections")
    })
}

/// `wurfel list`.
pub(crate) fn list(args: ListArgs) -> Result<()> {
    let mut rows = Vec::new();
    for id in catalog::ids() {
        rows.push(catalog::get(id).with_context(|| format!("catalog entry `{id}`"))?);
    }
    if args.json.json {
        let entries: Vec<PuzzleEntry> = rows.iter().map(PuzzleEntry::new).collect();
        outln!("{}", serde_json::to_string_pretty(&entries)?);
        return Ok(());
    }
    outln!("{}", text::catalog_header());
    for p in &rows {
        outln!("{}", text::catalog_row(p));
    }
    Ok(())
}

/// `wurfel pieces`.
pub(crate) fn pieces(args: PiecesArgs) -> Result<()> {
    let puzzle = load(&args.puzzle, &args.problem, MergeEqualShapes::default())?.puzzle;
    let picture = args.render.as_deref().map(Picture::check).transpose()?;
    if args.export.is_some() {
        args.print.options()?;
    }
    let placements = Prepared::new(&puzzle).ok().map(|p| p.placements_per_kind());
    for line in text::pieces(&puzzle, placements.as_deref()) {
        outln!("{line}");
    }
    if let Some(picture) = picture {
        picture.draw(&[pieces_scene(&puzzle)], View::Pieces)?;
    }
    if let (Some(file), true) = (&args.export, args.plate) {
        export_plate(&puzzle, file, args.plate_size, &args.print)?;
    } else if let Some(dir) = &args.export {
        let written = export_pieces(&puzzle, dir, args.format, &args.print)?;
        for (path, count) in written {
            note!("wrote {} (print {count})", path.display());
        }
    }
    Ok(())
}
