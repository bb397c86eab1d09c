//! The `[[piece]]` tables: unique names and symbols, colours, counts, and a shape that is
//! connected and not larger than the target.

use super::shape::{components, shape_from_cells, shape_from_layers};
use super::{integer, line_col, Ctx, PuzzleFileError, MAX_COUNT};
use crate::grid::Grid;
use crate::model::Piece;
use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use toml::Spanned;
use wurfel_geom::Shape;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPiece {
    name: Spanned<String>,
    symbol: Option<Spanned<String>>,
    color: Option<Spanned<String>>,
    count: Option<Spanned<toml::Value>>,
    min: Option<Spanned<toml::Value>>,
    max: Option<Spanned<toml::Value>>,
    cells: Option<Spanned<Vec<Spanned<toml::Value>>>>,
    layers: Option<Spanned<toml::Value>>,
    cell_colors: Option<Spanned<Vec<Spanned<toml::Value>>>>,
    group: Option<Spanned<toml::Value>>,
    groups: Option<Spanned<toml::Value>>,
}

/// Names and explicit symbols seen so far, with where they were first used.
#[derive(Default)]
struct Seen<'a> {
    names: HashMap<&'a str, Range<usize>>,
    symbols: HashMap<char, Range<usize>>,
}

/// Every `[[piece]]` table, in file order, with default symbols filled in.
pub(super) fn parse_all(
    cx: &Ctx<'_>,
    tables: &[Spanned<RawPiece>],
    target: &Shape,
    grid: Grid,
) -> Result<Vec<Piece>, PuzzleFileError> {
    let mut seen = Seen::default();
    let mut pieces = Vec::with_capacity(tables.len());
    let mut symbols = Vec::with_capacity(tables.len());
    for t in tables {
        let p = t.get_ref();
        let name = name(cx, p, &mut seen)?;
        symbols.push(symbol(cx, p, name, &mut seen)?);
        let (min, count) = count(cx, t, name)?;
        let shape = shape(cx, t, name, target, grid)?;
        let what = format!("piece `{name}`");
        pieces.push(Piece {
            name: name.to_string(),
            symbol: ' ',
            color: color(cx, p, name)?,
            count,
            min,
            cell_colors: super::colors::cell_colors(cx, p.cell_colors.as_ref(), &shape, &what)?,
            shape,
            groups: groups(cx, t, name, count)?,
        });
    }
    let used: HashSet<char> = seen.symbols.keys().copied().collect();
    assign_default_symbols(&mut pieces, &symbols, used);
    Ok(pieces)
}

/// The piece's name: non-empty and unique.
fn name<'a>(
    cx: &Ctx<'_>,
    p: &'a RawPiece,
    seen: &mut Seen<'a>,
) -> Result<&'a str, PuzzleFileError> {
    let name = p.name.get_ref().as_str();
    if name.trim().is_empty() {
        return Err(cx.err(p.name.span(), "piece `name` is empty"));
    }
    if let Some(first) = seen.names.get(name) {
        let (l, _) = line_col(cx.text, first.start);
        return Err(cx.err(
            p.name.span(),
            format!("duplicate piece name `{name}` (first used on line {l})"),
        ));
    }
    seen.names.insert(name, p.name.span());
    Ok(name)
}

/// The explicit symbol, if any: one printable character, not `.`, unique.
fn symbol(
    cx: &Ctx<'_>,
    p: &RawPiece,
    name: &str,
    seen: &mut Seen<'_>,
) -> Result<Option<char>, PuzzleFileError> {
    let Some(s) = &p.symbol else {
        return Ok(None);
    };
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
            format!("symbol of piece `{name}` cannot be {c:?} (whitespace and `.` are reserved)"),
        ));
    }
    if let Some(first) = seen.symbols.get(&c) {
        let (l, _) = line_col(cx.text, first.start);
        return Err(cx.err(
            s.span(),
            format!("duplicate symbol '{c}' (first used on line {l})"),
        ));
    }
    seen.symbols.insert(c, s.span());
    Ok(Some(c))
}

/// The colour, if any, as lower-case `#rrggbb`.
fn color(cx: &Ctx<'_>, p: &RawPiece, name: &str) -> Result<Option<String>, PuzzleFileError> {
    let Some(c) = &p.color else {
        return Ok(None);
    };
    let parsed = c.get_ref().strip_prefix('#').and_then(|hex| {
        (hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit()))
            .then(|| format!("#{}", hex.to_ascii_lowercase()))
    });
    parsed.map(Some).ok_or_else(|| {
        cx.err(
            c.span(),
            format!(
                "color of piece `{name}` must look like \"#rrggbb\" (six hex digits), found {:?}",
                c.get_ref()
            ),
        )
    })
}

/// The piece's groups (BurrTools' groups): `group = g` puts every copy into group `g` (0, the
/// default, is none); `groups = [[g, copies], ...]` splits the copies among groups (distinct
/// groups of at least 1, at least one copy each, at most `count` copies in all).
fn groups(
    cx: &Ctx<'_>,
    t: &Spanned<RawPiece>,
    name: &str,
    count: u32,
) -> Result<Vec<(u32, u32)>, PuzzleFileError> {
    let p = t.get_ref();
    let number = |v: &Spanned<toml::Value>, what: &str| -> Result<u32, PuzzleFileError> {
        let n = integer(cx, v, what)?;
        u32::try_from(n).map_err(|_| {
            cx.err(
                v.span(),
                format!("{what} of piece `{name}` must be a non-negative integer, found {n}"),
            )
        })
    };
    match (&p.group, &p.groups) {
        (Some(_), Some(v)) => Err(cx.err(
            v.span(),
            format!("piece `{name}` has both `group` and `groups`: give one"),
        )),
        (None, None) => Ok(Vec::new()),
        (Some(v), None) => match number(v, "`group`")? {
            0 => Ok(Vec::new()),
            g => Ok(vec![(g, count)]),
        },
        (None, Some(v)) => {
            let bad = || {
                cx.err(
                    v.span(),
                    format!(
                        "`groups` of piece `{name}` must be pairs [group, copies] with distinct \
                         groups from 1, at least one copy each and at most {count} copies in all"
                    ),
                )
            };
            let toml::Value::Array(items) = v.get_ref() else {
                return Err(bad());
            };
            let mut out: Vec<(u32, u32)> = Vec::new();
            for item in items {
                let pair = match item {
                    toml::Value::Array(a) if a.len() == 2 => a,
                    _ => return Err(bad()),
                };
                let n = |x: &toml::Value| x.as_integer().and_then(|n| u32::try_from(n).ok());
                let (Some(g), Some(c)) = (n(&pair[0]), n(&pair[1])) else {
                    return Err(bad());
                };
                if g == 0 || c == 0 || out.iter().any(|&(h, _)| h == g) {
                    return Err(bad());
                }
                out.push((g, c));
            }
            if out.iter().map(|&(_, c)| u64::from(c)).sum::<u64>() > u64::from(count) {
                return Err(bad());
            }
            Ok(out)
        }
    }
}

/// The fewest and most copies a solution uses: `count` (1 by default) for both, or a range
/// `min = a, max = b` (0 <= a <= b, b >= 1), at most [`MAX_COUNT`].
fn count(cx: &Ctx<'_>, t: &Spanned<RawPiece>, name: &str) -> Result<(u32, u32), PuzzleFileError> {
    let p = t.get_ref();
    if p.min.is_none() && p.max.is_none() {
        let n = exact_count(cx, p, name)?;
        return Ok((n, n));
    }
    let (Some(lo), Some(hi)) = (&p.min, &p.max) else {
        return Err(cx.err(
            t.span(),
            format!("piece `{name}` needs both `min` and `max` for a range of counts"),
        ));
    };
    if let Some(c) = &p.count {
        return Err(cx.err(
            c.span(),
            format!("piece `{name}` has `count` and `min`/`max`; give one or the other"),
        ));
    }
    let (a, b) = (integer(cx, lo, "`min`")?, integer(cx, hi, "`max`")?);
    if a < 0 || a > b {
        return Err(cx.err(
            lo.span(),
            format!("piece `{name}` has min = {a}, max = {b}: need 0 <= min <= max"),
        ));
    }
    if !(1..=MAX_COUNT).contains(&b) {
        return Err(cx.err(
            hi.span(),
            format!("max of piece `{name}` must be between 1 and {MAX_COUNT}, found {b}"),
        ));
    }
    Ok((a as u32, b as u32))
}

/// The number of identical copies: 1 by default, at most [`MAX_COUNT`].
fn exact_count(cx: &Ctx<'_>, p: &RawPiece, name: &str) -> Result<u32, PuzzleFileError> {
    let Some(v) = &p.count else {
        return Ok(1);
    };
    let n = integer(cx, v, "`count`")?;
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
    Ok(n as u32)
}

/// The shape, from exactly one of `cells` or `layers`: cells of the grid, face-connected (on
/// the cube grid: off it, face adjacency of voxels is not the grid's, and BurrTools asks for
/// none) and not larger than the target. Whether it fits in the target in some orientation is not checked here: a piece that
/// fits nowhere makes a well-formed puzzle with no solution, which the solver reports as a
/// count of 0 (see `Prepared::unplaceable`).
fn shape(
    cx: &Ctx<'_>,
    t: &Spanned<RawPiece>,
    name: &str,
    target: &Shape,
    grid: Grid,
) -> Result<Shape, PuzzleFileError> {
    let p = t.get_ref();
    let what = format!("piece `{name}`");
    let shape = match (&p.cells, &p.layers) {
        (Some(cells), None) => shape_from_cells(cx, cells, &what)?,
        (None, Some(layers)) => shape_from_layers(cx, layers, &what)?,
        (Some(_), Some(l)) => {
            return Err(cx.err(
                l.span(),
                format!("{what} has both `cells` and `layers`; give only one"),
            ))
        }
        (None, None) => {
            return Err(cx.err(
                t.span(),
                format!("{what} needs its shape: `cells = [[x, y, z], ...]` or `layers`"),
            ))
        }
    };
    let shape_span = p
        .cells
        .as_ref()
        .map(|c| c.span())
        .or_else(|| p.layers.as_ref().map(|l| l.span()))
        .unwrap_or_else(|| t.span());
    super::check_on_grid(cx, shape_span.clone(), &shape, grid, &what)?;
    let parts = if grid == Grid::Cubes {
        components(&shape)
    } else {
        1
    };
    if parts > 1 {
        return Err(cx.err(
            shape_span,
            format!(
                "{what} is not connected: its {} cells form {parts} separate parts (cells must touch face to face)",
                shape.len()
            ),
        ));
    }
    if shape.len() > target.len() {
        return Err(cx.err(
            shape_span,
            format!(
                "{what} has {} cells, more than the target's {}: it does not fit",
                shape.len(),
                target.len()
            ),
        ));
    }
    Ok(shape)
}

/// Gives each piece without an explicit symbol the first unused of A-Z, a-z, 0-9, then
/// Latin-1 and beyond.
fn assign_default_symbols(
    pieces: &mut [Piece],
    explicit: &[Option<char>],
    mut used: HashSet<char>,
) {
    let mut pool = ('A'..='Z')
        .chain('a'..='z')
        .chain('0'..='9')
        .chain((0xC0u32..0x2_0000).filter_map(char::from_u32))
        .filter(|c| c.is_alphanumeric());
    for (piece, sym) in pieces.iter_mut().zip(explicit) {
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
}
