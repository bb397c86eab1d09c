//! Published figures reproduced by computation (sources in `wurfel_snake::catalog`).

use std::collections::HashSet;
use wurfel_snake::{
    catalog, survey, Board, Chain, Counts, Problem, Pruning, DIRECTIONS, DIRECTION_LETTERS,
};

fn counts(id: &str) -> Counts {
    let e = catalog::find(id).unwrap();
    Problem::auto(e.chain(), Some(e.side)).unwrap().count()
}

#[test]
fn standard_chain_48_2_1() {
    let c = counts("standard");
    assert_eq!((c.embeddings, c.rotations, c.isometries), (48, 2, 1));
    assert!(!c.palindrome && c.isometries_reversal.is_none());
    // Both notations and both reading directions name the same puzzle.
    let letters = Chain::parse("ESCCCSCCSCCCSCSCCCCSCSCSCSE").unwrap();
    assert_eq!(Problem::auto(letters.clone(), None).unwrap().count(), c);
    let reversed = Problem::auto(letters.reversed(), None).unwrap().count();
    assert_eq!(reversed, c);
}

#[test]
fn king_snakes_192_8_4() {
    for id in ["king-46", "king-39"] {
        let e = catalog::find(id).unwrap();
        let p = Problem::auto(e.chain(), Some(e.side)).unwrap();
        let (c, stats) = p.count_with(Pruning::default(), 2);
        assert_eq!(
            (c.embeddings, c.rotations, c.isometries),
            (192, 8, 4),
            "{id}"
        );
        assert_eq!(
            stats.leaves, 4,
            "one canonical embedding per isometry class"
        );
        if id == "king-39" {
            // Splitting the search over threads changes neither the counts nor the work.
            for threads in [1, 3] {
                let (c1, stats1) = p.count_with(Pruning::default(), threads);
                assert_eq!((c1, stats1), (c, stats), "{threads} threads");
            }
        }
    }
    assert_eq!(
        catalog::find("king-46").unwrap().chain().segments().len(),
        46
    );
    assert_eq!(
        catalog::find("king-39").unwrap().chain().segments().len(),
        39
    );
}

#[test]
fn catalog_matches_its_published_figures() {
    let mut ids = HashSet::new();
    for e in catalog::CATALOG {
        assert!(ids.insert(e.id), "duplicate id {}", e.id);
        let p = Problem::auto(e.chain(), Some(e.side)).unwrap();
        let c = p.count();
        assert!(c.embeddings > 0, "{} must fold", e.id);
        if let Some(published) = e.published {
            assert_eq!(
                (c.embeddings, c.rotations, c.isometries),
                published,
                "{}",
                e.id
            );
        }
    }
}

/// FeliksWare's analysis of all 3x3x3 snakes: 11,487 snakes (77 palindromes), 51,704 solutions,
/// 3,658 with a unique solution, at most 142; 4,960,608 directed Hamiltonian paths.
#[test]
fn survey_of_3x3x3() {
    let s = survey(&Board::cube(3).unwrap(), 2);
    assert_eq!(s.directed_paths, 4_960_608);
    assert_eq!(s.snakes, 11_487);
    assert_eq!(s.palindromes, 77);
    assert_eq!(s.solutions, 51_704);
    assert_eq!(s.unique, 3_658);
    assert_eq!(s.max_solutions, 142);
    // The survey and the chain search agree on individual snakes (every 97th, and the
    // standard one), counted from either end.
    let standard = Chain::parse("3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3")
        .unwrap()
        .canonical();
    let mut checked = 0;
    for (i, e) in s.entries.iter().enumerate() {
        let chain = Chain::parse(&e.chain).unwrap();
        if i % 97 != 0 && chain != standard && e.solutions != 142 {
            continue;
        }
        let c = Problem::auto(chain.reversed(), None).unwrap().count();
        assert_eq!(c.solutions(), e.solutions, "{}", e.chain);
        assert_eq!(c.palindrome, e.palindrome);
        checked += 1;
    }
    assert!(checked > 100);
    assert!(s
        .entries
        .iter()
        .any(|e| e.chain == standard.to_string() && e.solutions == 1));
    // Thread count does not change the result.
    assert_eq!(survey(&Board::cube(3).unwrap(), 1), s);
}

#[test]
fn two_by_two_by_two_has_one_snake() {
    let s = survey(&Board::cube(2).unwrap(), 1);
    assert_eq!(s.snakes, 1);
    assert_eq!(s.entries[0].chain, catalog::find("mini").unwrap().segments);
    assert_eq!(s.solutions, counts("mini").solutions());
}

/// Listed solutions are real foldings, one per physical class, and their text forms agree.
#[test]
fn listed_solutions_are_valid_foldings() {
    for (text, side) in [
        ("2,2,2,2,2,2,2", 2),
        ("3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3", 3),
        ("2,2,2,2,2,2,2,2,2,2,2,2,3,3,3,3,2,2,2,2,2,2", 3),
        ("3,3,2,3,2,2,2,2,2,3,2,2,2,2,2,3,2,3,3", 3),
    ] {
        let chain = Chain::parse(text).unwrap();
        let p = Problem::auto(chain.clone(), Some(side)).unwrap();
        let sols = p.solutions(None);
        assert_eq!(sols.len() as u64, p.count().solutions(), "{text}");
        let letters = chain.letters().into_bytes();
        let n = chain.cubes();
        for f in &sols {
            let cells = f.cells();
            assert_eq!(cells.len(), n);
            let distinct: HashSet<_> = cells.iter().collect();
            assert_eq!(distinct.len(), n);
            assert!(cells
                .iter()
                .all(|c| c.iter().all(|&v| v >= 0 && (v as usize) < side)));
            let moves: Vec<char> = f.moves().chars().collect();
            assert_eq!(moves.len(), n - 1);
            for i in 0..n - 1 {
                let d: [i32; 3] = std::array::from_fn(|k| cells[i + 1][k] - cells[i][k]);
                let k = DIRECTIONS.iter().position(|&v| v == d).expect("unit step");
                assert_eq!(moves[i], DIRECTION_LETTERS[k]);
                if i > 0 {
                    let straight = moves[i] == moves[i - 1];
                    assert_eq!(straight, letters[i] == b'S', "{text} cube {}", i + 1);
                }
            }
            // Per-segment moves: one entry per segment, lengths = segment lengths − 1.
            let segs: Vec<u32> = f
                .segment_moves()
                .split(' ')
                .map(|s| s[1..].parse::<u32>().unwrap() + 1)
                .collect();
            assert_eq!(segs, chain.segments());
            // Layers show every position 1..=n exactly once.
            let mut nums: Vec<usize> = f
                .layers()
                .lines()
                .filter(|l| !l.starts_with('z'))
                .flat_map(|l| {
                    l.split_whitespace()
                        .map(|t| t.parse::<usize>().unwrap())
                        .collect::<Vec<_>>()
                })
                .collect();
            nums.sort();
            assert_eq!(nums, (1..=n).collect::<Vec<_>>());
        }
    }
}
