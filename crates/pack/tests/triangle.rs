//! The triangular-prism grid (BurrTools `gridType` 1) in the engine.
//!
//! - The corpus `tests/data/burr/triangle/` (written by `make.py`: hexagons, large triangles,
//!   strips and random clumps, one to three layers, cut into random connected pieces,
//!   congruent ones merged into one shape with a count): wurfel's `rotations_reflections`
//!   count equals the assemblies BurrTools 0.6.4's `burrTxt -d` printed (recorded in
//!   `NAME.burrtxt` by `record.sh`; its solutions and levels are compared in
//!   `triangle_disassembly.rs`).
//! - BurrTools' own examples on this grid (`#[ignore]`: the files are GPL and not in this
//!   repository; `BURRTOOLS_EXAMPLES` names their folder) against `examples.burrtxt`.
//! - A brute-force reference on random small puzzles, independent of the engine's placement
//!   and symmetry code: the 12 rotations computed here from the triangles' centroids in
//!   floating point (as BurrTools' `transformPoint` does), translations with `x + y` even, a
//!   plain recursive exact cover, and orbits of the solutions under the target's symmetries.

mod common;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use wurfel_geom::Cell;
use wurfel_pack::grid::Grid;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/burr/triangle");

#[test]
fn corpus_matches_burrtxt() {
    common::grids::corpus_matches_burrtxt(DIR, Grid::TriangularPrisms);
}

#[test]
#[ignore = "needs BurrTools' example files (GPL, not in this repository): BURRTOOLS_EXAMPLES"]
fn burrtools_examples_match_burrtxt() {
    common::grids::examples_match_burrtxt(DIR, Grid::TriangularPrisms);
}

// ---- brute-force reference ----

/// Rotation `i < 12` by floating point, as BurrTools' `TriangleVoxel::transformPoint`: the
/// centroid of the triangle, turned by `60° · (i % 6)` after a half turn about the x axis
/// when `i ≥ 6`, back to the triangle containing it.
fn rotate(i: usize, c: Cell) -> Cell {
    let s = 0.75f64.sqrt();
    let x = 0.5 + 0.5 * c[0] as f64;
    let mut y = c[1] as f64 * s
        + if (c[0] + c[1]).rem_euclid(2) == 1 {
            (1.0f64 / 3.0).sqrt()
        } else {
            (1.0f64 / 12.0).sqrt()
        };
    let mut z = c[2] as f64;
    let mut x = x;
    if i >= 6 {
        x = -x;
        z = -z;
    }
    let a = std::f64::consts::PI / 3.0 * (i % 6) as f64;
    let (xr, yr) = (a.cos() * x - a.sin() * y, a.sin() * x + a.cos() * y);
    y = yr;
    let xn = (xr - 0.5) * 2.0;
    [xn.round() as i32, (y / s).floor() as i32, z.round() as i32]
}

use common::grids::{solve, CellSet};

/// Every image of `cells` under the rotations and translations `(dx, dy, dz)`, `dx + dy`
/// even, within `reach`.
fn images(cells: &[Cell], reach: i32) -> Vec<CellSet> {
    let mut out = Vec::new();
    for i in 0..12 {
        let r: Vec<Cell> = cells.iter().map(|&c| rotate(i, c)).collect();
        for dx in -reach..=reach {
            for dy in -reach..=reach {
                if (dx + dy).rem_euclid(2) != 0 {
                    continue;
                }
                for dz in -reach..=reach {
                    out.push(
                        r.iter()
                            .map(|c| [c[0] + dx, c[1] + dy, c[2] + dz])
                            .collect(),
                    );
                }
            }
        }
    }
    out
}

/// (raw solutions, classes under the target's rotations on the grid), every piece distinct.
fn brute(target: &[Cell], pieces: &[Vec<Cell>]) -> (u64, u64) {
    let tset: CellSet = target.iter().copied().collect();
    let imgs: Vec<Vec<CellSet>> = pieces
        .iter()
        .map(|p| {
            let all: HashSet<CellSet> = images(p, 12)
                .into_iter()
                .filter(|i| i.is_subset(&tset))
                .collect();
            all.into_iter().collect()
        })
        .collect();
    let mut sols = Vec::new();
    solve(
        &imgs,
        &mut tset.clone(),
        &mut vec![None; pieces.len()],
        &mut sols,
    );
    // The target's symmetries: its images equal to itself, each as a map of cells.
    let mut syms: Vec<Vec<(Cell, Cell)>> = Vec::new();
    for i in 0..12 {
        let r: Vec<Cell> = target.iter().map(|&c| rotate(i, c)).collect();
        let lo = |v: &[Cell], k: usize| v.iter().map(|c| c[k]).min().unwrap();
        let t = [0, 1, 2].map(|k| lo(target, k) - lo(&r, k));
        let moved: Vec<Cell> = r
            .iter()
            .map(|c| [c[0] + t[0], c[1] + t[1], c[2] + t[2]])
            .collect();
        if (t[0] + t[1]).rem_euclid(2) == 0 && moved.iter().copied().collect::<CellSet>() == tset {
            syms.push(target.iter().copied().zip(moved).collect());
        }
    }
    let classes: HashSet<Vec<CellSet>> = sols
        .iter()
        .map(|s| {
            syms.iter()
                .map(|m| {
                    let map: std::collections::HashMap<Cell, Cell> = m.iter().copied().collect();
                    s.iter()
                        .map(|p| p.iter().map(|c| map[c]).collect())
                        .collect::<Vec<CellSet>>()
                })
                .min()
                .unwrap()
        })
        .collect();
    (sols.len() as u64, classes.len() as u64)
}

/// A random connected clump of `n` prisms cut into `k` random connected pieces.
fn random_pieces(rng: &mut ChaCha8Rng, n: usize, k: usize) -> Vec<Vec<Cell>> {
    let nb = |c: Cell| -> [Cell; 5] {
        let [x, y, z] = c;
        let below = if (x + y).rem_euclid(2) == 0 {
            y - 1
        } else {
            y + 1
        };
        [
            [x - 1, y, z],
            [x + 1, y, z],
            [x, below, z],
            [x, y, z - 1],
            [x, y, z + 1],
        ]
    };
    let mut cells = vec![[0, 0, 0]];
    while cells.len() < n {
        let c = nb(cells[rng.gen_range(0..cells.len())])[rng.gen_range(0..5)];
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    let mut parts: Vec<Vec<Cell>> = cells[..k].iter().map(|&c| vec![c]).collect();
    let mut free: Vec<Cell> = cells[k..].to_vec();
    while !free.is_empty() {
        let p = rng.gen_range(0..k);
        let grow: Vec<usize> = (0..free.len())
            .filter(|&i| parts[p].iter().any(|&c| nb(c).contains(&free[i])))
            .collect();
        if !grow.is_empty() {
            parts[p].push(free.swap_remove(grow[rng.gen_range(0..grow.len())]));
        }
    }
    parts
}

#[test]
fn engine_matches_brute_force_on_random_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut several = 0;
    for round in 0..24 {
        let n = rng.gen_range(4..=10);
        let k = rng.gen_range(2..=n.min(4));
        let pieces = random_pieces(&mut rng, n, k);
        let target: Vec<Cell> = pieces.iter().flatten().copied().collect();
        let (raw, rot) = brute(&target, &pieces);
        let c = common::grids::engine(Grid::TriangularPrisms, &target, &pieces);
        println!(
            "round {round}: {n} prisms {k} pieces: brute raw {raw} rot {rot}; engine raw {} rot {}",
            c.0, c.1
        );
        assert_eq!(c, (raw, rot), "round {round}");
        assert!(raw > 0, "each puzzle is cut from its target, so solvable");
        several += (rot > 1) as u32;
    }
    assert!(several > 0, "some puzzles have more than one assembly");
}
