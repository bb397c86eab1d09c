//! Stage analyses of the 4x4x4 in shards: `wurfel revenge analyse --stage S` computed one
//! depth at a time, each depth an array of shards over ranges of its table, then a join.
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
//! so shards never write the same bytes and need nothing from each other. `shard merge` joins
//! a depth once every part is there and valid: it writes the same table and checkpoint a
//! local run writes, then removes the parts.

use super::files::{host, write_file, PlanDir, VERSION};
use super::job::{JobStatus, Kind, MergeTo, Rounds, ShardJob};
use super::plan_args::PlanArgs;
use super::task::attempt;
use crate::exit::Stop;
use crate::output::{fmt_int, OutputPath};
use crate::present::analysis::reduced_text;
use crate::{note, outln};
use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Instant;
use wurfel_revenge::analysis::{
    choose_pull, reduced_space, shard_range, step_range, Analysis, Checkpoint, RangeTally, Space,
    Tally,
};
use wurfel_shard::{index_ranges, shard_name, Job, Observed, Plan, ShardResult, ShardSpec};
use wurfel_shard::{SolutionsFile, Status};

/// Bytes of a part's result file (small).
const MAX_PART_JSON: u64 = 1 << 20;

/// A stage analysis, rebuilt from a plan or the command line.
pub(crate) struct AnalyseJob {
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

impl AnalyseJob {
    /// The analysis of stage `stage` (2, 3 or 5) or of one of its variants.
    pub(crate) fn new(
        stage: usize,
        variant: Option<&str>,
        max_depth: Option<u32>,
    ) -> Result<AnalyseJob> {
        let (space, name) = reduced_space(stage, variant).map_err(anyhow::Error::msg)?;
        Ok(AnalyseJob {
            stage,
            variant: variant.map(str::to_string),
            max_depth,
            space,
            name,
        })
    }

    /// The job of a plan, checked against the plan's problem hash.
    pub(crate) fn of_plan(plan: &Plan) -> Result<AnalyseJob> {
        let o = &plan.job.options;
        let stage: usize = o
            .get("stage")
            .and_then(|s| s.parse().ok())
            .context("the plan names no stage")?;
        let max_depth = match o.get("max_depth") {
            Some(d) => Some(d.parse().context("the plan's max_depth is not a number")?),
            None => None,
        };
        let job = AnalyseJob::new(stage, o.get("variant").map(String::as_str), max_depth)?;
        if job.problem_hash() != plan.problem {
            bail!(
                "the plan's problem hash is not that of the {} analysis: the plan was made for \
                 another space (or by a wurfel that builds it differently)",
                job.name
            );
        }
        Ok(job)
    }

    /// SHA-256 of the space's identity (what its state directory records).
    fn problem_hash(&self) -> String {
        let id = self.analysis(Path::new("")).id();
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

    fn analysis(&self, state: &Path) -> Analysis<'_> {
        let mut a = Analysis::new(&self.space, &self.name, wurfel_files::Dir::new(state));
        a.stop_after = self.max_depth;
        a
    }

    fn state_dir(dir: &PlanDir) -> PathBuf {
        dir.dir.join("state")
    }

    fn parts_dir(dir: &PlanDir, depth: u32) -> PathBuf {
        dir.dir.join("parts").join(format!("depth-{depth:02}"))
    }

    fn part_files(dir: &PlanDir, depth: u32, index: usize) -> (PathBuf, PathBuf) {
        let d = Self::parts_dir(dir, depth);
        let n = shard_name(index);
        (d.join(format!("{n}.json")), d.join(format!("{n}.bits")))
    }

    /// The latest joined depth (verified) and the depth to compute next.
    pub(crate) fn next(&self, dir: &PlanDir) -> Result<Next> {
        let a = self.analysis(&Self::state_dir(dir));
        let joined = a
            .latest(&|_| {})
            .with_context(|| format!("cannot read the analysis state in {}", a.store.location()))?;
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
        let a = self.analysis(Path::new(""));
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
    ) -> Result<(ShardResult, Range<usize>, RangeTally)> {
        let (json, _) = Self::part_files(dir, depth, index);
        let text = wurfel_files::read_text_bounded(&json, MAX_PART_JSON)
            .with_context(|| format!("cannot read {}", json.display()))?;
        let r = ShardResult::parse(&text, plan, index).map_err(anyhow::Error::msg)?;
        let get = |k: &str| {
            r.counts
                .get(k)
                .copied()
                .with_context(|| format!("the part names no `{k}`"))
        };
        if get("depth")? != u64::from(depth) {
            bail!("it is a part of depth {}, not {depth}", get("depth")?);
        }
        let range = shard_range(self.space_bytes(), plan.shards.len(), index);
        if (get("first_byte")?, get("end_byte")?) != (range.start as u64, range.end as u64) {
            bail!("its range is not shard {index}'s");
        }
        if get("from_checksum")? != joined.map_or(0, |c| c.table_checksum) {
            bail!(
                "it was computed from another table of depth {}",
                depth.saturating_sub(1)
            );
        }
        if let Some(b) = bits {
            let file = r
                .solutions
                .as_ref()
                .context("the part names no table file")?;
            if b.len() != range.len() || !file.matches(b) {
                bail!("its table file {} was changed or damaged", file.file);
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

    /// The part with its bytes read and checked.
    fn valid_part(
        &self,
        dir: &PlanDir,
        plan: &Plan,
        depth: u32,
        index: usize,
        joined: Option<&Checkpoint>,
    ) -> Result<ShardResult> {
        let (_, bits) = Self::part_files(dir, depth, index);
        let bytes =
            std::fs::read(&bits).with_context(|| format!("cannot read {}", bits.display()))?;
        Ok(self.part(dir, plan, depth, index, joined, Some(&bytes))?.0)
    }

    fn space_bytes(&self) -> usize {
        wurfel_revenge::analysis::table_bytes(self.space.len())
    }

    /// What is on disk for shard `index` of the depth under way.
    pub(crate) fn observe(
        &self,
        dir: &PlanDir,
        plan: &Plan,
        next: &Next,
        index: usize,
    ) -> Observed {
        let Some(depth) = next.depth else {
            return Observed::Done;
        };
        let (json, _) = Self::part_files(dir, depth, index);
        if json.exists() {
            return match self.valid_part(dir, plan, depth, index, next.joined.as_ref()) {
                Ok(_) => Observed::Done,
                Err(e) => Observed::Failed {
                    why: format!("part refused: {e:#}"),
                },
            };
        }
        dir.observe_markers(index)
    }

    /// Computes shard `index`'s part of the depth under way (`next`) and writes it (the bits,
    /// then the sealed result); `None` when interrupted.
    fn run_part(
        &self,
        dir: &PlanDir,
        plan: &Plan,
        next: &Next,
        index: usize,
        threads: usize,
    ) -> Result<Option<ShardResult>> {
        let Some(depth) = next.depth else {
            bail!("internal error: the analysis is complete");
        };
        let joined = next.joined.as_ref();
        let shards = plan.shards.len();
        let a = self.analysis(&Self::state_dir(dir));
        let pull = self.pull(joined, shards);
        let range = shard_range(self.space_bytes(), shards, index);
        let prev = joined.map(|c| a.map_depth(c.depth)).transpose()?;
        let start = Instant::now();
        let mut out = vec![0u8; range.len()];
        let stop = crate::progress::cancellation();
        let pb = crate::progress::spinner(true);
        let progress = |done: usize, total: usize| {
            pb.set_message(format!(
                "depth {depth} ({}): {:.1}%",
                if pull { "pull" } else { "push" },
                100.0 * done as f64 / total.max(1) as f64
            ))
        };
        let t = step_range(
            &self.space,
            prev.as_deref().map(|b| &b[..]),
            pull,
            range.start,
            &mut out,
            stop,
            &progress,
        );
        pb.finish_and_clear();
        drop(prev);
        let Some(t) = t else {
            return Ok(None);
        };
        let millis = start.elapsed().as_millis() as u64;
        let (json, bits) = Self::part_files(dir, depth, index);
        std::fs::create_dir_all(Self::parts_dir(dir, depth))
            .with_context(|| format!("cannot create {}", Self::parts_dir(dir, depth).display()))?;
        write_file(&bits, &out)?;
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
        let name = bits
            .file_name()
            .expect("a file name")
            .to_string_lossy()
            .into_owned();
        let result = ShardResult::new(
            plan,
            index,
            counts,
            BTreeMap::new(),
            millis,
            threads,
            host(),
            Some(SolutionsFile::of(&name, &out)),
        );
        write_file(&json, result.to_text().as_bytes())?;
        Ok(Some(result))
    }

    /// Joins the depth under way if every part is there, then prints the rows so far as
    /// `revenge analyse` prints them.
    fn join_and_print(
        &self,
        dir: &PlanDir,
        plan: &Plan,
        json: bool,
        out: Option<&OutputPath>,
    ) -> Result<()> {
        let mut next = self.next(dir)?;
        if let Some(depth) = next.depth {
            let cp = self.join(dir, plan, depth, next.joined.as_ref())?;
            next = self.next_after(Some(cp));
        }
        // Parts of joined depths are no longer needed (a join removes its own; these are
        // left by a join killed after sealing, or by a shard that ran late).
        let joined = next.joined.as_ref().context("no depth is joined")?;
        for d in 0..=joined.depth {
            let p = Self::parts_dir(dir, d);
            if p.is_dir() {
                std::fs::remove_dir_all(&p)
                    .with_context(|| format!("cannot remove {}", p.display()))?;
            }
        }
        let secs: f64 = joined.seconds.iter().sum();
        let how = format!(
            "{secs:.1} s of shard time in {} shards per depth",
            plan.shards.len()
        );
        let text = reduced_text(
            self.stage,
            self.variant.as_deref(),
            self.space.order(),
            &joined.rows,
            next.depth.is_none() && joined.complete,
            &how,
            json,
        )?;
        match out {
            Some(o) => o.write_all(format!("{text}\n").as_bytes())?,
            None => outln!("{text}"),
        }
        if let Some(d) = next.depth {
            note!(
                "depth {d} is next: run its shards (`wurfel shard run {} --index I`), then merge",
                dir.dir.display()
            );
        }
        Ok(())
    }

    fn join(
        &self,
        dir: &PlanDir,
        plan: &Plan,
        depth: u32,
        joined: Option<&Checkpoint>,
    ) -> Result<Checkpoint> {
        let n = plan.shards.len();
        let mut missing = Vec::new();
        let mut parts = Vec::with_capacity(n);
        for i in 0..n {
            let (json, _) = Self::part_files(dir, depth, i);
            if !json.exists() {
                missing.push(i);
                continue;
            }
            let part = self
                .part(dir, plan, depth, i, joined, None)
                .with_context(|| format!("cannot join depth {depth}: part {i} refused"))?;
            parts.push(part);
        }
        if !missing.is_empty() {
            bail!(
                "cannot join depth {depth}: {} of {n} parts are missing: {} (see `wurfel shard \
                 status {}`)",
                missing.len(),
                index_ranges(&missing),
                dir.dir.display()
            );
        }
        let pull = self.pull(joined, n);
        let mut total = RangeTally::default();
        let mut millis = 0u64;
        let overflow = || anyhow::anyhow!("a sum does not fit in 64 bits");
        for (r, _, t) in &parts {
            if r.counts.get("pull") != Some(&u64::from(pull)) {
                bail!("part {} was computed the other way (pull or push)", r.index);
            }
            total.row.unique = total
                .row
                .unique
                .checked_add(t.row.unique)
                .ok_or_else(overflow)?;
            total.row.positions = total
                .row
                .positions
                .checked_add(t.row.positions)
                .ok_or_else(overflow)?;
            total.unseen = total.unseen.checked_add(t.unseen).ok_or_else(overflow)?;
            millis = millis.saturating_add(r.millis);
        }
        let a = self.analysis(&Self::state_dir(dir));
        let fill = |table: &mut [u8]| -> std::result::Result<(), String> {
            for (r, range, _) in &parts {
                let (_, bits) = Self::part_files(dir, depth, r.index);
                let slice = &mut table[range.clone()];
                let read = std::fs::File::open(&bits).and_then(|mut f| {
                    f.read_exact(slice)?;
                    // Nothing may follow the range.
                    let extra = f.read(&mut [0u8; 1])?;
                    Ok(extra)
                });
                let ok =
                    matches!(read, Ok(0)) && r.solutions.as_ref().is_some_and(|s| s.matches(slice));
                if !ok {
                    return Err(format!(
                        "part {} ({}) is not the table its result describes: changed, damaged \
                         or cut short",
                        r.index,
                        bits.display()
                    ));
                }
            }
            Ok(())
        };
        let cp = a
            .join(depth, total, millis as f64 / 1000.0, fill)
            .map_err(|e| anyhow::anyhow!("cannot join depth {depth}: {e}"))?;
        let p = Self::parts_dir(dir, depth);
        std::fs::remove_dir_all(&p).with_context(|| format!("cannot remove {}", p.display()))?;
        if cp.complete {
            note!("depth {depth} reaches nothing new: the analysis is complete");
        } else {
            note!(
                "joined depth {depth} ({} parts, {}): {} positions, {} unique",
                n,
                if pull {
                    "pulled"
                } else if depth == 0 {
                    "start"
                } else {
                    "pushed"
                },
                fmt_int(total.row.positions),
                fmt_int(total.row.unique)
            );
        }
        Ok(cp)
    }
}

impl ShardJob for AnalyseJob {
    fn plan(&self, args: &PlanArgs, dir: &PlanDir) -> Result<()> {
        plan(self, args.shards.unwrap_or(1) as usize, dir)
    }

    /// Shard `index` of the analysis' depth under way (nothing when its part is valid or the
    /// analysis is complete).
    fn run(&self, dir: &PlanDir, plan: &Plan, index: usize, threads: usize) -> Result<()> {
        let next = self.next(dir)?;
        let Some(depth) = next.depth else {
            note!("the analysis is complete: nothing to do (`wurfel shard merge` prints it)");
            return Ok(());
        };
        match self.observe(dir, plan, &next, index) {
            Observed::Done => {
                note!("shard {index} of depth {depth} is already done (its part is valid)");
                return Ok(());
            }
            Observed::Failed { why } if why.starts_with("part refused") => {
                note!("shard {index} of depth {depth}: replacing a refused part ({why})")
            }
            _ => {}
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global()
            .ok();
        match attempt(dir, index, || {
            self.run_part(dir, plan, &next, index, threads)
        })? {
            Some(r) => {
                let c = |k: &str| r.counts.get(k).copied().unwrap_or(0);
                outln!(
                "shard {index} of {}, depth {depth} ({}): bytes {}..{}: {} positions, {} unique in {:.2} s",
                plan.shards.len(),
                if depth == 0 { "start" } else if c("pull") == 1 { "pull" } else { "push" },
                c("first_byte"),
                c("end_byte"),
                c("positions"),
                c("unique"),
                r.millis as f64 / 1000.0
            );
                Ok(())
            }
            None => {
                note!("shard {index} interrupted: no part written; run it again");
                Err(Stop::Interrupted.into())
            }
        }
    }

    fn status(&self, dir: &PlanDir, plan: &Plan) -> Result<JobStatus> {
        let next = self.next(dir)?;
        let observed: Vec<Observed> = (0..plan.shards.len())
            .map(|i| self.observe(dir, plan, &next, i))
            .collect();
        let status = Status::of(&observed);
        Ok(JobStatus {
            observed,
            status,
            rounds: Some(Rounds {
                depth: next.depth,
                rows: next.joined.as_ref().map_or(0, |c| c.rows.len()),
            }),
        })
    }

    fn merge(&self, dir: &PlanDir, plan: &Plan, to: &MergeTo<'_>) -> Result<()> {
        if to.solutions.is_some() {
            bail!("an analysis keeps no solutions (--solutions is for packing counts)");
        }
        self.join_and_print(dir, plan, to.json, to.out)
    }
}

/// `wurfel shard plan --revenge-stage S [--variant V] [--max-depth D]`.
fn plan(job: &AnalyseJob, shards: usize, dir: &PlanDir) -> Result<()> {
    let (stage, variant, max_depth) = (job.stage, job.variant.as_deref(), job.max_depth);
    let mut options = BTreeMap::from([("stage".to_string(), stage.to_string())]);
    if let Some(v) = variant {
        options.insert("variant".to_string(), v.to_string());
    }
    if let Some(d) = max_depth {
        options.insert("max_depth".to_string(), d.to_string());
    }
    let spec = Job {
        kind: Kind::RevengeAnalyse.key().to_string(),
        puzzle: job.key(),
        options,
    };
    // A shard's range follows from its index and the shard count; it has no tasks.
    let specs = vec![
        ShardSpec {
            tasks: Vec::new(),
            estimated_nodes: 0,
        };
        shards
    ];
    let plan = Plan::new(VERSION, spec, job.problem_hash(), 0, 0, specs);
    std::fs::create_dir_all(&dir.dir)
        .with_context(|| format!("cannot create directory {}", dir.dir.display()))?;
    dir.make_dirs()?;
    write_file(&dir.plan_file(), plan.to_text().as_bytes())?;
    let bytes = job.space_bytes();
    outln!(
        "{}: {} entries, {} bytes per depth; {} shards of about {} bytes each, in {}",
        job.name,
        fmt_int(job.space.len()),
        fmt_int(bytes as u64),
        fmt_int(shards as u64),
        fmt_int(bytes.div_ceil(shards) as u64),
        dir.dir.display()
    );
    note!(
        "every depth is one array of the {shards} shards, then `wurfel shard merge {0}` joins it; \
         `wurfel shard emit {0} --to slurm` (or parallel) writes a driver that loops over the depths",
        dir.dir.display()
    );
    Ok(())
}
