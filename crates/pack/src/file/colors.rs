//! Constraint colours in TOML: `cell_colors = [[x, y, z, c], ...]` on the target and on
//! pieces, the top-level `color_rules = [[piece colour, target colour], ...]`, and the
//! `[colors]` table of display colours (`1 = "#dc2828"`).

use super::{describe, line_col, Ctx, PuzzleFileError};
use crate::colors::colors_of;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::Range;
use toml::Spanned;
use wurfel_geom::{Cell, Shape};

/// The largest constraint colour (BurrTools allows 63 colours).
pub const MAX_COLOR: i64 = 63;

/// `n` integers from one array item.
fn integers<const N: usize>(
    cx: &Ctx<'_>,
    v: &Spanned<toml::Value>,
    what: &str,
) -> Result<[i64; N], PuzzleFileError> {
    let items = match v.get_ref() {
        toml::Value::Array(a) if a.len() == N => a,
        other => {
            return Err(cx.err(
                v.span(),
                format!(
                    "{what} must be an array of {N} integers, found {}",
                    describe(other)
                ),
            ))
        }
    };
    let mut out = [0i64; N];
    for (o, item) in out.iter_mut().zip(items) {
        *o = match item {
            toml::Value::Integer(n) => *n,
            other => {
                return Err(cx.err(
                    v.span(),
                    format!("{what} must hold integers, found {}", describe(other)),
                ))
            }
        };
    }
    Ok(out)
}

fn color(cx: &Ctx<'_>, span: Range<usize>, c: i64, what: &str) -> Result<u8, PuzzleFileError> {
    if !(1..=MAX_COLOR).contains(&c) {
        return Err(cx.err(
            span,
            format!("{what}: colour {c} is not between 1 and {MAX_COLOR}"),
        ));
    }
    Ok(c as u8)
}

/// The colours of `shape`'s cells (in its cell order, empty when none) from `cell_colors`.
pub(super) fn cell_colors(
    cx: &Ctx<'_>,
    list: Option<&Spanned<Vec<Spanned<toml::Value>>>>,
    shape: &Shape,
    what: &str,
) -> Result<Vec<u8>, PuzzleFileError> {
    let Some(list) = list else {
        return Ok(Vec::new());
    };
    let cells: HashSet<Cell> = shape.cells().iter().copied().collect();
    let mut map: HashMap<Cell, u8> = HashMap::new();
    let mut first: HashMap<Cell, Range<usize>> = HashMap::new();
    let item = format!("an entry of the `cell_colors` of {what} ([x, y, z, colour])");
    for v in list.get_ref() {
        let [x, y, z, c] = integers::<4>(cx, v, &item)?;
        let cell = [x, y, z].map(|n| n.clamp(i32::MIN as i64, i32::MAX as i64) as i32);
        if !cells.contains(&cell) {
            return Err(cx.err(
                v.span(),
                format!("`cell_colors` of {what} names [{x}, {y}, {z}], not one of its cells"),
            ));
        }
        if let Some(at) = first.get(&cell) {
            let (l, col) = line_col(cx.text, at.start);
            return Err(cx.err(
                v.span(),
                format!(
                    "`cell_colors` of {what} colours [{x}, {y}, {z}] twice (first at line {l}, column {col})"
                ),
            ));
        }
        first.insert(cell, v.span());
        map.insert(cell, color(cx, v.span(), c, what)?);
    }
    Ok(colors_of(shape.cells(), &map))
}

/// The allowed (piece colour, target colour) pairs, sorted.
pub(super) fn color_rules(
    cx: &Ctx<'_>,
    list: Option<&Spanned<Vec<Spanned<toml::Value>>>>,
) -> Result<Vec<(u8, u8)>, PuzzleFileError> {
    let mut out = Vec::new();
    for v in list.map(|l| l.get_ref().as_slice()).unwrap_or(&[]) {
        let [a, b] = integers::<2>(
            cx,
            v,
            "an entry of `color_rules` ([piece colour, target colour])",
        )?;
        let what = "`color_rules`";
        out.push((color(cx, v.span(), a, what)?, color(cx, v.span(), b, what)?));
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// The `[colors]` table as written: colour number to `"#rrggbb"`, with positions.
pub(super) type RawDisplayColors = Spanned<BTreeMap<Spanned<String>, Spanned<String>>>;

/// The display colours of `[colors]`: each key a constraint colour (1 to 63), each value
/// `"#rrggbb"`.
pub(super) fn display_colors(
    cx: &Ctx<'_>,
    table: Option<&RawDisplayColors>,
) -> Result<BTreeMap<u8, [u8; 3]>, PuzzleFileError> {
    let mut out = BTreeMap::new();
    // In file order, so that a repeated colour is reported where it is repeated.
    let mut entries: Vec<_> = table
        .map(|t| t.get_ref().iter())
        .into_iter()
        .flatten()
        .collect();
    entries.sort_by_key(|(key, _)| key.span().start);
    for (key, value) in entries {
        let k = key
            .get_ref()
            .parse::<i64>()
            .ok()
            .filter(|k| (1..=MAX_COLOR).contains(k))
            .ok_or_else(|| {
                cx.err(
                    key.span(),
                    format!(
                        "`[colors]` names {:?}, not a constraint colour (1 to {MAX_COLOR})",
                        key.get_ref()
                    ),
                )
            })?;
        let rgb = crate::colors::parse_hex(value.get_ref()).ok_or_else(|| {
            cx.err(
                value.span(),
                format!(
                    "colour {k} in `[colors]` must look like \"#rrggbb\" (six hex digits), found {:?}",
                    value.get_ref()
                ),
            )
        })?;
        if out.insert(k as u8, rgb).is_some() {
            return Err(cx.err(key.span(), format!("`[colors]` gives colour {k} twice")));
        }
    }
    Ok(out)
}
