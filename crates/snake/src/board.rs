//! The box a chain folds into, as a 64-bit board, with its symmetry group as cell permutations.

use std::fmt;
use wurfel_geom::{BoxGrid, Iso};

pub use wurfel_geom::DIRECTIONS;

/// Move letters for [`DIRECTIONS`]. With `z` up and the viewer in front looking towards +y:
/// R/L = ±x (right/left), B/F = ±y (back, away from the viewer / front), U/D = ±z (up/down).
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

/// A box `X×Y×Z` of at most 64 cells, numbered as in [`BoxGrid`] (`x + X*(y + Y*z)`).
#[derive(Clone, Debug)]
pub struct Board {
    grid: BoxGrid,
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
        let grid = BoxGrid::new(dims);
        let [nx, ny, _] = dims;
        let coords: Vec<[i32; 3]> = (0..n).map(|c| grid.cell(c)).collect();
        let mut step = vec![[NONE; 6]; n];
        let mut has_nb = [0u64; 6];
        let mut even = 0u64;
        for (c, &p) in coords.iter().enumerate() {
            if (p[0] + p[1] + p[2]) % 2 == 0 {
                even |= 1 << c;
            }
            for (d, s) in step[c].iter_mut().enumerate() {
                if let Some(q) = grid.step(c, d) {
                    *s = q as u8;
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
        // The box's symmetries: the isometries that map its dimensions onto themselves.
        let mut isos = Vec::new();
        let mut perm = Vec::new();
        let mut rotation_mask = 0u64;
        for (iso, p) in grid.symmetries(&Iso::all()) {
            if iso.is_rotation() {
                rotation_mask |= 1 << isos.len();
            }
            isos.push(iso);
            perm.extend(p.iter().map(|&c| c as u8));
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
            grid,
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
        self.grid.index(p)
    }

    /// The box as a [`BoxGrid`] (numbering and layered text).
    pub fn grid(&self) -> &BoxGrid {
        &self.grid
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

    /// Symmetry breaking by least paths, one cell at a time: `stab` holds the symmetries that
    /// map the path so far onto itself (bit 0, the identity, always set). Appending cell `c`
    /// keeps the path least in its orbit unless one of them maps `c` to a smaller cell (then the
    /// image is a smaller path of the same orbit: `None`); those mapping `c` to a larger cell
    /// can never tie again and leave the stabiliser. Starting from [`Board::group_mask`] this is
    /// the test for a start cell.
    // `always`: the folding search calls this once per cube placed; with plain `#[inline]` the
    // king-46 count took 1.6% more instructions than the hand-inlined loop it replaced
    // (callgrind), with `always` 0.3%.
    #[inline(always)]
    pub(crate) fn extend_stabilizer(&self, stab: u64, c: usize) -> Option<u64> {
        let mut st = stab;
        let mut rest = stab & !1;
        while rest != 0 {
            let g = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let im = self.apply(g, c);
            if im < c {
                return None;
            }
            if im > c {
                st &= !(1 << g);
            }
        }
        Some(st)
    }

    /// The cells a path through every cell may start on (the colour argument): cells alternate
    /// colours along a path (each step changes x+y+z by one), so with one more cell of a colour
    /// the path must start and end on it; with equal numbers it may start on either colour.
    pub(crate) fn start_cells(&self) -> u64 {
        let even = self.even.count_ones();
        let odd = self.n as u32 - even;
        match even.cmp(&odd) {
            std::cmp::Ordering::Greater => self.even,
            std::cmp::Ordering::Less => self.full & !self.even,
            std::cmp::Ordering::Equal => self.full,
        }
    }

    /// The cells of the colour the last cell of a path through every cell, starting on
    /// `start`, has: the start's colour after `n - 1` alternations.
    pub(crate) fn end_colour(&self, start: usize) -> u64 {
        let start_even = self.even >> start & 1 == 1;
        if start_even == ((self.n - 1) & 1 == 0) {
            self.even
        } else {
            self.full & !self.even
        }
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
