//! The state directory of an analysis: creating and locking it, resuming from it (believing
//! only a sealed checkpoint whose table agrees with it), computing and sealing depths. The
//! directory is a [`Store`] the caller gives (files by name: `space.json`, `depth-DD.bits`,
//! `depth-DD.json`, `lock`); the crate never sees its path.

use super::state::{census, parse_space, sealed_space, Checkpoint, SpaceId};
use super::{checksum, choose_pull, step_range, table_bytes, RangeTally, FORMAT};
use crate::analysis::reduced::{Space, Tally};
use crate::store::{Blob, NewFile, Store};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

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
    State(String, String),
    #[error("interrupted after depth {0} (the state directory resumes it)")]
    Interrupted(u32),
}

fn depth_name(d: u32, ext: &str) -> String {
    format!("depth-{d:02}.{ext}")
}

/// The largest JSON file of a state directory read (a checkpoint of a few dozen rows is a few
/// KB).
const MAX_JSON_BYTES: u64 = 1 << 20;

/// The file naming the space a directory analyses.
const SPACE: &str = "space.json";

/// A resumable analysis of one space in one state directory.
pub struct Analysis<'a> {
    pub space: &'a Space,
    pub name: String,
    /// The state directory.
    pub store: Box<dyn Store>,
    /// Use pull steps once the frontier holds at least this fraction of the unseen entries.
    pub pull_ratio: f64,
    /// Stop (resumably) once this depth is complete.
    pub stop_after: Option<u32>,
}

impl<'a> Analysis<'a> {
    pub fn new(space: &'a Space, name: &str, store: impl Store + 'static) -> Analysis<'a> {
        Analysis {
            space,
            name: name.to_string(),
            store: Box::new(store),
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
        RunError::State(self.store.location(), why.into())
    }

    /// Refuses a directory that holds another analysis.
    fn check_id(&self) -> Result<bool, RunError> {
        match self.store.read(SPACE, MAX_JSON_BYTES) {
            Ok(bytes) => {
                let old = std::str::from_utf8(&bytes)
                    .map_err(|e| e.to_string())
                    .and_then(parse_space)
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

    /// Creates, locks and identifies the directory; the lock is held until the value returned
    /// is dropped (or the process dies).
    fn open(&self) -> Result<Box<dyn Send>, RunError> {
        self.store.created().map_err(|why| self.bad(why))?;
        let Some(lock) = self.store.lock()? else {
            return Err(self.bad("another analysis is running in it"));
        };
        if !self.check_id()? {
            let text = sealed_space(&self.id());
            self.store.write(SPACE, &[text.as_bytes()])?;
        }
        Ok(lock)
    }

    /// The latest complete depth on disk, verified, without locking or removing anything:
    /// what workers sharing the directory (cluster shards) start from. `None` when no depth is
    /// complete yet. Its checkpoint must be sealed, and its table's checksum and census must
    /// agree with it ([`Checkpoint::check_census`]); otherwise the directory was edited or
    /// damaged and is refused (a kill never leaves the newest checkpoint without its table:
    /// the table is renamed into place before the checkpoint is written).
    pub fn latest(&self, report: &dyn Fn(Event)) -> Result<Option<Checkpoint>, RunError> {
        if !self.store.created().map_err(|why| self.bad(why))? {
            return Ok(None);
        }
        self.check_id()?;
        let mut found: Vec<u32> = Vec::new();
        for name in self.store.names()? {
            if let Some(d) = name
                .strip_prefix("depth-")
                .and_then(|s| s.strip_suffix(".json"))
                .and_then(|s| s.parse::<u32>().ok())
            {
                found.push(d);
            }
        }
        let Some(&d) = found.iter().max() else {
            return Ok(None);
        };
        let json = depth_name(d, "json");
        let refused = |why: String| {
            self.bad(format!(
                "{} refused: {why} (remove the directory to start again)",
                self.store.describe(&json)
            ))
        };
        let bytes = self
            .store
            .read(&json, MAX_JSON_BYTES)
            .map_err(|e| refused(e.to_string()))?;
        let text = String::from_utf8(bytes).map_err(|_| refused("not UTF-8".to_string()))?;
        let cp = Checkpoint::parse(&text, d).map_err(refused)?;
        if cp.complete {
            return Ok(Some(cp));
        }
        let t = Instant::now();
        let bits = depth_name(d, "bits");
        let map = self
            .store
            .map(&bits)
            .map_err(|e| refused(format!("its table: {e}")))?;
        if map.len() != self.table_bytes() || checksum(&map) != cp.table_checksum {
            return Err(refused(format!(
                "its table {} is not the table it was sealed with (edited or damaged)",
                self.store.describe(&bits)
            )));
        }
        let c = census(self.space, &map).map_err(|e| refused(format!("its table: {e}")))?;
        cp.check_census(&c).map_err(refused)?;
        report(Event::Verified {
            depth: d,
            seconds: t.elapsed().as_secs_f64(),
        });
        Ok(Some(cp))
    }

    /// Maps the table of a complete depth read-only.
    pub fn map_depth(&self, d: u32) -> Result<Arc<Blob>, RunError> {
        Ok(self.store.map(&depth_name(d, "bits"))?)
    }

    /// The latest complete depth on disk, verified; older and unfinished files are removed.
    /// Only under the directory's lock.
    fn resume(&self, report: &dyn Fn(Event)) -> Result<Option<Checkpoint>, RunError> {
        let best = self.latest(report)?;
        // Everything but the chosen depth is stale or superseded.
        let keep = best.as_ref().map(|c| c.depth);
        for name in self.store.names()? {
            let stale = match name
                .strip_prefix("depth-")
                .and_then(|s| s.split('.').next())
                .and_then(|s| s.parse::<u32>().ok())
            {
                Some(d) => Some(d) != keep,
                // Unfinished tables (and older wurfels' predictable temporary names).
                None => name.ends_with(".tmp"),
            };
            if stale {
                self.store.remove(&name)?;
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
        let mut next = self.store.create(&depth_name(d, "bits"), nbytes)?;
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
        let prev = prev_map.as_deref().map(|b| &b[..]);
        let Some(part) = step_range(self.space, prev, pull, 0, next.bytes(), stop, &progress)
        else {
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
        self.seal(next, out)
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
        let mut next = self
            .store
            .create(&depth_name(depth, "bits"), self.table_bytes())?;
        let checked = fill(next.bytes())
            .and_then(|()| match &prev {
                None => Ok(Checkpoint::first(t, seconds)),
                Some(c) => c.after(t, seconds),
            })
            .and_then(|cp| {
                // The parts' tallies came from files: the table they filled must agree with
                // them before they become rows (a complete depth's table is not kept).
                if !cp.complete {
                    let c = census(self.space, next.bytes())?;
                    cp.check_census(&c)
                        .map_err(|e| format!("the parts do not add up to their table: {e}"))?;
                }
                Ok(cp)
            });
        let cp = match checked {
            Ok(cp) => cp,
            Err(e) => {
                // Dropping the unfinished table removes it.
                drop(next);
                return Err(self.bad(e));
            }
        };
        self.seal(next, cp)
    }

    /// Seals a depth: flush, checksum, rename, then the JSON; then the older depth goes. The
    /// table of a depth that found nothing new is not kept (only its rows).
    fn seal(
        &self,
        mut table: Box<dyn NewFile>,
        mut cp: Checkpoint,
    ) -> Result<Checkpoint, RunError> {
        let d = cp.depth;
        if cp.complete {
            // Dropping the unfinished table removes it.
            drop(table);
            cp.table_checksum = 0;
        } else {
            cp.table_checksum = checksum(table.bytes());
            table.commit()?;
        }
        wurfel_files::seal(&mut cp);
        let text = wurfel_files::sealed::to_pretty(&cp);
        self.store
            .write(&depth_name(d, "json"), &[text.as_bytes()])?;
        if d > 0 {
            for ext in ["bits", "json"] {
                self.store.remove(&depth_name(d - 1, ext))?;
            }
        }
        Ok(cp)
    }
}
