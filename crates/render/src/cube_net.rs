//! Twisty cubes as unfolded nets, as SVG or PNG: a row of positions, each labelled (e.g. a
//! 4x4x4 position and the cube after each stage of its solution).
//!
//! A position is its facelets, face after face in the order U R F D L B, each face row after
//! row as seen from outside with U at the top of the side faces, B at the top of U and F at
//! the top of D (Kociemba's convention; for the 4x4x4 16 facelets a face). Unfolded as a
//! cross: U above F, then L F R B in a row, D below F.

use crate::doc::{polygon, Anchor, Doc};
use crate::palette::Rgb;
use crate::{raster, RenderError};

/// Labelled positions drawn side by side, under a title.
#[derive(Clone, Debug, Default)]
pub struct NetStrip {
    pub title: String,
    /// (label, facelets): each position's 6·n² face letters (`U R F D L B`).
    pub nets: Vec<(String, String)>,
    /// Name every sticker by its face and its place on that face (`U1` to `B16` on a 4x4x4,
    /// as the web app names them), on larger stickers: the picture that explains the input
    /// order.
    pub numbered: bool,
}

/// The faces in facelet order.
const FACES: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];
/// Where each face of the cross sits, in face widths, in the facelet order U R F D L B.
const FACE_AT: [(f64, f64); 6] = [
    (1.0, 0.0),
    (2.0, 1.0),
    (1.0, 1.0),
    (1.0, 2.0),
    (0.0, 1.0),
    (3.0, 1.0),
];
/// Width of a net, in face widths, and of the gap between nets, in facelets.
const NET_FACES: f64 = 4.0;
const GAP: f64 = 2.0;
/// One facelet's side, plain and numbered.
const STICKER: f64 = 12.0;
const NUMBERED_STICKER: f64 = 28.0;
const TOP: f64 = 48.0;

/// The usual colour of each face letter: white up, green front, red right, and their
/// opposites yellow, blue, orange.
fn colour(face: char) -> Option<Rgb> {
    Some(match face {
        'U' => Rgb(245, 245, 245),
        'R' => Rgb(200, 30, 40),
        'F' => Rgb(30, 150, 70),
        'D' => Rgb(250, 210, 30),
        'L' => Rgb(250, 130, 20),
        'B' => Rgb(30, 80, 190),
        _ => return None,
    })
}

/// The side of the cube the facelets describe.
fn side(facelets: &str) -> Result<usize, RenderError> {
    let len = facelets.chars().count();
    let n = (1..=16).find(|n| 6 * n * n == len).ok_or_else(|| {
        RenderError::Unsupported(format!(
            "a cube net needs 6·n² facelets (96 for the 4x4x4), not {len}"
        ))
    })?;
    if let Some(c) = facelets.chars().find(|&c| colour(c).is_none()) {
        return Err(RenderError::Unsupported(format!(
            "facelet '{c}' is not a face letter (U R F D L B)"
        )));
    }
    Ok(n)
}

fn layout(s: &NetStrip) -> Result<Doc, RenderError> {
    let Some((_, first)) = s.nets.first() else {
        return Err(RenderError::Empty);
    };
    let n = side(first)?;
    let st = if s.numbered {
        NUMBERED_STICKER
    } else {
        STICKER
    };
    let face = n as f64 * st;
    let step = NET_FACES * face + GAP * st;
    let width = 2.0 * st + step * s.nets.len() as f64 - GAP * st;
    // Wide enough for the title too.
    let title = crate::doc::text_width(&s.title, 15.0) + 2.0 * st;
    let mut d = Doc::new(width.max(240.0).max(title), TOP + 3.0 * face + 16.0);
    let ink = Rgb(40, 40, 40);
    d.text(
        d.width / 2.0,
        22.0,
        15.0,
        Anchor::Middle,
        true,
        ink,
        &s.title,
    );
    for (k, (label, facelets)) in s.nets.iter().enumerate() {
        if side(facelets)? != n {
            return Err(RenderError::Unsupported(
                "the positions of one strip must be cubes of one size".into(),
            ));
        }
        // Centred when the title is the wider.
        let x0 = st + (d.width - width.max(240.0)).max(0.0) / 2.0 + step * k as f64;
        d.text(
            x0 + NET_FACES * face / 2.0,
            TOP - 8.0,
            11.0,
            Anchor::Middle,
            false,
            ink,
            label,
        );
        for (i, c) in facelets.chars().enumerate() {
            let (fx, fy) = FACE_AT[i / (n * n)];
            let (row, col) = (i % (n * n) / n, i % n);
            let x = x0 + fx * face + col as f64 * st;
            let y = TOP + fy * face + row as f64 * st;
            let square = [(x, y), (x + st, y), (x + st, y + st), (x, y + st)];
            let fill = colour(c).expect("checked by side()");
            d.fill(polygon(&square), fill, Some((ink, 0.8)));
            if s.numbered {
                // Dark stickers (red, green, blue) take white numbers.
                let light = u32::from(fill.0) + u32::from(fill.1) + u32::from(fill.2) > 450;
                let text = if light { ink } else { Rgb(255, 255, 255) };
                let (cx, cy) = (x + st / 2.0, y + st / 2.0 + 4.0);
                let name = format!("{}{}", FACES[i / (n * n)], i % (n * n) + 1);
                d.text(cx, cy, 11.0, Anchor::Middle, true, text, &name);
            }
        }
    }
    Ok(d)
}

/// The strip as an SVG document.
pub fn net_strip_svg(s: &NetStrip) -> Result<String, RenderError> {
    Ok(layout(s)?.to_svg(true))
}

/// The strip as a PNG image (2 pixels per unit).
pub fn net_strip_png(s: &NetStrip) -> Result<Vec<u8>, RenderError> {
    let (w, h, rgb) = raster::rasterize(&layout(s)?, 2.0)?;
    raster::encode_png(w, h, &rgb)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::num;

    fn solved(n: usize) -> String {
        "URFDLB"
            .chars()
            .flat_map(|c| std::iter::repeat_n(c, n * n))
            .collect()
    }

    #[test]
    fn one_square_per_facelet_in_its_face_colour() {
        let s = NetStrip {
            title: "t".into(),
            nets: vec![("start".into(), solved(4)), ("solved".into(), solved(4))],
            numbered: false,
        };
        let svg = net_strip_svg(&s).unwrap();
        // 2 nets × 96 facelets, 16 of each colour per net.
        assert_eq!(svg.matches("<path").count(), 192);
        assert_eq!(svg.matches("fill=\"#c81e28\"").count(), 32);
        assert!(svg.contains(">solved<"));
        let png = net_strip_png(&s).unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }

    #[test]
    fn faces_sit_in_a_cross() {
        // The one U facelet of a 1x1x1 "cube" is above F, L is left of F, D below F.
        let s = NetStrip {
            title: String::new(),
            nets: vec![(String::new(), "URFDLB".into())],
            numbered: false,
        };
        let svg = layout(&s).unwrap().to_svg(false);
        // The colour of the square whose corner is at (column, row), in facelets.
        let at = |col: f64, row: f64| {
            let d = format!(
                "<path d=\"M{} {}L",
                num(STICKER * (1.0 + col)),
                num(TOP + STICKER * row)
            );
            let rest = &svg[svg.find(&d).expect("a square there")..];
            rest[rest.find("fill=\"").expect("filled") + 6..][..7].to_string()
        };
        assert_eq!(at(1.0, 0.0), "#f5f5f5", "U (white) above F");
        assert_eq!(at(0.0, 1.0), "#fa8214", "L (orange)");
        assert_eq!(at(1.0, 1.0), "#1e9646", "F (green)");
        assert_eq!(at(2.0, 1.0), "#c81e28", "R (red)");
        assert_eq!(at(3.0, 1.0), "#1e50be", "B (blue)");
        assert_eq!(at(1.0, 2.0), "#fad21e", "D (yellow) below F");
    }

    #[test]
    fn numbered_nets_number_every_sticker_in_input_order() {
        let s = NetStrip {
            nets: vec![(String::new(), solved(4))],
            numbered: true,
            ..NetStrip::default()
        };
        let svg = net_strip_svg(&s).unwrap();
        assert_eq!(svg.matches("<path").count(), 96);
        for face in FACES {
            for k in 1..=16 {
                let name = format!(">{face}{k}<");
                assert_eq!(svg.matches(&name).count(), 1, "sticker {face}{k}");
            }
        }
        // R1 is R's top-left: right of F's top row, one face right of F1.
        let x_of = |name: &str| {
            let at = svg.find(&format!(">{name}<")).unwrap();
            let tag = &svg[svg[..at].rfind("<text").unwrap()..at];
            let x = &tag[tag.find("x=\"").unwrap() + 3..];
            x[..x.find('"').unwrap()].parse::<f64>().unwrap()
        };
        assert_eq!(x_of("R1") - x_of("F1"), 4.0 * NUMBERED_STICKER);
        assert_eq!(x_of("F1") - x_of("L1"), 4.0 * NUMBERED_STICKER);
        assert_eq!(x_of("B1") - x_of("R1"), 4.0 * NUMBERED_STICKER);
        assert_eq!(x_of("U1"), x_of("F1"));
    }

    #[test]
    fn bad_positions_are_errors() {
        let bad = |f: &str| {
            net_strip_svg(&NetStrip {
                nets: vec![(String::new(), f.into())],
                ..NetStrip::default()
            })
        };
        assert!(matches!(bad("URFDL"), Err(RenderError::Unsupported(_))));
        assert!(matches!(bad("URFDLX"), Err(RenderError::Unsupported(_))));
        let mixed = NetStrip {
            nets: vec![(String::new(), solved(3)), (String::new(), solved(4))],
            ..NetStrip::default()
        };
        assert!(net_strip_svg(&mixed).is_err());
        let empty = NetStrip::default();
        assert!(matches!(net_strip_svg(&empty), Err(RenderError::Empty)));
    }
}
