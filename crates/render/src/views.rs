//! Layout of the static views into a [`Doc`].

use crate::doc::{num, polygon, polyline, text_width, Anchor, Doc, Item};
use crate::palette::{Rgb, BASE};
use crate::voxel::{face_geometry, Camera, EdgeKind, Voxels, DIRS};
use crate::Prepared;
use std::fmt::Write;

pub(crate) const MARGIN: f64 = 16.0;
pub(crate) const INK: Rgb = Rgb(0x1a, 0x1a, 0x1a);
pub(crate) const GREY: Rgb = Rgb(0x66, 0x66, 0x66);

/// Brightness of a face by its direction (light from above, front and left).
fn shade(colour: Rgb, dir: usize) -> Rgb {
    match dir {
        4 => colour.mix(Rgb(255, 255, 255), 0.14), // top
        3 => colour.scale(0.86),                   // front (−y)
        0 => colour.scale(0.70),                   // right (+x)
        5 => colour.scale(0.58),                   // bottom
        2 => colour.scale(0.88),                   // back (+y)
        _ => colour.scale(0.74),                   // left (−x)
    }
}

/// Screen placement: `screen = origin + scale * projected`.
#[derive(Clone, Copy)]
pub(crate) struct Place {
    cam: Camera,
    pub(crate) s: f64,
    ox: f64,
    oy: f64,
}

impl Place {
    fn pt(&self, p: [f64; 3]) -> (f64, f64) {
        let (x, y) = self.cam.project(p);
        (self.ox + self.s * x, self.oy + self.s * y)
    }
}

/// Projected extent (min x, min y, max x, max y) of the box `[lo, hi+1]`, in cube units.
pub(crate) fn extent(cam: &Camera, lo: [i64; 3], hi: [i64; 3]) -> (f64, f64, f64, f64) {
    let mut e = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for i in 0..8 {
        let p = [
            if i & 1 == 0 { lo[0] } else { hi[0] + 1 } as f64,
            if i & 2 == 0 { lo[1] } else { hi[1] + 1 } as f64,
            if i & 4 == 0 { lo[2] } else { hi[2] + 1 } as f64,
        ];
        let (x, y) = cam.project(p);
        e = (e.0.min(x), e.1.min(y), e.2.max(x), e.3.max(y));
    }
    e
}

#[allow(clippy::too_many_arguments)]
/// Places the box so its projection fits in `w`×`h` at (`x`, `y`), cube size at most `max_s`.
pub(crate) fn fit(
    cam: Camera,
    lo: [i64; 3],
    hi: [i64; 3],
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    max_s: f64,
) -> Place {
    let e = extent(&cam, lo, hi);
    let (ew, eh) = ((e.2 - e.0).max(1e-6), (e.3 - e.1).max(1e-6));
    let s = (w / ew).min(h / eh).min(max_s);
    let ox = x + (w - s * ew) / 2.0 - s * e.0;
    let oy = y + (h - s * eh) / 2.0 - s * e.1;
    Place { cam, s, ox, oy }
}

/// Size of the drawing of the box at cube size `s`.
pub(crate) fn drawn_size(cam: &Camera, lo: [i64; 3], hi: [i64; 3], s: f64) -> (f64, f64) {
    let e = extent(cam, lo, hi);
    (s * (e.2 - e.0), s * (e.3 - e.1))
}

/// A face as drawn: piece, direction, screen corners, and the cell's own colour if it has one.
type Drawn = (usize, usize, [(f64, f64); 4], Option<Rgb>);

/// The ink of a face's folds and piece outlines: dark, but light on a dark colour of a cell's
/// own (a black constraint colour), where dark lines would vanish.
pub(crate) fn edge_ink(fill: Rgb, tinted: bool) -> Rgb {
    if tinted && fill.luma() < 0.2 {
        Rgb(0xc8, 0xc8, 0xc8)
    } else {
        INK
    }
}

/// Draws voxels with shading and edges, each cell in `fill(piece, cell)`; returns the faces in
/// drawing order.
pub(crate) fn draw_voxels(
    doc: &mut Doc,
    vox: &Voxels,
    p: &Prepared,
    fill: &dyn Fn(usize, [i64; 3]) -> Rgb,
    pl: &Place,
) -> Vec<Drawn> {
    let mut drawn = Vec::new();
    let wb = (pl.s * 0.06).clamp(1.0, 3.0);
    let wf = (pl.s * 0.03).clamp(0.6, 1.6);
    let wi = (pl.s * 0.018).clamp(0.4, 1.0);
    for f in vox.visible_faces(&pl.cam) {
        let base = fill(f.piece, f.cell);
        let tint = p.tint(f.piece, f.cell);
        let ink = edge_ink(base, tint.is_some());
        let c = shade(base, f.dir);
        let pts: Vec<(f64, f64)> = f.corners.iter().map(|&p| pl.pt(p)).collect();
        drawn.push((f.piece, f.dir, [pts[0], pts[1], pts[2], pts[3]], tint));
        // A hairline of the fill colour closes anti-aliasing seams between faces.
        doc.fill(polygon(&pts), c, Some((c, 0.5)));
        let mut inner = String::new();
        let mut fold = String::new();
        let mut bound = String::new();
        for (i, kind) in f.edges.iter().enumerate() {
            let (a, b) = (pts[i], pts[(i + 1) % 4]);
            let target = match kind {
                EdgeKind::Inner => &mut inner,
                EdgeKind::Fold => &mut fold,
                EdgeKind::Boundary => &mut bound,
            };
            let _ = write!(
                target,
                "M{} {}L{} {}",
                num(a.0),
                num(a.1),
                num(b.0),
                num(b.1)
            );
        }
        if !inner.is_empty() {
            doc.stroke(inner, c.scale(0.72), wi);
        }
        if !fold.is_empty() {
            doc.stroke(fold, ink, wf);
        }
        if !bound.is_empty() {
            doc.stroke(bound, ink, wb);
        }
    }
    drawn
}

fn point_in_quad(p: (f64, f64), q: &[(f64, f64); 4]) -> bool {
    let mut inside = false;
    let mut j = 3;
    for i in 0..4 {
        let (xi, yi) = q[i];
        let (xj, yj) = q[j];
        if (yi > p.1) != (yj > p.1) && p.0 < (xj - xi) * (p.1 - yi) / (yj - yi) + xi {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// The text put on pieces: their names when all are short, else their numbers.
fn piece_labels(p: &Prepared) -> Vec<String> {
    p.labels.clone()
}

/// Whether the labels are numbers (then the legend shows them).
fn numbered(p: &Prepared) -> bool {
    p.labels.iter().zip(&p.names).any(|(l, n)| l != n)
}

/// Writes each piece's label on one of its faces that nothing covers (top faces preferred).
pub(crate) fn label_faces(doc: &mut Doc, p: &Prepared, drawn: &[Drawn], s: f64) {
    let labels = piece_labels(p);
    let font = (s * 0.36).clamp(8.0, 20.0);
    let mut best: Vec<Option<(u8, usize)>> = vec![None; p.names.len()];
    for (k, (piece, dir, q, _)) in drawn.iter().enumerate() {
        let Some(slot) = best.get_mut(*piece) else {
            continue;
        };
        let cx = q.iter().map(|v| v.0).sum::<f64>() / 4.0;
        let cy = q.iter().map(|v| v.1).sum::<f64>() / 4.0;
        let probes = [
            (cx, cy),
            (cx - 0.22 * s, cy),
            (cx + 0.22 * s, cy),
            (cx, cy - 0.14 * s),
            (cx, cy + 0.14 * s),
        ];
        let clear = |pts: &[(f64, f64)]| {
            drawn[k + 1..]
                .iter()
                .all(|(_, _, q2, _)| pts.iter().all(|&pt| !point_in_quad(pt, q2)))
        };
        let rank = if clear(&probes) {
            if *dir == 4 {
                3
            } else {
                2
            }
        } else if clear(&probes[..1]) {
            1
        } else {
            continue;
        };
        if slot.is_none_or(|(r, _)| rank >= r) {
            *slot = Some((rank, k));
        }
    }
    for (piece, b) in best.iter().enumerate() {
        let Some((_, k)) = b else { continue };
        let (_, dir, q, tint) = &drawn[*k];
        let cx = q.iter().map(|v| v.0).sum::<f64>() / 4.0;
        let cy = q.iter().map(|v| v.1).sum::<f64>() / 4.0;
        let own = tint.unwrap_or_else(|| p.colours.get(piece).copied().unwrap_or(GREY));
        let face = shade(own, *dir);
        let label = &labels[piece];
        let fs = if label.chars().count() > 2 {
            font * 0.8
        } else {
            font
        };
        doc.text(
            cx,
            cy + fs * 0.36,
            fs,
            Anchor::Middle,
            true,
            face.text_colour(),
            label,
        );
    }
}

/// Draws the half of a ghost box behind (`front == false`) or in front of the contents.
pub(crate) fn draw_ghost(doc: &mut Doc, lo: [i64; 3], hi: [i64; 3], pl: &Place, front: bool) {
    let size = [hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1];
    for (k, n) in DIRS.iter().enumerate() {
        if pl.cam.faces(*n) != front {
            continue;
        }
        let axis = k / 2;
        let b = (axis + 1) % 3;
        let t = (axis + 2) % 3;
        // The face of the whole box: a face of the corner cell, scaled.
        let mut corner = lo;
        if k % 2 == 0 {
            corner[axis] = hi[axis];
        }
        let (unit, _) = face_geometry(corner, k);
        let scale = |p: [f64; 3]| {
            let mut q = p;
            q[b] = lo[b] as f64 + (p[b] - lo[b] as f64) * size[b] as f64;
            q[t] = lo[t] as f64 + (p[t] - lo[t] as f64) * size[t] as f64;
            q
        };
        let pts: Vec<(f64, f64)> = unit.iter().map(|&p| pl.pt(scale(p))).collect();
        if front {
            doc.push(Item::Path {
                d: polygon(&pts),
                fill: Some(Rgb(0x90, 0xa0, 0xb0)),
                stroke: None,
                opacity: 0.10,
                dashed: false,
            });
            doc.stroke(polygon(&pts), Rgb(0x88, 0x88, 0x88), 0.9);
        } else {
            doc.fill(polygon(&pts), Rgb(0xf1, 0xf3, 0xf5), None);
            let mut grid = String::new();
            let plane = scale(unit[0])[axis];
            for (u, v) in [(b, t), (t, b)] {
                for i in 1..size[u] {
                    let mut p = [0.0; 3];
                    p[axis] = plane;
                    p[u] = (lo[u] + i) as f64;
                    p[v] = lo[v] as f64;
                    let a = pl.pt(p);
                    p[v] = (hi[v] + 1) as f64;
                    let z = pl.pt(p);
                    grid.push_str(&polyline(&[a, z]));
                }
            }
            if !grid.is_empty() {
                doc.stroke(grid, Rgb(0xd4, 0xd8, 0xdc), 0.7);
            }
            doc.stroke(polygon(&pts), Rgb(0xb0, 0xb4, 0xb8), 0.9);
        }
    }
}

/// A circle as path data.
fn circle(cx: f64, cy: f64, r: f64) -> String {
    format!(
        "M{} {}a{r} {r} 0 1 0 {d} 0a{r} {r} 0 1 0 -{d} 0Z",
        num(cx - r),
        num(cy),
        r = num(r),
        d = num(2.0 * r)
    )
}

/// Draws a chain through cube centres, one colour per straight segment.
fn draw_path(doc: &mut Doc, path: &[[i64; 3]], pl: &Place) {
    if path.is_empty() {
        return;
    }
    let centre = |c: [i64; 3]| pl.pt([c[0] as f64 + 0.5, c[1] as f64 + 0.5, c[2] as f64 + 0.5]);
    let pts: Vec<(f64, f64)> = path.iter().map(|&c| centre(c)).collect();
    // Split into straight runs (a run shares its end cube with the next one).
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    for i in 1..path.len() {
        if i + 1 < path.len() {
            let d1 = sub(path[i], path[i - 1]);
            let d2 = sub(path[i + 1], path[i]);
            if d1 != d2 {
                runs.push((start, i));
                start = i;
            }
        } else {
            runs.push((start, i));
        }
    }
    let w = (pl.s * 0.16).clamp(2.0, 10.0);
    doc.stroke(polyline(&pts), INK, w + 3.0);
    for (k, &(a, b)) in runs.iter().enumerate() {
        let colour = BASE[k % BASE.len()];
        doc.stroke(polyline(&pts[a..=b]), colour, w);
    }
    let r = w * 0.45;
    let mut dots = String::new();
    for &(x, y) in &pts {
        dots.push_str(&circle(x, y, r));
    }
    doc.fill(dots, Rgb(255, 255, 255), Some((INK, 1.0)));
    let (sx, sy) = pts[0];
    doc.fill(
        circle(sx, sy, w * 0.9),
        Rgb(0x11, 0x11, 0x11),
        Some((Rgb(255, 255, 255), 1.5)),
    );
    if let Some(&(ex, ey)) = pts.last() {
        doc.fill(
            circle(ex, ey, w * 0.9),
            Rgb(255, 255, 255),
            Some((INK, 2.0)),
        );
    }
}

fn sub(a: [i64; 3], b: [i64; 3]) -> [i64; 3] {
    [
        a[0].saturating_sub(b[0]),
        a[1].saturating_sub(b[1]),
        a[2].saturating_sub(b[2]),
    ]
}

pub(crate) const LEGEND_ROW: f64 = 22.0;
const LEGEND_FONT: f64 = 14.0;

pub(crate) fn short(name: &str, max: usize) -> String {
    if name.chars().count() <= max {
        name.to_string()
    } else {
        let mut s: String = name.chars().take(max.saturating_sub(1)).collect();
        s.push('…');
        s
    }
}

/// Legend layout: (columns, rows, column width).
fn legend_layout(p: &Prepared, max_rows: usize) -> (usize, usize, f64) {
    let n = (p.names.len() + p.key.len()).max(1);
    let rows = max_rows.clamp(1, n);
    let cols = n.div_ceil(rows);
    let rows = n.div_ceil(cols);
    let longest = p
        .names
        .iter()
        .map(|s| short(s, 24).chars().count())
        .max()
        .unwrap_or(1)
        .max(
            p.key
                .iter()
                .map(|(s, _)| short(s, 24).chars().count())
                .max()
                .unwrap_or(0),
        )
        + if !numbered(p) {
            0
        } else {
            p.names.len().to_string().len() + 1
        };
    let colw = 22.0 + text_width(&"M".repeat(longest), LEGEND_FONT) + 14.0;
    (cols, rows, colw)
}

pub(crate) fn legend_size(p: &Prepared, max_rows: usize) -> (f64, f64) {
    let (cols, rows, colw) = legend_layout(p, max_rows);
    (cols as f64 * colw, rows as f64 * LEGEND_ROW)
}

pub(crate) fn draw_legend(doc: &mut Doc, p: &Prepared, x: f64, y: f64, max_rows: usize) {
    let (_, rows, colw) = legend_layout(p, max_rows);
    let labels = piece_labels(p);
    let pieces = p.names.iter().enumerate().map(|(i, name)| {
        let name = if !numbered(p) {
            short(name, 24)
        } else {
            format!("{} {}", labels[i], short(name, 24))
        };
        (name, p.colours.get(i).copied().unwrap_or(GREY))
    });
    // The cells' own colours follow the pieces.
    let key = p.key.iter().map(|(name, c)| (short(name, 24), *c));
    for (i, (name, c)) in pieces.chain(key).enumerate() {
        let name = &name;
        let cx = x + (i / rows) as f64 * colw;
        let cy = y + (i % rows) as f64 * LEGEND_ROW;
        doc.fill(
            polygon(&[
                (cx, cy + 3.0),
                (cx + 16.0, cy + 3.0),
                (cx + 16.0, cy + 19.0),
                (cx, cy + 19.0),
            ]),
            c,
            Some((INK, 1.0)),
        );
        doc.text(
            cx + 22.0,
            cy + 16.0,
            LEGEND_FONT,
            Anchor::Start,
            false,
            INK,
            name,
        );
    }
}

pub(crate) fn title_height(p: &Prepared) -> f64 {
    if p.title.is_empty() {
        0.0
    } else {
        30.0
    }
}

/// The width the title needs.
pub(crate) fn title_width(p: &Prepared) -> f64 {
    if p.title.is_empty() {
        0.0
    } else {
        2.0 * MARGIN + text_width(&short(&p.title, 80), 20.0)
    }
}

pub(crate) fn draw_title(doc: &mut Doc, p: &Prepared) {
    if !p.title.is_empty() {
        doc.text(
            MARGIN,
            MARGIN + 16.0,
            20.0,
            Anchor::Start,
            true,
            INK,
            &short(&p.title, 80),
        );
    }
}

fn all_voxels(p: &Prepared) -> Voxels {
    Voxels::new(p.cells.iter().enumerate().map(|(i, c)| (i, c.as_slice())))
}

/// The assembled solution, isometric, with a legend.
pub fn assembled(p: &Prepared, target: f64) -> Doc {
    let cam = Camera::iso_front();
    let e = extent(&cam, p.lo, p.hi);
    let s = (target / (e.2 - e.0).max(e.3 - e.1).max(1e-6)).clamp(6.0, 56.0);
    let (dw, dh) = drawn_size(&cam, p.lo, p.hi, s);
    let max_rows = ((dh / LEGEND_ROW) as usize).max(14);
    let (lw, lh) = legend_size(p, max_rows);
    let th = title_height(p);
    let width = MARGIN * 3.0 + dw + lw;
    let height = MARGIN * 2.0 + th + dh.max(lh);
    let width = width.max(title_width(p));
    let mut doc = Doc::new(width.ceil(), height.ceil());
    draw_title(&mut doc, p);
    let pl = fit(cam, p.lo, p.hi, MARGIN, MARGIN + th, dw, dh, s);
    let drawn = draw_voxels(&mut doc, &all_voxels(p), p, &|i, c| p.fill(i, c), &pl);
    match &p.path {
        Some(path) => draw_path(&mut doc, path, &pl),
        None => label_faces(&mut doc, p, &drawn, pl.s),
    }
    draw_legend(&mut doc, p, MARGIN * 2.0 + dw, MARGIN + th, max_rows);
    doc
}

/// Front/top/right beside back/bottom/left.
pub fn sides(p: &Prepared, target: f64) -> Doc {
    let cams = [
        (Camera::iso_front(), "front, top, right"),
        (Camera::iso_back(), "back, bottom, left"),
    ];
    let e = extent(&cams[0].0, p.lo, p.hi);
    let s = (target / (e.2 - e.0).max(e.3 - e.1).max(1e-6)).clamp(6.0, 48.0);
    let (dw, dh) = drawn_size(&cams[0].0, p.lo, p.hi, s);
    let dw = dw.max(text_width(cams[1].1, 14.0));
    let th = title_height(p);
    let cap = 24.0;
    let max_rows = (((dh + cap) / LEGEND_ROW) as usize).max(14);
    let (lw, lh) = legend_size(p, max_rows);
    let width = MARGIN * 4.0 + 2.0 * dw + lw;
    let height = MARGIN * 2.0 + th + (dh + cap).max(lh);
    let width = width.max(title_width(p));
    let mut doc = Doc::new(width.ceil(), height.ceil());
    draw_title(&mut doc, p);
    let vox = all_voxels(p);
    for (i, (cam, caption)) in cams.iter().enumerate() {
        let x = MARGIN + i as f64 * (dw + MARGIN);
        let y = MARGIN + th;
        doc.text(
            x + dw / 2.0,
            y + 15.0,
            14.0,
            Anchor::Middle,
            false,
            GREY,
            caption,
        );
        let pl = fit(*cam, p.lo, p.hi, x, y + cap, dw, dh, s);
        let drawn = draw_voxels(&mut doc, &vox, p, &|i, c| p.fill(i, c), &pl);
        match &p.path {
            Some(path) => draw_path(&mut doc, path, &pl),
            None => label_faces(&mut doc, p, &drawn, pl.s),
        }
    }
    draw_legend(&mut doc, p, MARGIN * 3.0 + 2.0 * dw, MARGIN + th, max_rows);
    doc
}

/// Each piece alone inside a ghost of the bounding box, in a grid.
pub fn pieces(p: &Prepared, target: f64) -> Doc {
    let n = p.names.len().max(1);
    let cols = (((n as f64).sqrt() * 1.25).ceil() as usize).clamp(1, n);
    let rows = n.div_ceil(cols);
    let cam = Camera::iso_front();
    // A packing: each piece inside a ghost of the whole target. Pieces laid out apart (a
    // puzzle's piece set): each inside a ghost of its own bounding box.
    let total: usize = p.cells.iter().map(Vec::len).sum();
    let volume = (0..3).fold(1i64, |v, k| v.saturating_mul(p.hi[k] - p.lo[k] + 1));
    let own: Vec<Option<([i64; 3], [i64; 3])>> = p
        .cells
        .iter()
        .map(|cells| crate::voxel::bbox(cells.iter()))
        .collect();
    // Pieces whose bounding boxes are all apart were laid out side by side, not packed.
    let apart = own.iter().enumerate().all(|(i, a)| {
        own[i + 1..].iter().all(|b| match (a, b) {
            (Some((alo, ahi)), Some((blo, bhi))) => {
                (0..3).any(|k| ahi[k] < blo[k] || bhi[k] < alo[k])
            }
            _ => true,
        })
    });
    let own_boxes = apart || volume > 4 * total as i64;
    let boxes: Vec<([i64; 3], [i64; 3])> = own
        .iter()
        .map(|b| match b {
            Some(b) if own_boxes => *b,
            _ => (p.lo, p.hi),
        })
        .collect();
    let mut dims = [1i64; 3];
    for (lo, hi) in &boxes {
        for k in 0..3 {
            dims[k] = dims[k].max(hi[k] - lo[k] + 1);
        }
    }
    let (rlo, rhi) = ([0; 3], [dims[0] - 1, dims[1] - 1, dims[2] - 1]);
    let e = extent(&cam, rlo, rhi);
    let tile = (target * 0.32).clamp(110.0, 170.0);
    let s = (tile / (e.2 - e.0).max(e.3 - e.1).max(1e-6)).clamp(4.0, 40.0);
    let (dw, dh) = drawn_size(&cam, rlo, rhi, s);
    let longest = p
        .names
        .iter()
        .map(|s| short(s, 20).chars().count())
        .max()
        .unwrap_or(1);
    let cw = dw.max(text_width(&"M".repeat(longest), 14.0) + 22.0) + MARGIN;
    let ch = dh + 26.0 + MARGIN;
    let th = title_height(p);
    let width = MARGIN + cols as f64 * cw;
    let height = MARGIN + th + rows as f64 * ch;
    let width = width.max(title_width(p));
    let mut doc = Doc::new(width.ceil(), height.ceil());
    draw_title(&mut doc, p);
    for (i, cells) in p.cells.iter().enumerate() {
        let x = MARGIN + (i % cols) as f64 * cw;
        let y = MARGIN + th + (i / cols) as f64 * ch;
        let (lo, hi) = boxes[i];
        let pl = fit(cam, lo, hi, x, y, cw - MARGIN, dh, s);
        draw_ghost(&mut doc, lo, hi, &pl, false);
        let vox = Voxels::new([(i, cells.as_slice())]);
        let _ = draw_voxels(&mut doc, &vox, p, &|i, c| p.fill(i, c), &pl);
        draw_ghost(&mut doc, lo, hi, &pl, true);
        let label = short(&p.names[i], 20);
        let lw = text_width(&label, 14.0) + 22.0;
        let lx = x + (cw - MARGIN - lw) / 2.0;
        let ly = y + dh + 6.0;
        let c = p.colours.get(i).copied().unwrap_or(GREY);
        doc.fill(
            polygon(&[
                (lx, ly + 2.0),
                (lx + 16.0, ly + 2.0),
                (lx + 16.0, ly + 18.0),
                (lx, ly + 18.0),
            ]),
            c,
            Some((INK, 1.0)),
        );
        doc.text(
            lx + 22.0,
            ly + 15.0,
            14.0,
            Anchor::Start,
            false,
            INK,
            &label,
        );
    }
    doc
}
