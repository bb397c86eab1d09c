//! Puzzle files in TOML: parsing with precise error positions, and writing back. (Loading by
//! catalog id or path is [`crate::load()`].)
//!
//! The schema is split by table, one private module each: `target` (`[target]`), `piece`
//! (`[[piece]]`, including the placement check shared with the solver) and `published`
//! (`[[published]]`); `shape` reads `cells` and `layers` for both targets and pieces, and
//! `write` turns a puzzle back into TOML.
//!
//! The format (keys, limits, `layers`, optional cells and piece ranges, errors) is documented
//! for users in `docs/PUZZLE-FORMAT.md`; keep that page in step with the parsers here. Errors
//! name the origin, line and column: `soma.toml:7:9: ...`.

mod colors;
mod piece;
mod published;
mod shape;
mod target;
mod write;

pub use write::to_toml;

use crate::grid::Grid;
use crate::model::{check_volume, Puzzle};
use serde::Deserialize;
use std::fmt;
use std::ops::Range;
use std::path::Path;
use toml::Spanned;

/// Largest extent of the target along any axis: as many as the cells allow, so that long
/// boxes (2x2x1000) can be written; the cell limit bounds the size.
pub const MAX_DIM: i64 = 4096;
/// Largest number of target cells.
pub const MAX_TARGET_CELLS: usize = 4096;
/// Largest number of identical copies of one piece.
pub const MAX_COUNT: i64 = 10_000;
/// Largest absolute value of a coordinate.
pub const MAX_COORD: i64 = 1_000_000;

/// A puzzle file that could not be read as a puzzle: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleFileError {
    /// The file name (or other origin) given to [`parse_puzzle`].
    pub origin: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// The offending line of the file (may be empty).
    pub excerpt: String,
}

impl fmt::Display for PuzzleFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.origin, self.line, self.column, self.message
        )?;
        if !self.excerpt.trim().is_empty() {
            let num = self.line.to_string();
            let pad = " ".repeat(num.len());
            let caret = " ".repeat(self.column.saturating_sub(1));
            write!(f, "\n {num} | {}\n {pad} | {caret}^", self.excerpt)?;
        }
        Ok(())
    }
}

impl std::error::Error for PuzzleFileError {}

// ---------------------------------------------------------------------------------------------
// The top-level table

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    id: Option<Spanned<String>>,
    name: Spanned<String>,
    description: Option<Spanned<String>>,
    target: Spanned<target::RawTarget>,
    #[serde(default)]
    piece: Vec<Spanned<piece::RawPiece>>,
    #[serde(default)]
    published: Vec<Spanned<published::RawPublished>>,
    color_rules: Option<Spanned<Vec<Spanned<toml::Value>>>>,
    colors: Option<colors::RawDisplayColors>,
    grid: Option<Spanned<String>>,
}

/// Builds errors at byte offsets of one text.
struct Ctx<'a> {
    text: &'a str,
    origin: &'a str,
}

impl Ctx<'_> {
    fn err(&self, span: Range<usize>, message: impl Into<String>) -> PuzzleFileError {
        let mut at = span.start.min(self.text.len());
        if at == self.text.len() {
            // At the end of the file: point just after the last non-blank character.
            at = self.text.trim_end().len();
        }
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        let line_start = self.text[..at].rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.text[at..]
            .find('\n')
            .map_or(self.text.len(), |i| at + i);
        let line = self.text[..at].matches('\n').count() + 1;
        let column = self.text[line_start..at].chars().count() + 1;
        let mut excerpt: String = self.text[line_start..line_end].trim_end().to_string();
        if excerpt.chars().count() > 100 {
            excerpt = excerpt.chars().take(100).collect::<String>() + " ...";
        }
        PuzzleFileError {
            origin: self.origin.to_string(),
            line,
            column,
            message: message.into(),
            excerpt,
        }
    }
}

/// Parses a puzzle file. `origin` names the file in error messages, and its file stem is the
/// puzzle's id unless the file sets `id`.
pub fn parse_puzzle(text: &str, origin: &str) -> Result<Puzzle, PuzzleFileError> {
    let cx = Ctx { text, origin };
    let raw = decode(&cx)?;
    let id = puzzle_id(&cx, raw.id.as_ref())?;
    if raw.name.get_ref().trim().is_empty() {
        return Err(cx.err(raw.name.span(), "`name` is empty"));
    }
    let grid = grid(&cx, raw.grid.as_ref())?;
    let (target, optional) = target::parse_with_optional(&cx, &raw.target, grid)?;
    let target_colors = colors::cell_colors(
        &cx,
        raw.target.get_ref().cell_colors.as_ref(),
        &target,
        "the target",
    )?;
    let color_rules = colors::color_rules(&cx, raw.color_rules.as_ref())?;
    let display_colors = colors::display_colors(&cx, raw.colors.as_ref())?;
    let pieces = piece::parse_all(&cx, &raw.piece, &target, grid)?;
    if pieces.is_empty() {
        return Err(cx.err(
            raw.target.span(),
            "the puzzle has no pieces: add `[[piece]]` tables",
        ));
    }
    if let Err(e) = check_volume(&pieces, &target, optional.len()) {
        return Err(cx.err(raw.target.span(), e.to_string()));
    }
    let published = published::parse_all(&cx, &raw.published)?;
    Ok(Puzzle {
        id,
        name: raw.name.get_ref().clone(),
        description: raw
            .description
            .as_ref()
            .map(|d| d.get_ref().clone())
            .unwrap_or_default(),
        target,
        optional,
        pieces,
        published,
        target_colors,
        color_rules,
        display_colors,
        grid,
    })
}

/// The puzzle's grid: `cubes` unless the file names another.
fn grid(cx: &Ctx<'_>, key: Option<&Spanned<String>>) -> Result<Grid, PuzzleFileError> {
    let Some(key) = key else {
        return Ok(Grid::Cubes);
    };
    Grid::from_key(key.get_ref()).ok_or_else(|| {
        let names: Vec<String> = Grid::ALL.iter().map(|g| format!("{:?}", g.key())).collect();
        cx.err(
            key.span(),
            format!(
                "unknown grid {:?}; the grids are {}",
                key.get_ref(),
                names.join(", ")
            ),
        )
    })
}

/// Refuses a cell of `shape` that is not a cell of `grid` (on BurrTools' grids built from
/// sub-voxels, most voxels are not).
fn check_on_grid(
    cx: &Ctx<'_>,
    span: Range<usize>,
    shape: &wurfel_geom::Shape,
    grid: Grid,
    what: &str,
) -> Result<(), PuzzleFileError> {
    match shape.cells().iter().find(|&&c| !grid.is_cell(c)) {
        None => Ok(()),
        Some(c) => Err(cx.err(
            span,
            format!(
                "{what} has the voxel [{}, {}, {}], which is not a cell of the grid of {}",
                c[0],
                c[1],
                c[2],
                grid.name()
            ),
        )),
    }
}

/// The TOML text as the raw tables, with TOML's own errors (syntax, unknown keys, wrong types)
/// on one line.
fn decode(cx: &Ctx<'_>) -> Result<RawPuzzle, PuzzleFileError> {
    toml::from_str(cx.text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        let msg = e
            .message()
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        cx.err(span, msg)
    })
}

/// The puzzle's `id`, or the origin's file stem.
fn puzzle_id(cx: &Ctx<'_>, id: Option<&Spanned<String>>) -> Result<String, PuzzleFileError> {
    Ok(match id {
        Some(id) => {
            let v = id.get_ref().trim();
            if v.is_empty() || v.chars().any(char::is_whitespace) {
                return Err(cx.err(id.span(), "`id` must be non-empty and without spaces"));
            }
            v.to_string()
        }
        None => Path::new(cx.origin)
            .file_stem()
            .and_then(|s| s.to_str())
            .filter(|s| !s.is_empty())
            .unwrap_or("puzzle")
            .to_string(),
    })
}

/// 1-based line and column of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    (
        text[..at].matches('\n').count() + 1,
        text[line_start..at].chars().count() + 1,
    )
}

fn integer(cx: &Ctx<'_>, v: &Spanned<toml::Value>, what: &str) -> Result<i64, PuzzleFileError> {
    match v.get_ref() {
        toml::Value::Integer(n) => Ok(*n),
        other => Err(cx.err(
            v.span(),
            format!("{what} must be an integer, found {}", describe(other)),
        )),
    }
}

/// Three integers `[a, b, c]`. Errors point at `v`: `whole` says what the array must be ("...,
/// found 2 values"), `each` what its items must be ("..., found the string \"x\"").
fn three_integers(
    cx: &Ctx<'_>,
    v: &Spanned<toml::Value>,
    whole: &str,
    each: &str,
) -> Result<[i64; 3], PuzzleFileError> {
    let items = match v.get_ref() {
        toml::Value::Array(a) if a.len() == 3 => a,
        toml::Value::Array(a) => {
            return Err(cx.err(v.span(), format!("{whole}, found {} values", a.len())))
        }
        other => return Err(cx.err(v.span(), format!("{whole}, found {}", describe(other)))),
    };
    let mut out = [0i64; 3];
    for (o, item) in out.iter_mut().zip(items) {
        *o = match item {
            toml::Value::Integer(n) => *n,
            other => return Err(cx.err(v.span(), format!("{each}, found {}", describe(other)))),
        };
    }
    Ok(out)
}

fn describe(v: &toml::Value) -> String {
    match v {
        toml::Value::Float(f) => format!("the float {f}"),
        toml::Value::String(s) => format!("the string {s:?}"),
        toml::Value::Boolean(b) => format!("the boolean {b}"),
        toml::Value::Array(_) => "an array".into(),
        toml::Value::Table(_) => "a table".into(),
        toml::Value::Datetime(d) => format!("the date {d}"),
        toml::Value::Integer(n) => format!("the integer {n}"),
    }
}
