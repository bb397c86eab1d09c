//! The plan directory: every file a plan's shards share, named here and read, written, marked
//! and locked through `wurfel_files::Dir` (the one place that touches the disk). The front end
//! names the directory; nothing else is shared between the machines.
//!
//! ```text
//! D/plan.json                  the plan (sealed: checksum, wurfel version, problem hash)
//! D/puzzle.toml                the puzzle, as loaded when planning (the plan is self-contained;
//!                              snake jobs and analyses have none: their job is in the plan)
//! D/results/shard-000017.json  one shard's result, written atomically (and its side file: kept
//!                              solutions or tallies, shard-000017.tallies.jsonl)
//! D/running/shard-000017.json  a run started here (host, pid); removed when it ends
//! D/running/shard-000017.lock  locked while a run of the shard is under way: a second run of
//!                              the same shard refuses
//! D/failed/shard-000017.json   a run that failed, with its error
//! D/logs/                      the cluster engine's logs (Slurm output files)
//! D/state/, D/parts/           an analysis' state and its depth's parts (see `analyse`)
//! ```

use super::{Computed, Kind, VERSION};
use crate::context::Context;
use crate::error::AppError;
use std::path::{Path, PathBuf};
use wurfel_files::Dir;
use wurfel_shard::{shard_name, Observed, Plan, ShardResult};

/// The largest plan read (a million shards of a few tasks each fit).
const MAX_PLAN_BYTES: u64 = 256 << 20;
/// Result and marker files are small.
const MAX_RESULT_BYTES: u64 = 1 << 20;
/// The largest side file read back (kept solutions, tallies).
const MAX_SIDE_BYTES: u64 = 1 << 40;

/// The subdirectories that hold the shards' state (no output may replace a file in them).
pub const STATE_DIRS: [&str; 5] = ["results", "running", "failed", "state", "parts"];

/// A plan directory.
pub struct PlanDir {
    pub(crate) dir: Dir,
}

/// An I/O error about `path`, said as `what path: error`.
pub(crate) fn io_error(what: &str, path: &Path, e: impl std::fmt::Display) -> AppError {
    AppError::io(format!("{what} {}: {e}", path.display()))
}

/// The small text file `name` of `dir`, whole (as `wurfel_files::read_text_bounded` reads it).
pub(crate) fn read_text(dir: &Dir, name: &str, max: u64) -> Result<String, AppError> {
    let path = dir.file(name);
    let bytes = dir
        .read(name, max)
        .map_err(|e| io_error("cannot read", &path, e))?;
    String::from_utf8(bytes).map_err(|_| io_error("cannot read", &path, "it is not UTF-8 text"))
}

impl PlanDir {
    /// The plan directory at `path` (the front end registers its state files: see
    /// [`STATE_DIRS`]).
    pub fn new(path: impl Into<PathBuf>) -> PlanDir {
        PlanDir {
            dir: Dir::new(path),
        }
    }

    /// The directory, as the front end named it (in messages).
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// What the user calls the directory in messages.
    pub(crate) fn shown(&self) -> String {
        self.path().display().to_string()
    }

    pub fn plan_file(&self) -> PathBuf {
        self.dir.file("plan.json")
    }

    pub fn puzzle_file(&self) -> PathBuf {
        self.dir.file("puzzle.toml")
    }

    /// Whether the directory holds a plan (a new plan is refused there).
    pub fn has_plan(&self) -> bool {
        self.dir.has("plan.json")
    }

    pub(crate) fn results(&self) -> Dir {
        self.dir.sub("results")
    }

    fn name(index: usize, ext: &str) -> String {
        format!("{}.{ext}", shard_name(index))
    }

    pub(crate) fn has_result(&self, index: usize) -> bool {
        self.results().has(&Self::name(index, "json"))
    }

    /// Creates the subdirectories.
    pub(crate) fn make_dirs(&self) -> Result<(), AppError> {
        for sub in ["results", "running", "failed", "logs"] {
            let d = self.dir.sub(sub);
            d.make()
                .map_err(|e| io_error("cannot create directory", d.path(), e))?;
        }
        Ok(())
    }

    /// Writes file `name` atomically (whole or absent).
    pub(crate) fn write(dir: &Dir, name: &str, bytes: &[u8]) -> Result<(), AppError> {
        dir.write(name, &[bytes])
            .map_err(|e| io_error("cannot write", &dir.file(name), e))
    }

    /// Creates the directory and writes a new plan (and its puzzle, written first).
    pub(crate) fn write_plan(&self, plan: &Plan, puzzle: Option<&str>) -> Result<(), AppError> {
        self.dir
            .make()
            .map_err(|e| io_error("cannot create directory", self.path(), e))?;
        self.make_dirs()?;
        if let Some(toml) = puzzle {
            Self::write(&self.dir, "puzzle.toml", toml.as_bytes())?;
        }
        Self::write(&self.dir, "plan.json", plan.to_text().as_bytes())
    }

    /// Reads and checks the plan.
    pub fn plan(&self) -> Result<Plan, AppError> {
        let path = self.plan_file();
        if !self.has_plan() {
            return Err(AppError::input(format!(
                "{} holds no shard plan (no plan.json): make one with `wurfel shard plan`",
                self.shown()
            )));
        }
        let text = read_text(&self.dir, "plan.json", MAX_PLAN_BYTES)?;
        Plan::parse(&text, VERSION)
            .map_err(|e| AppError::input(format!("plan {} refused: {e}", path.display())))
    }

    /// The puzzle of the plan, prepared (for one worker: a shard's own threads are its
    /// runner's choice), after checking it is the problem the plan was cut from.
    pub(crate) fn prepared(
        &self,
        ctx: &Context<'_>,
        plan: &Plan,
    ) -> Result<crate::Ready, AppError> {
        if plan.job.kind != Kind::Count.key() && plan.job.kind != Kind::FrontierCount.key() {
            return Err(AppError::internal(format!(
                "internal error: `{}` shards have no packing puzzle",
                plan.job.kind
            )));
        }
        let path = self.puzzle_file();
        let puzzle = wurfel_pack::load(&path.to_string_lossy()).map_err(|e| {
            AppError::input(format!(
                "cannot load the plan's puzzle {}: {}",
                path.display(),
                crate::error::chain(&e)
            ))
        })?;
        let one = Context { threads: 1, ..*ctx };
        let prep = crate::prepare(&one, &puzzle)?;
        if super::count::problem_hash(&prep)? != plan.problem {
            return Err(AppError::input(format!(
                "{} is not the puzzle the plan was made for (it was changed): the shards' \
                 tasks would mean something else",
                path.display()
            )));
        }
        Ok(prep)
    }

    /// What is on disk for shard `index`.
    pub(crate) fn observe(&self, plan: &Plan, index: usize) -> Observed {
        if self.has_result(index) {
            return match self.result(plan, index) {
                Ok(_) => Observed::Done,
                Err(e) => Observed::Failed {
                    why: format!("result refused: {e}"),
                },
            };
        }
        self.observe_markers(index)
    }

    /// What the marker files say about shard `index` (which has no result): failed, started
    /// or not started.
    pub(crate) fn observe_markers(&self, index: usize) -> Observed {
        let read = |sub: &str| -> Option<serde_json::Value> {
            let d = self.dir.sub(sub);
            let name = Self::name(index, "json");
            if !d.has(&name) {
                return None;
            }
            let bytes = d.read(&name, MAX_RESULT_BYTES).unwrap_or_default();
            Some(serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null))
        };
        if let Some(v) = read("failed") {
            let why = v["error"].as_str().unwrap_or("failed").to_string();
            return Observed::Failed { why };
        }
        if let Some(v) = read("running") {
            let by = if v.is_null() {
                "?".to_string()
            } else {
                format!("{} pid {}", v["host"].as_str().unwrap_or("?"), v["pid"])
            };
            return Observed::Started { by };
        }
        Observed::Missing
    }

    /// The valid result of shard `index` (with its side file checked, if any).
    pub(crate) fn result(&self, plan: &Plan, index: usize) -> Result<ShardResult, AppError> {
        let results = self.results();
        let name = Self::name(index, "json");
        let text = read_text(&results, &name, MAX_RESULT_BYTES)?;
        let r = ShardResult::parse(&text, plan, index).map_err(AppError::input)?;
        if let Some(s) = &r.solutions {
            let bytes = results
                .read(&s.file, MAX_SIDE_BYTES)
                .map_err(|e| AppError::io(format!("cannot read its solutions {}: {e}", s.file)))?;
            if !s.matches(&bytes) {
                return Err(AppError::input(format!(
                    "its solutions file {} was changed or damaged",
                    s.file
                )));
            }
        }
        Ok(r)
    }

    /// The side file `file` of a result, read and checked against its hash: its path (for
    /// messages) and bytes.
    pub(crate) fn side(
        &self,
        file: &wurfel_shard::SolutionsFile,
    ) -> Result<(String, Vec<u8>), AppError> {
        let results = self.results();
        let shown = results.file(&file.file).display().to_string();
        let bytes = results
            .read(&file.file, MAX_SIDE_BYTES)
            .map_err(|e| AppError::io(format!("cannot read {shown}: {e}")))?;
        if !file.matches(&bytes) {
            return Err(AppError::input(format!("{shown} was changed or damaged")));
        }
        Ok((shown, bytes))
    }

    /// Takes shard `index`'s lock, or refuses when another process runs the shard.
    pub(crate) fn lock_shard(&self, index: usize) -> Result<wurfel_files::Lock, AppError> {
        let running = self.dir.sub("running");
        let name = Self::name(index, "lock");
        let path = running.file(&name);
        running
            .lock_file(&name)
            .map_err(|e| io_error("cannot lock", &path, e))?
            .ok_or_else(|| {
                AppError::input(format!(
                    "shard {index} is being run by another process (it holds {}): not running \
                     it twice",
                    path.display()
                ))
            })
    }

    /// Runs `work` with the shard's marker files: `running/` while it runs, `failed/` (with the
    /// error) if it fails, neither once it succeeded.
    pub(crate) fn attempt<T>(
        &self,
        index: usize,
        host: &str,
        work: impl FnOnce() -> Result<Option<T>, AppError>,
    ) -> Result<Option<T>, AppError> {
        // A plan directory copied to a node may hold only plan.json and the puzzle.
        self.make_dirs()?;
        let (running, failed) = (self.dir.sub("running"), self.dir.sub("failed"));
        let name = Self::name(index, "json");
        let started = serde_json::json!({"host": host, "pid": std::process::id()});
        Self::write(&running, &name, format!("{started}\n").as_bytes())?;
        let outcome = work();
        // The marker says "started, no result yet"; it goes whatever happened.
        let _ = running.remove(&name);
        match &outcome {
            Ok(Some(_)) => {
                let _ = failed.remove(&name);
            }
            Ok(None) => {}
            Err(e) => {
                let v = serde_json::json!({"host": host, "error": e.to_string()});
                let _ = Self::write(&failed, &name, format!("{v}\n").as_bytes());
            }
        }
        outcome
    }

    /// Writes a shard's computed work: its side file (if any), then its result, each
    /// atomically; the result, written last, is what says the shard is done.
    pub(crate) fn save(
        &self,
        plan: &Plan,
        index: usize,
        threads: usize,
        host: &str,
        c: &Computed,
    ) -> Result<ShardResult, AppError> {
        let results = self.results();
        if let Some((name, text)) = &c.side {
            Self::write(&results, name, text.as_bytes())?;
        }
        let result = c.result(plan, index, threads, host.to_string());
        Self::write(
            &results,
            &Self::name(index, "json"),
            result.to_text().as_bytes(),
        )?;
        Ok(result)
    }
}
