//! Random small puzzles for the differential tests: pieces cut from small boxes (with holes,
//! optional cells and ranges of counts), shared by the engine's and the frontier counter's
//! tests.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use wurfel_geom::{Cell, Shape};
use wurfel_pack::{Piece, Puzzle};

pub const BOXES: [[i32; 3]; 7] = [
    [2, 2, 3],
    [2, 3, 3],
    [3, 3, 2],
    [2, 2, 4],
    [1, 3, 4],
    [2, 3, 4],
    [3, 3, 3],
];

/// A random partition of a small box into connected pieces, merged into kinds.
pub fn random_puzzle(rng: &mut ChaCha8Rng) -> Puzzle {
    let dims = BOXES[rng.gen_range(0..BOXES.len())];
    random_pieces(
        rng,
        Shape::cuboid(dims[0], dims[1], dims[2]),
        Declare::Copies,
    )
}

/// How pieces of equal shape are declared.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Declare {
    /// As one kind with `count = k`.
    Copies,
    /// Each as its own kind (distinct pieces of equal shape).
    Apart,
    /// Each piece at random joins an earlier kind of its shape or is declared apart.
    Mixed,
}

/// A small box with holes: either a few random cells removed (usually no symmetry left), or
/// cells removed in pairs symmetric through the centre (the half turns survive, so symmetry
/// breaking and the class counts are exercised on a target with holes).
pub fn random_holed_target(rng: &mut ChaCha8Rng) -> Shape {
    let dims = BOXES[rng.gen_range(0..BOXES.len())];
    let mut cells = Shape::cuboid(dims[0], dims[1], dims[2]).cells().to_vec();
    let symmetric = rng.gen_bool(0.5);
    let holes = rng.gen_range(1..=3);
    for _ in 0..holes {
        let c = cells[rng.gen_range(0..cells.len())];
        cells.retain(|&x| x != c);
        if symmetric {
            let mirror = [dims[0] - 1 - c[0], dims[1] - 1 - c[1], dims[2] - 1 - c[2]];
            cells.retain(|&x| x != mirror);
        }
    }
    Shape::new(cells).unwrap()
}

/// A random partition of `target` into connected pieces, declared as `declare` says.
pub fn random_pieces(rng: &mut ChaCha8Rng, target: Shape, declare: Declare) -> Puzzle {
    let mut owner: std::collections::HashMap<Cell, usize> = Default::default();
    let mut pieces: Vec<Vec<Cell>> = Vec::new();
    for &c in target.cells() {
        if owner.contains_key(&c) {
            continue;
        }
        let size = rng.gen_range(2..=5);
        let mut cells = vec![c];
        owner.insert(c, pieces.len());
        while cells.len() < size {
            let frontier: Vec<Cell> = cells
                .iter()
                .flat_map(|&x| wurfel_geom::neighbours(x))
                .filter(|n| target.cells().contains(n) && !owner.contains_key(n))
                .collect();
            if frontier.is_empty() {
                break;
            }
            let n = frontier[rng.gen_range(0..frontier.len())];
            owner.insert(n, pieces.len());
            cells.push(n);
        }
        pieces.push(cells);
    }
    let mut kinds: Vec<Piece> = Vec::new();
    for cells in pieces {
        let shape = Shape::new(cells).unwrap();
        let join = match declare {
            Declare::Copies => true,
            Declare::Apart => false,
            Declare::Mixed => rng.gen_bool(0.5),
        };
        if let Some(k) = kinds
            .iter_mut()
            .find(|k| join && k.shape.canonical() == shape.canonical())
        {
            k.count += 1;
        } else {
            let sym = (b'A' + kinds.len() as u8) as char;
            kinds.push(super::piece(&sym.to_string(), sym, shape.cells(), 1));
        }
    }
    super::puzzle(target, kinds)
}

/// A random partition of a small box with 1 to 3 optional cells (sometimes in pairs symmetric
/// through the centre, so that symmetries survive), some kinds given a range of counts around
/// their count in the partition, and sometimes a monomino that may fill optional cells.
pub fn random_optional_puzzle(rng: &mut ChaCha8Rng) -> Puzzle {
    // Smaller boxes than elsewhere: leaving cells empty multiplies the solutions.
    const SMALL: [[i32; 3]; 5] = [[2, 2, 2], [1, 3, 3], [2, 2, 3], [1, 2, 5], [1, 3, 4]];
    let dims = SMALL[rng.gen_range(0..SMALL.len())];
    let target = Shape::cuboid(dims[0], dims[1], dims[2]);
    let declare = if rng.gen_bool(0.7) {
        Declare::Copies
    } else {
        Declare::Mixed
    };
    let mut p = random_pieces(rng, target.clone(), declare);
    let cells = target.cells();
    let symmetric = rng.gen_bool(0.5);
    for _ in 0..rng.gen_range(1..=3) {
        let c = cells[rng.gen_range(0..cells.len())];
        let mirror = [dims[0] - 1 - c[0], dims[1] - 1 - c[1], dims[2] - 1 - c[2]];
        for x in [Some(c), symmetric.then_some(mirror)].into_iter().flatten() {
            if !p.optional.contains(&x) {
                p.optional.push(x);
            }
        }
    }
    p.optional.sort_unstable();
    for k in &mut p.pieces {
        if rng.gen_bool(0.3) {
            k.min = k.count - 1;
        }
        if rng.gen_bool(0.2) {
            k.count += 1;
        }
    }
    if rng.gen_bool(0.4) {
        let sym = (b'a' + p.pieces.len() as u8) as char;
        let mut mono = super::piece(&sym.to_string(), sym, &[[0, 0, 0]], p.optional.len() as u32);
        mono.min = 0;
        p.pieces.push(mono);
    }
    p
}

/// Colours a random puzzle: the target by layers, a checkerboard or at random (or not at
/// all), some piece cells, and a random set of allowed pairs among colours 1 and 2.
pub fn colour(rng: &mut ChaCha8Rng, mut p: Puzzle) -> Puzzle {
    let style = rng.gen_range(0..4);
    p.target_colors = p
        .target
        .cells()
        .iter()
        .map(|c| match style {
            0 => 0,
            1 => 1 + (c[2] % 2) as u8,
            2 => 1 + ((c[0] + c[1] + c[2]) % 2) as u8,
            _ => rng.gen_range(0..3),
        })
        .collect();
    let dense = rng.gen_bool(0.5);
    for k in &mut p.pieces {
        k.cell_colors = (0..k.shape.len())
            .map(|_| {
                if rng.gen_bool(if dense { 0.6 } else { 0.2 }) {
                    rng.gen_range(1..3)
                } else {
                    0
                }
            })
            .collect();
    }
    p.color_rules = [(1, 1), (1, 2), (2, 1), (2, 2)]
        .into_iter()
        .filter(|_| rng.gen_bool(0.5))
        .collect();
    p
}
