//! One step of the dynamic programme, as both ways of counting take it: a table carried over
//! one cell ([`Moves`], `dp`) or a whole layer (`layered`'s moves) on several threads, under
//! the run's [`Control`] (memory bound, cancellation, progress, checkpoints).
//!
//! A step runs on [`FrontierOptions::threads`] threads: each takes whole parts of the table
//! being read (see [`super::table`]), and sends every successor to the part of the new table
//! its hash names, through a small buffer per part that is emptied under that part's lock.
//! Sums do not depend on the order of their terms, so the counts (and the states) are the
//! same for any number of threads.

use super::problem::Dp;
use super::saved::{Snapshot, WriteWays};
use super::table::{map_bytes, part_of, Map, State, Table, Tally, PARTS};
use super::{FrontierError, FrontierOptions, FrontierProgress, RunStats};
use std::collections::hash_map::Entry;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

/// Successors buffered per part before its lock is taken.
const FLUSH: usize = 256;

/// Options, statistics and which run of how many this is.
pub(super) struct Control<'a, 'b> {
    pub(super) opts: &'a FrontierOptions<'b>,
    pub(super) stats: &'a mut RunStats,
    pub(super) done: &'a [RunStats],
    pub(super) run: (usize, usize),
    pub(super) transitions: u64,
    /// Whether tables are handed to the checkpoint callback (not those of one slice).
    pub(super) saving: bool,
}

impl Control<'_, '_> {
    pub(super) fn cancelled(&self) -> bool {
        self.opts.cancel.is_some_and(|c| c.load(Relaxed))
    }

    /// After position `p` (the table `t`, whose filling took `bytes` with the table it was
    /// read from): statistics, progress, and at a layer boundary the checkpoint.
    pub(super) fn after<K: State, V: Tally>(
        &mut self,
        dp: &Dp,
        p: usize,
        t: &Table<K, V>,
        bytes: usize,
    ) -> Result<(), FrontierError>
    where
        Table<K, V>: WriteWays,
    {
        let states = t.len();
        let s = &mut *self.stats;
        s.peak_states = s.peak_states.max(states);
        s.peak_bytes = s.peak_bytes.max(bytes);
        s.transitions = self.transitions;
        let boundary = (p + 1).is_multiple_of(dp.order.layer);
        if boundary {
            s.layer_states.push(states);
        }
        if let Some(f) = self.opts.progress {
            f(&FrontierProgress {
                run: self.run.0,
                runs: self.run.1,
                position: p + 1,
                positions: dp.positions(),
                states,
                window: dp.window,
            });
        }
        if boundary && p + 1 < dp.positions() && self.saving {
            self.save(p + 1, t)?;
        }
        Ok(())
    }

    /// Hands the table before position `p` to the checkpoint callback, if any.
    pub(super) fn save(&self, p: usize, t: &dyn WriteWays) -> Result<(), FrontierError> {
        let Some(f) = self.opts.checkpoint else {
            return Ok(());
        };
        f(&Snapshot {
            run: self.run.0,
            position: p,
            done: self.done,
            current: self.stats,
            table: t,
        })
        .map_err(FrontierError::Checkpoint)
    }
}

/// How a stretch of steps ended.
pub(super) enum Reached<K, V> {
    /// At the end, with the final table.
    Done(Table<K, V>),
    /// The counts need a wider type before this position; the table from before it.
    Widen(usize, Table<K, V>),
}

/// How the states of a table move on: one cell ([`Moves`]) or a whole layer
/// ([`super::layered::LayerMoves`]).
pub(super) trait Successors<K>: Sync {
    /// Calls `f` with every successor of `key` until it answers false (then false): a whole
    /// layer's walk from one state can have billions of successors, so a step that must stop
    /// (the memory bound, Ctrl-C) stops inside it.
    fn each(&self, key: K, f: impl FnMut(K) -> bool) -> bool;
    /// Whether a new state may still lead to a solution (a dead one is dropped at once).
    fn alive(&self, k: K) -> bool;
}

/// What can happen at one position.
pub(super) struct Moves<K> {
    items: Vec<(K, K)>,
    low: K,
    high: K,
    incoming: K,
    bias: K,
    guard: K,
    optional: bool,
    /// For the lookahead: bit, and the masks of the items that could fill it.
    reach: Vec<(u32, Vec<K>)>,
}

impl<K: State> Moves<K> {
    pub(super) fn new(dp: &Dp, items: &[(K, K)], p: usize) -> Moves<K> {
        let w = dp.window as usize;
        let low = K::of((1u128 << w) - 1);
        Moves {
            items: items.to_vec(),
            low,
            high: !low,
            incoming: match dp.prefilled.get(p + w) {
                Some(true) => K::of(1u128 << (w - 1)),
                _ => K::zero(),
            },
            bias: K::of(dp.bias),
            guard: K::of(dp.guard),
            optional: dp.optional[p],
            reach: dp.reach[p]
                .iter()
                .map(|(b, ms)| (*b, ms.iter().map(|&m| K::of(m)).collect()))
                .collect(),
        }
    }

    pub(super) fn shift(&self, k: K) -> K {
        ((k & self.low) >> 1) | (k & self.high) | self.incoming
    }
}

impl<K: State> Successors<K> for Moves<K> {
    fn each(&self, key: K, mut f: impl FnMut(K) -> bool) -> bool {
        if key & K::one() != K::zero() {
            return f(self.shift(key));
        }
        if self.optional && !f(self.shift(key)) {
            return false;
        }
        for &(mask, delta) in &self.items {
            if key & mask != K::zero() {
                continue;
            }
            let s = key + delta;
            if (s + self.bias) & self.guard != K::zero() {
                continue;
            }
            if !f(self.shift(s | mask)) {
                return false;
            }
        }
        true
    }

    /// Whether every cell ahead that must be filled and is empty in `k` can still be covered.
    fn alive(&self, k: K) -> bool {
        self.reach.iter().all(|(bit, masks)| {
            (k >> *bit as usize) & K::one() == K::one() || masks.iter().any(|&m| m & k == K::zero())
        })
    }
}

/// The table being filled, shared by the threads of one step.
struct Fill<'a, K, V, M> {
    next: Vec<Mutex<Map<K, V>>>,
    moves: &'a M,
    /// The table being read when it is only borrowed (then `cur` is empty): it stays whole,
    /// so that the step can be done again with wider counts if one overflows.
    shared: Option<&'a [Vec<(K, V)>]>,
    /// What an overflow is when the table is owned.
    overflow_error: Option<FrontierError>,
    /// A count overflowed (when shared: widen and step again).
    overflow: AtomicBool,
    /// The position being stepped.
    position: usize,
    /// Bytes of the maps in `next`.
    bytes: AtomicUsize,
    /// The table being read, each part taken (and freed) by one thread.
    cur: Vec<Mutex<Vec<(K, V)>>>,
    /// Bytes of what is left of it.
    held: AtomicUsize,
    /// Most bytes of both tables at once.
    peak: AtomicUsize,
    limit: usize,
    states: AtomicUsize,
    transitions: AtomicU64,
    /// The next part of the table being read to take.
    taken: AtomicUsize,
    /// Transitions this step may make.
    budget: u64,
    cancel: Option<&'a AtomicBool>,
    failed: Mutex<Option<FrontierError>>,
    stop: AtomicBool,
}

impl<K: State, V: Tally, M: Successors<K>> Fill<'_, K, V, M> {
    /// Whether the step must stop: another thread failed, or Ctrl-C (then it fails).
    fn stopping(&self) -> bool {
        if self.cancel.is_some_and(|c| c.load(Relaxed)) {
            self.fail(FrontierError::Cancelled);
        }
        self.stop.load(Relaxed)
    }

    fn fail(&self, e: FrontierError) {
        self.failed.lock().expect("not poisoned").get_or_insert(e);
        self.stop.store(true, Relaxed);
    }

    /// Adds the buffered successors to part `d`; false when the step must stop.
    fn flush(&self, d: usize, buf: &mut Vec<(K, V)>, dp: &Dp) -> bool {
        if buf.is_empty() {
            return true;
        }
        let mut map = self.next[d].lock().expect("not poisoned");
        for (k, v) in buf.drain(..) {
            if map.len() == map.capacity() && !self.grow(&mut map, dp) {
                return false;
            }
            match map.entry(k) {
                Entry::Occupied(mut e) => {
                    if !e.get_mut().add(&v) {
                        if self.shared.is_some() {
                            self.overflow.store(true, Relaxed);
                            self.stop.store(true, Relaxed);
                            return false;
                        }
                        self.fail(self.overflow_error.clone().unwrap_or_else(|| {
                            FrontierError::Inconsistent(
                                "a count overflowed although the sum of all counts fitted".into(),
                            )
                        }));
                        return false;
                    }
                }
                Entry::Vacant(e) => {
                    if self.moves.alive(k) {
                        e.insert(v);
                        self.states.fetch_add(1, Relaxed);
                    }
                }
            }
        }
        true
    }

    /// Doubles a part's map if the memory bound allows it (its old table is held while it is
    /// copied).
    fn grow(&self, map: &mut Map<K, V>, dp: &Dp) -> bool {
        let old = map_bytes::<K, V>(map.capacity());
        let want = (map.capacity() * 2).max(64);
        let now = self.bytes.load(Relaxed);
        if self.held.load(Relaxed) + now + map_bytes::<K, V>(want) > self.limit {
            self.fail(FrontierError::TooMuchMemory {
                limit: self.limit,
                states: self.states.load(Relaxed),
                position: self.position,
                positions: dp.positions(),
                // Filled in by `step`, which knows them.
                layer_states: Vec::new(),
            });
            return false;
        }
        // Fallible: a system limit below the budget (`ulimit -v`, a cgroup) is an error
        // naming the size, not an abort.
        if map.try_reserve(want - map.len()).is_err() {
            self.fail(FrontierError::OutOfMemory {
                bytes: map_bytes::<K, V>(want),
                position: self.position,
                positions: dp.positions(),
            });
            return false;
        }
        let new = map_bytes::<K, V>(map.capacity());
        let now = self.bytes.fetch_add(new.saturating_sub(old), Relaxed) + new - old;
        self.peak.fetch_max(self.held.load(Relaxed) + now, Relaxed);
        true
    }

    /// One thread's share: whole parts of `cur`, taken in turn.
    fn work(&self, dp: &Dp) {
        let cancelled = || self.cancel.is_some_and(|c| c.load(Relaxed));
        let mut bufs: Vec<Vec<(K, V)>> = (0..PARTS).map(|_| Vec::new()).collect();
        let mut transitions = 0u64;
        let mut seen = 0usize;
        loop {
            let i = self.taken.fetch_add(1, Relaxed);
            if i >= PARTS || self.stop.load(Relaxed) {
                break;
            }
            let owned;
            let part = match self.shared {
                Some(t) => &t[i],
                None => {
                    owned = std::mem::take(&mut *self.cur[i].lock().expect("not poisoned"));
                    &owned
                }
            };
            for (key, val) in part {
                seen += 1;
                if seen.is_multiple_of(65_536) && cancelled() {
                    return self.fail(FrontierError::Cancelled);
                }
                let ok = self.moves.each(*key, |s| {
                    transitions += 1;
                    if transitions.is_multiple_of(1 << 20) && self.stopping() {
                        return false;
                    }
                    let d = part_of(s);
                    bufs[d].push((s, val.clone()));
                    bufs[d].len() < FLUSH || self.flush(d, &mut bufs[d], dp)
                });
                if !ok {
                    return;
                }
            }
            if self.shared.is_none() {
                self.held.fetch_sub(part_bytes(part), Relaxed);
            }
            let all = self.transitions.fetch_add(transitions, Relaxed) + transitions;
            transitions = 0;
            if all > self.budget {
                return self.fail(FrontierError::Budget {
                    position: self.position,
                    positions: dp.positions(),
                });
            }
        }
        self.transitions.fetch_add(transitions, Relaxed);
        for (d, buf) in bufs.iter_mut().enumerate() {
            if !self.flush(d, buf, dp) {
                return;
            }
        }
    }
}

/// Bytes of one part of a table at rest.
fn part_bytes<K, V: Tally>(part: &Vec<(K, V)>) -> usize {
    let heap: usize = if V::HEAP {
        part.iter().map(|(_, v)| v.heap_bytes()).sum()
    } else {
        0
    };
    part.capacity() * std::mem::size_of::<(K, V)>() + heap
}

/// What a step gives.
pub(super) enum Stepped<K, V> {
    /// The new table, with the most bytes both tables held at once.
    Next(Table<K, V>, usize),
    /// A count overflowed in a step that read a shared table: widen it and step again.
    Overflow,
}

/// The table a step reads.
pub(super) enum Source<'a, K, V> {
    /// Freed part by part as it is read; an overflow is the error given (`None`: an
    /// inconsistency, the caller having checked there is room).
    Owned(Table<K, V>, Option<FrontierError>),
    /// Only borrowed: it stays whole, and an overflow is [`Stepped::Overflow`].
    Shared(&'a Table<K, V>),
}

/// One step (a position, or a whole layer): every state of `cur` carried into a new table.
pub(super) fn step<K: State, V: Tally, M: Successors<K>>(
    dp: &Dp,
    moves: &M,
    p: usize,
    cur: Source<'_, K, V>,
    ctl: &mut Control<'_, '_>,
) -> Result<Stepped<K, V>, FrontierError> {
    let threads = ctl.opts.threads.clamp(1, PARTS);
    // Each thread's buffers (one per part) are held for the whole step.
    let buffers = threads * PARTS * FLUSH * std::mem::size_of::<(K, V)>();
    let (held, shared, owned, overflow_error) = match cur {
        Source::Owned(t, e) => (t.bytes() + buffers, None, t.parts, e),
        Source::Shared(t) => (t.bytes() + buffers, Some(&t.parts[..]), Vec::new(), None),
    };
    let fill = Fill {
        shared,
        overflow_error,
        overflow: AtomicBool::new(false),
        cur: owned.into_iter().map(Mutex::new).collect(),
        held: AtomicUsize::new(held),
        peak: AtomicUsize::new(held),
        position: p,
        next: (0..PARTS).map(|_| Mutex::new(Map::default())).collect(),
        moves,
        bytes: AtomicUsize::new(0),
        limit: tables_limit(ctl.opts.max_bytes),
        states: AtomicUsize::new(0),
        transitions: AtomicU64::new(0),
        taken: AtomicUsize::new(0),
        budget: ctl.opts.max_transitions.saturating_sub(ctl.transitions),
        cancel: ctl.opts.cancel,
        failed: Mutex::new(None),
        stop: AtomicBool::new(false),
    };
    if threads == 1 {
        fill.work(dp);
    } else {
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| fill.work(dp));
            }
        });
    }
    if fill.overflow.load(Relaxed) {
        return Ok(Stepped::Overflow);
    }
    match fill.failed.into_inner().expect("not poisoned") {
        Some(FrontierError::TooMuchMemory {
            states,
            position,
            positions,
            ..
        }) => {
            return Err(FrontierError::TooMuchMemory {
                limit: ctl.opts.max_bytes,
                states,
                position,
                positions,
                layer_states: ctl.stats.layer_states.clone(),
            })
        }
        Some(e) => return Err(e),
        None => {}
    }
    ctl.transitions += fill.transitions.load(Relaxed);
    let bytes = fill.peak.load(Relaxed);
    let maps: Vec<Map<K, V>> = fill
        .next
        .into_iter()
        .map(|m| m.into_inner().expect("not poisoned"))
        .collect();
    Ok(Stepped::Next(settle(maps, threads), bytes))
}

/// The bytes the tables, the maps being filled and the buffers may take of `max_bytes`: an
/// eighth is left to the allocator, which holds more than is asked for (blocks freed by maps
/// as they grow, per-thread arenas, pages). Measured on 72 L-trominoes in 6x6x6 with two
/// threads: 21 MiB resident beyond the tables and what the process held before at 100M and
/// 200M, 10 MiB at 1G (issue 40, item 7).
fn tables_limit(max_bytes: usize) -> usize {
    max_bytes - max_bytes / 8
}

/// The filled maps as a table at rest, converted on `threads` threads.
fn settle<K: State, V: Tally>(maps: Vec<Map<K, V>>, threads: usize) -> Table<K, V> {
    let convert = |m: Map<K, V>| -> Vec<(K, V)> {
        let mut v: Vec<(K, V)> = m.into_iter().collect();
        v.shrink_to_fit();
        v
    };
    if threads == 1 {
        return Table {
            parts: maps.into_iter().map(convert).collect(),
        };
    }
    let maps: Vec<Mutex<Option<Map<K, V>>>> =
        maps.into_iter().map(|m| Mutex::new(Some(m))).collect();
    let parts: Vec<Mutex<Vec<(K, V)>>> = (0..PARTS).map(|_| Mutex::new(Vec::new())).collect();
    let taken = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = taken.fetch_add(1, Relaxed);
                if i >= PARTS {
                    break;
                }
                let m = maps[i].lock().expect("not poisoned").take();
                *parts[i].lock().expect("not poisoned") = convert(m.unwrap_or_default());
            });
        }
    });
    Table {
        parts: parts
            .into_iter()
            .map(|p| p.into_inner().expect("not poisoned"))
            .collect(),
    }
}
