//! Breadth-first search over a product of coordinates (ids combined with the first coordinate
//! most significant): the [`Expand`] of the five-stage tables and of the stage analyses that
//! count by Burnside ([`crate::analysis::stages`]). It works row by row: a row is all
//! coordinates but the last, its entries are contiguous, and for one row and one move the
//! neighbours of a whole row fall into one other row (cache friendly).

use crate::toolkit::bfs::{self, Expand, Layer, Options};
use crate::toolkit::coord::Coord;
use crate::toolkit::prune::{Cells, NibbleTable, UNSEEN};
use std::ops::Range;

/// The product of the coordinates as rows.
struct Rows<'a> {
    coords: &'a [&'a Coord],
    sizes: Vec<usize>,
    width: usize,
    count: usize,
    /// Transposed move table of the last coordinate: inner[m][i] = step(i, m).
    inner: Vec<Vec<u32>>,
}

impl<'a> Rows<'a> {
    fn new(coords: &'a [&'a Coord]) -> Rows<'a> {
        let sizes: Vec<usize> = coords.iter().map(|c| c.size).collect();
        let last = coords[coords.len() - 1];
        let width = last.size;
        let inner = (0..coords[0].nmoves)
            .map(|m| (0..width as u32).map(|i| last.step(i, m)).collect())
            .collect();
        Rows {
            count: sizes.iter().product::<usize>() / width,
            coords,
            sizes,
            width,
            inner,
        }
    }

    /// The ids of the coordinates of row `r` (all but the last).
    fn ids(&self, mut r: usize, out: &mut [u32]) {
        for k in (0..self.sizes.len() - 1).rev() {
            out[k] = (r % self.sizes[k]) as u32;
            r /= self.sizes[k];
        }
    }

    /// The row reached from the row of `ids` by move `m`.
    fn step(&self, ids: &[u32], m: usize) -> usize {
        let rest = self.sizes.iter().zip(self.coords).zip(ids);
        rest.take(self.sizes.len() - 1)
            .fold(0, |r, ((&size, c), &id)| r * size + c.step(id, m) as usize)
    }
}

impl Expand for Rows<'_> {
    /// A row's ids, and the entries of a row still to expand.
    type Scratch = (Vec<u32>, Vec<u32>);
    fn len(&self) -> usize {
        self.count * self.width
    }
    fn units(&self) -> usize {
        self.count
    }
    fn scratch(&self) -> Self::Scratch {
        (vec![0; self.coords.len()], Vec::with_capacity(self.width))
    }
    fn layer(&self, cells: &Cells, span: Range<usize>, layer: Layer, s: &mut Self::Scratch) -> u64 {
        let (ids, pending) = s;
        let (width, mut found) = (self.width, 0u64);
        let Layer { pull, cur, next } = layer;
        let want = if pull { UNSEEN } else { cur };
        for r in span {
            let base = r * width;
            pending.clear();
            pending.extend((0..width as u32).filter(|&i| cells.get(base + i as usize) == want));
            if pending.is_empty() {
                continue;
            }
            self.ids(r, ids);
            for (m, col) in self.inner.iter().enumerate() {
                let nb = self.step(ids, m) * width;
                if pull {
                    pending.retain(|&i| {
                        if cells.get(nb + col[i as usize] as usize) != cur {
                            return true;
                        }
                        if cells.set(base + i as usize, next) {
                            found += 1;
                        }
                        false
                    });
                    if pending.is_empty() {
                        break;
                    }
                } else {
                    for &i in pending.iter() {
                        let j = nb + col[i as usize] as usize;
                        if cells.get(j) == UNSEEN && cells.set(j, next) {
                            found += 1;
                        }
                    }
                }
            }
        }
        found
    }
}

/// Breadth-first search over the product of `coords` from `sources`, using all moves of the
/// coordinates' move tables (see [`bfs::bfs`]): the table and the positions at each depth.
pub(crate) fn bfs(
    coords: &[&Coord],
    sources: &[usize],
    opts: &Options<'_>,
) -> Result<(NibbleTable, Vec<u64>), String> {
    bfs::bfs(&Rows::new(coords), sources, opts)
}
