//! 4-bit distance tables: [`NibbleTable`], the one distance-table type of both methods and the
//! analyses (owned, or a mapped cache file), and [`Cells`], its nibbles while the one
//! breadth-first search ([`crate::toolkit::bfs`]) fills them from several threads.

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
