//! `wurfel count`: exact counts under every convention (the application layer's
//! `wurfel_app::count`), resumable with `--checkpoint`. Here: the flags, the checkpoint file
//! (found, read with a size limit, written atomically) and the printers.

use crate::args::{Disassemble, Json, PuzzleArg};
use crate::commands::count_frontier::MethodArgs;
use crate::exit::Stop;
use crate::hiargs::{Packing, Threads};
use crate::output::OutputPath;
use crate::progress::{self, Reporter};
use crate::{note, outln};
use anyhow::{bail, Result};
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;
use wurfel_app::count::stored::StoredCheck;
use wurfel_app::count::{CheckpointStore, Counted};
use wurfel_present::text::count as text;

/// Arguments of `wurfel count`.
#[derive(clap::Args, Debug)]
pub(crate) struct CountArgs {
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
    /// Compare the counts with those BurrTools stored in the .xmpuzzle file (a problem it
    /// solved to the end): assemblies as classes under rotations and reflections, solutions
    /// as those that come apart. Each number that differs is named, and the command exits 1.
    #[arg(long, conflicts_with = "checkpoint")]
    check_stored: bool,
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
pub(crate) fn count(args: CountArgs) -> Result<()> {
    let run =
        Packing::new(&args.source, args.threads, args.json)?.with_disassemble(args.disassemble);
    let request = args.method.request(run.disassemble);
    wurfel_app::count::check(&request, args.checkpoint.is_some())?;
    let stored =
        wurfel_app::count::stored::wanted(args.check_stored, run.stored, &args.source.puzzle)?;
    let interval = Duration::from_secs_f64(args.checkpoint_interval);
    let store = args
        .checkpoint
        .as_deref()
        .map(|p| Store::check(p, interval))
        .transpose()?;
    let ready = run.prepare()?;
    let reporter = Reporter::new(true);
    let ctx = run.context(&reporter);
    progress::cancellation();
    let counted = wurfel_app::count::count(
        &ctx,
        &ready,
        &request,
        store.as_ref().map(|s| s as &dyn CheckpointStore),
    )?;
    let complete = counted.complete();
    // Checked only after a complete count (an interrupted one says so first).
    let check = match (&stored, complete) {
        (Some(s), true) => Some(wurfel_app::count::stored::check(&ctx, &ready, s)?),
        _ => None,
    };
    drop(reporter);
    if run.json {
        let json = counted.to_json(&ready)?;
        match &check {
            Some(c) => outln!("{}", wurfel_app::count::stored::json_with(&json, c)?),
            None => outln!("{json}"),
        }
    } else {
        let shown = match &counted {
            Counted::Search(s) => text::search(&ready, s)?,
            Counted::Frontier {
                report,
                seconds,
                threads,
                ..
            } => text::frontier(&ready, report, *seconds, *threads)?,
        };
        outln!("{}", shown.trim_end_matches('\n'));
    }
    if args.stats {
        let lines = match &counted {
            Counted::Search(s) => text::search_stats(&ready, &s.stats),
            Counted::Frontier { report, .. } => text::frontier_stats(report),
        };
        lines.iter().for_each(|l| note!("{l}"));
    }
    if !complete {
        return Err(Stop::Interrupted.into());
    }
    match check {
        Some(c) => said_stored(&c),
        None => Ok(()),
    }
}

/// `--check-stored`: BurrTools' stored counts beside wurfel's, said on standard error (the
/// count itself stays the only thing on standard output, the check added to its JSON).
fn said_stored(check: &StoredCheck) -> Result<()> {
    if check.agrees() {
        // BurrTools' count is rotations_reflections as a rule; say when it was not.
        let under = match check.convention {
            Some("rotations") => " (classes under rotations: BurrTools reduced no mirror images)",
            _ => "",
        };
        match (&check.solutions_unchecked, check.solutions) {
            (None, Some(solutions)) => note!(
                "the counts BurrTools stored agree: {} assemblies{under}, {solutions} solutions",
                check.assemblies
            ),
            (why, _) => note!(
                "the assemblies BurrTools stored agree: {}{under}; {}",
                check.assemblies,
                why.as_deref().unwrap_or("solutions not compared")
            ),
        }
        return Ok(());
    }
    for d in &check.differences {
        note!("differs from the file: {d}");
    }
    bail!("the counts BurrTools stored differ from wurfel's (said above)")
}

/// The checkpoint file.
struct Store {
    out: OutputPath,
    interval: Duration,
}

impl Store {
    /// Checks the path before the search: it must be (or become) a regular file.
    fn check(path: &Path, interval: Duration) -> Result<Store> {
        let out = OutputPath::check(path)?;
        if !out.is_file() {
            bail!(
                "cannot keep a checkpoint in {}: it must be a regular file",
                path.display()
            );
        }
        Ok(Store { out, interval })
    }
}

impl CheckpointStore for Store {
    fn name(&self) -> String {
        self.out.shown().display().to_string()
    }

    fn open(&self) -> io::Result<Option<Box<dyn BufRead + '_>>> {
        match wurfel_files::open_regular(self.out.shown()) {
            Ok(f) => Ok(Some(Box::new(io::BufReader::with_capacity(1 << 20, f)))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn save(&self, write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
        let fail = |e: anyhow::Error| io::Error::other(format!("{e:#}"));
        let mut f = self.out.create().map_err(fail)?;
        write(&mut f)?;
        f.commit()
    }

    fn interval(&self) -> Duration {
        self.interval
    }
}
