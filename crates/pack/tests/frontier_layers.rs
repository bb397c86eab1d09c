//! The frontier counter a layer at a time (`FrontierOptions::layers`), with and without
//! symmetric boundary states (`canonical`), against the cell-by-cell counter and the search on
//! random small puzzles (raw and both class conventions) and on T-tetracube boxes.

mod common;
use common::random::{
    random_holed_target, random_optional_puzzle, random_pieces, random_puzzle, Declare,
};
use common::{box_of, frontier_triple, search_triple, L_TRICUBE, T_TETRACUBE};
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use wurfel_pack::frontier::{self, FrontierOptions, FrontierReport};
use wurfel_pack::{Prepared, Puzzle};

fn count(prep: &Prepared, layers: bool, canonical: bool, threads: usize) -> FrontierReport {
    sliced(prep, layers, canonical, threads, 1)
}

fn sliced(
    prep: &Prepared,
    layers: bool,
    canonical: bool,
    threads: usize,
    slices: usize,
) -> FrontierReport {
    let opts = FrontierOptions {
        layers,
        canonical,
        threads,
        slices,
        ..Default::default()
    };
    frontier::count(prep, &opts).unwrap()
}

/// Cell by cell, a layer at a time, and a layer at a time with symmetric states merged, all
/// equal to the search under the three conventions; returns whether merging took effect.
fn check(p: &Puzzle) -> bool {
    let prep = Prepared::new(p).unwrap();
    let want = search_triple(&prep.count(1));
    let cells = count(&prep, false, false, 1);
    let layers = count(&prep, true, false, 1);
    let canon = count(&prep, true, true, 2);
    let sliced = sliced(&prep, true, true, 1, 3);
    let what = format!("target {:?}, pieces {:?}", p.target.cells(), p.pieces);
    assert_eq!(frontier_triple(&sliced), want, "in 3 slices: {what}");
    assert_eq!(frontier_triple(&cells), want, "cell by cell: {what}");
    assert_eq!(frontier_triple(&layers), want, "a layer at a time: {what}");
    assert_eq!(
        frontier_triple(&canon),
        want,
        "with symmetric states merged: {what}"
    );
    // The boundaries are the same tables (up to symmetry) both ways.
    assert_eq!(
        cells.runs[0].layer_states, layers.runs[0].layer_states,
        "{what}"
    );
    let (a, b) = (&layers.runs[0].layer_states, &canon.runs[0].layer_states);
    assert!(a.iter().zip(b).all(|(x, y)| y <= x), "{what}");
    a != b
}

#[test]
fn layers_match_cells_and_search_on_random_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(5001);
    let mut merged = 0;
    for _ in 0..30 {
        merged += usize::from(check(&random_puzzle(&mut rng)));
    }
    for _ in 0..15 {
        let target = random_holed_target(&mut rng);
        merged += usize::from(check(&random_pieces(&mut rng, target, Declare::Copies)));
    }
    let mut checked = 0;
    while checked < 15 {
        let p = random_optional_puzzle(&mut rng);
        if p.check_volume().is_ok() {
            merged += usize::from(check(&p));
            checked += 1;
        }
    }
    assert!(
        merged >= 5,
        "symmetric states merged in only {merged} of 60 puzzles"
    );
}

#[test]
fn layers_count_t_tetracubes_in_4x4x6_as_the_search() {
    assert!(check(&box_of(&T_TETRACUBE, [4, 4, 6])));
}

/// T-tetracubes in 4x4x7: 651,392 raw (the cell-by-cell counter), the classes integers, the
/// same on 1 and 3 threads.
#[test]
fn layers_count_t_tetracubes_in_4x4x7() {
    let prep = Prepared::new(&box_of(&T_TETRACUBE, [4, 4, 7])).unwrap();
    let cells = count(&prep, false, false, 2);
    assert_eq!(cells.raw, BigUint::from(651_392u32));
    for (threads, slices) in [(1, 1), (3, 1), (2, 7)] {
        let canon = sliced(&prep, true, true, threads, slices);
        assert_eq!(frontier_triple(&canon), frontier_triple(&cells));
        let (a, b) = (&cells.runs[0].layer_states, &canon.runs[0].layer_states);
        // A square cross-section: up to 8 states become one (the slices' states are summed).
        let merged = |(x, y): (&usize, &usize)| 8 * x >= *y && x < y || x == y && *x <= 1;
        assert!(slices > 1 || b.iter().zip(a).all(merged), "{a:?} {b:?}");
    }
}

/// Counts beyond 64 and 128 bits: the layer is stepped again with wider counts. L-tricubes in
/// 2x2x3n follow a(n) = 68 a(n-1) - 192 a(n-2) (OEIS A234833).
#[test]
fn layers_widen_counts_exactly() {
    let (mut a, mut b) = (BigUint::from(1u8), BigUint::from(44u8));
    for _ in 2..=40 {
        (a, b) = (b.clone(), b * 68u32 - a * 192u32);
    }
    let prep = Prepared::new(&box_of(&L_TRICUBE, [2, 2, 120])).unwrap();
    for slices in [1, 4] {
        let opts = FrontierOptions {
            layers: true,
            canonical: true,
            classes: false,
            slices,
            ..Default::default()
        };
        assert_eq!(
            frontier::count(&prep, &opts).unwrap().raw,
            b,
            "{slices} slices"
        );
    }
}

/// Slices counted apart (a shard's share each, one slice or a range of them) add up to every
/// run's fixed points, and `merge_slices` makes the whole count of them: the same fixed points,
/// classes and states after each layer.
#[test]
fn slices_counted_apart_add_up() {
    let prep = Prepared::new(&box_of(&T_TETRACUBE, [3, 4, 8])).unwrap();
    let whole = count(&prep, true, true, 1);
    let slices = 5;
    let share = |a: usize, b: usize| {
        let opts = FrontierOptions {
            layers: true,
            canonical: true,
            slices,
            slice: Some((a, b)),
            ..Default::default()
        };
        frontier::count(&prep, &opts).unwrap()
    };
    let one: Vec<FrontierReport> = (0..slices).map(|j| share(j, j + 1)).collect();
    assert!(one[0].rotations.is_none());
    let mut sums = vec![BigUint::from(0u8); whole.runs.len()];
    for part in &one {
        for (s, r) in sums.iter_mut().zip(&part.runs) {
            *s += &r.fixed;
        }
    }
    let fixed: Vec<BigUint> = whole.runs.iter().map(|r| r.fixed.clone()).collect();
    assert_eq!(sums, fixed);
    assert!(sums[0] > BigUint::from(0u8));
    let opts = FrontierOptions {
        layers: true,
        canonical: true,
        slices,
        ..Default::default()
    };
    // The states after the cut are summed over the slices (equal states of two slices are not
    // merged), as a count in slices on one machine sums them.
    let in_slices = sliced(&prep, true, true, 1, slices);
    let ranges = [share(0, 2), share(2, 3), share(3, 5)];
    for shares in [&one[..], &ranges[..]] {
        let merged = frontier::merge_slices(&prep, &opts, shares).unwrap();
        assert_eq!(frontier_triple(&merged), frontier_triple(&whole));
        for (m, w) in merged.runs.iter().zip(&in_slices.runs) {
            assert_eq!(m.fixed, w.fixed);
            assert_eq!(m.layer_states, w.layer_states, "{}", w.symmetry);
        }
    }
    // Shares of another programme (without the classes' runs) are refused.
    let raw_only = FrontierOptions {
        classes: false,
        slice: Some((0, 5)),
        ..opts
    };
    let other = frontier::count(&prep, &raw_only).unwrap();
    assert!(frontier::merge_slices(&prep, &opts, &[other]).is_err());
}

/// A layer's walk from one state can have billions of successors (the first layer of
/// T-tetracubes in 6x6x6 from the empty box): the memory bound and a cancellation stop it
/// inside the walk.
#[test]
fn layers_stop_inside_a_walk() {
    let prep = Prepared::new(&box_of(&T_TETRACUBE, [6, 6, 6])).unwrap();
    let opts = FrontierOptions {
        layers: true,
        canonical: true,
        classes: false,
        max_bytes: 32 << 20,
        ..Default::default()
    };
    let e = frontier::count(&prep, &opts).unwrap_err();
    assert!(
        matches!(
            e,
            frontier::FrontierError::TooMuchMemory { position: 0, .. }
        ),
        "{e:?}"
    );
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let opts = FrontierOptions {
        cancel: Some(&cancel),
        max_bytes: usize::MAX,
        ..opts
    };
    std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(300));
            cancel.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        let e = frontier::count(&prep, &opts).unwrap_err();
        assert_eq!(e, frontier::FrontierError::Cancelled);
    });
}
