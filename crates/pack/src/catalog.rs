//! The built-in catalog: puzzle files embedded in the binary.
//!
//! Each entry is a TOML file in `crates/pack/catalog/<id>.toml`, in the same format users write
//! (see [`crate::file`]), with its published solution counts and their public sources.

use crate::file::parse_puzzle;
use crate::model::Puzzle;

/// `(id, file text)` for every built-in puzzle, in listing order.
const ENTRIES: &[(&str, &str)] = &[
    ("soma", include_str!("../catalog/soma.toml")),
    ("cubissimo", include_str!("../catalog/cubissimo.toml")),
    ("bedlam", include_str!("../catalog/bedlam.toml")),
    ("tetris-cube", include_str!("../catalog/tetris-cube.toml")),
    ("big-brother", include_str!("../catalog/big-brother.toml")),
    ("steinhaus", include_str!("../catalog/steinhaus.toml")),
    ("diabolical", include_str!("../catalog/diabolical.toml")),
    (
        "slothouber-graatsma",
        include_str!("../catalog/slothouber-graatsma.toml"),
    ),
    ("conway", include_str!("../catalog/conway.toml")),
    (
        "tetracubes-2x4x4",
        include_str!("../catalog/tetracubes-2x4x4.toml"),
    ),
    (
        "pentominoes-6x10",
        include_str!("../catalog/pentominoes-6x10.toml"),
    ),
    (
        "pentominoes-5x12",
        include_str!("../catalog/pentominoes-5x12.toml"),
    ),
    (
        "pentominoes-4x15",
        include_str!("../catalog/pentominoes-4x15.toml"),
    ),
    (
        "pentominoes-3x20",
        include_str!("../catalog/pentominoes-3x20.toml"),
    ),
    (
        "pentominoes-8x8",
        include_str!("../catalog/pentominoes-8x8.toml"),
    ),
    (
        "solid-pentominoes-2x3x10",
        include_str!("../catalog/solid-pentominoes-2x3x10.toml"),
    ),
    (
        "solid-pentominoes-2x5x6",
        include_str!("../catalog/solid-pentominoes-2x5x6.toml"),
    ),
    (
        "solid-pentominoes-3x4x5",
        include_str!("../catalog/solid-pentominoes-3x4x5.toml"),
    ),
    (
        "t-tetracubes-6x6x2",
        include_str!("../catalog/t-tetracubes-6x6x2.toml"),
    ),
    (
        "t-tetracubes-6x6x6",
        include_str!("../catalog/t-tetracubes-6x6x6.toml"),
    ),
];

/// The ids of all built-in puzzles, in listing order.
pub fn ids() -> Vec<&'static str> {
    ENTRIES.iter().map(|(id, _)| *id).collect()
}

/// The TOML text of a built-in puzzle.
pub fn source(id: &str) -> Option<&'static str> {
    ENTRIES.iter().find(|(i, _)| *i == id).map(|(_, t)| *t)
}

/// A built-in puzzle by id (parsed from its embedded file).
pub fn get(id: &str) -> Option<Puzzle> {
    let text = source(id)?;
    parse_puzzle(text, &format!("catalog/{id}.toml")).ok()
}

/// Every built-in puzzle, in listing order.
pub fn all() -> Vec<Puzzle> {
    ids().into_iter().filter_map(get).collect()
}
