//! The state table between two cells: every boundary state with its number of ways, split by
//! a hash of the state into [`PARTS`] parts.
//!
//! A table at rest (the one being read) is a plain vector of `(state, ways)` pairs per part:
//! exactly the pair's size per state (16 bytes for `u64` states and counts), against about 40
//! for a hash map that has to leave room to grow. Only the table being filled is a set of hash
//! maps, one per part, so a map that grows copies one part, not the whole table, and threads
//! filling different parts do not wait for each other.

use num_bigint::BigUint;
use num_traits::PrimInt;
use rustc_hash::FxBuildHasher;
use std::collections::HashMap;
use std::hash::Hash;

/// Parts of a table: enough that a part's growth is a small step in memory and that threads
/// rarely meet on one part, few enough that each part's buffers stay small.
pub(crate) const PARTS: usize = 256;

pub(crate) type Map<K, V> = HashMap<K, V, FxBuildHasher>;

/// The state integer: `u64` when mask and counts fit, else `u128`.
pub(crate) trait State: PrimInt + Hash + Send + Sync {
    /// Bytes of a state in a checkpoint.
    const BYTES: usize;
    fn of(x: u128) -> Self;
    fn wide(self) -> u128;
}

impl State for u64 {
    const BYTES: usize = 8;
    fn of(x: u128) -> Self {
        u64::try_from(x).expect("the state width was checked")
    }
    fn wide(self) -> u128 {
        u128::from(self)
    }
}

impl State for u128 {
    const BYTES: usize = 16;
    fn of(x: u128) -> Self {
        x
    }
    fn wide(self) -> u128 {
        self
    }
}

/// The part a state belongs to: the top bits of a multiplicative hash (a different multiplier
/// from the maps' own hash, whose top bits pick the slot tag).
pub(crate) fn part_of<K: State>(k: K) -> usize {
    let w = k.wide();
    let folded = (w as u64) ^ ((w >> 64) as u64).rotate_left(29);
    (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize % PARTS
}

/// A number of ways: a machine integer that reports overflow, or a big integer.
pub(crate) trait Tally: Clone + Send + Sync {
    /// Whether the values own heap memory (counted in the memory estimate).
    const HEAP: bool;
    /// The name of the width in a checkpoint.
    const NAME: &'static str;
    /// `self += o`; false when it does not fit.
    fn add(&mut self, o: &Self) -> bool;
    /// Whether `fanout` times the sum of every count of `t` fits: then no count of the next
    /// table can overflow (each is a sum of counts of `t`, each taken at most `fanout` times).
    fn room<K>(t: &Table<K, Self>, fanout: u64) -> bool;
    fn big(&self) -> BigUint;
    fn heap_bytes(&self) -> usize;
}

impl Tally for u64 {
    const HEAP: bool = false;
    const NAME: &'static str = "u64";
    fn add(&mut self, o: &Self) -> bool {
        self.checked_add(*o).map(|s| *self = s).is_some()
    }
    fn room<K>(t: &Table<K, Self>, fanout: u64) -> bool {
        // At most 2^64 counts below 2^64: the sum fits in 128 bits.
        let sum: u128 = t.parts.iter().flatten().map(|&(_, v)| u128::from(v)).sum();
        sum.checked_mul(u128::from(fanout))
            .is_some_and(|x| x <= u128::from(u64::MAX))
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
    const NAME: &'static str = "u128";
    fn add(&mut self, o: &Self) -> bool {
        self.checked_add(*o).map(|s| *self = s).is_some()
    }
    fn room<K>(t: &Table<K, Self>, fanout: u64) -> bool {
        t.parts
            .iter()
            .flatten()
            .try_fold(0u128, |s, &(_, v)| s.checked_add(v))
            .and_then(|s| s.checked_mul(u128::from(fanout)))
            .is_some()
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
    const NAME: &'static str = "big";
    fn add(&mut self, o: &Self) -> bool {
        *self += o;
        true
    }
    fn room<K>(_: &Table<K, Self>, _: u64) -> bool {
        true
    }
    fn big(&self) -> BigUint {
        self.clone()
    }
    fn heap_bytes(&self) -> usize {
        self.bits().div_ceil(64) as usize * 8
    }
}

/// A table at rest: the states of each part, unordered, each once.
#[derive(Clone, Debug)]
pub(crate) struct Table<K, V> {
    pub parts: Vec<Vec<(K, V)>>,
}

impl<K: State, V: Tally> Table<K, V> {
    /// The table holding one state.
    pub fn single(k: K, v: V) -> Table<K, V> {
        let mut t = Table::empty();
        t.parts[part_of(k)].push((k, v));
        t
    }

    pub fn empty() -> Table<K, V> {
        Table {
            parts: vec![Vec::new(); PARTS],
        }
    }

    /// Number of states.
    pub fn len(&self) -> usize {
        self.parts.iter().map(Vec::len).sum()
    }

    /// Every state with its ways.
    pub fn iter(&self) -> impl Iterator<Item = &(K, V)> {
        self.parts.iter().flatten()
    }

    /// Bytes held (the vectors' capacity, and the big integers' digits).
    pub fn bytes(&self) -> usize {
        let heap: usize = if V::HEAP {
            self.iter().map(|(_, v)| v.heap_bytes()).sum()
        } else {
            0
        };
        self.parts
            .iter()
            .map(|p| p.capacity() * std::mem::size_of::<(K, V)>())
            .sum::<usize>()
            + heap
    }

    /// The same table with every count converted to a wider type.
    pub fn widen<W: Tally>(self, f: impl Fn(V) -> W) -> Table<K, W> {
        Table {
            parts: self
                .parts
                .into_iter()
                .map(|p| p.into_iter().map(|(k, v)| (k, f(v))).collect())
                .collect(),
        }
    }
}

/// A table in any of its representations, as a checkpoint holds it.
#[derive(Clone, Debug)]
pub(crate) enum AnyWays<K> {
    U64(Table<K, u64>),
    U128(Table<K, u128>),
    Big(Table<K, BigUint>),
}

/// A table with states of either width.
#[derive(Clone, Debug)]
pub(crate) enum AnyTable {
    Narrow(AnyWays<u64>),
    Wide(AnyWays<u128>),
}

impl AnyTable {
    /// Number of states.
    pub fn len(&self) -> usize {
        fn n<K: State>(w: &AnyWays<K>) -> usize {
            match w {
                AnyWays::U64(t) => t.len(),
                AnyWays::U128(t) => t.len(),
                AnyWays::Big(t) => t.len(),
            }
        }
        match self {
            AnyTable::Narrow(w) => n(w),
            AnyTable::Wide(w) => n(w),
        }
    }
}

/// Bytes of hash tables holding `slots` entries of `(K, V)` in all: an entry and a control
/// byte per bucket, at most 7 entries per 8 buckets.
pub(crate) fn map_bytes<K, V>(slots: usize) -> usize {
    slots.saturating_mul(std::mem::size_of::<(K, V)>() + 1) / 7 * 8
}
