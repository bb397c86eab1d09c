//! The dynamic programme: a map from state to the number of ways of reaching it, carried cell
//! by cell through the visiting order.
//!
//! At position `p` every state either has `p` filled already (it moves on), or `p` is optional
//! and stays empty, or an item whose first cell is `p` is put down where it fits and keeps the
//! counts within range. The counts start as `u64`; an addition that would overflow stops the
//! step, the map from before it is widened (to `u128`, then to big integers) and the step is
//! done again, so every count is exact and nothing wraps.

use super::problem::Dp;
use super::{FrontierError, FrontierOptions, FrontierProgress, RunStats};
use num_bigint::BigUint;
use num_traits::{PrimInt, Zero};
use rustc_hash::FxBuildHasher;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::Ordering;

type Map<K, V> = HashMap<K, V, FxBuildHasher>;

/// A number of ways: a machine integer that reports overflow, or a big integer.
trait Tally: Clone {
    /// Whether the values own heap memory (counted in the memory estimate).
    const HEAP: bool;
    /// `self += o`; false when it does not fit.
    fn add(&mut self, o: &Self) -> bool;
    fn big(&self) -> BigUint;
    fn heap_bytes(&self) -> usize;
}

impl Tally for u64 {
    const HEAP: bool = false;
    fn add(&mut self, o: &Self) -> bool {
        self.checked_add(*o).map(|s| *self = s).is_some()
    }
    fn big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn heap_bytes(&self) -> usize {
        0
    }
}

impl Tally for u128 {
    const HEAP: bool = false;
    fn add(&mut self, o: &Self) -> bool {
        self.checked_add(*o).map(|s| *self = s).is_some()
    }
    fn big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn heap_bytes(&self) -> usize {
        0
    }
}

impl Tally for BigUint {
    const HEAP: bool = true;
    fn add(&mut self, o: &Self) -> bool {
        *self += o;
        true
    }
    fn big(&self) -> BigUint {
        self.clone()
    }
    fn heap_bytes(&self) -> usize {
        self.bits().div_ceil(64) as usize * 8
    }
}

/// The state integer: `u64` when mask and counts fit, else `u128`.
trait State: PrimInt + Hash {
    fn of(x: u128) -> Self;
    fn wide(self) -> u128;
}

impl State for u64 {
    fn of(x: u128) -> Self {
        u64::try_from(x).expect("the state width was checked")
    }
    fn wide(self) -> u128 {
        u128::from(self)
    }
}

impl State for u128 {
    fn of(x: u128) -> Self {
        x
    }
    fn wide(self) -> u128 {
        self
    }
}

/// Counts the ways to reach the end with every tracked kind within range.
pub(crate) fn run(
    dp: &Dp,
    opts: &FrontierOptions<'_>,
    stats: &mut RunStats,
    run: (usize, usize),
) -> Result<BigUint, FrontierError> {
    let mut ctl = Control {
        opts,
        stats,
        run,
        transitions: 0,
    };
    if dp.bits <= 64 {
        run_keyed::<u64>(dp, &mut ctl)
    } else {
        run_keyed::<u128>(dp, &mut ctl)
    }
}

/// Options, statistics and which run of how many this is.
struct Control<'a, 'b> {
    opts: &'a FrontierOptions<'b>,
    stats: &'a mut RunStats,
    run: (usize, usize),
    transitions: u64,
}

impl Control<'_, '_> {
    fn cancelled(&self) -> bool {
        self.opts.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Before `next` may grow: whether both maps, `next` doubled (and its old table, which is
    /// held while it is copied), stay within the memory bound.
    fn may_grow<K, V: Tally>(
        &self,
        dp: &Dp,
        p: usize,
        cur: &Map<K, V>,
        next: &Map<K, V>,
    ) -> Result<(), FrontierError> {
        let grown = (next.capacity() * 2).max(16);
        let slots = cur.capacity() + next.capacity() + grown;
        if table_bytes::<K, V>(slots) > self.opts.max_bytes {
            return Err(FrontierError::TooMuchMemory {
                limit: self.opts.max_bytes,
                states: next.len(),
                position: p,
                positions: dp.positions(),
                layer_states: self.stats.layer_states.clone(),
            });
        }
        Ok(())
    }

    /// After position `p`: statistics and progress.
    fn after<K, V: Tally>(&mut self, dp: &Dp, p: usize, map: &Map<K, V>, other: usize) {
        let s = &mut *self.stats;
        let heap: usize = if V::HEAP {
            map.values().map(Tally::heap_bytes).sum()
        } else {
            0
        };
        // Both maps are allocated: the one just filled and the one it was filled from.
        let bytes = table_bytes::<K, V>(map.capacity() + other) + heap;
        s.peak_states = s.peak_states.max(map.len());
        s.peak_bytes = s.peak_bytes.max(bytes);
        s.transitions = self.transitions;
        if (p + 1).is_multiple_of(dp.order.layer) {
            s.layer_states.push(map.len());
        }
        if let Some(f) = self.opts.progress {
            f(&FrontierProgress {
                run: self.run.0,
                runs: self.run.1,
                position: p + 1,
                positions: dp.positions(),
                states: map.len(),
            });
        }
    }
}

/// Bytes of hash tables holding `slots` entries in all: an entry and a control byte per
/// bucket, at most 7 entries per 8 buckets.
fn table_bytes<K, V>(slots: usize) -> usize {
    slots.saturating_mul(std::mem::size_of::<(K, V)>() + 1) / 7 * 8
}

/// How a stretch of steps ended.
enum Reached<K, V> {
    /// At the end, with the final map.
    Done(Map<K, V>),
    /// A count overflowed at this position; the map is the one from before it.
    Overflow(usize, Map<K, V>),
}

fn run_keyed<K: State>(dp: &Dp, ctl: &mut Control<'_, '_>) -> Result<BigUint, FrontierError> {
    let items: Vec<Vec<(K, K)>> = dp
        .items_at
        .iter()
        .map(|v| v.iter().map(|&(m, d)| (K::of(m), K::of(d))).collect())
        .collect();
    let mut start = Map::default();
    start.insert(K::of(dp.initial()), 1u64);
    let (p, map) = match steps(dp, &items, 0, start, ctl)? {
        Reached::Done(m) => return Ok(total(dp, &m)),
        Reached::Overflow(p, m) => (p, m),
    };
    let map: Map<K, u128> = map.into_iter().map(|(k, v)| (k, u128::from(v))).collect();
    let (p, map) = match steps(dp, &items, p, map, ctl)? {
        Reached::Done(m) => return Ok(total(dp, &m)),
        Reached::Overflow(p, m) => (p, m),
    };
    let map: Map<K, BigUint> = map
        .into_iter()
        .map(|(k, v)| (k, BigUint::from(v)))
        .collect();
    match steps(dp, &items, p, map, ctl)? {
        Reached::Done(m) => Ok(total(dp, &m)),
        Reached::Overflow(..) => unreachable!("big integers do not overflow"),
    }
}

/// The sum over the final states whose counts reach every minimum.
fn total<K: State, V: Tally>(dp: &Dp, map: &Map<K, V>) -> BigUint {
    map.iter()
        .filter(|(k, _)| dp.complete(k.wide()))
        .fold(BigUint::zero(), |s, (_, v)| s + v.big())
}

/// Runs positions `from..` starting with `cur`.
fn steps<K: State, V: Tally>(
    dp: &Dp,
    items: &[Vec<(K, K)>],
    from: usize,
    mut cur: Map<K, V>,
    ctl: &mut Control<'_, '_>,
) -> Result<Reached<K, V>, FrontierError> {
    let mut next: Map<K, V> = Map::default();
    for (p, at) in items.iter().enumerate().skip(from) {
        if ctl.cancelled() {
            return Err(FrontierError::Cancelled);
        }
        next.clear();
        if !step(dp, at, p, &cur, &mut next, ctl)? {
            return Ok(Reached::Overflow(p, cur));
        }
        std::mem::swap(&mut cur, &mut next);
        let other = next.capacity();
        ctl.after(dp, p, &cur, other);
    }
    Ok(Reached::Done(cur))
}

/// One position: every state of `cur` carried into `next`. False when a count overflowed.
fn step<K: State, V: Tally>(
    dp: &Dp,
    items: &[(K, K)],
    p: usize,
    cur: &Map<K, V>,
    next: &mut Map<K, V>,
    ctl: &mut Control<'_, '_>,
) -> Result<bool, FrontierError> {
    let w = dp.window as usize;
    let low = K::of((1u128 << w) - 1);
    let high = !low;
    let incoming = match dp.prefilled.get(p + w) {
        Some(true) => K::of(1u128 << (w - 1)),
        _ => K::zero(),
    };
    let shift = |k: K| ((k & low) >> 1) | (k & high) | incoming;
    let (bias, guard) = (K::of(dp.bias), K::of(dp.guard));
    let reach: Vec<(u32, Vec<K>)> = dp.reach[p]
        .iter()
        .map(|(b, ms)| (*b, ms.iter().map(|&m| K::of(m)).collect()))
        .collect();
    let reach = reach.as_slice();
    let optional = dp.optional[p];
    let fanout = items.len() + 1;
    for (i, (&key, val)) in cur.iter().enumerate() {
        if i % 65_536 == 65_535 && ctl.cancelled() {
            return Err(FrontierError::Cancelled);
        }
        if next.len() + fanout > next.capacity() {
            ctl.may_grow(dp, p, cur, next)?;
        }
        if key & K::one() != K::zero() {
            ctl.transitions += 1;
            if !add(next, shift(key), val, reach) {
                return Ok(false);
            }
            continue;
        }
        if optional {
            ctl.transitions += 1;
            if !add(next, shift(key), val, reach) {
                return Ok(false);
            }
        }
        for &(mask, delta) in items {
            if key & mask != K::zero() {
                continue;
            }
            let s = key + delta;
            if (s + bias) & guard != K::zero() {
                continue;
            }
            ctl.transitions += 1;
            if !add(next, shift(s | mask), val, reach) {
                return Ok(false);
            }
        }
        if ctl.transitions > ctl.opts.max_transitions {
            return Err(FrontierError::Budget {
                position: p,
                positions: dp.positions(),
            });
        }
    }
    Ok(true)
}

/// `map[k] += v`; false on overflow.
fn add<K: State, V: Tally>(map: &mut Map<K, V>, k: K, v: &V, reach: &[(u32, Vec<K>)]) -> bool {
    match map.entry(k) {
        Entry::Occupied(mut e) => e.get_mut().add(v),
        Entry::Vacant(e) => {
            if alive(k, reach) {
                e.insert(v.clone());
            }
            true
        }
    }
}

/// Whether every cell ahead that must be filled and is empty in `k` can still be covered.
fn alive<K: State>(k: K, reach: &[(u32, Vec<K>)]) -> bool {
    reach.iter().all(|(bit, masks)| {
        (k >> *bit as usize) & K::one() == K::one() || masks.iter().any(|&m| m & k == K::zero())
    })
}
