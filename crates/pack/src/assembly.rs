//! An order in which a person can build an assembly, one piece at a time.
//!
//! Without a disassembly plan the order is greedy, bottom up: the next piece is one that can be
//! lowered straight into place from above (no piece already placed is above any of its cells),
//! the lowest such; failing that, one that can slide in straight from outside along some axis
//! (nothing placed in its way); failing that, the lowest piece left, marked as needing more
//! than one straight move. With a disassembly found by [`crate::disassembly`], the order is the
//! plan reversed: the part that stayed is built first, then the part that slid out slides in.

use crate::disassembly::{Direction, Separation};
use std::collections::HashSet;
use wurfel_geom::Cell;

/// How a piece goes into place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Insert {
    /// Lowered straight down from above.
    FromAbove,
    /// Slid in straight, moving in this direction.
    Slide(Direction),
    /// Put in place together with the group it left with (the reversed plan moves that group).
    Reversed,
    /// No straight move from outside reaches its place (it needs the others moved).
    Stuck,
}

impl Insert {
    /// Words for a caption: "from above", "slide in along -x", ...
    pub fn describe(self) -> String {
        match self {
            Insert::FromAbove => "from above".into(),
            Insert::Slide(d) => format!("slide in from the {} side", d.opposite().name()),
            Insert::Reversed => "the base: stays in place".into(),
            Insert::Stuck => "needs the others moved".into(),
        }
    }
}

/// Whether `piece` can move straight in direction `d` from far away into place, with `placed`
/// cells occupied: no placed cell lies behind any of its cells along `-d`.
fn clear_path(piece: &[Cell], placed: &HashSet<Cell>, d: Direction) -> bool {
    let (axis, sign) = (d.axis(), d.sign());
    placed.iter().all(|p| {
        !piece.iter().any(|c| {
            let behind = (p[axis] - c[axis]) * -sign > 0;
            let same_line = (0..3).all(|k| k == axis || p[k] == c[k]);
            behind && same_line
        })
    })
}

/// A greedy building order for `pieces` (their cells in place), with how each goes in.
pub fn greedy_order(pieces: &[Vec<Cell>]) -> Vec<(usize, Insert)> {
    let mut left: Vec<usize> = (0..pieces.len()).collect();
    let mut placed: HashSet<Cell> = HashSet::new();
    let mut order = Vec::with_capacity(pieces.len());
    let down = Direction(5);
    // Lowest first: by lowest cell, then mean height, then index (deterministic).
    let key = |i: &usize| {
        let cells = &pieces[*i];
        let low = cells.iter().map(|c| c[2]).min().unwrap_or(0);
        let sum: i64 = cells.iter().map(|c| c[2] as i64).sum();
        (low, sum * 1000 / cells.len().max(1) as i64, *i)
    };
    while !left.is_empty() {
        left.sort_by_key(key);
        let pick = left
            .iter()
            .position(|&i| clear_path(&pieces[i], &placed, down))
            .map(|k| (k, Insert::FromAbove))
            .or_else(|| {
                left.iter().enumerate().find_map(|(k, &i)| {
                    Direction::ALL
                        .into_iter()
                        .find(|&d| clear_path(&pieces[i], &placed, d))
                        .map(|d| (k, Insert::Slide(d)))
                })
            })
            .unwrap_or((0, Insert::Stuck));
        let i = left.remove(pick.0);
        placed.extend(pieces[i].iter().copied());
        order.push((i, pick.1));
    }
    order
}

/// The building order of a disassembly plan: the staying part first, then the part that slid
/// out, each built the same way; a part of one piece slides in the way it slid out, reversed.
pub fn reversed_plan(sep: &Separation) -> Vec<(usize, Insert)> {
    let last = sep.steps.last();
    let leaving: Vec<usize> = last.map(|s| s.pieces.clone()).unwrap_or_default();
    let staying: Vec<usize> = sep
        .pieces
        .iter()
        .copied()
        .filter(|p| !leaving.contains(p))
        .collect();
    let mut order = Vec::new();
    for (part, sub, out) in [(staying, &sep.stays, None), (leaving, &sep.leaves, last)] {
        match sub {
            Some(s) => order.extend(reversed_plan(s)),
            None => order.extend(part.into_iter().map(|p| {
                let how = out.map_or(Insert::Reversed, |o| Insert::Slide(o.direction.opposite()));
                (p, how)
            })),
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bottom_up_from_above() {
        // A tower of three flat plates, given top first: built bottom up.
        let plate = |z: i32| vec![[0, 0, z], [1, 0, z]];
        let order = greedy_order(&[plate(2), plate(1), plate(0)]);
        assert_eq!(
            order,
            [
                (2, Insert::FromAbove),
                (1, Insert::FromAbove),
                (0, Insert::FromAbove)
            ]
        );
    }

    #[test]
    fn a_covered_slot_is_entered_from_the_side() {
        // Piece 0 is a roof over piece 1's cell: once the roof stands, piece 1 slides in.
        let roof = vec![[0, 0, 1], [1, 0, 1], [1, 0, 0]];
        let under = vec![[0, 0, 0]];
        let order = greedy_order(&[roof, under]);
        // Both are on the floor; the lower mean height goes first (the single cube), from above.
        assert_eq!(order[0], (1, Insert::FromAbove));
        assert_eq!(order[1], (0, Insert::FromAbove));
        let order = greedy_order(&[vec![[0, 0, 1], [1, 0, 1]], vec![[0, 0, 0]], vec![[1, 0, 0]]]);
        assert_eq!(order.len(), 3);
        let roof_at = order.iter().position(|o| o.0 == 0).unwrap();
        assert_eq!(roof_at, 2, "the roof goes on last: {order:?}");
    }
}
