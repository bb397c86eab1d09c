//! A stage's distance tables: one per projection (a product of some of the stage's
//! coordinates), built by breadth-first search from the stage's goals
//! ([`crate::toolkit::product`]), stored in and mapped from a directory the caller names
//! ([`crate::toolkit::cache`]). Kept apart from the search ([`super::stage`]), which only
//! reads the tables.

use crate::store::Store;
use crate::toolkit::bfs::Options;
use crate::toolkit::cache;
use crate::toolkit::coord::Coord;
use crate::toolkit::product;
use crate::toolkit::prune::NibbleTable;
use std::collections::HashSet;

/// A distance table over some of the stage's coordinates.
pub(crate) struct Projection {
    pub(crate) coords: Vec<usize>,
    pub(crate) sizes: Vec<usize>,
    pub(crate) table: Option<NibbleTable>,
    pub(crate) name: String,
}

impl Projection {
    /// A projection of stage `k` onto `coords`, without its table yet.
    pub(crate) fn new(k: usize, p: Vec<usize>, coords: &[Coord]) -> Projection {
        let sizes: Vec<usize> = p.iter().map(|&c| coords[c].size).collect();
        let name = format!(
            "stage{k}-{}-{}",
            p.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join("_"),
            sizes.iter().product::<usize>()
        );
        Projection {
            coords: p,
            sizes,
            table: None,
            name,
        }
    }

    /// Number of entries.
    pub(crate) fn len(&self) -> usize {
        self.sizes.iter().product()
    }
    #[inline]
    pub(crate) fn index(&self, ids: &[u32]) -> usize {
        let mut i = 0;
        for (k, &c) in self.coords.iter().enumerate() {
            i = i * self.sizes[k] + ids[c] as usize;
        }
        i
    }
}

/// What a projection's table is built from: the stage's coordinates and goals.
#[derive(Clone, Copy)]
pub(crate) struct Space<'a> {
    pub projection: &'a Projection,
    pub coords: &'a [Coord],
    pub goals: &'a [HashSet<Vec<u32>>],
}

impl Space<'_> {
    /// Sources (goal entries) of the projection.
    fn sources(&self) -> Vec<usize> {
        let p = self.projection;
        let mut v: Vec<usize> = self.goals.iter().flatten().map(|t| p.index(t)).collect();
        v.sort_unstable();
        v.dedup();
        v
    }
}

/// Breadth-first search over the projection of `s` (see [`crate::toolkit::bfs::Options`]:
/// a distance table capped at 14, or the counts of every depth).
pub(crate) fn bfs(s: Space<'_>, opts: &Options<'_>) -> Result<(NibbleTable, Vec<u64>), String> {
    let coords: Vec<&Coord> = s.projection.coords.iter().map(|&c| &s.coords[c]).collect();
    product::bfs(&coords, &s.sources(), opts)
}

/// The projection's table from `store`, else built (and stored there). `report` hears about
/// it: (name, entries, event).
pub(crate) fn load_or_build(
    s: Space<'_>,
    store: &dyn Store,
    threads: usize,
    report: &(dyn Fn(&str, usize, TableEvent) + Sync),
) -> Result<NibbleTable, String> {
    let (name, len) = (s.projection.name.as_str(), s.projection.len());
    match cache::load(store, name, len) {
        Ok(t) => {
            report(name, len, TableEvent::Loaded);
            return Ok(t);
        }
        Err(cache::LoadError::Invalid(why)) => report(name, len, TableEvent::Invalid(why)),
        Err(cache::LoadError::Missing) => {}
    }
    report(name, len, TableEvent::Building);
    let start = std::time::Instant::now();
    let cb = |d: u32, n: u64| report(name, len, TableEvent::Depth(d, n));
    let opts = Options {
        threads: threads.max(1),
        on_depth: &cb,
        ..Options::table()
    };
    let (t, _) = bfs(s, &opts)?;
    report(name, len, TableEvent::Built(start.elapsed().as_secs_f64()));
    if let Err(e) = cache::store(store, name, &t) {
        report(name, len, TableEvent::Invalid(format!("cannot store: {e}")));
    }
    Ok(t)
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

#[cfg(test)]
mod tests {
    use super::super::stage::Stage;

    /// Exact distances over projection `i` of `s` by a plain sequential queue (`u32::MAX`:
    /// unreachable), from the ids of its coordinates: the reference for the row-wise search.
    fn distances(s: &Stage, i: usize) -> Vec<u32> {
        let p = &s.projections[i];
        let coords: Vec<_> = p.coords.iter().map(|&c| &s.coords[c]).collect();
        let mut d = vec![u32::MAX; p.len()];
        let mut queue = std::collections::VecDeque::new();
        for g in s.goals.iter().flatten() {
            let j = p.index(g);
            if d[j] == u32::MAX {
                d[j] = 0;
                queue.push_back(j);
            }
        }
        let mut ids = vec![0u32; coords.len()];
        while let Some(j) = queue.pop_front() {
            let mut r = j;
            for (k, c) in coords.iter().enumerate().rev() {
                ids[k] = (r % c.size) as u32;
                r /= c.size;
            }
            for m in 0..coords[0].nmoves {
                let n = coords
                    .iter()
                    .zip(&ids)
                    .fold(0, |n, (c, &id)| n * c.size + c.step(id, m) as usize);
                if d[n] == u32::MAX {
                    d[n] = d[j] + 1;
                    queue.push_back(n);
                }
            }
        }
        d
    }

    #[test]
    fn row_wise_tables_match_a_plain_search() {
        let stage5 = Stage::new(5).with_table_limit(10_000);
        let stage3 = Stage::new(3);
        for (s, i) in [(&stage5, 0), (&stage5, 1), (&stage5, 4), (&stage3, 0)] {
            let d = distances(s, i);
            let deepest = d.iter().filter(|&&x| x != u32::MAX).max().copied().unwrap();
            let mut counts = vec![0u64; deepest as usize + 1];
            d.iter()
                .filter(|&&x| x != u32::MAX)
                .for_each(|&x| counts[x as usize] += 1);
            let (table, got) = s.count_depths(i, 2, &|_, _| {}, None).unwrap();
            assert_eq!(got, counts, "stage {} table {i}", s.number);
            let (capped, _) = s.build_table(i, 2, &|_, _| {}).unwrap();
            for (j, &x) in d.iter().enumerate() {
                let exact = if x == u32::MAX { 15 } else { (x % 15) as u8 };
                assert_eq!(
                    table.get(j),
                    exact,
                    "stage {} table {i} entry {j}",
                    s.number
                );
                let cap = match x {
                    u32::MAX if deepest >= 14 => 14,
                    u32::MAX => 15,
                    x => x.min(14) as u8,
                };
                assert_eq!(capped.get(j), cap, "stage {} table {i} entry {j}", s.number);
            }
        }
    }
}
