//! The tree API: cuts (shards) and random-probe estimates, against plain searches of the same
//! problems through the public API.

use std::ops::ControlFlow;
use wurfel_cover::{
    count, search, search_tasks, task_plan, Branching, CutOptions, EstimateOptions, Node, Problem,
    Row, SearchOptions, Tree,
};

/// Tilings of a `w`x`h` rectangle with dominoes (group 0) and exactly `trominoes` straight
/// trominoes (group 1): a tree with many covers and many dead ends.
fn tiling(w: u32, h: u32, trominoes: u32) -> Problem {
    let mut rows = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let c = |dx: u32, dy: u32| (x + dx) + w * (y + dy);
            if x + 1 < w {
                rows.push(Row {
                    group: 0,
                    columns: vec![c(0, 0), c(1, 0)],
                });
            }
            if y + 1 < h {
                rows.push(Row {
                    group: 0,
                    columns: vec![c(0, 0), c(0, 1)],
                });
            }
            if x + 2 < w {
                rows.push(Row {
                    group: 1,
                    columns: vec![c(0, 0), c(1, 0), c(2, 0)],
                });
            }
            if y + 2 < h {
                rows.push(Row {
                    group: 1,
                    columns: vec![c(0, 0), c(0, 1), c(0, 2)],
                });
            }
        }
    }
    Problem {
        columns: (w * h) as usize,
        prefilled: vec![],
        group_caps: vec![(w * h - 3 * trominoes) / 2, trominoes],
        rows,
        grid: Some([w as usize, h as usize, 1]),
        exact_groups: true,
        branching: Branching::MostConstrained,
        secondary: vec![],
        group_min: None,
    }
}

fn problems() -> Vec<Problem> {
    vec![
        tiling(4, 5, 2),
        tiling(5, 6, 2),
        tiling(6, 6, 2),
        tiling(3, 8, 4),
    ]
}

/// Weight of a cover for the tests: depends on the cover, as a symmetry weight does.
fn weight(rows: &[u32]) -> u64 {
    1 + u64::from(rows.iter().sum::<u32>() % 3)
}

/// Nodes and weighted covers of the plain search of `tasks`.
fn truth(p: &Problem, tasks: &[Vec<u32>]) -> (u64, u64) {
    let (mut nodes, mut covers) = (0, 0);
    search_tasks(
        p,
        tasks,
        &SearchOptions::default(),
        |_| WeightSum(0),
        |_, v: WeightSum, st| {
            nodes += st.nodes;
            covers += v.0;
            ControlFlow::Continue(())
        },
    )
    .unwrap();
    (nodes, covers)
}

struct WeightSum(u64);
impl wurfel_cover::Visitor for WeightSum {
    fn solution(&mut self, rows: &[u32]) -> ControlFlow<()> {
        self.0 += weight(rows);
        ControlFlow::Continue(())
    }
}

fn cut_options(pieces: usize) -> CutOptions<'static> {
    CutOptions {
        pieces,
        max_tasks: 10_000,
        probes_per_task: 16,
        seed: 7,
        threads: 2,
        progress: None,
    }
}

/// A cut covers every cover exactly once, and is recognised as a cut.
#[test]
fn a_cut_finds_every_cover_once() {
    for p in problems() {
        let tree = Tree::new(&p).unwrap();
        let cut = tree.cut(&cut_options(50), &weight).unwrap();
        assert!(cut.tasks.len() >= 10, "{} tasks", cut.tasks.len());
        tree.check_cut(&cut.tasks).unwrap();
        let mut n = 0;
        search_tasks(
            &p,
            &cut.tasks,
            &SearchOptions {
                threads: 2,
                ..Default::default()
            },
            |_| 0u64,
            |_, c: u64, _| {
                n += c;
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        assert_eq!(n, count(&p, 1).unwrap());
        // The same options give the same cut.
        assert_eq!(
            cut.tasks,
            tree.cut(&cut_options(50), &weight).unwrap().tasks
        );
    }
}

/// What is not a cut is refused: a task missing, repeated, out of order, below another, or
/// not a node.
#[test]
fn broken_cuts_are_refused() {
    let p = tiling(5, 6, 2);
    let tree = Tree::new(&p).unwrap();
    let cut = tree.cut(&cut_options(30), &weight).unwrap().tasks;
    let mut missing = cut.clone();
    missing.remove(cut.len() / 2);
    assert!(tree.check_cut(&missing).is_err());
    let mut repeated = cut.clone();
    repeated.insert(3, cut[3].clone());
    assert!(tree.check_cut(&repeated).is_err());
    let mut swapped = cut.clone();
    swapped.swap(1, 2);
    assert!(tree.check_cut(&swapped).is_err());
    let mut below = cut.clone();
    let deeper = match tree.node(&cut[0]).unwrap() {
        Node::Branch(c) => [cut[0].clone(), vec![c[0]]].concat(),
        other => panic!("first task is {other:?}"),
    };
    below.insert(1, deeper);
    assert!(tree.check_cut(&below).is_err());
    let mut bogus = cut.clone();
    bogus[0] = vec![u32::MAX];
    assert!(tree.check_cut(&bogus).is_err());
    assert_eq!(tree.node(&[u32::MAX]).unwrap(), Node::Missing);
    tree.check_cut(&[vec![]]).unwrap();
}

/// With many probes the estimates land near the truth, with and without exhaustive search of
/// the last units: within 3.5 standard errors always, inside the 95% interval mostly (a fixed seed: the test is deterministic); the same for any
/// thread count. The weighted covers of the whole plan equal a plain count's.
#[test]
fn estimates_contain_the_truth() {
    let (mut inside, mut checked) = (0, 0);
    for p in problems() {
        let tree = Tree::new(&p).unwrap();
        let tasks = task_plan(&p, 16).unwrap();
        let (nodes, covers) = truth(&p, &tasks);
        let opts = |threads, exhaust| EstimateOptions {
            probes: 20_000,
            seed: 1,
            exhaust,
            threads,
            cancel: None,
            progress: None,
        };
        for exhaust in [0, 3] {
            let e = tree.estimate(&tasks, &opts(2, exhaust), &weight).unwrap();
            assert!(e.complete);
            assert!(
                e.probes >= 20_000 - tasks.len() as u64,
                "{} probes",
                e.probes
            );
            let mut all = 0;
            search(
                &p,
                &SearchOptions::default(),
                |_| WeightSum(0),
                |_, v: WeightSum, _| {
                    all += v.0;
                    ControlFlow::Continue(())
                },
            )
            .unwrap();
            assert_eq!(all, covers);
            for (truth, i) in [(nodes as f64, e.nodes), (covers as f64, e.covers)] {
                let se = (i.high - i.estimate) / 1.96;
                assert!((i.estimate - truth).abs() <= 3.5 * se, "{truth} vs {i:?}");
                inside += usize::from(i.low <= truth && truth <= i.high);
                checked += 1;
            }
            assert!((e.nodes.estimate - nodes as f64).abs() < 0.1 * nodes as f64);
            let one = tree.estimate(&tasks, &opts(1, exhaust), &weight).unwrap();
            assert_eq!(one.nodes, e.nodes);
            assert_eq!(one.covers, e.covers);
        }
    }
    assert!(
        inside + 2 >= checked,
        "{inside} of {checked} inside their 95% intervals"
    );
}

/// A cancelled measurement of the search speed stops after the task in hand, however long it
/// was given; without a cancel it runs until its time is up (here: the clock given, which
/// advances one second per reading, so no test waits for real time).
#[test]
fn a_cancelled_speed_measurement_stops_at_once() {
    use std::cell::Cell;
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};
    let p = tiling(6, 6, 2);
    let tree = Tree::new(&p).unwrap();
    let tasks = task_plan(&p, 16).unwrap();
    assert!(tasks.len() > 4);
    let readings = Cell::new(0u64);
    let clock = || {
        readings.set(readings.get() + 1);
        Duration::from_secs(readings.get())
    };
    let stop = AtomicBool::new(true);
    let start = Instant::now();
    let rate = tree
        .nodes_per_second(&tasks, Duration::from_secs(3600), &clock, Some(&stop))
        .unwrap();
    assert!(start.elapsed() < Duration::from_secs(5));
    // The start, the check after one task, the rate: three readings.
    assert_eq!(readings.get(), 3);
    assert!(rate > 0.0);
    // Not cancelled: every task is measured (the clock never reaches an hour here).
    readings.set(0);
    let running = AtomicBool::new(false);
    tree.nodes_per_second(&tasks, Duration::from_secs(3600), &clock, Some(&running))
        .unwrap();
    assert_eq!(readings.get(), 2 + tasks.len() as u64);
}
