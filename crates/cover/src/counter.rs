//! Per-cell counts of fitting rows, for all cells at once: a bit-sliced binary counter (bit `i`
//! of every cell's count in one board) with a sticky overflow, so adding a row costs a few word
//! operations whatever its size, and the least covered cells are found without a loop over
//! cells.

pub(crate) mod avx2;
pub(crate) mod avx512;

use crate::bits::Bits;

/// Counts up to `2^BITS - 1` are exact; larger ones are only known to be large.
const BITS: usize = 4;

/// How many rows cover each cell.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Counter<const W: usize> {
    bit: [Bits<W>; BITS],
    overflow: Bits<W>,
}

impl<const W: usize> Counter<W> {
    /// The largest count known exactly.
    pub const MAX: u32 = (1 << BITS) - 1;

    pub fn new() -> Self {
        Counter {
            bit: [Bits::zero(); BITS],
            overflow: Bits::zero(),
        }
    }

    /// How many of `rows` cover each cell.
    #[inline]
    pub fn of(rows: &[Bits<W>]) -> Self {
        let mut c = Self::new();
        c.add_all(rows);
        c
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

    /// Counts every row of `rows`. Four rows at a time go through carry-save adders (the
    /// Harley–Seal scheme): two full adders on bit 0, one on bit 1, then one carry rippled
    /// from bit 2 up, about 5 word operations per row instead of 9. The result is exactly
    /// that of `add` on each row.
    #[inline]
    pub fn add_all(&mut self, rows: &[Bits<W>]) {
        let mut quads = rows.chunks_exact(4);
        for q in &mut quads {
            let [b0, b1, ..] = &mut self.bit;
            let c1a = full_add(b0, &q[0], &q[1]);
            let c1b = full_add(b0, &q[2], &q[3]);
            let c2 = full_add(b1, &c1a, &c1b);
            let mut carry = c2;
            for b in &mut self.bit[2..] {
                let next = b.and(&carry);
                for w in 0..W {
                    b.0[w] ^= carry.0[w];
                }
                carry = next;
            }
            self.overflow = self.overflow.or(&carry);
        }
        for m in quads.remainder() {
            self.add(m);
        }
    }

    /// The cells covered at least once.
    #[inline(always)]
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

/// A full adder on every bit position: `acc + a + b` leaves its low bit in `acc` and returns
/// the carry.
#[inline(always)]
fn full_add<const W: usize>(acc: &mut Bits<W>, a: &Bits<W>, b: &Bits<W>) -> Bits<W> {
    let mut carry = Bits::zero();
    for w in 0..W {
        let u = acc.0[w] ^ a.0[w];
        carry.0[w] = (acc.0[w] & a.0[w]) | (u & b.0[w]);
        acc.0[w] = u ^ b.0[w];
    }
    carry
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_minimum_match_a_plain_count() {
        let mut c = Counter::<2>::new();
        let mut plain = [0u32; 128];
        let mut rows = Vec::new();
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
            rows.push(m);
            let mut batch = Counter::<2>::new();
            batch.add_all(&rows);
            assert!(batch.bit == c.bit && batch.overflow == c.overflow);
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

    #[test]
    fn batched_adds_equal_single_adds_past_overflow() {
        // Rows of 12 cells out of 16: counts pass 15 after a few dozen rows.
        let mut rng = crate::test_rng::Lcg(11);
        let rows: Vec<Bits<1>> = (0..70)
            .map(|_| {
                let x = rng.word();
                let mut m = Bits::<1>([x >> 48]);
                while m.count() > 12 {
                    m.0[0] &= m.0[0] - 1;
                }
                m
            })
            .collect();
        for n in 0..rows.len() {
            let mut one = Counter::<1>::new();
            for m in &rows[..n] {
                one.add(m);
            }
            let mut batch = Counter::<1>::new();
            batch.add_all(&rows[..n]);
            assert!(
                batch.bit == one.bit && batch.overflow == one.overflow,
                "{n} rows"
            );
        }
        let mut all = Counter::<1>::new();
        all.add_all(&rows);
        assert!(!all.overflow.is_zero(), "the test must reach the overflow");
    }
}
