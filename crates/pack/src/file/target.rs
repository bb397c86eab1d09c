//! The `[target]` table: exactly one of `box`, `cells` or `layers`, within the size limits, and
//! optionally the cells that may stay empty (`optional`).

use super::shape::{shape_from_cells, shape_from_layers};
use super::{three_integers, Ctx, PuzzleFileError, MAX_DIM, MAX_TARGET_CELLS};
use crate::grid::Grid;
use serde::Deserialize;
use std::collections::HashSet;
use std::ops::Range;
use toml::Spanned;
use wurfel_geom::{Cell, Shape};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTarget {
    #[serde(rename = "box")]
    box_: Option<Spanned<toml::Value>>,
    cells: Option<Spanned<Vec<Spanned<toml::Value>>>>,
    layers: Option<Spanned<toml::Value>>,
    optional: Option<Spanned<Vec<Spanned<toml::Value>>>>,
    /// Constraint colours `[[x, y, z, colour], ...]` (read in `colors`).
    pub(super) cell_colors: Option<Spanned<Vec<Spanned<toml::Value>>>>,
}

/// The target's cells and its optional cells (sorted; each a cell of the target).
pub(super) fn parse_with_optional(
    cx: &Ctx<'_>,
    t: &Spanned<RawTarget>,
    grid: Grid,
) -> Result<(Shape, Vec<Cell>), PuzzleFileError> {
    let shape = parse(cx, t, grid)?;
    let Some(o) = &t.get_ref().optional else {
        return Ok((shape, Vec::new()));
    };
    if o.get_ref().is_empty() {
        return Ok((shape, Vec::new()));
    }
    let optional = shape_from_cells(cx, o, "the target's `optional` list")?;
    let cells: HashSet<Cell> = shape.cells().iter().copied().collect();
    if let Some(c) = optional.cells().iter().find(|c| !cells.contains(*c)) {
        return Err(cx.err(
            o.span(),
            format!(
                "optional cell [{}, {}, {}] is not a cell of the target (optional cells are target cells that may stay empty)",
                c[0], c[1], c[2]
            ),
        ));
    }
    let mut list = optional.cells().to_vec();
    list.sort_unstable();
    Ok((shape, list))
}

/// The target's shape.
pub(super) fn parse(
    cx: &Ctx<'_>,
    t: &Spanned<RawTarget>,
    grid: Grid,
) -> Result<Shape, PuzzleFileError> {
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
        if !grid.every_voxel_a_cell() {
            return Err(cx.err(
                b.span(),
                format!(
                    "`box` fills every voxel, but on the grid of {} not every voxel is a cell: \
                     give the target's `cells` or `layers`",
                    grid.name()
                ),
            ));
        }
        let dims = three_integers(
            cx,
            b,
            "`box` must be an array of three sizes [x, y, z]",
            "`box` sizes must be integers",
        )?;
        for d in &dims {
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
    super::check_on_grid(cx, span.clone(), &shape, grid, "the target")?;
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
