//! The target's symmetries acting on placements and on whole solutions.
//!
//! A solution is the sorted list of its placement ids. Because identical pieces share one kind
//! (and so one list of placements), swapping them does not change that list: interchangeable
//! pieces are built into the representation. A rotation maps each placement to the placement of
//! the same kind on the rotated cells; a reflection maps it to the placement of the *mirror*
//! kind — which exists for every kind only when the piece set is mirror-closed, and only then do
//! reflections act on solutions at all (the `rotations_reflections` convention).

use crate::placements::{BoxBoard, Placement};
use crate::Puzzle;
use std::collections::HashMap;
use wurfel_geom::Iso;

/// Symmetries of a prepared puzzle, as permutations of placement ids.
#[derive(Clone, Debug)]
pub struct Symmetry {
    /// The target's rotations (identity first), as isometries.
    pub rotation_isos: Vec<Iso>,
    /// For each rotation, the image of every placement.
    pub rotations: Vec<Vec<u32>>,
    /// For each improper symmetry of the target, the image of every placement; empty when the
    /// target has none or the piece set is not mirror-closed.
    pub reflections: Vec<Vec<u32>>,
    /// Whether the piece set is mirror-closed (each kind's mirror image is a kind with the same
    /// number of copies).
    pub mirror_closed: bool,
    /// Number of improper symmetries of the target (whether or not they act on solutions).
    pub target_reflections: usize,
}

/// For each kind, its mirror twin: the kind a reflection turns it into, if the whole set is
/// mirror-closed.
///
/// Separately declared kinds are distinct pieces even when their shapes are equal, so the twin
/// must be a *bijection* on kinds (an involution, since a reflection applied twice is a
/// rotation), not "the first kind with the mirror shape": with two kinds of one shape, that
/// would send both to the same kind, the images of solutions would not be solutions, and whole
/// classes would go uncounted. Kinds are grouped by (canonical shape, count); the `i`-th kind of
/// a group is paired with the `i`-th kind of the mirror group, in declaration order. An achiral
/// kind is thus its own twin, and the pairing of chiral kinds is a fixed convention (any
/// bijection gives a group action; this one is stable and easy to state).
pub fn mirror_kinds(puzzle: &Puzzle) -> Option<Vec<u32>> {
    let key: Vec<_> = puzzle
        .pieces
        .iter()
        .map(|p| (p.shape.canonical(), p.count))
        .collect();
    puzzle
        .pieces
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let rank = key[..k].iter().filter(|x| **x == key[k]).count();
            let mirror = (p.shape.mirrored().canonical(), p.count);
            key.iter()
                .enumerate()
                .filter(|(_, x)| **x == mirror)
                .nth(rank)
                .map(|(j, _)| j as u32)
        })
        .collect()
}

impl Symmetry {
    /// Computes the action of the target's symmetries on `placements`.
    pub fn new(puzzle: &Puzzle, board: &BoxBoard, placements: &[Placement]) -> Symmetry {
        let index: HashMap<&Placement, u32> = placements
            .iter()
            .enumerate()
            .map(|(i, p)| (p, i as u32))
            .collect();
        let mirror = mirror_kinds(puzzle);
        let isos = puzzle.target.symmetries(&Iso::all());
        let act = |iso: Iso, kind_map: &dyn Fn(u32) -> u32| -> Vec<u32> {
            let perm = board
                .permutation(iso)
                .expect("a symmetry maps the box onto itself");
            placements
                .iter()
                .map(|p| {
                    let mut cells: Vec<u32> = p.cells.iter().map(|&c| perm[c as usize]).collect();
                    cells.sort_unstable();
                    let img = Placement {
                        kind: kind_map(p.kind),
                        cells,
                    };
                    *index
                        .get(&img)
                        .expect("the image of a placement under a symmetry is a placement")
                })
                .collect()
        };
        let rotation_isos: Vec<Iso> = isos.iter().copied().filter(|i| i.is_rotation()).collect();
        let rotations = rotation_isos.iter().map(|&r| act(r, &|k| k)).collect();
        let target_reflections = isos.len() - rotation_isos.len();
        let reflections = match &mirror {
            Some(m) => isos
                .iter()
                .filter(|i| !i.is_rotation())
                .map(|&r| act(r, &|k| m[k as usize]))
                .collect(),
            None => Vec::new(),
        };
        Symmetry {
            rotation_isos,
            rotations,
            reflections,
            mirror_closed: mirror.is_some(),
            target_reflections,
        }
    }
}

/// The image of a solution (sorted placement ids) under a placement permutation, sorted.
pub fn image(solution: &[u32], perm: &[u32], out: &mut Vec<u32>) {
    out.clear();
    out.extend(solution.iter().map(|&p| perm[p as usize]));
    out.sort_unstable();
}

/// The smallest image of `solution` under the given permutations (lexicographic order).
pub fn min_image(solution: &[u32], perms: &[Vec<u32>]) -> Vec<u32> {
    let mut best: Option<Vec<u32>> = None;
    let mut buf = Vec::new();
    for p in perms {
        image(solution, p, &mut buf);
        if best.as_ref().is_none_or(|b| buf < *b) {
            best = Some(buf.clone());
        }
    }
    best.unwrap_or_else(|| solution.to_vec())
}
