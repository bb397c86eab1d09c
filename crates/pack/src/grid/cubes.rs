//! The cube grid (BurrTools `gridType` 0): every cell of the lattice, the 48 cube isometries
//! about the origin, every unit translation. The engine's native grid.

use wurfel_geom::{Cell, Iso};

/// `iso` about the origin.
pub(super) fn apply(iso: Iso, c: Cell) -> Cell {
    iso.apply(c)
}
