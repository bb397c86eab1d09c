use super::*;
use std::collections::BTreeSet;

fn set(v: &[Cell]) -> BTreeSet<Cell> {
    v.iter().copied().collect()
}

/// Cells of `grid` in `0..n` on every axis.
fn cells(grid: Grid, n: i32) -> Vec<Cell> {
    let mut v = Vec::new();
    for z in 0..n {
        for y in 0..n {
            for x in 0..n {
                if grid.is_cell([x, y, z]) {
                    v.push([x, y, z]);
                }
            }
        }
    }
    v
}

#[test]
fn on_cubes_a_step_sweeps_the_cube_ahead_only() {
    for d in Direction::ALL {
        for c in [[0, 0, 0], [3, -1, 2]] {
            assert_eq!(Grid::Cubes.swept(d, c), [d.unit()], "{d:?}");
        }
    }
}

/// BurrTools' `movementcache_1.cpp` table `checks` for the prisms, by the triangle's direction
/// (`x + y` even: pointing up), for each of its four directions (±z, ±x, ±(x+y), ±(−x+y) in
/// `Direction::PRISMS` order): along the layers the prism ahead; along an edge of the
/// triangle, one edge length: the neighbour across the edge it leaves by, then the triangle it
/// lands on. A step the other way is the mirror image (a half turn swaps up and down).
fn burrtools_prism_checks(k: usize, up: bool) -> Vec<Cell> {
    const UP: [&[Cell]; 4] = [
        &[[0, 0, 1]],
        &[[1, 0, 0], [2, 0, 0]],
        &[[1, 0, 0], [1, 1, 0]],
        &[[-1, 0, 0], [-1, 1, 0]],
    ];
    const DOWN: [&[Cell]; 4] = [
        &[[0, 0, 1]],
        &[[1, 0, 0], [2, 0, 0]],
        &[[0, 1, 0], [1, 1, 0]],
        &[[0, 1, 0], [-1, 1, 0]],
    ];
    let forward = k.is_multiple_of(2);
    // Backwards, an up prism sweeps the negated cells a down one sweeps forwards.
    let table = if up == forward { &UP } else { &DOWN };
    let sign = if forward { 1 } else { -1 };
    table[k / 2].iter().map(|c| c.map(|v| sign * v)).collect()
}

#[test]
fn on_prisms_the_geometry_gives_burrtools_table() {
    for (k, &d) in Direction::PRISMS.iter().enumerate() {
        for c in [[0, 0, 0], [1, 0, 0], [3, -2, 1], [-1, 4, 2i32]] {
            let up = (c[0] + c[1]).rem_euclid(2) == 0;
            let want = burrtools_prism_checks(k, up);
            let got = Grid::TriangularPrisms.swept(d, c);
            assert_eq!(set(got), set(&want), "{d:?} from {c:?}");
            assert_eq!(got.last(), Some(&d.unit()), "lands last");
        }
    }
}

/// Every grid's steps are translations of the grid, in opposite pairs, distinct.
#[test]
fn directions_are_translations_in_opposite_pairs() {
    for grid in Grid::ALL {
        let dirs = grid.directions();
        let units: BTreeSet<Cell> = dirs.iter().map(|d| d.unit()).collect();
        assert_eq!(units.len(), dirs.len(), "{grid:?}: distinct");
        for &d in dirs {
            assert!(grid.is_translation(d.unit()), "{grid:?} {d:?}");
            assert_eq!(d.opposite().unit(), d.unit().map(|v| -v), "{grid:?} {d:?}");
            assert!(dirs.contains(&d.opposite()), "{grid:?} {d:?}");
        }
    }
}

/// A step back from where a step landed sweeps the same cells in between and lands where it
/// started, on every grid, from every class of cell.
#[test]
fn steps_there_and_back_sweep_the_same_cells() {
    for grid in Grid::ALL {
        for c in cells(grid, 6) {
            for &d in grid.directions() {
                let u = d.unit();
                let there = grid.swept(d, c);
                assert_eq!(there.last(), Some(&u), "{grid:?} {d:?} lands one step on");
                let end = add(c, u);
                let abs = |from: Cell, v: &[Cell]| -> BTreeSet<Cell> {
                    v.iter().map(|&o| add(from, o)).collect()
                };
                let mut a = abs(c, there);
                a.remove(&end);
                let mut b = abs(end, grid.swept(d.opposite(), end));
                assert!(
                    b.remove(&c),
                    "{grid:?} {d:?} from {c:?}: back where it started"
                );
                assert_eq!(a, b, "{grid:?} {d:?} from {c:?}: the same cells in between");
            }
        }
    }
}

/// Searching further than [`margin`] finds nothing more (a sample of classes and directions).
#[test]
fn the_margin_is_wide_enough() {
    for grid in Grid::ALL {
        for c in cells(grid, 6).into_iter().step_by(7).take(4) {
            for &d in grid.directions().iter().step_by(3) {
                assert_eq!(
                    compute(grid, c, d.unit(), 0),
                    compute(grid, c, d.unit(), 2),
                    "{grid:?} {d:?} from {c:?}"
                );
            }
        }
    }
}

/// Balls: the centres' distance sampled at `t = i / 64` (exact integers) is below the
/// diameter for the cells swept, and never for the others.
#[test]
fn ball_sweeps_agree_with_sampling() {
    let n = 64;
    for &d in &Direction::SPHERES {
        let u = d.unit();
        let got = set(Grid::Spheres.swept(d, [0; 3]));
        let mut sampled = BTreeSet::new();
        for o in cells(Grid::Spheres, 8)
            .into_iter()
            .map(|c| c.map(|v| v - 4))
        {
            let hit = o != [0; 3]
                && (1..=n).any(|i| {
                    let e = [0, 1, 2].map(|k| i64::from(n * o[k] - i * u[k]));
                    e.iter().map(|v| v * v).sum::<i64>() < 2 * i64::from(n * n)
                });
            if hit {
                sampled.insert(o);
            }
        }
        assert_eq!(got, sampled, "{d:?}");
    }
}

/// Polyhedra: at `t = i / N` the interiors of the moved cell and another meet iff their
/// intersection is a solid: among the corners of the intersection (points on three of the two
/// cells' face planes, inside all of them; exact integers, homogeneous) four are affinely
/// independent. The cells met at some sampled `t` are those the exact test names (a sample of
/// classes and directions; every one in `every_polyhedron_sweep_agrees_with_sampling`).
#[test]
fn polyhedron_sweeps_agree_with_sampling() {
    let cases: [(Grid, &[Cell], usize); 3] = [
        (Grid::TriangularPrisms, &[[0, 0, 0], [1, 0, 0]], 1),
        (
            Grid::TetrahedraOctahedra,
            &[[1, 1, 1], [2, 0, 0], [5, 2, 0]],
            5,
        ),
        (Grid::RhombicDodecahedra, &[[2, 1, 0]], 5),
    ];
    for (grid, starts, every) in cases {
        for &c in starts {
            for &d in grid.directions().iter().step_by(every) {
                assert_sampled(grid, c, d, 8);
            }
        }
    }
}

/// Every class of cell and every direction of the polyhedral grids, finer in `t`: all agree
/// (117 s in a debug build on the loaded 2-core machine, 26 directions on the rhombic grid).
#[test]
#[ignore = "slow: every class and direction"]
fn every_polyhedron_sweep_agrees_with_sampling() {
    for grid in [
        Grid::Cubes,
        Grid::TriangularPrisms,
        Grid::TetrahedraOctahedra,
        Grid::RhombicDodecahedra,
    ] {
        for c in cells(grid, 6) {
            if representative(grid, c) == c {
                for &d in grid.directions() {
                    assert_sampled(grid, c, d, 16);
                }
            }
        }
    }
}

/// The cells met at some `t = i / n` ([`solid_overlap`]) are those `grid.swept` names.
fn assert_sampled(grid: Grid, c: Cell, d: Direction, n: i64) {
    let p = polyhedron(grid, c).unwrap();
    let u = d.unit();
    let v = displacement(grid, c, u, &p);
    let (plo, phi) = bounds(&p);
    let (lo, hi) = (
        [0, 1, 2].map(|k| plo[k] + v[k].min(0)),
        [0, 1, 2].map(|k| phi[k] + v[k].max(0)),
    );
    let m = margin(grid) + 1;
    let mut sampled = BTreeSet::new();
    for z in u[2].min(0) - m..=u[2].max(0) + m {
        for y in u[1].min(0) - m..=u[1].max(0) + m {
            for x in u[0].min(0) - m..=u[0].max(0) + m {
                let o = [x, y, z];
                let Some(q) = polyhedron(grid, add(c, o)).filter(|_| o != [0; 3]) else {
                    continue;
                };
                // Boxes apart (or touching): the solids are too.
                let (qlo, qhi) = bounds(&q);
                if (0..3).any(|k| qhi[k] <= lo[k] || qlo[k] >= hi[k]) {
                    continue;
                }
                if (1..=n).any(|i| solid_overlap(&p, v, i, n, &q)) {
                    sampled.insert(o);
                }
            }
        }
    }
    assert_eq!(set(grid.swept(d, c)), sampled, "{grid:?} {d:?} from {c:?}");
}

/// Outward planes `n·x <= h` of a convex polyhedron, its coordinates scaled by `s` and moved
/// by `shift` (already scaled).
fn planes(p: &Polyhedron, s: i64, shift: [i64; 3]) -> Vec<([i128; 3], i128)> {
    p.faces
        .iter()
        .map(|f| {
            let [a, b, c] = [f[0], f[1], f[2]].map(|i| p.vertices[i]);
            let e = [0, 1, 2].map(|k| i128::from(b[k] - a[k]));
            let g = [0, 1, 2].map(|k| i128::from(c[k] - a[k]));
            let n = [
                e[1] * g[2] - e[2] * g[1],
                e[2] * g[0] - e[0] * g[2],
                e[0] * g[1] - e[1] * g[0],
            ];
            let at = [0, 1, 2].map(|k| i128::from(a[k] * s + shift[k]));
            (n, n[0] * at[0] + n[1] * at[1] + n[2] * at[2])
        })
        .collect()
}

fn det3(m: [[i128; 3]; 3]) -> i128 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// Whether `p` moved by `(i / n)·v` and `q` share interior points (see
/// [`polyhedron_sweeps_agree_with_sampling`]). Coordinates are scaled by `n`.
fn solid_overlap(p: &Polyhedron, v: [i64; 3], i: i64, n: i64, q: &Polyhedron) -> bool {
    let mut all = planes(p, n, v.map(|x| x * i));
    all.extend(planes(q, n, [0; 3]));
    // Corners as (X, D): the point X / D, D > 0, in lowest terms.
    let mut corners: Vec<[i128; 4]> = Vec::new();
    for a in 0..all.len() {
        for b in a + 1..all.len() {
            for c in b + 1..all.len() {
                let rows = [all[a].0, all[b].0, all[c].0];
                let rhs = [all[a].1, all[b].1, all[c].1];
                let den = det3(rows);
                if den == 0 {
                    continue;
                }
                let mut x = [0i128; 3];
                for (k, xk) in x.iter_mut().enumerate() {
                    let mut m = rows;
                    for r in 0..3 {
                        m[r][k] = rhs[r];
                    }
                    *xk = det3(m);
                }
                let (mut x, mut den) = (x, den);
                if den < 0 {
                    x = x.map(|t| -t);
                    den = -den;
                }
                let g = x.iter().fold(den, |g, &t| gcd(g, t));
                let pt = [x[0] / g, x[1] / g, x[2] / g, den / g];
                let inside = all
                    .iter()
                    .all(|(nn, h)| nn[0] * pt[0] + nn[1] * pt[1] + nn[2] * pt[2] <= h * pt[3]);
                if inside && !corners.contains(&pt) {
                    corners.push(pt);
                }
            }
        }
    }
    // Four affinely independent corners: a non-zero 4×4 determinant of homogeneous rows.
    let det4 = |r: [[i128; 4]; 4]| -> i128 {
        (0..4)
            .map(|col| {
                let minor = [1, 2, 3].map(|row| {
                    let mut m = [0i128; 3];
                    let mut j = 0;
                    for (k, &e) in r[row].iter().enumerate() {
                        if k != col {
                            m[j] = e;
                            j += 1;
                        }
                    }
                    m
                });
                let sign = if col % 2 == 0 { 1 } else { -1 };
                sign * r[0][col] * det3(minor)
            })
            .sum()
    };
    let k = corners.len();
    (0..k).any(|a| {
        (a + 1..k).any(|b| {
            (b + 1..k).any(|c| {
                (c + 1..k).any(|d| det4([corners[a], corners[b], corners[c], corners[d]]) != 0)
            })
        })
    })
}
