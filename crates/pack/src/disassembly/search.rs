//! Breadth-first search over the positions of the pieces of one (sub)assembly, up to the
//! first move that takes a group of pieces away for good.
//!
//! A position is the offset of every piece, taken relative to the first piece (moving a group
//! one way or the rest the other way is the same position). From a position the moves are,
//! in this order (the order decides which of several equally short separations is taken; the
//! directions are the grid's, [`Grid::directions`]):
//! 1. for each direction and piece, the piece alone sliding out to infinity;
//! 2. for each direction and piece, the smallest group containing it sliding out, if it holds
//!    at most half of the pieces (its complement can slide out the other way otherwise);
//! 3. for each direction and piece, the smallest group containing it sliding 1, 2, ... steps
//!    while it holds at most half of the pieces, and after each new such move the unions of its
//!    group with the groups found before in the same direction with the same step length
//!    (independent groups moving together are one move).
//!
//! The first position (in breadth-first order) from which a group slides out gives the
//! separation; the number of moves up to and including that slide is the level.

use super::movement::{Movement, PieceShapes, FREE};
use super::Step;
use crate::grid::{Direction, Grid};
use std::collections::HashSet;
use wurfel_geom::Cell;

/// A group sliding some distance (or out: `None`) in a direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    /// Bit set of the moving pieces (indices into the searched pieces).
    pub group: u64,
    /// Which way.
    pub direction: Direction,
    /// Unit steps, `None` for out to infinity.
    pub distance: Option<u32>,
}

/// The moves that lead to the first separation, and where the pieces were just before it.
pub struct Found {
    /// The moves, the last one the separating slide.
    pub slides: Vec<Slide>,
    /// Piece offsets just before the separating slide.
    pub before: Vec<Cell>,
}

struct Node {
    offsets: Vec<Cell>,
    parent: usize,
    slide: Option<Slide>,
}

/// Positions visited before the search gives up: a safety net against pathological inputs
/// (every puzzle tried needs far fewer).
pub const NODE_LIMIT: usize = 2_000_000;

/// Why a search ended without a separation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stuck {
    /// Every reachable position was tried: the pieces cannot be separated.
    Interlocked,
    /// [`NODE_LIMIT`] positions were tried.
    TooManyPositions,
}

/// The shortest sequence of moves until a group of `cells` (placed at `start` on `grid`, a grid
/// with directions) comes free.
pub fn first_separation(grid: Grid, cells: &[Vec<Cell>], start: &[Cell]) -> Result<Found, Stuck> {
    let n = cells.len();
    debug_assert!((2..=64).contains(&n));
    let mut nodes = vec![Node {
        offsets: normalized(start.to_vec()),
        parent: usize::MAX,
        slide: None,
    }];
    let mut seen: HashSet<Vec<Cell>> = HashSet::new();
    seen.insert(nodes[0].offsets.clone());
    let mut next = 0;
    let mut successors = Vec::new();
    let pieces = PieceShapes::new(grid, cells);
    while next < nodes.len() {
        if nodes.len() > NODE_LIMIT {
            return Err(Stuck::TooManyPositions);
        }
        let here = next;
        next += 1;
        let movement = Movement::new(&pieces, &nodes[here].offsets);
        if let Some(out) = separation(&movement, n) {
            let before = nodes[here].offsets.clone();
            let mut slides = vec![out];
            let mut at = here;
            while let Some(s) = nodes[at].slide {
                slides.push(s);
                at = nodes[at].parent;
            }
            slides.reverse();
            return Ok(Found { slides, before });
        }
        successors.clear();
        slides(&movement, n, &mut successors);
        for &s in &successors {
            let offsets = normalized(apply(&nodes[here].offsets, s));
            if seen.contains(&offsets) {
                continue;
            }
            seen.insert(offsets.clone());
            nodes.push(Node {
                offsets,
                parent: here,
                slide: Some(s),
            });
        }
    }
    Err(Stuck::Interlocked)
}

/// The first group that can slide out from this position, single pieces first.
fn separation(m: &Movement, n: usize) -> Option<Slide> {
    for max in [1, n / 2] {
        for (k, &direction) in m.directions().iter().enumerate() {
            for p in 0..n {
                let group = m.group(p, k, FREE);
                if group.count_ones() as usize <= max {
                    return Some(Slide {
                        group,
                        direction,
                        distance: None,
                    });
                }
            }
        }
    }
    None
}

/// Every finite slide from this position (see the module comment), in search order.
fn slides(m: &Movement, n: usize, out: &mut Vec<Slide>) {
    let longest = m.longest_finite();
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    for (k, &direction) in m.directions().iter().enumerate() {
        let mut found: Vec<(u64, u32)> = Vec::new();
        for p in 0..n {
            for steps in 1..=longest.saturating_add(1) {
                let group = m.group(p, k, steps);
                if group.count_ones() as usize > n / 2 {
                    break;
                }
                if found.contains(&(group, steps)) {
                    continue;
                }
                found.push((group, steps));
                out.push(Slide {
                    group,
                    direction,
                    distance: Some(steps),
                });
                // Unions with the groups found before that slide as far.
                let known = found.len() - 1;
                for k in 0..known {
                    let (other, len) = found[k];
                    let union = group | other;
                    if len != steps || union == group || union == other || union == all {
                        continue;
                    }
                    if found.contains(&(union, steps)) {
                        continue;
                    }
                    found.push((union, steps));
                    out.push(Slide {
                        group: union,
                        direction,
                        distance: Some(steps),
                    });
                }
            }
        }
    }
}

/// The offsets after `s` (a finite slide).
fn apply(offsets: &[Cell], s: Slide) -> Vec<Cell> {
    let by = s.direction.offset(s.distance.map_or(0, |d| d as i32));
    offsets
        .iter()
        .enumerate()
        .map(|(i, o)| {
            if s.group & (1 << i) != 0 {
                [o[0] + by[0], o[1] + by[1], o[2] + by[2]]
            } else {
                *o
            }
        })
        .collect()
}

/// Offsets relative to the first piece's.
fn normalized(mut offsets: Vec<Cell>) -> Vec<Cell> {
    let base = offsets[0];
    for o in &mut offsets {
        *o = [o[0] - base[0], o[1] - base[1], o[2] - base[2]];
    }
    offsets
}

impl Slide {
    /// The step with piece indices mapped through `ids`.
    pub fn step(&self, ids: &[usize]) -> Step {
        Step {
            pieces: ids
                .iter()
                .enumerate()
                .filter(|(i, _)| self.group & (1 << i) != 0)
                .map(|(_, &id)| id)
                .collect(),
            direction: self.direction,
            distance: self.distance,
        }
    }
}
