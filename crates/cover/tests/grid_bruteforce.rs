//! The engine on grid problems (the case packings produce: columns are the cells of a box,
//! some prefilled as holes, rows are placements of connected pieces) against a plain
//! backtracking enumerator that shares nothing with the engine: no grid renumbering, no region
//! pruning, no most-constrained choice, no task splitting. Only the engine's public API is used
//! (and `wurfel-geom`, a dev-dependency, for piece orientations).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;
use wurfel_cover::{count, search_limited, Branching, Problem, Row, SearchOptions, Visitor};
use wurfel_geom::{neighbours, Shape};

type Cell = [i32; 3];

/// Counts covers by filling the lowest uncovered column with every row that fits there (and,
/// for a secondary column, also by leaving it empty), checking the groups' minimums at the end.
fn reference_count(p: &Problem) -> u64 {
    fn rec(p: &Problem, by_col: &[Vec<usize>], covered: &mut [bool], used: &mut [u32]) -> u64 {
        let Some(first) = covered.iter().position(|&c| !c) else {
            let min_ok = match &p.group_min {
                Some(min) => used.iter().zip(min).all(|(u, m)| u >= m),
                None => !p.exact_groups || used.iter().zip(&p.group_caps).all(|(u, c)| u == c),
            };
            return u64::from(min_ok);
        };
        let mut n = 0;
        if p.secondary.contains(&(first as u32)) {
            covered[first] = true;
            n += rec(p, by_col, covered, used);
            covered[first] = false;
        }
        for &r in &by_col[first] {
            let row = &p.rows[r];
            let g = row.group as usize;
            if used[g] == p.group_caps[g] || row.columns.iter().any(|&c| covered[c as usize]) {
                continue;
            }
            for &c in &row.columns {
                covered[c as usize] = true;
            }
            used[g] += 1;
            n += rec(p, by_col, covered, used);
            used[g] -= 1;
            for &c in &row.columns {
                covered[c as usize] = false;
            }
        }
        n
    }
    let mut by_col = vec![Vec::new(); p.columns];
    for (i, r) in p.rows.iter().enumerate() {
        for &c in &r.columns {
            by_col[c as usize].push(i);
        }
    }
    let mut covered = vec![false; p.columns];
    for &c in &p.prefilled {
        covered[c as usize] = true;
    }
    let mut used = vec![0; p.group_caps.len()];
    rec(p, &by_col, &mut covered, &mut used)
}

fn index(dims: [i32; 3], c: Cell) -> Option<u32> {
    (0..3)
        .all(|k| c[k] >= 0 && c[k] < dims[k])
        .then(|| (c[0] + dims[0] * (c[1] + dims[1] * c[2])) as u32)
}

/// A random grid problem: a small box with random holes (prefilled), the remaining cells cut
/// into random connected pieces; identical shapes share a group; every placement of every
/// shape is a row. Sometimes a decoy group (a shape that is not part of the cut) is added with
/// capacities as upper bounds, so that not every group has to be used.
fn random_grid_problem(rng: &mut ChaCha8Rng) -> Problem {
    let dims = random_dims(rng);
    let n = (dims[0] * dims[1] * dims[2]) as usize;
    let mut prefilled: Vec<u32> = Vec::new();
    for _ in 0..rng.gen_range(0..=3) {
        let c = rng.gen_range(0..n) as u32;
        if !prefilled.contains(&c) {
            prefilled.push(c);
        }
    }
    let mut pieces = cut_pieces(rng, dims, &prefilled);
    let exact_groups = rng.gen_bool(0.6);
    if !exact_groups && rng.gen_bool(0.5) {
        pieces.push(vec![[0, 0, 0], [1, 0, 0]]); // a decoy domino, not needed for a cover
    }
    // Group identical shapes (up to rotation) and list every placement of each group's shape.
    let mut groups: Vec<(Shape, u32)> = Vec::new();
    for p in pieces {
        let key = Shape::new(p)
            .expect("a piece has distinct cells")
            .canonical();
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some(g) => g.1 += 1,
            None => groups.push((key, 1)),
        }
    }
    let mut rows = Vec::new();
    for (g, (shape, _)) in groups.iter().enumerate() {
        rows.extend(
            placements(shape, dims, &prefilled)
                .into_iter()
                .map(|columns| Row {
                    group: g as u32,
                    columns,
                }),
        );
    }
    Problem {
        columns: n,
        prefilled,
        group_caps: groups.iter().map(|g| g.1).collect(),
        rows,
        grid: Some([dims[0] as usize, dims[1] as usize, dims[2] as usize]),
        exact_groups,
        branching: Branching::MostConstrained,
        secondary: vec![],
        group_min: None,
    }
}

/// A box of 6 to 20 cells.
fn random_dims(rng: &mut ChaCha8Rng) -> [i32; 3] {
    loop {
        let d = [
            rng.gen_range(1..=4),
            rng.gen_range(1..=4),
            rng.gen_range(1..=3),
        ];
        let n = d[0] * d[1] * d[2];
        if (6..=20).contains(&n) {
            return d;
        }
    }
}

/// The cell of index `i` in a box of `dims` (x fastest).
fn cell_at(dims: [i32; 3], i: usize) -> Cell {
    let i = i as i32;
    [
        i % dims[0],
        (i / dims[0]) % dims[1],
        i / (dims[0] * dims[1]),
    ]
}

/// The free cells cut into connected pieces of 1 to 4 cells.
fn cut_pieces(rng: &mut ChaCha8Rng, dims: [i32; 3], prefilled: &[u32]) -> Vec<Vec<Cell>> {
    let n = (dims[0] * dims[1] * dims[2]) as u32;
    let mut owner: HashMap<u32, usize> = prefilled.iter().map(|&c| (c, usize::MAX)).collect();
    let mut pieces: Vec<Vec<Cell>> = Vec::new();
    for start in 0..n {
        if owner.contains_key(&start) {
            continue;
        }
        let size = rng.gen_range(1..=4);
        let mut cells = vec![cell_at(dims, start as usize)];
        owner.insert(start, pieces.len());
        while cells.len() < size {
            let frontier: Vec<u32> = cells
                .iter()
                .flat_map(|&c| neighbours(c))
                .filter_map(|c| index(dims, c))
                .filter(|i| !owner.contains_key(i))
                .collect();
            if frontier.is_empty() {
                break;
            }
            let next = frontier[rng.gen_range(0..frontier.len())];
            owner.insert(next, pieces.len());
            cells.push(cell_at(dims, next as usize));
        }
        pieces.push(cells);
    }
    pieces
}

/// Every distinct placement of `shape` in the box that avoids the prefilled cells, as sorted
/// cell indices.
fn placements(shape: &Shape, dims: [i32; 3], prefilled: &[u32]) -> Vec<Vec<u32>> {
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    let mut out = Vec::new();
    for o in shape.orientations() {
        for tz in 0..dims[2] {
            for ty in 0..dims[1] {
                for tx in 0..dims[0] {
                    let cols: Option<Vec<u32>> = o
                        .cells()
                        .iter()
                        .map(|c| index(dims, [c[0] + tx, c[1] + ty, c[2] + tz]))
                        .collect();
                    let Some(mut cols) = cols else { continue };
                    cols.sort_unstable();
                    if cols.iter().any(|c| prefilled.contains(c)) || !seen.insert(cols.clone()) {
                        continue;
                    }
                    out.push(cols);
                }
            }
        }
    }
    out
}

/// Checks the engine against the reference on `p` (both branchings, with and without the grid,
/// 1 and 2 threads, budgeted rounds, no cover found twice); returns the number of covers.
fn check(mut p: Problem, case: usize) -> u64 {
    let expect = reference_count(&p);
    {
        for grid in [p.grid, None] {
            p.grid = grid;
            for branching in [Branching::MostConstrained, Branching::FirstEmpty] {
                p.branching = branching;
                for threads in [1, 2] {
                    assert_eq!(
                        count(&p, threads).unwrap(),
                        expect,
                        "case {case}, grid {grid:?}, {branching:?}, {threads} threads: {p:?}"
                    );
                }
            }
        }
        // Budgeted rounds, resumed node by node, find the same covers.
        let opts = SearchOptions {
            threads: 2,
            node_budget: Some(1),
            ..Default::default()
        };
        let (found, report) =
            search_limited(&p, &opts, usize::MAX, |_| Covers(Vec::new()), |v| v.0).unwrap();
        assert!(report.complete);
        assert_eq!(found.len() as u64, expect, "case {case}: budgeted rounds");
        let distinct: HashSet<Vec<u32>> = found
            .into_iter()
            .map(|mut s| {
                s.sort_unstable();
                s
            })
            .collect();
        assert_eq!(
            distinct.len() as u64,
            expect,
            "case {case}: a cover found twice"
        );
    }
    expect
}

#[test]
fn grid_problems_match_backtracking_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x6121);
    let mut with_solutions = 0;
    let mut with_holes = 0;
    for case in 0..150 {
        let p = random_grid_problem(&mut rng);
        with_holes += usize::from(!p.prefilled.is_empty());
        with_solutions += usize::from(check(p, case) > 0);
    }
    // The generator must produce what the test is about.
    assert!(
        with_solutions >= 100,
        "only {with_solutions} of 150 problems have covers"
    );
    assert!(
        with_holes >= 75,
        "only {with_holes} of 150 problems have holes"
    );
}

/// Collects covers: the visitor for `search_limited` above.
struct Covers(Vec<Vec<u32>>);

impl Visitor for Covers {
    fn solution(&mut self, rows: &[u32]) -> ControlFlow<()> {
        self.0.push(rows.to_vec());
        ControlFlow::Continue(())
    }
}

/// Secondary cells (cells that may stay empty, as BurrTools' variable voxels) and group ranges
/// (a group used between a minimum and its capacity) against the reference.
#[test]
fn grid_problems_with_secondary_cells_and_ranges() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5ec0);
    let (mut with_solutions, mut with_empty_secondary, mut with_ranges) = (0, 0, 0);
    for case in 0..150 {
        let mut p = random_grid_problem(&mut rng);
        // Some free cells become secondary, and some holes become free secondary cells.
        for c in 0..p.columns as u32 {
            if rng.gen_range(0..5) == 0 {
                if let Some(i) = p.prefilled.iter().position(|&h| h == c) {
                    p.prefilled.remove(i);
                }
                p.secondary.push(c);
            }
        }
        // Extra capacity with a random minimum: groups may now be used more or fewer times.
        let caps = p.group_caps.clone();
        p.group_caps = caps.iter().map(|&c| c + rng.gen_range(0..=1)).collect();
        p.group_min = Some(
            caps.iter()
                .zip(&p.group_caps)
                .map(|(&c, &cap)| rng.gen_range(c.saturating_sub(1)..=cap))
                .collect(),
        );
        with_ranges += usize::from(p.group_slack().iter().any(|&s| s > 0));
        // Covers that leave a secondary cell empty: the same problem with it made primary
        // has fewer covers.
        let expect = check(p.clone(), case);
        with_solutions += usize::from(expect > 0);
        let mut all_primary = p.clone();
        all_primary.secondary.clear();
        with_empty_secondary += usize::from(reference_count(&all_primary) < expect);
    }
    assert!(
        with_solutions >= 75,
        "only {with_solutions} of 150 problems have covers"
    );
    assert!(with_empty_secondary >= 30, "{with_empty_secondary}");
    assert!(with_ranges >= 75, "{with_ranges}");
}
