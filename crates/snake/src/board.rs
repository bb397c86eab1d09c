//! The box a chain folds into, as a 64-bit board, with its symmetry group as cell permutations.

use std::fmt;
use wurfel_geom::Iso;

/// The six unit steps, in the order of [`DIRECTION_LETTERS`]: +x, −x, +y, −y, +z, −z.
pub const DIRECTIONS: [[i32; 3]; 6] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
];

/// Move letters for [`DIRECTIONS`]. With `z` up (DESIGN.md) and the viewer in front looking
/// towards +y: R/L = ±x (right/left), B/F = ±y (back, away from the viewer / front), U/D = ±z
/// (up/down). The issue text wrote U/D = ±y and B/F = ±z, which would put "up" in the
/// horizontal plane under the project's z-up convention, so the letters follow the convention.
pub const DIRECTION_LETTERS: [char; 6] = ['R', 'L', 'B', 'F', 'U', 'D'];

/// Marks "no neighbour" in step tables.
pub(crate) const NONE: u8 = u8::MAX;

/// Why a box cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoxError {
    /// A side of zero.
    #[error("a box side must be at least 1")]
    Empty,
    /// More cells than one 64-bit word holds.
    #[error(
        "a {0}x{1}x{2} box has {3} cells; the folding search keeps the box in one 64-bit word, \
         so at most 64 cells (4x4x4) are supported"
    )]
    TooLarge(usize, usize, usize, usize),
}

/// A box `X×Y×Z` of at most 64 cells, numbered `x + X*(y + Y*z)` as in DESIGN.md.
#[derive(Clone, Debug)]
pub struct Board {
    dims: [usize; 3],
    n: usize,
    full: u64,
    coords: Vec<[i32; 3]>,
    /// `step[c][d]`: the cell one step from `c` in direction `d`, or [`NONE`].
    step: Vec<[u8; 6]>,
    /// `rays[(c * 6 + d) * rl + k]`: the `k` cells after `c` in direction `d` as a bit set,
    /// and the last of them, or `(0, NONE)` when they leave the box (`rl` = longest side).
    rays: Vec<(u64, u8)>,
    ray_len: usize,
    /// Bit sets of the cells that have a neighbour in direction `d` (used by bitboard shifts).
    has_nb: [u64; 6],
    /// Shift amount for direction `d`.
    shift: [u32; 6],
    /// Cells with `x + y + z` even.
    even: u64,
    /// The symmetries of the box (identity first) and which of them are proper rotations.
    isos: Vec<Iso>,
    rotation_mask: u64,
    /// `perm[g * n + c]`: image of cell `c` under symmetry `g`.
    perm: Vec<u8>,
}

impl Board {
    /// The cube box `side×side×side`.
    pub fn cube(side: usize) -> Result<Board, BoxError> {
        Board::new([side, side, side])
    }

    /// A box with the given dimensions (x, y, z).
    pub fn new(dims: [usize; 3]) -> Result<Board, BoxError> {
        if dims.contains(&0) {
            return Err(BoxError::Empty);
        }
        let n = dims.iter().try_fold(1usize, |a, &d| a.checked_mul(d));
        let n = match n {
            Some(n) if n <= 64 => n,
            _ => {
                return Err(BoxError::TooLarge(
                    dims[0],
                    dims[1],
                    dims[2],
                    n.unwrap_or(usize::MAX),
                ))
            }
        };
        let [nx, ny, _] = dims;
        let coords: Vec<[i32; 3]> = (0..n)
            .map(|c| {
                [
                    (c % nx) as i32,
                    ((c / nx) % ny) as i32,
                    (c / (nx * ny)) as i32,
                ]
            })
            .collect();
        let inside = |p: [i32; 3]| (0..3).all(|i| p[i] >= 0 && (p[i] as usize) < dims[i]);
        let index = |p: [i32; 3]| p[0] as usize + nx * (p[1] as usize + ny * p[2] as usize);
        let mut step = vec![[NONE; 6]; n];
        let mut has_nb = [0u64; 6];
        let mut even = 0u64;
        for (c, &p) in coords.iter().enumerate() {
            if (p[0] + p[1] + p[2]) % 2 == 0 {
                even |= 1 << c;
            }
            for (d, dv) in DIRECTIONS.iter().enumerate() {
                let q = [p[0] + dv[0], p[1] + dv[1], p[2] + dv[2]];
                if inside(q) {
                    step[c][d] = index(q) as u8;
                    has_nb[d] |= 1 << c;
                }
            }
        }
        let shift = [
            1,
            1,
            nx as u32,
            nx as u32,
            (nx * ny) as u32,
            (nx * ny) as u32,
        ];
        // The box's symmetries: isometries about the origin followed by the translation that
        // brings the image back onto the box. An isometry is a symmetry exactly when it maps the
        // dimensions onto themselves.
        let mut isos = Vec::new();
        let mut perm = Vec::new();
        let mut rotation_mask = 0u64;
        for iso in Iso::all() {
            let img: Vec<[i32; 3]> = coords.iter().map(|&p| iso.apply(p)).collect();
            let mut lo = [i32::MAX; 3];
            for p in &img {
                for i in 0..3 {
                    lo[i] = lo[i].min(p[i]);
                }
            }
            let moved: Vec<[i32; 3]> = img
                .iter()
                .map(|p| [p[0] - lo[0], p[1] - lo[1], p[2] - lo[2]])
                .collect();
            if moved.iter().all(|&p| inside(p)) {
                if iso.is_rotation() {
                    rotation_mask |= 1 << isos.len();
                }
                isos.push(iso);
                perm.extend(moved.iter().map(|&p| index(p) as u8));
            }
        }
        debug_assert_eq!(isos[0], Iso::IDENTITY);
        let ray_len = dims.iter().copied().max().unwrap_or(1);
        let mut rays = vec![(0u64, NONE); n * 6 * ray_len];
        for c in 0..n {
            for d in 0..6 {
                let (mut mask, mut at) = (0u64, c as u8);
                for k in 1..ray_len {
                    at = step[at as usize][d];
                    if at == NONE {
                        break;
                    }
                    mask |= 1 << at;
                    rays[(c * 6 + d) * ray_len + k] = (mask, at);
                }
            }
        }
        Ok(Board {
            dims,
            n,
            full: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
            rays,
            ray_len,
            coords,
            step,
            has_nb,
            shift,
            even,
            isos,
            rotation_mask,
            perm,
        })
    }

    /// Dimensions `[X, Y, Z]`.
    pub fn dims(&self) -> [usize; 3] {
        self.dims
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.n
    }

    /// Coordinates of cell `c`.
    pub fn coord(&self, c: usize) -> [i32; 3] {
        self.coords[c]
    }

    /// The cell at `p`, if inside.
    pub fn index(&self, p: [i32; 3]) -> Option<usize> {
        if (0..3).all(|i| p[i] >= 0 && (p[i] as usize) < self.dims[i]) {
            Some(p[0] as usize + self.dims[0] * (p[1] as usize + self.dims[1] * p[2] as usize))
        } else {
            None
        }
    }

    /// All cells as a bit set.
    pub fn full(&self) -> u64 {
        self.full
    }

    /// Cells with even `x + y + z`.
    pub fn even(&self) -> u64 {
        self.even
    }

    /// The neighbour of `c` in direction `d`, if inside.
    #[inline]
    pub(crate) fn step(&self, c: usize, d: usize) -> u8 {
        self.step[c][d]
    }

    /// The `k` cells after `c` in direction `d` and the last of them, or `(0, NONE)` if they
    /// do not all lie in the box.
    #[inline]
    pub(crate) fn ray(&self, c: usize, d: usize, k: usize) -> (u64, u8) {
        if k >= self.ray_len {
            return (0, NONE);
        }
        self.rays[(c * 6 + d) * self.ray_len + k]
    }

    /// Number of symmetries of the box (48 for a cube).
    pub fn group_size(&self) -> usize {
        self.isos.len()
    }

    /// The symmetries as isometries (identity first).
    pub fn isos(&self) -> &[Iso] {
        &self.isos
    }

    /// Bit `g` set when symmetry `g` is a proper rotation.
    pub fn rotation_mask(&self) -> u64 {
        self.rotation_mask
    }

    /// Image of cell `c` under symmetry `g`.
    #[inline]
    pub fn apply(&self, g: usize, c: usize) -> usize {
        self.perm[g * self.n + c] as usize
    }

    /// Bit mask with one bit per symmetry.
    pub(crate) fn group_mask(&self) -> u64 {
        if self.isos.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.isos.len()) - 1
        }
    }

    /// The cells whose neighbour in direction `d` belongs to `set` (one shift and one mask:
    /// the mask drops cells on the box face, whose shifted bit would wrap to another row).
    #[inline]
    fn toward(&self, set: u64, d: usize) -> u64 {
        let moved = if d & 1 == 0 {
            set >> self.shift[d]
        } else {
            set << self.shift[d]
        };
        moved & self.has_nb[d]
    }

    /// Hamiltonian-path feasibility test used by every search: can a path starting next to
    /// `head` still visit every cell of `free` (ending on a cell of `end_colour`)?
    ///
    /// Necessary conditions only, all by bit operations: every free cell other than the path's
    /// last one is entered and left, so it needs two neighbours in `free ∪ {head}`; hence at
    /// most one free cell may have fewer than two, none may have zero, and that one must have
    /// the colour the last cube will have.
    #[inline]
    pub(crate) fn dead_end_ok(&self, free: u64, head: usize, end_colour: u64) -> bool {
        if free == 0 {
            return true;
        }
        let open = free | (1u64 << head);
        let mut one = 0u64;
        let mut two = 0u64;
        for d in 0..6 {
            let a = self.toward(open, d);
            two |= one & a;
            one |= a;
        }
        if free & !one != 0 {
            return false;
        }
        let weak = free & !two;
        if weak == 0 {
            return true;
        }
        weak.count_ones() == 1 && weak & end_colour != 0
    }

    /// Whether every free cell can be reached from `head` through free cells (flood fill by
    /// shifts).
    #[inline]
    pub(crate) fn connected(&self, free: u64, head: usize) -> bool {
        if free == 0 {
            return true;
        }
        let mut seen = 1u64 << head;
        loop {
            let mut grow = seen;
            for d in 0..6 {
                grow |= self.toward(seen, d);
            }
            grow &= free | (1u64 << head);
            if grow == seen {
                return seen & free == free;
            }
            seen = grow;
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}x{}", self.dims[0], self.dims[1], self.dims[2])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_of_boxes() {
        let b = Board::cube(3).unwrap();
        assert_eq!(b.group_size(), 48);
        assert_eq!(b.rotation_mask().count_ones(), 24);
        assert_eq!(Board::new([2, 2, 3]).unwrap().group_size(), 16);
        assert_eq!(Board::new([2, 3, 4]).unwrap().group_size(), 8);
        assert!(Board::cube(5).is_err());
        assert_eq!(Board::cube(4).unwrap().full(), u64::MAX);
    }

    #[test]
    fn symmetries_are_permutations_fixing_adjacency() {
        let b = Board::new([2, 3, 3]).unwrap();
        for g in 0..b.group_size() {
            let mut seen = 0u64;
            for c in 0..b.cells() {
                seen |= 1 << b.apply(g, c);
                for d in 0..6 {
                    let s = b.step(c, d);
                    if s != NONE {
                        let (a, e) = (b.coord(b.apply(g, c)), b.coord(b.apply(g, s as usize)));
                        let dist: i32 = (0..3).map(|i| (a[i] - e[i]).abs()).sum();
                        assert_eq!(dist, 1);
                    }
                }
            }
            assert_eq!(seen, b.full());
        }
    }

    #[test]
    fn toward_matches_step_table() {
        let b = Board::cube(4).unwrap();
        let set = 0x9A3C_55F0_0F1E_2D4Bu64;
        for d in 0..6 {
            let want = (0..64)
                .filter(|&c| b.step(c, d) != NONE && set >> b.step(c, d) & 1 == 1)
                .fold(0u64, |m, c| m | 1 << c);
            assert_eq!(b.toward(set, d), want);
        }
    }
}
