//! The cube grid (BurrTools `gridType` 0): every cell of the lattice, the 48 cube isometries
//! about the origin, every unit translation. The engine's native grid.

use super::Direction;
use wurfel_geom::{Cell, Iso};

/// `iso` about the origin.
pub(super) fn apply(iso: Iso, c: Cell) -> Cell {
    iso.apply(c)
}

/// A unit step sweeps the cube ahead only.
pub(super) fn swept(d: Direction) -> &'static [Cell] {
    const AHEAD: [[Cell; 1]; 6] = [
        [[1, 0, 0]],
        [[-1, 0, 0]],
        [[0, 1, 0]],
        [[0, -1, 0]],
        [[0, 0, 1]],
        [[0, 0, -1]],
    ];
    &AHEAD[usize::from(d.0)]
}
