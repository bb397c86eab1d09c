//! Assembly steps: one panel per piece added, in a building order the caller chooses.
//!
//! Panel `k` shows the first `k` pieces of the order in place inside a ghost of the whole
//! assembly, seen isometrically from the front, right and top; the piece added in that panel is
//! drawn in its colour, the ones already placed paler, and every piece carries its label.

use crate::doc::{polygon, text_width, Anchor, Doc};
use crate::views::{
    draw_ghost, draw_title, draw_voxels, drawn_size, extent, fit, label_faces, short, title_height,
    title_width, GREY, INK, MARGIN,
};
use crate::voxel::{Camera, Voxels};
use crate::{Prepared, RenderError};

const CAPTION: f64 = 40.0;

/// Lays out the panels of `order` (piece indices of the prepared scene), captioned.
pub(crate) fn steps(
    p: &Prepared,
    order: &[usize],
    captions: &[String],
    target: f64,
) -> Result<Doc, RenderError> {
    if order.is_empty() || order.iter().any(|&i| i >= p.cells.len()) {
        return Err(RenderError::Unsupported(
            "the assembly order must name pieces of the scene".into(),
        ));
    }
    let n = order.len();
    let cols = (((n as f64) * 1.4).sqrt().ceil() as usize).clamp(1, 6);
    let rows = n.div_ceil(cols);
    let cam = Camera::iso_front();
    let e = extent(&cam, p.lo, p.hi);
    let tile = (target * 0.4).clamp(150.0, 220.0);
    let s = (tile / (e.2 - e.0).max(e.3 - e.1).max(1e-6)).clamp(4.0, 48.0);
    let (dw, dh) = drawn_size(&cam, p.lo, p.hi, s);
    let longest = captions
        .iter()
        .map(|c| short(c, 40))
        .map(|c| text_width(&c, 13.0) * 1.2)
        .fold(0.0, f64::max);
    let cw = dw.max(longest + 22.0) + MARGIN;
    let ch = dh + CAPTION + MARGIN;
    let th = title_height(p);
    let width = (MARGIN + cols as f64 * cw).max(title_width(p));
    let height = MARGIN + th + rows as f64 * ch;
    let mut doc = Doc::new(width.ceil(), height.ceil());
    draw_title(&mut doc, p);
    for (k, &new) in order.iter().enumerate() {
        let x = MARGIN + (k % cols) as f64 * cw;
        let y = MARGIN + th + (k / cols) as f64 * ch;
        let pl = fit(cam, p.lo, p.hi, x, y, cw - MARGIN, dh, s);
        draw_ghost(&mut doc, p.lo, p.hi, &pl, false);
        let shown = &order[..=k];
        let vox = Voxels::new(shown.iter().map(|&i| (i, p.cells[i].as_slice())));
        let colours: Vec<_> = (0..p.cells.len())
            .map(|i| {
                let c = p.colours.get(i).copied().unwrap_or(GREY);
                if i == new {
                    c
                } else {
                    c.mix(crate::Rgb(255, 255, 255), 0.55)
                }
            })
            .collect();
        let drawn = draw_voxels(&mut doc, &vox, &colours, &pl);
        label_faces(&mut doc, p, &drawn, pl.s);
        draw_ghost(&mut doc, p.lo, p.hi, &pl, true);
        let c = p.colours.get(new).copied().unwrap_or(GREY);
        let ly = y + dh + 6.0;
        doc.fill(
            polygon(&[
                (x, ly + 2.0),
                (x + 14.0, ly + 2.0),
                (x + 14.0, ly + 16.0),
                (x, ly + 16.0),
            ]),
            c,
            Some((INK, 1.0)),
        );
        let caption = captions.get(k).map(|c| short(c, 40)).unwrap_or_default();
        doc.text(
            x + 20.0,
            ly + 14.0,
            13.0,
            Anchor::Start,
            false,
            INK,
            &caption,
        );
    }
    Ok(doc)
}
