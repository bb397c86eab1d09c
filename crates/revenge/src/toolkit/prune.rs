//! Distance tables over products of coordinates: breadth-first search with 4-bit entries,
//! split over rayon's threads, switching from pushing the frontier to pulling into unvisited
//! entries once the frontier is large (then most unvisited positions find a parent after a
//! few moves).

use crate::toolkit::coord::Coord;
use crate::toolkit::words::Bytes;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// Value of a nibble that has not been reached.
pub(crate) const UNSEEN: u8 = 0xF;

/// A table of 4-bit distances indexed by a mixed-radix product of coordinate ids.
pub struct NibbleTable {
    pub len: usize,
    pub data: Bytes,
}

impl NibbleTable {
    /// Distance of entry `i`.
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        (self.data[i >> 1] >> ((i & 1) * 4)) & 0xF
    }
}

/// Progress reports from a build: (depth just finished, positions at that depth); depth
/// `u32::MAX` reports that the table was capped at 14 (deeper entries read 14).
pub(crate) type DepthCallback<'a> = &'a (dyn Fn(u32, u64) + Sync);

/// The nibbles of a table being built, shared by the threads of a search.
struct Cells(Vec<AtomicU8>);

impl Cells {
    fn new(len: usize) -> Cells {
        Cells((0..len.div_ceil(2)).map(|_| AtomicU8::new(0xFF)).collect())
    }

    #[inline]
    fn get(&self, i: usize) -> u8 {
        (self.0[i >> 1].load(Ordering::Relaxed) >> ((i & 1) * 4)) & 0xF
    }

    /// Sets an unseen nibble to `v`; true when this call changed it.
    #[inline]
    fn set(&self, i: usize, v: u8) -> bool {
        let shift = (i & 1) * 4;
        let clear = (!v & 0xF) << shift;
        let old = self.0[i >> 1].fetch_and(!clear, Ordering::Relaxed);
        (old >> shift) & 0xF == UNSEEN
    }

    /// Entries are 4 bits and 15 means unseen: everything not reached by depth 14 is at least
    /// 14 away, and 14 is an admissible (lower-bound) value for it.
    fn cap_at_14(&self) {
        for c in &self.0 {
            let v = c.load(Ordering::Relaxed);
            let lo = if v & 0xF == UNSEEN { 14 } else { v & 0xF };
            let hi = if v >> 4 == UNSEEN { 14 } else { v >> 4 };
            c.store(lo | hi << 4, Ordering::Relaxed);
        }
    }
}

/// The product of the coordinates as rows: all coordinates but the last; a row's entries are
/// contiguous, so for one row and one move the neighbours of a whole row fall into one other
/// row (cache friendly).
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

/// One layer of a search: the entries of rows `lo..hi` found at the next depth (value `nxt`)
/// from the frontier (value `cur`), pushing from the frontier or pulling into unseen entries;
/// returns how many.
fn layer_rows(
    cells: &Cells,
    rows: &Rows<'_>,
    (lo, hi): (usize, usize),
    pull: bool,
    (cur, nxt): (u8, u8),
    ids: &mut [u32],
    pending: &mut Vec<u32>,
) -> u64 {
    let (width, mut found) = (rows.width, 0u64);
    let want = if pull { UNSEEN } else { cur };
    for r in lo..hi {
        let base = r * width;
        pending.clear();
        pending.extend((0..width as u32).filter(|&i| cells.get(base + i as usize) == want));
        if pending.is_empty() {
            continue;
        }
        rows.ids(r, ids);
        for (m, col) in rows.inner.iter().enumerate() {
            let nb = rows.step(ids, m) * width;
            if pull {
                pending.retain(|&i| {
                    if cells.get(nb + col[i as usize] as usize) != cur {
                        return true;
                    }
                    if cells.set(base + i as usize, nxt) {
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
                    if cells.get(j) == UNSEEN && cells.set(j, nxt) {
                        found += 1;
                    }
                }
            }
        }
    }
    found
}

/// Breadth-first search over the product of `coords` (ids combined with the first coordinate
/// most significant) from `sources`, using all moves of the coordinates' move tables. Returns the
/// table and the number of positions at each depth. The one breadth-first search of the
/// five-stage method's tables and of the stage analyses that count by Burnside
/// ([`crate::analysis::stages`]).
///
/// With `exact_counts` false the table is a distance table capped at 14 (deeper entries read
/// 14, a lower bound); with it true, the search runs to the end and entries hold distances
/// modulo 15 (for analyses, which only need the counts).
///
/// Once `stop` is set the search ends within a chunk of rows: the counts then hold the depths
/// completed before it (the table is of no use).
pub(crate) fn bfs(
    coords: &[&Coord],
    sources: &[usize],
    threads: usize,
    exact_counts: bool,
    on_depth: DepthCallback<'_>,
    stop: Option<&AtomicBool>,
) -> Result<(NibbleTable, Vec<u64>), String> {
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let rows = Rows::new(coords);
    let len = rows.count * rows.width;
    let cells = Cells::new(len);
    let mut counts = vec![sources.iter().filter(|&&s| cells.set(s, 0)).count() as u64];
    on_depth(0, counts[0]);
    let mut seen = counts[0];
    let chunk = rows.count.div_ceil(threads.max(1) * 64).max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    // Depth of the frontier; entries store depth mod 15 when `exact_counts` (15 = unseen).
    let mut depth: u32 = 0;
    let mut truncated = false;
    while seen < len as u64 {
        if depth >= 14 && !exact_counts {
            cells.cap_at_14();
            truncated = true;
            break;
        }
        let frontier = *counts.last().expect("depth 0 exists");
        if frontier == 0 {
            break;
        }
        let pull = frontier > (len as u64 - seen) / 4;
        // Stored values of the frontier and of the next layer. Modulo 15, a frontier value
        // also matches entries 15 layers older: pushing from those finds only seen entries, and
        // an unseen entry cannot neighbour them (it would have been reached long ago), so the
        // counts stay exact.
        let values = ((depth % 15) as u8, ((depth + 1) % 15) as u8);
        let n: u64 = pool.install(|| {
            (0..rows.count)
                .into_par_iter()
                .step_by(chunk)
                .map_init(
                    || {
                        (
                            vec![0u32; coords.len()],
                            Vec::<u32>::with_capacity(rows.width),
                        )
                    },
                    |(ids, pending), lo| {
                        if stopped() {
                            return 0;
                        }
                        let span = (lo, (lo + chunk).min(rows.count));
                        layer_rows(&cells, &rows, span, pull, values, ids, pending)
                    },
                )
                .sum()
        });
        depth += 1;
        if n == 0 || stopped() {
            break;
        }
        counts.push(n);
        seen += n;
        on_depth(depth, n);
    }
    if truncated {
        on_depth(u32::MAX, 0);
    }
    let data = cells.0.into_iter().map(|c| c.into_inner()).collect();
    Ok((
        NibbleTable {
            len,
            data: Bytes::Owned(data),
        },
        counts,
    ))
}
