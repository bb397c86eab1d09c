//! Random small puzzles (pieces cut from small boxes, and from boxes with holes: targets that are
//! not boxes, so the engine's grid has prefilled cells; targets with optional cells and pieces
//! with ranges of counts) counted by the engine and by a naive reference enumerator; all three
//! conventions must agree.
//!
//! The reference shares nothing with the solver but `Shape` and `Iso`: it fills the first
//! empty cell by trying every piece, orientation and translation, stores each solution as a set
//! of (kind, cells), and counts classes by applying every symmetry of the target to every
//! solution and relabelling regions by shape.

mod common;
use common::random::{
    random_holed_target, random_optional_puzzle, random_pieces, random_puzzle, Declare, BOXES,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeSet, HashSet};
use wurfel_geom::{Cell, Iso, Shape};
use wurfel_pack::{Prepared, Puzzle};

type Solution = BTreeSet<(usize, Vec<Cell>)>;

fn naive_solutions(p: &Puzzle) -> Vec<Solution> {
    let target: Vec<Cell> = p.target.cells().to_vec();
    let in_target: HashSet<Cell> = target.iter().copied().collect();
    let orients: Vec<Vec<Shape>> = p.pieces.iter().map(|k| k.shape.orientations()).collect();
    let mut out = Vec::new();
    let mut filled: HashSet<Cell> = HashSet::new();
    let mut left: Vec<u32> = p.pieces.iter().map(|k| k.count).collect();
    let mut current: Vec<(usize, Vec<Cell>)> = Vec::new();
    // A cell left empty is marked filled but is in no piece.
    #[allow(clippy::too_many_arguments)]
    fn rec(
        p: &Puzzle,
        target: &[Cell],
        in_target: &HashSet<Cell>,
        orients: &[Vec<Shape>],
        filled: &mut HashSet<Cell>,
        left: &mut Vec<u32>,
        current: &mut Vec<(usize, Vec<Cell>)>,
        out: &mut Vec<Solution>,
    ) {
        let Some(&first) = target.iter().find(|c| !filled.contains(*c)) else {
            let enough = p
                .pieces
                .iter()
                .zip(left.iter())
                .all(|(k, &l)| k.count - l >= k.min);
            // An assembly places at least one piece (the empty one is not a solution).
            if enough && !current.is_empty() {
                out.push(current.iter().cloned().collect());
            }
            return;
        };
        if p.optional.contains(&first) {
            filled.insert(first);
            rec(p, target, in_target, orients, filled, left, current, out);
            filled.remove(&first);
        }
        for k in 0..orients.len() {
            if left[k] == 0 {
                continue;
            }
            // Distinct placements of kind k covering `first` (symmetric orientations and
            // different anchors reach the same cells; trying each once keeps the count exact).
            let mut options: BTreeSet<Vec<Cell>> = BTreeSet::new();
            for o in &orients[k] {
                for anchor in o.cells() {
                    let d = [
                        first[0] - anchor[0],
                        first[1] - anchor[1],
                        first[2] - anchor[2],
                    ];
                    let mut cells: Vec<Cell> = o
                        .cells()
                        .iter()
                        .map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
                        .collect();
                    if cells
                        .iter()
                        .any(|c| !in_target.contains(c) || filled.contains(c))
                    {
                        continue;
                    }
                    cells.sort();
                    options.insert(cells);
                }
            }
            for cells in options {
                for c in &cells {
                    filled.insert(*c);
                }
                left[k] -= 1;
                current.push((k, cells.clone()));
                rec(p, target, in_target, orients, filled, left, current, out);
                current.pop();
                left[k] += 1;
                for c in &cells {
                    filled.remove(c);
                }
            }
        }
    }
    rec(
        p,
        &target,
        &in_target,
        &orients,
        &mut filled,
        &mut left,
        &mut current,
        &mut out,
    );
    // Each solution is reached exactly once (the first empty cell fixes the order), but check.
    let n = out.len();
    let set: HashSet<Solution> = out.into_iter().collect();
    assert_eq!(set.len(), n, "naive enumerator produced a duplicate");
    set.into_iter().collect()
}

/// The image of a solution under `iso`; `None` if it is not a solution's shape-wise image
/// (some region's kind has no mirror twin). A rotation keeps every piece's label; a reflection
/// turns each kind into its mirror twin: kinds are grouped by (shape, min, count) and the `i`-th kind
/// of a group becomes the `i`-th kind of the group with the mirrored shape, in declaration order
/// (so an achiral kind stays itself, and equal shapes declared apart stay distinct pieces).
fn transform(p: &Puzzle, s: &Solution, iso: Iso) -> Option<Solution> {
    let (lo, _) = p.target.bounds();
    let img_target = Shape::new(p.target.cells().iter().map(|&c| iso.apply(c))).unwrap();
    let (ilo, _) = img_target.bounds();
    let shift = |c: Cell| -> Cell {
        let a = iso.apply(c);
        [
            a[0] - ilo[0] + lo[0],
            a[1] - ilo[1] + lo[1],
            a[2] - ilo[2] + lo[2],
        ]
    };
    let key: Vec<(Shape, u32, u32)> = p
        .pieces
        .iter()
        .map(|k| (k.shape.canonical(), k.min, k.count))
        .collect();
    let mut out = Solution::new();
    for (kind, cells) in s {
        let mut img: Vec<Cell> = cells.iter().map(|&c| shift(c)).collect();
        img.sort();
        let kind = if iso.is_rotation() {
            *kind
        } else {
            let shape = Shape::new(img.iter().copied()).unwrap().canonical();
            let rank = key[..*kind].iter().filter(|x| **x == key[*kind]).count();
            let range = (key[*kind].1, key[*kind].2);
            key.iter()
                .enumerate()
                .filter(|(_, x)| x.0 == shape && (x.1, x.2) == range)
                .nth(rank)?
                .0
        };
        out.insert((kind, img));
    }
    Some(out)
}

/// Burnside's lemma: the number of orbits is the average number of solutions fixed by an
/// element of the group acting on solutions (the rotations, plus the reflections when every
/// kind has a mirror twin).
fn burnside(p: &Puzzle, sols: &[Solution], group: &[Iso]) -> usize {
    let acting: Vec<Iso> = group
        .iter()
        .copied()
        .filter(|&g| g.is_rotation() || mirror_closed(p))
        .collect();
    let fixed: usize = acting
        .iter()
        .map(|&g| {
            sols.iter()
                .filter(|s| transform(p, s, g).as_ref() == Some(*s))
                .count()
        })
        .sum();
    assert_eq!(
        fixed % acting.len(),
        0,
        "Burnside's sum is not a multiple of |G|"
    );
    fixed / acting.len()
}

/// The elements of `group` (symmetries of the target's cells) that map the optional cells onto
/// optional cells, as `transform` places the image.
fn symmetries(p: &Puzzle, group: &[Iso]) -> Vec<Iso> {
    let (lo, _) = p.target.bounds();
    let optional: HashSet<Cell> = p.optional.iter().copied().collect();
    p.target
        .symmetries(group)
        .into_iter()
        .filter(|&iso| {
            let img = Shape::new(p.target.cells().iter().map(|&c| iso.apply(c))).unwrap();
            let (ilo, _) = img.bounds();
            p.optional.iter().all(|&c| {
                let a = iso.apply(c);
                optional.contains(&[
                    a[0] - ilo[0] + lo[0],
                    a[1] - ilo[1] + lo[1],
                    a[2] - ilo[2] + lo[2],
                ])
            })
        })
        .collect()
}

/// Whether every kind has a kind with the mirrored shape and the same range of counts, one
/// for one.
fn mirror_closed(p: &Puzzle) -> bool {
    let mut keys: Vec<(Shape, u32, u32)> = p
        .pieces
        .iter()
        .map(|k| (k.shape.canonical(), k.min, k.count))
        .collect();
    let mut mirrored: Vec<(Shape, u32, u32)> = p
        .pieces
        .iter()
        .map(|k| (k.shape.mirrored().canonical(), k.min, k.count))
        .collect();
    keys.sort_by_key(|k| format!("{:?}", k));
    mirrored.sort_by_key(|k| format!("{:?}", k));
    keys == mirrored
}

fn classes(p: &Puzzle, sols: &[Solution], group: &[Iso]) -> usize {
    let all: HashSet<&Solution> = sols.iter().collect();
    let mut seen: HashSet<Solution> = HashSet::new();
    let mut n = 0;
    for s in sols {
        if seen.contains(s) {
            continue;
        }
        n += 1;
        for &g in group {
            if let Some(t) = transform(p, s, g) {
                if all.contains(&t) {
                    seen.insert(t);
                }
            }
        }
    }
    n
}

/// Counts, lists and finds the solutions of `p` with the engine and checks them against the
/// naive enumerator; returns the naive solutions.
fn check_against_naive(p: &Puzzle) -> Vec<Solution> {
    let sols = naive_solutions(p);
    let rot: Vec<Iso> = symmetries(p, &Iso::rotations());
    let all: Vec<Iso> = symmetries(p, &Iso::all());
    let want = (
        sols.len() as u64,
        classes(p, &sols, &rot) as u64,
        classes(p, &sols, &all) as u64,
    );
    let prep = Prepared::new(p).unwrap();
    for threads in [1, 2] {
        let c = prep.count(threads);
        assert_eq!(
            (c.raw, c.rotations, c.rotations_reflections),
            want,
            "target {:?}, pieces {:?}",
            p.target.cells(),
            p.pieces
                .iter()
                .map(|k| (k.shape.cells().to_vec(), k.count))
                .collect::<Vec<_>>()
        );
    }
    // Listing agrees with counting, and every listed solution is valid and distinct.
    for conv in wurfel_pack::Convention::ALL {
        let listed = prep.solutions(conv, usize::MAX, 2);
        let c = prep.count(1);
        assert_eq!(listed.len() as u64, c.get(conv));
        assert!(listed.iter().all(|s| prep.is_solution(s)));
        let distinct: HashSet<&Vec<u32>> = listed.iter().collect();
        assert_eq!(distinct.len(), listed.len());
        // Budgeted rounds resumed node by node list the same solutions in the same order.
        let opts = wurfel_cover::SearchOptions {
            threads: 2,
            node_budget: Some(1),
            ..Default::default()
        };
        assert_eq!(prep.find(&opts, conv, usize::MAX).unwrap().0, listed);
        // Streamed from the rounds (`solve --all`): the same solutions, each once.
        let mut streamed = Vec::new();
        let two = wurfel_cover::SearchOptions {
            threads: 2,
            ..Default::default()
        };
        let rep = prep
            .list_with(&two, conv, false, |_, out, _| {
                streamed.extend(out.solutions);
                std::ops::ControlFlow::Continue(())
            })
            .unwrap();
        assert!(rep.complete);
        let mut sorted = listed.clone();
        sorted.sort();
        streamed.sort();
        assert_eq!(streamed, sorted);
    }
    sols
}

/// Whether the naive enumerator finishes quickly on `p`.
fn small_enough(p: &Puzzle) -> bool {
    let copies: u32 = p.pieces.iter().map(|k| k.count).sum();
    p.target.len() <= 18 || copies <= 6
}

#[test]
fn engine_matches_naive_enumerator() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut checked = 0;
    while checked < 60 {
        let p = random_puzzle(&mut rng);
        if !small_enough(&p) {
            continue;
        }
        check_against_naive(&p);
        checked += 1;
    }
}

#[test]
fn engine_matches_naive_enumerator_on_targets_with_holes() {
    let mut rng = ChaCha8Rng::seed_from_u64(2027);
    let (mut checked, mut not_boxes, mut symmetric) = (0, 0, 0);
    while checked < 60 {
        let target = random_holed_target(&mut rng);
        let p = random_pieces(&mut rng, target, Declare::Copies);
        if !small_enough(&p) {
            continue;
        }
        check_against_naive(&p);
        checked += 1;
        not_boxes += usize::from(!p.target.is_box());
        symmetric += usize::from(p.target.symmetries(&Iso::rotations()).len() > 1);
    }
    // The generator must really produce what this test is about.
    assert!(
        not_boxes >= 50,
        "only {not_boxes} of 60 targets are not boxes"
    );
    assert!(
        symmetric >= 10,
        "only {symmetric} of 60 targets have a rotation"
    );
}

/// The smallest case where equal shapes declared apart once gave `rotations_reflections = 0`:
/// two V-trominoes named A and B fill a 1x2x3 box in 4 ways, all one class.
#[test]
fn equal_shapes_declared_apart_smallest_case() {
    let v = [[0, 0, 0], [0, 1, 0], [0, 0, 1]];
    let p = common::puzzle(
        Shape::cuboid(1, 2, 3),
        vec![
            common::piece("A", 'A', &v, 1),
            common::piece("B", 'B', &v, 1),
        ],
    );
    let c = Prepared::new(&p).unwrap().count(1);
    assert_eq!((c.raw, c.rotations, c.rotations_reflections), (4, 1, 1));
    check_against_naive(&p);
}

#[test]
fn engine_matches_naive_with_equal_shapes_declared_apart() {
    let mut rng = ChaCha8Rng::seed_from_u64(2028);
    let (mut checked, mut with_equal_apart) = (0, 0);
    while checked < 40 {
        let dims = BOXES[rng.gen_range(0..BOXES.len())];
        let declare = if checked % 2 == 0 {
            Declare::Apart
        } else {
            Declare::Mixed
        };
        let p = random_pieces(&mut rng, Shape::cuboid(dims[0], dims[1], dims[2]), declare);
        if !small_apart(&p) {
            continue;
        }
        check_against_naive(&p);
        checked += 1;
        with_equal_apart += usize::from(has_equal_shapes_apart(&p));
    }
    assert!(
        with_equal_apart >= 15,
        "only {with_equal_apart} of 40 puzzles declare equal shapes apart"
    );
}

/// Whether the naive enumerator finishes quickly on `p` with every piece distinct (labelled
/// solutions are k! times as many as with copies).
fn small_apart(p: &Puzzle) -> bool {
    p.target.len() <= 16 && p.pieces.len() <= 6
}

fn has_equal_shapes_apart(p: &Puzzle) -> bool {
    let canon: Vec<Shape> = p.pieces.iter().map(|k| k.shape.canonical()).collect();
    (0..canon.len()).any(|i| canon[i + 1..].contains(&canon[i]))
}

#[test]
fn engine_matches_naive_with_optional_cells_and_ranges() {
    let mut rng = ChaCha8Rng::seed_from_u64(2029);
    let (mut checked, mut with_empty, mut with_rotation, mut restricted) = (0, 0, 0, 0);
    while checked < 80 {
        let p = random_optional_puzzle(&mut rng);
        if p.check_volume().is_err() {
            continue;
        }
        let sols = check_against_naive(&p);
        checked += 1;
        // Solutions that leave some optional cell empty.
        with_empty += usize::from(
            sols.iter()
                .any(|s| s.iter().map(|(_, c)| c.len()).sum::<usize>() < p.target.len()),
        );
        with_rotation += usize::from(symmetries(&p, &Iso::rotations()).len() > 1);
        restricted += usize::from(Prepared::new(&p).unwrap().restricted.is_some());
    }
    // The generator must really produce what this test is about.
    assert!(
        with_empty >= 20,
        "only {with_empty} of 80 puzzles leave a cell empty"
    );
    assert!(
        with_rotation >= 20,
        "only {with_rotation} of 80 keep a rotation"
    );
    assert!(restricted >= 10, "only {restricted} of 80 restrict a piece");
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn factorial(n: u32) -> u64 {
        (1..=n as u64).product()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

        /// One random partition of a small box, declared as copies and declared apart: the
        /// counts are never 0 when raw > 0, Burnside's lemma agrees with the orbit count and
        /// the engine, and labelled counts are the unlabelled ones times the product of k! when
        /// the group acts freely.
        #[test]
        fn counting_conventions_are_consistent(seed in any::<u64>(), b in 0..BOXES.len()) {
            let dims = BOXES[b];
            let target = Shape::cuboid(dims[0], dims[1], dims[2]);
            let rng = ChaCha8Rng::seed_from_u64(seed);
            let copies = random_pieces(&mut rng.clone(), target.clone(), Declare::Copies);
            let apart = random_pieces(&mut rng.clone(), target, Declare::Apart);
            prop_assume!(small_apart(&apart));
            let rot = copies.target.symmetries(&Iso::rotations());
            let all = copies.target.symmetries(&Iso::all());
            let mut counts = Vec::new();
            for p in [&copies, &apart] {
                let sols = naive_solutions(p);
                let c = Prepared::new(p).unwrap().count(1);
                prop_assert_eq!(c.raw, sols.len() as u64);
                if c.raw > 0 {
                    prop_assert!(c.rotations > 0 && c.rotations_reflections > 0);
                }
                prop_assert_eq!(burnside(p, &sols, &rot), classes(p, &sols, &rot));
                prop_assert_eq!(burnside(p, &sols, &all), classes(p, &sols, &all));
                prop_assert_eq!(c.rotations, classes(p, &sols, &rot) as u64);
                prop_assert_eq!(c.rotations_reflections, classes(p, &sols, &all) as u64);
                counts.push(c);
            }
            let (u, l) = (counts[0], counts[1]);
            let labels: u64 = copies.pieces.iter().map(|k| factorial(k.count)).product();
            prop_assert_eq!(l.raw, u.raw * labels);
            if u.raw == u.rotations * rot.len() as u64 {
                prop_assert_eq!(l.rotations, u.rotations * labels);
            }
            let acting = if mirror_closed(&copies) { all.len() } else { rot.len() };
            if u.rotations_reflections * acting as u64 == u.raw {
                prop_assert_eq!(l.rotations_reflections, u.rotations_reflections * labels);
            }
        }
    }
}
