//! A layer at a time: states only at layer boundaries.
//!
//! Cell by cell, the table after a cell in the middle of a layer can hold far more states than
//! the tables at the layer's two ends (T-tetracubes in 4x6x6: 41.6 M states at the end of the
//! second layer, 90 M and growing five cells into the third). Here each state at a boundary
//! is carried through the whole layer by a depth-first walk over the same per-cell moves, so
//! only boundary tables exist; and those are kept up to the cross-section's symmetries
//! ([`super::cross`]) when [`super::FrontierOptions::canonical`] asks for it. The walk does
//! not merge equal states in the middle of a layer, so it makes more transitions: memory,
//! not time, is what bounds the method.
//!
//! The number of successors of a state over a whole layer has no useful bound before the
//! step, so the table being read is kept whole during a step when it takes at most a quarter
//! of the memory bound: when a count overflows, the table is widened and the layer stepped
//! again. A larger table is freed part by part as it is read (the peak of a wide box is its
//! largest table and the next one), and an overflow then stops the count with
//! [`FrontierError::CountsTooWide`] (resume from the last checkpoint with more memory).

use super::cross::Canon;
use super::problem::Dp;
use super::saved::WriteWays;
use super::step::{step, Control, Moves, Reached, Source, Stepped, Successors};
use super::table::{part_of, Map, State, Table, Tally, PARTS};
use super::FrontierError;
use std::collections::hash_map::Entry;

/// The moves of one layer, ending in the canonical form, keeping one slice of the new states.
pub(super) struct LayerMoves<K> {
    moves: Vec<Moves<K>>,
    canon: Canon<K>,
    /// Which slice of how many (by [`part_of`]: slice `j` holds a range of parts).
    slice: (usize, usize),
}

impl<K: State> LayerMoves<K> {
    /// The moves of positions `from..to`.
    pub fn new(
        dp: &Dp,
        items: &[Vec<(K, K)>],
        (from, to): (usize, usize),
        canonical: bool,
        slice: (usize, usize),
    ) -> Self {
        let perms: &[Vec<u32>] = if canonical { &dp.cross } else { &[] };
        LayerMoves {
            moves: (from..to).map(|p| Moves::new(dp, &items[p], p)).collect(),
            canon: Canon::new(perms, dp.window, dp.order.layer, dp.top),
            slice,
        }
    }

    /// The walk from position `i` of the layer; false when `f` asked to stop.
    fn walk<F: FnMut(K) -> bool>(&self, mut i: usize, mut key: K, f: &mut F) -> bool {
        // Cells already filled only move the window on; most cells of a path are such (a
        // piece is put down at its first cell and fills the others ahead), and the lookahead
        // learns nothing from them, so they are passed in a loop without it.
        while let Some(m) = self.moves.get(i).filter(|_| key & K::one() != K::zero()) {
            key = m.shift(key);
            i += 1;
        }
        let Some(m) = self.moves.get(i) else {
            let c = self.canon.of(key);
            let (j, of) = self.slice;
            return !(of == 1 || part_of(c) * of / PARTS == j) || f(c);
        };
        // The lookahead drops dead states early, but costs more than it saves when run after
        // every placement (T-tetracubes in 4x6x5: 15.1 s after every one, 12.3 s after every
        // second cell, 12.1 s every fourth with 1.6 times the successors); the last cell's
        // states are checked when they enter the new table.
        let check = i + 1 < self.moves.len() && i % 2 == 1;
        m.each(key, |s| (check && !m.alive(s)) || self.walk(i + 1, s, f))
    }
}

impl<K: State> Successors<K> for LayerMoves<K> {
    fn each(&self, key: K, mut f: impl FnMut(K) -> bool) -> bool {
        self.walk(0, key, &mut f)
    }

    fn alive(&self, k: K) -> bool {
        // A canonical image is alive exactly when the state is: both have the same completions,
        // and the test only drops states that have none.
        self.moves.last().is_none_or(|m| m.alive(k))
    }
}

/// Runs the layers from position `from` (a layer boundary, or the start) with `cur`; with
/// [`super::FrontierOptions::slices`] the middle boundary is counted in slices.
pub(super) fn steps<K: State, V: Tally>(
    dp: &Dp,
    items: &[Vec<(K, K)>],
    from: usize,
    mut cur: Table<K, V>,
    ctl: &mut Control<'_, '_>,
) -> Result<Reached<K, V>, FrontierError>
where
    Table<K, V>: WriteWays,
{
    let (layer, n) = (dp.order.layer, dp.positions());
    let slices = ctl.opts.slices.clamp(1, PARTS);
    // The table cut into slices is the one after the middle layer boundary (the largest, when
    // the box is long enough for the boundary to fill up and short enough to be cut by its
    // end), or the next one when resuming from a later checkpoint; `split` is the boundary
    // before it.
    let middle = layers_before_cut(n.div_ceil(layer)) * layer;
    let split = (slices > 1).then(|| middle.max(from));
    let mut p = from;
    while p < n {
        if Some(p) == split {
            return sliced(dp, items, p, cur, ctl, slices);
        }
        match layer_step(dp, items, p, cur, ctl, (0, 1))? {
            Ok((t, to)) => (cur, p) = (t, to),
            Err(t) => return Ok(Reached::Widen(p, t)),
        }
    }
    Ok(Reached::Done(cur))
}

/// How many of a run's `layers` come before the table cut into slices (the middle boundary):
/// their states are the same in every slice, those of the later ones add up.
pub(super) fn layers_before_cut(layers: usize) -> usize {
    layers.div_ceil(2).saturating_sub(1)
}

/// One layer from position `p` (keeping only the new states of `slice`): the new table and
/// its position, or (`Err`) the table read when a count overflowed.
///
/// A table of at most a quarter of the memory bound is kept whole during the step, so that an
/// overflow can be answered by widening it; a larger one is freed part by part (the peak of a
/// wide box is its largest table and the next one), and an overflow is then an error.
#[allow(clippy::type_complexity)]
fn layer_step<K: State, V: Tally>(
    dp: &Dp,
    items: &[Vec<(K, K)>],
    p: usize,
    cur: Table<K, V>,
    ctl: &mut Control<'_, '_>,
    slice: (usize, usize),
) -> Result<Result<(Table<K, V>, usize), Table<K, V>>, FrontierError>
where
    Table<K, V>: WriteWays,
{
    let to = next_boundary(dp, p);
    if cur.bytes() <= ctl.opts.max_bytes / 4 {
        return Ok(match shared_step(dp, items, p, &cur, ctl, slice)? {
            Some(t) => Ok((t, to)),
            None => Err(cur),
        });
    }
    let n = dp.positions();
    let error = FrontierError::CountsTooWide {
        position: to,
        positions: n,
        states: cur.len(),
    };
    if ctl.cancelled() {
        return Err(FrontierError::Cancelled);
    }
    let moves = LayerMoves::new(dp, items, (p, to), ctl.opts.canonical, slice);
    match step(dp, &moves, p, Source::Owned(cur, Some(error)), ctl)? {
        Stepped::Next(t, bytes) => {
            ctl.after(dp, to - 1, &t, bytes)?;
            Ok(Ok((t, to)))
        }
        Stepped::Overflow => unreachable!("an owned table reports an overflow as an error"),
    }
}

/// The layer boundary after position `p`.
fn next_boundary(dp: &Dp, p: usize) -> usize {
    ((p / dp.order.layer + 1) * dp.order.layer).min(dp.positions())
}

/// One layer from position `p`, reading `cur` without freeing it: the new table (of `slice`),
/// or `None` when a count overflowed.
fn shared_step<K: State, V: Tally>(
    dp: &Dp,
    items: &[Vec<(K, K)>],
    p: usize,
    cur: &Table<K, V>,
    ctl: &mut Control<'_, '_>,
    slice: (usize, usize),
) -> Result<Option<Table<K, V>>, FrontierError>
where
    Table<K, V>: WriteWays,
{
    if ctl.cancelled() {
        return Err(FrontierError::Cancelled);
    }
    let to = next_boundary(dp, p);
    let moves = LayerMoves::new(dp, items, (p, to), ctl.opts.canonical, slice);
    Ok(match step(dp, &moves, p, Source::Shared(cur), ctl)? {
        Stepped::Next(t, bytes) => {
            ctl.after(dp, to - 1, &t, bytes)?;
            Some(t)
        }
        Stepped::Overflow => None,
    })
}

/// The rest of the run from position `p`, the next table cut by a hash of the state into
/// `slices` slices, each carried to the end alone: the number of solutions is a sum over the
/// states of any boundary, so the slices' final tables add up to the whole run's. Memory holds
/// `cur` and one slice; time is the layers after `p` once, plus the layer after `p` once per
/// slice. The slices' tables are not saved: a resumed count starts again from `cur`. The
/// states after each layer from the cut on are summed over the slices.
fn sliced<K: State, V: Tally>(
    dp: &Dp,
    items: &[Vec<(K, K)>],
    p: usize,
    cur: Table<K, V>,
    ctl: &mut Control<'_, '_>,
    slices: usize,
) -> Result<Reached<K, V>, FrontierError>
where
    Table<K, V>: WriteWays,
{
    let n = dp.positions();
    let before = ctl.stats.layer_states.len();
    let mut sums: Vec<usize> = Vec::new();
    let mut end: Map<K, V> = Map::default();
    ctl.saving = false;
    let result = (|| {
        for j in (0..slices).filter(|&j| ctl.opts.slice.is_none_or(|(a, b)| (a..b).contains(&j))) {
            // The slice's first table, read from `cur` without copying or freeing it.
            let Some(mut t) = shared_step(dp, items, p, &cur, ctl, (j, slices))? else {
                return Ok(false);
            };
            let mut q = next_boundary(dp, p);
            while q < n {
                match layer_step(dp, items, q, t, ctl, (0, 1))? {
                    Ok((next, to)) => (t, q) = (next, to),
                    Err(_) => return Ok(false),
                }
            }
            let layers = ctl.stats.layer_states.split_off(before);
            sums.resize(sums.len().max(layers.len()), 0);
            sums.iter_mut().zip(&layers).for_each(|(s, x)| *s += x);
            for (k, v) in t.iter() {
                match end.entry(*k) {
                    Entry::Occupied(mut e) => {
                        if !e.get_mut().add(v) {
                            return Ok(false);
                        }
                    }
                    Entry::Vacant(e) => {
                        e.insert(v.clone());
                    }
                }
            }
        }
        Ok(true)
    })();
    ctl.saving = true;
    if !result? {
        // A count overflowed: every slice again with wider counts.
        ctl.stats.layer_states.truncate(before);
        return Ok(Reached::Widen(p, cur));
    }
    ctl.stats.layer_states.extend(sums);
    let mut t = Table::empty();
    for (k, v) in end {
        t.parts[part_of(k)].push((k, v));
    }
    Ok(Reached::Done(t))
}
