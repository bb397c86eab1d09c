//! The directions pieces slide in when a puzzle is taken apart, for every grid that has them
//! (see [`Grid::directions`](super::Grid::directions)).

use wurfel_geom::Cell;

/// A direction pieces slide in: an index into the unit steps of every grid that has them (see
/// [`Grid::directions`](super::Grid::directions) for each grid's). `d` and `d ^ 1` are
/// opposite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Direction(pub u8);

/// The unit steps, in grid coordinates, and their names. Cubes: ±x, ±y, ±z. Triangular prisms
/// (BurrTools' coordinates): ±z (one layer), ±x (`(2, 0, 0)`: one edge length, two triangles
/// along the row) and the two other edge directions of the triangles, `(1, 1, 0)` and
/// `(-1, 1, 0)`. The other grids' steps are [`DIAGONALS`] and the axes scaled, see
/// [`Direction::unit`].
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

/// The twelve face diagonals of the cube, opposite pairs next to each other: the directions
/// to the twelve neighbours in the face-centred cubic lattice (scaled by the grid's block).
const DIAGONALS: [(Cell, &str); 12] = [
    ([1, 1, 0], "+x+y"),
    ([-1, -1, 0], "-x-y"),
    ([-1, 1, 0], "-x+y"),
    ([1, -1, 0], "+x-y"),
    ([1, 0, 1], "+x+z"),
    ([-1, 0, -1], "-x-z"),
    ([-1, 0, 1], "-x+z"),
    ([1, 0, -1], "+x-z"),
    ([0, 1, 1], "+y+z"),
    ([0, -1, -1], "-y-z"),
    ([0, -1, 1], "-y+z"),
    ([0, 1, -1], "+y-z"),
];

/// The eight cube corners, opposite pairs next to each other.
const CORNERS: [(Cell, &str); 8] = [
    ([1, 1, 1], "+x+y+z"),
    ([-1, -1, -1], "-x-y-z"),
    ([-1, 1, 1], "-x+y+z"),
    ([1, -1, -1], "+x-y-z"),
    ([1, -1, 1], "+x-y+z"),
    ([-1, 1, -1], "-x+y-z"),
    ([1, 1, -1], "+x+y-z"),
    ([-1, -1, 1], "-x-y+z"),
];

/// The cube's six axis directions (the first six of [`UNITS`]).
const AXES: &[(Cell, &str)] = UNITS.split_at(6).0;

/// The families of steps after [`UNITS`], in direction numbers from 12 on: each a table of
/// directions and the length of a step along them (in grid coordinates, per unit of the
/// table's vectors).
const FAMILIES: [(&[(Cell, &str)], i32); 8] = [
    // Spheres: to the twelve neighbouring balls, then two voxels along an axis.
    (&DIAGONALS, 1),
    (AXES, 2),
    // Tetrahedra-octahedra: along the twelve edges, then two blocks along an axis.
    (&DIAGONALS, 3),
    (AXES, 6),
    // Rhombic dodecahedra: one block to each of the 26 around it.
    (AXES, 5),
    (&DIAGONALS, 5),
    (&CORNERS, 5),
    // (An end marker: no directions.)
    (&[], 0),
];

/// The first direction number of family `f` of [`FAMILIES`].
const fn family_start(f: usize) -> u8 {
    let mut at = UNITS.len();
    let mut i = 0;
    while i < f {
        at += FAMILIES[i].0.len();
        i += 1;
    }
    at as u8
}

/// `N` directions numbered from `base`.
const fn run<const N: usize>(base: u8) -> [Direction; N] {
    let mut out = [Direction(0); N];
    let mut i = 0;
    while i < N {
        out[i] = Direction(base + i as u8);
        i += 1;
    }
    out
}

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

    /// The sphere grid's eighteen: one step to each of the twelve neighbouring balls, then
    /// two voxels along each axis.
    pub const SPHERES: [Direction; 18] = run(family_start(0));

    /// The tetrahedra-octahedra grid's eighteen: one edge of the tetrahedra and octahedra in
    /// each of its twelve directions, then two blocks along each axis.
    pub const TETRA_OCTA: [Direction; 18] = run(family_start(2));

    /// The rhombic grid's twenty-six: one block along an axis (six), along a face diagonal, to
    /// a neighbouring dodecahedron across a face (twelve), along a space diagonal (eight).
    pub const RHOMBIC: [Direction; 26] = run(family_start(4));

    /// The offset of one unit step this way.
    pub fn unit(self) -> Cell {
        self.table().0
    }

    /// The step's vector and its name.
    fn table(self) -> (Cell, &'static str) {
        let i = usize::from(self.0);
        if i < UNITS.len() {
            return UNITS[i];
        }
        let f = (0..FAMILIES.len())
            .rfind(|&f| usize::from(family_start(f)) <= i)
            .expect("the families follow the table");
        let (table, scale) = FAMILIES[f];
        let (v, name) = table[i - usize::from(family_start(f))];
        (v.map(|x| x * scale), name)
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
        self.table().1
    }
}
