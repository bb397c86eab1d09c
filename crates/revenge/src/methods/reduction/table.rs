//! Where the reduction phases' distance tables live: 4-bit [`NibbleTable`]s (15 = not
//! reachable), built by the toolkit's one breadth-first search
//! ([`crate::toolkit::bfs::bfs_indexed`]) and kept behind one small interface (so a different
//! cache policy or memory mapping only changes [`TableStore`]).

use crate::store::Store;
use crate::toolkit::prune::NibbleTable;
use std::sync::Arc;

/// Entry of a state the search never reached.
pub(crate) const UNREACHED: u8 = crate::toolkit::prune::UNSEEN;

/// A distance table's nibbles as a plain slice: the search's innermost lookups then skip
/// [`NibbleTable`]'s owned-or-mapped dispatch.
#[derive(Copy, Clone)]
pub(crate) struct Nibbles<'a>(&'a [u8]);

impl<'a> Nibbles<'a> {
    pub(crate) fn of(d: &'a NibbleTable) -> Nibbles<'a> {
        Nibbles(&d.data)
    }
    #[inline]
    pub(crate) fn get(self, i: usize) -> u8 {
        (self.0[i >> 1] >> ((i & 1) * 4)) & 0xF
    }
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
    pub fn get_or_build(
        &self,
        name: &str,
        len: usize,
        build: impl FnOnce() -> NibbleTable,
    ) -> NibbleTable {
        let name = format!("reduction-{name}");
        if let Some(store) = &self.store {
            if let Ok(t) = crate::toolkit::cache::load(&**store, &name, len) {
                return t;
            }
        }
        let t = build();
        if let Some(store) = &self.store {
            let _ = crate::toolkit::cache::store(&**store, &name, &t);
        }
        t
    }
}
