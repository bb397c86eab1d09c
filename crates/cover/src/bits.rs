//! Fixed-width bitboards: one bit per column (cell).
//!
//! The width is a const generic so that the hot loops compile to straight-line word operations:
//! a 4x4x4 cube uses one `u64`, a 6x6x6 cube four.

/// A set of column indices below `64 * W`. (Transparent, so that a slice of one-word masks is
/// a run of `u64` for the AVX2 filtering loop, `filter/avx2.rs`.)
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> Bits<W> {
    /// Number of columns this width can hold.
    pub const CAPACITY: usize = 64 * W;

    /// The empty set.
    #[inline]
    pub fn zero() -> Self {
        Bits([0; W])
    }

    /// The set `{0, 1, ..., n-1}`.
    pub fn low(n: usize) -> Self {
        let mut b = Self::zero();
        for i in 0..n {
            b.set(i);
        }
        b
    }

    /// Adds column `i`.
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1u64 << (i % 64);
    }

    /// Whether column `i` is in the set.
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Whether the two sets share a column.
    #[inline(always)]
    pub fn intersects(&self, o: &Self) -> bool {
        let mut acc = 0;
        for i in 0..W {
            acc |= self.0[i] & o.0[i];
        }
        acc != 0
    }

    /// All ones when the two sets are disjoint, else zero; computed without a branch, for
    /// loops whose outcome is unpredictable (filtering rows that still fit).
    #[inline(always)]
    pub fn disjoint_mask(&self, o: &Self) -> u64 {
        let mut acc = 0;
        for i in 0..W {
            acc |= self.0[i] & o.0[i];
        }
        // The top bit of `acc | -acc` is set exactly when `acc != 0`.
        ((acc | acc.wrapping_neg()) >> 63).wrapping_sub(1)
    }

    /// Union.
    #[inline(always)]
    pub fn or(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] |= o.0[i];
        }
        r
    }

    /// Intersection.
    #[inline(always)]
    pub fn and(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= o.0[i];
        }
        r
    }

    /// `self \ o`.
    #[inline(always)]
    pub fn andnot(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..W {
            r.0[i] &= !o.0[i];
        }
        r
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Number of columns in the set.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Smallest column in the set.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The set containing only the smallest column of `self` (empty if `self` is).
    #[inline]
    pub fn lowest(&self) -> Self {
        let mut r = Self::zero();
        if let Some(i) = self.first() {
            r.set(i);
        }
        r
    }

    /// Shifted towards higher indices by `k` bits (bits past the top are lost).
    #[inline]
    pub fn shl(&self, k: usize) -> Self {
        let mut r = Self::zero();
        let (words, bits) = (k / 64, k % 64);
        for i in (words..W).rev() {
            let src = i - words;
            let mut v = self.0[src] << bits;
            if bits != 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            r.0[i] = v;
        }
        r
    }

    /// Shifted towards lower indices by `k` bits.
    #[inline]
    pub fn shr(&self, k: usize) -> Self {
        let mut r = Self::zero();
        let (words, bits) = (k / 64, k % 64);
        for i in 0..W.saturating_sub(words) {
            let src = i + words;
            let mut v = self.0[src] >> bits;
            if bits != 0 && src + 1 < W {
                v |= self.0[src + 1] << (64 - bits);
            }
            r.0[i] = v;
        }
        r
    }

    /// Iterates the columns in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let t = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Some(i * 64 + t)
                }
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_words() {
        let mut b = Bits::<3>::zero();
        b.set(5);
        b.set(63);
        b.set(100);
        let l = b.shl(70);
        assert_eq!(l.iter().collect::<Vec<_>>(), vec![75, 133, 170]);
        assert_eq!(l.shr(70), b);
        assert_eq!(b.shl(64).iter().collect::<Vec<_>>(), vec![69, 127, 164]);
        assert_eq!(b.shr(6).iter().collect::<Vec<_>>(), vec![57, 94]);
        assert_eq!(b.count(), 3);
        assert_eq!(b.first(), Some(5));
        assert_eq!(Bits::<2>::low(70).count(), 70);
    }
}
