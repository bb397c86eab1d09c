//! Per-cell counts of fitting rows, for all cells at once: a bit-sliced binary counter (bit `i`
//! of every cell's count in one board) with a sticky overflow, so adding a row costs a few word
//! operations whatever its size, and the least covered cells are found without a loop over
//! cells.

use crate::bits::Bits;

/// Counts up to `2^BITS - 1` are exact; larger ones are only known to be large.
const BITS: usize = 4;

/// How many rows cover each cell.
#[derive(Clone, Copy)]
pub(crate) struct Counter<const W: usize> {
    bit: [Bits<W>; BITS],
    overflow: Bits<W>,
}

impl<const W: usize> Counter<W> {
    pub fn new() -> Self {
        Counter {
            bit: [Bits::zero(); BITS],
            overflow: Bits::zero(),
        }
    }

    /// Counts one more row covering the cells of `m` (a ripple-carry add of `m`).
    #[inline(always)]
    pub fn add(&mut self, m: &Bits<W>) {
        let mut carry = *m;
        for b in &mut self.bit {
            let next = b.and(&carry);
            for w in 0..W {
                b.0[w] ^= carry.0[w];
            }
            carry = next;
        }
        self.overflow = self.overflow.or(&carry);
    }

    /// The cells covered at least once.
    #[cfg(test)]
    pub fn covered(&self) -> Bits<W> {
        self.bit.iter().fold(self.overflow, |a, b| a.or(b))
    }

    /// The smallest count among the cells of `cells` and the cells with it, or `None` when
    /// every one of them has overflowed (`cells` must not be empty).
    pub fn min_in(&self, cells: &Bits<W>) -> Option<(u32, Bits<W>)> {
        let mut c = cells.andnot(&self.overflow);
        if c.is_zero() {
            return None;
        }
        // From the top bit down, keep the cells with a 0 bit whenever there are some.
        let mut n = 0;
        for (i, b) in self.bit.iter().enumerate().rev() {
            let zero = c.andnot(b);
            if zero.is_zero() {
                n |= 1 << i;
            } else {
                c = zero;
            }
        }
        Some((n, c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_minimum_match_a_plain_count() {
        let mut c = Counter::<2>::new();
        let mut plain = [0u32; 128];
        let mut x = 7u64;
        for _ in 0..40 {
            let mut m = Bits::<2>::zero();
            for _ in 0..9 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                let i = (x >> 58) as usize + 64 * ((x >> 20) & 1) as usize;
                if !m.get(i) {
                    m.set(i);
                    plain[i] += 1;
                }
            }
            c.add(&m);
            let all = Bits::<2>::low(128);
            let min = *plain.iter().min().unwrap();
            match c.min_in(&all) {
                Some((n, cells)) => {
                    assert_eq!(n, min);
                    for (i, &n) in plain.iter().enumerate() {
                        assert_eq!(cells.get(i), n == min, "cell {i}");
                    }
                }
                None => assert!(min >= 16),
            }
            for (i, &n) in plain.iter().enumerate() {
                assert_eq!(c.covered().get(i), n > 0);
            }
        }
    }
}
