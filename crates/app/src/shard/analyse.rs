//! Stage analyses of the 4x4x4 in shards: `revenge analyse --stage S` computed one depth at a
//! time, each depth an array of shards over ranges of its table, then a join.
//!
//! ```text
//! D/state/                          the analysis' state, exactly as `revenge analyse
//!                                   --state-dir D/state` keeps it (each resumes the other's)
//! D/parts/depth-DD/shard-000017.bits   shard 17's range of depth DD's table
//! D/parts/depth-DD/shard-000017.json   its sealed result: depth, range, tally, SHA-256 of the
//!                                      bits, the checksum of the depth it was computed from
//! ```
//!
//! Shard `i` of `N` owns byte range `i` of the next depth's table (`shard_range`) and computes
//! it from the previous depth's file alone (pull or push, chosen from the checkpoint and `N`),
//! so shards never write the same bytes and need nothing from each other. The merge joins a
//! depth once every part is there and valid: it writes the same table and checkpoint a local
//! run writes, then removes the parts.

use super::dir::{io_error, read_text, PlanDir};
use super::{JobStatus, Kind, Ran, Rounds, VERSION};
use crate::context::{Context, Event};
use crate::error::AppError;
use std::collections::BTreeMap;
use std::ops::Range;
use std::time::Instant;
use wurfel_files::Dir;
use wurfel_present::numbers::fmt_int;
use wurfel_revenge::analysis::{
    choose_pull, reduced_space, shard_range, step_range, Analysis, Checkpoint, RangeTally, Space,
    Tally,
};
use wurfel_shard::{index_ranges, shard_name, Job, Observed, Plan, ShardResult, ShardSpec};
use wurfel_shard::{SolutionsFile, Status};

/// Bytes of a part's result file (small).
const MAX_PART_JSON: u64 = 1 << 20;

/// A stage analysis, rebuilt from a plan or a request.
pub struct AnalyseJob {
    stage: usize,
    variant: Option<String>,
    max_depth: Option<u32>,
    space: Space,
    name: String,
}

/// Where a plan's analysis stands.
pub(crate) struct Next {
    /// The latest joined depth.
    pub(crate) joined: Option<Checkpoint>,
    /// The depth the shards compute now; `None` when the analysis is complete (or reached
    /// the plan's `--max-depth`).
    pub(crate) depth: Option<u32>,
}

/// A new plan of an analysis, for people.
pub struct AnalysePlanned {
    /// The space's name.
    pub name: String,
    /// Entries of the space.
    pub entries: u64,
    /// Bytes of one depth's table.
    pub bytes: usize,
}

/// The rows joined so far, as `revenge analyse` prints them.
pub struct AnalyseMerged {
    pub stage: usize,
    pub variant: Option<String>,
    /// The order of the stage's symmetry group.
    pub symmetries: u64,
    pub rows: Vec<Tally>,
    /// Every distance done (not stopped by `--max-depth`).
    pub complete: bool,
    /// Seconds of shard time in all.
    pub seconds: f64,
    /// The depth to compute next, if any.
    pub next: Option<u32>,
}

impl AnalyseJob {
    /// The analysis of stage `stage` (2, 3 or 5) or of one of its variants.
    pub fn new(
        stage: usize,
        variant: Option<&str>,
        max_depth: Option<u32>,
    ) -> Result<AnalyseJob, AppError> {
        let (space, name) = reduced_space(stage, variant).map_err(AppError::input)?;
        Ok(AnalyseJob {
            stage,
            variant: variant.map(str::to_string),
            max_depth,
            space,
            name,
        })
    }

    /// The job of a plan, checked against the plan's problem hash.
    pub fn of_plan(plan: &Plan) -> Result<AnalyseJob, AppError> {
        let o = &plan.job.options;
        let stage: usize = o
            .get("stage")
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| AppError::input("the plan names no stage"))?;
        let max_depth = match o.get("max_depth") {
            Some(d) => Some(
                d.parse()
                    .map_err(|_| AppError::input("the plan's max_depth is not a number"))?,
            ),
            None => None,
        };
        let job = AnalyseJob::new(stage, o.get("variant").map(String::as_str), max_depth)?;
        if job.problem_hash() != plan.problem {
            return Err(AppError::input(format!(
                "the plan's problem hash is not that of the {} analysis: the plan was made for \
                 another space (or by a wurfel that builds it differently)",
                job.name
            )));
        }
        Ok(job)
    }

    /// SHA-256 of the space's identity (what its state directory records).
    fn problem_hash(&self) -> String {
        let id = self.analysis(Dir::new("")).id();
        let text = serde_json::to_string(&id).expect("plain data");
        wurfel_files::sha256_hex(text.as_bytes())
    }

    fn key(&self) -> String {
        let v = self
            .variant
            .as_deref()
            .map_or(String::new(), |v| format!("-{v}"));
        format!("revenge-stage-{}{v}", self.stage)
    }

    fn analysis(&self, state: Dir) -> Analysis<'_> {
        let mut a = Analysis::new(&self.space, &self.name, state);
        a.stop_after = self.max_depth;
        a
    }

    fn parts(dir: &PlanDir, depth: u32) -> Dir {
        dir.dir.sub("parts").sub(&format!("depth-{depth:02}"))
    }

    /// The names of part `index`'s result and bits.
    fn part_names(index: usize) -> (String, String) {
        let n = shard_name(index);
        (format!("{n}.json"), format!("{n}.bits"))
    }

    fn space_bytes(&self) -> usize {
        wurfel_revenge::analysis::table_bytes(self.space.len())
    }

    /// The latest joined depth (verified) and the depth to compute next.
    pub(crate) fn next(&self, dir: &PlanDir) -> Result<Next, AppError> {
        let a = self.analysis(dir.dir.sub("state"));
        let joined = a.latest(&|_| {}).map_err(|e| {
            AppError::input(format!(
                "cannot read the analysis state in {}: {e}",
                a.store.location()
            ))
        })?;
        Ok(self.next_after(joined))
    }

    fn next_after(&self, joined: Option<Checkpoint>) -> Next {
        let depth = match &joined {
            None => Some(0),
            Some(c) if c.complete => None,
            Some(c) if self.max_depth.is_some_and(|m| c.depth >= m) => None,
            Some(c) => Some(c.depth + 1),
        };
        Next { joined, depth }
    }

    fn pull(&self, joined: Option<&Checkpoint>, shards: usize) -> bool {
        let a = self.analysis(Dir::new(""));
        joined.is_some_and(|c| choose_pull(c, a.pull_ratio, shards))
    }

    /// The sealed result of part `index` of `depth`, checked against the plan, the depth, its
    /// range and the depth it must come from; with `bits`, its bytes are checked too.
    fn part(
        &self,
        dir: &PlanDir,
        plan: &Plan,
        depth: u32,
        index: usize,
        joined: Option<&Checkpoint>,
        bits: Option<&[u8]>,
    ) -> Result<(ShardResult, Range<usize>, RangeTally), AppError> {
        let (json, _) = Self::part_names(index);
        let text = read_text(&Self::parts(dir, depth), &json, MAX_PART_JSON)?;
        let r = ShardResult::parse(&text, plan, index).map_err(AppError::input)?;
        let get = |k: &str| {
            r.counts
                .get(k)
                .copied()
                .ok_or_else(|| AppError::input(format!("the part names no `{k}`")))
        };
        if get("depth")? != u64::from(depth) {
            return Err(AppError::input(format!(
                "it is a part of depth {}, not {depth}",
                get("depth")?
            )));
        }
        let range = shard_range(self.space_bytes(), plan.shards.len(), index);
        if (get("first_byte")?, get("end_byte")?) != (range.start as u64, range.end as u64) {
            return Err(AppError::input(format!("its range is not shard {index}'s")));
        }
        if get("from_checksum")? != joined.map_or(0, |c| c.table_checksum) {
            return Err(AppError::input(format!(
                "it was computed from another table of depth {}",
                depth.saturating_sub(1)
            )));
        }
        if let Some(b) = bits {
            let file = r
                .solutions
                .as_ref()
                .ok_or_else(|| AppError::input("the part names no table file"))?;
            if b.len() != range.len() || !file.matches(b) {
                return Err(AppError::input(format!(
                    "its table file {} was changed or damaged",
                    file.file
                )));
            }
        }
        let t = RangeTally {
            row: Tally {
                unique: get("unique")?,
                positions: get("positions")?,
            },
            unseen: get("unseen")?,
        };
        Ok((r, range, t))
    }

    /// What is on disk for shard `index` of the depth under way.
    fn observe(&self, dir: &PlanDir, plan: &Plan, next: &Next, index: usize) -> Observed {
        let Some(depth) = next.depth else {
            return Observed::Done;
        };
        let parts = Self::parts(dir, depth);
        let (json, bits) = Self::part_names(index);
        if !parts.has(&json) {
            return dir.observe_markers(index);
        }
        let valid = parts
            .map(&bits)
            .map_err(|e| io_error("cannot read", &parts.file(&bits), e))
            .and_then(|b| self.part(dir, plan, depth, index, next.joined.as_ref(), Some(&b)));
        match valid {
            Ok(_) => Observed::Done,
            Err(e) => Observed::Failed {
                why: format!("part refused: {e}"),
            },
        }
    }

    /// Computes shard `index`'s part of the depth under way (`next`) and writes it (the bits,
    /// then the sealed result); `None` when interrupted.
    fn run_part(
        &self,
        ctx: &Context<'_>,
        dir: &PlanDir,
        plan: &Plan,
        (next, index): (&Next, usize),
        host: &str,
    ) -> Result<Option<ShardResult>, AppError> {
        let Some(depth) = next.depth else {
            return Err(AppError::internal(
                "internal error: the analysis is complete",
            ));
        };
        let joined = next.joined.as_ref();
        let shards = plan.shards.len();
        let a = self.analysis(dir.dir.sub("state"));
        let pull = self.pull(joined, shards);
        let range = shard_range(self.space_bytes(), shards, index);
        let prev = joined
            .map(|c| a.map_depth(c.depth))
            .transpose()
            .map_err(|e| AppError::input(e.to_string()))?;
        let start = Instant::now();
        let mut out = vec![0u8; range.len()];
        let progress = |done: usize, total: usize| {
            ctx.sink.event(Event::Stage(&format!(
                "depth {depth} ({}): {:.1}%",
                if pull { "pull" } else { "push" },
                100.0 * done as f64 / total.max(1) as f64
            )))
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(ctx.threads)
            .build()
            .map_err(|e| AppError::internal(format!("cannot start the threads: {e}")))?;
        let t = pool.install(|| {
            step_range(
                &self.space,
                prev.as_deref().map(|b| &b[..]),
                pull,
                range.start,
                &mut out,
                ctx.cancel,
                &progress,
            )
        });
        ctx.sink.event(Event::Done);
        drop(prev);
        let Some(t) = t else {
            return Ok(None);
        };
        let millis = start.elapsed().as_millis() as u64;
        let parts = Self::parts(dir, depth);
        let (json, bits) = Self::part_names(index);
        parts
            .make()
            .map_err(|e| io_error("cannot create", parts.path(), e))?;
        PlanDir::write(&parts, &bits, &out)?;
        let counts = BTreeMap::from([
            ("depth".to_string(), u64::from(depth)),
            ("first_byte".to_string(), range.start as u64),
            ("end_byte".to_string(), range.end as u64),
            (
                "from_checksum".to_string(),
                joined.map_or(0, |c| c.table_checksum),
            ),
            ("pull".to_string(), u64::from(pull)),
            ("unique".to_string(), t.row.unique),
            ("positions".to_string(), t.row.positions),
            ("unseen".to_string(), t.unseen),
        ]);
        let result = ShardResult::new(
            plan,
            index,
            counts,
            BTreeMap::new(),
            millis,
            ctx.threads,
            host.to_string(),
            Some(SolutionsFile::of(&bits, &out)),
        );
        PlanDir::write(&parts, &json, result.to_text().as_bytes())?;
        Ok(Some(result))
    }

    /// Joins depth `depth` from its parts (all there and valid), writes its table and
    /// checkpoint into the state and removes the parts.
    fn join(
        &self,
        ctx: &Context<'_>,
        dir: &PlanDir,
        plan: &Plan,
        (depth, joined): (u32, Option<&Checkpoint>),
    ) -> Result<Checkpoint, AppError> {
        let n = plan.shards.len();
        let parts_dir = Self::parts(dir, depth);
        let mut missing = Vec::new();
        let mut parts = Vec::with_capacity(n);
        for i in 0..n {
            if !parts_dir.has(&Self::part_names(i).0) {
                missing.push(i);
                continue;
            }
            let part = self.part(dir, plan, depth, i, joined, None).map_err(|e| {
                AppError::input(format!("cannot join depth {depth}: part {i} refused: {e}"))
            })?;
            parts.push(part);
        }
        if !missing.is_empty() {
            return Err(AppError::input(format!(
                "cannot join depth {depth}: {} of {n} parts are missing: {} (see `wurfel shard \
                 status {}`)",
                missing.len(),
                index_ranges(&missing),
                dir.shown()
            )));
        }
        let pull = self.pull(joined, n);
        let mut total = RangeTally::default();
        let mut millis = 0u64;
        let overflow = || AppError::input("a sum does not fit in 64 bits");
        for (r, _, t) in &parts {
            if r.counts.get("pull") != Some(&u64::from(pull)) {
                return Err(AppError::input(format!(
                    "part {} was computed the other way (pull or push)",
                    r.index
                )));
            }
            let sum = |a: u64, b: u64| a.checked_add(b).ok_or_else(overflow);
            total.row.unique = sum(total.row.unique, t.row.unique)?;
            total.row.positions = sum(total.row.positions, t.row.positions)?;
            total.unseen = sum(total.unseen, t.unseen)?;
            millis = millis.saturating_add(r.millis);
        }
        let a = self.analysis(dir.dir.sub("state"));
        let fill = |table: &mut [u8]| -> Result<(), String> {
            for (r, range, _) in &parts {
                let bits = Self::part_names(r.index).1;
                let slice = &mut table[range.clone()];
                // The whole file is the range: nothing may follow it.
                let copied = match parts_dir.map(&bits) {
                    Ok(b) if b.len() == slice.len() => {
                        slice.copy_from_slice(&b);
                        true
                    }
                    _ => false,
                };
                if !copied || !r.solutions.as_ref().is_some_and(|s| s.matches(slice)) {
                    return Err(format!(
                        "part {} ({}) is not the table its result describes: changed, damaged \
                         or cut short",
                        r.index,
                        parts_dir.file(&bits).display()
                    ));
                }
            }
            Ok(())
        };
        let cp = a
            .join(depth, total, millis as f64 / 1000.0, fill)
            .map_err(|e| AppError::input(format!("cannot join depth {depth}: {e}")))?;
        parts_dir
            .remove_all()
            .map_err(|e| io_error("cannot remove", parts_dir.path(), e))?;
        if cp.complete {
            ctx.note(&format!(
                "depth {depth} reaches nothing new: the analysis is complete"
            ));
        } else {
            let how = if pull {
                "pulled"
            } else if depth == 0 {
                "start"
            } else {
                "pushed"
            };
            ctx.note(&format!(
                "joined depth {depth} ({n} parts, {how}): {} positions, {} unique",
                fmt_int(total.row.positions),
                fmt_int(total.row.unique)
            ));
        }
        Ok(cp)
    }

    /// `shard plan --revenge-stage S [--variant V] [--max-depth D]`: the plan (a shard's range
    /// follows from its index and the shard count; it has no tasks).
    pub(crate) fn plan(&self, dir: &PlanDir, shards: usize) -> Result<AnalysePlanned, AppError> {
        let mut options = BTreeMap::from([("stage".to_string(), self.stage.to_string())]);
        if let Some(v) = &self.variant {
            options.insert("variant".to_string(), v.clone());
        }
        if let Some(d) = self.max_depth {
            options.insert("max_depth".to_string(), d.to_string());
        }
        let spec = Job {
            kind: Kind::RevengeAnalyse.key().to_string(),
            puzzle: self.key(),
            options,
        };
        let empty = ShardSpec {
            tasks: Vec::new(),
            estimated_nodes: 0,
        };
        let plan = Plan::new(
            VERSION,
            spec,
            self.problem_hash(),
            0,
            0,
            vec![empty; shards],
        );
        dir.write_plan(&plan, None)?;
        Ok(AnalysePlanned {
            name: self.name.clone(),
            entries: self.space.len(),
            bytes: self.space_bytes(),
        })
    }

    /// Shard `index` of the depth under way: nothing when its part is valid already or the
    /// analysis is complete (notes say which).
    pub(crate) fn run(
        &self,
        ctx: &Context<'_>,
        dir: &PlanDir,
        plan: &Plan,
        index: usize,
        host: &str,
    ) -> Result<Ran, AppError> {
        let next = self.next(dir)?;
        let Some(depth) = next.depth else {
            ctx.note("the analysis is complete: nothing to do (`wurfel shard merge` prints it)");
            return Ok(Ran::Nothing);
        };
        match self.observe(dir, plan, &next, index) {
            Observed::Done => {
                ctx.note(&format!(
                    "shard {index} of depth {depth} is already done (its part is valid)"
                ));
                return Ok(Ran::Nothing);
            }
            Observed::Failed { why } if why.starts_with("part refused") => ctx.note(&format!(
                "shard {index} of depth {depth}: replacing a refused part ({why})"
            )),
            _ => {}
        }
        let part = dir.attempt(index, host, || {
            self.run_part(ctx, dir, plan, (&next, index), host)
        })?;
        Ok(part.map_or(Ran::Interrupted, |result| Ran::Part { depth, result }))
    }

    /// Each shard's part of the depth under way, and where the analysis stands.
    pub(crate) fn status(&self, dir: &PlanDir, plan: &Plan) -> Result<JobStatus, AppError> {
        let next = self.next(dir)?;
        let observed: Vec<Observed> = (0..plan.shards.len())
            .map(|i| self.observe(dir, plan, &next, i))
            .collect();
        Ok(JobStatus {
            status: Status::of(&observed),
            observed,
            rounds: Some(Rounds {
                depth: next.depth,
                rows: next.joined.as_ref().map_or(0, |c| c.rows.len()),
            }),
        })
    }

    /// Joins the depth under way if every part is there, then the rows so far.
    pub(crate) fn merge(
        &self,
        ctx: &Context<'_>,
        dir: &PlanDir,
        plan: &Plan,
    ) -> Result<AnalyseMerged, AppError> {
        let mut next = self.next(dir)?;
        if let Some(depth) = next.depth {
            let cp = self.join(ctx, dir, plan, (depth, next.joined.as_ref()))?;
            next = self.next_after(Some(cp));
        }
        let joined = next
            .joined
            .ok_or_else(|| AppError::internal("no depth is joined"))?;
        // Parts of joined depths are no longer needed (a join removes its own; these are
        // left by a join killed after sealing, or by a shard that ran late).
        for d in 0..=joined.depth {
            let p = Self::parts(dir, d);
            p.remove_all()
                .map_err(|e| io_error("cannot remove", p.path(), e))?;
        }
        Ok(AnalyseMerged {
            stage: self.stage,
            variant: self.variant.clone(),
            symmetries: self.space.order(),
            complete: next.depth.is_none() && joined.complete,
            seconds: joined.seconds.iter().sum(),
            rows: joined.rows,
            next: next.depth,
        })
    }
}
