//! How far each piece can slide in each of the grid's directions while another piece stays put.
//!
//! This is the pairwise "movement matrix" of Bill Cutler's burr analysis: for a fixed piece `a`
//! and a moving piece `b`, the number of unit steps `b` can take in a direction before one of
//! its cells would enter a cell of `a`, or [`FREE`] when no cell of `a` lies ahead of any cell of
//! `b`. A group of pieces can slide `s` steps exactly when every piece outside it allows every
//! piece inside it at least `s`: one table answers every group.
//!
//! The grid says which directions there are ([`Grid::directions`]) and which cells one unit
//! step of a cell sweeps through ([`Grid::swept`], computed from the cells' shapes): on cubes
//! the cell ahead (the cube grid keeps a direct loop over cells on one axis line); on
//! triangular prisms, sliding one edge length along an edge of the triangle, the neighbouring
//! triangle it passes and the one it lands on (BurrTools' `movementcache_1.cpp`); on the other
//! grids whatever the solids meet. Off the cube grid each piece's one-step sweep and its cells
//! sorted into lines along each direction are prepared once per search ([`PieceShapes`]), so a
//! position's table costs one look-up per swept cell and pair of pieces.

use crate::grid::{Direction, Grid};
use std::collections::HashMap;
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

/// The pieces of one (sub)assembly, prepared for the movement tables of every position.
pub struct PieceShapes<'a> {
    cells: &'a [Vec<Cell>],
    /// Off the cube grid, what each piece sweeps (see [`Paths`]).
    paths: Option<Paths>,
}

impl<'a> PieceShapes<'a> {
    /// Pieces with `cells` (relative to their own origin) on `grid`.
    pub fn new(grid: Grid, cells: &'a [Vec<Cell>]) -> PieceShapes<'a> {
        let paths = (grid != Grid::Cubes).then(|| Paths::new(grid, cells));
        PieceShapes { cells, paths }
    }
}

/// For each direction pair (`+u`, `−u`) of the grid: the cells each piece passes through in
/// one step `+u` (the union of its cells' [`Grid::swept`], relative to the piece's origin),
/// and each piece's cells sorted into lines along `u` (a line's key: its point with the
/// smallest non-negative multiple-of-`u` coordinate, see [`line`]; the positions along it,
/// sorted).
struct Paths {
    directions: &'static [Direction],
    swept: Vec<Vec<Vec<Cell>>>,
    lines: Vec<Vec<HashMap<Cell, Vec<i32>>>>,
}

impl Paths {
    fn new(grid: Grid, cells: &[Vec<Cell>]) -> Paths {
        let directions = grid.directions();
        let mut swept = Vec::new();
        let mut lines = Vec::new();
        for k in (0..directions.len()).step_by(2) {
            let d = directions[k];
            debug_assert_eq!(directions[k + 1], d.opposite());
            let u = d.unit();
            swept.push(
                cells
                    .iter()
                    .map(|piece| {
                        let mut s: Vec<Cell> = piece
                            .iter()
                            .flat_map(|&w| grid.swept(d, w).iter().map(move |&c| add(w, c)))
                            .collect();
                        s.sort_unstable();
                        s.dedup();
                        s
                    })
                    .collect(),
            );
            lines.push(
                cells
                    .iter()
                    .map(|piece| {
                        let mut m: HashMap<Cell, Vec<i32>> = HashMap::new();
                        for &c in piece {
                            let (key, at) = line(c, u);
                            m.entry(key).or_default().push(at);
                        }
                        m.values_mut().for_each(|v| v.sort_unstable());
                        m
                    })
                    .collect(),
            );
        }
        Paths {
            directions,
            swept,
            lines,
        }
    }

    /// How many steps `+u` (direction pair `j`) piece `b` at `rel` (relative to `a`) can take
    /// before a step sweeps a cell of `a`.
    fn free(&self, j: usize, a: usize, b: usize, rel: Cell) -> u32 {
        let u = self.directions[2 * j].unit();
        let lines = &self.lines[j][a];
        let mut m = FREE;
        for &x in &self.swept[j][b] {
            let (key, at) = line(add(x, rel), u);
            if let Some(v) = lines.get(&key) {
                // The first cell of `a` at or ahead of `x` on its line.
                let i = v.partition_point(|&p| p < at);
                if let Some(&p) = v.get(i) {
                    m = m.min((p - at).unsigned_abs());
                }
            }
        }
        m
    }
}

/// The line through `c` along `u` (non-zero): its point whose coordinate on `u`'s first
/// non-zero axis lies in `0..|u|` there, and `c`'s position along it (`c = key + at·u`).
fn line(c: Cell, u: Cell) -> (Cell, i32) {
    let k = (0..3).find(|&i| u[i] != 0).expect("a step moves");
    let at = c[k].div_euclid(u[k]);
    ([0, 1, 2].map(|i| c[i] - at * u[i]), at)
}

impl Movement {
    /// The table for `pieces` at `offsets`.
    pub fn new(pieces: &PieceShapes<'_>, offsets: &[Cell]) -> Movement {
        match &pieces.paths {
            None => Movement::cubes(pieces.cells, offsets),
            Some(paths) => Movement::swept(paths, offsets),
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

    /// Any grid: `b` can take `s` steps `+u` past `a` when no cell its `(s + 1)`-th step sweeps
    /// is one of `a`'s, i.e. when `a` has no cell on a line along `u` through a cell of `b`'s
    /// one-step sweep, fewer than `s` steps ahead. The directions come in opposite pairs
    /// (`k`, `k + 1`): `b` going `+u` past `a` is `a` going `−u` past `b`.
    fn swept(paths: &Paths, offsets: &[Cell]) -> Movement {
        let n = offsets.len();
        let directions = paths.directions;
        let mut free = vec![FREE; directions.len() * n * n];
        for k in (0..directions.len()).step_by(2) {
            for b in 0..n {
                for a in (0..n).filter(|&a| a != b) {
                    let rel = [0, 1, 2].map(|i| offsets[b][i] - offsets[a][i]);
                    let m = paths.free(k / 2, a, b, rel);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_directions_pair_up() {
        let all = [
            &Direction::ALL[..],
            &Direction::PRISMS,
            &Direction::SPHERES,
            &Direction::TETRA_OCTA,
            &Direction::RHOMBIC,
        ];
        for d in all.concat() {
            assert_eq!(d.opposite().unit(), d.unit().map(|v| -v));
        }
    }

    /// Off the cube grid the table (lines along each direction, the pieces' one-step sweeps)
    /// equals a plain loop: the first step `s + 1` at which a cell of `b`, moved `s` steps,
    /// sweeps a cell of `a` ([`Grid::swept`]), on random pieces at random offsets.
    #[test]
    fn table_equals_a_plain_loop() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for grid in [
            Grid::TriangularPrisms,
            Grid::Spheres,
            Grid::TetrahedraOctahedra,
            Grid::RhombicDodecahedra,
        ] {
            let region: Vec<Cell> = (0..12 * 12 * 12)
                .map(|i| [i % 12, (i / 12) % 12, i / 144])
                .filter(|&c| grid.is_cell(c))
                .collect();
            for _ in 0..2 {
                let n = 3;
                let cells: Vec<Vec<Cell>> = (0..n)
                    .map(|_| {
                        (0..6)
                            .map(|_| region[rng.gen_range(0..region.len())])
                            .collect()
                    })
                    .collect();
                let offsets: Vec<Cell> = (0..n)
                    .map(|_| {
                        let d = grid.directions();
                        let a = d[rng.gen_range(0..d.len())].unit();
                        let b = d[rng.gen_range(0..d.len())].unit();
                        add(a, b)
                    })
                    .collect();
                let m = Movement::new(&PieceShapes::new(grid, &cells), &offsets);
                for (k, &d) in grid.directions().iter().enumerate() {
                    let u = d.unit();
                    for a in 0..n {
                        let fixed: std::collections::HashSet<Cell> =
                            cells[a].iter().map(|&v| add(v, offsets[a])).collect();
                        for b in (0..n).filter(|&b| b != a) {
                            let hit = |s: i32| {
                                cells[b].iter().any(|&w| {
                                    let at = add(add(w, offsets[b]), u.map(|x| x * s));
                                    grid.swept(d, at)
                                        .iter()
                                        .any(|&o| fixed.contains(&add(at, o)))
                                })
                            };
                            let plain = (0..30).find(|&s| hit(s)).map_or(FREE, |s| s as u32);
                            assert_eq!(m.free(k, a, b), plain, "{grid:?} {d:?} {a} {b}");
                        }
                    }
                }
            }
        }
    }
}
