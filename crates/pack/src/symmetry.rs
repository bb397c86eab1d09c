//! The target's symmetries acting on placements and on whole solutions.
//!
//! A solution is the sorted list of its placement ids. Because identical pieces share one kind
//! (and so one list of placements), swapping them does not change that list: interchangeable
//! pieces are built into the representation. A rotation maps each placement to the placement of
//! the same kind on the rotated cells; a reflection maps it to the placement of the *mirror*
//! kind — which exists for every kind only when the piece set is mirror-closed, and only then do
//! reflections act on solutions at all (the `rotations_reflections` convention).
//!
//! The symmetries are those of the target that also map its optional cells onto optional cells
//! (so fixed cells onto fixed ones) and each cell onto a cell of the same constraint colour:
//! only these map solutions to solutions. Placements carry their piece's colours, so a piece
//! whose orientations are equal as shapes but differ in colours has them as distinct
//! placements, and a mirror twin must be the mirror image in colours too.

use crate::grid::Grid;
use crate::placements::{board_colors, BoxBoard, Placement};
use crate::Puzzle;
use std::collections::HashMap;
use wurfel_cover::{try_vec, ProblemError};
use wurfel_geom::{Cell, Iso};

/// Symmetries of a prepared puzzle, as permutations of placement ids.
#[derive(Clone, Debug)]
pub struct Symmetry {
    /// For each rotation of the target (identity first), the image of every placement.
    pub rotations: Vec<Vec<u32>>,
    /// For each improper symmetry of the target, the image of every placement; empty when the
    /// target has none or the piece set is not mirror-closed.
    pub reflections: Vec<Vec<u32>>,
    /// Whether the piece set is mirror-closed (each kind's mirror image is a kind with the same
    /// number of copies).
    pub mirror_closed: bool,
    /// Number of improper symmetries of the target (whether or not they act on solutions).
    pub target_reflections: usize,
    /// The kinds without a mirror twin when reflections act anyway: every such kind may be left
    /// out (`min == 0`), and only the solutions that leave all of them out have mirror images
    /// that are solutions. Empty for a mirror-closed set.
    pub twinless: Vec<u32>,
}

/// For each kind, its mirror twin: the kind a reflection turns it into, if the whole set is
/// mirror-closed.
///
/// Separately declared kinds are distinct pieces even when their shapes are equal, so the twin
/// must be a *bijection* on kinds (an involution, since a reflection applied twice is a
/// rotation), not "the first kind with the mirror shape": with two kinds of one shape, that
/// would send both to the same kind, the images of solutions would not be solutions, and whole
/// classes would go uncounted. Kinds are grouped by (canonical shape, min, count); the `i`-th kind of
/// a group is paired with the `i`-th kind of the mirror group, in declaration order. (The key
/// includes the range of counts: a reflection maps a solution's pieces one to one.) An achiral
/// kind is thus its own twin, and the pairing of chiral kinds is a fixed convention (any
/// bijection gives a group action; this one is stable and easy to state).
pub fn mirror_kinds(puzzle: &Puzzle) -> Option<Vec<u32>> {
    twins(puzzle).into_iter().collect()
}

/// Each kind's mirror twin as in [`mirror_kinds`], `None` for a kind without one.
fn twins(puzzle: &Puzzle) -> Vec<Option<u32>> {
    // On the grids other than cubes a piece's form keeps the class of its position (two
    // pieces equal as cube shapes may still not be moved onto each other by the grid).
    let form = |p: &crate::Piece, proper: bool| match puzzle.grid {
        Grid::Cubes if proper => (p.colored().canonical(), [0; 3]),
        Grid::Cubes => (p.colored().mirrored().canonical(), [0; 3]),
        g => g.canonical(&p.colored(), proper),
    };
    let key: Vec<_> = puzzle
        .pieces
        .iter()
        .map(|p| (form(p, true), p.min, p.count))
        .collect();
    puzzle
        .pieces
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let rank = key[..k].iter().filter(|x| **x == key[k]).count();
            let mirror = (form(p, false), p.min, p.count);
            key.iter()
                .enumerate()
                .filter(|(_, x)| **x == mirror)
                .nth(rank)
                .map(|(j, _)| j as u32)
        })
        .collect()
}

impl Symmetry {
    /// Computes the action of the target's symmetries on `placements`. Its tables (a
    /// permutation of every placement per symmetry, up to 48) are reserved fallibly: the
    /// system's refusal is an error.
    pub fn new(
        puzzle: &Puzzle,
        board: &BoxBoard,
        placements: &[Placement],
    ) -> Result<Symmetry, ProblemError> {
        let mut index: HashMap<&Placement, u32> = HashMap::new();
        index
            .try_reserve(placements.len())
            .map_err(|_| ProblemError::OutOfMemory {
                bytes: (placements.len() as u64).saturating_mul(16),
                what: "the index of the placements",
            })?;
        index.extend(placements.iter().enumerate().map(|(i, p)| (p, i as u32)));
        let twins = twins(puzzle);
        let twinless: Vec<u32> = (0..twins.len() as u32)
            .filter(|&k| twins[k as usize].is_none())
            .collect();
        // Reflections act on the solutions that use no twinless kind: all of them when the set
        // is mirror-closed, some when every twinless kind may be left out, none otherwise.
        let reflect = twinless.iter().all(|&k| puzzle.pieces[k as usize].min == 0);
        let optional = crate::placements::optional_columns(puzzle, board);
        // On a grid other than cubes, only the grid's own symmetries that map the target onto
        // itself are candidates; each must still map every placement to a placement (of the
        // same kind, or of the mirror kind for a reflection) to act.
        let maps_placements = |proper: bool, perm: &[u32]| {
            placements.iter().all(|p| {
                let kind = if proper {
                    Some(p.kind)
                } else {
                    twins[p.kind as usize]
                };
                kind.is_none_or(|k| index.contains_key(&image_placement(p, k, perm)))
            })
        };
        let colors = board_colors(puzzle, board);
        let candidates: Vec<(bool, Vec<u32>)> = if puzzle.grid == Grid::Cubes {
            puzzle
                .target
                .symmetries(&Iso::all())
                .into_iter()
                .map(|iso| {
                    let perm = board
                        .permutation(iso)
                        .expect("a symmetry maps the box onto itself");
                    (iso.is_rotation(), perm)
                })
                .collect()
        } else {
            grid_symmetries(puzzle.grid, board)
        };
        let syms: Vec<(bool, Vec<u32>)> = candidates
            .into_iter()
            .filter(|(proper, perm)| {
                optional
                    .iter()
                    .all(|&c| optional.contains(&perm[c as usize]))
                    && (0..colors.len()).all(|c| colors[perm[c] as usize] == colors[c])
                    && (puzzle.grid == Grid::Cubes || maps_placements(*proper, perm))
            })
            .collect();
        let act = |perm: &[u32], kind_map: &dyn Fn(u32) -> u32| -> Result<Vec<u32>, ProblemError> {
            let mut image = try_vec(placements.len(), "the placements' symmetries")?;
            image.extend(placements.iter().map(|p| {
                let kind = kind_map(p.kind);
                if kind == u32::MAX {
                    // A twinless kind: no solution that is mirrored uses this placement.
                    return u32::MAX;
                }
                let img = image_placement(p, kind, perm);
                *index
                    .get(&img)
                    .expect("the image of a placement under a symmetry is a placement")
            }));
            Ok(image)
        };
        let rotations: Vec<Vec<u32>> = syms
            .iter()
            .filter(|s| s.0)
            .map(|s| act(&s.1, &|k| k))
            .collect::<Result<_, _>>()?;
        let target_reflections = syms.len() - rotations.len();
        let reflections = if reflect {
            syms.iter()
                .filter(|s| !s.0)
                .map(|s| act(&s.1, &|k| twins[k as usize].unwrap_or(u32::MAX)))
                .collect::<Result<_, _>>()?
        } else {
            Vec::new()
        };
        Ok(Symmetry {
            rotations,
            reflections,
            mirror_closed: twinless.is_empty(),
            target_reflections,
            twinless: if reflect { twinless } else { Vec::new() },
        })
    }
}

/// The placement of `kind` on the image of `p`'s cells under the cell permutation `perm`,
/// each cell keeping its colour.
fn image_placement(p: &Placement, kind: u32, perm: &[u32]) -> Placement {
    if p.colors.is_empty() {
        let mut cells: Vec<u32> = p.cells.iter().map(|&c| perm[c as usize]).collect();
        cells.sort_unstable();
        return Placement {
            kind,
            cells,
            colors: Vec::new(),
        };
    }
    let mut pairs: Vec<(u32, u8)> = p
        .cells
        .iter()
        .zip(&p.colors)
        .map(|(&c, &k)| (perm[c as usize], k))
        .collect();
    pairs.sort_unstable();
    Placement {
        kind,
        cells: pairs.iter().map(|q| q.0).collect(),
        colors: pairs.iter().map(|q| q.1).collect(),
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

/// The symmetries of the grid `grid` (other than cubes) that map the target onto itself, as
/// (whether a rotation, permutation of box cells), identity first: each of the grid's point
/// symmetries followed by the translation that brings the target's image back onto its
/// bounding box's corner, kept when that translation is one of the grid's and the image is
/// the target. Cells outside the target stay where they are.
fn grid_symmetries(grid: Grid, board: &BoxBoard) -> Vec<(bool, Vec<u32>)> {
    let target: Vec<usize> = (0..board.len()).filter(|&i| board.in_target[i]).collect();
    let lo = |cells: &[Cell]| [0, 1, 2].map(|k| cells.iter().map(|c| c[k]).min().unwrap_or(0));
    let cells: Vec<Cell> = target.iter().map(|&i| board.puzzle_cell(i)).collect();
    let home = lo(&cells);
    (0..grid.symmetry_count())
        .filter_map(|g| {
            let img = grid.image(g, &cells)?;
            let at = lo(&img);
            let t = [0, 1, 2].map(|k| home[k] - at[k]);
            if !grid.is_translation(t) {
                return None;
            }
            let mut perm: Vec<u32> = (0..board.len() as u32).collect();
            for (&i, c) in target.iter().zip(&img) {
                let moved = [0, 1, 2].map(|k| c[k] + t[k] - board.origin[k]);
                let j = board.index(moved).filter(|&j| board.in_target[j])?;
                perm[i] = j as u32;
            }
            Some((grid.is_proper(g), perm))
        })
        .collect()
}
