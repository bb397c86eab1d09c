//! Long thin inputs (issue "Trust, round three", items 2 and 3): estimate, count, solve and
//! the shard cut of a line of unit cubes run from a thread with a small stack (no recursion
//! whose depth grows with the input on the caller's thread; the engine's own threads have a
//! stack sized for the deepest search) and finish quickly (no probe or cut round per cell).

use std::sync::atomic::{AtomicU64, Ordering};
use wurfel_cover::{task_plan, CutOptions, EstimateOptions, SearchOptions, Tree};
use wurfel_pack::{parse_puzzle, Convention, Prepared};

fn line_text(n: usize) -> String {
    format!(
        "name = \"line\"\n[target]\nbox = [{n}, 1, 1]\n[[piece]]\nname = \"U\"\n\
         cells = [[0,0,0]]\ncount = {n}\n"
    )
}

/// Runs `f` on a thread with a 256 KiB stack.
fn small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

fn everything_on(n: usize) {
    let prep = Prepared::new(&parse_puzzle(&line_text(n), "line").unwrap()).unwrap();
    let opts = SearchOptions::default();
    assert_eq!(prep.count(1).rotations, 1);
    // Asked for two, the search walks the whole tree: its node count is the estimate's target.
    let (sols, report) = prep.find(&opts, Convention::Rotations, 2).unwrap();
    assert_eq!(sols.len(), 1);
    assert!(report.complete);
    let tasks = task_plan(prep.problem(), opts.min_tasks).unwrap();
    let tree = Tree::new(prep.problem()).unwrap();
    // The estimate's default: 8 pieces searched exhaustively, many probes.
    let weight = |rows: &[u32]| prep.cover_weight(rows);
    let walked = AtomicU64::new(0);
    let progress = |t: u64, _: u64| walked.store(t, Ordering::Relaxed);
    let est = tree
        .estimate(
            &tasks,
            &EstimateOptions {
                probes: 10_000,
                seed: 1,
                exhaust: 8,
                threads: 2,
                cancel: None,
                progress: Some(&progress),
            },
            &weight,
        )
        .unwrap();
    assert!(est.complete);
    assert!((est.covers.estimate - 1.0).abs() < 1e-9, "{:?}", est.covers);
    assert!(
        (est.nodes.estimate - report.stats.nodes as f64).abs() < 1e-6,
        "{:?}",
        est.nodes
    );
    let cut = tree
        .cut(
            &CutOptions {
                pieces: 64,
                max_tasks: 10_000,
                probes_per_task: 16,
                seed: 1,
                threads: 2,
                progress: None,
            },
            &weight,
        )
        .unwrap();
    tree.check_cut(&cut.tasks).unwrap();
    // A path cannot be split: one task, probed once per round at most.
    assert_eq!(cut.tasks.len(), 1);
    assert!(cut.probes <= 64, "{}", cut.probes);
}

#[test]
fn a_line_of_1500_cubes_on_a_small_stack() {
    small_stack(|| everything_on(1500));
}

#[test]
#[ignore = "70 s on a loaded 2-core machine (the count and the search, quadratic in the line's length, are most of it): run with --ignored"]
fn a_line_of_4096_cubes_on_a_small_stack() {
    small_stack(|| everything_on(4096));
}

#[test]
fn a_line_of_5000_cubes_is_refused_with_an_error() {
    small_stack(|| {
        // Over the format's 4,096 cells: an error, never a panic or an overflow.
        let e = parse_puzzle(&line_text(5000), "line").unwrap_err();
        assert!(
            e.to_string().contains("4,096") || e.to_string().contains("4096"),
            "{e}"
        );
    });
}
