//! The filtering loop of `place` with AVX2, for boards of one word (up to 64
//! cells: every classic packing puzzle): four rows per step instead of one. The rows that fit
//! are packed to the front by one lane permutation from a table indexed by which of the four
//! fit (AVX2 has no compress-store), so the step has no branch that depends on the data.
//!
//! Chosen at run time when the processor has AVX2 (`Avx2::detect`), so the program still runs
//! on any x86-64, and never with `--features checked-filter` (which measures the scalar loop's
//! unchecked writes). Its result is exactly the scalar loop's: the same rows, in the same
//! order (tested below against a plain filter).

use crate::bits::Bits;
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// Proof that the processor running the program has AVX2, and the bit instructions every AVX2
/// processor has (`popcnt`, BMI1, BMI2, `lzcnt`: the search is compiled for all of them,
/// `search.rs`); only `detect` makes one.
#[derive(Clone, Copy)]
pub(crate) struct Avx2(());

impl Avx2 {
    /// `Some` when AVX2 can be used.
    pub fn detect() -> Option<Avx2> {
        #[cfg(all(target_arch = "x86_64", not(feature = "checked-filter")))]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
        {
            return Some(Avx2(()));
        }
        None
    }

    /// Writes the rows of `masks` (with their ids `rows`) that are disjoint from `m` to the
    /// front of `out_masks` and `out_rows`, in order; returns how many and the union of their
    /// masks. The outputs must be at least as long as the inputs (they may be written past the
    /// rows kept, up to the inputs' length). Boards of one word only (`W == 1`).
    #[inline(always)]
    pub fn filter<const W: usize>(
        self,
        masks: &[Bits<W>],
        rows: &[u32],
        m: u64,
        out_masks: &mut [Bits<W>],
        out_rows: &mut [u32],
    ) -> (usize, u64) {
        assert!(W == 1 && rows.len() == masks.len());
        assert!(out_masks.len() >= masks.len() && out_rows.len() >= masks.len());
        #[cfg(target_arch = "x86_64")]
        // SAFETY: an `Avx2` exists only when the processor has AVX2 (`detect`), the one
        // requirement of calling a function compiled for it.
        unsafe {
            filter_avx2(masks, rows, m, out_masks, out_rows)
        }
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("`detect` makes no `Avx2` off x86-64")
    }
}

/// `FIRST_LANES[k]`: the first `k` of four 32-bit lanes selected (for masked loads and stores;
/// sign-extended, the same for four 64-bit lanes).
#[cfg(target_arch = "x86_64")]
const FIRST_LANES: [[i32; 4]; 5] = [
    [0, 0, 0, 0],
    [-1, 0, 0, 0],
    [-1, -1, 0, 0],
    [-1, -1, -1, 0],
    [-1, -1, -1, -1],
];

/// For each set of kept lanes (bit `j`: lane `j` of four is kept), the indices of the
/// sub-lanes (`w` to a lane) that move the kept lanes to the front, in order; `fill` after them.
#[cfg(target_arch = "x86_64")]
const fn to_front(w: usize, fill: u8) -> [[u8; 16]; 16] {
    let mut t = [[fill; 16]; 16];
    let mut bits = 0;
    while bits < 16 {
        let (mut j, mut k) = (0, 0);
        while j < 4 {
            if bits >> j & 1 != 0 {
                let mut b = 0;
                while b < w {
                    t[bits][w * k + b] = (w * j + b) as u8;
                    b += 1;
                }
                k += 1;
            }
            j += 1;
        }
        bits += 1;
    }
    t
}

/// The kept `u64` lanes to the front, as the 32-bit lane indices of a lane permutation.
#[cfg(target_arch = "x86_64")]
const MASK_PERM: [[u32; 8]; 16] = {
    let b = to_front(2, 0);
    let mut t = [[0u32; 8]; 16];
    let mut i = 0;
    while i < 16 * 8 {
        t[i / 8][i % 8] = b[i / 8][i % 8] as u32;
        i += 1;
    }
    t
};

/// The kept `u32` row ids to the front, as byte indices of a byte shuffle (0x80: a zero byte).
#[cfg(target_arch = "x86_64")]
const ROW_PERM: [[u8; 16]; 16] = to_front(4, 0x80);

/// `Avx2::filter` (whose checks on the lengths this relies on).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn filter_avx2<const W: usize>(
    masks: &[Bits<W>],
    rows: &[u32],
    m: u64,
    out_masks: &mut [Bits<W>],
    out_rows: &mut [u32],
) -> (usize, u64) {
    let n = masks.len();
    let piece = _mm256_set1_epi64x(m as i64);
    let zero = _mm256_setzero_si256();
    let mut union = zero;
    let mut kept = 0usize;
    let mut i = 0usize;
    while i + 4 <= n {
        // SAFETY: `W == 1` (checked by `filter`) and `Bits` is `repr(transparent)` over
        // `[u64; W]`, so a slice of masks is a run of `u64`. `i + 4 <= n`, so the loads read
        // rows `i..i + 4` of `masks` and `rows` (unaligned loads). The stores write 4 elements at `kept` of outputs at least `n`
        // long, and `kept <= i` (it counts the rows kept among the `i` before), so
        // `kept + 4 <= n`: in bounds. The table loads read one row of a table by an index
        // below 16 (a 4-bit movemask).
        unsafe {
            let e = _mm256_loadu_si256(masks.as_ptr().add(i).cast());
            let r = _mm_loadu_si128(rows.as_ptr().add(i).cast());
            let keep = _mm256_cmpeq_epi64(_mm256_and_si256(e, piece), zero);
            let bits = _mm256_movemask_pd(_mm256_castsi256_pd(keep)) as usize;
            let mp = _mm256_loadu_si256(MASK_PERM[bits].as_ptr().cast());
            let rp = _mm_loadu_si128(ROW_PERM[bits].as_ptr().cast());
            _mm256_storeu_si256(
                out_masks.as_mut_ptr().add(kept).cast(),
                _mm256_permutevar8x32_epi32(e, mp),
            );
            _mm_storeu_si128(
                out_rows.as_mut_ptr().add(kept).cast(),
                _mm_shuffle_epi8(r, rp),
            );
            union = _mm256_or_si256(union, _mm256_and_si256(e, keep));
            kept += bits.count_ones() as usize;
        }
        i += 4;
    }
    let rest = n - i;
    if rest != 0 {
        // The last one to three rows by the same step, with loads and stores of the first
        // lanes only (a row-by-row tail branched on every row, and spans are short).
        // SAFETY: as above, except that the masked loads read only lanes `0..rest`, rows
        // `i..n`, and the masked stores write only lanes `0..k` at `kept`, where `k <= rest`
        // is how many of them are kept: `kept + k <= i + rest = n`. Masked lanes are not
        // accessed.
        unsafe {
            let first_rows = _mm_loadu_si128(FIRST_LANES[rest].as_ptr().cast());
            let first = _mm256_cvtepi32_epi64(first_rows);
            let e = _mm256_maskload_epi64(masks.as_ptr().add(i).cast(), first);
            let r = _mm_maskload_epi32(rows.as_ptr().add(i).cast(), first_rows);
            let keep = _mm256_cmpeq_epi64(_mm256_and_si256(e, piece), zero);
            let bits = _mm256_movemask_pd(_mm256_castsi256_pd(keep)) as usize & ((1 << rest) - 1);
            let k = bits.count_ones() as usize;
            let mp = _mm256_loadu_si256(MASK_PERM[bits].as_ptr().cast());
            let rp = _mm_loadu_si128(ROW_PERM[bits].as_ptr().cast());
            let store_rows = _mm_loadu_si128(FIRST_LANES[k].as_ptr().cast());
            let store = _mm256_cvtepi32_epi64(store_rows);
            _mm256_maskstore_epi64(
                out_masks.as_mut_ptr().add(kept).cast(),
                store,
                _mm256_permutevar8x32_epi32(e, mp),
            );
            _mm_maskstore_epi32(
                out_rows.as_mut_ptr().add(kept).cast(),
                store_rows,
                _mm_shuffle_epi8(r, rp),
            );
            // Lanes past `rest` were loaded as 0 and add nothing to the union.
            union = _mm256_or_si256(union, _mm256_and_si256(e, keep));
            kept += k;
        }
    }
    let mut lanes = [0u64; 4];
    // SAFETY: stores 32 bytes into a local array of 32 bytes.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), union) };
    let u = lanes.iter().fold(0, |a, b| a | b);
    (kept, u)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filter_equals_a_plain_filter() {
        let Some(avx2) = Avx2::detect() else {
            return; // Nothing to compare on a processor without AVX2.
        };
        let mut rng = crate::tests::Lcg(3);
        let mut rnd = || rng.word();
        for n in 0..40 {
            for _ in 0..20 {
                // Sparse masks, so that every pattern of kept lanes occurs.
                let masks: Vec<Bits<1>> = (0..n).map(|_| Bits([rnd() & rnd() & rnd()])).collect();
                let rows: Vec<u32> = (0..n).map(|_| rnd() as u32).collect();
                let m = rnd() & rnd() & rnd();
                let plain: Vec<(u64, u32)> = masks
                    .iter()
                    .zip(&rows)
                    .filter(|(e, _)| e.0[0] & m == 0)
                    .map(|(e, &r)| (e.0[0], r))
                    .collect();
                let (mut om, mut or) = (vec![Bits::zero(); n], vec![0; n]);
                let (kept, union) = avx2.filter(&masks, &rows, m, &mut om, &mut or);
                assert_eq!(kept, plain.len());
                let got: Vec<(u64, u32)> = om[..kept]
                    .iter()
                    .map(|e| e.0[0])
                    .zip(or[..kept].iter().copied())
                    .collect();
                assert_eq!(got, plain);
                assert_eq!(union, plain.iter().fold(0, |a, (e, _)| a | e));
            }
        }
    }
}
