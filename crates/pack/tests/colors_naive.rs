//! Constraint colours against a naive reference: random small puzzles whose target and pieces
//! carry colours (target coloured by layers, checkerboards or at random; some piece cells
//! coloured; a random set of allowed pairs) counted by the engine and by an enumerator that
//! shares nothing with the solver but `Shape` and `Iso`. All three conventions must agree.
//!
//! The reference's rules, from BurrTools: a piece cell of colour `a` may lie on a target cell
//! of colour `b` when either is neutral (0) or `(a, b)` is allowed; orientations equal as
//! shapes but different in colours are different placements; a symmetry of the target counts
//! only if it keeps every cell's colour; a reflection turns a kind into the kind that is its
//! mirror image in shape and colours.

mod common;
use common::random::{colour, random_puzzle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeSet, HashMap, HashSet};
use wurfel_geom::{Cell, Iso, Shape};
use wurfel_pack::{Prepared, Puzzle};

/// A placed piece: its kind and its (cell, colour) pairs, sorted.
type Placed = (usize, Vec<(Cell, u8)>);
type Solution = BTreeSet<Placed>;
/// A kind's key: (canonical coloured shape, min, count).
type Key = (Vec<(Cell, u8)>, u32, u32);

/// A coloured piece's cells under `iso`, normalized, sorted.
fn image(cells: &[(Cell, u8)], iso: Iso) -> Vec<(Cell, u8)> {
    let mapped: Vec<(Cell, u8)> = cells.iter().map(|&(c, k)| (iso.apply(c), k)).collect();
    let lo = (0..3)
        .map(|i| mapped.iter().map(|m| m.0[i]).min().unwrap())
        .collect::<Vec<_>>();
    let mut out: Vec<(Cell, u8)> = mapped
        .iter()
        .map(|&(c, k)| ([c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]], k))
        .collect();
    out.sort();
    out
}

fn canonical(cells: &[(Cell, u8)]) -> Vec<(Cell, u8)> {
    Iso::rotations()
        .iter()
        .map(|&r| image(cells, r))
        .min()
        .unwrap()
}

fn colored_cells(shape: &Shape, colors: &[u8]) -> Vec<(Cell, u8)> {
    let mut v: Vec<(Cell, u8)> = shape
        .cells()
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, colors.get(i).copied().unwrap_or(0)))
        .collect();
    v.sort();
    v
}

fn allowed(p: &Puzzle, a: u8, b: u8) -> bool {
    a == 0 || b == 0 || p.color_rules.contains(&(a, b))
}

fn target_color(p: &Puzzle) -> HashMap<Cell, u8> {
    colored_cells(&p.target, &p.target_colors)
        .into_iter()
        .collect()
}

fn naive_solutions(p: &Puzzle) -> Vec<Solution> {
    let tcol = target_color(p);
    let target: Vec<Cell> = p.target.cells().to_vec();
    let orients: Vec<Vec<Vec<(Cell, u8)>>> = p
        .pieces
        .iter()
        .map(|k| {
            let cells = colored_cells(&k.shape, &k.cell_colors);
            let set: BTreeSet<Vec<(Cell, u8)>> =
                Iso::rotations().iter().map(|&r| image(&cells, r)).collect();
            set.into_iter().collect()
        })
        .collect();
    let mut out = Vec::new();
    let mut filled = HashSet::new();
    let mut left: Vec<u32> = p.pieces.iter().map(|k| k.count).collect();
    let mut current: Vec<Placed> = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn rec(
        p: &Puzzle,
        tcol: &HashMap<Cell, u8>,
        target: &[Cell],
        orients: &[Vec<Vec<(Cell, u8)>>],
        filled: &mut HashSet<Cell>,
        left: &mut Vec<u32>,
        current: &mut Vec<Placed>,
        out: &mut Vec<Solution>,
    ) {
        let Some(&first) = target.iter().find(|c| !filled.contains(*c)) else {
            out.push(current.iter().cloned().collect());
            return;
        };
        for k in 0..orients.len() {
            if left[k] == 0 {
                continue;
            }
            let mut options: BTreeSet<Vec<(Cell, u8)>> = BTreeSet::new();
            for o in &orients[k] {
                for &(anchor, _) in o {
                    let d = [
                        first[0] - anchor[0],
                        first[1] - anchor[1],
                        first[2] - anchor[2],
                    ];
                    let mut cells: Vec<(Cell, u8)> = o
                        .iter()
                        .map(|&(c, col)| ([c[0] + d[0], c[1] + d[1], c[2] + d[2]], col))
                        .collect();
                    let fits = cells.iter().all(|(c, col)| {
                        tcol.get(c)
                            .is_some_and(|&t| !filled.contains(c) && allowed(p, *col, t))
                    });
                    if fits {
                        cells.sort();
                        options.insert(cells);
                    }
                }
            }
            for cells in options {
                for (c, _) in &cells {
                    filled.insert(*c);
                }
                left[k] -= 1;
                current.push((k, cells.clone()));
                rec(p, tcol, target, orients, filled, left, current, out);
                current.pop();
                left[k] += 1;
                for (c, _) in &cells {
                    filled.remove(c);
                }
            }
        }
    }
    rec(
        p,
        &tcol,
        &target,
        &orients,
        &mut filled,
        &mut left,
        &mut current,
        &mut out,
    );
    out
}

/// The target's symmetries in `group` that keep every cell's colour, each with the map of
/// cells (as the image is placed back onto the target).
fn symmetries(p: &Puzzle, group: &[Iso]) -> Vec<Iso> {
    let tcol = target_color(p);
    p.target
        .symmetries(group)
        .into_iter()
        .filter(|&iso| {
            tcol.iter()
                .all(|(&c, &k)| tcol.get(&place(p, iso, c)) == Some(&k))
        })
        .collect()
}

/// Where `iso` puts cell `c` of the target, the image translated back onto the target.
fn place(p: &Puzzle, iso: Iso, c: Cell) -> Cell {
    let (lo, _) = p.target.bounds();
    let img = Shape::new(p.target.cells().iter().map(|&c| iso.apply(c))).unwrap();
    let (ilo, _) = img.bounds();
    let a = iso.apply(c);
    [
        a[0] - ilo[0] + lo[0],
        a[1] - ilo[1] + lo[1],
        a[2] - ilo[2] + lo[2],
    ]
}

/// The kinds' keys: (canonical coloured shape, min, count).
fn keys(p: &Puzzle) -> Vec<Key> {
    p.pieces
        .iter()
        .map(|k| {
            let cells = colored_cells(&k.shape, &k.cell_colors);
            (canonical(&cells), k.min, k.count)
        })
        .collect()
}

/// The image of a solution under `iso` (`at`: where it puts each target cell; `key`: the
/// kinds' keys), `None` when a kind has no mirror twin.
fn transform(key: &[Key], at: &HashMap<Cell, Cell>, s: &Solution, iso: Iso) -> Option<Solution> {
    let mut out = Solution::new();
    for (kind, cells) in s {
        let mut img: Vec<(Cell, u8)> = cells.iter().map(|&(c, k)| (at[&c], k)).collect();
        img.sort();
        let kind = if iso.is_rotation() {
            *kind
        } else {
            let shape = canonical(&img);
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

fn classes(p: &Puzzle, sols: &[Solution], group: &[Iso]) -> usize {
    let all: HashSet<&Solution> = sols.iter().collect();
    let mut seen: HashSet<Solution> = HashSet::new();
    let mut n = 0;
    let key = keys(p);
    let maps: Vec<(Iso, HashMap<Cell, Cell>)> = group
        .iter()
        .map(|&g| {
            let at = p
                .target
                .cells()
                .iter()
                .map(|&c| (c, place(p, g, c)))
                .collect();
            (g, at)
        })
        .collect();
    for s in sols {
        if seen.contains(s) {
            continue;
        }
        n += 1;
        for (g, at) in &maps {
            if let Some(t) = transform(&key, at, s, *g) {
                if all.contains(&t) {
                    seen.insert(t);
                }
            }
        }
    }
    n
}

fn check(p: &Puzzle) -> u64 {
    let sols = naive_solutions(p);
    let want = (
        sols.len() as u64,
        classes(p, &sols, &symmetries(p, &Iso::rotations())) as u64,
        classes(p, &sols, &symmetries(p, &Iso::all())) as u64,
    );
    let c = Prepared::new(p).unwrap().count(1);
    assert_eq!(
        (c.raw, c.rotations, c.rotations_reflections),
        want,
        "target {:?} colours {:?} rules {:?}, pieces {:?}",
        p.target.cells(),
        p.target_colors,
        p.color_rules,
        p.pieces
            .iter()
            .map(|k| (k.shape.cells().to_vec(), k.cell_colors.clone(), k.count))
            .collect::<Vec<_>>()
    );
    want.0
}

#[test]
fn coloured_puzzles_match_the_naive_enumerator() {
    let mut rng = ChaCha8Rng::seed_from_u64(38);
    let (mut checked, mut nonzero) = (0, 0);
    while checked < 50 {
        let p = random_puzzle(&mut rng);
        let copies: u32 = p.pieces.iter().map(|k| k.count).sum();
        if p.target.len() > 12 && copies > 5 {
            continue;
        }
        let p = colour(&mut rng, p);
        nonzero += u32::from(check(&p) > 0);
        checked += 1;
    }
    assert!(nonzero >= 10, "only {nonzero} puzzles with solutions");
}

#[test]
fn colour_chiral_pieces_and_their_mirror_twins() {
    // Tripods whose arms differ in colour are chiral by colour only; a mirror pair, a pair of
    // equal ones, and the pair on checkerboard and layered targets.
    let tripod = Shape::new([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]).unwrap();
    let arms = |a: u8, b: u8| -> Vec<u8> {
        let mut v = vec![0; 4];
        for (i, c) in tripod.cells().iter().enumerate() {
            v[i] = match c {
                [1, 0, 0] => a,
                [0, 1, 0] => b,
                [0, 0, 1] => 3,
                _ => 0,
            };
        }
        v
    };
    for (pair, style) in [(true, 0), (false, 0), (true, 2), (false, 2), (true, 1)] {
        let mut p = common::puzzle(
            Shape::cuboid(2, 2, 2),
            vec![
                common::piece("P", 'P', tripod.cells(), 1),
                common::piece("Q", 'Q', tripod.cells(), 1),
            ],
        );
        p.pieces[0].cell_colors = arms(1, 2);
        p.pieces[1].cell_colors = if pair { arms(2, 1) } else { arms(1, 2) };
        p.target_colors = p
            .target
            .cells()
            .iter()
            .map(|c| match style {
                0 => 0,
                1 => 1 + (c[2] % 2) as u8,
                _ => 1 + ((c[0] + c[1] + c[2]) % 2) as u8,
            })
            .collect();
        p.color_rules = vec![(1, 1), (2, 2), (1, 2), (3, 1), (3, 2)];
        check(&p);
    }
}
