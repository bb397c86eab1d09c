//! Where the reduction phases' distance tables live: the toolkit's one distance-table type,
//! 4-bit [`NibbleTable`]s (15 = not reachable), built by the toolkit's one breadth-first search
//! ([`crate::toolkit::bfs::bfs_indexed`]) and kept behind one small interface (so a different
//! cache policy or memory mapping only changes [`TableStore`]).

use crate::store::Store;
use crate::toolkit::prune::NibbleTable;
use crate::TableEvent;
use std::sync::Arc;

/// Where tables live between runs. `None` keeps everything in memory (tests, or no usable
/// cache directory).
#[derive(Clone, Default)]
pub struct TableStore {
    pub store: Option<Arc<dyn Store>>,
    /// Told of each table as it is loaded or built (the CLI's progress lines): its name,
    /// entries and what happens ([`TableEvent::Loaded`], or [`TableEvent::Building`] then
    /// [`TableEvent::Built`]).
    #[allow(clippy::type_complexity)]
    pub report: Option<Arc<dyn Fn(&str, usize, TableEvent) + Send + Sync>>,
}

impl std::fmt::Debug for TableStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableStore")
            .field("store", &self.store)
            .field("report", &self.report.as_ref().map(|_| "..."))
            .finish()
    }
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
        let report = |ev| {
            if let Some(r) = &self.report {
                r(&name, len, ev);
            }
        };
        if let Some(store) = &self.store {
            if let Ok(t) = crate::toolkit::cache::load(&**store, &name, len) {
                report(TableEvent::Loaded);
                return t;
            }
        }
        report(TableEvent::Building);
        let start = std::time::Instant::now();
        let t = build();
        report(TableEvent::Built(start.elapsed().as_secs_f64()));
        if let Some(store) = &self.store {
            let _ = crate::toolkit::cache::store(&**store, &name, &t);
        }
        t
    }
}
