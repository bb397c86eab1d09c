//! The rhombic-dodecahedron grid (BurrTools `gridType` 3) in the engine.
//!
//! - The corpus `tests/data/burr/rhombic/` (written by `make.py`): wurfel's
//!   `rotations_reflections` count equals the assemblies BurrTools 0.6.4's `burrTxt -q` printed
//!   (recorded in `NAME.burrtxt` by `record.sh`; burrTxt has no disassembler on this grid, so
//!   only assemblies are compared).
//! - BurrTools' own rhombic examples (`#[ignore]`: their files are GPL and not in this
//!   repository; `BURRTOOLS_EXAMPLES` names their folder) against `examples.burrtxt`.
//! - A brute-force reference on random small puzzles, independent of the engine's placement
//!   and symmetry code: every piece's images under the 24 rotations about a block centre and
//!   whole-block translations, a plain recursive exact cover, and orbits of its solutions under
//!   the target's grid symmetries.

mod common;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeSet, HashSet};
use std::path::Path;
use wurfel_geom::{Cell, Shape};
use wurfel_pack::burrtools::read_xmpuzzle;
use wurfel_pack::grid::Grid;
use wurfel_pack::{Piece, Prepared};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/burr/rhombic");

fn assemblies(text: &str) -> u64 {
    let line = text.lines().find(|l| l.contains("assemblies and")).unwrap();
    line.split_whitespace().next().unwrap().parse().unwrap()
}

fn wurfel_counts(bytes: &[u8], origin: &str, problem: Option<&str>) -> (u64, u64, u64) {
    let read = read_xmpuzzle(bytes, origin, problem).unwrap();
    assert_eq!(read.puzzle.grid, Grid::RhombicDodecahedra, "{origin}");
    let c = Prepared::new(&read.puzzle).unwrap().count(1);
    (c.raw, c.rotations, c.rotations_reflections)
}

#[test]
fn corpus_matches_burrtxt() {
    let files = common::xmpuzzle_files(DIR);
    let mut bad = Vec::new();
    for f in &files {
        let expected = assemblies(&std::fs::read_to_string(f.with_extension("burrtxt")).unwrap());
        let origin = f.display().to_string();
        let (raw, rot, rr) = wurfel_counts(&std::fs::read(f).unwrap(), &origin, None);
        let line = format!("{origin}: burrTxt {expected}; wurfel raw {raw} rot {rot} rr {rr}");
        println!("{line}");
        if rr != expected {
            bad.push(line);
        }
    }
    assert!(bad.is_empty(), "differences:\n{}", bad.join("\n"));
}

#[test]
#[ignore = "needs BurrTools' example files (GPL, not in this repository): BURRTOOLS_EXAMPLES"]
fn burrtools_examples_match_burrtxt() {
    let dir = std::env::var("BURRTOOLS_EXAMPLES")
        .unwrap_or_else(|_| "/work/peers/burrtools/examples".into());
    let table = std::fs::read_to_string(Path::new(DIR).join("examples.burrtxt")).unwrap();
    let mut bad = Vec::new();
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let (file, problem, expected) = (w[0], format!("#{}", w[1]), w[2].parse::<u64>().unwrap());
        let path = Path::new(&dir).join(file);
        let bytes = std::fs::read(&path).unwrap();
        let t = std::time::Instant::now();
        let read = read_xmpuzzle(&bytes, file, Some(&problem)).unwrap();
        // The engine's board limit (4,096 columns) refuses the largest boxes of sub-voxels:
        // reported, not compared.
        let prep = match Prepared::new(&read.puzzle) {
            Ok(p) => p,
            Err(e) => {
                println!("{file} {problem}: burrTxt {expected}; wurfel refuses: {e}");
                continue;
            }
        };
        let c = prep.count(1);
        let (raw, rot, rr) = (c.raw, c.rotations, c.rotations_reflections);
        let line = format!(
            "{file} {problem}: burrTxt {expected}; wurfel raw {raw} rot {rot} rr {rr} ({:.2} s)",
            t.elapsed().as_secs_f64()
        );
        println!("{line}");
        if rr != expected {
            bad.push(line);
        }
    }
    assert!(bad.is_empty(), "differences:\n{}", bad.join("\n"));
}

// ---- brute-force reference ----

/// The four sub-voxels of the pyramid on face (`axis`, `side` 0 or 4) of `block`.
fn pyramid(block: Cell, axis: usize, side: i32) -> Vec<Cell> {
    let o: Vec<usize> = (0..3).filter(|&k| k != axis).collect();
    [(2, 1), (1, 2), (3, 2), (2, 3)]
        .iter()
        .map(|&(a, b)| {
            let mut c = [0; 3];
            c[axis] = side;
            c[o[0]] = a;
            c[o[1]] = b;
            [0, 1, 2].map(|k| 5 * block[k] + c[k])
        })
        .collect()
}

/// The 24 rotations as signed permutation matrices of determinant +1, built here.
fn rotations() -> Vec<[[i32; 3]; 3]> {
    let perms = [
        [0, 1, 2],
        [1, 2, 0],
        [2, 0, 1],
        [0, 2, 1],
        [2, 1, 0],
        [1, 0, 2],
    ];
    let mut out = Vec::new();
    for (pi, p) in perms.iter().enumerate() {
        for s in 0..8 {
            let sign = [0, 1, 2].map(|k| if s >> k & 1 == 1 { -1 } else { 1 });
            let det = sign[0] * sign[1] * sign[2] * if pi < 3 { 1 } else { -1 };
            if det == 1 {
                let mut m = [[0; 3]; 3];
                for r in 0..3 {
                    m[r][p[r]] = sign[r];
                }
                out.push(m);
            }
        }
    }
    assert_eq!(out.len(), 24);
    out
}

/// `m` about the block centre (2, 2, 2), then the translation `5 t`.
fn apply(m: &[[i32; 3]; 3], t: Cell, c: Cell) -> Cell {
    let d = [c[0] - 2, c[1] - 2, c[2] - 2];
    [0, 1, 2].map(|r| (0..3).map(|k| m[r][k] * d[k]).sum::<i32>() + 2 + 5 * t[r])
}

type CellSet = BTreeSet<Cell>;

fn images(piece: &[Cell], target: &HashSet<Cell>) -> Vec<CellSet> {
    let mut out: HashSet<CellSet> = HashSet::new();
    for m in rotations() {
        for tx in -3..=3 {
            for ty in -3..=3 {
                for tz in -3..=3 {
                    let img: CellSet = piece.iter().map(|&c| apply(&m, [tx, ty, tz], c)).collect();
                    if img.iter().all(|c| target.contains(c)) {
                        out.insert(img);
                    }
                }
            }
        }
    }
    out.into_iter().collect()
}

/// Every solution as each piece's placed cells, by plain recursion on the first empty cell.
fn solve(
    imgs: &[Vec<CellSet>],
    empty: &mut BTreeSet<Cell>,
    chosen: &mut Vec<Option<CellSet>>,
    out: &mut Vec<Vec<CellSet>>,
) {
    let Some(&first) = empty.iter().next() else {
        out.push(chosen.iter().map(|c| c.clone().unwrap()).collect());
        return;
    };
    for k in 0..imgs.len() {
        if chosen[k].is_some() {
            continue;
        }
        for img in imgs[k].iter().filter(|i| i.contains(&first)) {
            if img.iter().all(|c| empty.contains(c)) {
                img.iter().for_each(|c| {
                    empty.remove(c);
                });
                chosen[k] = Some(img.clone());
                solve(imgs, empty, chosen, out);
                chosen[k] = None;
                empty.extend(img.iter().copied());
            }
        }
    }
}

/// (raw solutions, classes under the target's rotations on the grid).
fn brute(target: &[Cell], pieces: &[Vec<Cell>]) -> (u64, u64) {
    let tset: HashSet<Cell> = target.iter().copied().collect();
    let imgs: Vec<Vec<CellSet>> = pieces.iter().map(|p| images(p, &tset)).collect();
    let mut sols = Vec::new();
    let mut empty: BTreeSet<Cell> = target.iter().copied().collect();
    solve(&imgs, &mut empty, &mut vec![None; pieces.len()], &mut sols);
    let mut syms = Vec::new();
    for m in rotations() {
        for tx in -3..=3 {
            for ty in -3..=3 {
                for tz in -3..=3 {
                    let t = [tx, ty, tz];
                    if target.iter().all(|&c| tset.contains(&apply(&m, t, c))) {
                        syms.push((m, t));
                    }
                }
            }
        }
    }
    let classes: HashSet<Vec<CellSet>> = sols
        .iter()
        .map(|s| {
            syms.iter()
                .map(|(m, t)| {
                    s.iter()
                        .map(|p| p.iter().map(|&c| apply(m, *t, c)).collect())
                        .collect::<Vec<CellSet>>()
                })
                .min()
                .unwrap()
        })
        .collect();
    (sols.len() as u64, classes.len() as u64)
}

const BLOCK_SETS: [&[Cell]; 4] = [
    &[[0, 0, 0]],
    &[[0, 0, 0], [1, 0, 0]],
    &[[0, 0, 0], [1, 0, 0], [0, 1, 0]],
    &[[0, 0, 0], [1, 1, 0]],
];

#[test]
fn engine_matches_brute_force_on_random_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut solvable = 0;
    for round in 0..24 {
        let blocks = BLOCK_SETS[rng.gen_range(0..BLOCK_SETS.len())];
        let mut faces: Vec<(Cell, usize, i32)> = blocks
            .iter()
            .flat_map(|&b| (0..3).flat_map(move |a| [(b, a, 0), (b, a, 4)]))
            .collect();
        faces.shuffle(&mut rng);
        let mut pieces: Vec<Vec<Cell>> = Vec::new();
        let mut i = 0;
        while i < faces.len() {
            let n = rng.gen_range(1..=4).min(faces.len() - i);
            pieces.push(
                faces[i..i + n]
                    .iter()
                    .flat_map(|&(b, a, s)| pyramid(b, a, s))
                    .collect(),
            );
            i += n;
        }
        let target: Vec<Cell> = pieces.iter().flatten().copied().collect();
        let (raw, rot) = brute(&target, &pieces);
        let mut puzzle = common::puzzle(
            Shape::new(target.iter().copied()).unwrap(),
            pieces
                .iter()
                .enumerate()
                .map(|(k, p)| -> Piece { common::piece(&format!("P{k}"), 'A', p, 1) })
                .collect(),
        );
        puzzle.grid = Grid::RhombicDodecahedra;
        let c = Prepared::new(&puzzle).unwrap().count(1);
        println!(
            "round {round}: {} blocks {} pieces: brute raw {raw} rot {rot}; engine raw {} rot {}",
            blocks.len(),
            pieces.len(),
            c.raw,
            c.rotations
        );
        assert_eq!((c.raw, c.rotations), (raw, rot), "round {round}");
        solvable += (raw > 0) as u32;
    }
    assert_eq!(
        solvable, 24,
        "each puzzle is cut from its target, so solvable"
    );
}
