//! The crate's one breadth-first search: depth by depth over a table of 4-bit entries
//! ([`Cells`]), split over rayon's threads, pushing from the frontier while it is small and
//! pulling into the unseen entries once it is large (then most unseen entries find a parent
//! after a few neighbours). Distances are capped at [`CAP`] for distance tables, or kept
//! modulo 15 to the end when only the counts per depth matter (the analyses).
//!
//! How the neighbours of entries are enumerated is an [`Expand`]: entry by entry from a
//! callback ([`Indexed`]: the reduction's tables), or row by row over a product of coordinates
//! ([`crate::toolkit::product`]: the five-stage tables and the Burnside analyses), where whole
//! rows move together and that is the speed.

use crate::toolkit::prune::{Cells, NibbleTable, CAP, UNSEEN};
use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

/// Progress reports from a search: (depth just finished, positions at that depth); depth
/// `u32::MAX` reports that the table was capped at [`CAP`] (deeper entries read [`CAP`]).
pub(crate) type DepthCallback<'a> = &'a (dyn Fn(u32, u64) + Sync);

/// One step of the search: the entries found from the frontier (entries holding `cur`) are
/// set to `next`; `pull` scans the unseen entries for a neighbour in the frontier instead of
/// pushing from the frontier.
#[derive(Clone, Copy)]
pub(crate) struct Layer {
    pub pull: bool,
    pub cur: u8,
    pub next: u8,
}

/// How a search enumerates neighbours. The relation must be symmetric (move sets closed under
/// inverses): pulling looks for a parent among an entry's neighbours.
pub(crate) trait Expand: Sync {
    /// Per-thread working memory.
    type Scratch: Send;
    /// Number of entries.
    fn len(&self) -> usize;
    /// Number of units (entries, or rows of entries) a layer is split into; threads take
    /// ranges of them.
    fn units(&self) -> usize;
    fn scratch(&self) -> Self::Scratch;
    /// Performs `layer` for the entries of units `span`; returns how many entries it set.
    fn layer(&self, cells: &Cells, span: Range<usize>, layer: Layer, s: &mut Self::Scratch) -> u64;
}

/// How to search.
#[derive(Clone, Copy)]
pub(crate) struct Options<'a> {
    /// Threads of a pool built for the search; 0 runs on the current rayon pool.
    pub threads: usize,
    /// False: a distance table capped at [`CAP`] (deeper entries read [`CAP`], a lower
    /// bound). True: the search runs to the end and entries hold distances modulo 15 (for
    /// analyses, which only need the counts).
    pub exact_counts: bool,
    pub on_depth: DepthCallback<'a>,
    /// Once set, the search ends within a chunk of units: the counts then hold the depths
    /// completed before it (the table is of no use).
    pub stop: Option<&'a AtomicBool>,
}

impl Options<'_> {
    /// A capped distance table on the current rayon pool, no reports, no stop.
    pub(crate) fn table() -> Options<'static> {
        Options {
            threads: 0,
            exact_counts: false,
            on_depth: &|_, _| {},
            stop: None,
        }
    }
}

/// Breadth-first search from the entries `sources`: the table and the number of entries at
/// each depth. Fails only when the pool of `opts.threads` threads cannot start.
pub(crate) fn bfs(
    expand: &impl Expand,
    sources: &[usize],
    opts: &Options<'_>,
) -> Result<(NibbleTable, Vec<u64>), String> {
    if opts.threads == 0 {
        return Ok(search(expand, sources, opts));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads)
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", opts.threads))?;
    Ok(pool.install(|| search(expand, sources, opts)))
}

/// A capped distance table over entries `0..len` from `sources` on the current rayon pool:
/// `expand(i, out)` calls `out(j)` for each neighbour `j` of entry `i` (a symmetric relation)
/// and may stop once `out` returns true.
pub(crate) fn bfs_indexed(
    len: usize,
    sources: &[usize],
    expand: impl Fn(usize, &mut dyn FnMut(usize) -> bool) + Sync,
) -> NibbleTable {
    search(&Indexed { len, expand }, sources, &Options::table()).0
}

/// The depth loop, on the current rayon pool.
fn search(expand: &impl Expand, sources: &[usize], opts: &Options<'_>) -> (NibbleTable, Vec<u64>) {
    let stopped = || opts.stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let (len, units) = (expand.len() as u64, expand.units());
    let cells = Cells::new(expand.len());
    let mut counts = vec![sources.iter().filter(|&&s| cells.set(s, 0)).count() as u64];
    (opts.on_depth)(0, counts[0]);
    let mut seen = counts[0];
    let chunk = units.div_ceil(rayon::current_num_threads() * 64).max(1);
    // Depth of the frontier; entries store depth mod 15 when `exact_counts` (15 = unseen).
    let mut depth: u32 = 0;
    let mut capped = false;
    while seen < len {
        if depth >= CAP as u32 && !opts.exact_counts {
            cells.cap();
            capped = true;
            break;
        }
        let frontier = *counts.last().expect("depth 0 exists");
        if frontier == 0 {
            break;
        }
        // Modulo 15, a frontier value also matches entries 15 layers older: pushing from those
        // finds only seen entries, and an unseen entry cannot neighbour them (it would have
        // been reached long ago), so the counts stay exact.
        let layer = Layer {
            pull: frontier > (len - seen) / 4,
            cur: (depth % 15) as u8,
            next: ((depth + 1) % 15) as u8,
        };
        let n: u64 = (0..units)
            .into_par_iter()
            .step_by(chunk)
            .map_init(
                || expand.scratch(),
                |scratch, lo| {
                    if stopped() {
                        return 0;
                    }
                    expand.layer(&cells, lo..(lo + chunk).min(units), layer, scratch)
                },
            )
            .sum();
        depth += 1;
        if n == 0 || stopped() {
            break;
        }
        counts.push(n);
        seen += n;
        (opts.on_depth)(depth, n);
    }
    if capped {
        (opts.on_depth)(u32::MAX, 0);
    }
    (cells.into_table(), counts)
}

/// Entries `0..len` expanded one by one by a callback (see [`bfs_indexed`]).
struct Indexed<F> {
    len: usize,
    expand: F,
}

impl<F: Fn(usize, &mut dyn FnMut(usize) -> bool) + Sync> Expand for Indexed<F> {
    type Scratch = ();
    fn len(&self) -> usize {
        self.len
    }
    fn units(&self) -> usize {
        self.len
    }
    fn scratch(&self) {}
    fn layer(&self, cells: &Cells, span: Range<usize>, layer: Layer, _: &mut ()) -> u64 {
        let mut n = 0u64;
        for i in span {
            if layer.pull {
                if cells.get(i) != UNSEEN {
                    continue;
                }
                let mut found = false;
                (self.expand)(i, &mut |j| {
                    found = cells.get(j) == layer.cur;
                    found
                });
                if found && cells.set(i, layer.next) {
                    n += 1;
                }
            } else if cells.get(i) == layer.cur {
                (self.expand)(i, &mut |j| {
                    if cells.get(j) == UNSEEN && cells.set(j, layer.next) {
                        n += 1;
                    }
                    false
                });
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exact distances by a plain sequential queue (`u32::MAX`: unreachable): the reference.
    fn distances(len: usize, sources: &[usize], nbrs: &dyn Fn(usize) -> Vec<usize>) -> Vec<u32> {
        let mut d = vec![u32::MAX; len];
        let mut queue = std::collections::VecDeque::new();
        for &s in sources {
            if d[s] == u32::MAX {
                d[s] = 0;
                queue.push_back(s);
            }
        }
        while let Some(i) = queue.pop_front() {
            for j in nbrs(i) {
                if d[j] == u32::MAX {
                    d[j] = d[i] + 1;
                    queue.push_back(j);
                }
            }
        }
        d
    }

    /// Cycles of `n` entries side by side (`k` of them) and `extra` entries with no
    /// neighbours: depths up to n / 2, and unreachable entries.
    fn cycles(n: usize, k: usize, extra: usize) -> (usize, impl Fn(usize) -> Vec<usize> + Sync) {
        let nbrs = move |i: usize| {
            if i >= n * k {
                return vec![];
            }
            let (c, x) = (i / n * n, i % n);
            vec![c + (x + 1) % n, c + (x + n - 1) % n]
        };
        (n * k + extra, nbrs)
    }

    /// Entries `0..len` whose neighbours `nbrs` lists, as the search enumerates them.
    fn listed(
        len: usize,
        nbrs: &(dyn Fn(usize) -> Vec<usize> + Sync),
    ) -> Indexed<impl Fn(usize, &mut dyn FnMut(usize) -> bool) + Sync + '_> {
        Indexed {
            len,
            expand: move |i: usize, out: &mut dyn FnMut(usize) -> bool| {
                for j in nbrs(i) {
                    if out(j) {
                        return;
                    }
                }
            },
        }
    }

    fn run(
        len: usize,
        sources: &[usize],
        nbrs: &(dyn Fn(usize) -> Vec<usize> + Sync),
        exact: bool,
    ) -> (NibbleTable, Vec<u64>) {
        let expand = listed(len, nbrs);
        let opts = Options {
            threads: 2,
            exact_counts: exact,
            ..Options::table()
        };
        bfs(&expand, sources, &opts).expect("two threads start")
    }

    #[test]
    fn tables_and_counts_match_a_plain_search() {
        // Deep (to 30: capped, unreachable entries read 14), shallow (to 10: unreachable stay
        // 15), exactly 14 deep with unreachable entries (capped), and several sources.
        for (n, k, extra, sources) in [
            (60, 1, 17, vec![0]),
            (20, 3, 5, vec![0, 25]),
            (28, 1, 3, vec![0]),
            (29, 2, 0, vec![3, 40, 3]),
        ] {
            let (len, nbrs) = cycles(n, k, extra);
            let d = distances(len, &sources, &nbrs);
            let deepest = d.iter().filter(|&&x| x != u32::MAX).max().copied().unwrap();
            let mut counts = vec![0u64; deepest as usize + 1];
            d.iter()
                .filter(|&&x| x != u32::MAX)
                .for_each(|&x| counts[x as usize] += 1);
            let (table, got) = run(len, &sources, &nbrs, true);
            assert_eq!(got, counts, "counts of {n} x {k}");
            for (i, &x) in d.iter().enumerate() {
                let want = if x == u32::MAX {
                    UNSEEN
                } else {
                    (x % 15) as u8
                };
                assert_eq!(table.get(i), want, "exact entry {i} of {n} x {k}");
            }
            let (table, got) = run(len, &sources, &nbrs, false);
            assert_eq!(got[..], counts[..counts.len().min(CAP as usize + 1)]);
            for (i, &x) in d.iter().enumerate() {
                let want = match x {
                    u32::MAX if deepest >= CAP as u32 => CAP,
                    u32::MAX => UNSEEN,
                    x => x.min(CAP as u32) as u8,
                };
                assert_eq!(table.get(i), want, "capped entry {i} of {n} x {k}");
            }
        }
    }

    #[test]
    fn a_stopped_search_keeps_the_depths_it_completed() {
        let (len, nbrs) = cycles(40, 1, 0);
        let stop = AtomicBool::new(false);
        let on_depth = |d: u32, _: u64| {
            if d == 3 {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let expand = listed(len, &nbrs);
        let opts = Options {
            exact_counts: true,
            on_depth: &on_depth,
            stop: Some(&stop),
            ..Options::table()
        };
        let (_, counts) = bfs(&expand, &[0], &opts).expect("current pool");
        assert_eq!(counts, vec![1, 2, 2, 2]);
    }
}
