//! A stage's distance tables: built by breadth-first search ([`crate::prune`]), stored in and
//! mapped from a directory the caller names ([`crate::cache`]). Kept apart from the search
//! ([`crate::stage`]), which only reads the tables.

use crate::cache;
use crate::coord::Coord;
use crate::prune::{self, NibbleTable};
use crate::stage::{Projection, Stage};
use std::path::Path;
use std::sync::atomic::AtomicBool;

impl Stage {
    /// Sources (goal entries) of projection `p`.
    pub(crate) fn sources(&self, p: &Projection) -> Vec<usize> {
        let mut v: Vec<usize> = self.goals.iter().flatten().map(|t| p.index(t)).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Builds projection `i`'s distance table by BFS; returns the per-depth counts.
    pub fn build_table(
        &self,
        i: usize,
        threads: usize,
        on_depth: prune::DepthCallback<'_>,
    ) -> Result<(NibbleTable, Vec<u64>), String> {
        self.bfs_projection(i, threads, false, on_depth, None)
    }

    /// Breadth-first search over projection `i` to the end, for counting positions per
    /// distance (entries are distances modulo 15, not a usable distance table). Once `stop` is
    /// set it ends early, with the counts of the depths completed.
    pub fn count_depths(
        &self,
        i: usize,
        threads: usize,
        on_depth: prune::DepthCallback<'_>,
        stop: Option<&AtomicBool>,
    ) -> Result<(NibbleTable, Vec<u64>), String> {
        self.bfs_projection(i, threads, true, on_depth, stop)
    }

    fn bfs_projection(
        &self,
        i: usize,
        threads: usize,
        exact_counts: bool,
        on_depth: prune::DepthCallback<'_>,
        stop: Option<&AtomicBool>,
    ) -> Result<(NibbleTable, Vec<u64>), String> {
        let p = &self.projections[i];
        let coords: Vec<&Coord> = p.coords.iter().map(|&c| &self.coords[c]).collect();
        prune::bfs(
            &coords,
            &self.sources(p),
            threads,
            exact_counts,
            on_depth,
            stop,
        )
    }

    /// Maps every distance table from `dir`, building none: `Missing` or `Invalid` (with
    /// the table's name) when one is not there.
    pub fn load_tables(&mut self, dir: &Path) -> Result<(), (String, cache::LoadError)> {
        for p in &mut self.projections {
            if p.table.is_none() {
                p.table =
                    Some(cache::load(dir, &p.name, p.len()).map_err(|e| (p.name.clone(), e))?);
            }
        }
        Ok(())
    }

    /// Loads every distance table from `dir`, building (and storing) the missing or invalid
    /// ones. `report` hears about each table: (name, entries, event).
    pub fn ensure_tables(
        &mut self,
        dir: &Path,
        threads: usize,
        report: &(dyn Fn(&str, usize, TableEvent) + Sync),
    ) -> Result<(), String> {
        for i in 0..self.projections.len() {
            if self.projections[i].table.is_some() {
                continue;
            }
            let (name, len) = (self.projections[i].name.clone(), self.projections[i].len());
            match cache::load(dir, &name, len) {
                Ok(t) => {
                    report(&name, len, TableEvent::Loaded);
                    self.projections[i].table = Some(t);
                    continue;
                }
                Err(cache::LoadError::Invalid(why)) => report(&name, len, TableEvent::Invalid(why)),
                Err(cache::LoadError::Missing) => {}
            }
            report(&name, len, TableEvent::Building);
            let start = std::time::Instant::now();
            let cb = |d: u32, n: u64| report(&name, len, TableEvent::Depth(d, n));
            let (t, _) = self.build_table(i, threads, &cb)?;
            report(&name, len, TableEvent::Built(start.elapsed().as_secs_f64()));
            if let Err(e) = cache::store(dir, &name, &t) {
                report(
                    &name,
                    len,
                    TableEvent::Invalid(format!("cannot store: {e}")),
                );
            }
            self.projections[i].table = Some(t);
        }
        Ok(())
    }
}

/// What happens to a table.
#[derive(Debug, Clone)]
pub enum TableEvent {
    Loaded,
    Invalid(String),
    Building,
    Depth(u32, u64),
    Built(f64),
}
