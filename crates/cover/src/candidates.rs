//! The rows a node branches on, in order: those covering the chosen column, or every row of
//! the chosen group.

use crate::bits::Bits;
use crate::covering::next_covering;
use crate::filter::Simd;

/// Where the search is among a node's candidate rows `..end` of the stack of lists.
pub(crate) struct Candidates {
    /// The column they cover, if a column was chosen.
    column: Option<usize>,
    /// The next row to look at.
    next: usize,
    end: usize,
    /// With AVX2 or AVX-512: the candidates among the 64 rows from `base` not yet taken, as bits.
    base: usize,
    window: u64,
}

impl Candidates {
    /// The candidates from position `from` up to `end`.
    #[inline(always)]
    pub fn new(column: Option<usize>, from: usize, end: usize) -> Self {
        Candidates {
            column,
            next: from,
            end,
            base: from,
            window: 0,
        }
    }

    /// The next candidate from windows of 64 rows (`window(at)`: which of the rows from `at`
    /// are candidates, as bits): one fixed loop of tests per window, then the candidates by
    /// their bits.
    #[inline(always)]
    fn next_in_window(&mut self, window: impl Fn(usize) -> u64) -> Option<usize> {
        while self.window == 0 {
            if self.next >= self.end {
                return None;
            }
            self.base = self.next;
            self.window = window(self.next);
            self.next += 64;
        }
        let j = self.window.trailing_zeros() as usize;
        self.window &= self.window - 1;
        Some(self.base + j)
    }

    /// The position of the next candidate row in `masks` (the stack of lists), if any.
    #[inline(always)]
    pub fn next<const W: usize>(&mut self, masks: &[Bits<W>], simd: Simd) -> Option<usize> {
        let masks = &masks[..self.end];
        match (self.column, simd) {
            (None, _) => (self.next < self.end).then(|| {
                self.next += 1;
                self.next - 1
            }),
            (Some(c), Simd::Avx512(k)) => self.next_in_window(|at| k.covering_window(masks, at, c)),
            (Some(c), Simd::Avx2(k)) => self.next_in_window(|at| k.covering_window(masks, at, c)),
            (Some(c), _) => {
                let i = next_covering(masks, self.next, c);
                self.next = i + 1;
                (i < self.end).then_some(i)
            }
        }
    }
}
