//! The fast search checked against a deliberately naive enumerator: cube by cube, coordinates
//! instead of bitboards, no pruning, no symmetry breaking, classes by brute-force canonical
//! forms over explicitly transformed coordinate lists.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, HashSet};
use wurfel_geom::{Iso, DIRECTIONS};
use wurfel_snake::{survey, Board, Chain, Counts, Problem};

// The boxes checked are the same in every build profile, so a debug `cargo test` covers what
// the release CI run covers (the naive enumerator is some 30 times slower unoptimized: about
// half a minute instead of a second).

type Path = Vec<[i32; 3]>;

fn inside(dims: [i32; 3], p: [i32; 3]) -> bool {
    (0..3).all(|i| p[i] >= 0 && p[i] < dims[i])
}

fn sub(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// Every embedding of a chain given by letters (`E`, `S`, `C`), straight from the definition: cube k+1 touches
/// cube k, and is aligned with k-1, k for `S`, not aligned for `C`.
fn naive_embeddings(letters: &[u8], dims: [i32; 3]) -> Vec<Path> {
    fn go(letters: &[u8], dims: [i32; 3], path: &mut Path, out: &mut Vec<Path>) {
        let k = path.len();
        if k == letters.len() {
            out.push(path.clone());
            return;
        }
        let last = path[k - 1];
        for d in DIRECTIONS {
            let p = [last[0] + d[0], last[1] + d[1], last[2] + d[2]];
            if !inside(dims, p) || path.contains(&p) {
                continue;
            }
            if k >= 2 {
                let aligned = sub(last, path[k - 2]) == d;
                match letters[k - 1] {
                    b'S' if !aligned => continue,
                    b'C' if aligned => continue,
                    _ => {}
                }
            }
            path.push(p);
            go(letters, dims, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    for x in 0..dims[0] {
        for y in 0..dims[1] {
            for z in 0..dims[2] {
                let mut path = vec![[x, y, z]];
                go(letters, dims, &mut path, &mut out);
            }
        }
    }
    out
}

/// The isometries mapping the box onto itself, as functions on coordinates.
fn box_group(dims: [i32; 3]) -> Vec<(Iso, [i32; 3])> {
    let corner = [dims[0] - 1, dims[1] - 1, dims[2] - 1];
    Iso::all()
        .into_iter()
        .filter_map(|iso| {
            let a = iso.apply([0, 0, 0]);
            let b = iso.apply(corner);
            let lo = [a[0].min(b[0]), a[1].min(b[1]), a[2].min(b[2])];
            let hi = [a[0].max(b[0]), a[1].max(b[1]), a[2].max(b[2])];
            (sub(hi, lo) == corner).then_some((iso, lo))
        })
        .collect()
}

fn classes(paths: &[Path], group: &[(Iso, [i32; 3])], reversal: bool) -> usize {
    // Canonical form: the least transformed sequence over the group (and both reading
    // directions when reversal counts). Candidates are compared lazily, element by element, so
    // only the winner is materialized.
    let image = |p: &Path, (iso, lo): (Iso, [i32; 3]), rev: bool, i: usize| {
        let j = if rev { p.len() - 1 - i } else { i };
        sub(iso.apply(p[j]), lo)
    };
    let mut seen: HashSet<Path> = HashSet::new();
    for p in paths {
        let mut best = (group[0], false);
        for &g in group {
            for rev in [false, true] {
                if rev && !reversal {
                    continue;
                }
                let smaller = (0..p.len())
                    .map(|i| image(p, g, rev, i).cmp(&image(p, best.0, best.1, i)))
                    .find(|o| o.is_ne())
                    .is_some_and(|o| o.is_lt());
                if smaller {
                    best = (g, rev);
                }
            }
        }
        seen.insert((0..p.len()).map(|i| image(p, best.0, best.1, i)).collect());
    }
    seen.len()
}

fn naive_counts(chain: &Chain, dims: [i32; 3]) -> Counts {
    let letters = chain.letters().into_bytes();
    let paths = naive_embeddings(&letters, dims);
    let all = box_group(dims);
    let rots: Vec<_> = all
        .iter()
        .copied()
        .filter(|(i, _)| i.is_rotation())
        .collect();
    let pal = chain.is_palindrome();
    Counts {
        embeddings: paths.len() as u64,
        rotations: classes(&paths, &rots, false) as u64,
        isometries: classes(&paths, &all, false) as u64,
        palindrome: pal,
        rotations_reversal: pal.then(|| classes(&paths, &rots, true) as u64),
        isometries_reversal: pal.then(|| classes(&paths, &all, true) as u64),
    }
}

/// A random Hamiltonian path of the box (random-order backtracking), read as a chain, so that
/// test chains have solutions.
fn random_hamiltonian_chain(dims: [i32; 3], rng: &mut ChaCha8Rng) -> Chain {
    fn go(
        dims: [i32; 3],
        n: usize,
        path: &mut Path,
        rng: &mut ChaCha8Rng,
        budget: &mut u32,
    ) -> bool {
        if path.len() == n {
            return true;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let last = *path.last().unwrap();
        let mut dirs = DIRECTIONS;
        for i in (1..6).rev() {
            dirs.swap(i, rng.gen_range(0..=i));
        }
        for d in dirs {
            let p = [last[0] + d[0], last[1] + d[1], last[2] + d[2]];
            if inside(dims, p) && !path.contains(&p) {
                path.push(p);
                if go(dims, n, path, rng, budget) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let n = (dims[0] * dims[1] * dims[2]) as usize;
    loop {
        let start = [
            rng.gen_range(0..dims[0]),
            rng.gen_range(0..dims[1]),
            rng.gen_range(0..dims[2]),
        ];
        let mut path = vec![start];
        let mut budget = 20_000;
        if go(dims, n, &mut path, rng, &mut budget) {
            let corners: Vec<bool> = path
                .windows(3)
                .map(|w| sub(w[1], w[0]) != sub(w[2], w[1]))
                .collect();
            return Chain::from_corners(&corners);
        }
    }
}

fn fast_counts(chain: &Chain, dims: [i32; 3]) -> Counts {
    let board = Board::new([dims[0] as usize, dims[1] as usize, dims[2] as usize]).unwrap();
    Problem::new(chain.clone(), board).unwrap().count()
}

#[test]
fn random_chains_match_naive_enumeration() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0005_eed4);
    let boxes: &[[i32; 3]] = &[
        [3, 3, 3],
        [2, 3, 3],
        [2, 2, 4],
        [2, 3, 4],
        [2, 2, 2],
        [1, 3, 5],
        [2, 2, 3],
        [1, 4, 4],
        [1, 3, 3],
    ];
    let mut solvable = 0;
    for round in 0..54 {
        let dims = boxes[round % boxes.len()];
        let n = (dims[0] * dims[1] * dims[2]) as usize;
        // Mostly chains read off random Hamiltonian paths (they fold at least once); some
        // uniformly random chains, which mostly do not.
        let chain = if round % 4 == 3 {
            let corners: Vec<bool> = (0..n - 2).map(|_| rng.gen_bool(0.6)).collect();
            Chain::from_corners(&corners)
        } else {
            random_hamiltonian_chain(dims, &mut rng)
        };
        let want = naive_counts(&chain, dims);
        let got = fast_counts(&chain, dims);
        assert_eq!(got, want, "chain {chain} in {dims:?}");
        if want.embeddings > 0 {
            solvable += 1;
        }
        // The reversed chain folds exactly as often, read from the other end.
        let rev = fast_counts(&chain.reversed(), dims);
        assert_eq!(rev.embeddings, got.embeddings, "reversal of {chain}");
    }
    assert!(
        solvable >= 24,
        "the test must mostly exercise solvable chains"
    );
}

#[test]
fn palindromes_match_naive_enumeration() {
    // Palindromic chains are rare among random ones; build them from a half and its mirror.
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let mut checked = 0;
    let boxes: &[[i32; 3]] = &[
        [3, 3, 3],
        [2, 2, 2],
        [2, 3, 3],
        [1, 3, 3],
        [2, 2, 4],
        [2, 2, 3],
        [1, 3, 5],
    ];
    for &dims in boxes {
        let n = (dims[0] * dims[1] * dims[2]) as usize;
        let mut tries = 0;
        let mut found = 0;
        while found < 4 && tries < 3000 {
            tries += 1;
            let half: Vec<bool> = (0..(n - 2) / 2).map(|_| rng.gen_bool(0.7)).collect();
            let mut corners = half.clone();
            if (n - 2) % 2 == 1 {
                corners.push(rng.gen_bool(0.7));
            }
            corners.extend(half.iter().rev());
            let chain = Chain::from_corners(&corners);
            assert!(chain.is_palindrome());
            let got = fast_counts(&chain, dims);
            if got.embeddings == 0 && tries % 10 != 0 {
                continue;
            }
            assert_eq!(got, naive_counts(&chain, dims), "chain {chain} in {dims:?}");
            found += (got.embeddings > 0) as usize;
            checked += 1;
        }
    }
    assert!(checked >= 12);
}

/// The survey of small boxes against naive counting of every chain.
#[test]
fn survey_of_small_boxes_matches_naive() {
    let boxes: &[[i32; 3]] = &[[2, 2, 2], [2, 2, 3], [1, 3, 3], [2, 3, 3], [1, 4, 4]];
    for &dims in boxes {
        let n = (dims[0] * dims[1] * dims[2]) as usize;
        // All Hamiltonian paths, naively, grouped by chain identified with its reverse.
        let mut by_chain: HashMap<Chain, ()> = HashMap::new();
        let free: Vec<u8> = vec![b'X'; n]; // no constraint
        for p in naive_embeddings(&free, dims) {
            let corners: Vec<bool> = p
                .windows(3)
                .map(|w| sub(w[1], w[0]) != sub(w[2], w[1]))
                .collect();
            by_chain.insert(Chain::from_corners(&corners).canonical(), ());
        }
        let board = Board::new([dims[0] as usize, dims[1] as usize, dims[2] as usize]).unwrap();
        let s = survey(&board, 2);
        assert_eq!(s.snakes as usize, by_chain.len(), "{dims:?}");
        let mut total = 0;
        for e in &s.entries {
            let chain = Chain::parse(&e.chain).unwrap();
            assert!(by_chain.contains_key(&chain), "{dims:?}: {chain}");
            let naive = naive_counts(&chain, dims).solutions();
            assert_eq!(e.solutions, naive, "{dims:?}: {chain}");
            total += naive;
        }
        assert_eq!(s.solutions, total);
    }
}
