//! The spheres grid (BurrTools `gridType` 2) in the engine.
//!
//! - The corpus `tests/data/burr/spheres/` (written by `make.py`: pyramids, an octahedral
//!   cluster, flat triangles and hexagons, a slab, random clumps, cut into random connected
//!   pieces, congruent ones merged into one shape with a count; two with colour constraints, two
//!   with piece groups): wurfel's `rotations_reflections` count equals the assemblies BurrTools
//!   0.6.4's `burrTxt -q` printed (recorded in `NAME.burrtxt` by `record.sh`; burrTxt has no
//!   disassembler on this grid, so only assemblies are compared).
//! - BurrTools' own example on this grid, `BallRoom.xmpuzzle` (`#[ignore]`: the file is GPL and
//!   not in this repository; `BURRTOOLS_EXAMPLES` names its folder) against `examples.burrtxt`.
//! - A brute-force reference on random small puzzles, independent of the engine's placement
//!   and symmetry code: the 120 rotations built here as the cube's 24 and the products
//!   `A·S·B` of two cube rotations with the turn `S` by 60° about the diagonal `(1, 1, 1)` (a
//!   layer of the packing turned in its plane), every image of a piece that lands on the
//!   lattice at every position of its first ball, a plain recursive exact cover, and orbits of
//!   its solutions under the target's rotations.

mod common;

use common::grids::{solve, CellSet};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeSet, HashSet};
use wurfel_geom::Cell;
use wurfel_pack::grid::Grid;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/burr/spheres");

#[test]
fn corpus_matches_burrtxt() {
    common::grids::corpus_matches_burrtxt(DIR, Grid::Spheres);
}

#[test]
#[ignore = "needs BurrTools' example files (GPL, not in this repository): BURRTOOLS_EXAMPLES"]
fn burrtools_examples_match_burrtxt() {
    common::grids::examples_match_burrtxt(DIR, Grid::Spheres);
}

// ---- brute-force reference ----

type Matrix = [[i32; 3]; 3];

fn mul(a: &Matrix, b: &Matrix) -> Matrix {
    [0, 1, 2].map(|r| [0, 1, 2].map(|c| (0..3).map(|k| a[r][k] * b[k][c]).sum::<i32>()))
}

/// The 120 rotations, times 9 (exact): the cube's 24 (signed permutation matrices of
/// determinant 1) and every `A·S·B`.
fn rotations() -> Vec<Matrix> {
    let mut cube = Vec::new();
    for p in [
        [0, 1, 2],
        [1, 2, 0],
        [2, 0, 1],
        [0, 2, 1],
        [2, 1, 0],
        [1, 0, 2],
    ] {
        for s in 0..8 {
            let mut m = [[0; 3]; 3];
            for r in 0..3 {
                m[r][p[r]] = if s >> r & 1 == 1 { -1 } else { 1 };
            }
            let d = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
            if d == 1 {
                cube.push(m);
            }
        }
    }
    assert_eq!(cube.len(), 24);
    // 60° about (1, 1, 1), times 3.
    let s: Matrix = [[2, -1, 2], [2, 2, -1], [-1, 2, 2]];
    let mut all: HashSet<Matrix> = cube.iter().map(|m| m.map(|r| r.map(|v| 9 * v))).collect();
    for a in &cube {
        for b in &cube {
            all.insert(mul(&mul(a, &s), b).map(|r| r.map(|v| 3 * v)));
        }
    }
    assert_eq!(all.len(), 120);
    all.into_iter().collect()
}

/// `cells` turned by `m` (times 9) about the first cell, that cell kept in place; `None` when
/// a ball lands off the lattice.
fn turn(m: &Matrix, cells: &[Cell]) -> Option<Vec<Cell>> {
    let f = cells[0];
    cells
        .iter()
        .map(|c| {
            let d = [0, 1, 2].map(|k| c[k] - f[k]);
            let e = m.map(|r| r[0] * d[0] + r[1] * d[1] + r[2] * d[2]);
            let on = e.iter().all(|v| v % 9 == 0) && (e[0] + e[1] + e[2]) / 9 % 2 == 0;
            on.then(|| [0, 1, 2].map(|k| e[k] / 9 + f[k]))
        })
        .collect()
}

/// (raw solutions, classes under the target's rotations), every piece distinct.
fn brute(target: &[Cell], pieces: &[Vec<Cell>]) -> (u64, u64) {
    let tset: HashSet<Cell> = target.iter().copied().collect();
    let rots = rotations();
    // Every rigid motion that maps `cells` onto lattice cells, applied: a rotation about the
    // first cell, then the first cell moved onto each target cell.
    let motions = |cells: &[Cell]| -> Vec<Vec<Cell>> {
        let f = cells[0];
        rots.iter()
            .filter_map(|m| turn(m, cells))
            .flat_map(|img| {
                target.iter().map(move |p| {
                    img.iter()
                        .map(|c| [0, 1, 2].map(|k| c[k] - f[k] + p[k]))
                        .collect()
                })
            })
            .collect()
    };
    let imgs: Vec<Vec<CellSet>> = pieces
        .iter()
        .map(|p| {
            let all: HashSet<CellSet> = motions(p)
                .into_iter()
                .map(|img| img.into_iter().collect::<CellSet>())
                .filter(|img| img.iter().all(|c| tset.contains(c)))
                .collect();
            all.into_iter().collect()
        })
        .collect();
    let mut sols = Vec::new();
    let mut empty: BTreeSet<Cell> = target.iter().copied().collect();
    solve(&imgs, &mut empty, &mut vec![None; pieces.len()], &mut sols);
    // The target's symmetries: the motions mapping it onto itself, as maps of its cells.
    let syms: Vec<std::collections::HashMap<Cell, Cell>> = motions(target)
        .into_iter()
        .filter(|img| img.iter().all(|c| tset.contains(c)))
        .map(|img| target.iter().copied().zip(img).collect())
        .collect();
    let classes: HashSet<Vec<CellSet>> = sols
        .iter()
        .map(|s| {
            syms.iter()
                .map(|g| {
                    s.iter()
                        .map(|p| p.iter().map(|c| g[c]).collect())
                        .collect::<Vec<CellSet>>()
                })
                .min()
                .unwrap()
        })
        .collect();
    (sols.len() as u64, classes.len() as u64)
}

/// The twelve neighbours of a ball; in a layer (`x + y + z` fixed), its six there.
fn neighbours(c: Cell, flat: bool) -> Vec<Cell> {
    let mut out = Vec::new();
    for d in [
        [1, 1, 0],
        [1, -1, 0],
        [1, 0, 1],
        [1, 0, -1],
        [0, 1, 1],
        [0, 1, -1],
    ] {
        for s in [1, -1] {
            let n = [0, 1, 2].map(|k| c[k] + s * d[k]);
            if !flat || n[0] + n[1] + n[2] == c[0] + c[1] + c[2] {
                out.push(n);
            }
        }
    }
    out
}

/// A random connected clump of `n` balls (flat: in one layer), cut into `k` connected pieces.
fn random_pieces(rng: &mut ChaCha8Rng, n: usize, k: usize, flat: bool) -> Vec<Vec<Cell>> {
    let mut balls = vec![[0, 0, 0]];
    while balls.len() < n {
        let next = neighbours(balls[rng.gen_range(0..balls.len())], flat);
        let b = next[rng.gen_range(0..next.len())];
        if !balls.contains(&b) {
            balls.push(b);
        }
    }
    let mut parts: Vec<Vec<Cell>> = balls[..k].iter().map(|&b| vec![b]).collect();
    let mut free: Vec<Cell> = balls[k..].to_vec();
    while !free.is_empty() {
        let p = rng.gen_range(0..k);
        let grow: Vec<usize> = (0..free.len())
            .filter(|&i| {
                parts[p]
                    .iter()
                    .any(|&b| neighbours(b, false).contains(&free[i]))
            })
            .collect();
        if !grow.is_empty() {
            let b = free.swap_remove(grow[rng.gen_range(0..grow.len())]);
            parts[p].push(b);
        }
    }
    parts
}

#[test]
fn engine_matches_brute_force_on_random_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut several = 0;
    for round in 0..32 {
        let flat = round % 2 == 0;
        let n = rng.gen_range(3..=9);
        let k = rng.gen_range(2..=n.min(4));
        let pieces = random_pieces(&mut rng, n, k, flat);
        let target: Vec<Cell> = pieces.iter().flatten().copied().collect();
        let (raw, rot) = brute(&target, &pieces);
        let c = common::grids::engine(Grid::Spheres, &target, &pieces);
        println!(
            "round {round} ({}): {n} balls {k} pieces: brute raw {raw} rot {rot}; engine raw {} \
             rot {}",
            if flat { "flat" } else { "solid" },
            c.0,
            c.1
        );
        assert_eq!(c, (raw, rot), "round {round}");
        assert!(raw > 0, "each puzzle is cut from its target, so solvable");
        several += (rot > 1) as u32;
    }
    assert!(several > 0, "some puzzles have more than one assembly");
}
