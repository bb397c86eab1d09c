//! Puzzles built directly from published piece coordinates, independent of the catalog files.
#![allow(dead_code)]

use wurfel_geom::{Cell, Shape};
use wurfel_pack::{Piece, Puzzle};

pub mod grids;
pub mod random;

/// The `.xmpuzzle` files of a test corpus directory, sorted; at least ten (a corpus, not a
/// sample).
pub fn xmpuzzle_files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xmpuzzle"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the corpus has {} files", files.len());
    files
}

pub fn piece(name: &str, symbol: char, cells: &[Cell], count: u32) -> Piece {
    Piece {
        name: name.into(),
        symbol,
        shape: Shape::new(cells.iter().copied()).unwrap(),
        count,
        min: count,
        color: None,
        cell_colors: Vec::new(),
        groups: Vec::new(),
    }
}

pub fn puzzle(target: Shape, pieces: Vec<Piece>) -> Puzzle {
    Puzzle {
        id: "test".into(),
        name: "test".into(),
        description: String::new(),
        target,
        optional: vec![],
        pieces,
        published: vec![],
        target_colors: vec![],
        color_rules: vec![],
        display_colors: Default::default(),
        grid: Default::default(),
    }
}

pub fn soma_pieces() -> Vec<Piece> {
    vec![
        piece("V", 'V', &[[0, 0, 0], [0, 1, 0], [1, 0, 0]], 1),
        piece("L", 'L', &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [2, 0, 0]], 1),
        piece("T", 'T', &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [0, -1, 0]], 1),
        piece("Z", 'Z', &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [1, -1, 0]], 1),
        piece("A", 'A', &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [1, 0, 1]], 1),
        piece("B", 'B', &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [1, 0, -1]], 1),
        piece("P", 'P', &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [0, 0, 1]], 1),
    ]
}

pub fn soma() -> Puzzle {
    puzzle(Shape::cuboid(3, 3, 3), soma_pieces())
}

pub fn cubissimo() -> Puzzle {
    let mut p = soma_pieces();
    p[0] = piece("I", 'I', &[[0, 0, 0], [1, 0, 0], [2, 0, 0]], 1);
    puzzle(Shape::cuboid(3, 3, 3), p)
}

pub fn t_tetracubes(x: i32, y: i32, z: i32) -> Puzzle {
    let n = (x * y * z / 4) as u32;
    puzzle(
        Shape::cuboid(x, y, z),
        vec![piece(
            "T",
            'T',
            &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]],
            n,
        )],
    )
}

pub fn bedlam() -> Puzzle {
    let t: [(&str, &[Cell]); 13] = [
        ("A", &[[0, 0, 0], [0, 0, 1], [1, 0, 0], [1, 1, 0]]),
        (
            "B",
            &[[0, 0, 1], [0, 1, 0], [0, 1, 1], [1, 1, 0], [1, 2, 0]],
        ),
        (
            "C",
            &[[0, 0, 0], [0, 1, 0], [1, 1, 0], [0, 1, 1], [0, 2, 0]],
        ),
        (
            "D",
            &[[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 2, 0], [1, 2, 0]],
        ),
        (
            "E",
            &[[0, 0, 0], [0, 1, 0], [0, 1, 1], [1, 1, 0], [1, 2, 0]],
        ),
        (
            "F",
            &[[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 1, 0], [1, 2, 0]],
        ),
        (
            "G",
            &[[0, 0, 0], [1, 0, 0], [0, 0, 1], [0, 1, 0], [0, 2, 0]],
        ),
        (
            "H",
            &[[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 1, 0], [0, 2, 0]],
        ),
        (
            "I",
            &[[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 1, 0], [0, 2, 0]],
        ),
        (
            "J",
            &[[0, 1, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0], [0, 2, 0]],
        ),
        (
            "K",
            &[[0, 1, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0], [1, 2, 0]],
        ),
        (
            "L",
            &[[0, 0, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0], [1, 2, 0]],
        ),
        (
            "M",
            &[[0, 1, 0], [1, 0, 0], [0, 1, 1], [1, 1, 0], [1, 2, 0]],
        ),
    ];
    puzzle(
        Shape::cuboid(4, 4, 4),
        t.iter()
            .map(|(n, c)| piece(n, n.chars().next().unwrap(), c, 1))
            .collect(),
    )
}

/// The T-tetracube and the L-tricube, as the frontier tests tile boxes with them.
pub const T_TETRACUBE: [Cell; 4] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]];
pub const L_TRICUBE: [Cell; 3] = [[0, 0, 0], [1, 0, 0], [0, 1, 0]];

/// `n` copies of one piece filling an `x` by `y` by `z` box.
pub fn box_of(cells: &[Cell], [x, y, z]: [i32; 3]) -> Puzzle {
    let n = (x * y * z) as u32 / cells.len() as u32;
    puzzle(Shape::cuboid(x, y, z), vec![piece("P", 'P', cells, n)])
}

/// A frontier count's three conventions, to compare with [`search_triple`].
pub fn frontier_triple(
    r: &wurfel_pack::frontier::FrontierReport,
) -> (
    num_bigint::BigUint,
    num_bigint::BigUint,
    num_bigint::BigUint,
) {
    (
        r.raw.clone(),
        r.rotations.clone().unwrap(),
        r.rotations_reflections.clone().unwrap(),
    )
}

/// The search's three conventions as big numbers, to compare with [`frontier_triple`].
pub fn search_triple(
    c: &wurfel_pack::Counts,
) -> (
    num_bigint::BigUint,
    num_bigint::BigUint,
    num_bigint::BigUint,
) {
    let big = num_bigint::BigUint::from;
    (big(c.raw), big(c.rotations), big(c.rotations_reflections))
}
