//! Iterative-deepening A* over coordinate tuples, with its work counted: every visited position
//! is one unit on a [`Meter`], so budgets that read the meter stop at the same place on every
//! machine and in every run (never a clock).
//!
//! The heuristic must be admissible (a lower bound on the distance to a goal), so the first
//! solution found is optimal for the space's move set. Turns of one axis commute: they are
//! searched in increasing layer order only, and the same slice is never turned twice in a row.
//!
//! The reduction method searches block turns with its own IDA* (`methods::reduction::search`,
//! tuned for its phases); this one serves the five stages.

use crate::cube::Move;
use std::cell::Cell;

/// A search space: positions as tuples of coordinate ids, moved by indexed moves.
pub(crate) trait Space {
    /// The moves, in the order their indices refer to.
    fn moves(&self) -> &[Move];
    /// `to` = the position `from` after move `k`.
    fn step(&self, from: &[u32], k: usize, to: &mut [u32]);
    /// An admissible lower bound on the distance of `ids` to a goal.
    fn bound(&self, ids: &[u32]) -> usize;
    fn is_goal(&self, ids: &[u32]) -> bool;
}

/// Positions visited so far (the unit of every work budget of the five-stage method).
#[derive(Default, Debug)]
pub struct Meter(Cell<u64>);

impl Meter {
    /// Units spent so far.
    pub fn spent(&self) -> u64 {
        self.0.get()
    }
    fn visit(&self) {
        self.0.set(self.0.get() + 1);
    }
}

/// An optimal solution of `ids` no longer than `max_depth`, or `None`.
pub(crate) fn solve<S: Space>(
    s: &S,
    ids: &[u32],
    max_depth: usize,
    meter: &Meter,
) -> Option<Vec<Move>> {
    let mut path = Vec::new();
    let mut state = ids.to_vec();
    for bound in s.bound(&state)..=max_depth {
        if dfs(s, &mut state, bound, None, &mut path, meter) {
            return Some(path.iter().map(|&k| s.moves()[k]).collect());
        }
    }
    None
}

/// Up to `limit` solutions of lengths optimal..=optimal+`extra` (none passing through a goal
/// before its end), shortest first.
pub(crate) fn solve_many<S: Space>(
    s: &S,
    ids: &[u32],
    max_depth: usize,
    extra: usize,
    limit: usize,
    meter: &Meter,
) -> Vec<Vec<Move>> {
    let Some(best) = solve(s, ids, max_depth, meter) else {
        return Vec::new();
    };
    let mut out = vec![best.clone()];
    for len in best.len()..=best.len() + extra {
        if out.len() >= limit {
            break;
        }
        let mut walk = Collect {
            state: ids.to_vec(),
            path: Vec::new(),
            found: Vec::new(),
            limit: limit - out.len() + 1,
            meter,
        };
        walk.run(s, len, None);
        for f in walk.found {
            let ms: Vec<Move> = f.iter().map(|&k| s.moves()[k]).collect();
            if !out.contains(&ms) && out.len() < limit {
                out.push(ms);
            }
        }
    }
    out
}

/// Move `m` may follow `last` in the canonical order of commuting turns.
#[inline]
fn may_follow(last: Option<Move>, m: Move) -> bool {
    last.is_none_or(|p| p.axis() != m.axis() || p.layer() < m.layer())
}

fn dfs<S: Space>(
    s: &S,
    state: &mut [u32],
    left: usize,
    last: Option<Move>,
    path: &mut Vec<usize>,
    meter: &Meter,
) -> bool {
    meter.visit();
    let h = s.bound(state);
    if h > left {
        return false;
    }
    if h == 0 && s.is_goal(state) {
        return true;
    }
    if left == 0 {
        return false;
    }
    let saved = state.to_vec();
    for (k, &m) in s.moves().iter().enumerate() {
        if !may_follow(last, m) {
            continue;
        }
        s.step(&saved, k, state);
        path.push(k);
        if dfs(s, state, left - 1, Some(m), path, meter) {
            return true;
        }
        path.pop();
    }
    state.copy_from_slice(&saved);
    false
}

/// Every solution of one exact length, up to a limit.
struct Collect<'a> {
    state: Vec<u32>,
    path: Vec<usize>,
    found: Vec<Vec<usize>>,
    limit: usize,
    meter: &'a Meter,
}

impl Collect<'_> {
    fn run<S: Space>(&mut self, s: &S, left: usize, last: Option<Move>) {
        if self.found.len() >= self.limit {
            return;
        }
        self.meter.visit();
        let h = s.bound(&self.state);
        if h > left {
            return;
        }
        if h == 0 && s.is_goal(&self.state) {
            if left == 0 {
                self.found.push(self.path.clone());
            }
            return;
        }
        if left == 0 {
            return;
        }
        let saved = self.state.clone();
        for (k, &m) in s.moves().iter().enumerate() {
            if !may_follow(last, m) {
                continue;
            }
            s.step(&saved, k, &mut self.state);
            self.path.push(k);
            self.run(s, left - 1, Some(m));
            self.path.pop();
            if self.found.len() >= self.limit {
                break;
            }
        }
        self.state.copy_from_slice(&saved);
    }
}
