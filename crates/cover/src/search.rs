//! The sequential depth-first search over one board width.
//!
//! Every node keeps, per group still to place, the list of its rows that still fit (Knuth's
//! "filtered candidates", as in bitboard packing solvers): placing a row filters the parent's
//! lists with one AND per row, written branch-free onto a stack of lists. The same pass
//! counts, per cell, how many fitting rows cover it — saturating bit-sliced counters, a few
//! word operations per row — so the choice of the branching column needs no rescan of the
//! board: a cell covered by no row (dead end), by one row (forced move) or by the fewest rows
//! is read off the counters. A group whose list becomes empty while units of it remain is a
//! dead end found during filtering, before the child is even entered.

use crate::bits::Bits;
use crate::candidates::Candidates;
use crate::counter::Counter;
use crate::filter::{filter_level, Simd, LEVEL_SLACK};
use crate::problem::Branching;
use crate::region::Region;
use crate::span::Span;
use crate::stats::Stats;
use crate::Visitor;

mod compile;
mod root;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

/// One node on the search stack: its spans (`spans[first_span..]` up to the next level's) and
/// how many of its fitting rows cover each cell.
#[derive(Clone, Copy)]
pub(crate) struct Level<const W: usize> {
    first_span: u32,
    end_span: u32,
    start: u32,
    end: u32,
    cover: Counter<W>,
}

/// A problem compiled for board width `W`.
pub(crate) struct Compiled<const W: usize> {
    full: Bits<W>,
    /// The columns that must be covered (`full` minus the secondary columns).
    primary: Bits<W>,
    /// Whether there are secondary columns: then a node whose primary columns are all covered
    /// is completed by `finish` (rows in secondary cells only) instead of being one cover.
    has_secondary: bool,
    /// Units of each group a cover may leave unused (`Problem::group_slack`): a group still
    /// needs a row while `remaining > slack`.
    slack: Vec<u32>,
    init_filled: Bits<W>,
    row_mask: Vec<Bits<W>>,
    row_group: Vec<u32>,
    /// The rows that fit the empty board, by group (input order within a group).
    root_masks: Vec<Bits<W>>,
    root_rows: Vec<u32>,
    root_spans: Vec<Span>,
    /// How many of the root rows cover each cell (the same for every task: counted once).
    root_cover: Counter<W>,
    branching: Branching,
    group_caps: Vec<u32>,
    region: Option<Region<W>>,
    columns: usize,
    /// The filtering loop: with AVX-512 or AVX2 on boards of one word when the processor has it.
    simd: Simd,
    /// The most rows a search path places (`Problem::search_depth`): the states' stacks are
    /// reserved to it before the search starts.
    depth: usize,
}

/// The mutable search state of one worker.
pub(crate) struct State<'a, const W: usize> {
    pub filled: Bits<W>,
    pub remaining: Vec<u32>,
    pub stack: Vec<u32>,
    pub stats: Stats,
    stop: &'a [&'a AtomicBool],
    stopped: bool,
    /// Nodes this state may visit before it gives up (see `SearchOptions::node_budget`).
    budget: u64,
    /// Branch positions to resume at, outermost last (see `resume_at`).
    resume: Vec<u32>,
    /// Where a budget cut happened: the branch position at each depth, innermost first.
    pub cut_path: Vec<u32>,
    reach: Vec<u64>,
    /// The cells the remaining units would cover (`Region::volume`), and how many of them
    /// have each size (`Region::by_size`); only kept with a region.
    volume: u64,
    by_size: Vec<u32>,
    /// The fitting rows of every node on the stack, level after level (masks apart from row
    /// ids: filtering reads only the masks).
    masks: Vec<Bits<W>>,
    rows: Vec<u32>,
    spans: Vec<Span>,
    levels: Vec<Level<W>>,
    /// Scratch for exact per-cell counts.
    counts: Vec<u32>,
}

impl<'a, const W: usize> State<'a, W> {
    fn should_stop(&mut self) -> bool {
        if self.stats.nodes > self.budget {
            self.stats.budget_cuts = 1;
            return true;
        }
        if !self.stopped && self.stats.nodes & 1023 == 0 {
            self.stopped = self.stop.iter().any(|s| s.load(Ordering::Relaxed));
        }
        self.stopped
    }
    /// Whether the search was stopped from outside before it finished.
    pub fn was_stopped(&self) -> bool {
        self.stopped
    }
    /// Limits the nodes this state will visit.
    pub fn set_budget(&mut self, nodes: u64) {
        self.budget = nodes;
    }
    /// Makes the next `dfs` continue where an earlier one was cut by its budget (`path` is
    /// that state's `cut_path`): each depth starts at the branch it was exploring, so the
    /// nodes after the cut are visited, in the same order, and none before it.
    pub fn resume_at(&mut self, path: Vec<u32>) {
        self.resume = path;
    }
    fn top(&self) -> &Level<W> {
        self.levels.last().expect("the root level is never popped")
    }
}

/// The stop flags of work nothing can stop from outside.
pub(crate) static NO_STOP: &[&AtomicBool] = &[&NEVER];
static NEVER: AtomicBool = AtomicBool::new(false);

/// What the column choice found.
pub(crate) enum Choice {
    /// Every column is covered.
    Complete,
    /// Some column (or region) cannot be covered.
    Dead,
    /// Branch on the rows covering this column.
    Column(usize),
    /// Branch on the rows of this group (which has exactly one unit left and must use it).
    Group(usize),
    /// Every primary column is covered, but there are secondary columns: the covers below are
    /// this node completed by disjoint rows in secondary cells only (see `finish`).
    Finish,
}

impl<const W: usize> Compiled<W> {
    /// The same problem searched with `simd` instead (e.g. plain, as on a processor without
    /// AVX2), so that tests run every path this processor has.
    #[cfg(test)]
    pub(crate) fn with_simd(mut self, simd: Simd) -> Self {
        self.simd = simd;
        self
    }

    /// A fresh state after placing `prefix` (tests: a refusal of its memory panics there);
    /// `None` if the prefix overlaps or leads to a node already known to be dead. The walks
    /// of the tree reuse states instead (`tree::Walker`), made fallibly.
    #[cfg(test)]
    pub(crate) fn unstoppable_state(&self, prefix: &[u32]) -> Option<State<'static, W>> {
        let mut st = self.root_state(NO_STOP).expect("memory for a test's state");
        self.restart(&mut st, prefix).then_some(st)
    }

    /// Brings `st` (made by `root_state`) back to the root, as a fresh state, and places `prefix`:
    /// false if it overlaps or leads to a node known to be dead. Keeps the root's lists (never
    /// written) and the rows `prefix` shares with those placed (a state depends only on them).
    pub fn restart(&self, st: &mut State<'_, W>, prefix: &[u32]) -> bool {
        let pairs = st.stack.iter().zip(prefix);
        let shared = pairs.take_while(|p| p.0 == p.1).count();
        self.unwind_to(st, shared);
        st.stats = Stats::default();
        st.stopped = false;
        st.budget = u64::MAX;
        st.resume.clear();
        st.cut_path.clear();
        prefix[shared..]
            .iter()
            .all(|&r| (r as usize) < self.row_mask.len() && self.place_row(st, r))
    }

    /// Places row `row` (mask `m`, group `g`): pushes the child level with the rows of the
    /// current level that still fit. Returns false (and places nothing) when the child is a
    /// dead end: a group that must still be used has no fitting row left, or a primary column
    /// no fitting row covers.
    #[inline(always)]
    pub(crate) fn place(&self, st: &mut State<'_, W>, m: &Bits<W>, g: usize, row: u32) -> bool {
        st.remaining[g] -= 1;
        if let Some(region) = &self.region {
            st.volume -= region.size(g);
            st.by_size[region.class(g)] -= 1;
            let empty = self.full.andnot(&st.filled.or(m));
            if !empty.is_zero()
                && !region.fillable_after(&empty, m, &st.by_size, st.volume, &mut st.reach)
            {
                st.stats.region_prunes += 1;
                self.unclaim(st, g);
                return false;
            }
        }
        let parent = *st.top();
        let top = parent.end as usize;
        // The child holds at most the parent's rows: make room once, then write branch-free.
        // Only what is needed is written (the capacity `root_state` reserved for the deepest
        // path stays unwritten, so not resident): the stack of a long search is most of its
        // memory (`memory::SearchMemory`). `LEVEL_SLACK` more for the AVX2 loop, which reads
        // and writes whole steps of four rows. Within the reservation: never reallocates.
        let need = top + (parent.end - parent.start) as usize + LEVEL_SLACK;
        debug_assert!(need <= st.masks.capacity(), "{need} masks");
        if st.masks.len() < need {
            st.masks.resize(need, Bits::zero());
            st.rows.resize(need, 0);
        }
        let first_span = st.spans.len();
        let spans = parent.first_span as usize..parent.end_span as usize;
        // Only the group just placed can have been used up (the others' spans are only in the
        // parent while units of them remain): its rows are dropped unread.
        let used_up = if st.remaining[g] == 0 {
            g as u32
        } else {
            u32::MAX
        };
        let (remaining, slack) = (&st.remaining, &self.slack);
        // A span left empty is a dead end when its group must still be used.
        let needed = |grp: u32| remaining[grp as usize] > slack[grp as usize];
        // First pass: filter, and note only which cells are still covered at all (most dead
        // children die by a cell nobody covers; they pay for nothing more).
        // With AVX2 the same pass counts, per cell, how many of the kept rows cover it; the
        // plain filter only notes the cells still covered, and counts after the check below.
        let filtered = match self.simd {
            Simd::Avx512(k) => k
                .filter_level(
                    &mut st.masks,
                    &mut st.rows,
                    &mut st.spans,
                    spans,
                    top,
                    m.0[0],
                    used_up,
                    needed,
                )
                .map(|(out, cover)| (out, cover.covered(), Some(cover))),
            Simd::Avx2(k) => k
                .filter_level(
                    &mut st.masks,
                    &mut st.rows,
                    &mut st.spans,
                    spans,
                    top,
                    m.0[0],
                    used_up,
                    needed,
                )
                .map(|(out, cover)| (out, cover.covered(), Some(cover))),
            Simd::Plain => filter_level(
                &mut st.masks,
                &mut st.rows,
                &mut st.spans,
                spans,
                top,
                m,
                used_up,
                needed,
            )
            .map(|(out, covered)| (out, covered, None)),
        };
        let Some((out, covered, cover)) = filtered else {
            st.stats.dead_columns += 1;
            st.spans.truncate(first_span);
            self.unclaim(st, g);
            return false;
        };
        let filled = st.filled.or(m);
        if !self.primary.andnot(&filled).andnot(&covered).is_zero() {
            st.stats.dead_columns += 1;
            st.spans.truncate(first_span);
            self.unclaim(st, g);
            return false;
        }
        let cover = cover.unwrap_or_else(|| Counter::of(&st.masks[top..out]));
        st.filled = filled;
        st.stack.push(row);
        st.levels.push(Level {
            first_span: first_span as u32,
            end_span: st.spans.len() as u32,
            start: top as u32,
            end: out as u32,
            cover,
        });
        true
    }

    /// Places engine row `row` on `st` (see `place`): false when it overlaps, its group is used
    /// up, or the child is a dead end.
    pub(crate) fn place_row(&self, st: &mut State<'_, W>, row: u32) -> bool {
        let m = self.row_mask[row as usize];
        let g = self.row_group[row as usize] as usize;
        !m.intersects(&st.filled) && st.remaining[g] > 0 && self.place(st, &m, g, row)
    }

    /// Undoes placements until `depth` rows are placed.
    pub(crate) fn unwind_to(&self, st: &mut State<'_, W>, depth: usize) {
        while st.stack.len() > depth {
            let r = *st.stack.last().expect("deeper than depth") as usize;
            self.unplace(st, &self.row_mask[r], self.row_group[r] as usize);
        }
    }

    /// Undoes the last `place`.
    #[inline(always)]
    fn unplace(&self, st: &mut State<'_, W>, m: &Bits<W>, g: usize) {
        let l = st.levels.pop().expect("a placed level");
        st.spans.truncate(l.first_span as usize);
        st.stack.pop();
        st.filled = st.filled.andnot(m);
        self.unclaim(st, g);
    }

    /// Gives a unit of group `g` back (undoes `place`'s first step).
    #[inline(always)]
    fn unclaim(&self, st: &mut State<'_, W>, g: usize) {
        st.remaining[g] += 1;
        if let Some(region) = &self.region {
            st.volume += region.size(g);
            st.by_size[region.class(g)] += 1;
        }
    }

    /// Chooses the column to branch on.
    #[inline(always)]
    pub fn choose(&self, st: &mut State<'_, W>) -> Choice {
        let empty = self.primary.andnot(&st.filled);
        if empty.is_zero() {
            if self.has_secondary {
                return Choice::Finish;
            }
            if st.remaining.iter().zip(&self.slack).any(|(&r, &s)| r > s) {
                return Choice::Dead;
            }
            return Choice::Complete;
        }
        let level = *st.top();
        let needed = |sp: &Span| st.remaining[sp.group as usize] > self.slack[sp.group as usize];
        // The fewest rows covering an empty cell (when not too many to count), and those cells.
        let (mut best, mut best_cells) = level
            .cover
            .min_in(&empty)
            .unwrap_or((u32::MAX, Bits::zero()));
        if best == 0 {
            st.stats.dead_columns += 1;
            return Choice::Dead;
        }
        if let (Some(region), true) = (&self.region, st.stack.is_empty()) {
            if !region.fillable(&empty, &st.by_size, st.volume, &mut st.reach) {
                st.stats.region_prunes += 1;
                return Choice::Dead;
            }
        }
        if self.branching == Branching::FirstEmpty {
            return Choice::Column(empty.first().expect("not empty"));
        }
        // Groups are columns too (as in DLX): a piece with fewer places than any cell has
        // candidates is the better branch. Only a group with one unit left that must be used
        // may be branched on: with two identical units left, either could be placed first and
        // each cover would be found twice; with a unit that may stay unused, the covers that
        // leave it unused would be lost. (A group with no place left never reaches here: see
        // `place`.)
        let spans = &st.spans[level.first_span as usize..level.end_span as usize];
        if st.levels.len() == 1 && spans.iter().any(|sp| sp.start == sp.end && needed(sp)) {
            // Only at the root: `place` never makes a child with a needed group left empty.
            st.stats.dead_columns += 1;
            return Choice::Dead;
        }
        // The first span with the fewest rows among the groups that may be branched on, as the
        // minimum of (rows, position) without a branch per span (whether a span beats the
        // best so far is a coin toss, and a mispredicted one costs more than the comparison).
        let eligible = |sp: &Span| st.remaining[sp.group as usize] == 1 && needed(sp);
        let key = spans.iter().enumerate().fold(u64::MAX, |best, (i, sp)| {
            let key = (((sp.end - sp.start) as u64) << 32) | i as u64;
            best.min(if eligible(sp) { key } else { u64::MAX })
        });
        let (best_group, best_group_n) = match key {
            u64::MAX => (usize::MAX, u32::MAX),
            k => (spans[k as u32 as usize].group as usize, (k >> 32) as u32),
        };
        if best_cells.is_zero() && best_group_n > Counter::<W>::MAX {
            // Every cell has more rows than the counter holds, and so has the group: count the
            // cells exactly before comparing. (Any group used to win here, however many rows
            // it had: pentominoes 6x10 branched on a piece with 37 rows where a cell had 27,
            // 23% more nodes than with this test.)
            (best, best_cells) = self.exact_min_cells(st, &empty);
        }
        if best_group_n < best {
            return Choice::Group(best_group);
        }
        // Among equally constrained cells, prefer one next to the piece placed last: its
        // subtree tends to fail fast, and a first solution is found sooner.
        let near = match (&self.region, st.stack.last()) {
            (Some(rg), Some(&r)) => rg.grow(&self.row_mask[r as usize]).and(&best_cells),
            _ => Bits::zero(),
        };
        let pick = if near.is_zero() { best_cells } else { near };
        Choice::Column(pick.first().expect("not empty"))
    }

    /// The smallest number of fitting rows covering an empty cell, and the cells with it.
    fn exact_min_cells(&self, st: &mut State<'_, W>, empty: &Bits<W>) -> (u32, Bits<W>) {
        let level = *st.top();
        for c in empty.iter() {
            st.counts[c] = 0;
        }
        for m in &st.masks[level.start as usize..level.end as usize] {
            for c in m.iter() {
                st.counts[c] += 1;
            }
        }
        let mut best = u32::MAX;
        let mut cells = Bits::zero();
        for c in empty.iter() {
            let n = st.counts[c];
            if n < best {
                best = n;
                cells = Bits::zero();
            }
            if n == best {
                cells.set(c);
            }
        }
        (best, cells)
    }

    /// The range (on the stack of lists) and the column filter (if any) of the rows to branch on.
    fn candidates(&self, st: &State<'_, W>, choice: &Choice) -> (usize, usize, Option<usize>) {
        let level = st.top();
        match *choice {
            Choice::Column(c) => (level.start as usize, level.end as usize, Some(c)),
            Choice::Group(g) => {
                let sp = st.spans[level.first_span as usize..level.end_span as usize]
                    .iter()
                    .find(|sp| sp.group as usize == g)
                    .expect("a group with units left has a span");
                (sp.start as usize, sp.end as usize, None)
            }
            Choice::Complete | Choice::Dead | Choice::Finish => (0, 0, None),
        }
    }

    /// The rows the search would branch on for `choice`, in branching order.
    pub fn branch_rows(&self, st: &State<'_, W>, choice: &Choice, out: &mut Vec<u32>) {
        out.clear();
        let (a, b, col) = self.candidates(st, choice);
        for i in a..b {
            if col.is_none_or(|c| st.masks[i].get(c)) {
                out.push(st.rows[i]);
            }
        }
    }

    /// The covers below a node whose primary columns are all covered: every set of disjoint
    /// fitting rows (each of them in secondary cells only) that brings every group to its
    /// minimum, without exceeding a capacity. Each set is enumerated once, in increasing
    /// position on the node's list (`from` onwards, `occupied` cells excluded). Not split
    /// into tasks nor cut by a node budget: it is a leaf of the search tree.
    fn finish<V: Visitor>(
        &self,
        st: &mut State<'_, W>,
        v: &mut V,
        from: usize,
        occupied: Bits<W>,
    ) -> ControlFlow<()> {
        if st.remaining.iter().zip(&self.slack).all(|(&r, &s)| r <= s) {
            st.stats.solutions += 1;
            v.solution(&st.stack)?;
        }
        let end = st.top().end as usize;
        for i in from..end {
            let m = st.masks[i];
            let row = st.rows[i];
            let g = self.row_group[row as usize] as usize;
            if m.intersects(&occupied) || st.remaining[g] == 0 {
                continue;
            }
            st.stats.tried += 1;
            st.remaining[g] -= 1;
            st.stack.push(row);
            let flow = self.finish(st, v, i + 1, occupied.or(&m));
            st.stack.pop();
            st.remaining[g] += 1;
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// Depth-first search below the current state.
    ///
    /// Recursive, one frame per row placed (`finish` too): its depth is at most
    /// `Problem::search_depth`, which is at most [`crate::MAX_COLUMNS`] (rows are disjoint and
    /// not empty), a constant, not the input's size; wider problems are refused by `validate`
    /// with a message. The threads that run it have a stack sized for that depth at the widest
    /// board (`schedule::WORKER_STACK`, the front ends' `JOB_STACK`): a line of 4,096 unit
    /// cubes is tested from a 256 KiB caller (`pack/tests/long_lines.rs`) and through the
    /// command line (`cli/tests/trust_limits.rs`).
    pub fn dfs<V: Visitor>(&self, st: &mut State<'_, W>, v: &mut V) -> ControlFlow<()> {
        #[cfg(target_arch = "x86_64")]
        match self.simd {
            // SAFETY: `self.simd` holds an `Avx512` only when the processor has the
            // instructions `dfs_avx512` is compiled for (`Avx512::detect`), the one requirement
            // of calling it.
            Simd::Avx512(_) => return unsafe { self.dfs_avx512(st, v) },
            // SAFETY: as above, `Avx2::detect` for `dfs_avx2`.
            Simd::Avx2(_) => return unsafe { self.dfs_avx2(st, v) },
            Simd::Plain => {}
        }
        self.dfs_plain(st, v)
    }

    /// [`Compiled::dfs`] for any processor.
    fn dfs_plain<V: Visitor>(&self, st: &mut State<'_, W>, v: &mut V) -> ControlFlow<()> {
        self.dfs_body(st, v, Self::dfs_plain)
    }

    /// [`Compiled::dfs`] with the whole search (filtering, counters, region test, column
    /// choice) compiled for AVX2 and the bit instructions of the same processors: the
    /// filtering of `filter/avx2.rs` needs no call from scalar code, and `count`, `first`
    /// are single instructions (`popcnt`, `tzcnt`) instead of bit tricks.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt,bmi1,bmi2,lzcnt")]
    fn dfs_avx2<V: Visitor>(&self, st: &mut State<'_, W>, v: &mut V) -> ControlFlow<()> {
        self.dfs_body(st, v, |c, st, v| c.dfs_avx2(st, v))
    }

    /// [`Compiled::dfs_avx2`] for processors with AVX-512 as well: the filtering takes eight
    /// rows a step (`filter/avx512.rs`).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512dq,avx2,popcnt,bmi1,bmi2,lzcnt")]
    fn dfs_avx512<V: Visitor>(&self, st: &mut State<'_, W>, v: &mut V) -> ControlFlow<()> {
        self.dfs_body(st, v, |c, st, v| c.dfs_avx512(st, v))
    }

    /// The search at one node; `recurse` searches a child (the same compiled form again).
    #[inline(always)]
    fn dfs_body<V: Visitor>(
        &self,
        st: &mut State<'_, W>,
        v: &mut V,
        recurse: impl Fn(&Self, &mut State<'_, W>, &mut V) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        st.stats.nodes += 1;
        if st.should_stop() {
            return ControlFlow::Break(());
        }
        let choice = self.choose(st);
        match choice {
            Choice::Complete => {
                st.stats.solutions += 1;
                return v.solution(&st.stack);
            }
            Choice::Dead => return ControlFlow::Continue(()),
            Choice::Finish => {
                let (from, filled) = (st.top().start as usize, st.filled);
                return self.finish(st, v, from, filled);
            }
            Choice::Column(_) | Choice::Group(_) => {}
        }
        let (a, b, col) = self.candidates(st, &choice);
        // Branch positions are relative to the candidate range, so a resumed task finds the
        // same row at the same position.
        let from = a + st.resume.pop().map_or(0, |p| p as usize);
        let mut candidates = Candidates::new(col, from, b);
        while let Some(i) = candidates.next(&st.masks, self.simd) {
            let m = st.masks[i];
            st.stats.tried += 1;
            let row = st.rows[i];
            let g = self.row_group[row as usize] as usize;
            if !self.place(st, &m, g, row) {
                // A child found dead while filtering still counts as a visited node.
                st.stats.nodes += 1;
                continue;
            }
            st.stats.fitted += 1;
            let flow = recurse(self, st, v);
            self.unplace(st, &m, g);
            if flow.is_break() {
                if st.stats.budget_cuts != 0 {
                    st.cut_path.push((i - a) as u32);
                }
                return flow;
            }
        }
        ControlFlow::Continue(())
    }
}
