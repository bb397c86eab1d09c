//! `POST /api/v1/check`: a puzzle prepared as `count` would prepare it, reporting instead of
//! counting — its description, its cells (for the designer to edit an imported file), and what
//! the command line would say about it (notes, warnings) or its error.

use crate::context::Context;
use serde::Serialize;
use wurfel_pack::Puzzle;
use wurfel_present::report::PuzzleEntry;

/// `POST /api/v1/check`: the puzzle as `list --json` describes it, its cells (for the
/// designer to edit an imported file), and what the CLI would say about it on standard error
/// (notes, warnings), or its error. `problems` says the same warnings and errors again, each
/// with what it is about (the whole puzzle, the target, or one piece by name), for a page to
/// show beside that.
#[derive(Serialize)]
pub struct Checked<'a> {
    pub puzzle: PuzzleEntry<'a>,
    pub model: Model<'a>,
    pub notes: &'a [String],
    pub warnings: Vec<String>,
    pub errors: Vec<String>,
    pub problems: Vec<Problem>,
}

/// One warning or error of a check, and what it is about.
#[derive(Serialize)]
pub struct Problem {
    /// `"error"` or `"warning"`.
    pub severity: &'static str,
    /// `"puzzle"` (the volumes, the engine), `"target"` or `"piece"`.
    #[serde(rename = "where")]
    pub place: &'static str,
    /// The piece's name, for `"where": "piece"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// In words, without file positions.
    pub message: String,
}

/// A puzzle's cells as the file format has them.
#[derive(Serialize)]
pub struct Model<'a> {
    /// The grid's key as in puzzle files (`"cubes"`, `"spheres"`, ...).
    pub grid: &'static str,
    pub target: &'a [wurfel_geom::Cell],
    pub optional: &'a [wurfel_geom::Cell],
    pub pieces: Vec<PieceModel<'a>>,
    /// Constraint colours of `target`'s cells, in its order (absent when all are neutral).
    #[serde(skip_serializing_if = "<[u8]>::is_empty")]
    pub target_colors: &'a [u8],
    /// Allowed (piece colour, target colour) pairs (absent when there are none).
    #[serde(skip_serializing_if = "<[(u8, u8)]>::is_empty")]
    pub color_rules: &'a [(u8, u8)],
}

/// One piece kind: its name, between `min` and `count` copies, its cells, and its colour
/// (`#rrggbb`) as every picture draws it (`wurfel_present::scene::kind_colours`: the file's, else
/// the palette's for its place among the pieces).
#[derive(Serialize)]
pub struct PieceModel<'a> {
    pub name: &'a str,
    pub count: u32,
    pub min: u32,
    pub cells: &'a [wurfel_geom::Cell],
    pub color: String,
    /// Constraint colours of `cells`, in their order (absent when all are neutral): the page
    /// keeps them through its edits and exports, as BurrTools files carry them.
    #[serde(skip_serializing_if = "<[u8]>::is_empty")]
    pub cell_colors: &'a [u8],
    /// BurrTools' piece groups as (group, copies) pairs (absent when none).
    #[serde(skip_serializing_if = "<[(u32, u32)]>::is_empty")]
    pub groups: &'a [(u32, u32)],
}

/// Prepares the puzzle as `count` would, reporting instead of counting: what `count` would
/// refuse (e.g. the volumes) is in `errors`, what it would warn about in `warnings`.
pub fn check<'a>(
    ctx: &Context<'_>,
    puzzle: &'a Puzzle,
    notes: &'a [String],
    loaded_warnings: &[String],
) -> Checked<'a> {
    let mut warnings = loaded_warnings.to_vec();
    let mut errors = Vec::new();
    let mut problems: Vec<Problem> = loaded_warnings
        .iter()
        .map(|w| Problem {
            severity: "warning",
            place: "puzzle",
            piece: None,
            message: w.clone(),
        })
        .collect();
    let silent = Context {
        sink: &crate::Silent,
        ..*ctx
    };
    match crate::prepare(&silent, puzzle) {
        Ok(prep) => {
            for name in prep.unplaceable() {
                problems.push(Problem {
                    severity: "warning",
                    place: "piece",
                    piece: Some(name.to_string()),
                    message: "fits nowhere in the target in any orientation: a proof, before \
                              any search, that the puzzle has no solution"
                        .into(),
                });
                warnings.push(format!(
                    "piece `{name}` fits nowhere in the target in any orientation: a proof, \
                     before any search, that `{}` has no solution (count 0; solve exits with 3)",
                    puzzle.name
                ));
            }
        }
        Err(e) => {
            let message = match puzzle.check_volume() {
                Err(m) => format!("{m}: they cannot fill it"),
                Ok(()) => e.message.clone(),
            };
            problems.push(Problem {
                severity: "error",
                place: "puzzle",
                piece: None,
                message,
            });
            errors.push(e.message);
        }
    }
    Checked {
        puzzle: PuzzleEntry::new(puzzle),
        model: Model {
            grid: puzzle.grid.key(),
            target: puzzle.target.cells(),
            optional: &puzzle.optional,
            pieces: puzzle
                .pieces
                .iter()
                .zip(wurfel_present::scene::kind_colours(puzzle))
                .map(|(p, colour)| PieceModel {
                    name: &p.name,
                    count: p.count,
                    min: p.min,
                    cells: p.shape.cells(),
                    color: colour.to_string(),
                    cell_colors: &p.cell_colors,
                    groups: &p.groups,
                })
                .collect(),
            target_colors: &puzzle.target_colors,
            color_rules: &puzzle.color_rules,
        },
        notes,
        warnings,
        errors,
        problems,
    }
}
