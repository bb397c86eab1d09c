//! A stage of the five-stage method ready to search: its coordinates with move tables, its
//! computed goals and its distance tables ([`super::tables`]), searched by the toolkit's IDA*
//! through [`super::search`] (`Stage::solve`, `Stage::solve_many`). What each stage is (moves,
//! coordinates, rotations) is [`super::spec`]'s.
//!
//! Each stage is searched over its coordinates; the heuristic is the maximum of exact distance
//! tables over products of some coordinates (projections of the stage), so it is admissible
//! and every stage solution is optimal for the stage's move set. Stage 1's table covers the
//! whole stage (Norskog's 1,608,475,077 positions).

use super::spec::{stage4_seed_spec, stage_moves, stage_rotations, stage_spec, Spec};
use super::tables::{self, Projection};
use crate::cube::{Cube, Move};
use crate::store::Store;
use crate::symmetry::{conjugate, Rot};
use crate::toolkit::bfs::Options;
use crate::toolkit::cache;
use crate::toolkit::coord::{perm_coset_table, Coord, Kind};
use crate::toolkit::prune::NibbleTable;
use rayon::prelude::*;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

pub use super::tables::TableEvent;

/// A stage ready to search.
pub struct Stage {
    pub(crate) number: usize,
    pub(crate) moves: Vec<Move>,
    pub(crate) coords: Vec<Coord>,
    /// For each allowed rotation, the goal tuples reachable from the rotated solved cube.
    pub(crate) goals: Vec<HashSet<Vec<u32>>>,
    pub(crate) projections: Vec<Projection>,
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
/// goals (seconds), which [`crate::methods::five_stage::setup`] caches.
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
    pub(crate) fn new(k: usize, spec: Spec) -> Plan {
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
    pub(crate) fn stage(k: usize) -> Plan {
        Plan::new(k, stage_spec(k))
    }

    /// Explores the coordinates and goals.
    pub(crate) fn build(self) -> Stage {
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
    pub(crate) fn finish(self, coords: Vec<Coord>, goals: Vec<HashSet<Vec<u32>>>) -> Stage {
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

    fn with_spec(k: usize, spec: Spec) -> Stage {
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
    #[inline]
    pub fn lower_bound(&self, ids: &[u32]) -> usize {
        self.h(ids) as usize
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

    /// The stage's number, 1 to 5.
    pub fn number(&self) -> usize {
        self.number
    }

    /// The moves the stage is searched with.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of values of each of the stage's coordinates.
    pub fn coord_sizes(&self) -> Vec<usize> {
        self.coords.iter().map(|c| c.size).collect()
    }

    /// For each allowed rotation, the goal tuples (of coordinate ids) reachable from the
    /// rotated solved cube.
    pub fn goals(&self) -> &[HashSet<Vec<u32>>] {
        &self.goals
    }

    /// The coordinate ids `ids` after move `k` (of [`Stage::moves`]), written to `out`.
    pub fn step(&self, ids: &[u32], k: usize, out: &mut [u32]) {
        for ((o, &id), c) in out.iter_mut().zip(ids).zip(&self.coords) {
            *o = c.step(id, k);
        }
    }

    /// Number of distance tables (projections of the stage onto some of its coordinates).
    pub fn tables(&self) -> usize {
        self.projections.len()
    }

    /// Entries of distance table `i`.
    pub fn table_len(&self, i: usize) -> usize {
        self.projections[i].len()
    }

    /// The name of distance table `i` (its file in the table cache, without version and
    /// extension).
    pub fn table_name(&self, i: usize) -> &str {
        &self.projections[i].name
    }

    /// The coordinates (numbered in the stage's order) distance table `i` is over.
    pub fn table_coords(&self, i: usize) -> &[usize] {
        &self.projections[i].coords
    }

    /// Builds distance table `i` by breadth-first search on `threads` threads; returns it
    /// with the positions at each depth. `on_depth` hears (depth, positions) as depths finish
    /// (see [`Stage::count_depths`]; depth `u32::MAX`: the table was capped at 14).
    pub fn build_table(
        &self,
        i: usize,
        threads: usize,
        on_depth: &(dyn Fn(u32, u64) + Sync),
    ) -> Result<(NibbleTable, Vec<u64>), String> {
        let opts = Options {
            threads: threads.max(1),
            on_depth,
            ..Options::table()
        };
        tables::bfs(self.space(i), &opts)
    }

    /// Breadth-first search over projection `i` to the end, for counting positions per
    /// distance (entries are distances modulo 15, not a usable distance table). Once `stop` is
    /// set it ends early, with the counts of the depths completed.
    pub fn count_depths(
        &self,
        i: usize,
        threads: usize,
        on_depth: &(dyn Fn(u32, u64) + Sync),
        stop: Option<&AtomicBool>,
    ) -> Result<(NibbleTable, Vec<u64>), String> {
        let opts = Options {
            threads: threads.max(1),
            exact_counts: true,
            on_depth,
            stop,
        };
        tables::bfs(self.space(i), &opts)
    }

    /// Projection `i` with the coordinates and goals its table is built from.
    fn space(&self, i: usize) -> tables::Space<'_> {
        tables::Space {
            projection: &self.projections[i],
            coords: &self.coords,
            goals: &self.goals,
        }
    }

    /// Maps every distance table from `store`, building none: `Missing` or `Invalid` (with
    /// the table's name) when one is not there.
    pub(crate) fn load_tables(
        &mut self,
        store: &dyn Store,
    ) -> Result<(), (String, cache::LoadError)> {
        for p in &mut self.projections {
            if p.table.is_none() {
                p.table =
                    Some(cache::load(store, &p.name, p.len()).map_err(|e| (p.name.clone(), e))?);
            }
        }
        Ok(())
    }

    /// Loads every distance table from `store`, building (and storing) the missing or invalid
    /// ones. `report` hears about each table: (name, entries, event).
    pub fn ensure_tables(
        &mut self,
        store: &dyn Store,
        threads: usize,
        report: &(dyn Fn(&str, usize, TableEvent) + Sync),
    ) -> Result<(), String> {
        for i in 0..self.projections.len() {
            if self.projections[i].table.is_none() {
                let t = tables::load_or_build(self.space(i), store, threads, report)?;
                self.projections[i].table = Some(t);
            }
        }
        Ok(())
    }
}
