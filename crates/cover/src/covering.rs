//! The scan at the heart of the search's forced and branching moves: the next candidate row
//! that covers a column.

use crate::bits::Bits;

/// The first position from `from` on whose row covers column `c`, or `masks.len()`. Eight
/// rows are tested at once while none of them covers it: candidates are a few among hundreds
/// of rows, and a row-by-row test was a sixth of the time on the Bedlam cube.
#[inline(always)]
pub(crate) fn next_covering<const W: usize>(masks: &[Bits<W>], from: usize, c: usize) -> usize {
    let (word, bit) = (c / 64, c % 64);
    let mut i = from;
    while let Some(chunk) = masks.get(i..i + 8) {
        let any = chunk.iter().fold(0, |acc, m| acc | m.0[word]);
        if any >> bit & 1 != 0 {
            // Which of the eight, without a branch per row (those mispredict).
            let hits = chunk.iter().enumerate().fold(0u32, |acc, (j, m)| {
                acc | ((m.0[word] >> bit & 1) as u32) << j
            });
            return i + hits.trailing_zeros() as usize;
        }
        i += 8;
    }
    while i < masks.len() && !masks[i].get(c) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_covering_equals_a_row_by_row_scan() {
        // Sparse rows on two words, so that chunks of eight with and without the column occur,
        // and every start position, including those in a chunk and in the tail.
        let mut rng = crate::test_rng::Lcg(5);
        let mut rnd = || rng.next();
        for _ in 0..50 {
            let masks: Vec<Bits<2>> = (0..(rnd() % 40) as usize)
                .map(|_| {
                    let mut m = Bits::zero();
                    for _ in 0..3 {
                        m.set((rnd() % 128) as usize);
                    }
                    m
                })
                .collect();
            for c in 0..128 {
                for from in 0..=masks.len() {
                    let plain = (from..masks.len())
                        .find(|&i| masks[i].get(c))
                        .unwrap_or(masks.len());
                    assert_eq!(
                        next_covering(&masks, from, c),
                        plain,
                        "column {c} from {from}"
                    );
                }
            }
        }
    }
}
