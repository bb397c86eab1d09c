//! The filtering loop of `place` (`search.rs`): a child's rows are the parent's rows disjoint
//! from the placed piece, copied to the front of the child's span in order, with the union of
//! their masks (the cells still coverable). The hottest loop of the engine, so there are two
//! forms with exactly the same result: the scalar loop below, and four rows a step with AVX2
//! on boards of one word ([`avx2`], chosen at run time).

mod avx2;

use crate::bits::Bits;
pub(crate) use avx2::Avx2;

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
