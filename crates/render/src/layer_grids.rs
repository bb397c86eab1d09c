//! The layers view: one square grid per layer of the target, pieces coloured and labelled.

use crate::doc::{polygon, polyline, Anchor, Doc};
use crate::palette::Rgb;
use crate::views::{
    draw_legend, draw_title, legend_size, title_height, title_width, GREY, INK, LEGEND_ROW, MARGIN,
};
use crate::Prepared;
use std::collections::HashMap;

/// What every layer's grid shares: the cell size and which piece (and path step) is where.
struct Grid {
    q: f64,
    font: f64,
    owner: HashMap<[i64; 3], usize>,
    order: HashMap<[i64; 3], usize>,
}

/// One square grid per layer, top layer first, rows `y = max` at the top.
pub fn layers(p: &Prepared, target: f64) -> Doc {
    let (lo, hi) = (p.lo, p.hi);
    let nx = (hi[0] - lo[0] + 1) as f64;
    let ny = (hi[1] - lo[1] + 1) as f64;
    let nz = (hi[2] - lo[2] + 1) as usize;
    let q = (target * 0.6 / nx.max(ny)).clamp(12.0, 36.0);
    let gw = nx * q;
    let gh = ny * q;
    let per_row = (((target * 1.9) / (gw + MARGIN)).floor() as usize).clamp(1, nz.max(1));
    let rows = nz.div_ceil(per_row);
    let cap = 22.0;
    let th = title_height(p);
    let block_w = per_row as f64 * (gw + MARGIN);
    let blocks_h = rows as f64 * (gh + cap + MARGIN);
    let max_rows = ((blocks_h / LEGEND_ROW) as usize).max(14);
    let (lw, lh) = legend_size(p, max_rows);
    let width = MARGIN * 2.0 + block_w + lw;
    let height = MARGIN * 2.0 + th + blocks_h.max(lh);
    let width = width.max(title_width(p));
    let mut doc = Doc::new(width.ceil(), height.ceil());
    draw_title(&mut doc, p);

    let mut owner: HashMap<[i64; 3], usize> = HashMap::new();
    for (i, cells) in p.cells.iter().enumerate() {
        for &c in cells {
            owner.entry(c).or_insert(i);
        }
    }
    let order: HashMap<[i64; 3], usize> = p
        .path
        .as_ref()
        .map(|path| path.iter().enumerate().map(|(i, &c)| (c, i + 1)).collect())
        .unwrap_or_default();
    let grid = Grid {
        q,
        font: (q * 0.42).clamp(8.0, 15.0),
        owner,
        order,
    };
    for (li, z) in (lo[2]..=hi[2]).rev().enumerate() {
        let bx = MARGIN + (li % per_row) as f64 * (gw + MARGIN);
        let by = MARGIN + th + (li / per_row) as f64 * (gh + cap + MARGIN);
        doc.text(
            bx + gw / 2.0,
            by + 15.0,
            14.0,
            Anchor::Middle,
            false,
            GREY,
            &format!("z = {z}"),
        );
        draw_layer(&mut doc, p, &grid, z, bx, by + cap);
    }
    draw_legend(&mut doc, p, MARGIN * 2.0 + block_w, MARGIN + th, max_rows);
    doc
}

/// Layer `z` as a grid whose top left corner is at (`bx`, `gy`): each cell filled with its
/// piece's colour (or its own) and label (or its step on the path), thick lines where the owner changes.
fn draw_layer(doc: &mut Doc, p: &Prepared, grid: &Grid, z: i64, bx: f64, gy: f64) {
    let (lo, hi) = (p.lo, p.hi);
    let (q, font, order) = (grid.q, grid.font, &grid.order);
    let cell_at = |x: i64, y: i64| grid.owner.get(&[x, y, z]).copied();
    let rect = |x: i64, y: i64| {
        let px = bx + (x - lo[0]) as f64 * q;
        let py = gy + (hi[1] - y) as f64 * q;
        (px, py)
    };
    let mut thin = String::new();
    for y in lo[1]..=hi[1] {
        for x in lo[0]..=hi[0] {
            let (px, py) = rect(x, y);
            let sq = polygon(&[(px, py), (px + q, py), (px + q, py + q), (px, py + q)]);
            match cell_at(x, y) {
                Some(i) => {
                    let c = p.fill(i, [x, y, z]);
                    doc.fill(sq, c, Some((c, 0.5)));
                    let label = match order.get(&[x, y, z]) {
                        Some(k) => k.to_string(),
                        None => p.labels[i].clone(),
                    };
                    let fs = if label.chars().count() > 2 {
                        font * 0.8
                    } else {
                        font
                    };
                    doc.text(
                        px + q / 2.0,
                        py + q / 2.0 + fs * 0.36,
                        fs,
                        Anchor::Middle,
                        false,
                        c.text_colour(),
                        &label,
                    );
                }
                None => doc.fill(sq, Rgb(0xfa, 0xfa, 0xfa), None),
            }
            thin.push_str(&polygon(&[
                (px, py),
                (px + q, py),
                (px + q, py + q),
                (px, py + q),
            ]));
        }
    }
    doc.stroke(thin, Rgb(0x99, 0x99, 0x99), 0.5);
    // Thick lines where the owner changes (pieces and the outline of the filled cells).
    let mut thick = String::new();
    for y in lo[1]..=hi[1] + 1 {
        for x in lo[0]..=hi[0] {
            // Horizontal edge between (x, y-1) and (x, y).
            if cell_at(x, y - 1) != cell_at(x, y) {
                let (px, _) = rect(x, y);
                let py = gy + (hi[1] + 1 - y) as f64 * q;
                thick.push_str(&polyline(&[(px, py), (px + q, py)]));
            }
        }
    }
    for x in lo[0]..=hi[0] + 1 {
        for y in lo[1]..=hi[1] {
            if cell_at(x - 1, y) != cell_at(x, y) {
                let px = bx + (x - lo[0]) as f64 * q;
                let py = gy + (hi[1] - y) as f64 * q;
                thick.push_str(&polyline(&[(px, py), (px, py + q)]));
            }
        }
    }
    if !thick.is_empty() {
        doc.stroke(thick, INK, (q * 0.08).clamp(1.5, 3.0));
    }
}
