//! Assembly steps: one panel per piece added, in a building order the caller chooses.
//!
//! Panel `k` shows the first `k` pieces of the order in place inside a ghost of the whole
//! assembly, seen isometrically; the piece added in that panel is drawn in its colour, the ones
//! already placed paler, and every piece carries its label. Each panel is seen from the corner
//! (front-right-top first) from which most of the new piece's cubes are in sight, so a piece
//! slid in at the back is not hidden behind the others; the caption names any other corner.

use crate::doc::{polygon, text_width, Anchor, Doc};
use crate::views::{
    draw_ghost, draw_title, draw_voxels, drawn_size, extent, fit, label_faces, short, title_height,
    title_width, GREY, INK, MARGIN,
};
use crate::voxel::{Camera, Voxels, DIRS};
use crate::{Prepared, RenderError};

const CAPTION: f64 = 56.0;
/// The colour of the second caption line (which corner a panel is seen from).
const GREY_TEXT: crate::Rgb = crate::Rgb(0x66, 0x66, 0x66);

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
    // Every corner view of a box has the same size on screen: one tile fits them all.
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
        let shown = &order[..=k];
        let (corner, cam) = best_corner(p, shown, new);
        let pl = fit(cam, p.lo, p.hi, x, y, cw - MARGIN, dh, s);
        draw_ghost(&mut doc, p.lo, p.hi, &pl, false);
        let vox = Voxels::new(shown.iter().map(|&i| (i, p.cells[i].as_slice())));
        // The pieces placed before this step faded, the new one as it is.
        let fill = |i: usize, cell: [i64; 3]| {
            let c = p.fill(i, cell);
            if i == new {
                c
            } else {
                c.mix(crate::Rgb(255, 255, 255), 0.55)
            }
        };
        let drawn = draw_voxels(&mut doc, &vox, p, &fill, &pl);
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
        if corner != CORNERS[0] {
            let seen = format!("seen from {}", corner_name(corner));
            doc.text(
                x + 20.0,
                ly + 30.0,
                12.0,
                Anchor::Start,
                false,
                GREY_TEXT,
                &seen,
            );
        }
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

/// The corners a panel may be seen from, as directions towards the viewer: the usual
/// front-right-top first, then the other top corners, then the bottom ones.
const CORNERS: [[i64; 3]; 8] = [
    [1, -1, 1],
    [-1, -1, 1],
    [1, 1, 1],
    [-1, 1, 1],
    [1, -1, -1],
    [-1, -1, -1],
    [1, 1, -1],
    [-1, 1, -1],
];

/// "front-right-top" and so on.
fn corner_name(c: [i64; 3]) -> String {
    let y = if c[1] < 0 { "front" } else { "back" };
    let x = if c[0] > 0 { "right" } else { "left" };
    let z = if c[2] > 0 { "top" } else { "bottom" };
    format!("{y}-{x}-{z}")
}

/// The corner from which most faces of piece `new` are in sight among the pieces `shown` (a
/// face is in sight when it faces the viewer and the line from its centre towards the viewer
/// meets no shown cube), the first such corner of [`CORNERS`] on ties.
fn best_corner(p: &Prepared, shown: &[usize], new: usize) -> ([i64; 3], Camera) {
    let filled: std::collections::HashSet<[i64; 3]> = shown
        .iter()
        .flat_map(|&i| p.cells[i].iter().copied())
        .collect();
    let reach = 2 * (0..3).map(|k| p.hi[k] - p.lo[k] + 1).sum::<i64>();
    let in_sight = |d: [i64; 3]| {
        let mut n = 0;
        for c in &p.cells[new] {
            for dir in DIRS {
                if (0..3).map(|k| dir[k] * d[k]).sum::<i64>() <= 0 {
                    continue;
                }
                // The face centre, then points along the line towards the viewer.
                let centre: Vec<f64> = (0..3)
                    .map(|k| c[k] as f64 + 0.5 + 0.5 * dir[k] as f64)
                    .collect();
                let hidden = (0..reach).any(|t| {
                    let s = 0.25 + 0.5 * t as f64;
                    let q = [0, 1, 2].map(|k| (centre[k] + s * d[k] as f64).floor() as i64);
                    filled.contains(&q)
                });
                n += usize::from(!hidden);
            }
        }
        n
    };
    let mut best = CORNERS[0];
    let mut most = in_sight(best);
    for &d in &CORNERS[1..] {
        let n = in_sight(d);
        if n > most {
            (best, most) = (d, n);
        }
    }
    let cam = Camera::looking_from([best[0] as f64, best[1] as f64, best[2] as f64]);
    (best, cam)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Scene, ScenePiece};

    /// A cube at the back-left-bottom corner of a 2×2×2 block, hidden from the usual
    /// front-right-top corner, is drawn from the opposite corner, where its three faces show.
    #[test]
    fn a_piece_hidden_at_the_back_is_seen_from_behind() {
        let mut rest = Vec::new();
        for x in 0..2 {
            for y in 0..2 {
                for z in 0..2 {
                    if [x, y, z] != [0, 1, 0] {
                        rest.push([x, y, z]);
                    }
                }
            }
        }
        let piece = |name: &str, cells: Vec<[i32; 3]>| ScenePiece {
            name: name.into(),
            label: None,
            cells,
            colour: None,
            cell_colours: Vec::new(),
        };
        let scene = Scene {
            title: "hidden".into(),
            pieces: vec![piece("rest", rest), piece("back", vec![[0, 1, 0]])],
            ..Scene::default()
        };
        let p = crate::prepare(&scene, &Options::default()).unwrap();
        let (corner, _) = best_corner(&p, &[0, 1], 1);
        assert_eq!(corner, [-1, 1, -1]);
        assert_eq!(corner_name(corner), "back-left-bottom");
        // Alone, a piece is seen from the usual corner.
        assert_eq!(best_corner(&p, &[1], 1).0, CORNERS[0]);
    }
}
