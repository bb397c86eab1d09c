//! The static views ([`crate::View`] assembled, sides, pieces) of scenes whose cells are not
//! cubes: the faces of [`Solids`] painted back to front, shaded by their normal, with the same
//! title and legend as the cube views.

use crate::doc::{num, polygon, text_width, Anchor, Doc};
use crate::palette::Rgb;
use crate::solids::{SolidFace, Solids};
use crate::views::{
    draw_legend, draw_title, edge_ink, legend_size, short, title_height, title_width, GREY, INK,
    LEGEND_ROW, MARGIN,
};
use crate::voxel::{Camera, EdgeKind};
use crate::{Prepared, RenderError};
use std::fmt::Write;

/// Screen placement of space points: `screen = origin + s * projected`.
struct Fit {
    cam: Camera,
    s: f64,
    ox: f64,
    oy: f64,
}

impl Fit {
    fn pt(&self, p: [f64; 3]) -> (f64, f64) {
        let (x, y) = self.cam.project(p);
        (self.ox + self.s * x, self.oy + self.s * y)
    }
}

/// The cameras: not along a diagonal of the cube, where a rhombic dodecahedron would show three
/// faces and the outline of a cube, but turned so that it shows six.
fn front() -> Camera {
    Camera::looking_from([0.9, -2.0, 1.2])
}

fn back() -> Camera {
    Camera::looking_from([-0.9, 2.0, -1.2])
}

/// Projected extent (min x, min y, max x, max y) of the surface's corners.
fn extent(cam: &Camera, solids: &Solids) -> (f64, f64, f64, f64) {
    let mut e = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &p in solids.faces.iter().flat_map(|f| &f.corners) {
        let (x, y) = cam.project(p);
        e = (e.0.min(x), e.1.min(y), e.2.max(x), e.3.max(y));
    }
    if e.0 > e.2 {
        return (0.0, 0.0, 1.0, 1.0);
    }
    e
}

/// Places the surface centred in the `w`×`h` box at (`x`, `y`) at scale `s`.
fn fit(cam: Camera, solids: &Solids, at: (f64, f64), w: f64, h: f64, s: f64) -> Fit {
    let e = extent(&cam, solids);
    let ox = at.0 + (w - s * (e.2 - e.0)) / 2.0 - s * e.0;
    let oy = at.1 + (h - s * (e.3 - e.1)) / 2.0 - s * e.1;
    Fit { cam, s, ox, oy }
}

/// Brightness by the face's normal: light from above, the front and the left.
fn shade(colour: Rgb, n: [f64; 3]) -> Rgb {
    let l = [-0.30, -0.45, 0.84];
    let lit = n[0] * l[0] + n[1] * l[1] + n[2] * l[2];
    if lit > 0.75 {
        colour.mix(Rgb(255, 255, 255), 0.14 * (lit - 0.75) / 0.25)
    } else {
        colour.scale(0.78 + 0.2 * lit)
    }
}

/// A drawn face: its piece, screen polygon and its cell's own colour if it has one.
type Drawn = (usize, Vec<(f64, f64)>, Option<Rgb>);

fn draw(doc: &mut Doc, faces: &[&SolidFace], p: &Prepared, fit: &Fit) -> Vec<Drawn> {
    let wb = (fit.s * 0.05).clamp(1.0, 3.0);
    let wf = (fit.s * 0.025).clamp(0.6, 1.6);
    let mut drawn = Vec::new();
    for f in faces {
        let base = p.fill(f.piece, f.cell);
        let tint = p.tint(f.piece, f.cell);
        let ink = edge_ink(base, tint.is_some());
        let c = shade(base, f.normal);
        let pts: Vec<(f64, f64)> = f.corners.iter().map(|&p| fit.pt(p)).collect();
        // A hairline of the fill colour closes anti-aliasing seams between faces.
        doc.fill(polygon(&pts), c, Some((c, 0.5)));
        let (mut fold, mut bound) = (String::new(), String::new());
        for (i, kind) in f.edges.iter().enumerate() {
            let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
            let target = match kind {
                EdgeKind::Inner => continue,
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
        if !fold.is_empty() {
            doc.stroke(fold, ink, wf);
        }
        if !bound.is_empty() {
            doc.stroke(bound, ink, wb);
        }
        drawn.push((f.piece, pts, tint));
    }
    drawn
}

fn inside(p: (f64, f64), q: &[(f64, f64)]) -> bool {
    let mut c = false;
    let mut j = q.len() - 1;
    for i in 0..q.len() {
        let ((xi, yi), (xj, yj)) = (q[i], q[j]);
        if (yi > p.1) != (yj > p.1) && p.0 < (xj - xi) * (p.1 - yi) / (yj - yi) + xi {
            c = !c;
        }
        j = i;
    }
    c
}

/// Each piece's label on the centre of its largest face that nothing drawn later covers.
fn label(doc: &mut Doc, p: &Prepared, drawn: &[Drawn], s: f64) {
    let font = (s * 0.3).clamp(8.0, 20.0);
    let area = |q: &[(f64, f64)]| {
        let n = q.len();
        (0..n)
            .map(|i| q[i].0 * q[(i + 1) % n].1 - q[(i + 1) % n].0 * q[i].1)
            .sum::<f64>()
            .abs()
            / 2.0
    };
    for (piece, text) in p.labels.iter().enumerate() {
        let best = drawn
            .iter()
            .enumerate()
            .filter(|(_, (pc, _, _))| *pc == piece)
            .filter_map(|(k, (_, q, tint))| {
                let n = q.len() as f64;
                let c = (
                    q.iter().map(|v| v.0).sum::<f64>() / n,
                    q.iter().map(|v| v.1).sum::<f64>() / n,
                );
                let clear = drawn[k + 1..].iter().all(|(_, q2, _)| !inside(c, q2));
                clear.then_some((area(q), c, *tint))
            })
            .max_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, c, tint)) = best {
            let colour = tint.unwrap_or_else(|| p.colours.get(piece).copied().unwrap_or(GREY));
            doc.text(
                c.0,
                c.1 + font * 0.36,
                font,
                Anchor::Middle,
                true,
                colour.text_colour(),
                text,
            );
        }
    }
}

fn solids(p: &Prepared, pieces: &[usize]) -> Result<Solids, RenderError> {
    let list: Vec<(usize, &[[i64; 3]])> = pieces.iter().map(|&i| (i, &p.cells[i][..])).collect();
    Solids::new(p.lattice, &list)
}

/// The assembled solution (`sides`: also from behind), with a legend.
pub fn assembled(p: &Prepared, target: f64, sides: bool) -> Result<Doc, RenderError> {
    let all: Vec<usize> = (0..p.cells.len()).collect();
    let sol = solids(p, &all)?;
    let mut cams = vec![(front(), "front, top, right")];
    if sides {
        cams.push((back(), "back, bottom, left"));
    }
    let e = extent(&cams[0].0, &sol);
    let s = (target / (e.2 - e.0).max(e.3 - e.1).max(1e-6)).clamp(6.0, 90.0);
    let (dw, dh) = (s * (e.2 - e.0), s * (e.3 - e.1));
    let dw = if sides {
        dw.max(text_width(cams[0].1, 14.0))
    } else {
        dw
    };
    let cap = if sides { 24.0 } else { 0.0 };
    let th = title_height(p);
    let max_rows = (((dh + cap) / LEGEND_ROW) as usize).max(14);
    let (lw, lh) = legend_size(p, max_rows);
    let n = cams.len() as f64;
    let width = (MARGIN * (2.0 + n) + n * dw + lw).max(title_width(p));
    let height = MARGIN * 2.0 + th + (dh + cap).max(lh);
    let mut doc = Doc::new(width.ceil(), height.ceil());
    draw_title(&mut doc, p);
    for (i, (cam, caption)) in cams.iter().enumerate() {
        let x = MARGIN + i as f64 * (dw + MARGIN);
        let y = MARGIN + th;
        if sides {
            doc.text(
                x + dw / 2.0,
                y + 15.0,
                14.0,
                Anchor::Middle,
                false,
                GREY,
                caption,
            );
        }
        let f = fit(*cam, &sol, (x, y + cap), dw, dh, s);
        let drawn = draw(&mut doc, &sol.visible(cam), p, &f);
        label(&mut doc, p, &drawn, s);
    }
    draw_legend(
        &mut doc,
        p,
        MARGIN * (1.0 + n) + n * dw,
        MARGIN + th,
        max_rows,
    );
    Ok(doc)
}

/// Each piece alone, in a grid of tiles at one scale.
pub fn pieces(p: &Prepared, target: f64) -> Result<Doc, RenderError> {
    let n = p.names.len().max(1);
    let cols = (((n as f64).sqrt() * 1.25).ceil() as usize).clamp(1, n);
    let rows = n.div_ceil(cols);
    let cam = front();
    let each: Vec<Solids> = (0..p.cells.len())
        .map(|i| solids(p, &[i]))
        .collect::<Result<_, _>>()?;
    // One scale for all: the widest and the tallest piece fit a tile.
    let (mut ew, mut eh) = (1e-6f64, 1e-6f64);
    for sol in &each {
        let e = extent(&cam, sol);
        ew = ew.max(e.2 - e.0);
        eh = eh.max(e.3 - e.1);
    }
    let tile = (target * 0.32).clamp(110.0, 170.0);
    let s = (tile / ew.max(eh)).clamp(4.0, 60.0);
    let (dw, dh) = (s * ew, s * eh);
    let longest = p
        .names
        .iter()
        .map(|s| short(s, 20).chars().count())
        .max()
        .unwrap_or(1);
    let cw = dw.max(text_width(&"M".repeat(longest), 14.0) + 22.0) + MARGIN;
    let ch = dh + 26.0 + MARGIN;
    let th = title_height(p);
    let width = (MARGIN + cols as f64 * cw).max(title_width(p));
    let height = MARGIN + th + rows as f64 * ch;
    let mut doc = Doc::new(width.ceil(), height.ceil());
    draw_title(&mut doc, p);
    for (i, sol) in each.iter().enumerate() {
        let x = MARGIN + (i % cols) as f64 * cw;
        let y = MARGIN + th + (i / cols) as f64 * ch;
        let f = fit(cam, sol, (x, y), cw - MARGIN, dh, s);
        let _ = draw(&mut doc, &sol.visible(&cam), p, &f);
        let name = short(&p.names[i], 20);
        let lw = text_width(&name, 14.0) + 22.0;
        let (lx, ly) = (x + (cw - MARGIN - lw) / 2.0, y + dh + 6.0);
        let c = p.colours.get(i).copied().unwrap_or(GREY);
        let square = [
            (lx, ly + 2.0),
            (lx + 16.0, ly + 2.0),
            (lx + 16.0, ly + 18.0),
            (lx, ly + 18.0),
        ];
        doc.fill(polygon(&square), c, Some((INK, 1.0)));
        doc.text(lx + 22.0, ly + 15.0, 14.0, Anchor::Start, false, INK, &name);
    }
    Ok(doc)
}
