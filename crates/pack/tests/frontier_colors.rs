//! The frontier counter on puzzles with constraint colours: it counts the placements the
//! solver prepared (a placement exists only where colours match) and the symmetries that keep
//! colours, so its three counts equal the search's, cell by cell and a layer at a time (with
//! boundary states merged under the cross-section's symmetries, which must keep the coloured
//! placements too, counted with multiplicity: two orientations of a piece that differ only in
//! colours cover the same cells, and treating them as one made the layered count 128 where the
//! search found 134: [`colour_twins_cover_the_same_cells`]).

mod common;
use common::random::{colour, random_puzzle};
use common::{frontier_triple, piece, puzzle, search_triple};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use wurfel_geom::Shape;
use wurfel_pack::burrtools::read_xmpuzzle;
use wurfel_pack::frontier::{self, FrontierOptions};
use wurfel_pack::{Prepared, Puzzle};

/// Counts `p` with the search and the frontier counter (both modes) and compares.
fn check(p: &Puzzle, what: &str) -> u64 {
    let prep = Prepared::new(p).unwrap();
    let want = prep.count(1);
    for layers in [false, true] {
        let opts = FrontierOptions {
            layers,
            canonical: layers,
            ..FrontierOptions::default()
        };
        let got = frontier::count(&prep, &opts).unwrap();
        assert_eq!(
            frontier_triple(&got),
            search_triple(&want),
            "{what} (layers {layers})"
        );
    }
    want.raw
}

#[test]
fn frontier_matches_search_on_the_burrtools_colour_corpus() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/burr");
    let mut coloured = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "xmpuzzle") {
            continue;
        }
        let origin = path.display().to_string();
        let p = read_xmpuzzle(&std::fs::read(&path).unwrap(), &origin, None)
            .unwrap()
            .puzzle;
        coloured += usize::from(p.has_colors());
        check(&p, &origin);
    }
    assert!(coloured >= 8, "only {coloured} coloured designs");
}

#[test]
fn frontier_matches_search_on_random_coloured_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(39);
    let (mut checked, mut nonzero) = (0, 0);
    while checked < 60 {
        let p = random_puzzle(&mut rng);
        let p = colour(&mut rng, p);
        if p.target.len() > 16 {
            continue; // a second each in the frontier counter's 48 class runs: kept quick
        }
        nonzero += u32::from(check(&p, &format!("random puzzle {checked}")) > 0);
        checked += 1;
    }
    assert!(nonzero >= 10, "only {nonzero} puzzles with solutions");
}

/// A 1x3x4 slab whose pieces have orientations equal in cells but not in colours: the layered
/// counter once merged boundary states under a cross-section flip that maps the set of items
/// to itself but not their multiset (128 counted, 134 there are).
#[test]
fn colour_twins_cover_the_same_cells() {
    let mut p = puzzle(
        Shape::cuboid(1, 3, 4),
        vec![
            piece("a", 'a', &[[0, 0, 0], [0, 1, 0]], 1),
            piece("b", 'b', &[[0, 2, 0], [0, 1, 1], [0, 2, 1], [0, 2, 2]], 1),
            piece("c", 'c', &[[0, 0, 1], [0, 0, 2], [0, 1, 2]], 1),
            piece("d", 'd', &[[0, 0, 3], [0, 1, 3], [0, 2, 3]], 1),
        ],
    );
    let colours: [&[u8]; 4] = [&[0, 1], &[0, 0, 0, 2], &[0, 2, 0], &[2, 2, 1]];
    for (k, c) in p.pieces.iter_mut().zip(colours) {
        k.cell_colors = c.to_vec();
    }
    // Target cells in the order of `target.cells()`: x = 0, then y, then z fastest.
    let by_cell: std::collections::HashMap<[i32; 3], u8> = [
        ([0, 0, 0], 0),
        ([0, 1, 0], 1),
        ([0, 2, 0], 1),
        ([0, 0, 1], 0),
        ([0, 1, 1], 0),
        ([0, 2, 1], 0),
        ([0, 0, 2], 2),
        ([0, 1, 2], 1),
        ([0, 2, 2], 1),
        ([0, 0, 3], 0),
        ([0, 1, 3], 1),
        ([0, 2, 3], 2),
    ]
    .into_iter()
    .collect();
    p.target_colors = p.target.cells().iter().map(|c| by_cell[c]).collect();
    p.color_rules = vec![(1, 1), (2, 1), (2, 2)];
    assert_eq!(check(&p, "slab"), 134);
}
