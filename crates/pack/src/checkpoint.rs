//! Resumable counting: checkpoints that cannot make a count lie.
//!
//! A checkpoint says "tasks `0..next_task` of this plan are counted, and these are their
//! counts". Both halves mean something only for one compiled problem and one task plan, so a
//! checkpoint carries:
//!
//! - a **fingerprint** (SHA-256) of everything the counts depend on: the engine problem (columns,
//!   prefilled cells, rows with their groups, group capacities, grid, secondary columns and group
//!   minimums), the placements and the
//!   symmetries acting on them, the restricted piece (symmetry breaking), the task plan, and
//!   the versions of the engine, this crate and the checkpoint format. A checkpoint of another
//!   puzzle — even one with the same pieces in a transposed box — never matches;
//! - the **true task total** of that plan, also in intermediate checkpoints;
//! - a **checksum** (SHA-256) over all its other fields, so an edited or damaged file is
//!   refused rather than believed: the file is sealed by `wurfel_files::sealed`, wurfel's one
//!   rule for state files.
//!
//! Every field is validated on reading (task index in range, counts consistent with each other
//! and with the symmetry group), and counts are summed with checked arithmetic: an overflow is
//! an error, never a wrapped total. This module does no file I/O; the caller reads and writes
//! the text (see [`Checkpoint::to_text`], [`Checkpoint::parse`]) and decides where it lives.

pub use crate::count::{checked_add, CountOutcome, CountProgress};
use crate::count::{CountError, CountRequest};
use crate::limits::SearchError;
use crate::solver::{Counts, Prepared};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;
use std::time::{Duration, Instant};
use wurfel_cover::{ProblemError, SearchOptions};

/// The `format` field of every checkpoint file.
pub const FORMAT: &str = "wurfel-count-checkpoint";
/// Bumped whenever the meaning of a field changes. Version 3: sealed by `wurfel_files`
/// (SHA-256 over the compact JSON) instead of a checksum rule of its own.
pub const FORMAT_VERSION: u32 = 3;

/// What a checkpoint must match: the identity of a compiled problem and its task plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    /// SHA-256 in hex.
    pub hex: String,
    /// Number of tasks in the plan.
    pub tasks_total: usize,
    /// The `min_tasks` the plan was made with (searches must use the same).
    pub min_tasks: usize,
}

impl Fingerprint {
    /// Fingerprints `prep` searched with the engine's default task plan.
    pub fn of(prep: &Prepared) -> Result<Fingerprint, ProblemError> {
        let min_tasks = SearchOptions::default().min_tasks;
        let plan = wurfel_cover::task_plan(prep.problem(), min_tasks)?;
        let text = |h: &mut Sha256, s: &str| {
            h.update((s.len() as u64).to_le_bytes());
            h.update(s.as_bytes());
        };
        let mut words: Vec<u64> = Vec::new();
        let p = prep.problem();
        words.push(p.columns as u64);
        words.extend(list(&p.prefilled));
        words.extend(list(&p.group_caps));
        words.push(p.rows.len() as u64);
        for r in &p.rows {
            words.push(u64::from(r.group));
            words.extend(list(&r.columns));
        }
        match p.grid {
            Some(g) => words.extend([1, g[0] as u64, g[1] as u64, g[2] as u64]),
            None => words.push(0),
        }
        words.push(u64::from(p.exact_groups));
        // Optional cells, piece ranges and twinless kinds, only when present: checkpoints of
        // puzzles without them keep their fingerprints.
        if !p.secondary.is_empty() || p.group_min.is_some() || !prep.symmetry.twinless.is_empty() {
            words.push(u64::MAX);
            words.extend(list(&p.secondary));
            words.extend(list(p.group_min.as_deref().unwrap_or(&[])));
            words.extend(list(&prep.symmetry.twinless));
        }
        words.extend(prep.board.dims().map(|d| d as u64));
        words.push(prep.placements.len() as u64);
        for pl in &prep.placements {
            words.push(u64::from(pl.kind));
            words.extend(list(&pl.cells));
        }
        for perms in [&prep.symmetry.rotations, &prep.symmetry.reflections] {
            words.push(perms.len() as u64);
            for perm in perms {
                words.extend(list(perm));
            }
        }
        words.push(prep.restricted.map_or(u64::MAX, u64::from));
        words.push(min_tasks as u64);
        words.push(plan.len() as u64);
        for task in &plan {
            words.extend(list(task));
        }
        let mut h = Sha256::new();
        text(&mut h, FORMAT);
        h.update(FORMAT_VERSION.to_le_bytes());
        text(&mut h, wurfel_cover::ENGINE_VERSION);
        text(&mut h, env!("CARGO_PKG_VERSION"));
        text(&mut h, &format!("{:?}", p.branching));
        for w in words {
            h.update(w.to_le_bytes());
        }
        Ok(Fingerprint {
            hex: wurfel_files::hex(&h.finalize()),
            tasks_total: plan.len(),
            min_tasks,
        })
    }
}

/// A length-prefixed list, so that two different lists never hash alike by concatenation.
fn list<T: Copy + Into<u64>>(xs: &[T]) -> impl Iterator<Item = u64> + '_ {
    std::iter::once(xs.len() as u64).chain(xs.iter().map(|&x| x.into()))
}

/// A checkpoint file's contents. Field order is the file's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`FORMAT_VERSION`].
    pub version: u32,
    /// The puzzle's id (for people; the fingerprint is what is checked).
    pub puzzle: String,
    /// [`Fingerprint::hex`].
    pub fingerprint: String,
    /// Tasks in the plan.
    pub tasks_total: usize,
    /// Tasks `0..next_task` are counted in the three counts.
    pub next_task: usize,
    /// Count with the target fixed.
    pub raw: u64,
    /// Count up to rotations.
    pub rotations: u64,
    /// Count up to rotations and reflections.
    pub rotations_reflections: u64,
    /// SHA-256 over every field above (see [`Checkpoint::checksum_of`]).
    pub checksum: String,
}

impl wurfel_files::Sealed for Checkpoint {
    const FORMAT: &'static str = FORMAT;
    const VERSION: u32 = FORMAT_VERSION;
    const WHAT: &'static str = "count checkpoint";
    fn checksum_mut(&mut self) -> &mut String {
        &mut self.checksum
    }
}

/// Why a checkpoint was refused or a resumable count failed.
#[derive(Debug)]
pub enum CheckpointError {
    /// Not a checkpoint (not JSON, missing or unknown fields, wrong format or version); the
    /// message says which.
    Malformed(String),
    /// The checksum does not match the contents: edited or damaged.
    Checksum,
    /// Written for another puzzle, box, symmetry breaking, task plan or engine version.
    Foreign,
    /// The fields contradict each other or the puzzle.
    Inconsistent(String),
    /// A count does not fit in 64 bits.
    Overflow,
    /// The engine rejected the problem.
    Engine(ProblemError),
    /// The caller's `save` failed.
    Save(Box<dyn std::error::Error + Send + Sync>),
    /// The search refused the request (see [`crate::count::CountError::Refused`]).
    Refused(SearchError),
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Malformed(why) => write!(f, "{why}"),
            CheckpointError::Checksum => write!(
                f,
                "its checksum does not match its contents: the file was edited or damaged"
            ),
            CheckpointError::Foreign => write!(
                f,
                "it was saved for another puzzle (or box, symmetry breaking, task plan or \
                 wurfel version)"
            ),
            CheckpointError::Inconsistent(why) => write!(f, "its contents are inconsistent: {why}"),
            CheckpointError::Overflow => write!(f, "a count does not fit in 64 bits"),
            CheckpointError::Engine(e) => write!(f, "{e}"),
            CheckpointError::Refused(e) => write!(f, "{e}"),
            CheckpointError::Save(e) => write!(f, "cannot save the checkpoint: {e}"),
        }
    }
}

impl std::error::Error for CheckpointError {}

impl Checkpoint {
    /// The checkpoint of `progress` for the puzzle fingerprinted as `fp`.
    pub fn new(puzzle: &str, fp: &Fingerprint, progress: &CountProgress) -> Checkpoint {
        let mut cp = Checkpoint {
            format: FORMAT.to_string(),
            version: FORMAT_VERSION,
            puzzle: puzzle.to_string(),
            fingerprint: fp.hex.clone(),
            tasks_total: progress.tasks_total,
            next_task: progress.next_task,
            raw: progress.counts.raw,
            rotations: progress.counts.rotations,
            rotations_reflections: progress.counts.rotations_reflections,
            checksum: String::new(),
        };
        wurfel_files::seal(&mut cp);
        cp
    }

    /// The checksum this checkpoint is sealed with (SHA-256 over its compact JSON with the
    /// checksum empty).
    pub fn checksum_of(&self) -> String {
        wurfel_files::sealed::checksum_of(&mut self.clone())
    }

    /// The file's text (pretty JSON, one field per line).
    pub fn to_text(&self) -> String {
        wurfel_files::sealed::to_pretty(self)
    }

    /// Reads and validates a checkpoint for the puzzle `prep` fingerprinted as `fp`; the only
    /// way to turn a file into progress.
    pub fn parse(
        text: &str,
        prep: &Prepared,
        fp: &Fingerprint,
    ) -> Result<CountProgress, CheckpointError> {
        let cp: Checkpoint = wurfel_files::open(text).map_err(|e| match e {
            wurfel_files::SealError::Checksum { .. } => CheckpointError::Checksum,
            other => CheckpointError::Malformed(other.to_string()),
        })?;
        if cp.fingerprint != fp.hex {
            return Err(CheckpointError::Foreign);
        }
        let progress = CountProgress {
            tasks_total: cp.tasks_total,
            next_task: cp.next_task,
            counts: Counts {
                raw: cp.raw,
                rotations: cp.rotations,
                rotations_reflections: cp.rotations_reflections,
            },
        };
        validate(&progress, prep, fp)?;
        Ok(progress)
    }
}

/// The checks that hold for the progress of any true count of `prep`.
fn validate(p: &CountProgress, prep: &Prepared, fp: &Fingerprint) -> Result<(), CheckpointError> {
    let bad = |why: String| Err(CheckpointError::Inconsistent(why));
    if p.tasks_total != fp.tasks_total {
        return bad(format!(
            "{} tasks in all, but this puzzle's plan has {}",
            p.tasks_total, fp.tasks_total
        ));
    }
    if p.next_task > p.tasks_total {
        return bad(format!(
            "task {} of only {} is next",
            p.next_task, p.tasks_total
        ));
    }
    let c = p.counts;
    if p.next_task == 0 && c != Counts::default() {
        return bad("no task is counted, yet the counts are not zero".into());
    }
    // At any point, a rotation class is counted together with its representative (raw grows
    // by at least 1), and a class up to reflections with its rotation class.
    if c.rotations_reflections > c.rotations || c.rotations > c.raw {
        return bad(format!(
            "raw {} >= rotations {} >= rotations_reflections {} does not hold",
            c.raw, c.rotations, c.rotations_reflections
        ));
    }
    if p.next_task < p.tasks_total {
        return Ok(());
    }
    // A complete count also has every member of each class: a rotation class holds 1 to |G|
    // raw solutions, a class up to reflections one or two rotation classes (one when
    // reflections do not act on solutions).
    let group = prep.symmetry.rotations.len().max(1) as u128;
    let merge = if prep.symmetry.reflections.is_empty() {
        1
    } else {
        2
    };
    let (raw, rot, rr) = (
        u128::from(c.raw),
        u128::from(c.rotations),
        u128::from(c.rotations_reflections),
    );
    if raw > rot * group || rot > rr * merge {
        return bad(format!(
            "complete counts raw {}, rotations {}, rotations_reflections {} are impossible \
             with {group} rotations",
            c.raw, c.rotations, c.rotations_reflections
        ));
    }
    Ok(())
}

/// Counts `prep`, starting from `start` (progress validated by [`Checkpoint::parse`]) and
/// handing progress to `save` at least every `every` and once at the end (complete or
/// interrupted through `opts.cancel`). `opts.skip` and `opts.min_tasks` are set here: the
/// plan is the fingerprinted one. The loop is [`Prepared::count_with`]'s; saving is its hook.
pub fn count_resumable<S>(
    prep: &Prepared,
    fp: &Fingerprint,
    opts: &SearchOptions<'_>,
    start: Option<CountProgress>,
    every: Duration,
    mut save: S,
) -> Result<CountOutcome, CheckpointError>
where
    S: FnMut(&CountProgress) -> Result<(), Box<dyn std::error::Error + Send + Sync>>,
{
    let start = start.unwrap_or(CountProgress {
        tasks_total: fp.tasks_total,
        ..Default::default()
    });
    let first = start.next_task;
    let skip = move |i: usize| i < first;
    let opts = SearchOptions {
        threads: opts.threads,
        cancel: opts.cancel,
        skip: &skip,
        min_tasks: fp.min_tasks,
        progress: opts.progress,
        node_budget: None,
    };
    let request = CountRequest {
        start,
        ..CountRequest::all()
    };
    let mut last_save = Instant::now();
    let outcome = prep
        .count_with(&opts, &request, |_, _, progress| {
            if last_save.elapsed() >= every {
                last_save = Instant::now();
                save(progress)?;
            }
            Ok(())
        })
        .map_err(|e| match e {
            CountError::Engine(e) => CheckpointError::Engine(e),
            CountError::Overflow => CheckpointError::Overflow,
            CountError::Hook(e) => CheckpointError::Save(e),
            CountError::Refused(e) => CheckpointError::Refused(e),
        })?;
    if outcome.report.tasks_total != fp.tasks_total {
        return Err(CheckpointError::Inconsistent(format!(
            "the search made {} tasks, the fingerprinted plan {}",
            outcome.report.tasks_total, fp.tasks_total
        )));
    }
    save(&outcome.progress).map_err(CheckpointError::Save)?;
    Ok(outcome)
}
