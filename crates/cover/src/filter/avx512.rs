//! The filtering loop of `place` with AVX-512, for boards of one word (up to 64 cells: every
//! classic packing puzzle): eight rows per step, the rows that fit packed to the front by
//! `vpcompressq` (and their ids by `vpcompressd`), a span's last rows by masked loads and
//! stores instead of a tail loop, and the kept rows counted as they go (`counter/avx512.rs`).
//!
//! Chosen at run time when the processor has AVX-512 (`Avx512::detect`), before the AVX2 loop
//! (`avx2.rs`); its result is exactly the plain loop's (tested below).

use crate::bits::Bits;
use crate::counter::avx512::Lanes8;
use crate::counter::Counter;
use crate::span::Span;
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;
use std::ops::Range;

/// Proof that the processor running the program has AVX-512 (foundation, VL, BW, DQ) and
/// everything `Avx2` stands for (the search is compiled for all of them, `search.rs`); only
/// `detect` makes one.
#[derive(Clone, Copy)]
pub(crate) struct Avx512(());

impl Avx512 {
    /// `Some` when AVX-512 can be used.
    pub fn detect() -> Option<Avx512> {
        #[cfg(all(target_arch = "x86_64", not(feature = "checked-filter")))]
        if super::Avx2::detect().is_some()
            && std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512dq")
        {
            return Some(Avx512(()));
        }
        None
    }

    /// [`super::filter_level`] eight rows a step, for boards of one word (`W == 1`); the rows
    /// kept are counted as they go, so the child's counter comes with them.
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
        // SAFETY: an `Avx512` exists only when the processor has the instructions
        // `filter_level_avx512` is compiled for (`detect`), the one requirement of calling it.
        unsafe {
            filter_level_avx512(masks, rows, spans, parent, top, m, used_up, needed)
        }
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("`detect` makes no `Avx512` off x86-64")
    }
}

impl Avx512 {
    /// Which of the rows `at..at + 64` of `masks` (those there are) cover column `c`: bit `j`
    /// for row `at + j`. Boards of one word only (`W == 1`).
    #[inline(always)]
    pub fn covering_window<const W: usize>(self, masks: &[Bits<W>], at: usize, c: usize) -> u64 {
        assert!(W == 1 && c < 64 && at <= masks.len());
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `filter_level`.
        unsafe {
            covering_window_avx512(masks, at, c)
        }
        #[cfg(not(target_arch = "x86_64"))]
        unreachable!("`detect` makes no `Avx512` off x86-64")
    }
}

/// `Avx512::covering_window` (whose checks this relies on): eight tests of eight rows, a fixed
/// loop. The candidates are a few among a hundred rows or more, and a scan that stopped at each
/// of them mispredicted its exit every time (with AVX-512 filtering, about a sixth of the
/// search's time).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn covering_window_avx512<const W: usize>(masks: &[Bits<W>], at: usize, c: usize) -> u64 {
    let n = masks.len();
    let column = _mm512_set1_epi64(1 << c);
    let p = masks.as_ptr().cast::<i64>();
    let mut bits = 0u64;
    for j in 0..8 {
        let i = at + 8 * j;
        let valid = ((1u32 << n.saturating_sub(i).min(8)) - 1) as __mmask8;
        // SAFETY: `W == 1`, so the masks are a run of `n` `u64`s (`Bits` is
        // `repr(transparent)` over `[u64; W]`); the masked load reads only the lanes in
        // `valid`, rows `i..n` (none when `i >= n`).
        let rows = unsafe { _mm512_maskz_loadu_epi64(valid, p.wrapping_add(i)) };
        bits |= (_mm512_test_epi64_mask(rows, column) as u64) << (8 * j);
    }
    bits
}

/// `Avx512::filter_level` (whose check `W == 1` and equal lengths this relies on).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512dq,avx2,popcnt,bmi1,bmi2")]
#[inline]
#[allow(clippy::too_many_arguments)]
fn filter_level_avx512<const W: usize>(
    masks: &mut [Bits<W>],
    rows: &mut [u32],
    spans: &mut Vec<Span>,
    parent: Range<usize>,
    top: usize,
    m: u64,
    used_up: u32,
    needed: impl Fn(u32) -> bool,
) -> Option<(usize, Counter<W>)> {
    let piece = _mm512_set1_epi64(m as i64);
    let mut cover = Lanes8::new();
    let mut out = top;
    // One pointer each for the reads (below `top`) and the writes (from `top` on): both into
    // the same lists.
    let len = masks.len();
    let (mp, rp) = (
        masks.as_mut_ptr().cast::<i64>(),
        rows.as_mut_ptr().cast::<i32>(),
    );
    for si in parent {
        let sp = spans[si];
        if sp.group == used_up {
            continue;
        }
        let start = out;
        let (mut i, end) = (sp.start as usize, sp.end as usize);
        // What the steps below rely on (a few predictable compares per span).
        assert!(i <= end && end <= top && out + (end - i) <= len);
        // One step: of the rows `i..end` (at most eight), those disjoint from the piece, to the
        // front at `out`; returns them (the others zero) for the counter.
        let mut step = |i: usize| {
            let valid = ((1u32 << end.saturating_sub(i).min(8)) - 1) as __mmask8;
            // SAFETY: `W == 1` and `Bits` is `repr(transparent)` over `[u64; W]`, and both
            // lists are `len` long (checked by `filter_level`): runs of `u64` and `u32`. The
            // masked loads read only the lanes in `valid`, rows `i..end` with `end <= top`
            // (none for a step past the end, whose address is only formed, by `wrapping_add`);
            // the masked stores write only the first `k` lanes at `out`, where `out` is
            // `start` plus the rows kept of the span before this step (at most
            // `i - sp.start`) and `k` those kept in it (at most `end - i`), so they end by
            // `start + (end - sp.start)`, within `len` (checked above; `start >= top`).
            unsafe {
                let e = _mm512_maskz_loadu_epi64(valid, mp.wrapping_add(i));
                let r = _mm256_maskz_loadu_epi32(valid, rp.wrapping_add(i));
                let keep = _mm512_mask_testn_epi64_mask(valid, e, piece);
                let k = keep.count_ones();
                let first = ((1u32 << k) - 1) as __mmask8;
                _mm512_mask_storeu_epi64(mp.add(out), first, _mm512_maskz_compress_epi64(keep, e));
                _mm256_mask_storeu_epi32(rp.add(out), first, _mm256_maskz_compress_epi32(keep, r));
                out += k as usize;
                _mm512_maskz_mov_epi64(keep, e)
            }
        };
        // Steps in pairs, the kept rows counted as they go by, two steps to one carry-save
        // add: a span of up to sixteen rows (most of them) takes one pair and no branch on its
        // length (steps past its end are empty: no lane valid).
        loop {
            let (a, b) = (step(i), step(i + 8));
            cover.add2(a, b);
            i += 16;
            if i >= end {
                break;
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::tests::{equals_the_plain_filter, window_equals_a_row_by_row_test};

    #[test]
    fn covering_window_equals_a_row_by_row_test() {
        let Some(avx512) = Avx512::detect() else {
            return; // Nothing to compare on a processor without AVX-512.
        };
        window_equals_a_row_by_row_test(&|m, at, c| avx512.covering_window(m, at, c));
    }

    #[test]
    fn filter_level_equals_the_plain_filter() {
        let Some(avx512) = Avx512::detect() else {
            return; // Nothing to compare on a processor without AVX-512.
        };
        equals_the_plain_filter(13, &|m, r, s, parent, top, piece, used_up, needed| {
            avx512.filter_level(m, r, s, parent, top, piece, used_up, needed)
        });
    }
}
