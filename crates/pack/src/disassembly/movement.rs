//! How far each piece can slide in each of the grid's directions while another piece stays put.
//!
//! This is the pairwise "movement matrix" of Bill Cutler's burr analysis: for a fixed piece `a`
//! and a moving piece `b`, the number of unit steps `b` can take in a direction before one of
//! its cells would enter a cell of `a`, or [`FREE`] when no cell of `a` lies ahead of any cell of
//! `b`. A group of pieces can slide `s` steps exactly when every piece outside it allows every
//! piece inside it at least `s`: one table answers every group.
//!
//! The grid says which directions there are ([`Grid::directions`]) and which cells one unit
//! step of a cell sweeps through ([`Grid::swept`]): on cubes the cell ahead; on triangular
//! prisms, sliding one edge length along an edge of the triangle, the neighbouring triangle it
//! passes and the one it lands on (BurrTools' `movementcache_1.cpp`).

use crate::grid::{Direction, Grid};
use wurfel_geom::Cell;

/// No obstacle ahead: the moving piece can slide away for ever.
pub const FREE: u32 = u32::MAX;

/// `free[k][a][b]`: how far piece `b` can slide in the grid's `k`-th direction while piece `a`
/// stays.
pub struct Movement {
    n: usize,
    directions: &'static [Direction],
    free: Vec<u32>,
}

impl Movement {
    /// The table for pieces with `cells` (relative to their own origin) at `offsets` on `grid`
    /// (a grid with directions).
    pub fn new(grid: Grid, cells: &[Vec<Cell>], offsets: &[Cell]) -> Movement {
        if grid == Grid::Cubes {
            Movement::cubes(cells, offsets)
        } else {
            Movement::swept(grid, cells, offsets)
        }
    }

    /// On cubes a cell blocks another exactly when they lie on one axis line.
    fn cubes(cells: &[Vec<Cell>], offsets: &[Cell]) -> Movement {
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
        Movement {
            n,
            directions: &Direction::ALL,
            free,
        }
    }

    /// Any grid: cell `w` of `b` stepping `s + 1` times along `u` is stopped by a cell of `a`
    /// in what its `(s + 1)`-th step sweeps (`w + s·u + swept`), so `b` can take `s` steps.
    /// The directions come in opposite pairs (`k`, `k + 1`): `b` going `+u` past `a` is `a`
    /// going `−u` past `b`.
    fn swept(grid: Grid, cells: &[Vec<Cell>], offsets: &[Cell]) -> Movement {
        let n = cells.len();
        let directions = grid.directions();
        let placed: Vec<Vec<Cell>> = (0..n)
            .map(|i| cells[i].iter().map(|c| add(*c, offsets[i])).collect())
            .collect();
        let mut free = vec![FREE; directions.len() * n * n];
        for k in (0..directions.len()).step_by(2) {
            let d = directions[k];
            debug_assert_eq!(directions[k + 1], d.opposite());
            let u = d.unit();
            for b in 0..n {
                for a in (0..n).filter(|&a| a != b) {
                    let mut m = FREE;
                    for &w in &placed[b] {
                        for &c in grid.swept(d, w) {
                            for v in &placed[a] {
                                let delta = [0, 1, 2].map(|i| v[i] - w[i] - c[i]);
                                if let Some(s) = steps_along(delta, u) {
                                    m = m.min(s);
                                }
                            }
                        }
                    }
                    free[Self::index(n, k, a, b)] = m;
                    free[Self::index(n, k + 1, b, a)] = m;
                }
            }
        }
        Movement {
            n,
            directions,
            free,
        }
    }

    fn index(n: usize, d: usize, fixed: usize, moving: usize) -> usize {
        (d * n + fixed) * n + moving
    }

    /// The grid's directions; `k` below indexes them.
    pub fn directions(&self) -> &'static [Direction] {
        self.directions
    }

    /// How far `moving` can slide in direction `k` while `fixed` stays.
    pub fn free(&self, k: usize, fixed: usize, moving: usize) -> u32 {
        self.free[Self::index(self.n, k, fixed, moving)]
    }

    /// The smallest group (bit set) containing `piece` that can slide `steps` in direction `k`
    /// while the rest stays: every piece that would be in the way joins, until none is.
    pub fn group(&self, piece: usize, k: usize, steps: u32) -> u64 {
        let mut group = 1u64 << piece;
        let mut todo = group;
        while todo != 0 {
            let i = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            for j in 0..self.n {
                if group & (1 << j) == 0 && self.free(k, j, i) < steps {
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

/// The `s ≥ 0` with `delta = s·u`, if there is one (`u` non-zero).
fn steps_along(delta: Cell, u: Cell) -> Option<u32> {
    let k = (0..3).find(|&i| u[i] != 0)?;
    if delta[k] % u[k] != 0 {
        return None;
    }
    let s = delta[k] / u[k];
    (s >= 0 && (0..3).all(|i| delta[i] == s * u[i])).then_some(s.unsigned_abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_along_a_direction() {
        assert_eq!(steps_along([4, 0, 0], [2, 0, 0]), Some(2));
        assert_eq!(steps_along([3, 0, 0], [2, 0, 0]), None);
        assert_eq!(steps_along([-3, 3, 0], [-1, 1, 0]), Some(3));
        assert_eq!(steps_along([3, -3, 0], [-1, 1, 0]), None);
        assert_eq!(steps_along([0, 0, 0], [1, 1, 0]), Some(0));
        assert_eq!(steps_along([1, 2, 0], [1, 1, 0]), None);
    }

    #[test]
    fn opposite_directions_pair_up() {
        for d in Direction::ALL.iter().chain(&Direction::PRISMS) {
            assert_eq!(d.opposite().unit(), d.unit().map(|v| -v));
        }
    }
}
