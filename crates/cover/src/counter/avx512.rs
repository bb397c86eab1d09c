//! The cover counter with AVX-512, for boards of one word: eight rows side by side in the eight
//! 64-bit lanes of a register, each lane a bit-sliced counter of its own, the lanes added at the
//! end (the upper four onto the lower four, then as in `avx2.rs`). Bit for bit the scalar
//! counter's result (tested below). A full adder is two `vpternlogq` (sum and majority).

use super::avx2::Lanes;
use super::{Counter, BITS};
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// The eight lanes' counters: bit `k` of every lane's counts in `bit[k]`.
#[cfg(target_arch = "x86_64")]
pub(crate) struct Lanes8 {
    bit: [__m512i; BITS],
    overflow: __m512i,
}

#[cfg(target_arch = "x86_64")]
impl Lanes8 {
    /// No rows counted.
    #[target_feature(enable = "avx512f")]
    #[inline]
    pub fn new() -> Self {
        let zero = _mm512_setzero_si512();
        Lanes8 {
            bit: [zero; BITS],
            overflow: zero,
        }
    }

    /// Counts one more row in each lane covering the cells of that lane of `a`, and of `b`
    /// (by one full adder on bit 0).
    #[target_feature(enable = "avx512f")]
    #[inline]
    pub fn add2(&mut self, a: __m512i, b: __m512i) {
        let b0 = self.bit[0];
        self.bit[0] = _mm512_ternarylogic_epi64::<0x96>(b0, a, b);
        self.carry_from(1, _mm512_ternarylogic_epi64::<0xE8>(b0, a, b));
    }

    /// Adds `carry` at bit `from` and ripples it up (past the top bit: overflow).
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn carry_from(&mut self, from: usize, mut carry: __m512i) {
        for b in &mut self.bit[from..] {
            let next = _mm512_and_si512(*b, carry);
            *b = _mm512_xor_si512(*b, carry);
            carry = next;
        }
        self.overflow = _mm512_or_si512(self.overflow, carry);
    }

    /// The eight lane counters added up.
    #[target_feature(enable = "avx512f,avx2")]
    #[inline]
    pub fn sum<const W: usize>(self) -> Counter<W> {
        let low = |v| _mm512_castsi512_si256(v);
        let high = |v| _mm512_extracti64x4_epi64::<1>(v);
        let mut lanes = Lanes::of(self.bit.map(low), low(self.overflow));
        lanes.merge(self.bit.map(high), high(self.overflow));
        lanes.sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Bits;

    /// Rows added two at a time, eight lanes side by side, sum to the scalar counter.
    #[test]
    fn lanes_sum_to_the_scalar_counter() {
        if !std::arch::is_x86_feature_detected!("avx512f") {
            return; // Nothing to compare on a processor without AVX-512.
        }
        let mut rng = crate::test_rng::Lcg(19);
        for n in 0..40 {
            for dense in [false, true] {
                // Sparse rows keep counts below 16 for a while; dense ones overflow soon.
                let rows: Vec<u64> = (0..8 * n)
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
                // SAFETY: AVX-512 was detected above (and every such processor has AVX2).
                let got: Counter<1> = unsafe { sum_in_lanes(&rows) };
                assert!(got == plain, "{n} steps, dense {dense}");
            }
        }
    }

    /// `rows` (a multiple of eight) through `Lanes8`, sixteen at a time (the rest with zeros).
    #[target_feature(enable = "avx512f,avx2")]
    fn sum_in_lanes(rows: &[u64]) -> Counter<1> {
        let mut l = Lanes8::new();
        // SAFETY: reads eight `u64` of a chunk of eight.
        let v = |q: &[u64]| unsafe { _mm512_loadu_si512(q.as_ptr().cast()) };
        let mut pairs = rows.chunks_exact(16);
        for q in &mut pairs {
            l.add2(v(&q[..8]), v(&q[8..]));
        }
        for q in pairs.remainder().chunks_exact(8) {
            l.add2(v(q), _mm512_setzero_si512());
        }
        l.sum()
    }
}
