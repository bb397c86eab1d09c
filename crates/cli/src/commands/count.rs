//! `wurfel count`: exact counts under every convention, resumable with `--checkpoint`.
//!
//! What a checkpoint means, and when one is trusted, is the library's business
//! (`wurfel_pack::checkpoint`); here the file is found, read with a size limit and written
//! atomically.

use crate::args::{Disassemble, Json, PuzzleArg};
use crate::commands::count_frontier::{self, MethodArgs};
use crate::commands::pack::print_stats;
use crate::exit::Stop;
use crate::hiargs::Packing;
use crate::hiargs::Threads;
use crate::output::OutputPath;
use crate::present::count::{print, Summary};
use crate::{note, progress};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use wurfel_files::read_text_bounded;
use wurfel_pack::checkpoint::{count_resumable, Checkpoint, Fingerprint};
use wurfel_pack::count::{CountOutcome, CountProgress, CountRequest};
use wurfel_pack::load::MAX_FILE_BYTES;
use wurfel_pack::Prepared;

/// Arguments of `wurfel count`.
#[derive(clap::Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    source: PuzzleArg,
    #[command(flatten)]
    threads: Threads,
    #[command(flatten)]
    json: Json,
    #[command(flatten)]
    disassemble: Disassemble,
    /// Print search statistics.
    #[arg(long)]
    stats: bool,
    /// Save progress to FILE while counting, and resume from it if it exists (a checkpoint of
    /// another puzzle, or an edited one, is refused).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Seconds between checkpoint saves.
    #[arg(long, value_name = "SECONDS", default_value_t = 2.0,
          value_parser = parse_interval, requires = "checkpoint")]
    checkpoint_interval: f64,
    #[command(flatten)]
    method: MethodArgs,
}

/// Seconds between checkpoint saves: more than 0 (0 would save after every task, rewriting
/// the file thousands of times a second), at most a day.
fn parse_interval(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 86_400.0 => Ok(x),
        _ => Err(format!(
            "`{s}` is not a number of seconds above 0 and at most 86400"
        )),
    }
}

/// `wurfel count`.
pub fn count(args: CountArgs) -> Result<()> {
    let run =
        Packing::new(&args.source, args.threads, args.json)?.with_disassemble(args.disassemble);
    if run.disassemble && args.checkpoint.is_some() {
        bail!(
            "--disassemble cannot be combined with --checkpoint: checkpoints hold the assembly \
             counts only (count without --disassemble to resume a long count)"
        );
    }
    args.method
        .check(args.checkpoint.is_some(), run.disassemble)?;
    let store = args.checkpoint.as_deref().map(Store::check).transpose()?;
    let prep = run.prepare()?;
    let interval = Duration::from_secs_f64(args.checkpoint_interval);
    let how = count_frontier::How {
        json: run.json,
        threads: run.threads,
        max_bytes: run.max_bytes,
        stats: args.stats,
        checkpoint: store.as_ref().map(|s| (s.path.as_path(), &s.out)),
        interval,
    };
    if count_frontier::count(&prep, &args.method, &how)? {
        return Ok(());
    }
    let start = Instant::now();
    let (outcome, disassembly) = if run.disassemble {
        let request = CountRequest {
            disassemble: true,
            ..CountRequest::all()
        };
        let o = run_plain(&prep, &run, &request)?;
        let d = o.disassembly;
        (o, Some(d))
    } else if let Some(store) = &store {
        (search(&prep, &run, store, interval)?, None)
    } else {
        // Without a checkpoint nothing needs the fingerprint: a SHA-256 over the problem and
        // a second planning of the tree (about 2% of a count of pentominoes 6x10).
        (run_plain(&prep, &run, &CountRequest::all())?, None)
    };
    if let Some(e) = disassembly.and_then(|d| d.failed) {
        bail!("{e}");
    }
    let summary = Summary {
        counts: outcome.progress.counts,
        complete: outcome.complete(),
        stats: outcome.stats,
        seconds: start.elapsed().as_secs_f64(),
        threads: run.threads,
        disassembly,
    };
    print(&prep, &summary, run.json)?;
    if args.stats {
        print_stats(&prep, &outcome.stats);
    }
    if !outcome.complete() {
        if let Some(s) = &store {
            note!(
                "progress saved to {}; run the same command again to resume",
                s.path.display()
            );
        }
        return Err(Stop::Interrupted.into());
    }
    Ok(())
}

/// The checkpoint file.
struct Store {
    path: PathBuf,
    out: OutputPath,
}

impl Store {
    /// Checks the path before the search: it must be (or become) a regular file.
    fn check(path: &Path) -> Result<Store> {
        let out = OutputPath::check(path)?;
        if !out.is_file() {
            bail!(
                "cannot keep a checkpoint in {}: it must be a regular file",
                path.display()
            );
        }
        Ok(Store {
            path: path.to_path_buf(),
            out,
        })
    }

    /// The validated progress saved in the file, if it exists.
    fn load(&self, prep: &Prepared, fp: &Fingerprint) -> Result<Option<CountProgress>> {
        if !self.path.exists() {
            return Ok(None);
        }
        let shown = self.path.display();
        let text = read_text_bounded(&self.path, MAX_FILE_BYTES)
            .with_context(|| format!("cannot read checkpoint {shown}"))?;
        let progress = Checkpoint::parse(&text, prep, fp).with_context(|| {
            format!("checkpoint {shown} refused (remove it to count from the start)")
        })?;
        Ok(Some(progress))
    }

    fn save(&self, puzzle: &str, fp: &Fingerprint, p: &CountProgress) -> Result<()> {
        self.out
            .write_all(Checkpoint::new(puzzle, fp, p).to_text().as_bytes())
    }
}

/// Counts, resuming from and saving to `store` (every `every`).
fn search(prep: &Prepared, run: &Packing, store: &Store, every: Duration) -> Result<CountOutcome> {
    let fp = Fingerprint::of(prep)?;
    let start = store.load(prep, &fp)?;
    if let Some(p) = &start {
        note!(
            "resuming from {}: {} of {} tasks already counted",
            store.path.display(),
            p.next_task,
            p.tasks_total
        );
    }
    let bar = progress::bar(true);
    let callback = progress::callback(&bar);
    let opts = run.search_options(&callback);
    let outcome = count_resumable(prep, &fp, &opts, start, every, |p| {
        store
            .save(&prep.puzzle.id, &fp, p)
            .map_err(|e| format!("{e:#}").into())
    });
    bar.finish_and_clear();
    Ok(outcome?)
}

/// Counts as `request` says, without a checkpoint (with `disassemble`, every rotation class
/// is analysed for disassembly: no checkpoints then, see `count`).
fn run_plain(prep: &Prepared, run: &Packing, request: &CountRequest<'_>) -> Result<CountOutcome> {
    let bar = progress::bar(true);
    let callback = progress::callback(&bar);
    let opts = run.search_options(&callback);
    let outcome = prep.count_with(&opts, request, |_, _, _| Ok(()));
    bar.finish_and_clear();
    Ok(outcome?)
}
