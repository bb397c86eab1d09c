//! Built-in chains with their published figures.

use crate::chain::Chain;

/// A well-known chain.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Identifier used on the command line.
    pub id: &'static str,
    /// Name.
    pub name: &'static str,
    /// Segment notation.
    pub segments: &'static str,
    /// Side of the cube box.
    pub side: usize,
    /// Published counts `(embeddings, rotations, isometries)`, if any.
    pub published: Option<(u64, u64, u64)>,
    /// Where the chain (and the figures) come from.
    pub source: &'static str,
}

impl Entry {
    /// The chain (the table is checked by tests, so parsing cannot fail).
    pub fn chain(&self) -> Chain {
        Chain::parse(self.segments).expect("catalog chains are valid")
    }
}

/// The catalog.
pub const CATALOG: &[Entry] = &[
    Entry {
        id: "mini",
        name: "2x2x2 snake (all corners)",
        segments: "2,2,2,2,2,2,2",
        side: 2,
        published: None,
        source: "the only chain that folds into 2x2x2 (confirmed by `wurfel snake survey --box 2`)",
    },
    Entry {
        id: "standard",
        name: "Standard snake cube (the most common commercial 3x3x3 chain)",
        segments: "3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3",
        side: 3,
        published: Some((48, 2, 1)),
        source: "the common commercial chain; every 3x3x3 snake with its number of solutions: oscar6echo, Snake Cube (2012), http://oscar6echo.blogspot.com/2012/09/snake-cube.html (1 solution up to isometries; 48 and 2 follow from its trivial stabiliser)",
    },
    Entry {
        id: "king-46",
        name: "King snake 4x4x4 (46 segments)",
        segments: "3,2,3,2,2,4,2,3,2,3,2,3,2,2,2,2,2,2,2,2,3,3,2,2,2,2,2,3,4,2,2,2,4,2,3,2,2,2,2,2,2,2,2,2,4,2",
        side: 4,
        // 192 / 8 / 4 (the test `king_snakes_192_8_4`) is wurfel's own count: no public source
        // for it was found, so it is not listed as published.
        published: None,
        source: "a commercial King snake; chain from Puzzling Stack Exchange, Wooden snake puzzle, https://puzzling.stackexchange.com/questions/56144 (solved there by J. Scherphuis)",
    },
    Entry {
        id: "king-39",
        name: "King snake 4x4x4 (39 segments)",
        segments: "3,4,4,4,2,4,2,4,2,2,2,2,2,2,2,2,2,3,2,4,3,3,2,4,2,3,2,2,2,2,2,3,2,2,2,2,4,2,4",
        side: 4,
        // 192 / 8 / 4 (the test `king_snakes_192_8_4`) is wurfel's own count: no public source
        // for it was found, so it is not listed as published.
        published: None,
        source: "a commercial 4x4x4 King snake; no published count",
    },
];

/// Looks up a catalog id (case-insensitive).
pub fn find(id: &str) -> Option<&'static Entry> {
    CATALOG
        .iter()
        .find(|e| e.id.eq_ignore_ascii_case(id.trim()))
}
