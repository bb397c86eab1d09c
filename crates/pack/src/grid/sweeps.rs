//! The cells one step of a slide passes through, computed from the cells' shapes
//! ([`wurfel_geom::solid`]) with the exact test of [`wurfel_geom::sweep`]: the offsets `o` such
//! that the cell at `c`, moved by `t·u` for some `t` in `(0, 1]`, overlaps the interior of the
//! cell at `c + o`. The step `u` is a translation of the grid, so the table depends only on
//! the class of `c` under the grid's translations (its position in a block; on the
//! tetrahedra-octahedra grid also the block's parity) and is computed once per grid.
//!
//! On cubes this gives the cube ahead, on triangular prisms BurrTools' `movementcache_1.cpp`
//! table (both checked in the tests); on spheres, rhombic dodecahedra and tetrahedra-octahedra
//! there is no BurrTools reference, and the geometry is all there is.

use super::{Direction, Grid};
use std::collections::HashMap;
use std::sync::LazyLock;
use wurfel_geom::solid::{self, Polyhedron, BALL_DIAMETER_SQUARED};
use wurfel_geom::sweep::{ball_sweeps, Moving};
use wurfel_geom::Cell;

/// The polyhedron of cell `c`, `None` on spheres (balls) and off the grid.
pub(super) fn polyhedron(grid: Grid, c: Cell) -> Option<Polyhedron> {
    match grid {
        Grid::Cubes => Some(solid::cube(c.map(i64::from))),
        Grid::TriangularPrisms => Some(solid::prism(c.map(i64::from))),
        Grid::RhombicDodecahedra => solid::rhombic(c),
        Grid::TetrahedraOctahedra => solid::tetra_octa(c),
        Grid::Spheres => None,
    }
}

/// How far (in voxels, beyond the step's own extent) a swept cell can lie: a cell's solid lies
/// in its block (5 sub-voxels on the rhombic grid, 3 on tetrahedra-octahedra), so what a step
/// meets lies in the blocks between the start's and the end's; a prism spans two half edges
/// (one neighbour on either side in a row); balls `√2` wide reach the next voxel.
fn margin(grid: Grid) -> i32 {
    match grid {
        Grid::RhombicDodecahedra => 4,
        Grid::TetrahedraOctahedra => 2,
        Grid::Cubes | Grid::TriangularPrisms | Grid::Spheres => 1,
    }
}

fn add(a: Cell, b: Cell) -> Cell {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// The offsets of the cells that cell `c` of `grid` passes through in one step by `u` (a
/// translation of the grid), the cell it lands on (`u`) last, the others sorted; searched
/// `extra` voxels beyond [`margin`] (0 but in tests).
pub(super) fn compute(grid: Grid, c: Cell, u: Cell, extra: i32) -> Vec<Cell> {
    let m = margin(grid) + extra;
    let r = |k: usize| (u[k].min(0) - m)..=(u[k].max(0) + m);
    let p = polyhedron(grid, c);
    let v = p.as_ref().map(|p| displacement(grid, c, u, p));
    let moving = p.as_ref().zip(v).map(|(p, v)| Moving::new(p, v));
    // The box the moving polyhedron stays in: a cell whose box is apart (or touches) is not
    // met, a quick test before the exact one.
    let reach = p.as_ref().zip(v).map(|(p, v)| {
        let (lo, hi) = bounds(p);
        (
            [0, 1, 2].map(|k| lo[k] + v[k].min(0)),
            [0, 1, 2].map(|k| hi[k] + v[k].max(0)),
        )
    });
    let mut out = Vec::new();
    for z in r(2) {
        for y in r(1) {
            for x in r(0) {
                let o = [x, y, z];
                let q = add(c, o);
                if o == [0; 3] || !grid.is_cell(q) {
                    continue;
                }
                let hit = match (&moving, reach) {
                    (Some(m), Some((lo, hi))) => polyhedron(grid, q).is_some_and(|q| {
                        let (qlo, qhi) = bounds(&q);
                        (0..3).all(|k| qhi[k] > lo[k] && qlo[k] < hi[k]) && m.sweeps(&q)
                    }),
                    _ => ball_sweeps(u.map(i64::from), o.map(i64::from), BALL_DIAMETER_SQUARED),
                };
                if hit {
                    out.push(o);
                }
            }
        }
    }
    out.sort_by_key(|&o| (o == u, o));
    out
}

/// The smallest and largest coordinates of the polyhedron's vertices.
fn bounds(p: &Polyhedron) -> ([i64; 3], [i64; 3]) {
    let lo = [0, 1, 2].map(|k| p.vertices.iter().map(|w| w[k]).min().unwrap_or(0));
    let hi = [0, 1, 2].map(|k| p.vertices.iter().map(|w| w[k]).max().unwrap_or(0));
    (lo, hi)
}

/// The translation of `c`'s polyhedron onto `c + u`'s (in polyhedron coordinates).
fn displacement(grid: Grid, c: Cell, u: Cell, p: &Polyhedron) -> [i64; 3] {
    let q = polyhedron(grid, add(c, u)).expect("a translation of the grid maps cells to cells");
    let d = [0, 1, 2].map(|k| q.vertices[0][k] - p.vertices[0][k]);
    debug_assert!(
        p.vertices
            .iter()
            .zip(&q.vertices)
            .all(|(a, b)| (0..3).all(|k| b[k] - a[k] == d[k])),
        "a translation moves a cell's polyhedron onto another's"
    );
    d
}

/// A representative of `c`'s class under the grid's translations (`c` minus a translation).
fn representative(grid: Grid, c: Cell) -> Cell {
    match grid {
        // Every cell is a translate of every other.
        Grid::Cubes | Grid::Spheres => [0; 3],
        Grid::TriangularPrisms => [(c[0] + c[1]).rem_euclid(2), 0, 0],
        Grid::RhombicDodecahedra => c.map(|v| v.rem_euclid(5)),
        Grid::TetrahedraOctahedra => {
            let b = c.map(|v| v.div_euclid(3));
            let odd = (b[0] + b[1] + b[2]).rem_euclid(2);
            let s = c.map(|v| v.rem_euclid(3));
            [s[0] + 3 * odd, s[1], s[2]]
        }
    }
}

type Table = HashMap<(Cell, Direction), Vec<Cell>>;

/// Every class's sweeps along every direction of `grid`.
fn table(grid: Grid) -> Table {
    let mut reps: Vec<Cell> = Vec::new();
    for z in 0..6 {
        for y in 0..6 {
            for x in 0..6 {
                let c = [x, y, z];
                if grid.is_cell(c) && representative(grid, c) == c {
                    reps.push(c);
                }
            }
        }
    }
    let mut t = HashMap::new();
    for &c in &reps {
        for &d in grid.directions() {
            t.insert((c, d), compute(grid, c, d.unit(), 0));
        }
    }
    t
}

static TABLES: [LazyLock<Table>; 5] = [
    LazyLock::new(|| table(Grid::Cubes)),
    LazyLock::new(|| table(Grid::TriangularPrisms)),
    LazyLock::new(|| table(Grid::Spheres)),
    LazyLock::new(|| table(Grid::RhombicDodecahedra)),
    LazyLock::new(|| table(Grid::TetrahedraOctahedra)),
];

/// The cells (offsets from `c`) that cell `c` passes through in one step along `d`, the cell
/// it lands on last.
pub(super) fn swept(grid: Grid, d: Direction, c: Cell) -> &'static [Cell] {
    let t = &TABLES[grid.burrtools_type() as usize];
    t.get(&(representative(grid, c), d))
        .map_or(&[], Vec::as_slice)
}

#[cfg(test)]
#[path = "sweeps_tests.rs"]
mod tests;
