//! Breadth-first analysis over a symmetry-reduced space ([`Space`]): 2 bits per entry in
//! memory-mapped files, one file per completed depth, resumable after a kill at any moment.
//!
//! Entry states: [`UNSEEN`], [`DONE`] (reached at an earlier depth, or not a position: a
//! non-canonical entry or padding) and [`FRONTIER`] (reached at the depth the file is for).
//! Depth `d + 1` is computed from the file of depth `d` alone, into a new file:
//!
//! - *pull* ([`pull_range`]): each unseen entry of a range looks for a neighbour on the
//!   frontier. The output range depends only on the previous file, so ranges can be computed
//!   by different workers (or machines) that never write the same bytes;
//! - *push* ([`push_range`], while the frontier is small): each frontier entry of a range lists
//!   its unseen neighbours; merging the lists ([`apply_push`], again by output ranges) gives
//!   the new frontier.
//!
//! On disk, a directory holds `space.json` (which space this is), `depth-DD.bits` and
//! `depth-DD.json` (rows up to `DD` and the file's checksum). A depth's JSON is written last
//! (atomically), so a file without it is unfinished work, discarded on resume; older depths
//! are deleted only after the newer one is complete. A kill loses at most the depth under way.

use crate::reduced::{Space, Tally};
use memmap2::{Mmap, MmapMut};
use rayon::prelude::*;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub const UNSEEN: u8 = 0;
pub const DONE: u8 = 1;
pub const FRONTIER: u8 = 2;

/// Layout version of the state files.
const FORMAT: u32 = 1;
/// Bytes (4 entries each) per unit of parallel work.
const CHUNK: usize = 1 << 14;
/// Bytes of the next table per unit of merging push lists.
const MERGE_CHUNK: usize = 1 << 22;

/// State of entry `e`.
#[inline]
pub fn entry(bytes: &[u8], e: u64) -> u8 {
    (bytes[(e >> 2) as usize] >> ((e & 3) * 2)) & 3
}

#[inline]
fn set(bytes: &mut [u8], e: u64, v: u8) {
    let (i, sh) = ((e >> 2) as usize, (e & 3) * 2);
    bytes[i] = (bytes[i] & !(3 << sh)) | v << sh;
}

/// Bytes of a table of `len` entries.
pub fn table_bytes(len: u64) -> usize {
    len.div_ceil(4) as usize
}

/// Depth 0 for the bytes `out` (starting at byte `first`): non-canonical entries and padding
/// are [`DONE`], every other entry [`UNSEEN`] (the goals are set afterwards). Returns the
/// number of unseen entries.
pub fn init_range(space: &Space, first: usize, out: &mut [u8]) -> u64 {
    let len = space.len();
    let mut unseen = 0;
    for (i, o) in out.iter_mut().enumerate() {
        let mut b = 0u8;
        for q in 0..4u64 {
            let e = (first + i) as u64 * 4 + q;
            let v = if e < len && space.weight(e).is_some() {
                unseen += 1;
                UNSEEN
            } else {
                DONE
            };
            b |= v << (2 * q);
        }
        *o = b;
    }
    unseen
}

/// One pull step for the bytes `out` (starting at byte `first`) of the next depth's table,
/// from the whole previous table `prev`: a pure function of `prev`, so any partition of the
/// table into ranges gives the same result. Returns what the new frontier in the range holds.
pub fn pull_range(space: &Space, prev: &[u8], first: usize, out: &mut [u8]) -> Tally {
    let mut t = Tally::default();
    for (i, o) in out.iter_mut().enumerate() {
        let old = prev[first + i];
        let mut b = 0u8;
        for q in 0..4u64 {
            let v = (old >> (2 * q)) & 3;
            let nv = if v == UNSEEN {
                let e = (first + i) as u64 * 4 + q;
                if space.any_neighbour(e, |x| entry(prev, x) == FRONTIER) {
                    t += space.weight(e).expect("unseen entries are canonical");
                    FRONTIER
                } else {
                    UNSEEN
                }
            } else {
                DONE
            };
            b |= nv << (2 * q);
        }
        *o = b;
    }
    t
}

/// The previous table's bytes with the frontier retired ([`FRONTIER`] becomes [`DONE`]): the
/// starting point of a push step.
pub fn retire_range(prev: &[u8], out: &mut [u8]) {
    for (o, &b) in out.iter_mut().zip(prev) {
        // A 2-bit value v becomes v | (v >> 1) & 1 ... i.e. 2 -> 1, others unchanged.
        let hi = b & 0xAA;
        *o = (b & !hi) | (hi >> 1);
    }
}

/// One push step for the bytes `first..first + count` of the previous table: the unseen
/// entries in `keep` next to its frontier entries, sorted, without repeats.
pub fn push_range(
    space: &Space,
    prev: &[u8],
    first: usize,
    count: usize,
    keep: &Range<u64>,
) -> Vec<u64> {
    let mut out = Vec::new();
    for i in first..first + count {
        let b = prev[i];
        if b & 0xAA == 0 {
            continue;
        }
        for q in 0..4u64 {
            if (b >> (2 * q)) & 3 == FRONTIER {
                space.any_neighbour(i as u64 * 4 + q, |x| {
                    if keep.contains(&x) && entry(prev, x) == UNSEEN {
                        out.push(x);
                    }
                    false
                });
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Merges push steps' lists (each sorted) into the bytes `out` (starting at byte `first`) of
/// the next table (already [`retire_range`]d): each range takes the listed entries that fall
/// in it, so ranges are merged independently.
pub fn apply_push(space: &Space, first: usize, out: &mut [u8], lists: &[Vec<u64>]) -> Tally {
    let lo = first as u64 * 4;
    let hi = lo + out.len() as u64 * 4;
    let mut t = Tally::default();
    for l in lists {
        let a = l.partition_point(|&x| x < lo);
        let b = l.partition_point(|&x| x < hi);
        for &x in &l[a..b] {
            if entry(out, x - lo) == UNSEEN {
                set(out, x - lo, FRONTIER);
                t += space.weight(x).expect("unseen entries are canonical");
            }
        }
    }
    t
}

/// Unseen entries in `bytes`: the canonical entries not reached yet (non-canonical entries and
/// padding are [`DONE`]).
pub fn count_unseen(bytes: &[u8]) -> u64 {
    bytes
        .par_chunks(1 << 20)
        .map(|c| {
            c.iter()
                // A 2-bit field is UNSEEN when both of its bits are clear.
                .map(|&b| u64::from((!(b | b >> 1) & 0x55).count_ones()))
                .sum::<u64>()
        })
        .sum()
}

/// Ranges of a table given to different workers start on multiples of this many bytes (a
/// cache line: ranges written by threads of one machine never share one).
const RANGE_ALIGN: usize = 64;

/// The bytes of a table of `nbytes` that worker `index` of `workers` computes: consecutive,
/// about equal ranges covering the table once (empty when there are more workers than
/// 64-byte lines).
pub fn shard_range(nbytes: usize, workers: usize, index: usize) -> Range<usize> {
    let lines = nbytes.div_ceil(RANGE_ALIGN) as u128;
    let at = |i: usize| {
        let line = (lines * i as u128 / workers.max(1) as u128) as usize;
        (line * RANGE_ALIGN).min(nbytes)
    };
    at(index)..at(index + 1)
}

/// Whether the depth after `cp` is pulled (rather than pushed) when `workers` machines share
/// it. A pull step's cost (every unseen entry looks at its neighbours) is divided among the
/// workers; a push step's (every frontier entry lists its neighbours) is not, as each worker
/// expands the whole frontier and keeps what falls in its range. So pull is chosen once the
/// frontier times the workers reaches `pull_ratio` of the unseen entries. A function of the
/// checkpoint alone: every worker of a depth makes the same choice, and both choices give the
/// same table.
pub fn choose_pull(cp: &Checkpoint, pull_ratio: f64, workers: usize) -> bool {
    let frontier = cp.rows.last().map_or(0, |r| r.unique);
    frontier as f64 * workers.max(1) as f64 >= cp.unseen as f64 * pull_ratio
}

/// What one range of a new depth's table holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RangeTally {
    /// The new frontier.
    pub row: Tally,
    /// Canonical entries still unseen.
    pub unseen: u64,
}

/// Computes the bytes `first..first + out.len()` of a depth's table: depth 0 when `prev` is
/// `None`, else the depth after the table `prev`, by pull or push ([`choose_pull`]). Both are
/// pure functions of `prev`, so any split of the table into ranges, computed anywhere, gives
/// the same table. Parallel (rayon); `progress(done, total)` is called between batches and
/// `None` returned if `stop` is set.
pub fn step_range(
    space: &Space,
    prev: Option<&[u8]>,
    pull: bool,
    first: usize,
    out: &mut [u8],
    stop: &AtomicBool,
    progress: &dyn Fn(usize, usize),
) -> Option<RangeTally> {
    let sp = space;
    let len = out.len();
    // Work goes in batches so progress and interruption are seen between them.
    let batch = CHUNK * 64 * rayon::current_num_threads().max(1);
    let mut row = Tally::default();
    let Some(prev) = prev else {
        let mut unseen = 0u64;
        // Depth 0 of a large space takes as long as a step: in batches too.
        for (b, o) in out.chunks_mut(batch).enumerate() {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let base = first + b * batch;
            unseen += o
                .par_chunks_mut(CHUNK)
                .enumerate()
                .map(|(k, o)| init_range(sp, base + k * CHUNK, o))
                .sum::<u64>();
            progress(base - first + o.len(), len);
        }
        let (lo, hi) = (first as u64 * 4, (first + out.len()) as u64 * 4);
        for &g in sp.goals.iter().filter(|&&g| (lo..hi).contains(&g)) {
            if entry(out, g - lo) == UNSEEN {
                set(out, g - lo, FRONTIER);
                row += sp.weight(g).expect("goal entries are canonical");
            }
        }
        progress(out.len(), out.len());
        return Some(RangeTally {
            row,
            unseen: unseen - row.unique,
        });
    };
    if pull {
        for (b, o) in out.chunks_mut(batch).enumerate() {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let base = first + b * batch;
            let parts: Vec<Tally> = o
                .par_chunks_mut(CHUNK)
                .enumerate()
                .map(|(k, o)| pull_range(sp, prev, base + k * CHUNK, o))
                .collect();
            for p in parts {
                row += p;
            }
            progress(base - first + o.len(), len);
        }
    } else {
        out.par_chunks_mut(CHUNK)
            .zip(prev[first..first + len].par_chunks(CHUNK))
            .for_each(|(o, p)| retire_range(p, o));
        // The whole frontier is expanded; only the neighbours inside `out` are kept.
        let nbytes = prev.len();
        let keep = first as u64 * 4..(first + len) as u64 * 4;
        let mut at = 0;
        while at < nbytes {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let end = (at + batch).min(nbytes);
            let lists: Vec<Vec<u64>> = (at..end)
                .into_par_iter()
                .step_by(CHUNK)
                .map(|i| push_range(sp, prev, i, CHUNK.min(end - i), &keep))
                .collect();
            let parts: Vec<Tally> = out
                .par_chunks_mut(MERGE_CHUNK)
                .enumerate()
                .map(|(k, o)| apply_push(sp, first + k * MERGE_CHUNK, o, &lists))
                .collect();
            for p in parts {
                row += p;
            }
            at = end;
            progress(at, nbytes);
        }
    }
    Some(RangeTally {
        row,
        unseen: count_unseen(out),
    })
}

/// FNV-1a of the chunks' FNV-1a checksums (parallel, and fixed by the table alone).
pub fn checksum(data: &[u8]) -> u64 {
    let parts: Vec<u64> = data
        .par_chunks(1 << 22)
        .map(crate::cache::checksum)
        .collect();
    parts.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &w| {
        (h ^ w).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Identity of a space, stored beside its state so a directory is never resumed by another.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SpaceId {
    pub format: u32,
    pub name: String,
    pub entries: u64,
    pub classes: u64,
    pub symmetries: u64,
    pub moves: usize,
}

/// What is on disk after a completed depth.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Checkpoint {
    pub depth: u32,
    /// Classes and positions at each depth `0..=depth`.
    pub rows: Vec<Tally>,
    /// Canonical entries not reached yet.
    pub unseen: u64,
    pub checksum: u64,
    /// True when `depth` reached nothing new: the analysis is over (`rows` ends before it).
    pub complete: bool,
    /// Seconds spent on each depth (this run and earlier ones; summed over the workers of a
    /// depth computed in shards).
    pub seconds: Vec<f64>,
}

impl Checkpoint {
    /// The checkpoint of depth 0, whose table holds `t` (its checksum set when sealed).
    pub fn first(t: RangeTally, seconds: f64) -> Checkpoint {
        Checkpoint {
            depth: 0,
            rows: vec![t.row],
            unseen: t.unseen,
            checksum: 0,
            complete: false,
            seconds: vec![seconds],
        }
    }

    /// The checkpoint of the depth after this one, whose table holds `t`; an error when `t`
    /// does not account for this depth's unseen entries (the new frontier came from them).
    pub fn after(&self, t: RangeTally, seconds: f64) -> Result<Checkpoint, String> {
        if t.unseen.checked_add(t.row.unique) != Some(self.unseen) {
            return Err(format!(
                "depth {} leaves {} unseen entries and finds {} new ones, but depth {} had {} \
                 unseen",
                self.depth + 1,
                t.unseen,
                t.row.unique,
                self.depth,
                self.unseen
            ));
        }
        let mut out = self.clone();
        out.depth += 1;
        out.seconds.push(seconds);
        out.unseen = t.unseen;
        if t.row.unique == 0 {
            out.complete = true;
        } else {
            out.rows.push(t.row);
        }
        Ok(out)
    }
}

/// Progress within a depth.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub depth: u32,
    pub pull: bool,
    pub done_bytes: usize,
    pub total_bytes: usize,
    pub seconds: f64,
}

/// Something the runner reports.
#[derive(Clone, Debug)]
pub enum Event {
    Resumed(Checkpoint),
    Verified {
        depth: u32,
        seconds: f64,
    },
    Progress(Progress),
    Depth {
        depth: u32,
        row: Tally,
        seconds: f64,
    },
}

/// Why an analysis stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("state directory {0}: {1}")]
    State(PathBuf, String),
    #[error("interrupted after depth {0} (the state directory resumes it)")]
    Interrupted(u32),
}

fn depth_path(dir: &Path, d: u32, ext: &str) -> PathBuf {
    dir.join(format!("depth-{d:02}.{ext}"))
}

/// Writes `bytes` to `path` atomically (temporary file in the same directory, then rename).
fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    fs::rename(&tmp, path)
}

/// Maps a finished state file read-only.
fn map_read(path: &Path) -> std::io::Result<Mmap> {
    let f = File::open(path)?;
    // SAFETY: finished depth files are never written again, by this process or another (new
    // depths are written under temporary names and renamed; older depths are only removed,
    // which leaves an existing mapping intact), so the mapping does not change under us.
    unsafe { Mmap::map(&f) }
}

/// Creates a state file of `len` bytes and maps it for writing.
fn map_new(path: &Path, len: usize) -> std::io::Result<MmapMut> {
    let f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)?;
    f.set_len(len as u64)?;
    // SAFETY: the file was just created (truncated) by this process in a directory whose lock
    // it holds; nothing else maps or writes it until it is renamed as a finished depth.
    unsafe { MmapMut::map_mut(&f) }
}

/// A resumable analysis of one space in one state directory.
pub struct Analysis<'a> {
    pub space: &'a Space,
    pub name: String,
    pub dir: PathBuf,
    /// Use pull steps once the frontier holds at least this fraction of the unseen entries.
    pub pull_ratio: f64,
    /// Stop (resumably) once this depth is complete.
    pub stop_after: Option<u32>,
}

impl<'a> Analysis<'a> {
    pub fn new(space: &'a Space, name: &str, dir: &Path) -> Analysis<'a> {
        Analysis {
            space,
            name: name.to_string(),
            dir: dir.to_path_buf(),
            pull_ratio: 1.0 / 3.0,
            stop_after: None,
        }
    }

    /// What `space.json` holds for this analysis.
    pub fn id(&self) -> SpaceId {
        SpaceId {
            format: FORMAT,
            name: self.name.clone(),
            entries: self.space.len(),
            classes: self.space.reps.len() as u64,
            symmetries: self.space.order(),
            moves: self.space.stage.moves.len(),
        }
    }

    /// Bytes of each depth's table.
    pub fn table_bytes(&self) -> usize {
        table_bytes(self.space.len())
    }

    fn bad(&self, why: impl Into<String>) -> RunError {
        RunError::State(self.dir.clone(), why.into())
    }

    /// Refuses a directory that holds another analysis.
    fn check_id(&self) -> Result<bool, RunError> {
        match fs::read_to_string(self.dir.join("space.json")) {
            Ok(text) => {
                let old: SpaceId = serde_json::from_str(&text)
                    .map_err(|e| self.bad(format!("unreadable space.json: {e}")))?;
                if old != self.id() {
                    return Err(self.bad(format!(
                        "holds another analysis ({}); use another directory",
                        old.name
                    )));
                }
                Ok(true)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// Creates, locks and identifies the directory; the lock is held until the file returned
    /// is dropped (or the process dies).
    fn open(&self) -> Result<File, RunError> {
        fs::create_dir_all(&self.dir)?;
        let lock = File::create(self.dir.join("lock"))?;
        if !fs4::fs_std::FileExt::try_lock_exclusive(&lock)? {
            return Err(self.bad("another analysis is running in it"));
        }
        if !self.check_id()? {
            let text = serde_json::to_string_pretty(&self.id()).expect("serialisable");
            write_atomic(&self.dir.join("space.json"), text.as_bytes())?;
        }
        Ok(lock)
    }

    /// The latest complete depth on disk, verified against its checksum, without locking or
    /// removing anything: what workers sharing the directory (cluster shards) start from.
    /// `None` when no depth is complete yet.
    pub fn latest(&self, report: &dyn Fn(Event)) -> Result<Option<Checkpoint>, RunError> {
        if !self.dir.is_dir() {
            return Ok(None);
        }
        self.check_id()?;
        let nbytes = self.table_bytes();
        let mut found: Vec<u32> = Vec::new();
        for ent in fs::read_dir(&self.dir)? {
            let name = ent?.file_name().to_string_lossy().into_owned();
            if let Some(d) = name
                .strip_prefix("depth-")
                .and_then(|s| s.strip_suffix(".json"))
                .and_then(|s| s.parse::<u32>().ok())
            {
                found.push(d);
            }
        }
        found.sort_unstable();
        for &d in found.iter().rev() {
            let text = fs::read_to_string(depth_path(&self.dir, d, "json"))?;
            let Ok(cp) = serde_json::from_str::<Checkpoint>(&text) else {
                continue;
            };
            if cp.depth != d {
                continue;
            }
            if cp.complete {
                return Ok(Some(cp));
            }
            let bits = depth_path(&self.dir, d, "bits");
            if fs::metadata(&bits).map(|m| m.len()).ok() != Some(nbytes as u64) {
                continue;
            }
            let t = Instant::now();
            let map = map_read(&bits)?;
            if checksum(&map) != cp.checksum {
                continue;
            }
            report(Event::Verified {
                depth: d,
                seconds: t.elapsed().as_secs_f64(),
            });
            return Ok(Some(cp));
        }
        Ok(None)
    }

    /// Maps the table of a complete depth read-only.
    pub fn map_depth(&self, d: u32) -> Result<Mmap, RunError> {
        Ok(map_read(&depth_path(&self.dir, d, "bits"))?)
    }

    /// The latest complete depth on disk, verified; older and unfinished files are removed.
    /// Only under the directory's lock.
    fn resume(&self, report: &dyn Fn(Event)) -> Result<Option<Checkpoint>, RunError> {
        let best = self.latest(report)?;
        // Everything but the chosen depth is stale or superseded.
        let keep = best.as_ref().map(|c| c.depth);
        for ent in fs::read_dir(&self.dir)? {
            let path = ent?.path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            let Some(name) = name else { continue };
            let stale = match name
                .strip_prefix("depth-")
                .and_then(|s| s.split('.').next())
                .and_then(|s| s.parse::<u32>().ok())
            {
                Some(d) => Some(d) != keep,
                None => name.ends_with(".tmp"),
            };
            if stale {
                fs::remove_file(&path)?;
            }
        }
        Ok(best)
    }

    /// Runs (or resumes) the analysis to the end, or to `stop_after`, or until `stop` is set.
    /// Returns the rows so far and whether the analysis is complete.
    pub fn run(
        &self,
        stop: &AtomicBool,
        report: &dyn Fn(Event),
    ) -> Result<(Vec<Tally>, bool), RunError> {
        let _lock = self.open()?;
        let mut cp = match self.resume(report)? {
            Some(cp) => {
                report(Event::Resumed(cp.clone()));
                cp
            }
            None => self.compute(None, stop, report)?,
        };
        while !cp.complete {
            if stop.load(Ordering::Relaxed) {
                return Err(RunError::Interrupted(cp.depth));
            }
            if self.stop_after.is_some_and(|d| cp.depth >= d) {
                return Ok((cp.rows, false));
            }
            cp = self.compute(Some(&cp), stop, report)?;
        }
        Ok((cp.rows, true))
    }

    /// Computes and seals the depth after `cp` (depth 0 when `None`) on this machine.
    fn compute(
        &self,
        cp: Option<&Checkpoint>,
        stop: &AtomicBool,
        report: &dyn Fn(Event),
    ) -> Result<Checkpoint, RunError> {
        let d = cp.map_or(0, |c| c.depth + 1);
        let nbytes = self.table_bytes();
        let prev_map = cp.map(|c| self.map_depth(c.depth)).transpose()?;
        let tmp = depth_path(&self.dir, d, "bits.tmp");
        let mut next = map_new(&tmp, nbytes)?;
        let pull = cp.is_some_and(|c| choose_pull(c, self.pull_ratio, 1));
        let t = Instant::now();
        let progress = |done: usize, total: usize| {
            report(Event::Progress(Progress {
                depth: d,
                pull,
                done_bytes: done,
                total_bytes: total,
                seconds: t.elapsed().as_secs_f64(),
            }))
        };
        let prev = prev_map.as_deref();
        let Some(part) = step_range(self.space, prev, pull, 0, &mut next, stop, &progress) else {
            return Err(RunError::Interrupted(d.saturating_sub(1)));
        };
        drop(prev_map);
        let seconds = t.elapsed().as_secs_f64();
        let out = match cp {
            None => Checkpoint::first(part, seconds),
            Some(c) => c.after(part, seconds).map_err(|e| self.bad(e))?,
        };
        report(Event::Depth {
            depth: d,
            row: part.row,
            seconds,
        });
        self.seal(next, tmp, out)
    }

    /// Joins depth `depth`, computed elsewhere in ranges (cluster shards), into the state
    /// directory exactly as [`Analysis::run`] would have written it: under the lock, after
    /// checking that the latest complete depth is `depth - 1` (none for depth 0). `fill`
    /// writes the whole table (and checks what it copies); `t` is what the ranges hold
    /// together and `seconds` the time they took.
    pub fn join(
        &self,
        depth: u32,
        t: RangeTally,
        seconds: f64,
        fill: impl FnOnce(&mut [u8]) -> Result<(), String>,
    ) -> Result<Checkpoint, RunError> {
        let _lock = self.open()?;
        let prev = self.resume(&|_| {})?;
        let expected = match &prev {
            None => depth == 0,
            Some(c) => !c.complete && c.depth + 1 == depth,
        };
        if !expected {
            return Err(self.bad(format!(
                "cannot join depth {depth}: the latest complete depth is {}",
                match &prev {
                    Some(c) if c.complete => format!("{} (the analysis is complete)", c.depth),
                    Some(c) => c.depth.to_string(),
                    None => "none".to_string(),
                }
            )));
        }
        let tmp = depth_path(&self.dir, depth, "bits.tmp");
        let mut next = map_new(&tmp, self.table_bytes())?;
        let checked = fill(&mut next).and_then(|()| match &prev {
            None => Ok(Checkpoint::first(t, seconds)),
            Some(c) => c.after(t, seconds),
        });
        let cp = match checked {
            Ok(cp) => cp,
            Err(e) => {
                drop(next);
                fs::remove_file(&tmp)?;
                return Err(self.bad(e));
            }
        };
        self.seal(next, tmp, cp)
    }

    /// Seals a depth: flush, checksum, rename, then the JSON; then the older depth goes. The
    /// table of a depth that found nothing new is not kept (only its rows).
    fn seal(&self, map: MmapMut, tmp: PathBuf, mut cp: Checkpoint) -> Result<Checkpoint, RunError> {
        let d = cp.depth;
        if cp.complete {
            drop(map);
            fs::remove_file(&tmp)?;
            cp.checksum = 0;
        } else {
            map.flush()?;
            cp.checksum = checksum(&map);
            drop(map);
            fs::rename(&tmp, depth_path(&self.dir, d, "bits"))?;
        }
        let text = serde_json::to_string_pretty(&cp).expect("serialisable");
        write_atomic(&depth_path(&self.dir, d, "json"), text.as_bytes())?;
        if d > 0 {
            for ext in ["bits", "json"] {
                let p = depth_path(&self.dir, d - 1, ext);
                if p.exists() {
                    fs::remove_file(p)?;
                }
            }
        }
        Ok(cp)
    }
}
