//! `Counter::add_all` with AVX2, for boards of one word: four rows side by side in the four
//! 64-bit lanes of a register, each lane a bit-sliced counter of its own (the same carry-save
//! scheme as the scalar counter, sixteen rows per step), the four lane counters added at the
//! end. Bit for bit the scalar counter's result (tested below).
//!
//! Tried before as a call from the scalar search and dropped (the lists counted are short, about
//! 80 rows, and the call and the lane sum cost more than the steps saved); now the whole search
//! is compiled for AVX2 (`search.rs`, `dfs_avx2`) and this is inlined into it.

use super::{Counter, BITS};
use crate::bits::Bits;
use crate::filter::Avx2;
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

impl Avx2 {
    /// How many of `rows` cover each cell: the same counter as `Counter::new()` followed by
    /// `add_all(rows)`. Boards of one word only (`W == 1`).
    #[inline(always)]
    pub fn count<const W: usize>(self, rows: &[Bits<W>]) -> Counter<W> {
        assert!(W == 1);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: an `Avx2` exists only when the processor has AVX2 (`Avx2::detect`), the one
        // requirement of calling a function compiled for it.
        unsafe {
            count_avx2(rows)
        }
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("`detect` makes no `Avx2` off x86-64")
    }
}

/// The four lanes' counters: bit `k` of every lane's counts in `bit[k]`.
#[cfg(target_arch = "x86_64")]
struct Lanes {
    bit: [__m256i; BITS],
    overflow: __m256i,
}

#[cfg(target_arch = "x86_64")]
impl Lanes {
    /// Counts one more row in each lane covering the cells of that lane of `v`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn add(&mut self, v: __m256i) {
        let mut carry = v;
        for b in &mut self.bit {
            let next = _mm256_and_si256(*b, carry);
            *b = _mm256_xor_si256(*b, carry);
            carry = next;
        }
        self.overflow = _mm256_or_si256(self.overflow, carry);
    }
}

#[cfg(target_arch = "x86_64")]
impl Lanes {
    /// Adds to each lane's counter that of the lane `moved` brings to it (counts modulo 16,
    /// overflow sticky: `Counter::merge` on registers).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn fold(&mut self, moved: impl Fn(__m256i) -> __m256i) {
        let mut carry = _mm256_setzero_si256();
        for b in &mut self.bit {
            carry = full_add_lanes(b, moved(*b), carry);
        }
        self.overflow =
            _mm256_or_si256(_mm256_or_si256(self.overflow, moved(self.overflow)), carry);
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

/// `Avx2::count` (whose check `W == 1` this relies on).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn count_avx2<const W: usize>(rows: &[Bits<W>]) -> Counter<W> {
    let n = rows.len();
    let p: *const u64 = rows.as_ptr().cast();
    let zero = _mm256_setzero_si256();
    let mut l = Lanes {
        bit: [zero; BITS],
        overflow: zero,
    };
    let mut i = 0;
    // SAFETY (all loads below): `W == 1` and `Bits` is `repr(transparent)` over `[u64; W]`,
    // so the rows are a run of `n` `u64`s at `p`; every unaligned load reads four of them at
    // `i + 4 * j` with `i + 4 * j + 4 <= n`, and the masked load reads only lanes `0..n - i`.
    while i + 16 <= n {
        let [b0, b1, ..] = &mut l.bit;
        let (c1a, c1b) = unsafe {
            let v = |j: usize| _mm256_loadu_si256(p.add(i + 4 * j).cast());
            (
                full_add_lanes(b0, v(0), v(1)),
                full_add_lanes(b0, v(2), v(3)),
            )
        };
        let c2 = full_add_lanes(b1, c1a, c1b);
        let mut carry = c2;
        for b in &mut l.bit[2..] {
            let next = _mm256_and_si256(*b, carry);
            *b = _mm256_xor_si256(*b, carry);
            carry = next;
        }
        l.overflow = _mm256_or_si256(l.overflow, carry);
        i += 16;
    }
    while i + 4 <= n {
        l.add(unsafe { _mm256_loadu_si256(p.add(i).cast()) });
        i += 4;
    }
    if i < n {
        let rest = n - i;
        let first = _mm256_cmpgt_epi64(
            _mm256_set1_epi64x(rest as i64),
            _mm256_set_epi64x(3, 2, 1, 0),
        );
        // Masked lanes read as 0: no row, nothing counted.
        l.add(unsafe { _mm256_maskload_epi64(p.add(i).cast(), first) });
    }
    // The four lane counters added up, on registers: the upper two lanes onto the lower two,
    // then lane 1 onto lane 0 (storing the lanes and adding them one by one was a fifth of the
    // counting).
    l.fold(|v| _mm256_permute4x64_epi64::<0b0100_1110>(v));
    l.fold(|v| _mm256_shuffle_epi32::<0b0100_1110>(v));
    let lane0 = |v: __m256i| _mm_cvtsi128_si64(_mm256_castsi256_si128(v)) as u64;
    let mut sum = Counter::<W>::new();
    for (b, v) in sum.bit.iter_mut().zip(&l.bit) {
        b.0[0] = lane0(*v);
    }
    sum.overflow.0[0] = lane0(l.overflow);
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_equals_the_scalar_counter() {
        let Some(avx2) = Avx2::detect() else {
            return; // Nothing to compare on a processor without AVX2.
        };
        let mut rng = crate::tests::Lcg(9);
        let mut rnd = || rng.word();
        for n in 0..150 {
            for dense in [false, true] {
                // Sparse rows keep counts below 16 for a while; dense ones overflow soon.
                let rows: Vec<Bits<1>> = (0..n)
                    .map(|_| Bits([if dense { rnd() } else { rnd() & rnd() & rnd() }]))
                    .collect();
                let mut plain = Counter::<1>::new();
                plain.add_all(&rows);
                let got = avx2.count(&rows);
                assert!(
                    got.bit == plain.bit && got.overflow == plain.overflow,
                    "{n} rows, dense {dense}"
                );
            }
        }
    }
}
