//! The cover counter with AVX2, for boards of one word: four rows side by side in the four
//! 64-bit lanes of a register, each lane a bit-sliced counter of its own, the four lane
//! counters added at the end. Bit for bit the scalar counter's result (tested below).
//!
//! The AVX2 filtering loop (`filter/avx2.rs`) counts the rows it keeps as it goes, step by
//! step, instead of a second pass over the rows it has just written (whose loads waited on
//! those stores: the same instructions took about 4% longer).

use super::{Counter, BITS};
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// The four lanes' counters: bit `k` of every lane's counts in `bit[k]`.
#[cfg(target_arch = "x86_64")]
pub(crate) struct Lanes {
    bit: [__m256i; BITS],
    overflow: __m256i,
}

#[cfg(target_arch = "x86_64")]
impl Lanes {
    /// No rows counted.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn new() -> Self {
        let zero = _mm256_setzero_si256();
        Lanes {
            bit: [zero; BITS],
            overflow: zero,
        }
    }

    /// Counts one more row in each lane covering the cells of that lane of `v`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn add(&mut self, v: __m256i) {
        let mut carry = v;
        for b in &mut self.bit {
            let next = _mm256_and_si256(*b, carry);
            *b = _mm256_xor_si256(*b, carry);
            carry = next;
        }
        self.overflow = _mm256_or_si256(self.overflow, carry);
    }

    /// Counts the rows of `a` and of `b` (`add` twice, by one full adder on bit 0).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn add2(&mut self, a: __m256i, b: __m256i) {
        let [b0, rest @ ..] = &mut self.bit;
        let mut carry = full_add_lanes(b0, a, b);
        for b in rest {
            let next = _mm256_and_si256(*b, carry);
            *b = _mm256_xor_si256(*b, carry);
            carry = next;
        }
        self.overflow = _mm256_or_si256(self.overflow, carry);
    }
}

#[cfg(target_arch = "x86_64")]
impl Lanes {
    /// Adds to each lane's counter that of the lane `moved` brings to it.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn fold(&mut self, moved: impl Fn(__m256i) -> __m256i) {
        let (bit, overflow) = (self.bit.map(&moved), moved(self.overflow));
        self.merge(bit, overflow);
    }

    /// Adds to each lane's counter the counter in the same lane of `bit` and `overflow` (counts
    /// modulo 16, overflow sticky: `Counter::merge` on registers).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn merge(&mut self, bit: [__m256i; BITS], overflow: __m256i) {
        let mut carry = _mm256_setzero_si256();
        for (b, other) in self.bit.iter_mut().zip(bit) {
            carry = full_add_lanes(b, other, carry);
        }
        self.overflow = _mm256_or_si256(_mm256_or_si256(self.overflow, overflow), carry);
    }

    /// Lanes holding the counters `bit`, `overflow`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn of(bit: [__m256i; BITS], overflow: __m256i) -> Self {
        Lanes { bit, overflow }
    }
}

/// A full adder on every bit of every lane (`full_add` on registers).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn full_add_lanes(acc: &mut __m256i, a: __m256i, b: __m256i) -> __m256i {
    let u = _mm256_xor_si256(*acc, a);
    let carry = _mm256_or_si256(_mm256_and_si256(*acc, a), _mm256_and_si256(u, b));
    *acc = _mm256_xor_si256(u, b);
    carry
}

#[cfg(target_arch = "x86_64")]
impl Lanes {
    /// The four lane counters added up, on registers: the upper two lanes onto the lower two,
    /// then lane 1 onto lane 0 (storing the lanes and adding them one by one was a fifth of the
    /// counting).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub fn sum<const W: usize>(mut self) -> Counter<W> {
        self.fold(|v| _mm256_permute4x64_epi64::<0b0100_1110>(v));
        self.fold(|v| _mm256_shuffle_epi32::<0b0100_1110>(v));
        let lane0 = |v: __m256i| _mm_cvtsi128_si64(_mm256_castsi256_si128(v)) as u64;
        let mut sum = Counter::<W>::new();
        for (b, v) in sum.bit.iter_mut().zip(&self.bit) {
            b.0[0] = lane0(*v);
        }
        sum.overflow.0[0] = lane0(self.overflow);
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Bits;

    /// Rows added one or two at a time, four lanes side by side, sum to the scalar counter.
    #[test]
    fn lanes_sum_to_the_scalar_counter() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return; // Nothing to compare on a processor without AVX2.
        }
        let mut rng = crate::test_rng::Lcg(9);
        for n in 0..40 {
            for dense in [false, true] {
                // Sparse rows keep counts below 16 for a while; dense ones overflow soon.
                let rows: Vec<u64> = (0..4 * n)
                    .map(|_| {
                        let x = rng.word();
                        if dense {
                            x
                        } else {
                            x & rng.word() & rng.word()
                        }
                    })
                    .collect();
                let mut plain = Counter::<1>::new();
                for &r in &rows {
                    plain.add(&Bits([r]));
                }
                // SAFETY: AVX2 was detected above.
                let got: Counter<1> = unsafe { sum_in_lanes(&rows) };
                assert!(got == plain, "{n} steps, dense {dense}");
            }
        }
    }

    /// `rows` (a multiple of four) through `Lanes`: pairs by `add2`, the rest by `add`.
    #[target_feature(enable = "avx2")]
    fn sum_in_lanes(rows: &[u64]) -> Counter<1> {
        let mut l = Lanes::new();
        let v = |q: &[u64]| _mm256_set_epi64x(q[3] as i64, q[2] as i64, q[1] as i64, q[0] as i64);
        let mut quads = rows.chunks_exact(8);
        for q in &mut quads {
            l.add2(v(&q[..4]), v(&q[4..]));
        }
        for q in quads.remainder().chunks_exact(4) {
            l.add(v(q));
        }
        l.sum()
    }
}
