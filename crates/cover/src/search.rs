//! The sequential depth-first search over one board width.
//!
//! State is kept in flat arrays (masks copied per column for cache locality), the branching
//! column is the empty column with the fewest fitting rows (counted with an early cut-off at the
//! best count so far), and empty regions that the remaining groups cannot fill are pruned.

use crate::bits::Bits;
use crate::problem::{Branching, Problem};
use crate::stats::Stats;
use crate::Visitor;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

/// A problem compiled for board width `W`.
pub(crate) struct Compiled<const W: usize> {
    full: Bits<W>,
    init_filled: Bits<W>,
    row_mask: Vec<Bits<W>>,
    row_group: Vec<u32>,
    /// The rows covering each column (for the most-constrained choice).
    by_col: Lists<W>,
    /// The rows whose first column is each column (for the first-empty choice: when every
    /// earlier column is filled, only these can cover it).
    by_first: Lists<W>,
    branching: Branching,
    group_caps: Vec<u32>,
    /// Rows of each group: `group_masks[group_range[g].0..group_range[g].1]`, with ids.
    group_range: Vec<(u32, u32)>,
    group_masks: Vec<Bits<W>>,
    group_rows: Vec<u32>,
    region: Option<Region<Bits<W>>>,
    exact_groups: bool,
}

/// Rows listed per column, grouped by group: the segments of column `c` are
/// `seg_*[col_seg[c]..col_seg[c + 1]]`, each a range of `masks`/`rows`.
struct Lists<const W: usize> {
    col_seg: Vec<u32>,
    seg_group: Vec<u32>,
    seg_range: Vec<(u32, u32)>,
    masks: Vec<Bits<W>>,
    rows: Vec<u32>,
}

impl<const W: usize> Lists<W> {
    /// `per_col[c]` lists row ids; they are sorted by group (stably, so the branching order
    /// within a group is the input order).
    fn new(mut per_col: Vec<Vec<u32>>, row_group: &[u32], row_mask: &[Bits<W>]) -> Self {
        let mut l = Lists {
            col_seg: vec![0],
            seg_group: Vec::new(),
            seg_range: Vec::new(),
            masks: Vec::new(),
            rows: Vec::new(),
        };
        for rows in &mut per_col {
            rows.sort_by_key(|&r| row_group[r as usize]);
            let mut i = 0;
            while i < rows.len() {
                let g = row_group[rows[i] as usize];
                let start = l.rows.len() as u32;
                while i < rows.len() && row_group[rows[i] as usize] == g {
                    l.rows.push(rows[i]);
                    l.masks.push(row_mask[rows[i] as usize]);
                    i += 1;
                }
                l.seg_group.push(g);
                l.seg_range.push((start, l.rows.len() as u32));
            }
            l.col_seg.push(l.seg_group.len() as u32);
        }
        l
    }

    #[inline]
    fn segs(&self, c: usize) -> std::ops::Range<usize> {
        self.col_seg[c] as usize..self.col_seg[c + 1] as usize
    }
}

/// The problem with its columns renumbered so that a grid is scanned with its shortest axis
/// varying fastest. Rows keep their indices, so covers need no translating back.
fn renumbered(p: &Problem) -> Problem {
    let Some(dims) = p.grid else {
        return p.clone();
    };
    let mut axes = [0usize, 1, 2];
    axes.sort_by_key(|&a| dims[a]);
    let nd = [dims[axes[0]], dims[axes[1]], dims[axes[2]]];
    let perm: Vec<usize> = (0..p.columns)
        .map(|c| {
            let v = [
                c % dims[0],
                (c / dims[0]) % dims[1],
                c / (dims[0] * dims[1]),
            ];
            v[axes[0]] + nd[0] * (v[axes[1]] + nd[1] * v[axes[2]])
        })
        .collect();
    let mut q = p.clone();
    q.grid = Some(nd);
    q.prefilled = p
        .prefilled
        .iter()
        .map(|&c| perm[c as usize] as u32)
        .collect();
    for r in &mut q.rows {
        for c in &mut r.columns {
            *c = perm[*c as usize] as u32;
        }
    }
    q
}

/// Geometry for region pruning.
struct Region<W2> {
    dims: [usize; 3],
    /// Cells with x > 0, x < X-1, y > 0, y < Y-1 (for masking shifted boards).
    not_x0: W2,
    not_xl: W2,
    not_y0: W2,
    not_yl: W2,
    /// Size of every group's rows (all rows of a group have the same size).
    group_size: Vec<u32>,
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
}

/// What the column choice found.
pub(crate) enum Choice {
    /// Every column is covered.
    Complete,
    /// Some column (or region) cannot be covered.
    Dead,
    /// Branch on the rows covering this column.
    Column(usize),
    /// Branch on the rows whose first column is this one (every earlier column is filled).
    First(usize),
    /// Branch on the rows of this group (which has exactly one unit left).
    Group(usize),
}

impl<const W: usize> Region<Bits<W>> {
    /// `b` and its face neighbours.
    #[inline]
    fn grow(&self, b: &Bits<W>) -> Bits<W> {
        let [x, y, _] = self.dims;
        let xy = x * y;
        let mut n = *b;
        n = n.or(&b.shl(1).and(&self.not_x0));
        n = n.or(&b.shr(1).and(&self.not_xl));
        n = n.or(&b.shl(x).and(&self.not_y0));
        n = n.or(&b.shr(x).and(&self.not_yl));
        n = n.or(&b.shl(xy));
        n.or(&b.shr(xy))
    }
}

impl<const W: usize> Compiled<W> {
    pub fn new(p: &Problem) -> Self {
        let p = renumbered(p);
        let p = &p;
        let full = Bits::<W>::low(p.columns);
        let mut init_filled = Bits::<W>::zero();
        for &c in &p.prefilled {
            init_filled.set(c as usize);
        }
        let row_mask: Vec<Bits<W>> = p
            .rows
            .iter()
            .map(|r| {
                let mut b = Bits::<W>::zero();
                for &c in &r.columns {
                    b.set(c as usize);
                }
                b
            })
            .collect();
        let row_group: Vec<u32> = p.rows.iter().map(|r| r.group).collect();
        let mut per_col: Vec<Vec<u32>> = vec![Vec::new(); p.columns];
        let mut per_first: Vec<Vec<u32>> = vec![Vec::new(); p.columns];
        for (i, r) in p.rows.iter().enumerate() {
            if r.columns.iter().any(|&c| init_filled.get(c as usize)) {
                continue; // can never fit
            }
            for &c in &r.columns {
                per_col[c as usize].push(i as u32);
            }
            if p.branching == Branching::FirstEmpty {
                let first = *r.columns.iter().min().expect("rows are not empty");
                per_first[first as usize].push(i as u32);
            }
        }
        let by_col = Lists::new(per_col, &row_group, &row_mask);
        // Empty unless first-empty branching uses it.
        let by_first = Lists::new(per_first, &row_group, &row_mask);
        let region = p.grid.and_then(|dims| {
            let mut group_size = vec![0u32; p.group_caps.len()];
            for r in &p.rows {
                let s = &mut group_size[r.group as usize];
                if *s != 0 && *s != r.columns.len() as u32 {
                    return None; // mixed sizes in a group: pruning by size is not sound
                }
                *s = r.columns.len() as u32;
            }
            let [x, y, _] = dims;
            let mut m = [Bits::<W>::zero(); 4];
            for c in 0..p.columns {
                let (cx, cy) = (c % x, (c / x) % y);
                if cx > 0 {
                    m[0].set(c);
                }
                if cx + 1 < x {
                    m[1].set(c);
                }
                if cy > 0 {
                    m[2].set(c);
                }
                if cy + 1 < y {
                    m[3].set(c);
                }
            }
            Some(Region {
                dims,
                not_x0: m[0],
                not_xl: m[1],
                not_y0: m[2],
                not_yl: m[3],
                group_size,
            })
        });
        let mut group_range = Vec::new();
        let mut group_masks = Vec::new();
        let mut group_rows = Vec::new();
        for g in 0..p.group_caps.len() as u32 {
            let start = group_rows.len() as u32;
            for (i, r) in p.rows.iter().enumerate() {
                if r.group == g && !r.columns.iter().any(|&c| init_filled.get(c as usize)) {
                    group_rows.push(i as u32);
                    group_masks.push(row_mask[i]);
                }
            }
            group_range.push((start, group_rows.len() as u32));
        }
        Compiled {
            exact_groups: p.exact_groups,
            group_range,
            group_masks,
            group_rows,
            full,
            init_filled,
            row_mask,
            row_group,
            by_col,
            by_first,
            branching: p.branching,
            group_caps: p.group_caps.clone(),
            region,
        }
    }

    /// A fresh state at the root, or after placing `prefix`; `None` if the prefix overlaps.
    pub fn state<'s>(&self, prefix: &[u32], stop: &'s [&'s AtomicBool]) -> Option<State<'s, W>> {
        let mut st = State {
            filled: self.init_filled,
            remaining: self.group_caps.clone(),
            stack: Vec::with_capacity(64),
            stats: Stats::default(),
            stop,
            stopped: false,
            budget: u64::MAX,
            resume: Vec::new(),
            cut_path: Vec::new(),
            reach: Vec::new(),
        };
        for &r in prefix {
            let m = &self.row_mask[r as usize];
            let g = self.row_group[r as usize] as usize;
            if m.intersects(&st.filled) || st.remaining[g] == 0 {
                return None;
            }
            st.filled = st.filled.or(m);
            st.remaining[g] -= 1;
            st.stack.push(r);
        }
        Some(st)
    }

    /// Chooses the column to branch on.
    pub fn choose(&self, st: &mut State<'_, W>) -> Choice {
        let empty = self.full.andnot(&st.filled);
        if empty.is_zero() {
            if self.exact_groups && st.remaining.iter().any(|&r| r > 0) {
                return Choice::Dead;
            }
            return Choice::Complete;
        }
        if let Some(region) = &self.region {
            if !self.regions_fillable(region, st, &empty) {
                st.stats.region_prunes += 1;
                return Choice::Dead;
            }
        }
        if self.branching == Branching::FirstEmpty {
            return Choice::First(empty.first().expect("not empty"));
        }
        let mut best = u32::MAX;
        let mut best_col = usize::MAX;
        // The most constrained cell is usually next to the piece placed last: scanning those
        // cells first finds a small count early, and the cut-off then makes counting the
        // other cells cheap.
        let near = match (&self.region, st.stack.last()) {
            (Some(rg), Some(&r)) => rg.grow(&self.row_mask[r as usize]).and(&empty),
            _ => Bits::zero(),
        };
        for c in near.iter().chain(empty.andnot(&near).iter()) {
            let n = self.count_fits(st, c, best);
            if n < best {
                best = n;
                best_col = c;
                if n <= 1 {
                    break;
                }
            }
        }
        if best == 0 {
            st.stats.dead_columns += 1;
            return Choice::Dead;
        }
        // Groups are columns too (as in DLX): a piece with nowhere to go is a dead end, and a
        // piece with fewer places than any cell has candidates is the better branch. Only a
        // group with one unit left may be branched on: with two identical units left, either
        // could be placed first and each cover would be found twice.
        let mut best_group = usize::MAX;
        if best > 1 && self.exact_groups {
            for g in 0..st.remaining.len() {
                let left = st.remaining[g];
                if left == 0 {
                    continue;
                }
                let cutoff = if left == 1 { best } else { 1 };
                let n = self.count_group_fits(st, g, cutoff);
                if n == 0 {
                    st.stats.dead_columns += 1;
                    return Choice::Dead;
                }
                if left == 1 && n < best {
                    best = n;
                    best_group = g;
                    if n == 1 {
                        break;
                    }
                }
            }
        }
        if best_group != usize::MAX {
            Choice::Group(best_group)
        } else {
            Choice::Column(best_col)
        }
    }

    /// Number of rows of group `g` that fit, counting no further than `cutoff`.
    #[inline]
    fn count_group_fits(&self, st: &State<'_, W>, g: usize, cutoff: u32) -> u32 {
        let (a, b) = self.group_range[g];
        let mut n = 0;
        for m in &self.group_masks[a as usize..b as usize] {
            if !m.intersects(&st.filled) {
                n += 1;
                if n >= cutoff {
                    return n;
                }
            }
        }
        n
    }

    /// Number of rows covering `c` that fit, counting no further than `cutoff`.
    #[inline]
    fn count_fits(&self, st: &State<'_, W>, c: usize, cutoff: u32) -> u32 {
        let mut n = 0;
        let l = &self.by_col;
        for s in l.segs(c) {
            if st.remaining[l.seg_group[s] as usize] == 0 {
                continue;
            }
            let (a, b) = l.seg_range[s];
            for m in &l.masks[a as usize..b as usize] {
                if !m.intersects(&st.filled) {
                    n += 1;
                    if n >= cutoff {
                        return n;
                    }
                }
            }
        }
        n
    }

    /// The rows the search would branch on for `choice`, in branching order.
    pub fn branch_rows(&self, st: &State<'_, W>, choice: &Choice, out: &mut Vec<u32>) {
        out.clear();
        let (l, c) = match *choice {
            Choice::Column(c) => (&self.by_col, c),
            Choice::First(c) => (&self.by_first, c),
            Choice::Group(g) => {
                let (a, b) = self.group_range[g];
                for i in a as usize..b as usize {
                    if !self.group_masks[i].intersects(&st.filled) {
                        out.push(self.group_rows[i]);
                    }
                }
                return;
            }
            Choice::Complete | Choice::Dead => return,
        };
        for s in l.segs(c) {
            if st.remaining[l.seg_group[s] as usize] == 0 {
                continue;
            }
            let (a, b) = l.seg_range[s];
            for i in a as usize..b as usize {
                if !l.masks[i].intersects(&st.filled) {
                    out.push(l.rows[i]);
                }
            }
        }
    }

    /// Whether every connected empty region could be filled by some sub-multiset of the
    /// remaining groups (by size only; a necessary condition).
    fn regions_fillable(
        &self,
        rg: &Region<Bits<W>>,
        st: &mut State<'_, W>,
        empty: &Bits<W>,
    ) -> bool {
        let grow = |b: &Bits<W>| -> Bits<W> { rg.grow(b).and(empty) };
        let mut rest = *empty;
        let mut sizes: [u32; 8] = [0; 8];
        let mut ncomp = 0;
        while !rest.is_zero() {
            let mut comp = rest.lowest();
            loop {
                let next = grow(&comp);
                if next == comp {
                    break;
                }
                comp = next;
            }
            rest = rest.andnot(&comp);
            if ncomp == 0 && rest.is_zero() {
                // One region: fine by size when the remaining pieces exactly fill it (always
                // so for packings; capacities may also be upper bounds, hence the check).
                let volume: u64 = st
                    .remaining
                    .iter()
                    .zip(&rg.group_size)
                    .map(|(&r, &s)| r as u64 * s as u64)
                    .sum();
                if volume == comp.count() as u64 {
                    return true;
                }
            }
            if ncomp < sizes.len() {
                sizes[ncomp] = comp.count();
            }
            ncomp += 1;
        }
        let total = empty.count() as usize;
        // Sizes of the remaining pieces.
        let mut single = 0u32;
        let mut mixed = false;
        for (g, &r) in st.remaining.iter().enumerate() {
            if r > 0 {
                let s = rg.group_size[g];
                if single == 0 {
                    single = s;
                } else if s != single {
                    mixed = true;
                }
            }
        }
        if !mixed {
            return single != 0 && sizes[..ncomp.min(8)].iter().all(|&s| s % single == 0);
        }
        // Bounded subset sums of the remaining sizes, as a bitset of reachable totals.
        let words = total / 64 + 1;
        st.reach.clear();
        st.reach.resize(words, 0);
        st.reach[0] = 1;
        for (g, &r) in st.remaining.iter().enumerate() {
            let s = rg.group_size[g] as usize;
            let mut left = r as usize;
            let mut chunk = 1;
            while left > 0 {
                let k = chunk.min(left);
                shift_or(&mut st.reach, s * k);
                left -= k;
                chunk *= 2;
            }
        }
        sizes[..ncomp.min(8)].iter().all(|&s| {
            let s = s as usize;
            st.reach[s / 64] >> (s % 64) & 1 == 1
        })
    }

    /// Depth-first search below the current state.
    pub fn dfs<V: Visitor>(&self, st: &mut State<'_, W>, v: &mut V) -> ControlFlow<()> {
        st.stats.nodes += 1;
        if st.should_stop() {
            return ControlFlow::Break(());
        }
        let c = match self.choose(st) {
            Choice::Complete => {
                st.stats.solutions += 1;
                return v.solution(&st.stack);
            }
            Choice::Dead => return ControlFlow::Continue(()),
            Choice::Group(g) => {
                let (a, b) = self.group_range[g];
                let from = st.resume.pop().map_or(a as usize, |p| p as usize);
                for i in from..b as usize {
                    st.stats.tried += 1;
                    let m = self.group_masks[i];
                    if m.intersects(&st.filled) {
                        continue;
                    }
                    st.stats.fitted += 1;
                    let saved = st.filled;
                    st.filled = saved.or(&m);
                    st.remaining[g] -= 1;
                    st.stack.push(self.group_rows[i]);
                    let flow = self.dfs(st, v);
                    st.stack.pop();
                    st.remaining[g] += 1;
                    st.filled = saved;
                    if flow.is_break() {
                        if st.stats.budget_cuts != 0 {
                            st.cut_path.push(i as u32);
                        }
                        return flow;
                    }
                }
                return ControlFlow::Continue(());
            }
            Choice::Column(c) => (&self.by_col, c),
            Choice::First(c) => (&self.by_first, c),
        };
        let (l, c) = c;
        let from = st.resume.pop().map_or(0, |p| p as usize);
        for s in l.segs(c) {
            let g = l.seg_group[s] as usize;
            if st.remaining[g] == 0 {
                continue;
            }
            let (a, b) = l.seg_range[s];
            for i in (a as usize).max(from)..b as usize {
                st.stats.tried += 1;
                let m = l.masks[i];
                if m.intersects(&st.filled) {
                    continue;
                }
                st.stats.fitted += 1;
                let saved = st.filled;
                st.filled = saved.or(&m);
                st.remaining[g] -= 1;
                st.stack.push(l.rows[i]);
                let flow = self.dfs(st, v);
                st.stack.pop();
                st.remaining[g] += 1;
                st.filled = saved;
                if flow.is_break() {
                    if st.stats.budget_cuts != 0 {
                        st.cut_path.push(i as u32);
                    }
                    return flow;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// `reach |= reach << k` over a little-endian multiword bitset (bits past the end are dropped).
fn shift_or(reach: &mut [u64], k: usize) {
    let (words, bits) = (k / 64, k % 64);
    let n = reach.len();
    for i in (words..n).rev() {
        let src = i - words;
        let mut v = reach[src] << bits;
        if bits != 0 && src > 0 {
            v |= reach[src - 1] >> (64 - bits);
        }
        reach[i] |= v;
    }
}
