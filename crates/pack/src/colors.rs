//! Constraint colours (BurrTools' colour constraints) carried along with shapes: orientations,
//! canonical forms and mirror images in which every cell keeps its colour.
//!
//! A shape without colours (an empty colour list) behaves exactly as the plain [`Shape`]: the
//! same orientations in the same order, so puzzles without colours prepare as before.

use std::collections::{HashMap, HashSet};
use wurfel_geom::{Cell, Iso, Shape};

/// A shape with a colour per cell, in the order of `shape.cells()`; `colors` is empty when
/// every cell is neutral (colour 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colored {
    /// The cells.
    pub shape: Shape,
    /// Their colours (empty: all neutral).
    pub colors: Vec<u8>,
}

/// The colours of `cells` looked up in `map` (missing cells are neutral); empty when all are
/// neutral.
pub fn colors_of(cells: &[Cell], map: &HashMap<Cell, u8>) -> Vec<u8> {
    let out: Vec<u8> = cells
        .iter()
        .map(|c| map.get(c).copied().unwrap_or(0))
        .collect();
    if out.iter().all(|&c| c == 0) {
        Vec::new()
    } else {
        out
    }
}

impl Colored {
    /// `shape` with `colors` (in the order of its cells; all neutral when empty or all 0).
    pub fn new(shape: Shape, colors: &[u8]) -> Colored {
        let colors = if colors.iter().all(|&c| c == 0) {
            Vec::new()
        } else {
            colors.to_vec()
        };
        Colored { shape, colors }
    }

    /// Cell to colour, for the coloured cells.
    pub fn map(&self) -> HashMap<Cell, u8> {
        self.shape
            .cells()
            .iter()
            .zip(&self.colors)
            .filter(|(_, &k)| k != 0)
            .map(|(&c, &k)| (c, k))
            .collect()
    }

    /// The image of every cell under `f` (a map of cells one to one), normalized (minimum
    /// corner at the origin), colours carried along; with the image's minimum corner before
    /// normalizing.
    pub fn mapped(&self, f: impl Fn(Cell) -> Cell) -> (Colored, Cell) {
        let mapped: Vec<Cell> = self.shape.cells().iter().map(|&c| f(c)).collect();
        let lo = [0, 1, 2].map(|k| mapped.iter().map(|c| c[k]).min().unwrap_or(0));
        let moved = |c: &Cell| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]];
        let shape = Shape::new(mapped.iter().map(moved)).expect("an image of a shape is a shape");
        let map: HashMap<Cell, u8> = mapped
            .iter()
            .zip(&self.colors)
            .map(|(c, &k)| (moved(c), k))
            .collect();
        let colors = colors_of(shape.cells(), &map);
        (Colored { shape, colors }, lo)
    }

    /// The image under `iso`, normalized (minimum corner at the origin), colours carried along.
    pub fn transformed(&self, iso: Iso) -> Colored {
        let shape = self.shape.transformed(iso);
        if self.colors.is_empty() {
            return Colored {
                shape,
                colors: Vec::new(),
            };
        }
        let mapped: Vec<Cell> = self.shape.cells().iter().map(|&c| iso.apply(c)).collect();
        let mut lo = mapped[0];
        for c in &mapped {
            for i in 0..3 {
                lo[i] = lo[i].min(c[i]);
            }
        }
        let map: HashMap<Cell, u8> = mapped
            .iter()
            .zip(&self.colors)
            .map(|(c, &k)| ([c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]], k))
            .collect();
        let colors = colors_of(shape.cells(), &map);
        Colored { shape, colors }
    }

    /// Distinct normalized images under the 24 rotations, in the order of [`Iso::rotations`]
    /// (first occurrence kept): as [`Shape::orientations`] when there are no colours; with
    /// colours, two images with equal cells but different colours are distinct.
    pub fn orientations(&self) -> Vec<Colored> {
        if self.colors.is_empty() {
            return self
                .shape
                .orientations()
                .into_iter()
                .map(|shape| Colored {
                    shape,
                    colors: Vec::new(),
                })
                .collect();
        }
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for r in Iso::rotations() {
            let s = self.transformed(r);
            if seen.insert(s.clone()) {
                out.push(s);
            }
        }
        out
    }

    /// The smallest rotated image: equal for two pieces iff they are the same coloured piece.
    pub fn canonical(&self) -> Colored {
        if self.colors.is_empty() {
            return Colored {
                shape: self.shape.canonical(),
                colors: Vec::new(),
            };
        }
        Iso::rotations()
            .iter()
            .map(|&r| self.transformed(r))
            .min()
            .unwrap_or_else(|| self.clone())
    }

    /// The mirror image (x negated), normalized, colours carried along.
    pub fn mirrored(&self) -> Colored {
        match Iso::new([0, 1, 2], [-1, 1, 1]) {
            Some(m) => self.transformed(m),
            None => self.clone(),
        }
    }
}

/// The display colours of constraint colours 1 to 12 when a file gives none: BurrTools'
/// red and black first (wurfel's writer has always written these six), then hues far apart.
const DEFAULT_DISPLAY: [[u8; 3]; 12] = [
    [220, 40, 40],
    [30, 30, 30],
    [40, 160, 60],
    [40, 80, 220],
    [230, 200, 40],
    [200, 200, 200],
    [240, 130, 30],
    [150, 60, 190],
    [40, 190, 200],
    [230, 110, 180],
    [130, 80, 40],
    [255, 255, 255],
];

/// The display colour of constraint colour `k` when the puzzle gives none: the twelve above,
/// then hues a golden angle apart (alternately bright and dark), so that colours differ.
pub fn default_display_color(k: u8) -> [u8; 3] {
    let k = usize::from(k.max(1));
    if let Some(c) = DEFAULT_DISPLAY.get(k - 1) {
        return *c;
    }
    let hue = (k as f64 * 137.507_764).rem_euclid(360.0) / 60.0;
    let value = if k % 2 == 0 { 0.9 } else { 0.6 };
    let (sat, i) = (0.75, hue.floor());
    let f = hue - i;
    let (p, q, t) = (
        value * (1.0 - sat),
        value * (1.0 - sat * f),
        value * (1.0 - sat * (1.0 - f)),
    );
    let rgb = match i as u8 {
        0 => [value, t, p],
        1 => [q, value, p],
        2 => [p, value, t],
        3 => [p, q, value],
        4 => [t, p, value],
        _ => [value, p, q],
    };
    rgb.map(|v| (v * 255.0).round() as u8)
}

/// `#rrggbb` (lower case) of an RGB colour.
pub fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// An RGB colour from `#rrggbb` (either case), `None` for anything else.
pub fn parse_hex(s: &str) -> Option<[u8; 3]> {
    let h = s.strip_prefix('#')?;
    if h.len() != 6 || !h.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

#[cfg(test)]
mod display_tests {
    use super::*;

    #[test]
    fn the_default_palette_tells_all_63_colours_apart() {
        let all: HashSet<[u8; 3]> = (1..=63).map(default_display_color).collect();
        assert_eq!(all.len(), 63);
        assert_eq!(default_display_color(1), [220, 40, 40]);
        assert_eq!(default_display_color(2), [30, 30, 30]);
    }

    #[test]
    fn hex_round_trips() {
        for c in [[0, 0, 0], [255, 128, 7], [220, 40, 40]] {
            assert_eq!(parse_hex(&hex(c)), Some(c));
        }
        assert_eq!(parse_hex("#ABCDEF"), Some([0xab, 0xcd, 0xef]));
        for bad in ["abcdef", "#abcde", "#abcdeg", "#+1+2+3", "#ééé"] {
            assert_eq!(parse_hex(bad), None, "{bad}");
        }
    }
}
