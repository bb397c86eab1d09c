//! The filtering loop of `place` (`search.rs`): a child's rows are the parent's rows disjoint
//! from the placed piece, copied to the front of the child's span in order, with the union of
//! their masks (the cells still coverable). The hottest loop of the engine, so there are two
//! forms with exactly the same result: the scalar loop below, and four rows a step with AVX2
//! on boards of one word ([`avx2`], chosen at run time).

mod avx2;
mod avx512;

use crate::bits::Bits;
use crate::span::Span;
pub(crate) use avx2::Avx2;
pub(crate) use avx512::Avx512;
use std::ops::Range;

/// The filtering loop a search uses: the widest this processor runs, on boards of one word.
#[derive(Clone, Copy)]
pub(crate) enum Simd {
    Plain,
    Avx2(Avx2),
    Avx512(Avx512),
}

impl Simd {
    /// The widest loop for boards of `words` words on this processor.
    pub fn detect(words: usize) -> Simd {
        if words != 1 {
            return Simd::Plain;
        }
        match (Avx512::detect(), Avx2::detect()) {
            (Some(k), _) => Simd::Avx512(k),
            (None, Some(k)) => Simd::Avx2(k),
            (None, None) => Simd::Plain,
        }
    }
}

/// Entries the lists must hold past a child's rows: the AVX2 loop reads and writes whole steps
/// of four rows, up to three past a span's end.
pub(crate) const LEVEL_SLACK: usize = 4;

/// A child's lists from its parent's: for each of the parent's spans `spans[parent]` (whose
/// rows lie before `top` in `masks` and `rows`), except that of group `used_up`, the rows
/// disjoint from `m` are written from `top` on, span after span, and the child's span is
/// pushed onto `spans`. Returns the end of the child's rows and the union of their masks, or
/// `None` as soon as a span of a group that is `needed` is left empty (the spans pushed so far
/// are left for the caller to drop). `masks` and `rows` must reach `top` plus the parent's rows.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn filter_level<const W: usize>(
    masks: &mut [Bits<W>],
    rows: &mut [u32],
    spans: &mut Vec<Span>,
    parent: Range<usize>,
    top: usize,
    m: &Bits<W>,
    used_up: u32,
    needed: impl Fn(u32) -> bool,
) -> Option<(usize, Bits<W>)> {
    let mut covered = Bits::<W>::zero();
    let mut out = top;
    let (old_masks, new_masks) = masks.split_at_mut(top);
    let (old_rows, new_rows) = rows.split_at_mut(top);
    for si in parent {
        let sp = spans[si];
        if sp.group == used_up {
            continue;
        }
        let range = sp.start as usize..sp.end as usize;
        let n = range.len();
        let (kept, union) = filter_rows(
            &old_masks[range.clone()],
            &old_rows[range],
            m,
            &mut new_masks[out - top..out - top + n],
            &mut new_rows[out - top..out - top + n],
        );
        if kept == 0 && needed(sp.group) {
            return None;
        }
        spans.push(Span {
            group: sp.group,
            start: out as u32,
            end: (out + kept) as u32,
        });
        out += kept;
        covered = covered.or(&union);
    }
    Some((out, covered))
}

/// The rows of `src_masks` (ids `src_rows`) disjoint from `m`, written to the front of `dst_*`
/// in order (as long as the sources at least): how many, and the union of their masks.
#[inline(always)]
pub(crate) fn filter_rows<const W: usize>(
    src_masks: &[Bits<W>],
    src_rows: &[u32],
    m: &Bits<W>,
    dst_masks: &mut [Bits<W>],
    dst_rows: &mut [u32],
) -> (usize, Bits<W>) {
    let n = src_masks.len();
    assert!(src_rows.len() == n && dst_masks.len() >= n && dst_rows.len() >= n);
    let mut union = Bits::<W>::zero();
    let mut kept = 0usize;
    for (e, &r) in src_masks.iter().zip(src_rows) {
        let keep = e.disjoint_mask(m);
        // SAFETY: `kept` counts the rows kept among those before this one, so
        // `kept <= i < n`, where `i` is this row's position in the span and `n` its length,
        // at most that of both destination slices (checked above).
        // Unchecked writes take the two bounds checks out of the hottest loop of the
        // engine: it went from about 2.1 to 1.2 billion instructions counting solid
        // pentominoes 2x5x6 (callgrind; the whole count from 4.2 to 3.0 together
        // with `Counter::add_all` and the region test's kept volume).
        // (`cargo bench -p wurfel-cover` with and without `--features checked-filter`
        // measures it.)
        #[cfg(not(feature = "checked-filter"))]
        unsafe {
            *dst_masks.get_unchecked_mut(kept) = *e;
            *dst_rows.get_unchecked_mut(kept) = r;
        }
        #[cfg(feature = "checked-filter")]
        {
            dst_masks[kept] = *e;
            dst_rows[kept] = r;
        }
        for w in 0..W {
            union.0[w] |= e.0[w] & keep;
        }
        kept += (keep & 1) as usize;
    }
    (kept, union)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::counter::Counter;
    use crate::test_rng::Lcg;

    /// Checks a covering window (`window(masks, at, c)`, see `Avx2::covering_window`) against
    /// a row-by-row test on random lists of up to 150 rows, every column and start.
    pub(crate) fn window_equals_a_row_by_row_test(
        window: &dyn Fn(&[Bits<1>], usize, usize) -> u64,
    ) {
        let mut rng = Lcg(17);
        for _ in 0..100 {
            let masks: Vec<Bits<1>> = (0..(rng.next() % 150) as usize)
                .map(|_| Bits([rng.word() & rng.word() & rng.word()]))
                .collect();
            for c in 0..64 {
                for at in 0..=masks.len() {
                    let plain = (at..masks.len().min(at + 64))
                        .filter(|&i| masks[i].get(c))
                        .fold(0u64, |w, i| w | 1 << (i - at));
                    assert_eq!(window(&masks, at, c), plain, "column {c} at {at}");
                }
            }
        }
    }

    /// A fast level filter under test: `filter_level`'s arguments (the piece as one word),
    /// the child's rows counted.
    pub(crate) type Fast<'a> = &'a dyn Fn(
        &mut [Bits<1>],
        &mut [u32],
        &mut Vec<Span>,
        Range<usize>,
        usize,
        u64,
        u32,
        &dyn Fn(u32) -> bool,
    ) -> Option<(usize, Counter<1>)>;

    /// A parent level of random spans (lengths 0..24, some groups repeated) on sparse random
    /// rows, placed at `base` in lists with room for a child and the slack.
    fn random_level(rng: &mut Lcg, base: usize) -> (Vec<Bits<1>>, Vec<u32>, Vec<Span>, usize) {
        let n_spans = (rng.next() % 8) as usize;
        let mut spans = Vec::new();
        let mut at = base;
        for _ in 0..n_spans {
            let len = (rng.next() % 24) as u32;
            let group = (rng.next() % 6) as u32;
            spans.push(Span {
                group,
                start: at as u32,
                end: at as u32 + len,
            });
            at += len as usize;
        }
        let top = at;
        let len = 2 * top + LEVEL_SLACK;
        let masks = (0..len)
            .map(|_| Bits([rng.word() & rng.word() & rng.word()]))
            .collect();
        let rows = (0..len).map(|_| rng.next() as u32).collect();
        (masks, rows, spans, top)
    }

    /// `fast` writes the rows, row ids and spans the plain filter writes on 3,000 random
    /// levels, and counts them as `Counter::of` does; both find the same dead ends.
    pub(crate) fn equals_the_plain_filter(seed: u64, fast: Fast<'_>) {
        let mut rng = Lcg(seed);
        for case in 0..3000 {
            let base = (rng.next() % 5) as usize;
            let (masks, rows, spans, top) = random_level(&mut rng, base);
            let m = rng.word() & rng.word() & rng.word();
            let used_up = (rng.next() % 8) as u32;
            let needed_bits = rng.next();
            let needed = |g: u32| needed_bits >> g & 1 != 0;
            let parent = 0..spans.len();
            let (mut pm, mut pr, mut ps) = (masks.clone(), rows.clone(), spans.clone());
            let m1 = Bits([m]);
            let plain = filter_level(
                &mut pm,
                &mut pr,
                &mut ps,
                parent.clone(),
                top,
                &m1,
                used_up,
                needed,
            );
            let (mut fm, mut fr, mut fs) = (masks, rows, spans);
            let got = fast(&mut fm, &mut fr, &mut fs, parent, top, m, used_up, &needed);
            match (plain, got) {
                (None, None) => {}
                (Some((out, covered)), Some((fast_out, cover))) => {
                    assert_eq!(out, fast_out, "case {case}");
                    assert_eq!(pm[top..out], fm[top..out], "case {case}");
                    assert_eq!(pr[top..out], fr[top..out], "case {case}");
                    let spans = |s: &[Span]| {
                        s.iter()
                            .map(|s| (s.group, s.start, s.end))
                            .collect::<Vec<_>>()
                    };
                    assert_eq!(spans(&ps), spans(&fs), "case {case}");
                    assert!(cover == Counter::of(&pm[top..out]), "case {case}");
                    assert_eq!(cover.covered(), covered, "case {case}");
                }
                (p, f) => panic!(
                    "case {case}: plain {:?}, fast {:?}",
                    p.map(|x| x.0),
                    f.map(|x| x.0)
                ),
            }
        }
    }
}
