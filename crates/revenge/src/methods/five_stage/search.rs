//! A stage seen by the toolkit's IDA* ([`crate::toolkit::ida`]): its state is the tuple of
//! its coordinate ids as one value ([`Ids`]), its turns are its moves with their places in the
//! move tables. A stage wants the first optimal solution, or every solution of one length up
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
use crate::toolkit::ida::{self, keep_if, Meter, Phase, Turn};
use std::cell::Cell;

/// Most coordinates of a stage (stage 3 has the most).
const MAX_COORDS: usize = 8;

/// A stage position: its coordinate ids, the first `coords.len()` of the array.
#[derive(Copy, Clone)]
pub(super) struct Ids([u32; MAX_COORDS]);

/// A stage move and its column in the stage's move tables.
#[derive(Copy, Clone)]
pub(super) struct StageTurn {
    column: usize,
    m: Move,
}

impl Turn for StageTurn {
    #[inline]
    fn may_follow(self, next: StageTurn) -> bool {
        self.m.axis() != next.m.axis() || self.m.layer() < next.m.layer()
    }
}

/// One search of a stage, counting the positions it visits.
struct Search<'a> {
    stage: &'a Stage,
    turns: Vec<StageTurn>,
    /// Successors generated so far (see the module's comment).
    generated: Cell<u64>,
}

impl Phase for Search<'_> {
    type State = Ids;
    type Turn = StageTurn;
    fn turns(&self) -> &[StageTurn] {
        &self.turns
    }
    #[inline]
    fn step(&self, s: &Ids, t: StageTurn) -> Ids {
        let mut to = Ids([0; MAX_COORDS]);
        for (i, c) in self.stage.coords.iter().enumerate() {
            to.0[i] = c.step(s.0[i], t.column);
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
    fn keep_within(&self, kids: &mut Vec<(StageTurn, Ids)>, limit: usize) {
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
        let turns = stage
            .moves
            .iter()
            .enumerate()
            .map(|(column, &m)| StageTurn { column, m })
            .collect();
        Search {
            stage,
            turns,
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
    ) -> Vec<Vec<StageTurn>> {
        self.generated.set(0);
        let mut found: Vec<Vec<StageTurn>> = Vec::new();
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
    fn unreached(&self, path: &[StageTurn]) -> u64 {
        let mut n = 0;
        for (i, t) in path.iter().enumerate() {
            let last = i.checked_sub(1).map(|j| path[j]);
            n += self.turns[t.column + 1..]
                .iter()
                .filter(|&&u| last.is_none_or(|l| l.may_follow(u)))
                .count() as u64;
        }
        n
    }
}

fn moves(path: &[StageTurn]) -> Vec<Move> {
    path.iter().map(|t| t.m).collect()
}

/// An optimal solution of `ids` no longer than `max_depth`, or `None`.
pub(super) fn solve(
    stage: &Stage,
    ids: &[u32],
    max_depth: usize,
    meter: &Meter,
) -> Option<Vec<Move>> {
    let s = Search::new(stage);
    let found = s.collect(s.state(ids), 0, max_depth, 1, meter);
    found.first().map(|p| moves(p))
}

/// Up to `limit` solutions of lengths optimal..=optimal+`extra` (none passing through a goal
/// before its end), shortest first.
pub(super) fn solve_many(
    stage: &Stage,
    ids: &[u32],
    max_depth: usize,
    extra: usize,
    limit: usize,
    meter: &Meter,
) -> Vec<Vec<Move>> {
    let s = Search::new(stage);
    let start = s.state(ids);
    let Some(best) = s.collect(start, 0, max_depth, 1, meter).pop() else {
        return Vec::new();
    };
    let mut out = vec![moves(&best)];
    for len in best.len()..=best.len() + extra {
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
            let ms = moves(&f);
            if !out.contains(&ms) && out.len() < limit {
                out.push(ms);
            }
        }
    }
    out
}
