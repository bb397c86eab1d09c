//! Colours: a colour-blind-friendly base palette, shades of it for large piece counts, and the
//! assignment of colours to pieces.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Parses `#rrggbb` or `rrggbb` (also `#rgb`).
    pub fn parse(s: &str) -> Option<Rgb> {
        let h = s.trim().trim_start_matches('#');
        let v = |a: &str| u8::from_str_radix(a, 16).ok();
        match h.len() {
            6 if h.is_ascii() => Some(Rgb(v(&h[0..2])?, v(&h[2..4])?, v(&h[4..6])?)),
            3 if h.is_ascii() => {
                let d = |i: usize| v(&h[i..i + 1]).map(|x| x * 17);
                Some(Rgb(d(0)?, d(1)?, d(2)?))
            }
            _ => None,
        }
    }

    /// Mixes towards `other` by `t` (0 = self, 1 = other).
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let m = |a: u8, b: u8| {
            (a as f64 + (b as f64 - a as f64) * t)
                .round()
                .clamp(0.0, 255.0) as u8
        };
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }

    /// Multiplies each channel by `f`.
    pub fn scale(self, f: f64) -> Rgb {
        let m = |a: u8| (a as f64 * f).round().clamp(0.0, 255.0) as u8;
        Rgb(m(self.0), m(self.1), m(self.2))
    }

    /// Relative luminance in 0..=1 (rough, for choosing a text colour).
    pub fn luma(self) -> f64 {
        (0.2126 * self.0 as f64 + 0.7152 * self.1 as f64 + 0.0722 * self.2 as f64) / 255.0
    }

    /// Black or white, whichever reads better on this colour.
    pub fn text_colour(self) -> Rgb {
        if self.luma() > 0.5 {
            Rgb(0x11, 0x11, 0x11)
        } else {
            Rgb(0xff, 0xff, 0xff)
        }
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The base palette: Okabe–Ito's colour-blind-safe set (less black) followed by Paul Tol's
/// muted and bright colours, ordered so that the first colours differ most.
pub const BASE: [Rgb; 14] = [
    Rgb(0x00, 0x72, 0xB2), // blue
    Rgb(0xE6, 0x9F, 0x00), // orange
    Rgb(0x00, 0x9E, 0x73), // bluish green
    Rgb(0xCC, 0x79, 0xA7), // reddish purple
    Rgb(0xF0, 0xE4, 0x42), // yellow
    Rgb(0x56, 0xB4, 0xE9), // sky blue
    Rgb(0xD5, 0x5E, 0x00), // vermillion
    Rgb(0x88, 0x22, 0x55), // wine
    Rgb(0x44, 0xAA, 0x99), // teal
    Rgb(0x99, 0x99, 0x33), // olive
    Rgb(0x33, 0x22, 0x88), // indigo
    Rgb(0xBB, 0xBB, 0xBB), // grey
    Rgb(0x11, 0x77, 0x33), // green
    Rgb(0xEE, 0x99, 0xAA), // pink
];

/// Number of shades of each base colour in [`palette`].
pub const SHADES: usize = 4;

/// The full palette: the base colours, then a light, a dark and a very light shade of each
/// (`BASE.len() * SHADES` colours). Colour `i` has base hue `i % BASE.len()`.
pub fn palette() -> Vec<Rgb> {
    let mut out = Vec::with_capacity(BASE.len() * SHADES);
    for k in 0..SHADES {
        for &c in BASE.iter() {
            out.push(shade(c, k));
        }
    }
    out
}

/// Shade `k` (modulo [`SHADES`]) of `c`: itself, light, dark, very light. Copies of a piece
/// get its colour in these shades, so they look alike and can still be told apart.
pub fn shade(c: Rgb, k: usize) -> Rgb {
    match k % SHADES {
        0 => c,
        1 => c.mix(Rgb(255, 255, 255), 0.45),
        2 => c.mix(Rgb(0, 0, 0), 0.38),
        _ => c.mix(Rgb(255, 255, 255), 0.72),
    }
}

/// Chooses a colour for each of `pieces` (cell lists): pieces that fit in the base palette keep
/// their index order (so a puzzle's pieces keep their colours across solutions); larger sets are
/// coloured greedily so that touching pieces get different hues where possible, using the
/// shades of [`palette`] (and cycling beyond it).
pub fn assign_colours(pieces: &[Vec<[i64; 3]>]) -> Vec<Rgb> {
    let n = pieces.len();
    let pal = palette();
    if n <= BASE.len() {
        return BASE[..n].to_vec();
    }
    // Adjacency through shared faces.
    let mut owner: BTreeMap<[i64; 3], usize> = BTreeMap::new();
    for (i, cells) in pieces.iter().enumerate() {
        for &c in cells {
            owner.entry(c).or_insert(i);
        }
    }
    let mut adj: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
    for (i, cells) in pieces.iter().enumerate() {
        for &c in cells {
            for d in crate::voxel::DIRS {
                let nb = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
                if let Some(&j) = owner.get(&nb) {
                    if j != i {
                        adj[i].insert(j);
                        adj[j].insert(i);
                    }
                }
            }
        }
    }
    let mut chosen: Vec<Option<usize>> = vec![None; n];
    let mut used = vec![0usize; pal.len()];
    for i in 0..n {
        let mut best: Option<(usize, usize, usize, usize)> = None; // (same colour, same hue, uses, idx)
        for (k, &uses) in used.iter().enumerate() {
            let mut same_colour = 0;
            let mut same_hue = 0;
            for &j in &adj[i] {
                if let Some(cj) = chosen[j] {
                    if cj == k {
                        same_colour += 1;
                    }
                    if cj % BASE.len() == k % BASE.len() {
                        same_hue += 1;
                    }
                }
            }
            let key = (same_colour, same_hue, uses, k);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        let k = best.map_or(0, |b| b.3);
        chosen[i] = Some(k);
        used[k] += 1;
    }
    chosen.into_iter().map(|k| pal[k.unwrap_or(0)]).collect()
}
