//! `wurfel list | pieces`, and what `solve` and `count` share: statistics.

use crate::args::{Json, MergeEqualShapes, Problem};
use crate::commands::print::{export_pieces, export_plate, MeshFormat, PrintArgs};
use crate::commands::render::{pieces_scene, Picture};
use crate::hiargs::load;
use crate::output::{fmt_int, wrap, TEXT_WIDTH};
use crate::report::PuzzleEntry;
use crate::{note, outln};
use anyhow::{Context, Result};
use std::path::PathBuf;
use wurfel_cover::Stats;
use wurfel_pack::{catalog, Convention, Prepared};
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
    outln!(
        "{:<26} {:>6} {:>6}  published counts",
        "id",
        "pieces",
        "cells"
    );
    for p in &rows {
        let counts: Vec<String> = p
            .published
            .iter()
            .map(|c| format!("{} {}", fmt_int(c.count), c.convention.key()))
            .collect();
        let line = format!(
            "{:<26} {:>6} {:>6}  {}",
            p.id,
            p.piece_count(),
            p.target.len(),
            if counts.is_empty() {
                "-".to_string()
            } else {
                counts.join(", ")
            }
        );
        // Published counts wrap under their column.
        outln!("{}", wrap(&line, TEXT_WIDTH, 42));
    }
    Ok(())
}

/// Placements per piece and search statistics, on stderr.
pub(crate) fn print_stats(prep: &Prepared, stats: &Stats) {
    note!("placements per piece:");
    for (k, n) in prep.placements_per_kind().iter().enumerate() {
        let p = &prep.puzzle.pieces[k];
        note!(
            "  {} {:<12} x{:<3} {:>3} orientations {:>6} placements{}",
            p.symbol,
            p.name,
            p.count,
            p.shape.orientations().len(),
            n,
            if prep.restricted == Some(k as u32) {
                format!(
                    " (restricted to {} by symmetry)",
                    prep.restricted_placements()
                )
            } else {
                String::new()
            }
        );
    }
    note!(
        "nodes {}, placements tried {}, fitted {}, dead cells {}, pruned regions {}, engine covers {}",
        fmt_int(stats.nodes),
        fmt_int(stats.tried),
        fmt_int(stats.fitted),
        fmt_int(stats.dead_columns),
        fmt_int(stats.region_prunes),
        fmt_int(stats.solutions)
    );
}

/// `wurfel pieces`.
pub(crate) fn pieces(args: PiecesArgs) -> Result<()> {
    let puzzle = load(&args.puzzle, &args.problem, MergeEqualShapes::default())?.puzzle;
    let picture = args.render.as_deref().map(Picture::check).transpose()?;
    if args.export.is_some() {
        args.print.options()?;
    }
    outln!(
        "{} — {} pieces ({} kinds), target {} cells, bounding box {:?}",
        puzzle.name,
        puzzle.piece_count(),
        puzzle.pieces.len(),
        puzzle.target.len(),
        puzzle.target.dims()
    );
    let prep = Prepared::new(&puzzle).ok();
    for (k, p) in puzzle.pieces.iter().enumerate() {
        let placements = prep
            .as_ref()
            .map(|pr| pr.placements_per_kind()[k].to_string())
            .unwrap_or_else(|| "?".into());
        outln!(
            "\n{} {}  x{}  {} cells, {} orientations, {} placements{}",
            p.symbol,
            p.name,
            p.count,
            p.shape.len(),
            p.shape.orientations().len(),
            placements,
            if p.shape.is_chiral() { ", chiral" } else { "" }
        );
        outln!("{}", shape_layers(&p.shape, p.symbol));
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

/// A shape as layered text (top layer first, layers side by side), indented under its name.
fn shape_layers(shape: &wurfel_geom::Shape, ch: char) -> String {
    let s = shape.normalized();
    let grid = wurfel_geom::BoxGrid::new(s.dims().map(|d| d as usize));
    let cells: std::collections::HashSet<usize> =
        s.cells().iter().filter_map(|&c| grid.index(c)).collect();
    grid.layers_text(|i| cells.contains(&i).then(|| ch.to_string()))
        .lines()
        .map(|line| format!("  {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}
