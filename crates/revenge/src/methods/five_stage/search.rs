//! A stage seen by the toolkit's IDA* ([`crate::toolkit::ida`]): its state is the tuple of
//! its coordinate ids as one value ([`Ids`]), its turns are its single-slice [`Move`]s (each
//! with its column in the stage's move tables). A stage wants the first optimal solution, or every solution of one length up
//! to a limit, none passing through a goal before its end.
//!
//! The five stages' work budget counts positions *visited*: every successor generated (the
//! ones the bound then prunes included) and the start of each iteration, as the stages' own
//! search counted them before the toolkit's became the one. The toolkit's search counts
//! *expanded* positions and generates a position's successors together; so the count here adds
//! each position's successors as [`Phase::keep_within`] sees them, the starts, and takes back
//! the successors that a one-at-a-time search never reaches once the callback stops it (those
//! after the taken turn, along the path it stopped on). The sum is the former count exactly, so
//! the budget stops where it always did and every solution stays the same.

use super::stage::Stage;
use crate::cube::Move;
use crate::toolkit::ida::{self, keep_if, Canonical, Kids, Meter, Phase};
use std::cell::Cell;

/// Most coordinates of a stage (stage 3 has the most).
const MAX_COORDS: usize = 8;

/// A stage position: its coordinate ids, the first `coords.len()` of the array.
#[derive(Copy, Clone)]
pub(super) struct Ids([u32; MAX_COORDS]);

/// A stage's turns are single-slice [`Move`]s: one on an axis may follow another in the order
/// of their layers (turns of one axis commute).
impl Canonical for Move {
    #[inline]
    fn may_follow(self, next: Move) -> bool {
        self.axis() != next.axis() || self.layer() < next.layer()
    }
}

/// One search of a stage, counting the positions it visits.
struct Search<'a> {
    stage: &'a Stage,
    /// Each move's column in the stage's move tables (by [`Move`] number; the stage's moves
    /// only).
    column: [u8; 36],
    /// Successors generated so far (see the module's comment).
    generated: Cell<u64>,
}

impl Phase for Search<'_> {
    type State = Ids;
    type Turn = Move;
    fn turns(&self) -> &[Move] {
        &self.stage.moves
    }
    #[inline]
    fn step(&self, s: &Ids, t: Move) -> Ids {
        let mut to = Ids([0; MAX_COORDS]);
        let column = self.column[t.0 as usize] as usize;
        for (i, c) in self.stage.coords.iter().enumerate() {
            to.0[i] = c.step(s.0[i], column);
        }
        to
    }
    #[inline]
    fn bound(&self, s: &Ids) -> u8 {
        self.stage.lower_bound(self.ids(s)) as u8
    }
    fn is_goal(&self, s: &Ids) -> bool {
        self.stage.is_goal(self.ids(s))
    }
    /// Also drops the successors that are goals while turns are left: a solution does not
    /// pass through a goal (and the count of successors, see the module's comment).
    fn keep_within(&self, kids: &mut Kids<Move, Ids>, limit: usize) {
        self.generated.set(self.generated.get() + kids.len() as u64);
        keep_if(kids, |_, s| {
            let h = self.bound(s) as usize;
            h <= limit && (limit == 0 || h > 0 || !self.is_goal(s))
        });
    }
}

impl<'a> Search<'a> {
    fn new(stage: &'a Stage) -> Search<'a> {
        assert!(
            stage.coords.len() <= MAX_COORDS,
            "a stage of too many coordinates"
        );
        let mut column = [u8::MAX; 36];
        for (k, m) in stage.moves.iter().enumerate() {
            column[m.0 as usize] = k as u8;
        }
        Search {
            stage,
            column,
            generated: Cell::new(0),
        }
    }

    fn ids<'s>(&self, s: &'s Ids) -> &'s [u32] {
        &s.0[..self.stage.coords.len()]
    }

    fn state(&self, ids: &[u32]) -> Ids {
        let mut s = Ids([0; MAX_COORDS]);
        s.0[..ids.len()].copy_from_slice(ids);
        s
    }

    /// Up to `limit` solutions of `start` of lengths `min_len..=max_len`, shortest first, the
    /// positions visited added to `meter`.
    fn collect(
        &self,
        start: Ids,
        min_len: usize,
        max_len: usize,
        limit: usize,
        meter: &Meter,
    ) -> Vec<Vec<Move>> {
        self.generated.set(0);
        let mut found: Vec<Vec<Move>> = Vec::new();
        let stopped = ida::solutions_between(
            self,
            start,
            min_len,
            max_len,
            &Cell::new(u64::MAX),
            &mut |path| {
                found.push(path.to_vec());
                found.len() >= limit
            },
        );
        let first = (self.bound(&start) as usize).max(min_len);
        let last = match (stopped, found.last()) {
            (true, Some(path)) => path.len(),
            _ => max_len,
        };
        let starts = (last + 1).saturating_sub(first) as u64;
        let unreached = match (stopped, found.last()) {
            (true, Some(path)) => self.unreached(path),
            _ => 0,
        };
        meter.add(starts + self.generated.get() - unreached);
        found
    }

    /// The successors a one-at-a-time search would not have generated had it stopped at the
    /// end of `path`: at each position along it, those after the turn taken.
    fn unreached(&self, path: &[Move]) -> u64 {
        let mut n = 0;
        for (i, t) in path.iter().enumerate() {
            let last = i.checked_sub(1).map(|j| path[j]);
            n += self.stage.moves[self.column[t.0 as usize] as usize + 1..]
                .iter()
                .filter(|&&u| last.is_none_or(|l| l.may_follow(u)))
                .count() as u64;
        }
        n
    }
}

impl Stage {
    /// An optimal solution for the position `ids` no longer than `max_depth`, by IDA* (the
    /// stage analyses' tests; the solver asks for several with `solve_many`).
    #[cfg(test)]
    pub(crate) fn solve(&self, ids: &[u32], max_depth: usize) -> Option<Vec<Move>> {
        let s = Search::new(self);
        let found = s.collect(s.state(ids), 0, max_depth, 1, &Meter::default());
        found.into_iter().next()
    }

    /// Up to `limit` solutions of lengths optimal..=optimal+`extra` (none passing through a
    /// goal before its end), shortest first; the positions visited are counted on `meter`.
    pub(crate) fn solve_many(
        &self,
        ids: &[u32],
        max_depth: usize,
        extra: usize,
        limit: usize,
        meter: &Meter,
    ) -> Vec<Vec<Move>> {
        let s = Search::new(self);
        let start = s.state(ids);
        let Some(best) = s.collect(start, 0, max_depth, 1, meter).pop() else {
            return Vec::new();
        };
        let shortest = best.len();
        let mut out = vec![best];
        for len in shortest..=shortest + extra {
            if out.len() >= limit {
                break;
            }
            // The best one is listed again: one more than the places left.
            let found = if len > 0 && s.is_goal(&start) {
                // A solved start has no longer solutions (they would pass through it); looking
                // at it is one visit.
                meter.add(1);
                Vec::new()
            } else {
                s.collect(start, len, len, limit - out.len() + 1, meter)
            };
            for f in found {
                if !out.contains(&f) && out.len() < limit {
                    out.push(f);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    //! The adapter against the search the five stages had before the toolkit's became the one
    //! (kept here, one position at a time, as the reference): the same solutions in the same
    //! order and the same count of visited positions.
    use super::*;
    use crate::cube::Cube;
    use crate::store::MemoryStore;
    use rand::{Rng, SeedableRng};

    /// The former search: each successor visited (and counted) in turn.
    struct Reference<'a> {
        stage: &'a Stage,
        visits: u64,
        found: Vec<Vec<Move>>,
        limit: usize,
    }

    impl Reference<'_> {
        fn step(&self, ids: &[u32], k: usize) -> Vec<u32> {
            let c = &self.stage.coords;
            ids.iter().zip(c).map(|(&id, c)| c.step(id, k)).collect()
        }

        /// Solutions of exactly `left` more turns; a goal ends every path that reaches it.
        fn run(&mut self, ids: &[u32], left: usize, last: Option<Move>, path: &mut Vec<Move>) {
            if self.found.len() >= self.limit {
                return;
            }
            self.visits += 1;
            let h = self.stage.lower_bound(ids);
            if h > left {
                return;
            }
            if h == 0 && self.stage.is_goal(ids) {
                if left == 0 {
                    self.found.push(path.clone());
                }
                return;
            }
            for (k, &m) in self.stage.moves.iter().enumerate() {
                if left == 0 || self.found.len() >= self.limit {
                    return;
                }
                if last.is_none_or(|p| p.axis() != m.axis() || p.layer() < m.layer()) {
                    path.push(m);
                    self.run(&self.step(ids, k), left - 1, Some(m), path);
                    path.pop();
                }
            }
        }

        /// The former first solution of at most `left` turns: the first goal reached.
        fn first(
            &mut self,
            ids: &[u32],
            left: usize,
            last: Option<Move>,
            path: &mut Vec<Move>,
        ) -> bool {
            self.visits += 1;
            let h = self.stage.lower_bound(ids);
            if h > left {
                return false;
            }
            if h == 0 && self.stage.is_goal(ids) {
                return true;
            }
            if left == 0 {
                return false;
            }
            for (k, &m) in self.stage.moves.iter().enumerate() {
                if last.is_none_or(|p| p.axis() != m.axis() || p.layer() < m.layer()) {
                    path.push(m);
                    if self.first(&self.step(ids, k), left - 1, Some(m), path) {
                        return true;
                    }
                    path.pop();
                }
            }
            false
        }

        fn solve_many(
            &mut self,
            ids: &[u32],
            max: usize,
            extra: usize,
            limit: usize,
        ) -> Vec<Vec<Move>> {
            let mut best = None;
            for len in self.stage.lower_bound(ids)..=max {
                let mut path = Vec::new();
                if self.first(ids, len, None, &mut path) {
                    best = Some(path);
                    break;
                }
            }
            let Some(best) = best else { return Vec::new() };
            let mut out = vec![best.clone()];
            for len in best.len()..=best.len() + extra {
                if out.len() >= limit {
                    break;
                }
                self.found.clear();
                self.limit = limit - out.len() + 1;
                self.run(ids, len, None, &mut Vec::new());
                for f in std::mem::take(&mut self.found) {
                    if !out.contains(&f) && out.len() < limit {
                        out.push(f);
                    }
                }
            }
            out
        }
    }

    #[test]
    fn solutions_and_visits_are_the_former_searchs() {
        // Stage 5 with small tables (built in a moment): bounds that prune, goals mid-path.
        let mut stage = Stage::new(5).with_table_limit(100_000);
        stage
            .ensure_tables(&MemoryStore::default(), 2, &|_, _, _| {})
            .expect("small tables");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut several = 0;
        for case in 0..24 {
            let mut c = Cube::solved();
            for _ in 0..case % 8 {
                c.apply(stage.moves[rng.gen_range(0..stage.moves.len())]);
            }
            let ids = stage.ids(&c).expect("a stage 5 position");
            let (extra, limit) = (case % 3, 1 + case % 7);
            let meter = Meter::default();
            let got = stage.solve_many(&ids, 12, extra, limit, &meter);
            let mut r = Reference {
                stage: &stage,
                visits: 0,
                found: Vec::new(),
                limit: 0,
            };
            let want = r.solve_many(&ids, 12, extra, limit);
            assert!(!want.is_empty());
            assert_eq!(got, want, "case {case}");
            assert_eq!(meter.spent(), r.visits, "case {case}");
            several += (got.len() > 1) as usize;
        }
        // Solved starts (cases 0, 8, 16) and stops at a limit are among the cases.
        assert!(several >= 8, "{several} cases with several solutions");
    }
}
