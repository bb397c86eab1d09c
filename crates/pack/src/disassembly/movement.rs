//! How far each piece can slide along each axis direction while another piece stays put.
//!
//! This is the pairwise "movement matrix" of Bill Cutler's burr analysis: for a fixed piece `a`
//! and a moving piece `b`, the number of unit steps `b` can take in a direction before one of
//! its cubes would enter a cube of `a`, or [`FREE`] when no cube of `a` lies ahead of any cube of
//! `b` on the same grid line. A group of pieces can slide `s` steps exactly when every piece
//! outside it allows every piece inside it at least `s`: one table answers every group.

use wurfel_geom::Cell;

/// No obstacle ahead: the moving piece can slide away for ever.
pub const FREE: u32 = u32::MAX;

/// One of the six axis directions, in the order searched: +x, -x, +y, -y, +z, -z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Direction(pub u8);

impl Direction {
    /// All six, in search order.
    pub const ALL: [Direction; 6] = [
        Direction(0),
        Direction(1),
        Direction(2),
        Direction(3),
        Direction(4),
        Direction(5),
    ];

    /// 0, 1 or 2 for x, y, z.
    pub fn axis(self) -> usize {
        usize::from(self.0 >> 1)
    }

    /// +1 or -1.
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
        let mut o = [0; 3];
        o[self.axis()] = self.sign() * steps;
        o
    }

    /// "+x", "-y", ...
    pub fn name(self) -> &'static str {
        ["+x", "-x", "+y", "-y", "+z", "-z"][usize::from(self.0)]
    }
}

/// `free[d][a][b]`: how far piece `b` can slide in direction `d` while piece `a` stays.
pub struct Movement {
    n: usize,
    free: Vec<u32>,
}

impl Movement {
    /// The table for pieces with `cells` (relative to their own origin) at `offsets`.
    pub fn new(cells: &[Vec<Cell>], offsets: &[Cell]) -> Movement {
        let n = cells.len();
        let mut free = vec![FREE; 6 * n * n];
        for a in 0..n {
            for b in a + 1..n {
                for v in &cells[a] {
                    let va = add(*v, offsets[a]);
                    for w in &cells[b] {
                        let wb = add(*w, offsets[b]);
                        let delta = [wb[0] - va[0], wb[1] - va[1], wb[2] - va[2]];
                        let Some(axis) = sole_axis(delta) else {
                            continue;
                        };
                        let gap = delta[axis].unsigned_abs() - 1;
                        // `b` ahead of `a` in +axis: `a` blocked going +, `b` going -.
                        let (plus, minus) = if delta[axis] > 0 { (a, b) } else { (b, a) };
                        let (other_plus, other_minus) = (minus, plus);
                        let dp = 2 * axis;
                        let i = Self::index(n, dp, other_plus, plus);
                        free[i] = free[i].min(gap);
                        let j = Self::index(n, dp + 1, other_minus, minus);
                        free[j] = free[j].min(gap);
                    }
                }
            }
        }
        Movement { n, free }
    }

    fn index(n: usize, d: usize, fixed: usize, moving: usize) -> usize {
        (d * n + fixed) * n + moving
    }

    /// How far `moving` can slide in `d` while `fixed` stays.
    pub fn free(&self, d: Direction, fixed: usize, moving: usize) -> u32 {
        self.free[Self::index(self.n, usize::from(d.0), fixed, moving)]
    }

    /// The smallest group (bit set) containing `piece` that can slide `steps` in `d` while
    /// the rest stays: every piece that would be in the way joins, until none is.
    pub fn group(&self, piece: usize, d: Direction, steps: u32) -> u64 {
        let mut group = 1u64 << piece;
        let mut todo = group;
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            for j in 0..self.n {
                if group & (1 << j) == 0 && self.free(d, j, i) < steps {
                    group |= 1 << j;
                    todo |= 1 << j;
                }
            }
        }
        group
    }

    /// The largest finite entry (a bound on useful step lengths).
    pub fn longest_finite(&self) -> u32 {
        self.free
            .iter()
            .copied()
            .filter(|&f| f != FREE)
            .max()
            .unwrap_or(0)
    }
}

fn add(a: Cell, b: Cell) -> Cell {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// The one axis along which `delta` is non-zero, if exactly one is.
fn sole_axis(delta: Cell) -> Option<usize> {
    match delta {
        [x, 0, 0] if x != 0 => Some(0),
        [0, y, 0] if y != 0 => Some(1),
        [0, 0, z] if z != 0 => Some(2),
        _ => None,
    }
}
