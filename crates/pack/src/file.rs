//! Puzzle files in TOML: parsing with precise error positions, loading by catalog id or path,
//! and writing back.
//!
//! # Format
//!
//! The minimal form (other tools may generate exactly this):
//!
//! ```toml
//! name = "Soma cube"
//! [target]
//! box = [3, 3, 3]              # or `layers` / `cells` for arbitrary shapes
//! [[piece]]
//! name = "V"
//! cells = [[0,0,0],[1,0,0],[0,1,0]]
//! count = 1                    # identical copies; default 1
//! ```
//!
//! Top-level keys: `name` (required), `id` (default: the file stem of the origin),
//! `description`, the `[target]` table, one `[[piece]]` table per kind of piece and any number of
//! `[[published]]` tables. Unknown keys are errors.
//!
//! - `[target]` has exactly one of `box = [x, y, z]` (each 1..=64, at most 4,096 cells),
//!   `cells = [[x, y, z], ...]` or `layers` (below). Targets may have holes or several parts.
//! - `[[piece]]` has `name` (unique), exactly one of `cells` or `layers`, and optionally `count`
//!   (identical copies, 1..=10,000, default 1), `symbol` (one character, unique, not whitespace
//!   and not `.`; by default the first unused of `A`–`Z`, `a`–`z`, `0`–`9`, ...) and `color`
//!   (`"#rrggbb"`). A piece must be face-connected and must fit in the target in some
//!   orientation; only its shape up to rotation and translation matters.
//! - `[[published]]` has `convention` (`raw`, `rotations` or `rotations_reflections`), `count`
//!   and `source` (free text, optional).
//! - The pieces' total volume (counting copies) must equal the target's volume.
//!
//! # Layers
//!
//! `layers` is a list of strings, one per horizontal layer, **top layer first** (the first string
//! is the highest `z`); a single string is one layer (`z = 0`), handy for flat pieces. Inside a
//! layer each non-blank line is a row, **the first row is the highest `y`**, and each character
//! is one cell along `x`, starting at `x = 0`: `.` is an empty cell and every other character
//! (`#`, a letter, ...) is a filled cell. Whitespace (spaces, tabs) is ignored everywhere, so rows
//! may be indented and cells spaced out, and blank lines are skipped; use `.` to leave a cell
//! empty. Layers are aligned at their first row and first column. This is exactly how `wurfel`
//! prints solutions, so a printed layer can be pasted back as a shape.
//!
//! ```toml
//! [[piece]]
//! name = "P"
//! layers = ['''
//! ##
//! #.
//! ''', '''
//! #.
//! ..
//! ''']
//! ```
//! is the piece with cells `(0,1,1) (1,1,1) (0,0,1) (0,1,0)`.
//!
//! Errors name the origin, line and column: `soma.toml:7:9: ...`.

use crate::catalog;
use crate::model::{Convention, Piece, Published, Puzzle};
use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::Spanned;
use wurfel_geom::{neighbours, Cell, Shape};

/// Largest extent of the target along any axis.
pub const MAX_DIM: i64 = 64;
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

/// Why [`load`] failed.
#[derive(Debug)]
pub enum LoadError {
    /// The file was read but is not a valid puzzle.
    File(PuzzleFileError),
    /// The file could not be read.
    Read {
        /// The path as given.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// Neither a catalog id nor an existing file.
    NotFound {
        /// What was asked for.
        name: String,
        /// Catalog ids close to it (may be empty).
        suggestions: Vec<String>,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::File(e) => e.fmt(f),
            LoadError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            LoadError::NotFound { name, suggestions } => {
                write!(f, "`{name}` is neither a built-in puzzle nor a file")?;
                if suggestions.is_empty() {
                    write!(f, "; built-in puzzles: {}", catalog::ids().join(", "))
                } else {
                    let s: Vec<String> = suggestions.iter().map(|s| format!("`{s}`")).collect();
                    write!(f, "; did you mean {}?", s.join(" or "))
                }
            }
        }
    }
}

/// The messages already include their cause (file position, I/O error), so `source()` is
/// empty: error reporters that print the chain (`{:#}`) would otherwise say it twice.
impl std::error::Error for LoadError {}

impl From<PuzzleFileError> for LoadError {
    fn from(e: PuzzleFileError) -> Self {
        LoadError::File(e)
    }
}

/// A built-in puzzle by id, else the TOML file at that path.
pub fn load(name_or_path: &str) -> Result<Puzzle, LoadError> {
    if let Some(p) = catalog::get(name_or_path) {
        return Ok(p);
    }
    let path = Path::new(name_or_path);
    let looks_like_path = path.exists()
        || name_or_path.contains('/')
        || name_or_path.contains('\\')
        || name_or_path.contains('.');
    if !looks_like_path {
        return Err(LoadError::NotFound {
            name: name_or_path.to_string(),
            suggestions: close_ids(name_or_path),
        });
    }
    let text =
        crate::read::read_text_bounded(path, crate::read::MAX_FILE_BYTES).map_err(|source| {
            LoadError::Read {
                path: path.to_path_buf(),
                source,
            }
        })?;
    Ok(parse_puzzle(&text, name_or_path)?)
}

/// Catalog ids within a small edit distance of `name`, or containing it.
fn close_ids(name: &str) -> Vec<String> {
    let lower = name.to_lowercase();
    let mut scored: Vec<(usize, &str)> = catalog::ids()
        .into_iter()
        .filter_map(|id| {
            let d = edit_distance(&lower, id);
            let near = d <= 2.max(id.len() / 4);
            (near || (lower.len() >= 3 && id.contains(&lower))).then_some((d, id))
        })
        .collect();
    scored.sort();
    scored
        .into_iter()
        .take(5)
        .map(|(_, id)| id.into())
        .collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

// ---------------------------------------------------------------------------------------------
// Raw (serde) form

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    id: Option<Spanned<String>>,
    name: Spanned<String>,
    description: Option<Spanned<String>>,
    target: Spanned<RawTarget>,
    #[serde(default)]
    piece: Vec<Spanned<RawPiece>>,
    #[serde(default)]
    published: Vec<Spanned<RawPublished>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTarget {
    #[serde(rename = "box")]
    box_: Option<Spanned<toml::Value>>,
    cells: Option<Spanned<Vec<Spanned<toml::Value>>>>,
    layers: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPiece {
    name: Spanned<String>,
    symbol: Option<Spanned<String>>,
    color: Option<Spanned<String>>,
    count: Option<Spanned<toml::Value>>,
    cells: Option<Spanned<Vec<Spanned<toml::Value>>>>,
    layers: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPublished {
    convention: Spanned<String>,
    count: Spanned<toml::Value>,
    source: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// Parsing

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
    let raw: RawPuzzle = toml::from_str(text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        let msg = e
            .message()
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        cx.err(span, msg)
    })?;

    let id = match &raw.id {
        Some(id) => {
            let v = id.get_ref().trim();
            if v.is_empty() || v.chars().any(char::is_whitespace) {
                return Err(cx.err(id.span(), "`id` must be non-empty and without spaces"));
            }
            v.to_string()
        }
        None => Path::new(origin)
            .file_stem()
            .and_then(|s| s.to_str())
            .filter(|s| !s.is_empty())
            .unwrap_or("puzzle")
            .to_string(),
    };
    if raw.name.get_ref().trim().is_empty() {
        return Err(cx.err(raw.name.span(), "`name` is empty"));
    }

    let target = parse_target(&cx, &raw.target)?;
    let target_span = raw.target.span();

    let mut names: HashMap<&str, Range<usize>> = HashMap::new();
    let mut explicit_symbols: HashMap<char, Range<usize>> = HashMap::new();
    let mut pieces = Vec::with_capacity(raw.piece.len());
    let mut symbols: Vec<Option<char>> = Vec::with_capacity(raw.piece.len());
    for rp in &raw.piece {
        let p = rp.get_ref();
        let name = p.name.get_ref().as_str();
        if name.trim().is_empty() {
            return Err(cx.err(p.name.span(), "piece `name` is empty"));
        }
        if let Some(first) = names.get(name) {
            let (l, _) = line_col(text, first.start);
            return Err(cx.err(
                p.name.span(),
                format!("duplicate piece name `{name}` (first used on line {l})"),
            ));
        }
        names.insert(name, p.name.span());

        let symbol = match &p.symbol {
            None => None,
            Some(s) => {
                let mut chars = s.get_ref().chars();
                let c = match (chars.next(), chars.next()) {
                    (Some(c), None) => c,
                    _ => {
                        return Err(cx.err(
                            s.span(),
                            format!(
                            "symbol of piece `{name}` must be exactly one character, found {:?}",
                            s.get_ref()
                        ),
                        ))
                    }
                };
                if c.is_whitespace() || c.is_control() || c == '.' {
                    return Err(cx.err(
                        s.span(),
                        format!(
                            "symbol of piece `{name}` cannot be {c:?} (whitespace and `.` are reserved)"
                        ),
                    ));
                }
                if let Some(first) = explicit_symbols.get(&c) {
                    let (l, _) = line_col(text, first.start);
                    return Err(cx.err(
                        s.span(),
                        format!("duplicate symbol '{c}' (first used on line {l})"),
                    ));
                }
                explicit_symbols.insert(c, s.span());
                Some(c)
            }
        };
        symbols.push(symbol);

        let color = match &p.color {
            None => None,
            Some(c) => Some(parse_color(c.get_ref()).ok_or_else(|| {
                cx.err(
                    c.span(),
                    format!(
                        "color of piece `{name}` must look like \"#rrggbb\" (six hex digits), found {:?}",
                        c.get_ref()
                    ),
                )
            })?),
        };

        let count = match &p.count {
            None => 1,
            Some(v) => {
                let n = integer(&cx, v, "`count`")?;
                if n < 1 {
                    return Err(cx.err(
                        v.span(),
                        format!("count of piece `{name}` must be at least 1, found {n}"),
                    ));
                }
                if n > MAX_COUNT {
                    return Err(cx.err(
                        v.span(),
                        format!("count of piece `{name}` is {n}, above the limit of {MAX_COUNT}"),
                    ));
                }
                n as u32
            }
        };

        let what = format!("piece `{name}`");
        let shape = match (&p.cells, &p.layers) {
            (Some(cells), None) => shape_from_cells(&cx, cells, &what)?,
            (None, Some(layers)) => shape_from_layers(&cx, layers, &what)?,
            (Some(_), Some(l)) => {
                return Err(cx.err(
                    l.span(),
                    format!("{what} has both `cells` and `layers`; give only one"),
                ))
            }
            (None, None) => {
                return Err(cx.err(
                    rp.span(),
                    format!("{what} needs its shape: `cells = [[x, y, z], ...]` or `layers`"),
                ))
            }
        };
        let shape_span = p
            .cells
            .as_ref()
            .map(|c| c.span())
            .or_else(|| p.layers.as_ref().map(|l| l.span()))
            .unwrap_or_else(|| rp.span());
        let parts = components(&shape);
        if parts > 1 {
            return Err(cx.err(
                shape_span,
                format!(
                    "{what} is not connected: its {} cells form {parts} separate parts (cells must touch face to face)",
                    shape.len()
                ),
            ));
        }
        if shape.len() > target.len() || !fits(&shape, &target) {
            let d = shape.dims();
            return Err(cx.err(
                shape_span,
                format!(
                    "{what} ({} cells, {}×{}×{}) does not fit in the target in any orientation",
                    shape.len(),
                    d[0],
                    d[1],
                    d[2]
                ),
            ));
        }
        pieces.push(Piece {
            name: name.to_string(),
            symbol: ' ',
            shape,
            count,
            color,
        });
    }

    // Default symbols: first unused of A-Z, a-z, 0-9, then Latin-1 and beyond.
    let mut used: HashSet<char> = explicit_symbols.keys().copied().collect();
    let mut pool = ('A'..='Z')
        .chain('a'..='z')
        .chain('0'..='9')
        .chain((0xC0u32..0x2_0000).filter_map(char::from_u32))
        .filter(|c| c.is_alphanumeric());
    for (piece, sym) in pieces.iter_mut().zip(&symbols) {
        piece.symbol = match sym {
            Some(c) => *c,
            None => loop {
                match pool.next() {
                    Some(c) if used.contains(&c) => continue,
                    Some(c) => {
                        used.insert(c);
                        break c;
                    }
                    None => break '?',
                }
            },
        };
    }

    if pieces.is_empty() {
        return Err(cx.err(
            target_span,
            "the puzzle has no pieces: add `[[piece]]` tables",
        ));
    }
    let volume: u64 = pieces
        .iter()
        .map(|p| p.shape.len() as u64 * u64::from(p.count))
        .sum();
    if volume != target.len() as u64 {
        return Err(cx.err(
            target_span,
            format!(
                "the pieces cover {volume} cells in total (counting copies) but the target has {} cells",
                target.len()
            ),
        ));
    }

    let mut published = Vec::with_capacity(raw.published.len());
    for rp in &raw.published {
        let p = rp.get_ref();
        let convention = Convention::from_key(p.convention.get_ref()).ok_or_else(|| {
            cx.err(
                p.convention.span(),
                format!(
                    "unknown convention {:?}: expected \"raw\", \"rotations\" or \"rotations_reflections\"",
                    p.convention.get_ref()
                ),
            )
        })?;
        let count = integer(&cx, &p.count, "published `count`")?;
        if count < 0 {
            return Err(cx.err(
                p.count.span(),
                format!("published count cannot be negative, found {count}"),
            ));
        }
        published.push(Published {
            convention,
            count: count as u64,
            source: p.source.clone().unwrap_or_default(),
        });
    }

    Ok(Puzzle {
        id,
        name: raw.name.get_ref().clone(),
        description: raw
            .description
            .as_ref()
            .map(|d| d.get_ref().clone())
            .unwrap_or_default(),
        target,
        pieces,
        published,
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

fn parse_color(s: &str) -> Option<String> {
    let hex = s.strip_prefix('#')?;
    (hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit()))
        .then(|| format!("#{}", hex.to_ascii_lowercase()))
}

fn parse_target(cx: &Ctx<'_>, t: &Spanned<RawTarget>) -> Result<Shape, PuzzleFileError> {
    let raw = t.get_ref();
    let given = [
        raw.box_.as_ref().map(|b| ("box", b.span())),
        raw.cells.as_ref().map(|c| ("cells", c.span())),
        raw.layers.as_ref().map(|l| ("layers", l.span())),
    ];
    let given: Vec<(&str, Range<usize>)> = given.into_iter().flatten().collect();
    if given.len() > 1 {
        return Err(cx.err(
            given[1].1.clone(),
            format!(
                "the target has both `{}` and `{}`; give exactly one of `box`, `cells` or `layers`",
                given[0].0, given[1].0
            ),
        ));
    }
    let shape = if let Some(b) = &raw.box_ {
        let items = match b.get_ref() {
            toml::Value::Array(a) if a.len() == 3 => a,
            other => {
                return Err(cx.err(
                    b.span(),
                    format!(
                        "`box` must be an array of three sizes [x, y, z], found {}",
                        match other {
                            toml::Value::Array(a) => format!("{} values", a.len()),
                            v => describe(v),
                        }
                    ),
                ))
            }
        };
        let mut dims = [0i64; 3];
        for (d, v) in dims.iter_mut().zip(items) {
            *d = match v {
                toml::Value::Integer(n) => *n,
                other => {
                    return Err(cx.err(
                        b.span(),
                        format!("`box` sizes must be integers, found {}", describe(other)),
                    ))
                }
            };
            if *d < 1 || *d > MAX_DIM {
                return Err(cx.err(
                    b.span(),
                    format!("`box` sizes must be between 1 and {MAX_DIM}, found {d}"),
                ));
            }
        }
        let cells = dims[0] * dims[1] * dims[2];
        if cells as usize > MAX_TARGET_CELLS {
            return Err(cx.err(
                b.span(),
                format!("the box has {cells} cells, above the limit of {MAX_TARGET_CELLS} cells"),
            ));
        }
        Shape::cuboid(dims[0] as i32, dims[1] as i32, dims[2] as i32)
    } else if let Some(c) = &raw.cells {
        shape_from_cells(cx, c, "the target")?
    } else if let Some(l) = &raw.layers {
        shape_from_layers(cx, l, "the target")?
    } else {
        return Err(cx.err(
            t.span(),
            "the target needs `box = [x, y, z]`, `cells = [[x, y, z], ...]` or `layers`",
        ));
    };
    let span = given.first().map_or_else(|| t.span(), |g| g.1.clone());
    if shape.len() > MAX_TARGET_CELLS {
        return Err(cx.err(
            span,
            format!(
                "the target has {} cells, above the limit of {MAX_TARGET_CELLS} cells",
                shape.len()
            ),
        ));
    }
    let d = shape.dims();
    if d.iter().any(|&x| i64::from(x) > MAX_DIM) {
        return Err(cx.err(
            span,
            format!(
                "the target spans {}×{}×{} cells, above the limit of {MAX_DIM} along each axis",
                d[0], d[1], d[2]
            ),
        ));
    }
    Ok(shape)
}

fn shape_from_cells(
    cx: &Ctx<'_>,
    cells: &Spanned<Vec<Spanned<toml::Value>>>,
    what: &str,
) -> Result<Shape, PuzzleFileError> {
    if cells.get_ref().is_empty() {
        return Err(cx.err(cells.span(), format!("{what} has no cells")));
    }
    if cells.get_ref().len() > MAX_TARGET_CELLS {
        return Err(cx.err(
            cells.span(),
            format!(
                "{what} has {} cells, above the limit of {MAX_TARGET_CELLS} cells",
                cells.get_ref().len()
            ),
        ));
    }
    let mut seen: HashMap<Cell, Range<usize>> = HashMap::new();
    let mut out = Vec::with_capacity(cells.get_ref().len());
    for c in cells.get_ref() {
        let items = match c.get_ref() {
            toml::Value::Array(a) if a.len() == 3 => a,
            other => {
                return Err(cx.err(
                    c.span(),
                    format!(
                        "a cell of {what} must be three integer coordinates [x, y, z], found {}",
                        match other {
                            toml::Value::Array(a) => format!("{} values", a.len()),
                            v => describe(v),
                        }
                    ),
                ))
            }
        };
        let mut cell = [0i32; 3];
        for (k, v) in cell.iter_mut().zip(items) {
            let n = match v {
                toml::Value::Integer(n) => *n,
                other => {
                    return Err(cx.err(
                        c.span(),
                        format!(
                            "coordinates of {what} must be integers, found {}",
                            describe(other)
                        ),
                    ))
                }
            };
            if n.abs() > MAX_COORD {
                return Err(cx.err(
                    c.span(),
                    format!("coordinate {n} of {what} is beyond the limit of ±{MAX_COORD}"),
                ));
            }
            *k = n as i32;
        }
        if let Some(first) = seen.get(&cell) {
            let (l, col) = line_col(cx.text, first.start);
            return Err(cx.err(
                c.span(),
                format!(
                    "cell [{}, {}, {}] of {what} is listed twice (first at line {l}, column {col})",
                    cell[0], cell[1], cell[2]
                ),
            ));
        }
        seen.insert(cell, c.span());
        out.push(cell);
    }
    Shape::new(out).map_err(|e| cx.err(cells.span(), format!("{what}: {e}")))
}

fn shape_from_layers(
    cx: &Ctx<'_>,
    layers: &Spanned<toml::Value>,
    what: &str,
) -> Result<Shape, PuzzleFileError> {
    let span = layers.span();
    let texts: Vec<&str> = match layers.get_ref() {
        toml::Value::String(s) => vec![s.as_str()],
        toml::Value::Array(a) => {
            let mut v = Vec::with_capacity(a.len());
            for item in a {
                match item {
                    toml::Value::String(s) => v.push(s.as_str()),
                    other => {
                        return Err(cx.err(
                            span,
                            format!(
                                "`layers` of {what} must be strings, one per layer, found {}",
                                describe(other)
                            ),
                        ))
                    }
                }
            }
            v
        }
        other => {
            return Err(cx.err(
                span,
                format!(
                    "`layers` of {what} must be a string or a list of strings, found {}",
                    describe(other)
                ),
            ))
        }
    };
    if texts.is_empty() {
        return Err(cx.err(span, format!("`layers` of {what} is empty")));
    }
    let limit = MAX_DIM as usize;
    if texts.len() > limit {
        return Err(cx.err(
            span,
            format!(
                "{what} has {} layers, above the limit of {limit}",
                texts.len()
            ),
        ));
    }
    let mut grid: Vec<Vec<Vec<bool>>> = Vec::with_capacity(texts.len());
    for (i, t) in texts.iter().enumerate() {
        let rows: Vec<Vec<bool>> = t
            .lines()
            .map(|l| {
                l.chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| c != '.')
                    .collect::<Vec<bool>>()
            })
            .filter(|r| !r.is_empty())
            .collect();
        if rows.is_empty() {
            return Err(cx.err(
                span.clone(),
                format!(
                    "layer {} of {what} has no rows (use `.` for empty cells)",
                    i + 1
                ),
            ));
        }
        if rows.len() > limit || rows.iter().any(|r| r.len() > limit) {
            return Err(cx.err(
                span.clone(),
                format!(
                    "layer {} of {what} is above the limit of {limit}×{limit} cells",
                    i + 1
                ),
            ));
        }
        grid.push(rows);
    }
    let height = grid.iter().map(Vec::len).max().unwrap_or(0);
    let depth = grid.len();
    let mut cells = Vec::new();
    for (i, rows) in grid.iter().enumerate() {
        let z = (depth - 1 - i) as i32;
        for (r, row) in rows.iter().enumerate() {
            let y = (height - 1 - r) as i32;
            for (x, &filled) in row.iter().enumerate() {
                if filled {
                    cells.push([x as i32, y, z]);
                }
            }
        }
    }
    if cells.is_empty() {
        return Err(cx.err(
            span,
            format!("{what} has no cells (every character is `.`)"),
        ));
    }
    Shape::new(cells).map_err(|e| cx.err(span, format!("{what}: {e}")))
}

/// Number of face-connected components.
fn components(shape: &Shape) -> usize {
    let set: HashSet<Cell> = shape.cells().iter().copied().collect();
    let mut seen: HashSet<Cell> = HashSet::with_capacity(set.len());
    let mut parts = 0;
    for &start in shape.cells() {
        if !seen.insert(start) {
            continue;
        }
        parts += 1;
        let mut stack = vec![start];
        while let Some(c) = stack.pop() {
            for n in neighbours(c) {
                if set.contains(&n) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
    }
    parts
}

/// Whether some rotation and translation of `piece` lies inside `target`.
fn fits(piece: &Shape, target: &Shape) -> bool {
    let set: HashSet<Cell> = target.cells().iter().copied().collect();
    let td = target.dims();
    piece.orientations().iter().any(|o| {
        let od = o.dims();
        if (0..3).any(|k| od[k] > td[k]) {
            return false;
        }
        let c0 = o.cells()[0];
        target.cells().iter().any(|t| {
            let d = [t[0] - c0[0], t[1] - c0[1], t[2] - c0[2]];
            o.cells()
                .iter()
                .all(|c| set.contains(&[c[0] + d[0], c[1] + d[1], c[2] + d[2]]))
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Writing

fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn cells_toml(shape: &Shape) -> String {
    let parts: Vec<String> = shape
        .cells()
        .iter()
        .map(|c| format!("[{}, {}, {}]", c[0], c[1], c[2]))
        .collect();
    format!("[{}]", parts.join(", "))
}

/// The target as `layers` text, if it can be written so exactly (minimum corner at the origin).
fn layers_toml(shape: &Shape) -> Option<String> {
    let (lo, hi) = shape.bounds();
    if lo != [0, 0, 0] {
        return None;
    }
    let set: HashSet<Cell> = shape.cells().iter().copied().collect();
    let mut layers = Vec::new();
    for z in (0..=hi[2]).rev() {
        let mut s = String::from("'''\n");
        for y in (0..=hi[1]).rev() {
            for x in 0..=hi[0] {
                s.push(if set.contains(&[x, y, z]) { '#' } else { '.' });
            }
            s.push('\n');
        }
        s.push_str("'''");
        layers.push(s);
    }
    Some(format!("[{}]", layers.join(", ")))
}

/// Writes a puzzle in the file format; [`parse_puzzle`] reads it back to an equal puzzle.
pub fn to_toml(p: &Puzzle) -> String {
    let mut s = String::new();
    s.push_str(&format!("id = {}\n", quote(&p.id)));
    s.push_str(&format!("name = {}\n", quote(&p.name)));
    if !p.description.is_empty() {
        s.push_str(&format!("description = {}\n", quote(&p.description)));
    }
    s.push_str("\n[target]\n");
    let d = p.target.dims();
    if p.target == Shape::cuboid(d[0], d[1], d[2]) {
        s.push_str(&format!("box = [{}, {}, {}]\n", d[0], d[1], d[2]));
    } else if let Some(l) = layers_toml(&p.target) {
        s.push_str(&format!("layers = {l}\n"));
    } else {
        s.push_str(&format!("cells = {}\n", cells_toml(&p.target)));
    }
    for piece in &p.pieces {
        s.push_str("\n[[piece]]\n");
        s.push_str(&format!("name = {}\n", quote(&piece.name)));
        s.push_str(&format!("symbol = {}\n", quote(&piece.symbol.to_string())));
        if let Some(c) = &piece.color {
            s.push_str(&format!("color = {}\n", quote(c)));
        }
        if piece.count != 1 {
            s.push_str(&format!("count = {}\n", piece.count));
        }
        s.push_str(&format!("cells = {}\n", cells_toml(&piece.shape)));
    }
    for pb in &p.published {
        s.push_str("\n[[published]]\n");
        s.push_str(&format!("convention = {}\n", quote(pb.convention.key())));
        s.push_str(&format!("count = {}\n", pb.count));
        if !pb.source.is_empty() {
            s.push_str(&format!("source = {}\n", quote(&pb.source)));
        }
    }
    s
}
