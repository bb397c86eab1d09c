//! The directions pieces slide in when a puzzle is taken apart, for every grid that has them
//! (see [`Grid::directions`](super::Grid::directions)).

use wurfel_geom::Cell;

/// A direction pieces slide in: an index into the unit steps of every grid that has them (the
/// cube grid's six axis directions, the triangular-prism grid's eight). `d` and `d ^ 1` are
/// opposite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Direction(pub u8);

/// The unit steps, in grid coordinates, and their names. Cubes: ±x, ±y, ±z. Triangular prisms
/// (BurrTools' coordinates): ±z (one layer), ±x (`(2, 0, 0)`: one edge length, two triangles
/// along the row) and the two other edge directions of the triangles, `(1, 1, 0)` and
/// `(-1, 1, 0)`.
const UNITS: [(Cell, &str); 12] = [
    ([1, 0, 0], "+x"),
    ([-1, 0, 0], "-x"),
    ([0, 1, 0], "+y"),
    ([0, -1, 0], "-y"),
    ([0, 0, 1], "+z"),
    ([0, 0, -1], "-z"),
    ([2, 0, 0], "+x"),
    ([-2, 0, 0], "-x"),
    ([1, 1, 0], "+x+y"),
    ([-1, -1, 0], "-x-y"),
    ([-1, 1, 0], "-x+y"),
    ([1, -1, 0], "+x-y"),
];

impl Direction {
    /// The cube grid's six, in search order: +x, -x, +y, -y, +z, -z.
    pub const ALL: [Direction; 6] = [
        Direction(0),
        Direction(1),
        Direction(2),
        Direction(3),
        Direction(4),
        Direction(5),
    ];

    /// The triangular-prism grid's eight, in BurrTools' search order (each direction of
    /// `movementcache_1.cpp`, then its opposite): ±z, ±x, ±(x+y), ±(−x+y).
    pub const PRISMS: [Direction; 8] = [
        Direction(4),
        Direction(5),
        Direction(6),
        Direction(7),
        Direction(8),
        Direction(9),
        Direction(10),
        Direction(11),
    ];

    /// The offset of one unit step this way.
    pub fn unit(self) -> Cell {
        UNITS[usize::from(self.0)].0
    }

    /// On the cube grid: 0, 1 or 2 for x, y, z.
    pub fn axis(self) -> usize {
        debug_assert!(self.0 < 6, "an axis direction of the cube grid");
        usize::from(self.0 >> 1)
    }

    /// On the cube grid: +1 or -1.
    pub fn sign(self) -> i32 {
        if self.0 & 1 == 0 {
            1
        } else {
            -1
        }
    }

    /// The opposite direction.
    pub fn opposite(self) -> Direction {
        Direction(self.0 ^ 1)
    }

    /// The offset of `steps` unit steps this way.
    pub fn offset(self, steps: i32) -> Cell {
        self.unit().map(|v| v * steps)
    }

    /// "+x", "-y", "+x+y", ...
    pub fn name(self) -> &'static str {
        UNITS[usize::from(self.0)].1
    }
}
