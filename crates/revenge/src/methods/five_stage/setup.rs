//! Each stage's coordinates, move tables and goals, cached next to its distance tables.
//!
//! Exploring them takes seconds (stage 1's 735,471 wing sets alone about 3 s), far more than
//! a solve, so the solver keeps them in one word file per stage ([`crate::toolkit::cache`]) and maps
//! it: the move tables are read in place, pages on demand. A file is believed only when it
//! passes checks that cost milliseconds, never a full checksum:
//! - header, byte order and length ([`crate::toolkit::cache::load_words`]);
//! - a fingerprint of everything the numbering is defined from (coordinate kinds, coset
//!   tables, moves, start positions, rotations), so a file of another definition is refused;
//! - every array's length, every id in range (no lookup can go out of bounds);
//! - the first rows of each coordinate's exploration, redone with this code, agree with the
//!   file (a file numbered by other code is refused), and each goal set holds its start.
//!
//! Anything else is rebuilt exactly as [`Stage::new`] builds it, and stored.

use super::stage::{Plan, Stage, TableEvent};
use crate::store::Store;
use crate::toolkit::cache::{self, LoadError};
use crate::toolkit::coord::Coord;
use crate::toolkit::words::Words;
use std::collections::HashSet;

/// Rows of each coordinate's exploration redone at load time and compared with the file.
const CHECK_ROWS: usize = 256;

/// Cache name of stage `k`'s set-up.
pub(crate) fn setup_name(k: usize) -> String {
    format!("stage{k}-setup")
}

impl Stage {
    /// Stage `k` as [`Stage::new`] builds it, read from `store` when a valid copy is there, else
    /// built and stored. `report` hears (name, 0, event) as for the distance tables.
    pub fn cached(
        k: usize,
        store: &dyn Store,
        report: &(dyn Fn(&str, usize, TableEvent) + Sync),
    ) -> Stage {
        load_or_build(Plan::stage(k), store, report)
    }

    /// Stage `k` read from `store` only, never built (a caller that must not spend seconds or
    /// write files): `Missing` or `Invalid` when no valid copy is there.
    pub fn load_cached(k: usize, store: &dyn Store) -> Result<Stage, LoadError> {
        let plan = Plan::stage(k);
        let (coords, goals) = read(&plan, store)?;
        Ok(plan.finish(coords, goals))
    }
}

/// The set-up of `plan`'s stage as stored in `store`, if valid.
fn read(plan: &Plan, store: &dyn Store) -> Result<Parts, LoadError> {
    cache::load_words(store, &setup_name(plan.k)).and_then(|w| decode(plan, fingerprint(plan), &w))
}

pub(crate) fn load_or_build(
    plan: Plan,
    store: &dyn Store,
    report: &(dyn Fn(&str, usize, TableEvent) + Sync),
) -> Stage {
    let name = setup_name(plan.k);
    let fp = fingerprint(&plan);
    match read(&plan, store) {
        Ok((coords, goals)) => {
            report(&name, 0, TableEvent::Loaded);
            return plan.finish(coords, goals);
        }
        Err(LoadError::Invalid(why)) => report(&name, 0, TableEvent::Invalid(why)),
        Err(LoadError::Missing) => {}
    }
    report(&name, 0, TableEvent::Building);
    let start = std::time::Instant::now();
    let stage = plan.build();
    report(&name, 0, TableEvent::Built(start.elapsed().as_secs_f64()));
    if let Err(e) = cache::store_words(store, &name, &encode(fp, &stage)) {
        report(&name, 0, TableEvent::Invalid(format!("cannot store: {e}")));
    }
    stage
}

/// A checksum of what the stage's numbering is defined from.
fn fingerprint(plan: &Plan) -> u64 {
    let mut w: Vec<u32> = vec![plan.k as u32];
    for moves in [&plan.moves, &plan.next] {
        w.push(moves.len() as u32);
        w.extend(moves.iter().map(|m| u32::from(m.0)));
    }
    for rot in &plan.rots {
        w.push(rot.len() as u32);
        w.extend(
            rot.iter()
                .map(|q| u32::from(q.axis) << 8 | u32::from(q.amount)),
        );
    }
    for c in &plan.starts {
        w.extend(
            [&c.cp[..], &c.co, &c.wp, &c.ct]
                .concat()
                .iter()
                .map(|&x| u32::from(x)),
        );
    }
    for (kind, canon) in &plan.kinds {
        kind.describe(&mut w);
        let canon = canon.as_deref().unwrap_or(&[]);
        w.push(canon.len() as u32);
        w.extend_from_slice(canon);
    }
    cache::checksum(bytemuck::cast_slice(&w))
}

/// The file's words: fingerprint, then per coordinate its size, move count, numbering, key map
/// and move table, then per rotation its goal tuples.
fn encode(fp: u64, stage: &Stage) -> Vec<u32> {
    let mut w = vec![fp as u32, (fp >> 32) as u32, stage.coords.len() as u32];
    for c in &stage.coords {
        w.extend([c.size, c.nmoves, c.dense.len(), c.map.len()].map(|x| x as u32));
        w.extend_from_slice(&c.dense);
        let mut keys: Vec<(&u64, &u32)> = c.map.iter().collect();
        keys.sort_unstable();
        for (&k, &id) in keys {
            w.extend([k as u32, (k >> 32) as u32, id]);
        }
        w.extend_from_slice(&c.mtab);
    }
    w.push(stage.goals.len() as u32);
    for g in &stage.goals {
        let mut tuples: Vec<&Vec<u32>> = g.iter().collect();
        tuples.sort_unstable();
        w.push(tuples.len() as u32);
        for t in tuples {
            w.extend_from_slice(t);
        }
    }
    w
}

/// Reads words in order, failing (never panicking) past the end.
struct Reader<'a> {
    words: &'a Words,
    pos: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u32], LoadError> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.words.len());
        let end = end.ok_or_else(|| invalid("truncated"))?;
        let s = &self.words[self.pos..end];
        self.pos = end;
        Ok(s)
    }
    fn one(&mut self) -> Result<usize, LoadError> {
        Ok(self.take(1)?[0] as usize)
    }
    /// The next `n` words as an array sharing the file's mapping.
    fn array(&mut self, n: usize) -> Result<Words, LoadError> {
        let w = self
            .words
            .slice(self.pos, n)
            .ok_or_else(|| invalid("truncated"))?;
        self.pos += n;
        Ok(w)
    }
}

fn invalid(why: &str) -> LoadError {
    LoadError::Invalid(format!("stage set-up: {why}"))
}

type Parts = (Vec<Coord>, Vec<HashSet<Vec<u32>>>);

/// The coordinates and goals of a file, checked as the module describes.
fn decode(plan: &Plan, fp: u64, words: &Words) -> Result<Parts, LoadError> {
    let mut r = Reader { words, pos: 0 };
    let head = r.take(3)?;
    if (u64::from(head[1]) << 32 | u64::from(head[0])) != fp {
        return Err(invalid("made for another definition of the stage"));
    }
    if head[2] as usize != plan.kinds.len() {
        return Err(invalid("wrong number of coordinates"));
    }
    let mut coords = Vec::with_capacity(plan.kinds.len());
    for (kind, canon) in &plan.kinds {
        let [size, nmoves, ndense, nmap] = [r.one()?, r.one()?, r.one()?, r.one()?];
        if nmoves != plan.moves.len() || ndense != kind.raw_size() || size == 0 {
            return Err(invalid("coordinate of another shape"));
        }
        let dense = r.array(ndense)?;
        if dense.iter().any(|&d| d as usize >= size && d != u32::MAX) {
            return Err(invalid("numbering out of range"));
        }
        let mut map = std::collections::HashMap::with_capacity(nmap);
        for e in r
            .take(nmap.checked_mul(3).ok_or_else(|| invalid("truncated"))?)?
            .chunks(3)
        {
            if e[2] as usize >= size {
                return Err(invalid("numbering out of range"));
            }
            map.insert(u64::from(e[1]) << 32 | u64::from(e[0]), e[2]);
        }
        let rows = size
            .checked_mul(nmoves)
            .ok_or_else(|| invalid("truncated"))?;
        let mtab = r.array(rows)?;
        // The largest entry, not a search: a vectorised pass over the mapped table.
        if mtab.iter().copied().max().unwrap_or(0) as usize >= size {
            return Err(invalid("move table out of range"));
        }
        let c = Coord {
            kind: kind.clone(),
            canon: canon.clone(),
            dense,
            map,
            reps: Vec::new(),
            size,
            mtab,
            nmoves,
        };
        let fresh = Coord::explore(
            kind.clone(),
            canon.clone(),
            &plan.starts,
            &plan.moves,
            CHECK_ROWS,
        );
        let same_ids = fresh
            .reps
            .iter()
            .enumerate()
            .all(|(i, rep)| c.id(rep) == Some(i as u32));
        if !same_ids || c.mtab.get(..fresh.mtab.len()) != Some(&fresh.mtab[..]) {
            return Err(invalid("numbered by other code (stale)"));
        }
        coords.push(c);
    }
    let nsets = r.one()?;
    if nsets != plan.starts.len() {
        return Err(invalid("wrong number of goal sets"));
    }
    let mut goals = Vec::with_capacity(nsets);
    for start in &plan.starts {
        let n = r.one()?;
        let flat = r.take(
            n.checked_mul(coords.len())
                .ok_or_else(|| invalid("truncated"))?,
        )?;
        let mut set = HashSet::with_capacity(n);
        for t in flat.chunks(coords.len().max(1)) {
            if t.iter().zip(&coords).any(|(&id, c)| id as usize >= c.size) {
                return Err(invalid("goal out of range"));
            }
            set.insert(t.to_vec());
        }
        let s: Option<Vec<u32>> = coords.iter().map(|c| c.id(start)).collect();
        if !s.is_some_and(|s| set.contains(&s)) {
            return Err(invalid("goal set without its start (stale)"));
        }
        goals.push(set);
    }
    if r.pos != words.len() {
        return Err(invalid("trailing data"));
    }
    Ok((coords, goals))
}

#[cfg(test)]
mod tests {
    use super::super::spec::{colour_set, ud_wing_coset};
    use super::*;
    use std::sync::Mutex;
    use wurfel_files::Dir;

    /// Events heard by `report`, as "name event" strings.
    struct Log(Mutex<Vec<String>>);

    impl Log {
        fn new() -> Log {
            Log(Mutex::new(Vec::new()))
        }
        fn load(&self, plan: impl Fn() -> Plan, dir: &dyn Store) -> Stage {
            let report = |name: &str, _: usize, ev: TableEvent| {
                let ev = match ev {
                    TableEvent::Built(_) => "Built".to_string(),
                    e => format!("{e:?}"),
                };
                self.0.lock().unwrap().push(format!("{name} {ev}"));
            };
            load_or_build(plan(), dir, &report)
        }
        /// The events since the last call.
        fn take(&self) -> Vec<String> {
            std::mem::take(&mut *self.0.lock().unwrap())
        }
    }

    fn same(a: &Stage, b: &Stage) {
        assert_eq!(a.coords.len(), b.coords.len());
        for (x, y) in a.coords.iter().zip(&b.coords) {
            assert_eq!((x.size, x.nmoves), (y.size, y.nmoves));
            assert_eq!(*x.dense, *y.dense);
            assert_eq!(*x.mtab, *y.mtab);
            assert_eq!(x.map, y.map);
        }
        assert_eq!(a.goals, b.goals);
        let names = |s: &Stage| {
            s.projections
                .iter()
                .map(|p| p.name.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(a), names(b));
    }

    /// Stage 4's wing cosets (a keyed coordinate, 88,200 values) with the U centres: a plan
    /// with a key map, built in under a second.
    fn keyed_plan() -> Plan {
        let spec = vec![(colour_set(0, &[0]), false), (ud_wing_coset(), false)];
        Plan::new(4, (spec, vec![vec![0, 1]]))
    }

    #[test]
    fn a_cached_stage_is_the_built_stage() {
        let dir = tempfile::tempdir().unwrap();
        let log = Log::new();
        for k in [3, 5] {
            let built = log.load(|| Plan::stage(k), &Dir::new(dir.path()));
            let name = setup_name(k);
            assert_eq!(
                log.take(),
                [format!("{name} Building"), format!("{name} Built")]
            );
            let loaded = log.load(|| Plan::stage(k), &Dir::new(dir.path()));
            assert_eq!(log.take(), [format!("{name} Loaded")]);
            assert!(loaded
                .coords
                .iter()
                .all(|c| matches!(c.mtab, Words::Mapped { .. })));
            same(&loaded, &built);
            same(&loaded, &Stage::new(k));
        }
        let built = keyed_plan().build();
        assert!(!built.coords[1].map.is_empty());
        log.load(keyed_plan, &Dir::new(dir.path()));
        let loaded = log.load(keyed_plan, &Dir::new(dir.path()));
        assert_eq!(log.take().last().unwrap(), "stage4-setup Loaded");
        same(&loaded, &built);
        // The same file is refused for a plan of another definition.
        let other = || Plan::new(4, (vec![(colour_set(0, &[0]), false)], vec![vec![0]]));
        log.load(other, &Dir::new(dir.path()));
        let events = log.take();
        assert!(events[0].contains("another definition"), "{events:?}");
    }

    /// Stage 5's file with `edit` applied to its words (the header's checksum left stale, as
    /// bit rot would leave it), then loaded: the events heard and the stage.
    fn load_edited(edit: impl Fn(&mut Vec<u32>)) -> (Vec<String>, Stage) {
        let dir = tempfile::tempdir().unwrap();
        let built = Stage::new(5);
        let mut w = encode(fingerprint(&Plan::stage(5)), &built);
        edit(&mut w);
        cache::store_words(&Dir::new(dir.path()), &setup_name(5), &w).unwrap();
        let log = Log::new();
        let stage = log.load(|| Plan::stage(5), &Dir::new(dir.path()));
        same(&stage, &built);
        // Whatever was wrong, the file is rebuilt and the next start loads it.
        log.load(|| Plan::stage(5), &Dir::new(dir.path()));
        assert_eq!(log.0.lock().unwrap().last().unwrap(), "stage5-setup Loaded");
        (log.take(), stage)
    }

    /// Offset of coordinate 0's move table in stage 5's words, and its size.
    fn first_mtab(w: &[u32]) -> (usize, usize) {
        let (size, ndense, nmap) = (w[3] as usize, w[5] as usize, w[6] as usize);
        (7 + ndense + 3 * nmap, size)
    }

    fn refused(edit: impl Fn(&mut Vec<u32>), why: &str) {
        let (events, _) = load_edited(edit);
        assert!(
            events[0].starts_with("stage5-setup Invalid") && events[0].contains(why),
            "{events:?}"
        );
        assert_eq!(events[1], "stage5-setup Building");
    }

    #[test]
    fn an_intact_file_is_believed() {
        let (events, _) = load_edited(|_| {});
        assert_eq!(events, ["stage5-setup Loaded", "stage5-setup Loaded"]);
    }

    #[test]
    fn truncated_foreign_stale_or_damaged_files_are_rebuilt() {
        refused(|w| w.truncate(w.len() - 1), "truncated");
        refused(|w| w.push(0), "trailing");
        refused(|w| w[0] ^= 1, "another definition");
        // Numbered differently by other code: one entry of the first rows changed.
        refused(
            |w| {
                let (at, size) = first_mtab(w);
                w[at + 1] = (w[at + 1] + 1) % size as u32;
            },
            "numbered by other code",
        );
        // An id past the end (the last row, beyond the rows re-explored).
        refused(
            |w| {
                let (at, size) = first_mtab(w);
                w[at + size * 12 - 1] = size as u32;
            },
            "out of range",
        );
        // A goal set without its start.
        refused(
            |w| {
                let n = w.len();
                w[n - 7..].fill(0);
            },
            "goal",
        );
    }

    #[test]
    fn a_file_of_another_name_or_version_is_rebuilt() {
        let dir = tempfile::tempdir().unwrap();
        let log = Log::new();
        log.load(|| Plan::stage(3), &Dir::new(dir.path()));
        let (from, to) = (
            Dir::new(dir.path()).file(&cache::file_name(&setup_name(3))),
            Dir::new(dir.path()).file(&cache::file_name(&setup_name(5))),
        );
        std::fs::copy(&from, &to).unwrap();
        log.take();
        log.load(|| Plan::stage(5), &Dir::new(dir.path()));
        assert!(log.take()[0].contains("another shape"));
        let mut b = std::fs::read(&to).unwrap();
        b[16] ^= 1;
        std::fs::write(&to, &b).unwrap();
        log.load(|| Plan::stage(5), &Dir::new(dir.path()));
        assert!(log.take()[0].contains("stale format version"));
    }
}
