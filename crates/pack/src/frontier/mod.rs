//! Exact counts by dynamic programming over the boundary between the filled and the empty part
//! of the target (a transfer-matrix, or "broken profile", method).
//!
//! The cells are visited one by one in a fixed order (the longest axis slowest, see
//! [`order`]); the state after a cell is which of the next `W` cells are already filled,
//! together with how many copies of each kind are used when that matters (see [`problem`]).
//! The number of solutions is the number of ways to walk from the empty state to the end, so
//! the work grows with the number of distinct states, not with the number of solutions: for
//! long boxes of small cross-section it counts far beyond what a search can enumerate.
//!
//! It counts exactly what [`Prepared::count`] counts as `raw` (a solution is a set of
//! placements; identical pieces are interchangeable; optional cells may stay empty; piece
//! ranges hold). The classes come from Burnside's lemma: the number of classes under a group
//! is the average number of solutions each element fixes, and a solution fixed by `g` is a
//! union of whole orbits of placements under `g`, so the same programme counts them with the
//! orbits as items. Under reflections a kind is mapped to its mirror twin exactly as
//! [`crate::symmetry`] does, and solutions that use a kind without a twin are counted under
//! the rotations only (see [`classes`]).

pub mod auto;
mod classes;
mod cross;
mod dp;
mod item;
mod layered;
mod merge;
pub(crate) mod order;
pub(crate) mod problem;
mod saved;
mod step;
mod table;

pub use merge::merge_slices;
pub use saved::{
    fingerprint, read as read_checkpoint, Resume, Snapshot, FORMAT as CHECKPOINT_FORMAT,
};

use crate::Prepared;
use num_bigint::BigUint;
use problem::{orbit_items, placement_items, Dp, Item};
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::AtomicBool;

/// The checkpoint callback: saves a [`Snapshot`], or says why it could not.
pub type SaveFn<'a> = dyn Fn(&Snapshot<'_>) -> Result<(), String> + Sync + 'a;

/// How to run the frontier counter.
#[derive(Clone, Copy)]
pub struct FrontierOptions<'a> {
    /// The memory bound: stop with [`FrontierError::TooMuchMemory`] rather than let the two
    /// state maps grow beyond this many bytes (estimated from their capacity, checked before
    /// they grow).
    pub max_bytes: usize,
    /// Stop with [`FrontierError::Budget`] after this many state transitions (a probe).
    pub max_transitions: u64,
    /// Also count the classes under the target's symmetries (by Burnside's lemma).
    pub classes: bool,
    /// Set from outside to stop (then [`FrontierError::Cancelled`]).
    pub cancel: Option<&'a AtomicBool>,
    /// Called after every position.
    pub progress: Option<&'a dyn Fn(&FrontierProgress)>,
    /// Threads of each step (the counts do not depend on it).
    pub threads: usize,
    /// Called with the state table at the start of every run and at every layer boundary
    /// (the positions where a whole layer along the slowest axis is done); an error stops the
    /// count with [`FrontierError::Checkpoint`].
    pub checkpoint: Option<&'a SaveFn<'a>>,
    /// Step a whole layer along the slowest axis at a time, keeping states only at layer
    /// boundaries (see [`layered`]); the counts are the same.
    pub layers: bool,
    /// With [`FrontierOptions::layers`]: keep one boundary state per orbit under the
    /// cross-section's symmetries that map the problem to itself (see [`cross`]).
    pub canonical: bool,
    /// With [`FrontierOptions::layers`]: count the table after the middle layer boundary in
    /// this many slices by a hash of the state, one after the other (1: whole; at most 256).
    /// Memory holds one slice; the layer into it is stepped once per slice.
    pub slices: usize,
    /// With [`FrontierOptions::slices`]: count only the slices `a..b` (of `0..slices`), a
    /// shard's share. Every run's `fixed` is then those slices' share of it, and the classes
    /// are left out: [`merge_slices`] adds the shares and applies Burnside's lemma.
    pub slice: Option<(usize, usize)>,
}

impl Default for FrontierOptions<'_> {
    fn default() -> Self {
        FrontierOptions {
            max_bytes: usize::MAX,
            max_transitions: u64::MAX,
            classes: true,
            cancel: None,
            progress: None,
            threads: 1,
            checkpoint: None,
            layers: false,
            canonical: false,
            slices: 1,
            slice: None,
        }
    }
}

/// Where a run is.
#[derive(Clone, Copy, Debug)]
pub struct FrontierProgress {
    /// Which run (0 = the raw count, then one per symmetry whose fixed points are counted).
    pub run: usize,
    /// Runs in all.
    pub runs: usize,
    /// Positions done.
    pub position: usize,
    /// Positions in all (box cells).
    pub positions: usize,
    /// States after the last position.
    pub states: usize,
    /// Bits of the filled-cell window (see [`RunStats::window`]).
    pub window: u32,
}

/// One run of the programme: the raw count, or the solutions fixed by one symmetry.
#[derive(Clone, Debug, Default)]
pub struct RunStats {
    /// `identity`, `rotation k` or `reflection k` (index in [`crate::symmetry::Symmetry`]),
    /// with `, twin-free kinds only` for the count that leaves out kinds without a mirror twin.
    pub symmetry: String,
    /// The visiting order, e.g. `z slowest, then y, then x`.
    pub order: String,
    /// Bits of the filled-cell window.
    pub window: u32,
    /// Bits of a state (window and tracked counts).
    pub state_bits: u32,
    /// Items (placements, or orbits of placements).
    pub items: usize,
    /// Positions (box cells).
    pub positions: usize,
    /// States after each whole layer along the slowest axis.
    pub layer_states: Vec<usize>,
    /// Most states after any position.
    pub peak_states: usize,
    /// Most bytes the two state maps held at once (estimated from their capacity).
    pub peak_bytes: usize,
    /// State transitions made.
    pub transitions: u64,
    /// The count (solutions fixed by this symmetry).
    pub fixed: BigUint,
    /// When this symmetry has the same orbits as an earlier one (its inverse) or is conjugate
    /// to one: that run, whose count is reused (and whose statistics this copies).
    pub same_as: Option<usize>,
}

/// Counts under the three conventions, with the statistics of every run.
#[derive(Clone, Debug)]
pub struct FrontierReport {
    /// Target held fixed.
    pub raw: BigUint,
    /// Classes under the target's rotations (`None` without [`FrontierOptions::classes`]).
    pub rotations: Option<BigUint>,
    /// Classes under all its isometries (as [`crate::Convention::RotationsReflections`]).
    pub rotations_reflections: Option<BigUint>,
    /// Every run, the raw count first.
    pub runs: Vec<RunStats>,
}

impl FrontierReport {
    /// Most states after any position of any run.
    pub fn peak_states(&self) -> usize {
        self.runs.iter().map(|r| r.peak_states).max().unwrap_or(0)
    }

    /// Most bytes of any run.
    pub fn peak_bytes(&self) -> usize {
        self.runs.iter().map(|r| r.peak_bytes).max().unwrap_or(0)
    }

    /// The count under `c`, if counted.
    pub fn get(&self, c: crate::Convention) -> Option<&BigUint> {
        match c {
            crate::Convention::Raw => Some(&self.raw),
            crate::Convention::Rotations => self.rotations.as_ref(),
            crate::Convention::RotationsReflections => self.rotations_reflections.as_ref(),
        }
    }
}

/// Why the frontier counter stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FrontierError {
    /// A state needs more bits than the counter supports.
    StateTooWide {
        /// Bits of the filled-cell window (the largest span of an item in the visiting order).
        window: u32,
        /// Bits of the tracked piece counts.
        count_bits: u32,
        /// The most supported.
        max: u32,
    },
    /// The state maps would grow beyond [`FrontierOptions::max_bytes`].
    TooMuchMemory {
        /// The limit in bytes.
        limit: usize,
        /// States at that moment.
        states: usize,
        /// The position (cell) reached.
        position: usize,
        /// Positions in all.
        positions: usize,
        /// States after each whole layer done (how they grew).
        layer_states: Vec<usize>,
    },
    /// The system refused an allocation within [`FrontierOptions::max_bytes`] (a limit below
    /// it: `ulimit -v`, a cgroup, an overcommitted machine).
    OutOfMemory {
        /// The allocation refused.
        bytes: usize,
        /// The position (cell) reached.
        position: usize,
        /// Positions in all.
        positions: usize,
    },
    /// [`FrontierOptions::max_transitions`] were made.
    Budget {
        /// The position (cell) reached.
        position: usize,
        /// Positions in all.
        positions: usize,
    },
    /// A layer at a time: a count passed the width of its type in a layer whose table was too
    /// large to keep for a second pass with wider counts.
    CountsTooWide {
        /// The layer boundary the step was going to.
        position: usize,
        /// Positions in all.
        positions: usize,
        /// States of the table being read.
        states: usize,
    },
    /// Stopped from outside.
    Cancelled,
    /// The checkpoint callback failed, or a checkpoint does not fit the puzzle.
    Checkpoint(String),
    /// The fixed-point counts contradict Burnside's lemma (a sum not a multiple of the group
    /// order): a bug, reported rather than rounded.
    Inconsistent(String),
}

impl fmt::Display for FrontierError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrontierError::StateTooWide {
                window,
                count_bits,
                max,
            } => write!(
                f,
                "the frontier method needs {} bits of state ({window} cells of window, \
                 {count_bits} of piece counts) but supports {max}: count with --method search",
                window + count_bits
            ),
            FrontierError::TooMuchMemory {
                limit,
                states,
                position,
                positions,
                layer_states,
            } => write!(
                f,
                "the frontier method would need more than {:.1} MiB (--max-memory) at cell \
                 {position} of {positions} ({states} boundary states and growing; after each \
                 layer: {})",
                *limit as f64 / f64::from(1u32 << 20),
                if layer_states.is_empty() {
                    "none done".to_string()
                } else {
                    layer_states
                        .iter()
                        .map(usize::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ),
            FrontierError::OutOfMemory {
                bytes,
                position,
                positions,
            } => write!(
                f,
                "the system refused {:.1} MiB for the frontier method's state table at cell \
                 {position} of {positions} (a memory limit below --max-memory: ulimit -v, a \
                 cgroup): give a smaller --max-memory to stop earlier, or more memory",
                *bytes as f64 / f64::from(1u32 << 20)
            ),
            FrontierError::Budget {
                position,
                positions,
            } => write!(
                f,
                "the transition budget ran out at cell {position} of {positions}"
            ),
            FrontierError::CountsTooWide {
                position,
                positions,
                states,
            } => write!(
                f,
                "a count passed the width of its integers in the layer ending at cell \
                 {position} of {positions}, whose {states} boundary states were too many to \
                 keep for a second pass with wider counts: give more --max-memory (four times \
                 the table) and resume from the checkpoint"
            ),
            FrontierError::Cancelled => write!(f, "interrupted"),
            FrontierError::Checkpoint(s) => write!(f, "checkpoint: {s}"),
            FrontierError::Inconsistent(s) => write!(f, "internal error: {s}"),
        }
    }
}

impl std::error::Error for FrontierError {}

/// What one run counts: a label and its items.
struct Job<'a> {
    label: String,
    items: Vec<Item>,
    /// The symmetry, as a permutation of placements.
    perm: &'a [u32],
    /// Whether kinds without a mirror twin are left out.
    twin_free: bool,
}

/// Counts the solutions of `prep` (and, with [`FrontierOptions::classes`], its classes).
pub fn count(prep: &Prepared, opts: &FrontierOptions<'_>) -> Result<FrontierReport, FrontierError> {
    count_from(prep, opts, None)
}

/// [`count`], resuming from a checkpoint read by [`read_checkpoint`] (for the same puzzle and
/// [`FrontierOptions::classes`]) when one is given.
pub fn count_from(
    prep: &Prepared,
    opts: &FrontierOptions<'_>,
    resume: Option<Resume>,
) -> Result<FrontierReport, FrontierError> {
    let jobs = jobs(prep, opts.classes);
    let (runs, resume) = match resume {
        Some(r) if r.run < jobs.len() && r.done.len() == r.run => {
            (r.done, Some((r.position, r.current, r.table)))
        }
        Some(_) => {
            return Err(FrontierError::Checkpoint(
                "it does not fit the puzzle".into(),
            ))
        }
        None => (Vec::with_capacity(jobs.len()), None),
    };
    let runs = count_runs(prep, &jobs, opts, runs, resume)?;
    let fixed: Vec<BigUint> = runs.iter().map(|r| r.fixed.clone()).collect();
    let raw = fixed[0].clone();
    let (rotations, rotations_reflections) = if opts.classes && opts.slice.is_none() {
        let (r, rr) = classes::burnside(&prep.symmetry, &fixed)?;
        (Some(r), Some(rr))
    } else {
        (None, None)
    };
    Ok(FrontierReport {
        raw,
        rotations,
        rotations_reflections,
        runs,
    })
}

/// Checks a raw count found by another method (a search, its shards) against Burnside's
/// lemma, without counting it again: counts the solutions fixed by each rotation of the target
/// other than the identity (the runs of [`count`]'s classes) and returns the number of
/// rotation classes that `raw` implies, `(raw + Σ Fix(g)) / |G|`, with those runs (the first
/// is `raw` itself, not counted). An `Inconsistent` error when it is not a whole number.
///
/// If it equals the other method's rotation classes, the two counts agree: a solution that
/// method missed or counted twice changes its raw count by one and its classes by at most one,
/// and `|G|` times the classes then differs from `raw + Σ Fix(g)`. The rotations only: a
/// reflection that reverses the slowest axis pairs cells at both ends, which can make its run's
/// state too wide for this counter (T-tetracubes in 4x6x6).
pub fn rotation_classes_given_raw(
    prep: &Prepared,
    raw: &BigUint,
    opts: &FrontierOptions<'_>,
) -> Result<(BigUint, Vec<RunStats>), FrontierError> {
    let mut jobs = jobs(prep, true);
    jobs.truncate(prep.symmetry.rotations.len());
    let given = RunStats {
        symmetry: "identity (given, not counted)".into(),
        fixed: raw.clone(),
        ..Default::default()
    };
    let runs = count_runs(prep, &jobs, opts, vec![given], None)?;
    let fixed: Vec<BigUint> = runs.iter().map(|r| r.fixed.clone()).collect();
    Ok((classes::rotations(&fixed)?, runs))
}

/// Counts the runs of `jobs` after the first `runs.len()` (already done), the first of them
/// from `resume`'s position and table when given; a symmetry whose count equals an earlier
/// one's by conjugacy is not counted again.
fn count_runs(
    prep: &Prepared,
    jobs: &[Job<'_>],
    opts: &FrontierOptions<'_>,
    mut runs: Vec<RunStats>,
    mut resume: Option<(usize, RunStats, table::AnyTable)>,
) -> Result<Vec<RunStats>, FrontierError> {
    let sym = &prep.symmetry;
    let group: Vec<(&[u32], Vec<u32>)> = sym
        .rotations
        .iter()
        .chain(&sym.reflections)
        .map(|h| (h.as_slice(), inverse(h)))
        .collect();
    let mut seen: HashMap<&[Item], usize> = HashMap::new();
    for (i, job) in jobs.iter().enumerate() {
        if i < runs.len() {
            if runs[i].same_as.is_none() {
                seen.insert(&job.items, i);
            }
            continue;
        }
        // A symmetry with the same orbits as an earlier one (its inverse), or conjugate to one
        // (h g h⁻¹ fixes h(S) exactly when g fixes S), fixes as many solutions.
        let earlier = seen.get(job.items.as_slice()).copied().or_else(|| {
            (0..i).find(|&j| {
                runs[j].same_as.is_none()
                    && jobs[j].twin_free == job.twin_free
                    && group
                        .iter()
                        .any(|(h, hinv)| conjugates(h, hinv, jobs[j].perm, job.perm))
            })
        });
        if let Some(j) = earlier {
            let mut copy = runs[j].clone();
            copy.symmetry = job.label.clone();
            copy.same_as = Some(j);
            runs.push(copy);
            continue;
        }
        seen.insert(&job.items, i);
        let stats = run(prep, job, opts, &runs, (i, jobs.len()), resume.take())?;
        runs.push(stats);
    }
    Ok(runs)
}

/// One run of the programme (from a checkpoint's position, statistics and table).
fn run(
    prep: &Prepared,
    job: &Job,
    opts: &FrontierOptions<'_>,
    done: &[RunStats],
    which: (usize, usize),
    resume: Option<(usize, RunStats, table::AnyTable)>,
) -> Result<RunStats, FrontierError> {
    let dp = Dp::new(&prep.puzzle, &prep.board, &job.items)?;
    let (mut stats, start) = match resume {
        Some((p, stats, t)) => (stats, Some((p, t))),
        None => (
            RunStats {
                symmetry: job.label.clone(),
                order: dp.order.describe(),
                window: dp.window,
                state_bits: dp.bits,
                items: dp.items,
                positions: dp.positions(),
                ..Default::default()
            },
            None,
        ),
    };
    stats.fixed = dp::run(&dp, opts, &mut stats, done, which, start)?;
    Ok(stats)
}

/// The runs: the raw count, then (for the classes) the fixed points of every other symmetry,
/// in the order [`classes::burnside`] reads them.
fn jobs(prep: &Prepared, classes: bool) -> Vec<Job<'_>> {
    let sym = &prep.symmetry;
    let pl = &prep.placements;
    let mut jobs = vec![Job {
        label: "identity".into(),
        items: placement_items(pl, &[]),
        perm: &sym.rotations[0],
        twin_free: false,
    }];
    if !classes {
        return jobs;
    }
    for (g, perm) in sym.rotations.iter().enumerate().skip(1) {
        jobs.push(Job {
            label: format!("rotation {g}"),
            items: orbit_items(pl, perm, &[]),
            perm,
            twin_free: false,
        });
    }
    for (g, perm) in sym.reflections.iter().enumerate() {
        jobs.push(Job {
            label: format!("reflection {g}"),
            items: orbit_items(pl, perm, &[]),
            perm,
            twin_free: false,
        });
    }
    if !sym.reflections.is_empty() && !sym.twinless.is_empty() {
        for (g, perm) in sym.rotations.iter().enumerate() {
            jobs.push(Job {
                label: format!("rotation {g}, twin-free kinds only"),
                items: orbit_items(pl, perm, &sym.twinless),
                perm,
                twin_free: true,
            });
        }
    }
    jobs
}

/// The inverse of a placement permutation (`u32::MAX` where it has no preimage).
fn inverse(perm: &[u32]) -> Vec<u32> {
    let mut inv = vec![u32::MAX; perm.len()];
    for (p, &q) in perm.iter().enumerate() {
        if q != u32::MAX {
            inv[q as usize] = p as u32;
        }
    }
    inv
}

/// Whether `h g h⁻¹ = f`, every step defined (an undefined image — a kind without a twin —
/// proves nothing, so it answers no).
fn conjugates(h: &[u32], hinv: &[u32], g: &[u32], f: &[u32]) -> bool {
    (0..f.len()).all(|p| {
        let q = hinv[p];
        if q == u32::MAX {
            return false;
        }
        let r = g[q as usize];
        r != u32::MAX && h[r as usize] == f[p]
    })
}
