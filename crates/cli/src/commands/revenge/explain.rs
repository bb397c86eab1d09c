//! `revenge solve --explain`: each phase (or stage) of a solution named, with what it is for and
//! what it achieved, measured on the cube after it (centre faces in one colour, paired edges,
//! solved), so that a person can follow the solution on a real cube.

use wurfel_revenge::{notation, Cube, Move};

/// What each phase of the reduction method does (in the solver's own words, expanded).
const REDUCTION: [&str; 4] = [
    "gather the centres of one pair of opposite colours on one pair of opposite faces \
     (outer and wide turns)",
    "bring the other centres onto their pairs of faces, fix the wing parity (so no parity \
     algorithm is needed later) and sort the wings for the next phase",
    "solve the centres and pair the wings into 12 edges, with turns that keep the work of \
     phases 1 and 2: the cube is now a 3x3x3",
    "solve it as a 3x3x3 with outer turns only (Kociemba's two phases)",
];

/// Norskog's stages (seed 003), each reaching positions the next stage's moves can finish.
const FIVE_STAGE: [&str; 5] = [
    "orient the corners and put the u- and d-layer edges into those two layers",
    "put the front and back centres onto F and B, and the u/d edges into one of the \
     arrangements half turns can solve",
    "put the left and right centres onto L and R, turn the top and bottom edges' U/D \
     stickers up or down, in an even permutation",
    "put corners, U/D centres and edges into arrangements half turns can solve",
    "solve everything with half turns",
];

/// One phase or stage of a solution: its moves in the position's frame.
pub(crate) struct Part {
    pub(crate) moves: Vec<Move>,
}

/// The explanation, one line per part plus the start, for `method` "reduction" or
/// "five-stage".
pub(crate) fn explain(start: &Cube, method: &str, parts: &[Part]) -> Vec<String> {
    let reduction = method == "reduction";
    let (noun, goals, unit) = if reduction {
        ("phase", &REDUCTION[..], "OBTM")
    } else {
        ("stage", &FIVE_STAGE[..], "STM")
    };
    let metric = |m: &[Move]| {
        if reduction {
            notation::obtm(m)
        } else {
            notation::stm(m)
        }
    };
    let mut lines = vec![
        if reduction {
            "How it works: reduction: centres first, then the wings paired into edges, then the \
             cube solved as a 3x3x3."
                .to_string()
        } else {
            "How it works: Norskog's five stages, each allowing fewer moves than the one before, \
             the last only half turns."
                .to_string()
        },
        format!("  start: {}", state(start)),
    ];
    let mut cube = *start;
    for (i, part) in parts.iter().enumerate() {
        cube.apply_all(&part.moves);
        let goal = goals.get(i).copied().unwrap_or("");
        lines.push(format!(
            "  {noun} {} ({} {unit}): {goal}",
            i + 1,
            metric(&part.moves)
        ));
        lines.push(format!("    after it: {}", state(&cube)));
    }
    lines
}

/// What a position shows a person: centres, edges, solved.
fn state(c: &Cube) -> String {
    if c.is_solved_any_orientation() {
        return "solved".to_string();
    }
    format!(
        "centres: {} of 3 pairs of opposite faces hold only one pair of opposite colours, \
         {} of 6 faces one colour; {} of 12 edges paired",
        centre_axes(c),
        c.uniform_centre_faces(),
        c.paired_edges()
    )
}

/// Pairs of opposite faces (U-D, R-L, F-B) whose eight centre stickers all belong to one pair
/// of opposite colours: what phase 1 of the reduction achieves for one pair, phase 2 for all.
fn centre_axes(c: &Cube) -> usize {
    const CENTRE: [usize; 4] = [5, 6, 9, 10];
    let f = c.facelets().into_bytes();
    let opposite = |x: u8| match x {
        b'U' => b'D',
        b'D' => b'U',
        b'R' => b'L',
        b'L' => b'R',
        b'F' => b'B',
        _ => b'F',
    };
    (0..3)
        .filter(|&face| {
            let mut centres = CENTRE
                .iter()
                .flat_map(|&i| [f[face * 16 + i], f[(face + 3) * 16 + i]]);
            let first = centres.next().expect("eight centres");
            centres.all(|x| x == first || x == opposite(first))
        })
        .count()
}
