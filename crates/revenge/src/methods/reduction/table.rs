//! Distance tables of the reduction phases: 4-bit entries (15 = not reachable), built by a
//! breadth-first search over packed states, and their storage behind one small interface (so
//! a different cache policy or memory mapping only changes [`TableStore`]).

use crate::store::Store;
use crate::toolkit::{prune::NibbleTable, words::Bytes};
use std::sync::Arc;

/// Entries deeper than this read as this (a lower bound; no phase needs more).
pub(crate) const CAP: u8 = 14;
/// Entry of a state the search never reached.
pub(crate) const UNREACHED: u8 = 15;

/// A phase's distance table (read-only once built; possibly a mapped file).
pub struct Dist(pub NibbleTable);

impl Dist {
    /// A table of no entries (a placeholder while the real one is built).
    pub fn empty() -> Dist {
        Dist(NibbleTable {
            len: 0,
            data: Bytes::Owned(Vec::new()),
        })
    }
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        self.0.get(i)
    }
    pub fn bytes(&self) -> usize {
        self.0.data.len()
    }
}

/// A distance table's nibbles as a plain slice: the search's innermost lookups then skip
/// [`Dist`]'s owned-or-mapped dispatch.
#[derive(Copy, Clone)]
pub(crate) struct Nibbles<'a>(&'a [u8]);

impl<'a> Nibbles<'a> {
    pub(crate) fn of(d: &'a Dist) -> Nibbles<'a> {
        Nibbles(&d.0.data)
    }
    #[inline]
    pub(crate) fn get(self, i: usize) -> u8 {
        (self.0[i >> 1] >> ((i & 1) * 4)) & 0xF
    }
}

/// A table under construction: owned nibbles, all [`UNREACHED`] at first.
struct Building {
    len: usize,
    data: Vec<u8>,
}

impl Building {
    fn new(len: usize) -> Building {
        Building {
            len,
            data: vec![0xFF; len.div_ceil(2)],
        }
    }
    #[inline]
    fn get(&self, i: usize) -> u8 {
        (self.data[i >> 1] >> ((i & 1) * 4)) & 0xF
    }
    #[inline]
    fn set(&mut self, i: usize, v: u8) {
        let b = &mut self.data[i >> 1];
        let shift = (i & 1) * 4;
        *b = (*b & !(0xF << shift)) | (v << shift);
    }
    fn finish(self) -> Dist {
        Dist(NibbleTable {
            len: self.len,
            data: Bytes::Owned(self.data),
        })
    }
}

/// Breadth-first search from `sources` (packed states). `index` numbers a packed state,
/// `succ` lists its neighbours. Distances beyond [`CAP`] are stored as `CAP`.
pub(crate) fn bfs<S: Copy>(
    len: usize,
    sources: &[S],
    index: impl Fn(S) -> usize,
    succ: impl Fn(S, &mut dyn FnMut(S)),
) -> Dist {
    let mut t = Building::new(len);
    let mut frontier: Vec<S> = Vec::new();
    for &s in sources {
        let i = index(s);
        if t.get(i) == UNREACHED {
            t.set(i, 0);
            frontier.push(s);
        }
    }
    let mut d = 0u8;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for &s in &frontier {
            succ(s, &mut |n| {
                let i = index(n);
                if t.get(i) == UNREACHED {
                    t.set(i, d.min(CAP));
                    next.push(n);
                }
            });
        }
        frontier = next;
    }
    t.finish()
}

/// Breadth-first search over entries `0..len` from `sources`, on rayon's threads: `expand(i,
/// out)` calls `out(j)` for each neighbour `j` of entry `i` (a symmetric relation: turn sets
/// are closed under inverses) and stops when `out` returns true. Depth by depth it pushes from the frontier while that is small,
/// then pulls into the unvisited entries (most find a parent at the frontier after a few
/// neighbours). Distances beyond [`CAP`] are stored as `CAP`.
pub(crate) fn bfs_indexed(
    len: usize,
    sources: &[usize],
    expand: impl Fn(usize, &mut dyn FnMut(usize) -> bool) + Sync,
) -> Dist {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicU8, Ordering};
    let cells: Vec<AtomicU8> = (0..len.div_ceil(2)).map(|_| AtomicU8::new(0xFF)).collect();
    let get = |i: usize| (cells[i >> 1].load(Ordering::Relaxed) >> ((i & 1) * 4)) & 0xF;
    // Lowers an unreached nibble to `v` (bits only cleared: concurrent calls on the other nibble
    // of the byte keep theirs); true when this call reached it.
    let set = |i: usize, v: u8| -> bool {
        let shift = (i & 1) * 4;
        let old = cells[i >> 1].fetch_and(!((!v & 0xF) << shift), Ordering::Relaxed);
        (old >> shift) & 0xF == UNREACHED
    };
    let mut frontier = 0u64;
    for &s in sources {
        frontier += set(s, 0) as u64;
    }
    let mut seen = frontier;
    let mut depth = 0u8;
    const CHUNK: usize = 1 << 14;
    while frontier > 0 && seen < len as u64 {
        if depth + 1 >= CAP {
            // Everything left is at least CAP away.
            (0..len).for_each(|i| {
                if get(i) == UNREACHED {
                    set(i, CAP);
                }
            });
            break;
        }
        let pull = frontier > (len as u64 - seen) / 4;
        let (cur, next) = (depth, depth + 1);
        frontier = (0..len.div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                let mut n = 0u64;
                for i in c * CHUNK..((c + 1) * CHUNK).min(len) {
                    if pull {
                        if get(i) != UNREACHED {
                            continue;
                        }
                        let mut found = false;
                        expand(i, &mut |j| {
                            found = get(j) == cur;
                            found
                        });
                        if found && set(i, next) {
                            n += 1;
                        }
                    } else if get(i) == cur {
                        expand(i, &mut |j| {
                            if get(j) == UNREACHED && set(j, next) {
                                n += 1;
                            }
                            false
                        });
                    }
                }
                n
            })
            .sum();
        seen += frontier;
        depth += 1;
    }
    Dist(NibbleTable {
        len,
        data: Bytes::Owned(cells.into_iter().map(|c| c.into_inner()).collect()),
    })
}

/// Where tables live between runs. `None` keeps everything in memory (tests, or no usable
/// cache directory).
#[derive(Clone, Debug, Default)]
pub struct TableStore {
    pub store: Option<Arc<dyn Store>>,
}

impl TableStore {
    /// Loads table `name` of `len` entries, or builds it with `build` and stores it (a failed
    /// store is not an error: the table is simply rebuilt next time).
    pub fn get_or_build(&self, name: &str, len: usize, build: impl FnOnce() -> Dist) -> Dist {
        let name = format!("reduction-{name}");
        if let Some(store) = &self.store {
            if let Ok(t) = crate::toolkit::cache::load(&**store, &name, len) {
                return Dist(t);
            }
        }
        let t = build();
        if let Some(store) = &self.store {
            let _ = crate::toolkit::cache::store(&**store, &name, &t.0);
        }
        t
    }
}
