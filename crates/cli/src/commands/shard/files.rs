//! The plan directory's files.

use crate::hiargs::prepare;
use crate::output::OutputPath;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use wurfel_app::shard::Kind;
use wurfel_files::read_text_bounded;
use wurfel_shard::{shard_name, Observed, Plan, ShardResult};

/// The largest plan read (a million shards of a few tasks each fit).
const MAX_PLAN_BYTES: u64 = 256 << 20;
/// Result and marker files are small.
const MAX_RESULT_BYTES: u64 = 1 << 20;

pub(crate) use wurfel_app::shard::VERSION;

/// A plan directory.
pub(crate) struct PlanDir {
    pub(crate) dir: PathBuf,
}

impl PlanDir {
    /// The plan directory `dir`. What the commands read in it is registered as input: no
    /// output may replace the plan, its puzzle or a file of the shards' state (results,
    /// markers, an analysis' state and parts) but the command's own ([`write_file`]); the
    /// rest (`merged.json`, scripts, logs) is output.
    pub(crate) fn new(dir: &Path) -> PlanDir {
        let d = PlanDir {
            dir: dir.to_path_buf(),
        };
        crate::inputs::state(&d.plan_file(), "the shard plan");
        crate::inputs::state(&d.puzzle_file(), "the shard plan's puzzle");
        for sub in ["results", "running", "failed", "state", "parts"] {
            crate::inputs::state(&dir.join(sub), "the shards' state");
        }
        d
    }
    pub(crate) fn plan_file(&self) -> PathBuf {
        self.dir.join("plan.json")
    }
    pub(crate) fn puzzle_file(&self) -> PathBuf {
        self.dir.join("puzzle.toml")
    }
    fn sub(&self, sub: &str, index: usize, ext: &str) -> PathBuf {
        self.dir
            .join(sub)
            .join(format!("{}.{ext}", shard_name(index)))
    }
    pub(crate) fn result_file(&self, index: usize) -> PathBuf {
        self.sub("results", index, "json")
    }
    pub(crate) fn running_file(&self, index: usize) -> PathBuf {
        self.sub("running", index, "json")
    }
    /// The lock file a run of shard `index` holds.
    pub(crate) fn lock_file(&self, index: usize) -> PathBuf {
        self.sub("running", index, "lock")
    }

    /// Takes shard `index`'s lock, or refuses when another process runs the shard.
    pub(crate) fn lock_shard(&self, index: usize) -> Result<wurfel_files::Lock> {
        let path = self.lock_file(index);
        let dir = wurfel_files::write::parent_dir(&path);
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create directory {}", dir.display()))?;
        wurfel_files::try_lock(&path)
            .with_context(|| format!("cannot lock {}", path.display()))?
            .with_context(|| {
                format!(
                    "shard {index} is being run by another process (it holds {}): not running \
                     it twice",
                    path.display()
                )
            })
    }

    pub(crate) fn failed_file(&self, index: usize) -> PathBuf {
        self.sub("failed", index, "json")
    }

    /// Creates the subdirectories.
    pub(crate) fn make_dirs(&self) -> Result<()> {
        for sub in ["results", "running", "failed", "logs"] {
            let d = self.dir.join(sub);
            std::fs::create_dir_all(&d)
                .with_context(|| format!("cannot create directory {}", d.display()))?;
        }
        Ok(())
    }

    /// Reads and checks the plan.
    pub(crate) fn plan(&self) -> Result<Plan> {
        let path = self.plan_file();
        if !path.exists() {
            bail!(
                "{} holds no shard plan (no plan.json): make one with `wurfel shard plan`",
                self.dir.display()
            );
        }
        let text = read_text_bounded(&path, MAX_PLAN_BYTES)
            .with_context(|| format!("cannot read {}", path.display()))?;
        Plan::parse(&text, VERSION).with_context(|| format!("plan {} refused", path.display()))
    }

    /// The puzzle of the plan, prepared, after checking it is the problem the plan was cut
    /// from.
    pub(crate) fn prepared(&self, plan: &Plan) -> Result<wurfel_app::Ready> {
        if plan.job.kind != Kind::Count.key() && plan.job.kind != Kind::FrontierCount.key() {
            bail!(
                "internal error: `{}` shards have no packing puzzle",
                plan.job.kind
            );
        }
        let path = self.puzzle_file();
        let puzzle = wurfel_pack::load(&path.to_string_lossy())
            .with_context(|| format!("cannot load the plan's puzzle {}", path.display()))?;
        // The budget for one worker: a shard's own threads are its runner's choice.
        let prep = prepare(&puzzle, 1)?;
        if wurfel_app::shard::count::problem_hash(&prep)? != plan.problem {
            bail!(
                "{} is not the puzzle the plan was made for (it was changed): the shards' \
                 tasks would mean something else",
                path.display()
            );
        }
        Ok(prep)
    }

    /// What is on disk for shard `index`.
    pub(crate) fn observe(&self, plan: &Plan, index: usize) -> Observed {
        let result = self.result_file(index);
        if result.exists() {
            return match self.result(plan, index) {
                Ok(_) => Observed::Done,
                Err(e) => Observed::Failed {
                    why: format!("result refused: {e:#}"),
                },
            };
        }
        self.observe_markers(index)
    }

    /// What the marker files say about shard `index` (which has no result): failed, started
    /// or not started.
    pub(crate) fn observe_markers(&self, index: usize) -> Observed {
        let read = |p: &Path| read_text_bounded(p, MAX_RESULT_BYTES).unwrap_or_default();
        let failed = self.failed_file(index);
        if failed.exists() {
            let why = serde_json::from_str::<serde_json::Value>(&read(&failed))
                .ok()
                .and_then(|v| v["error"].as_str().map(str::to_string))
                .unwrap_or_else(|| "failed".to_string());
            return Observed::Failed { why };
        }
        let running = self.running_file(index);
        if running.exists() {
            let by = serde_json::from_str::<serde_json::Value>(&read(&running))
                .ok()
                .map(|v| format!("{} pid {}", v["host"].as_str().unwrap_or("?"), v["pid"]))
                .unwrap_or_else(|| "?".to_string());
            return Observed::Started { by };
        }
        Observed::Missing
    }

    /// The valid result of shard `index` (with its solutions file checked, if any).
    pub(crate) fn result(&self, plan: &Plan, index: usize) -> Result<ShardResult> {
        let path = self.result_file(index);
        let text = read_text_bounded(&path, MAX_RESULT_BYTES)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let r = ShardResult::parse(&text, plan, index).map_err(anyhow::Error::msg)?;
        if let Some(s) = &r.solutions {
            let bytes = std::fs::read(self.dir.join("results").join(&s.file))
                .with_context(|| format!("cannot read its solutions {}", s.file))?;
            if !s.matches(&bytes) {
                bail!("its solutions file {} was changed or damaged", s.file);
            }
        }
        Ok(r)
    }
}

/// Refuses a plan directory whose absolute path the job scripts could not carry: not UTF-8, or
/// holding a control character (a newline in a path would end a comment or a command in every
/// emitted script). A usage error, before anything is created.
pub(crate) fn check_dir_name(dir: &Path) -> Result<()> {
    let abs = if dir.is_absolute() {
        dir.to_path_buf()
    } else {
        std::env::current_dir()
            .context("cannot find the current directory")?
            .join(dir)
    };
    let Some(text) = abs.to_str() else {
        return Err(crate::exit::Usage(format!(
            "the plan directory {} is not UTF-8: job scripts could not name it",
            abs.display()
        ))
        .into());
    };
    wurfel_shard::check_text("the plan directory", text).map_err(|e| crate::exit::Usage(e).into())
}

/// Writes `bytes` to `path` atomically (whole or absent).
pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    OutputPath::own(path)?.write_all(bytes)
}

/// This machine's name, for people reading status.
pub(crate) fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|s| s.trim().to_string())
        .ok()
        .filter(|s| !s.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "unknown".to_string())
}
