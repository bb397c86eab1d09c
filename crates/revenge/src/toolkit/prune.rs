//! Distance tables: [`NibbleTable`], the one distance-table type of both methods and the
//! analyses (owned, or a mapped cache file), and [`Cells`], its nibbles while the one
//! breadth-first search ([`crate::toolkit::bfs`]) fills them from several threads.
//!
//! A search reads a table through one of its views, plain slices that skip the owned-or-mapped
//! dispatch in the innermost loops:
//! - [`Nibbles`]: entry `i` is a distance (4 bits, capped at [`CAP`]);
//! - [`Residues`]: entry `i` is a distance modulo 3 (2 bits, four to a byte; the search carries
//!   the exact distance along its path, [`next_distance`]), a table made by
//!   [`NibbleTable::residues_of`];
//! - [`SymView`]: a table of coordinate pairs reduced by symmetry ([`SymTable`]).

use crate::toolkit::words::Bytes;
use std::sync::atomic::{AtomicU8, Ordering};

/// Value of a nibble that has not been reached.
pub(crate) const UNSEEN: u8 = 0xF;
/// Entries deeper than this read as this (a lower bound; see [`Cells::cap`]).
pub(crate) const CAP: u8 = 14;

/// A table of 4-bit distances (two entries a byte, the even entry in the low nibble).
pub struct NibbleTable {
    pub(crate) len: usize,
    pub(crate) data: Bytes,
}

impl NibbleTable {
    /// A table of no entries (a placeholder while the real one is built).
    pub(crate) fn empty() -> NibbleTable {
        NibbleTable {
            len: 0,
            data: Bytes::Owned(Vec::new()),
        }
    }
    /// Distance of entry `i`.
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        (self.data[i >> 1] >> ((i & 1) * 4)) & 0xF
    }
    /// Number of entries.
    pub fn len(&self) -> usize {
        self.len
    }
    /// True when the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Size of the entries in bytes.
    pub fn bytes(&self) -> usize {
        self.data.len()
    }
    /// The entries as a plain slice, for a search's innermost lookups.
    #[inline]
    pub(crate) fn nibbles(&self) -> Nibbles<'_> {
        Nibbles(&self.data)
    }
    /// A table of `len` entries, entry `i` being `f(i)` (at most 15).
    pub(crate) fn from_fn(len: usize, f: impl Fn(usize) -> u8) -> NibbleTable {
        let data = (0..len.div_ceil(2))
            .map(|k| {
                let hi = if 2 * k + 1 < len {
                    f(2 * k + 1)
                } else {
                    UNSEEN
                };
                f(2 * k) | hi << 4
            })
            .collect();
        NibbleTable {
            len,
            data: Bytes::Owned(data),
        }
    }
    /// The entries of `full` modulo 3, two bits each, two entries to a nibble (so its length
    /// in nibbles is half of `full`'s): read through [`NibbleTable::residues`]. One turn
    /// changes a distance by at most one, so a search that knows a parent's exact distance
    /// reads its successors' from these ([`next_distance`]), in half the bytes.
    pub(crate) fn residues_of(full: &NibbleTable) -> NibbleTable {
        let data = (0..full.len().div_ceil(4))
            .map(|b| {
                (0..4).fold(0u8, |x, k| {
                    let i = 4 * b + k;
                    let r = if i < full.len() { full.get(i) % 3 } else { 0 };
                    x | r << (2 * k)
                })
            })
            .collect();
        NibbleTable {
            len: full.len().div_ceil(2),
            data: Bytes::Owned(data),
        }
    }
    /// The entries of a table made by [`NibbleTable::residues_of`], as a plain slice.
    #[inline]
    pub(crate) fn residues(&self) -> Residues<'_> {
        Residues(&self.data)
    }
}

/// A [`NibbleTable`]'s entries as a plain slice: lookups through it skip the owned-or-mapped
/// dispatch of the table's bytes (the searches' innermost reads).
#[derive(Copy, Clone)]
pub(crate) struct Nibbles<'a>(&'a [u8]);

impl Nibbles<'_> {
    /// Distance of entry `i`.
    #[inline]
    pub(crate) fn get(self, i: usize) -> u8 {
        (self.0[i >> 1] >> ((i & 1) * 4)) & 0xF
    }
}

/// A [`NibbleTable`] of distances modulo 3 ([`NibbleTable::residues_of`]) as a plain slice.
#[derive(Copy, Clone)]
pub(crate) struct Residues<'a>(&'a [u8]);

impl Residues<'_> {
    /// Entry `i`'s distance modulo 3.
    #[inline]
    pub(crate) fn get(self, i: usize) -> u8 {
        (self.0[i >> 2] >> ((i & 3) * 2)) & 3
    }
}

/// The distance of a successor of a position at distance `parent`, from its remainder
/// modulo 3 (the one of `parent - 1`, `parent` and `parent + 1` with that remainder).
#[inline]
pub(crate) fn next_distance(parent: u8, residue: u8) -> u8 {
    (parent + 1) - (parent + 4 - residue) % 3
}

/// A distance table of coordinate pairs `(a, b)` reduced by a group of symmetries that keep
/// distances, with one row per class of `a`: entry `class * n_b + b'` is the full table's
/// entry of (the class's representative, `b'`). A lookup first conjugates the pair by the
/// symmetry that takes `a` to its representative, so it reads the full table's entries.
pub(crate) struct SymTable {
    /// `a` -> its class << 3 | the symmetry taking it to its representative (two bytes: these
    /// tables stay in the nearest cache).
    of: Vec<u16>,
    /// `s * n_b + b` -> `b` conjugated by symmetry `s`.
    conj_b: Vec<u16>,
    n_b: usize,
    dist: NibbleTable,
}

impl SymTable {
    /// The table `dist` (entry `class * n_b + b`) with the class map `of` of `a` and the
    /// conjugation table `conj_b` of `b` (`n_b` values, at most eight symmetries).
    pub(crate) fn new(of: Vec<u16>, conj_b: Vec<u16>, n_b: usize, dist: NibbleTable) -> SymTable {
        debug_assert_eq!(conj_b.len() % n_b, 0);
        SymTable {
            of,
            conj_b,
            n_b,
            dist,
        }
    }
    /// Bytes of the table and of its class and conjugation tables.
    pub(crate) fn bytes(&self) -> usize {
        self.dist.bytes() + (self.of.len() + self.conj_b.len()) * 2
    }
    /// The table as plain slices, for a search's innermost lookups.
    pub(crate) fn view(&self) -> SymView<'_> {
        SymView {
            of: &self.of,
            conj_b: &self.conj_b,
            n_b: self.n_b,
            dist: self.dist.nibbles(),
        }
    }
}

/// A [`SymTable`] as plain slices.
#[derive(Copy, Clone)]
pub(crate) struct SymView<'a> {
    of: &'a [u16],
    conj_b: &'a [u16],
    n_b: usize,
    dist: Nibbles<'a>,
}

impl SymView<'_> {
    /// The full table's entry of `(a, b)`.
    #[inline]
    pub(crate) fn get(self, a: usize, b: usize) -> u8 {
        let cs = self.of[a] as usize;
        let b = self.conj_b[(cs & 7) * self.n_b + b] as usize;
        self.dist.get((cs >> 3) * self.n_b + b)
    }
}

/// The nibbles of a table being built, shared by the threads of a search: all [`UNSEEN`] at
/// first, and only ever lowered.
pub(crate) struct Cells {
    len: usize,
    data: Vec<AtomicU8>,
}

impl Cells {
    pub(crate) fn new(len: usize) -> Cells {
        let data = (0..len.div_ceil(2)).map(|_| AtomicU8::new(0xFF)).collect();
        Cells { len, data }
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> u8 {
        (self.data[i >> 1].load(Ordering::Relaxed) >> ((i & 1) * 4)) & 0xF
    }

    /// Sets an unseen nibble to `v`; true when this call changed it. Bits are only cleared, so
    /// concurrent calls on the other nibble of the byte keep theirs.
    #[inline]
    pub(crate) fn set(&self, i: usize, v: u8) -> bool {
        let shift = (i & 1) * 4;
        let clear = (!v & 0xF) << shift;
        let old = self.data[i >> 1].fetch_and(!clear, Ordering::Relaxed);
        (old >> shift) & 0xF == UNSEEN
    }

    /// Entries are 4 bits and 15 means unseen: everything not reached by depth [`CAP`] is at
    /// least that far, and [`CAP`] is an admissible (lower-bound) value for it.
    pub(crate) fn cap(&self) {
        for c in &self.data {
            let v = c.load(Ordering::Relaxed);
            let lo = if v & 0xF == UNSEEN { CAP } else { v & 0xF };
            let hi = if v >> 4 == UNSEEN { CAP } else { v >> 4 };
            c.store(lo | hi << 4, Ordering::Relaxed);
        }
    }

    pub(crate) fn into_table(self) -> NibbleTable {
        let data = self.data.into_iter().map(|c| c.into_inner()).collect();
        NibbleTable {
            len: self.len,
            data: Bytes::Owned(data),
        }
    }
}
