//! Norskog's five stages: move sets, coordinates, goals, distance tables and IDA*.
//!
//! Each stage k has a move set `M_k` (nested: `M_1 ⊃ M_2 ⊃ ... ⊃ M_5`) and is solved when the
//! position lies in the set reachable from the solved cube by the next stage's moves `M_{k+1}`
//! (the stage's goal), up to the one-time whole-cube rotations Norskog allows. Goals are
//! therefore *computed* (closure of the solved cube under `M_{k+1}`), not hand-written, and
//! the rotations become extra goal sources: for stage 1 the cube may end with its corners
//! oriented about any axis (Norskog's 120° turns about UFL–DBR), for stage 2 turned 90° about
//! U–D, for stage 5 turned 180° about any axis.
//!
//! Each stage is searched by IDA* over its coordinates; the heuristic is the maximum of exact
//! distance tables over products of some coordinates (projections of the stage), so it is
//! admissible and every stage solution is optimal for the stage's move set. Stage 1's table
//! covers the whole stage (Norskog's 1,608,475,077 positions).

use crate::coord::{perm_coset_table, relabel_coset_table, slots, Coord, Kind};
use crate::cube::{Cube, Move, Rotation};
use crate::prune::NibbleTable;
use rayon::prelude::*;
use std::collections::HashSet;

pub use crate::tables::TableEvent;

/// A whole-cube rotation as a short sequence of quarter rotations.
pub type Rot = Vec<Rotation>;

fn r(axis: u8, amount: u8) -> Rotation {
    Rotation { axis, amount }
}

/// All 24 rotations, the identity first.
pub fn all_rotations() -> Vec<Rot> {
    let mut out: Vec<Rot> = Vec::new();
    let mut seen: Vec<Cube> = Vec::new();
    let tilts: [Rot; 6] = [
        vec![],
        vec![r(1, 1)],
        vec![r(1, 2)],
        vec![r(1, 3)],
        vec![r(2, 1)],
        vec![r(2, 3)],
    ];
    for t in &tilts {
        for k in 0..4u8 {
            let mut seq = t.clone();
            if k > 0 {
                seq.push(r(0, k));
            }
            let mut c = Cube::random(0);
            for &q in &seq {
                c.rotate(q);
            }
            if !seen.contains(&c) {
                seen.push(c);
                out.push(seq);
            }
        }
    }
    out
}

/// The moves of stage `k` (1..=5); stage 6 means none.
pub fn stage_moves(k: usize) -> Vec<Move> {
    let q = |f: usize, inner: bool, amts: &[u8]| -> Vec<Move> {
        amts.iter().map(|&a| Move::new(f, inner, a)).collect()
    };
    let all: &[u8] = &[1, 2, 3];
    let half: &[u8] = &[2];
    let (u, r, f, d, l, b) = (0, 1, 2, 3, 4, 5);
    let mut v = Vec::new();
    match k {
        1 => return Move::all().collect(),
        2 => {
            for x in [u, d] {
                v.extend(q(x, false, all));
                v.extend(q(x, true, all));
            }
            for x in [r, l] {
                v.extend(q(x, false, half));
                // Norskog's later version: l and r quarter turns too (worst case 16, not 18).
                v.extend(q(x, true, all));
            }
            for x in [f, b] {
                v.extend(q(x, false, half));
                v.extend(q(x, true, all));
            }
        }
        3 => {
            for x in [u, d] {
                v.extend(q(x, false, all));
                v.extend(q(x, true, half));
            }
            for x in [r, l] {
                v.extend(q(x, false, half));
                v.extend(q(x, true, half));
            }
            for x in [f, b] {
                v.extend(q(x, false, half));
                v.extend(q(x, true, all));
            }
        }
        4 => {
            for x in [u, d] {
                v.extend(q(x, false, all));
                v.extend(q(x, true, half));
            }
            for x in [r, l, f, b] {
                v.extend(q(x, false, half));
                v.extend(q(x, true, half));
            }
        }
        5 => {
            for x in 0..6 {
                v.extend(q(x, false, half));
                v.extend(q(x, true, half));
            }
        }
        _ => {}
    }
    v.sort();
    v
}

/// Stage 2 as Norskog's table counts it (the first version: l and r only as half turns, worst
/// case 18); the solver uses the later version with l and r quarter turns.
pub fn stage2_seed_moves() -> Vec<Move> {
    stage_moves(2)
        .into_iter()
        .filter(|m| !(m.inner() && m.axis() == 1 && m.amount() != 2))
        .collect()
}

/// Rotations that may end stage `k` (applied as goal sources).
pub fn stage_rotations(k: usize) -> Vec<Rot> {
    match k {
        // Corners oriented about x or z instead of y: Norskog's 120° turns about UFL-DBR
        // bring either axis to U-D.
        1 => vec![vec![], vec![r(2, 1)], vec![r(1, 1)]],
        2 => vec![vec![], vec![r(0, 1)]],
        5 => vec![vec![], vec![r(1, 2)], vec![r(0, 2)], vec![r(2, 2)]],
        _ => vec![vec![]],
    }
}

pub(crate) fn colour_set(colour: u8, axes: &[usize]) -> Kind {
    Kind::ColourSet {
        colour,
        slots: slots::centres_on(axes),
    }
}

/// Stage 4 in Norskog's coordinates: 420 corner cosets x 70 centre configurations x 88,200
/// wing cosets (2,593,080,000 positions), for the analysis.
fn stage4_seed_spec() -> (Vec<(Kind, bool)>, Vec<Vec<usize>>) {
    (
        vec![
            (Kind::CornerPerm, true),
            (colour_set(0, &[0]), false),
            (ud_wing_coset(), false),
        ],
        vec![vec![0, 1, 2]],
    )
}

/// Norskog's stage-4 wing coordinate (88,200 cosets of the half-turn group).
pub(crate) fn ud_wing_coset() -> Kind {
    let slots_ud = slots::ud_wings();
    let lr = slots::ud_wings_in_slices(0);
    let fb = slots::ud_wings_in_slices(2);
    let group = |sl: &[u8]| -> Vec<Vec<u8>> {
        let kind = Kind::WingPerm { slots: sl.to_vec() };
        let c = Coord::build(kind, None, &[Cube::solved()], &stage_moves(5));
        c.dense
            .iter()
            .enumerate()
            .filter(|(_, &d)| d != u32::MAX)
            .map(|(r, _)| crate::coord::perm_unrank(r as u32, sl.len()))
            .collect()
    };
    Kind::UdWingCoset {
        is_lr: slots_ud.iter().map(|s| lr.contains(s)).collect(),
        slots: slots_ud,
        canon_lr: relabel_coset_table(&group(&lr), lr.len()),
        canon_fb: relabel_coset_table(&group(&fb), fb.len()),
    }
}

/// Coordinate kinds of stage `k`, each with whether it is reduced modulo the next stage's
/// permutation subgroup, and the projections (lists of coordinate indices) given tables.
fn stage_spec(k: usize) -> (Vec<(Kind, bool)>, Vec<Vec<usize>>) {
    let (cu, cr, cf, _cd, cl, cb) = (0u8, 1u8, 2u8, 3u8, 4u8, 5u8);
    match k {
        1 => (
            vec![
                (
                    Kind::WingSet {
                        set: slots::e_wings(),
                        slots: (0..24).collect(),
                    },
                    false,
                ),
                (Kind::Twist, false),
            ],
            vec![vec![0, 1]],
        ),
        2 => (
            vec![
                (colour_set(cf, &[0, 1, 2]), false),
                (colour_set(cb, &[0, 1, 2]), false),
                (
                    Kind::WingPerm {
                        slots: slots::e_wings(),
                    },
                    true,
                ),
            ],
            vec![vec![0, 2], vec![1, 2], vec![0, 1]],
        ),
        3 => (
            vec![
                (colour_set(cl, &[0, 1]), false),
                (colour_set(cr, &[0, 1]), false),
                (
                    Kind::WingSet {
                        set: slots::ud_wings_class(true),
                        slots: slots::ud_wings(),
                    },
                    false,
                ),
                (
                    Kind::WingParity {
                        slots: slots::ud_wings(),
                    },
                    false,
                ),
            ],
            vec![vec![0, 1], vec![2, 3, 0], vec![2, 3, 1]],
        ),
        4 => (
            vec![
                (Kind::CornerPerm, true),
                (colour_set(cu, &[0]), false),
                (
                    Kind::WingPerm {
                        slots: slots::ud_wings_class(true),
                    },
                    false,
                ),
                (
                    Kind::WingPerm {
                        slots: slots::ud_wings_class(false),
                    },
                    false,
                ),
                (
                    Kind::WingPerm {
                        slots: slots::ud_wings_class(true),
                    },
                    true,
                ),
                (
                    Kind::WingPerm {
                        slots: slots::ud_wings_class(false),
                    },
                    true,
                ),
                (ud_wing_coset(), false),
            ],
            // The whole stage in Norskog's coordinates (2,593,080,000 entries, 1.3 GB): exact
            // up to 14 (deeper entries read 14), so stage-4 searches are nearly instant.
            vec![vec![0, 1, 6]],
        ),
        _ => (
            // Half turns keep every piece in its orbit: corners, the middle-layer wings, the
            // U/D-layer wings of the l/r slices and of the f/b slices each take 96
            // arrangements, the centres of each axis 12.
            vec![
                (Kind::CornerPerm, false),
                (
                    Kind::WingPerm {
                        slots: slots::e_wings(),
                    },
                    false,
                ),
                (
                    Kind::WingPerm {
                        slots: slots::ud_wings_in_slices(0),
                    },
                    false,
                ),
                (
                    Kind::WingPerm {
                        slots: slots::ud_wings_in_slices(2),
                    },
                    false,
                ),
                (colour_set(cu, &[0]), false),
                (colour_set(cl, &[1]), false),
                (colour_set(cf, &[2]), false),
            ],
            vec![
                vec![0, 1, 2, 3],
                vec![0, 1, 4, 5, 6],
                vec![0, 2, 4, 5, 6],
                vec![1, 3, 4, 5, 6],
                vec![2, 3, 4, 5, 6],
            ],
        ),
    }
}

/// A stage ready to search.
pub struct Stage {
    pub number: usize,
    pub moves: Vec<Move>,
    pub coords: Vec<Coord>,
    /// For each allowed rotation, the goal tuples reachable from the rotated solved cube.
    pub goals: Vec<HashSet<Vec<u32>>>,
    pub projections: Vec<Projection>,
}

/// A distance table over some of the stage's coordinates.
pub struct Projection {
    pub coords: Vec<usize>,
    pub sizes: Vec<usize>,
    pub table: Option<NibbleTable>,
    pub name: String,
}

impl Projection {
    /// A projection of stage `k` onto `coords`, without its table yet.
    fn new(k: usize, p: Vec<usize>, coords: &[Coord]) -> Projection {
        let sizes: Vec<usize> = p.iter().map(|&c| coords[c].size).collect();
        let name = format!(
            "stage{k}-{}-{}",
            p.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join("_"),
            sizes.iter().product::<usize>()
        );
        Projection {
            coords: p,
            sizes,
            table: None,
            name,
        }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.sizes.iter().product()
    }
    /// True when the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    #[inline]
    pub(crate) fn index(&self, ids: &[u32]) -> usize {
        let mut i = 0;
        for (k, &c) in self.coords.iter().enumerate() {
            i = i * self.sizes[k] + ids[c] as usize;
        }
        i
    }
}

/// The move `m'` with `rot(c)·m' = rot(c·m)` for every cube `c`.
pub fn conjugate(m: Move, rot: &Rot) -> Move {
    crate::symmetry::move_image(m, |c| {
        let mut x = *c;
        for &q in rot {
            x.rotate(q);
        }
        x
    })
}

/// Rotated solved cubes for a list of rotations.
fn rotated_solved(rots: &[Rot]) -> Vec<Cube> {
    rots.iter()
        .map(|rot| {
            let mut c = Cube::solved();
            for &q in rot {
                c.rotate(q);
            }
            c
        })
        .collect()
}

/// A stage before its breadth-first parts: coordinate kinds with their coset tables, moves,
/// rotations, projections. Cheap (milliseconds); [`Plan::build`] explores the coordinates and
/// goals (seconds), which [`crate::setup`] caches.
pub(crate) struct Plan {
    pub k: usize,
    pub moves: Vec<Move>,
    pub next: Vec<Move>,
    pub rots: Vec<Rot>,
    pub starts: Vec<Cube>,
    pub kinds: Vec<(Kind, Option<Vec<u32>>)>,
    projs: Vec<Vec<usize>>,
}

impl Plan {
    pub fn new(k: usize, spec: (Vec<(Kind, bool)>, Vec<Vec<usize>>)) -> Plan {
        let next = stage_moves(k + 1);
        let rots = stage_rotations(k);
        let (kinds, projs) = spec;
        let kinds = kinds
            .into_iter()
            .map(|(kind, coset)| {
                let canon = coset.then(|| perm_coset_table(&kind, &next));
                (kind, canon)
            })
            .collect();
        Plan {
            k,
            moves: stage_moves(k),
            next,
            starts: rotated_solved(&rots),
            rots,
            kinds,
            projs,
        }
    }

    /// The plan of stage `k` as the solver uses it.
    pub fn stage(k: usize) -> Plan {
        Plan::new(k, stage_spec(k))
    }

    /// Explores the coordinates and goals.
    pub fn build(self) -> Stage {
        // The coordinates are independent: build them side by side (start-up time).
        let coords: Vec<Coord> = self
            .kinds
            .clone()
            .into_par_iter()
            .map(|(kind, canon)| Coord::build(kind, canon, &self.starts, &self.moves))
            .collect();
        let goals = self.goals(&coords);
        self.finish(coords, goals)
    }

    /// For each allowed rotation, the goal tuples: the rotated solved cube closed under the
    /// next stage's moves.
    fn goals(&self, coords: &[Coord]) -> Vec<HashSet<Vec<u32>>> {
        let moves = &self.moves;
        // Index of each next-stage move in this stage's move list.
        let next_idx: Vec<usize> = self
            .next
            .iter()
            .map(|m| {
                moves
                    .iter()
                    .position(|x| x == m)
                    .expect("move sets are nested")
            })
            .collect();
        self.starts
            .iter()
            .zip(&self.rots)
            .map(|(s, rot)| {
                // Seen from a rotated cube, the next stage's moves are other slices: the goal
                // for this rotation is the rotated solved cube closed under those.
                let next_idx: Vec<usize> = next_idx
                    .iter()
                    .map(|&k| {
                        let m = conjugate(moves[k], rot);
                        moves
                            .iter()
                            .position(|&x| x == m)
                            .expect("move sets are closed under the stage's rotations")
                    })
                    .collect();
                let t: Vec<u32> = coords
                    .iter()
                    .map(|c| c.id(s).expect("solved is in every domain"))
                    .collect();
                let mut set = HashSet::new();
                set.insert(t.clone());
                let mut stack = vec![t];
                while let Some(t) = stack.pop() {
                    for &m in &next_idx {
                        let u: Vec<u32> =
                            t.iter().zip(coords).map(|(&id, c)| c.step(id, m)).collect();
                        if set.insert(u.clone()) {
                            stack.push(u);
                        }
                    }
                }
                set
            })
            .collect()
    }

    /// The stage from explored (or cached) coordinates and goals.
    pub fn finish(self, coords: Vec<Coord>, goals: Vec<HashSet<Vec<u32>>>) -> Stage {
        let projections = self
            .projs
            .into_iter()
            .map(|p| Projection::new(self.k, p, &coords))
            .collect();
        Stage {
            number: self.k,
            moves: self.moves,
            coords,
            goals,
            projections,
        }
    }
}

impl Stage {
    /// Builds coordinates, move tables and goals (fast: seconds); distance tables are loaded
    /// or built separately by [`Stage::ensure_tables`].
    pub fn new(k: usize) -> Stage {
        Stage::with_spec(k, stage_spec(k))
    }

    /// Stage 4 in Norskog's own coordinates (one distance table over the whole stage, 1.3 GB),
    /// for the analysis.
    pub fn stage4_seed() -> Stage {
        Stage::with_spec(4, stage4_seed_spec())
    }

    fn with_spec(k: usize, spec: (Vec<(Kind, bool)>, Vec<Vec<usize>>)) -> Stage {
        Plan::new(k, spec).build()
    }

    /// The same stage searched with a subset of its moves (goals and coordinates unchanged).
    pub fn restricted(mut self, keep: &[Move]) -> Stage {
        let cols: Vec<usize> = keep
            .iter()
            .map(|m| {
                self.moves
                    .iter()
                    .position(|x| x == m)
                    .expect("a subset of the stage's moves")
            })
            .collect();
        for c in &mut self.coords {
            let mut t = Vec::with_capacity(c.size * cols.len());
            for id in 0..c.size {
                for &k in &cols {
                    t.push(c.mtab[id * c.nmoves + k]);
                }
            }
            c.mtab = t.into();
            c.nmoves = cols.len();
        }
        self.moves = keep.to_vec();
        for p in &mut self.projections {
            p.name.push_str(&format!("-m{}", keep.len()));
            p.table = None;
        }
        self
    }

    /// The same stage with distance tables of at most `max` entries: a larger projection is
    /// replaced by the pairs (else single coordinates) of its coordinates that fit (weaker bounds, so slower searches, but tables that
    /// build in seconds; the solutions stay optimal).
    pub fn with_table_limit(mut self, max: usize) -> Stage {
        let mut out: Vec<Projection> = Vec::new();
        for p in std::mem::take(&mut self.projections) {
            if p.len() <= max {
                out.push(p);
                continue;
            }
            // Every pair of its coordinates that fits, then singles for the ones left over.
            let mut covered = vec![false; self.coords.len()];
            let add = |q: Projection, out: &mut Vec<Projection>, covered: &mut [bool]| {
                if q.len() <= max && !out.iter().any(|o| o.name == q.name) {
                    for &c in &q.coords {
                        covered[c] = true;
                    }
                    out.push(q);
                }
            };
            for (i, &a) in p.coords.iter().enumerate() {
                for &b in &p.coords[i + 1..] {
                    add(
                        Projection::new(self.number, vec![a, b], &self.coords),
                        &mut out,
                        &mut covered,
                    );
                }
            }
            for &c in &p.coords {
                if !covered[c] {
                    let q = Projection::new(self.number, vec![c], &self.coords);
                    add(q, &mut out, &mut covered);
                }
            }
        }
        self.projections = out;
        self
    }

    /// The same stage seen through some of its coordinates only (a smaller puzzle: goals
    /// projected, no distance tables), for checks on spaces small enough to enumerate.
    pub fn with_coords(mut self, keep: &[usize]) -> Stage {
        let mut coords: Vec<Option<Coord>> = self.coords.into_iter().map(Some).collect();
        self.coords = keep
            .iter()
            .map(|&i| coords[i].take().expect("each coordinate kept once"))
            .collect();
        self.goals = self
            .goals
            .iter()
            .map(|g| {
                g.iter()
                    .map(|t| keep.iter().map(|&i| t[i]).collect())
                    .collect()
            })
            .collect();
        self.projections.clear();
        self
    }

    /// The stage coordinates of a cube, or `None` when it is not a position of this stage.
    pub fn ids(&self, c: &Cube) -> Option<Vec<u32>> {
        self.coords.iter().map(|k| k.id(c)).collect()
    }

    /// True when the tuple is a goal (under some allowed rotation).
    pub fn is_goal(&self, ids: &[u32]) -> bool {
        self.goals.iter().any(|g| g.contains(ids))
    }

    /// Admissible lower bound on the stage distance of `ids` (max of the distance tables).
    pub fn lower_bound(&self, ids: &[u32]) -> usize {
        self.h(ids) as usize
    }

    /// Up to `limit` solutions of lengths optimal..=optimal+`extra` (none passing through a goal
    /// before its end), shortest first.
    pub fn solve_many(
        &self,
        ids: &[u32],
        max_depth: usize,
        extra: usize,
        limit: usize,
    ) -> Vec<Vec<Move>> {
        let Some(best) = self.solve(ids, max_depth) else {
            return Vec::new();
        };
        let mut out = vec![best.clone()];
        for len in best.len()..=best.len() + extra {
            if out.len() >= limit {
                break;
            }
            let mut state = ids.to_vec();
            let mut path = Vec::new();
            let mut found: Vec<Vec<usize>> = Vec::new();
            self.collect(
                &mut state,
                len,
                None,
                &mut path,
                &mut found,
                limit - out.len() + 1,
            );
            for f in found {
                let ms: Vec<Move> = f.iter().map(|&k| self.moves[k]).collect();
                if !out.contains(&ms) && out.len() < limit {
                    out.push(ms);
                }
            }
        }
        out
    }

    fn collect(
        &self,
        state: &mut [u32],
        left: usize,
        last: Option<Move>,
        path: &mut Vec<usize>,
        found: &mut Vec<Vec<usize>>,
        limit: usize,
    ) {
        if found.len() >= limit {
            return;
        }
        let h = self.h(state) as usize;
        if h > left {
            return;
        }
        if h == 0 && self.is_goal(state) {
            if left == 0 {
                found.push(path.clone());
            }
            return;
        }
        if left == 0 {
            return;
        }
        let saved = state.to_vec();
        for (k, &m) in self.moves.iter().enumerate() {
            if let Some(p) = last {
                if p.axis() == m.axis() && p.layer() >= m.layer() {
                    continue;
                }
            }
            for (i, c) in self.coords.iter().enumerate() {
                state[i] = c.step(saved[i], k);
            }
            path.push(k);
            self.collect(state, left - 1, Some(m), path, found, limit);
            path.pop();
            if found.len() >= limit {
                break;
            }
        }
        state.copy_from_slice(&saved);
    }

    #[inline]
    fn h(&self, ids: &[u32]) -> u8 {
        let mut best = 0;
        for p in &self.projections {
            if let Some(t) = &p.table {
                best = best.max(t.get(p.index(ids)));
            }
        }
        best
    }

    /// An optimal solution (move indices into `self.moves`) for the position `ids`, by IDA*.
    /// `max_depth` bounds the search.
    pub fn solve(&self, ids: &[u32], max_depth: usize) -> Option<Vec<Move>> {
        let mut path = Vec::new();
        let mut state = ids.to_vec();
        let h0 = self.h(&state) as usize;
        for bound in h0..=max_depth {
            if self.dfs(&mut state, bound, None, &mut path) {
                return Some(path.iter().map(|&k| self.moves[k]).collect());
            }
        }
        None
    }

    fn dfs(
        &self,
        state: &mut [u32],
        left: usize,
        last: Option<Move>,
        path: &mut Vec<usize>,
    ) -> bool {
        let h = self.h(state) as usize;
        if h > left {
            return false;
        }
        if h == 0 && self.is_goal(state) {
            return true;
        }
        if left == 0 {
            return false;
        }
        let saved = state.to_vec();
        for (k, &m) in self.moves.iter().enumerate() {
            if let Some(p) = last {
                // Turns of one axis commute: search them in increasing layer order only, and
                // never turn the same slice twice in a row.
                if p.axis() == m.axis() && p.layer() >= m.layer() {
                    continue;
                }
            }
            for (i, c) in self.coords.iter().enumerate() {
                state[i] = c.step(saved[i], k);
            }
            path.push(k);
            if self.dfs(state, left - 1, Some(m), path) {
                return true;
            }
            path.pop();
        }
        state.copy_from_slice(&saved);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::perm_unrank;

    /// The wing coset key as first written: the least 16-nibble string over every relabelling
    /// of each family (slow: a minimum over the whole group per lookup).
    fn reference_key(c: &Cube, slots: &[u8], is_lr: &[bool], groups: [&[Vec<u8>]; 2]) -> u64 {
        let a: Vec<u8> = slots
            .iter()
            .map(|&s| slots.iter().position(|&h| h == c.wp[s as usize]).unwrap() as u8)
            .collect();
        let mut fam = [0u8; 16];
        let (mut nl, mut nf) = (0u8, 0u8);
        for (l, &x) in is_lr.iter().enumerate() {
            let n = if x { &mut nl } else { &mut nf };
            fam[l] = *n;
            *n += 1;
        }
        let canon = |lr: bool, group: &[Vec<u8>]| -> u64 {
            group
                .iter()
                .map(|h| {
                    a.iter().fold(0u64, |k, &l| {
                        let l = l as usize;
                        k << 4
                            | if is_lr[l] == lr {
                                u64::from(h[fam[l] as usize])
                            } else {
                                15
                            }
                    })
                })
                .min()
                .unwrap()
        };
        let (x, y) = (canon(true, groups[0]), canon(false, groups[1]));
        let mut key = 0u64;
        for i in (0..a.len()).rev() {
            let (p, q) = ((x >> (4 * i)) & 15, (y >> (4 * i)) & 15);
            key = key << 4 | if p != 15 { p } else { 8 + q };
        }
        key
    }

    /// The fast key splits positions into exactly the classes the reference key does: the
    /// 88,200 values of the coordinate have distinct reference keys, and the move table built
    /// with the fast key agrees with the reference key of every move's result.
    #[test]
    fn wing_coset_key_has_the_reference_classes() {
        let kind = ud_wing_coset();
        let Kind::UdWingCoset { slots, is_lr, .. } = &kind else {
            unreachable!()
        };
        let group = |sl: &[u8]| -> Vec<Vec<u8>> {
            let k = Kind::WingPerm { slots: sl.to_vec() };
            let c = Coord::build(k, None, &[Cube::solved()], &stage_moves(5));
            c.dense
                .iter()
                .enumerate()
                .filter(|(_, &d)| d != u32::MAX)
                .map(|(r, _)| perm_unrank(r as u32, sl.len()))
                .collect()
        };
        let (h_lr, h_fb) = (
            group(&slots::ud_wings_in_slices(0)),
            group(&slots::ud_wings_in_slices(2)),
        );
        let (slots, is_lr) = (slots.clone(), is_lr.clone());
        let moves = stage_moves(4);
        let coord = Coord::build(kind, None, &[Cube::solved()], &moves);
        assert_eq!(coord.size, 88_200);
        let refkey = |c: &Cube| reference_key(c, &slots, &is_lr, [&h_lr, &h_fb]);
        let keys: Vec<u64> = coord.reps.iter().map(refkey).collect();
        let distinct: HashSet<u64> = keys.iter().copied().collect();
        assert_eq!(distinct.len(), keys.len());
        for (id, rep) in coord.reps.iter().enumerate().step_by(7) {
            for (k, &m) in moves.iter().enumerate() {
                let mut n = *rep;
                n.apply(m);
                assert_eq!(refkey(&n), keys[coord.step(id as u32, k) as usize]);
            }
        }
    }
}
