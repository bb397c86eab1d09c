//! Iterative-deepening A*, the one tree search of the crate: the reduction's phases and the
//! five stages (through [`crate::methods::five_stage::search`]) both use it.
//!
//! A [`Phase`] says which turns it uses, how a (typed) state moves, a lower bound on its
//! distance to the goal and what a goal is; the search lists solutions in order of length (each
//! length completely before the next), turns on one axis in one canonical order
//! ([`Canonical::may_follow`]), to a callback that may stop it. Its work is counted in expanded
//! positions on a budget shared with the callback, so budgets stop at the same place on every
//! machine and in every run (never a clock). Successors' bounds are read together
//! ([`Phase::keep_within`]) so that a phase whose tables miss the caches overlaps the reads.
//!
//! The bound must be admissible (a lower bound on the distance to a goal), so the first
//! solution listed is optimal for the phase's turns.

use std::cell::Cell;

/// What the search needs of a phase's move (the block [`Turn`] in the reduction, the cube's
/// single-slice [`Move`] in the five stages): the canonical order of moves on one axis.
///
/// [`Turn`]: crate::methods::reduction::moves::Turn
/// [`Move`]: crate::cube::Move
pub(crate) trait Canonical: Copy {
    /// True when `next` may follow `self` in a canonical sequence: turns of one axis commute,
    /// so they are searched in one order only (each product generated once).
    fn may_follow(self, next: Self) -> bool;
}

/// One phase (or stage) of a method, seen by the search.
pub(crate) trait Phase {
    type State: Copy;
    type Turn: Canonical;
    fn turns(&self) -> &[Self::Turn];
    fn step(&self, s: &Self::State, t: Self::Turn) -> Self::State;
    /// A lower bound on the number of turns to a goal (`u8::MAX`: no goal reachable).
    fn bound(&self, s: &Self::State) -> u8;
    fn is_goal(&self, s: &Self::State) -> bool;
    /// True when the bound of `s` is at most `limit` (phases with several tables stop
    /// looking them up as soon as one exceeds it).
    fn within(&self, s: &Self::State, limit: usize) -> bool {
        (self.bound(s) as usize) <= limit
    }
    /// Keeps of `kids` (successors of one position) those whose bound is at most `limit`, in
    /// order. Phases whose tables miss the nearest caches override it to read the kids' entries
    /// of a table together: independent reads overlap, where testing each kid in turn waits
    /// for each read.
    #[inline]
    fn keep_within(&self, kids: &mut Kids<Self::Turn, Self::State>, limit: usize) {
        keep_if(kids, |_, s| self.within(s, limit));
    }
}

/// Most successors of one position: the 36 block turns of the 4x4x4, of which every phase's
/// and stage's turns are a subset ([`solutions_between`] checks it).
pub(crate) const MAX_KIDS: usize = 36;

/// The successors of one position (turn and state, in the order of the phase's turns), in a
/// fixed array: the search fills and compacts it in place with its length in a register,
/// where a `Vec` checked its capacity and stored its length at every push (a fifth of the
/// time in earlier profiles). Read and changed as a slice.
pub(crate) struct Kids<T, S> {
    len: usize,
    items: [(T, S); MAX_KIDS],
}

impl<T: Copy, S: Copy> Kids<T, S> {
    /// An empty list (`fill`: any value, never read).
    fn new(fill: (T, S)) -> Kids<T, S> {
        Kids {
            len: 0,
            items: [fill; MAX_KIDS],
        }
    }
}

impl<T, S> std::ops::Deref for Kids<T, S> {
    type Target = [(T, S)];
    #[inline]
    fn deref(&self) -> &[(T, S)] {
        &self.items[..self.len]
    }
}

impl<T, S> std::ops::DerefMut for Kids<T, S> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [(T, S)] {
        &mut self.items[..self.len]
    }
}

/// Keeps the `kids` whose entry of one table (`entry`: a kid's table entry, read for all of
/// them before any is tested) is at most `limit`, in order.
#[inline]
pub(crate) fn keep_entries_within<T: Copy, S: Copy>(
    kids: &mut Kids<T, S>,
    limit: usize,
    entry: impl Fn(&S) -> u8,
) {
    let mut b = [0u8; MAX_KIDS];
    for ((_, s), x) in kids.iter().zip(b.iter_mut()) {
        *x = entry(s);
    }
    keep_if(kids, |k, _| b[k] as usize <= limit);
}

/// Keeps the `kids` for which `keep` (given a kid's place and state) is true, in order,
/// compacted in place (the kids are plain values).
#[inline]
pub(crate) fn keep_if<T: Copy, S: Copy>(
    kids: &mut Kids<T, S>,
    mut keep: impl FnMut(usize, &S) -> bool,
) {
    let mut kept = 0;
    for k in 0..kids.len.min(MAX_KIDS) {
        let kid = kids.items[k];
        if keep(k, &kid.1) {
            kids.items[kept] = kid;
            kept += 1;
        }
    }
    kids.len = kept;
}

/// What the caller does with each solution found: `true` stops the search.
pub(crate) type Visit<'a, T> = &'a mut dyn FnMut(&[T]) -> bool;

/// Lists solutions of `start` from length 0 up to `max_len` (each length completely before the
/// next), calling `visit` on each; stops when `visit` says so or `nodes` (a budget of expanded
/// positions, shared so that `visit` may read what is left) runs out. Returns true when
/// stopped by `visit`.
pub(crate) fn solutions<P: Phase>(
    p: &P,
    start: P::State,
    max_len: usize,
    nodes: &Cell<u64>,
    visit: Visit<'_, P::Turn>,
) -> bool {
    solutions_between(p, start, 0, max_len, nodes, visit)
}

/// Like [`solutions`], lengths `min_len..=max_len` only.
pub(crate) fn solutions_between<P: Phase>(
    p: &P,
    start: P::State,
    min_len: usize,
    max_len: usize,
    nodes: &Cell<u64>,
    visit: Visit<'_, P::Turn>,
) -> bool {
    let b = p.bound(&start);
    let Some(&first) = p.turns().first() else {
        return false;
    };
    if b == u8::MAX {
        return false;
    }
    assert!(p.turns().len() <= MAX_KIDS, "more turns than a 4x4x4 has");
    let mut path = vec![first; max_len];
    // One list of successors per depth, reused by every position at that depth.
    let mut kids: Vec<Kids<P::Turn, P::State>> =
        (0..max_len).map(|_| Kids::new((first, start))).collect();
    for depth in (b as usize).max(min_len)..=max_len {
        if dfs(
            p,
            start,
            None,
            &mut path[..depth],
            0,
            &mut kids,
            nodes,
            visit,
        ) {
            return true;
        }
        if nodes.get() == 0 {
            return false;
        }
    }
    false
}

/// Searches on from `s`, reached by the turns `path[..at]` (`last`: the last of them), for
/// goals `path.len()` turns from the start. `kids`: a successor list for each depth from
/// this one on (see [`solutions_between`]).
#[allow(clippy::too_many_arguments)]
fn dfs<P: Phase>(
    p: &P,
    s: P::State,
    last: Option<P::Turn>,
    path: &mut [P::Turn],
    at: usize,
    kids: &mut [Kids<P::Turn, P::State>],
    nodes: &Cell<u64>,
    visit: Visit<'_, P::Turn>,
) -> bool {
    if at >= path.len() {
        return p.is_goal(&s) && visit(path);
    }
    let left_nodes = nodes.get();
    if left_nodes == 0 {
        return false;
    }
    nodes.set(left_nodes - 1);
    let (here, below) = kids.split_first_mut().expect("a list per depth");
    let mut n = 0;
    for &t in p.turns() {
        if last.is_none_or(|l| l.may_follow(t)) {
            here.items[n] = (t, p.step(&s, t));
            n += 1;
        }
    }
    here.len = n;
    // Also rejects states with no goal (bound u8::MAX).
    p.keep_within(here, path.len() - at - 1);
    for &(t, n) in here.iter() {
        path[at] = t;
        if dfs(p, n, Some(t), path, at + 1, below, nodes, visit) {
            return true;
        }
    }
    false
}

/// Positions visited so far by the five stages' searches (the unit of that method's work
/// budget; see [`crate::methods::five_stage::search`] for how it is counted).
#[derive(Default, Debug)]
pub(crate) struct Meter(Cell<u64>);

impl Meter {
    /// Units spent so far.
    pub(crate) fn spent(&self) -> u64 {
        self.0.get()
    }
    pub(crate) fn add(&self, units: u64) {
        self.0.set(self.0.get() + units);
    }
}
