//! Engine tests against brute force on small random problems.

use super::*;
use crate::test_rng::Lcg;
use std::ops::ControlFlow;

/// Counts covers by trying every subset of rows (respecting capacities and minimums; secondary
/// columns covered at most once).
fn brute_force(p: &Problem) -> u64 {
    let slack = p.group_slack();
    let n = p.rows.len();
    assert!(n <= 20);
    let mut count = 0;
    'subsets: for mask in 0u32..(1 << n) {
        let mut covered = vec![0u32; p.columns];
        for &c in &p.prefilled {
            covered[c as usize] += 1;
        }
        let mut used = vec![0u32; p.group_caps.len()];
        for (i, r) in p.rows.iter().enumerate() {
            if mask >> i & 1 == 1 {
                used[r.group as usize] += 1;
                for &c in &r.columns {
                    covered[c as usize] += 1;
                }
            }
        }
        for (g, &u) in used.iter().enumerate() {
            if u > p.group_caps[g] || u + slack[g] < p.group_caps[g] {
                continue 'subsets;
            }
        }
        let ok = |(c, &n): (usize, &u32)| n == 1 || (n == 0 && p.secondary.contains(&(c as u32)));
        if covered.iter().enumerate().all(ok) {
            count += 1;
        }
    }
    count
}

fn random_problem(rng: &mut Lcg, columns: usize) -> Problem {
    let groups = 1 + rng.below(4) as usize;
    let group_caps = (0..groups).map(|_| 1 + rng.below(3) as u32).collect();
    let nrows = 4 + rng.below(15) as usize;
    let rows = (0..nrows)
        .map(|_| {
            let len = 1 + rng.below(4) as usize;
            let mut cols: Vec<u32> = Vec::new();
            while cols.len() < len.min(columns) {
                let c = rng.below(columns as u64) as u32;
                if !cols.contains(&c) {
                    cols.push(c);
                }
            }
            Row {
                group: rng.below(groups as u64) as u32,
                columns: cols,
            }
        })
        .collect();
    Problem {
        columns,
        prefilled: if rng.below(3) == 0 { vec![0] } else { vec![] },
        group_caps,
        rows,
        grid: None,
        exact_groups: rng.below(2) == 0,
        branching: Branching::MostConstrained,
        secondary: vec![],
        group_min: None,
    }
}

#[test]
fn matches_brute_force_on_random_problems() {
    let mut rng = Lcg(12345);
    for case in 0..400 {
        // Widths on both sides of a word boundary exercise multiword boards.
        let columns = [3, 5, 8, 65, 70][case % 5];
        let mut p = random_problem(&mut rng, columns.min(10));
        if columns > 64 {
            // Same structure on a wide board: shift the columns across the word boundary and
            // prefill the columns below.
            p.columns = 70;
            for r in &mut p.rows {
                for c in &mut r.columns {
                    *c += 60;
                }
            }
            for c in &mut p.prefilled {
                *c += 60;
            }
            p.prefilled.extend(0..60);
        }
        let expect = brute_force(&p);
        for branching in [Branching::MostConstrained, Branching::FirstEmpty] {
            p.branching = branching;
            for threads in [1, 2] {
                assert_eq!(count(&p, threads).unwrap(), expect, "case {case}: {p:?}");
            }
        }
    }
}

#[test]
fn secondary_columns_and_group_ranges_match_brute_force() {
    let mut rng = Lcg(777);
    let mut nonzero = 0;
    for case in 0..600 {
        let columns = [3, 5, 8, 10][case % 4];
        let mut p = random_problem(&mut rng, columns);
        p.secondary = (0..columns as u32)
            .filter(|&c| !p.prefilled.contains(&c) && rng.below(3) == 0)
            .collect();
        if rng.below(4) != 0 {
            p.group_min = Some(
                p.group_caps
                    .iter()
                    .map(|&c| rng.below(c as u64 + 1) as u32)
                    .collect(),
            );
        }
        p.validate().unwrap();
        let expect = brute_force(&p);
        nonzero += usize::from(expect > 0);
        for branching in [Branching::MostConstrained, Branching::FirstEmpty] {
            p.branching = branching;
            for threads in [1, 2] {
                assert_eq!(count(&p, threads).unwrap(), expect, "case {case}: {p:?}");
            }
        }
    }
    assert!(nonzero >= 150, "only {nonzero} of 600 problems have covers");
}

#[test]
fn bad_secondary_and_minimums_are_errors() {
    let mut rng = Lcg(5);
    let mut p = random_problem(&mut rng, 5);
    p.secondary = vec![1, 1];
    assert!(matches!(
        p.validate(),
        Err(ProblemError::BadSecondary { .. })
    ));
    p.secondary = vec![5];
    assert!(matches!(
        p.validate(),
        Err(ProblemError::BadSecondary { .. })
    ));
    p.secondary = vec![];
    p.group_min = Some(p.group_caps.iter().map(|&c| c + 1).collect());
    assert!(matches!(
        p.validate(),
        Err(ProblemError::BadGroupMin { group: 0 })
    ));
    p.group_min = Some(vec![]);
    assert!(matches!(
        p.validate(),
        Err(ProblemError::BadGroupMin { .. })
    ));
}

#[test]
fn first_solution_and_ordering_are_thread_independent() {
    // Dominoes on a 2x4 strip: 5 tilings.
    let mut rows = Vec::new();
    for i in 0..4u32 {
        rows.push(Row {
            group: 0,
            columns: vec![i, i + 4],
        });
        if i < 3 {
            rows.push(Row {
                group: 0,
                columns: vec![i, i + 1],
            });
            rows.push(Row {
                group: 0,
                columns: vec![i + 4, i + 5],
            });
        }
    }
    let p = Problem {
        columns: 8,
        prefilled: vec![],
        group_caps: vec![4],
        rows,
        grid: Some([4, 2, 1]),
        exact_groups: true,
        branching: Branching::MostConstrained,
        secondary: vec![],
        group_min: None,
    };
    assert_eq!(count(&p, 1).unwrap(), 5);
    let collect = |threads: usize, min_tasks: usize| all_covers(&p, threads, min_tasks);
    let one = collect(1, 4);
    assert_eq!(one.len(), 5);
    assert_eq!(collect(2, 4), one);
    assert!(first(&p).unwrap().is_some());
}

/// Every cover in plain search order (tasks delivered in order).
fn all_covers(p: &Problem, threads: usize, min_tasks: usize) -> Vec<Vec<u32>> {
    let mut all = Vec::new();
    let opts = SearchOptions {
        threads,
        min_tasks,
        ..Default::default()
    };
    search(
        p,
        &opts,
        |_| Vec::<Vec<u32>>::new(),
        |_, v: Vec<Vec<u32>>, _| {
            all.extend(v);
            ControlFlow::Continue(())
        },
    )
    .unwrap();
    all
}

impl Visitor for Vec<Vec<u32>> {
    fn solution(&mut self, rows: &[u32]) -> ControlFlow<()> {
        self.push(rows.to_vec());
        ControlFlow::Continue(())
    }
}

#[test]
fn region_pruning_keeps_counts() {
    // Trominoes (straight and L) in a 3x3x1 box, with and without the grid.
    let mut rows = Vec::new();
    let cell = |x: i32, y: i32| (x + 3 * y) as u32;
    let shapes: [[(i32, i32); 3]; 6] = [
        [(0, 0), (1, 0), (2, 0)],
        [(0, 0), (0, 1), (0, 2)],
        [(0, 0), (1, 0), (0, 1)],
        [(0, 0), (1, 0), (1, 1)],
        [(0, 0), (0, 1), (1, 1)],
        [(1, 0), (0, 1), (1, 1)],
    ];
    for (k, sh) in shapes.iter().enumerate() {
        for dx in 0..3 {
            for dy in 0..3 {
                let cells: Option<Vec<u32>> = sh
                    .iter()
                    .map(|&(x, y)| {
                        let (x, y) = (x + dx, y + dy);
                        (x < 3 && y < 3).then(|| cell(x, y))
                    })
                    .collect();
                if let Some(columns) = cells {
                    rows.push(Row {
                        group: (k >= 2) as u32,
                        columns,
                    });
                }
            }
        }
    }
    let mut p = Problem {
        columns: 9,
        prefilled: vec![],
        group_caps: vec![3, 3],
        rows,
        grid: None,
        exact_groups: false,
        branching: Branching::MostConstrained,
        secondary: vec![],
        group_min: None,
    };
    let plain = count(&p, 1).unwrap();
    assert!(plain > 0);
    // The grid also renumbers the columns internally (shortest axis first, here z).
    p.grid = Some([3, 3, 1]);
    for branching in [Branching::MostConstrained, Branching::FirstEmpty] {
        p.branching = branching;
        assert_eq!(count(&p, 2).unwrap(), plain, "{branching:?}");
    }
}

#[test]
fn bad_problems_are_reported() {
    let p = Problem {
        columns: 2,
        prefilled: vec![],
        group_caps: vec![1],
        rows: vec![Row {
            group: 0,
            columns: vec![0, 2],
        }],
        grid: None,
        exact_groups: false,
        branching: Branching::MostConstrained,
        secondary: vec![],
        group_min: None,
    };
    assert!(matches!(
        p.validate(),
        Err(ProblemError::ColumnOutOfRange { .. })
    ));
    let p = Problem {
        columns: 10_000,
        ..Default::default()
    };
    assert!(matches!(
        count(&p, 1),
        Err(ProblemError::TooManyColumns { .. })
    ));
}

#[test]
fn limited_search_finds_covers_in_rounds() {
    let mut rng = Lcg(777);
    for case in 0..200 {
        let p = random_problem(&mut rng, 8);
        let all = count(&p, 1).unwrap() as usize;
        // A first budget of one node forces several rounds with cut tasks.
        for (limit, budget) in [(1, 1), (2, 1), (usize::MAX, 1), (2, 4096)] {
            let run = |threads: usize| {
                let opts = SearchOptions {
                    threads,
                    min_tasks: 4,
                    node_budget: Some(budget),
                    ..Default::default()
                };
                search_limited(&p, &opts, limit, |_| Vec::<Vec<u32>>::new(), |v| v).unwrap()
            };
            let (one, rep) = run(1);
            assert_eq!(one.len(), all.min(limit), "case {case}");
            if all < limit || limit == usize::MAX {
                assert!(rep.complete, "case {case}");
            }
            if limit == usize::MAX {
                // Cut tasks are resumed, not restarted: every cover once, in plain search order.
                assert_eq!(one, all_covers(&p, 1, 4), "case {case}");
            }
            assert_eq!(run(2).0, one, "case {case}: thread-independent");
            let distinct: std::collections::HashSet<_> = one
                .iter()
                .map(|s| {
                    let mut s = s.clone();
                    s.sort();
                    s
                })
                .collect();
            assert_eq!(distinct.len(), one.len());
        }
    }
}

/// The streamed rounds deliver every cover exactly once (the plain search's covers, in another
/// order), in the same order for any thread count, the first one being `search_limited`'s
/// first; a `Break` stops them.
#[test]
fn streamed_rounds_deliver_every_cover_once() {
    let mut rng = Lcg(4242);
    for case in 0..200 {
        let p = random_problem(&mut rng, 8);
        let mut plain = all_covers(&p, 1, 4);
        for budget in [1, 3, 4096] {
            let run = |threads: usize| {
                let opts = SearchOptions {
                    threads,
                    min_tasks: 4,
                    node_budget: Some(budget),
                    ..Default::default()
                };
                let mut got = Vec::new();
                let rep = search_rounds(
                    &p,
                    &opts,
                    |_| Vec::<Vec<u32>>::new(),
                    |_, v, _| {
                        got.extend(v);
                        ControlFlow::Continue(())
                    },
                )
                .unwrap();
                assert!(rep.complete, "case {case}");
                got
            };
            let mut one = run(1);
            assert_eq!(run(2), one, "case {case}: thread-independent");
            let opts = SearchOptions {
                min_tasks: 4,
                node_budget: Some(budget),
                ..Default::default()
            };
            let (first, _) =
                search_limited(&p, &opts, 1, |_| Vec::<Vec<u32>>::new(), |v| v).unwrap();
            assert_eq!(first.first(), one.first(), "case {case}");
            one.sort();
            plain.sort();
            assert_eq!(one, plain, "case {case}, budget {budget}");
            // Stopped at the first delivery with a cover: complete only if that was all.
            let opts = SearchOptions {
                min_tasks: 4,
                node_budget: Some(budget),
                ..Default::default()
            };
            let mut delivered = 0;
            let rep = search_rounds(
                &p,
                &opts,
                |_| Vec::<Vec<u32>>::new(),
                |_, v, _| {
                    delivered += v.len();
                    if v.is_empty() {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                },
            )
            .unwrap();
            assert!(!rep.complete || delivered == plain.len(), "case {case}");
        }
    }
}

/// The rows of straight and L trominoes (groups 0 and 1) in an `x`×`y` box, none on a
/// prefilled cell.
fn tromino_rows(x: i32, y: i32, prefilled: &[u32]) -> Vec<Row> {
    let shapes: [[(i32, i32); 3]; 6] = [
        [(0, 0), (1, 0), (2, 0)],
        [(0, 0), (0, 1), (0, 2)],
        [(0, 0), (1, 0), (0, 1)],
        [(0, 0), (1, 0), (1, 1)],
        [(0, 0), (0, 1), (1, 1)],
        [(1, 0), (0, 1), (1, 1)],
    ];
    let mut rows = Vec::new();
    for (k, sh) in shapes.iter().enumerate() {
        for dx in 0..x {
            for dy in 0..y {
                let cells: Option<Vec<u32>> = sh
                    .iter()
                    .map(|&(a, b)| {
                        let (a, b) = (a + dx, b + dy);
                        let c = (a + x * b) as u32;
                        (a < x && b < y && !prefilled.contains(&c)).then_some(c)
                    })
                    .collect();
                if let Some(columns) = cells {
                    let group = (k >= 2) as u32;
                    rows.push(Row { group, columns });
                }
            }
        }
    }
    rows
}

#[test]
fn local_region_test_keeps_counts_on_snug_boxes_with_holes() {
    // One piece size and exactly as many cells as the pieces fill: the region test looks only
    // at the regions each placement touches (`Region::fillable_after`). Holes split some boxes
    // into several regions from the start; without the grid there is no region test at all.
    let mut rng = Lcg(25);
    let mut nonzero = 0;
    for case in 0..60 {
        let (x, y) = (3 + rng.below(3) as i32, 2 + rng.below(3) as i32);
        let n = (x * y) as u64;
        let holes = (n % 3) as usize + 3 * rng.below(2) as usize;
        let mut prefilled: Vec<u32> = Vec::new();
        while prefilled.len() < holes {
            let c = rng.below(n) as u32;
            if !prefilled.contains(&c) {
                prefilled.push(c);
            }
        }
        let pieces = (n as u32 - holes as u32) / 3;
        let straight = rng.below(pieces as u64 + 1) as u32;
        let mut p = flat_problem(
            n as usize,
            prefilled.clone(),
            vec![straight, pieces - straight],
            tromino_rows(x, y, &prefilled),
            true,
        );
        let plain = count(&p, 1).unwrap();
        nonzero += (plain > 0) as u32;
        p.grid = Some([x as usize, y as usize, 1]);
        assert_eq!(
            count(&p, 1).unwrap(),
            plain,
            "case {case}: {x}x{y} holes {prefilled:?}"
        );
    }
    assert!(nonzero >= 10, "too few cases with covers: {nonzero}");
}

/// A problem of the region tests without its grid yet (the tests count it without, then with
/// the grid, and compare).
fn flat_problem(
    columns: usize,
    prefilled: Vec<u32>,
    group_caps: Vec<u32>,
    rows: Vec<Row>,
    exact_groups: bool,
) -> Problem {
    Problem {
        columns,
        prefilled,
        group_caps,
        rows,
        grid: None,
        exact_groups,
        branching: Branching::MostConstrained,
        secondary: vec![],
        group_min: None,
    }
}

#[test]
fn lone_cell_test_keeps_counts_with_mixed_sizes() {
    // Monominoes, dominoes and straight trominoes in boxes: with pieces of several sizes a
    // placement that leaves a cell with no empty neighbour is rejected before the full region
    // test (`Region::has_lone_cell`), unless a monomino remains to fill it.
    let (mut nonzero, mut prunes) = (0, 0);
    for (x, y) in [(3, 3), (4, 3), (4, 2)] {
        let cell = |a: i32, b: i32| (a + x * b) as u32;
        let mut rows = Vec::new();
        for b in 0..y {
            for a in 0..x {
                rows.push(Row {
                    group: 0,
                    columns: vec![cell(a, b)],
                });
                for (da, db) in [(1, 0), (0, 1)] {
                    for len in [2, 3] {
                        let (ea, eb) = (a + da * (len - 1), b + db * (len - 1));
                        if ea < x && eb < y {
                            let columns = (0..len).map(|k| cell(a + da * k, b + db * k)).collect();
                            rows.push(Row {
                                group: len as u32 - 1,
                                columns,
                            });
                        }
                    }
                }
            }
        }
        for monominoes in 0..3 {
            let caps = vec![monominoes, 3, 2];
            let mut p = flat_problem((x * y) as usize, vec![], caps, rows.clone(), false);
            let plain = count(&p, 1).unwrap();
            nonzero += (plain > 0) as u32;
            p.grid = Some([x as usize, y as usize, 1]);
            let opts = SearchOptions {
                threads: 1,
                ..Default::default()
            };
            let mut n = 0u64;
            // One task, the root, so the statistics cover the whole search.
            let report = search_tasks(
                &p,
                &[Vec::new()],
                &opts,
                |_| 0u64,
                |_, k: u64, _| {
                    n += k;
                    ControlFlow::Continue(())
                },
            )
            .unwrap();
            assert_eq!(n, plain, "{x}x{y}, {monominoes} monominoes");
            prunes += report.stats.region_prunes;
        }
    }
    assert!(nonzero >= 6, "too few cases with covers: {nonzero}");
    assert!(prunes > 0, "the region test must act");
}

/// `count` random problems (from `seed`) and, for each box of `boxes`, its packing by one
/// straight and the rest L trominoes, on a grid (so the region test runs, with its volume and
/// sizes to keep).
fn random_and_tromino_problems(seed: u64, count: usize, boxes: &[(i32, i32)]) -> Vec<Problem> {
    let mut rng = Lcg(seed);
    let mut problems: Vec<Problem> = (0..count).map(|_| random_problem(&mut rng, 8)).collect();
    for &(x, y) in boxes {
        let mut p = flat_problem(
            (x * y) as usize,
            vec![],
            vec![1, (x * y / 3 - 1) as u32],
            tromino_rows(x, y, &[]),
            true,
        );
        p.grid = Some([x as usize, y as usize, 1]);
        problems.push(p);
    }
    problems
}

/// Every cover below a state, and the statistics of the search.
fn covers_below(c: &search::Compiled<1>, st: &mut search::State<'_, 1>) -> Vec<Vec<u32>> {
    let mut covers = Vec::new();
    let _ = c.dfs(st, &mut |rows: &[u32]| {
        covers.push(rows.to_vec());
        ControlFlow::Continue(())
    });
    covers
}

#[test]
fn a_restarted_state_searches_like_a_fresh_one() {
    // Workers keep one state and bring it back to the root for each task
    // (`Compiled::restart`): each task must find what a fresh state finds, with the same
    // statistics, whatever the tasks before it left behind (also with the region test's
    // volume and sizes to restore: the tromino boxes).
    let problems =
        random_and_tromino_problems(34, 150, &[(3, 3), (4, 3), (6, 2), (5, 3), (6, 3), (6, 4)]);
    let mut tasks_searched = 0;
    for p in &problems {
        let c = search::Compiled::<1>::new(p).unwrap();
        let tasks = schedule::plan(&c, 16).unwrap();
        let mut reused = c.unstoppable_state(&[]).expect("the root is a state");
        for t in tasks.iter().chain(&tasks) {
            let fresh = c.unstoppable_state(t);
            assert_eq!(c.restart(&mut reused, t), fresh.is_some(), "{t:?} in {p:?}");
            if let Some(mut fresh) = fresh {
                assert_eq!(covers_below(&c, &mut reused), covers_below(&c, &mut fresh));
                assert_eq!(reused.stats, fresh.stats);
                tasks_searched += 1;
            }
        }
    }
    assert!(tasks_searched > 150, "too few tasks: {tasks_searched}");
}

#[test]
fn plain_and_simd_searches_agree() {
    // On a processor with AVX2 (or AVX-512), boards of one word are searched by those forms of
    // the filtering loop and the counters (`dfs_avx2`, `dfs_avx512`); every path this
    // processor has must find the same covers with the same statistics as the plain one (what
    // runs without AVX2).
    use crate::filter::{Avx2, Avx512, Simd};
    let mut paths = vec![Simd::Plain];
    paths.extend(Avx2::detect().map(Simd::Avx2));
    paths.extend(Avx512::detect().map(Simd::Avx512));
    let problems =
        random_and_tromino_problems(35, 200, &[(3, 3), (6, 2), (5, 3), (6, 3), (6, 4), (9, 4)]);
    let mut covers = 0;
    for p in &problems {
        let plain = search::Compiled::<1>::new(p)
            .unwrap()
            .with_simd(Simd::Plain);
        let mut b = plain.unstoppable_state(&[]).expect("the root is a state");
        let found = covers_below(&plain, &mut b);
        for &simd in &paths[1..] {
            let fast = search::Compiled::<1>::new(p).unwrap().with_simd(simd);
            let mut a = fast.unstoppable_state(&[]).expect("the root is a state");
            assert_eq!(found, covers_below(&fast, &mut a), "{p:?}");
            assert_eq!(a.stats, b.stats, "{p:?}");
        }
        covers += found.len();
    }
    assert!(covers > 100, "too few covers to compare: {covers}");
}
