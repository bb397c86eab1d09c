//! Shapes written as `cells = [[x, y, z], ...]` or as `layers` of text (targets and pieces).

use super::{
    describe, line_col, three_integers, Ctx, PuzzleFileError, MAX_COORD, MAX_DIM, MAX_TARGET_CELLS,
};
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use toml::Spanned;
use wurfel_geom::{neighbours, Cell, Shape};

pub(super) fn shape_from_cells(
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
        let items = three_integers(
            cx,
            c,
            &format!("a cell of {what} must be three integer coordinates [x, y, z]"),
            &format!("coordinates of {what} must be integers"),
        )?;
        let mut cell = [0i32; 3];
        for (k, n) in cell.iter_mut().zip(items) {
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

/// A shape written as `layers` of text: one string per layer, top layer first, row `y = Y-1`
/// first, `.` an empty cell and any other character a filled one.
pub(super) fn shape_from_layers(
    cx: &Ctx<'_>,
    layers: &Spanned<toml::Value>,
    what: &str,
) -> Result<Shape, PuzzleFileError> {
    let span = layers.span();
    let texts = layer_texts(cx, layers, what)?;
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
        grid.push(layer_rows(cx, &span, t, i, what)?);
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

/// The texts of `layers`: one string, or a non-empty list of strings.
fn layer_texts<'v>(
    cx: &Ctx<'_>,
    layers: &'v Spanned<toml::Value>,
    what: &str,
) -> Result<Vec<&'v str>, PuzzleFileError> {
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
    Ok(texts)
}

/// Layer `i` (from 0) of `what` as rows of filled cells, blank lines and spaces ignored.
fn layer_rows(
    cx: &Ctx<'_>,
    span: &Range<usize>,
    text: &str,
    i: usize,
    what: &str,
) -> Result<Vec<Vec<bool>>, PuzzleFileError> {
    let limit = MAX_DIM as usize;
    let rows: Vec<Vec<bool>> = text
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
    Ok(rows)
}

/// Number of face-connected components.
pub(super) fn components(shape: &Shape) -> usize {
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
