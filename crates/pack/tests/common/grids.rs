//! Shared by the tests of the grids other than cubes: the BurrTools corpus and example
//! comparisons, and a brute-force counter that shares no placement or symmetry code with the
//! engine (each grid is given here as plain data: the centre its 24 rotations turn about and
//! the basis of its translations).

use std::collections::{BTreeSet, HashSet};
use std::path::Path;
use wurfel_geom::{Cell, Shape};
use wurfel_pack::burrtools::{read_xmpuzzle, write_xmpuzzle};
use wurfel_pack::grid::Grid;
use wurfel_pack::{parse_puzzle, to_toml, Piece, Prepared};

/// The assemblies in a line of burrTxt's output.
pub fn assemblies(text: &str) -> u64 {
    let line = text.lines().find(|l| l.contains("assemblies and")).unwrap();
    line.split_whitespace().next().unwrap().parse().unwrap()
}

fn counts(bytes: &[u8], origin: &str, problem: Option<&str>, grid: Grid) -> (u64, u64, u64) {
    let read = read_xmpuzzle(bytes, origin, problem).unwrap();
    assert_eq!(read.puzzle.grid, grid, "{origin}");
    let c = Prepared::new(&read.puzzle).unwrap().count(1);
    let counts = (c.raw, c.rotations, c.rotations_reflections);
    // Both formats keep the grid: the puzzle written as TOML reads back equal, and written as
    // `.xmpuzzle` (shapes from a corner of their own) reads back to the same counts.
    let toml = to_toml(&read.puzzle);
    assert_eq!(
        parse_puzzle(&toml, origin).unwrap(),
        read.puzzle,
        "{origin}"
    );
    let again = read_xmpuzzle(&write_xmpuzzle(&read.puzzle), origin, None).unwrap();
    assert_eq!(again.puzzle.grid, grid, "{origin}");
    let c = Prepared::new(&again.puzzle).unwrap().count(1);
    assert_eq!(
        (c.raw, c.rotations, c.rotations_reflections),
        counts,
        "{origin} written as .xmpuzzle and read back"
    );
    counts
}

/// Every design in `dir`: wurfel's `rotations_reflections` count equals the assemblies
/// recorded next to it from burrTxt (`NAME.burrtxt`).
pub fn corpus_matches_burrtxt(dir: &str, grid: Grid) {
    let mut bad = Vec::new();
    for f in &super::xmpuzzle_files(dir) {
        let expected = assemblies(&std::fs::read_to_string(f.with_extension("burrtxt")).unwrap());
        let origin = f.display().to_string();
        let (raw, rot, rr) = counts(&std::fs::read(f).unwrap(), &origin, None, grid);
        let line = format!("{origin}: burrTxt {expected}; wurfel raw {raw} rot {rot} rr {rr}");
        println!("{line}");
        if rr != expected {
            bad.push(line);
        }
    }
    assert!(bad.is_empty(), "differences:\n{}", bad.join("\n"));
}

/// BurrTools' own example files (in `BURRTOOLS_EXAMPLES`) listed in `dir/examples.burrtxt`
/// (`FILE PROBLEM ASSEMBLIES` a line): wurfel's `rotations_reflections` count equals
/// burrTxt's assemblies; a puzzle wurfel refuses is a difference.
pub fn examples_match_burrtxt(dir: &str, grid: Grid) {
    let examples = std::env::var("BURRTOOLS_EXAMPLES")
        .unwrap_or_else(|_| "/work/peers/burrtools/examples".into());
    let table = std::fs::read_to_string(Path::new(dir).join("examples.burrtxt")).unwrap();
    let mut bad = Vec::new();
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let (file, problem, expected) = (w[0], format!("#{}", w[1]), w[2].parse::<u64>().unwrap());
        let bytes = std::fs::read(Path::new(&examples).join(file)).unwrap();
        let t = std::time::Instant::now();
        let read = read_xmpuzzle(&bytes, file, Some(&problem)).unwrap();
        assert_eq!(read.puzzle.grid, grid, "{file}");
        let prep = match Prepared::new(&read.puzzle) {
            Ok(p) => p,
            Err(e) => {
                bad.push(format!(
                    "{file} {problem}: burrTxt {expected}; wurfel refuses: {e}"
                ));
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

/// A grid for the brute-force counter: its rotations turn about `centre2 / 2` (doubled so that
/// a half-integer centre is exact) and its translations are the integer combinations of
/// `basis` (coefficients in `-reach..=reach`).
pub struct Lattice {
    pub centre2: i32,
    pub basis: [Cell; 3],
    pub reach: i32,
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

type Map = ([[i32; 3]; 3], Cell);

impl Lattice {
    /// Every rotation about the centre followed by every translation in reach.
    fn maps(&self) -> Vec<Map> {
        let r = -self.reach..=self.reach;
        let mut out = Vec::new();
        for m in rotations() {
            for a in r.clone() {
                for b in r.clone() {
                    for c in r.clone() {
                        let t = [0, 1, 2].map(|k| {
                            a * self.basis[0][k] + b * self.basis[1][k] + c * self.basis[2][k]
                        });
                        out.push((m, t));
                    }
                }
            }
        }
        out
    }

    fn apply(&self, (m, t): &Map, c: Cell) -> Cell {
        let d = c.map(|v| 2 * v - self.centre2);
        [0, 1, 2].map(|r| ((0..3).map(|k| m[r][k] * d[k]).sum::<i32>() + self.centre2) / 2 + t[r])
    }
}

pub type CellSet = BTreeSet<Cell>;

/// Every solution as each piece's placed cells (in piece order), by plain recursion on the
/// first empty cell; `imgs[k]` holds every image of piece `k` (the brute-force references of
/// each grid share it, each with its own images).
pub fn solve(
    imgs: &[Vec<CellSet>],
    empty: &mut CellSet,
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

/// (raw solutions, classes under the target's rotations on the grid), every piece distinct.
pub fn brute(grid: &Lattice, target: &[Cell], pieces: &[Vec<Cell>]) -> (u64, u64) {
    let tset: HashSet<Cell> = target.iter().copied().collect();
    let maps = grid.maps();
    let imgs: Vec<Vec<CellSet>> = pieces
        .iter()
        .map(|p| {
            let all: HashSet<CellSet> = maps
                .iter()
                .map(|m| p.iter().map(|&c| grid.apply(m, c)).collect::<CellSet>())
                .filter(|img| img.iter().all(|c| tset.contains(c)))
                .collect();
            all.into_iter().collect()
        })
        .collect();
    let mut sols = Vec::new();
    let mut empty: BTreeSet<Cell> = target.iter().copied().collect();
    solve(&imgs, &mut empty, &mut vec![None; pieces.len()], &mut sols);
    let syms: Vec<&Map> = maps
        .iter()
        .filter(|m| target.iter().all(|&c| tset.contains(&grid.apply(m, c))))
        .collect();
    let classes: HashSet<Vec<CellSet>> = sols
        .iter()
        .map(|s| {
            syms.iter()
                .map(|m| {
                    s.iter()
                        .map(|p| p.iter().map(|&c| grid.apply(m, c)).collect())
                        .collect::<Vec<CellSet>>()
                })
                .min()
                .unwrap()
        })
        .collect();
    (sols.len() as u64, classes.len() as u64)
}

/// The engine's (raw, rotations) counts of the same puzzle on `grid`, every piece distinct.
pub fn engine(grid: Grid, target: &[Cell], pieces: &[Vec<Cell>]) -> (u64, u64) {
    let mut puzzle = super::puzzle(
        Shape::new(target.iter().copied()).unwrap(),
        pieces
            .iter()
            .enumerate()
            .map(|(k, p)| -> Piece { super::piece(&format!("P{k}"), 'A', p, 1) })
            .collect(),
    );
    puzzle.grid = grid;
    let c = Prepared::new(&puzzle).unwrap().count(1);
    (c.raw, c.rotations)
}
