//! The filtering loop of `place` with AVX2, for boards of one word (up to 64
//! cells: every classic packing puzzle): four rows per step instead of one. The rows that fit
//! are packed to the front by one lane permutation from a table indexed by which of the four
//! fit (AVX2 has no compress-store), so the step has no branch that depends on the data.
//!
//! Chosen at run time when the processor has AVX2 (`Avx2::detect`), so the program still runs
//! on any x86-64, and never with `--features checked-filter` (which measures the scalar loop's
//! unchecked writes). Its result is exactly the scalar loop's: the same rows, in the same
//! order (tested below against a plain filter).

use super::LEVEL_SLACK;
use crate::bits::Bits;
#[cfg(target_arch = "x86_64")]
use crate::counter::avx2::Lanes;
use crate::counter::Counter;
use crate::span::Span;
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;
use std::ops::Range;

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

    /// [`super::filter_level`] four rows a step, for boards of one word (`W == 1`). The lists
    /// must reach [`LEVEL_SLACK`] entries past `top` plus the parent's rows: every step reads
    /// four rows and writes four, also at a span's end, where the lanes past it are not kept.
    /// No per-span tail, no per-span union: the spans are short (about 16 rows), and those
    /// were about a third of the filtering's instructions.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn filter_level<const W: usize>(
        self,
        masks: &mut [Bits<W>],
        rows: &mut [u32],
        spans: &mut Vec<Span>,
        parent: Range<usize>,
        top: usize,
        m: u64,
        used_up: u32,
        needed: impl Fn(u32) -> bool,
    ) -> Option<(usize, Counter<W>)> {
        assert!(W == 1 && rows.len() == masks.len());
        #[cfg(target_arch = "x86_64")]
        // SAFETY: an `Avx2` exists only when the processor has AVX2 (`detect`), the one
        // requirement of calling a function compiled for it.
        unsafe {
            filter_level_avx2(masks, rows, spans, parent, top, m, used_up, needed)
        }
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("`detect` makes no `Avx2` off x86-64")
    }
}

impl Avx2 {
    /// Which of the rows `at..at + 64` of `masks` (those there are) cover column `c`: bit `j`
    /// for row `at + j`. Boards of one word only (`W == 1`).
    #[inline(always)]
    pub fn covering_window<const W: usize>(self, masks: &[Bits<W>], at: usize, c: usize) -> u64 {
        assert!(W == 1 && c < 64 && at <= masks.len());
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `filter_level`.
        unsafe {
            covering_window_avx2(masks, at, c)
        }
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("`detect` makes no `Avx2` off x86-64")
    }
}

/// `Avx2::covering_window` (whose checks this relies on): sixteen tests of four rows, a fixed
/// loop, the column's bit shifted to each lane's sign and read by `movmskpd`. The candidates
/// are a few among a hundred rows or more, and a scan that stopped at each of them
/// mispredicted its exit every time (`covering.rs`: about 8% of the search's time on solid
/// pentominoes with AVX2).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn covering_window_avx2<const W: usize>(masks: &[Bits<W>], at: usize, c: usize) -> u64 {
    let n = masks.len();
    let to_sign = _mm_cvtsi64_si128(63 - c as i64);
    let p = masks.as_ptr().cast::<i64>();
    let mut bits = 0u64;
    for j in 0..16 {
        let i = at + 4 * j;
        let rows = if i + 4 <= n {
            // SAFETY: `W == 1`, so the masks are a run of `n` `u64`s (`Bits` is
            // `repr(transparent)` over `[u64; W]`): this reads rows `i..i + 4`, all below `n`.
            unsafe { _mm256_loadu_si256(p.add(i).cast()) }
        } else if i < n {
            // SAFETY: as above; the masked load reads only the lanes of rows `i..n`, by a
            // table row whose index `n - i` is 1 to 3.
            unsafe {
                let valid = _mm256_loadu_si256(VALID[n - i].as_ptr().cast());
                _mm256_maskload_epi64(p.add(i), valid)
            }
        } else {
            break;
        };
        let sign = _mm256_sll_epi64(rows, to_sign);
        bits |= (_mm256_movemask_pd(_mm256_castsi256_pd(sign)) as u64) << (4 * j);
    }
    bits
}

// The steps of `filter_level_avx2` read and write four entries past a position in bounds.
const _: () = assert!(LEVEL_SLACK >= 4);

/// `VALID[k]`: the first `min(k, 4)` of four 64-bit lanes selected (the rows of a step that
/// lie before its span's end).
#[cfg(target_arch = "x86_64")]
const VALID: [[i64; 4]; 5] = [
    [0, 0, 0, 0],
    [-1, 0, 0, 0],
    [-1, -1, 0, 0],
    [-1, -1, -1, 0],
    [-1, -1, -1, -1],
];

/// `Avx2::filter_level` (whose checks on the bounds this relies on).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
#[inline]
#[allow(clippy::too_many_arguments)]
fn filter_level_avx2<const W: usize>(
    masks: &mut [Bits<W>],
    rows: &mut [u32],
    spans: &mut Vec<Span>,
    parent: Range<usize>,
    top: usize,
    m: u64,
    used_up: u32,
    needed: impl Fn(u32) -> bool,
) -> Option<(usize, Counter<W>)> {
    let piece = _mm256_set1_epi64x(m as i64);
    let zero = _mm256_setzero_si256();
    let all = _mm256_set1_epi64x(-1);
    let mut cover = Lanes::new();
    let mut out = top;
    // One pointer each for the reads (below `top`, and up to three past a span's end) and the
    // writes (from `top` on): both into the same lists.
    let len = masks.len();
    let (mp, rp) = (masks.as_mut_ptr().cast::<u64>(), rows.as_mut_ptr());
    for si in parent {
        let sp = spans[si];
        if sp.group == used_up {
            continue;
        }
        let start = out;
        let (mut i, end) = (sp.start as usize, sp.end as usize);
        // What the steps below rely on (a few predictable compares per span).
        assert!(i <= end && end <= top && out + (end - i) + LEVEL_SLACK <= len);
        // One step: the rows `i..i + 4` of the lanes in `valid` that are disjoint from the
        // piece, to the front at `out`.
        let mut step = |i: usize, valid: __m256i| {
            // SAFETY: `W == 1` and `Bits` is `repr(transparent)` over `[u64; W]`, and both
            // lists are `len` long (checked by `filter_level`): runs of `u64` and `u32`. A
            // step reads four entries from `i < end <= top`, so below `top + LEVEL_SLACK`,
            // and writes four from `out`, which is `start` plus the rows kept of the span so
            // far (fewer than those read, `i - sp.start`), so below
            // `start + (end - sp.start) + LEVEL_SLACK` (`LEVEL_SLACK` is 4): both within
            // `len` (checked above, and `start >= top`). Reads past `end` may see other rows
            // or rows written by this call; their lanes are not in `valid`, so not kept. The
            // table loads read one row of a table by an index below 16 (a 4-bit movemask).
            unsafe {
                let e = _mm256_loadu_si256(mp.add(i).cast());
                let r = _mm_loadu_si128(rp.add(i).cast());
                let fits = _mm256_cmpeq_epi64(_mm256_and_si256(e, piece), zero);
                let keep = _mm256_and_si256(fits, valid);
                let bits = _mm256_movemask_pd(_mm256_castsi256_pd(keep)) as usize;
                let perm_m = _mm256_loadu_si256(MASK_PERM[bits].as_ptr().cast());
                let perm_r = _mm_loadu_si128(ROW_PERM[bits].as_ptr().cast());
                _mm256_storeu_si256(mp.add(out).cast(), _mm256_permutevar8x32_epi32(e, perm_m));
                _mm_storeu_si128(rp.add(out).cast(), _mm_shuffle_epi8(r, perm_r));
                out += bits.count_ones() as usize;
                _mm256_and_si256(e, keep)
            }
        };
        // The kept rows are counted as they go by, two steps to one carry-save add where the
        // span is long enough.
        while i + 8 <= end {
            let (a, b) = (step(i, all), step(i + 4, all));
            cover.add2(a, b);
            i += 8;
        }
        if i + 4 <= end {
            cover.add(step(i, all));
            i += 4;
        }
        if i < end {
            // SAFETY: reads one row of a table by an index of 1 to 3.
            cover.add(step(i, unsafe {
                _mm256_loadu_si256(VALID[end - i].as_ptr().cast())
            }));
        }
        if out == start && needed(sp.group) {
            return None;
        }
        spans.push(Span {
            group: sp.group,
            start: start as u32,
            end: out as u32,
        });
    }
    Some((out, cover.sum()))
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::tests::{equals_the_plain_filter, window_equals_a_row_by_row_test};

    #[test]
    fn covering_window_equals_a_row_by_row_test() {
        let Some(avx2) = Avx2::detect() else {
            return; // Nothing to compare on a processor without AVX2.
        };
        window_equals_a_row_by_row_test(&|m, at, c| avx2.covering_window(m, at, c));
    }

    #[test]
    fn filter_level_equals_the_plain_filter() {
        let Some(avx2) = Avx2::detect() else {
            return; // Nothing to compare on a processor without AVX2.
        };
        equals_the_plain_filter(3, &|m, r, s, parent, top, piece, used_up, needed| {
            avx2.filter_level(m, r, s, parent, top, piece, used_up, needed)
        });
    }
}
