//! `wurfel count --method frontier|auto`: counting by dynamic programming over the boundary
//! between the filled and the empty part (`wurfel_pack::frontier`), printed as `count` prints.

use crate::exit::Stop;
use crate::output::{fmt_int, OutputPath};
use crate::present::count::{write_count, write_header};
use crate::report::{ExactInt, FrontierCountJson, FrontierJson, FrontierRunJson, PublishedJson};
use crate::{note, outln, progress};
use anyhow::{bail, Context, Result};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use wurfel_pack::frontier::{
    self, auto, FrontierError, FrontierOptions, FrontierReport, Resume, Snapshot,
};
use wurfel_pack::{Convention, Prepared};

/// How `count` runs the frontier method: output, threads, statistics and checkpoint.
pub struct How<'a> {
    pub json: bool,
    pub threads: usize,
    /// The `--max-memory` budget: the frontier counter stops with an error rather than let its
    /// boundary states take more.
    pub max_bytes: usize,
    pub stats: bool,
    /// The checkpoint file (as given, and checked as an output).
    pub checkpoint: Option<(&'a Path, &'a OutputPath)>,
    /// Least time between two checkpoint saves.
    pub interval: Duration,
}

/// How `count` counts.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Backtracking search (resumable, shardable, any puzzle).
    Search,
    /// Dynamic programming over the filled/empty boundary: long boxes and many identical
    /// pieces, counts of any size.
    Frontier,
    /// The frontier method when its estimated work is far below the search's.
    Auto,
}

/// `--method` (the boundary states are held to the global `--max-memory`).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct MethodArgs {
    /// How to count: `search` (backtracking), `frontier` (dynamic programming over the
    /// boundary between the filled and the empty part along the longest axis: its work grows
    /// with the number of boundary states, not of solutions) or `auto` (the frontier method
    /// when its estimated work is far below the search's; says which on standard error).
    #[arg(long, value_enum, default_value_t = Method::Search)]
    method: Method,
    /// With --method frontier: step a whole layer at a time, keeping boundary states only
    /// between layers, one per orbit under the cross-section's symmetries: far less memory
    /// and time on wide boxes of one kind of piece (T-tetracubes in 4x4x7: 5 times faster),
    /// slower on compact puzzles of many kinds; the same counts. See docs/FRONTIER.md.
    #[arg(long)]
    layers: bool,
    /// With --layers: count the table after the middle layer boundary (or after the
    /// checkpoint's boundary, when resuming from a later one) in N slices by a hash of the
    /// state, one after the other: memory holds one slice, the layer into it is stepped N
    /// times.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256), requires = "layers")]
    slices: u16,
}

impl MethodArgs {
    /// Refuses what only the search does, before any work.
    pub fn check(&self, checkpoint: bool, disassemble: bool) -> Result<()> {
        if self.layers && self.method != Method::Frontier {
            bail!("--layers is an option of --method frontier");
        }
        if self.method == Method::Search {
            return Ok(());
        }
        if self.method == Method::Auto && checkpoint {
            bail!(
                "--method auto cannot be combined with --checkpoint: the two methods keep \
                 different checkpoints (choose --method frontier or --method search)"
            );
        }
        if disassemble {
            bail!(
                "--method {} cannot be combined with {}: only the search does that \
                 (use --method search)",
                if self.method == Method::Auto {
                    "auto"
                } else {
                    "frontier"
                },
                "--disassemble"
            );
        }
        Ok(())
    }
}

/// Counts `prep` with the frontier method and prints the result, when `--method` asks for it
/// (`auto`: when it chooses it). False when the search is to count instead.
pub fn count(prep: &Prepared, args: &MethodArgs, how: &How<'_>) -> Result<bool> {
    let start = Instant::now();
    let cancel = progress::cancellation();
    let reason = match args.method {
        Method::Search => return Ok(false),
        Method::Frontier => None,
        Method::Auto => {
            let spinner = progress::spinner(true);
            spinner.set_message("auto: estimating the work of both methods");
            let choice = auto::choose(prep, how.max_bytes, how.threads, Some(cancel));
            spinner.finish_and_clear();
            let choice = match choice {
                Ok(c) => c,
                Err(FrontierError::Cancelled) => return Err(Stop::Interrupted.into()),
                Err(e) => return Err(e.into()),
            };
            note!("method: {}", choice.explain());
            if !choice.frontier {
                return Ok(false);
            }
            Some(choice.explain())
        }
    };
    let report = run(prep, args, how, cancel)?;
    let seconds = start.elapsed().as_secs_f64();
    let text = if how.json {
        render_json(prep, &report, reason, seconds, how.threads)?
    } else {
        render_text(prep, &report, seconds, how.threads)?
    };
    outln!("{}", text.trim_end_matches('\n'));
    if how.stats {
        print_stats(&report);
    }
    Ok(true)
}

/// `--stats`: every run's statistics, on standard error.
fn print_stats(r: &FrontierReport) {
    for (i, x) in r.runs.iter().enumerate() {
        let layers: Vec<String> = x.layer_states.iter().map(|&n| fmt_int(n as u64)).collect();
        note!(
            "run {}/{} ({}): {} fixed; {}",
            i + 1,
            r.runs.len(),
            x.symmetry,
            x.fixed,
            match x.same_as {
                Some(j) => format!("the same count as run {}", j + 1),
                None => format!(
                    "{} items, {}-bit states, {} transitions, {} states at most (≈ {:.1} MiB); \
                     states after each layer: {}",
                    fmt_int(x.items as u64),
                    x.state_bits,
                    fmt_int(x.transitions),
                    fmt_int(x.peak_states as u64),
                    x.peak_bytes as f64 / f64::from(1u32 << 20),
                    layers.join(", ")
                ),
            }
        );
    }
}

/// The frontier counter with a progress bar; an interruption ends the command (there are no
/// partial counts: every solution is counted at the last cell).
fn run(
    prep: &Prepared,
    args: &MethodArgs,
    how: &How<'_>,
    cancel: &std::sync::atomic::AtomicBool,
) -> Result<FrontierReport> {
    let mode = FrontierOptions {
        layers: args.layers,
        canonical: args.layers,
        slices: usize::from(args.slices),
        ..Default::default()
    };
    let resume = match how.checkpoint {
        Some((path, _)) => load(prep, &mode, path)?,
        None => None,
    };
    let fingerprint = frontier::fingerprint(prep, &mode).map_err(anyhow::Error::msg)?;
    // The last save: when, and which run and cell it holds.
    let started = Instant::now();
    let last: Mutex<(Instant, Option<Saved>)> = Mutex::new((started, None));
    let save = |s: &Snapshot<'_>| -> Result<(), String> {
        let Some((_, out)) = how.checkpoint else {
            return Ok(());
        };
        let mut last = last.lock().expect("not poisoned");
        let end = s.position() == s.positions();
        if last.1.is_some() && !end && last.0.elapsed() < how.interval {
            return Ok(());
        }
        let write = || -> Result<()> {
            let mut f = out.create()?;
            s.write(&prep.puzzle.id, &fingerprint, &mut f)
                .with_context(|| format!("cannot write {}", out.shown().display()))?;
            f.commit()
        };
        write().map_err(|e| format!("{e:#}"))?;
        if s.position() > 0 {
            // A line per save: where a long count is, even without a terminal.
            note!(
                "checkpoint: run {}, cell {} of {}, {} boundary states ({:.0} s)",
                s.run() + 1,
                s.position(),
                s.positions(),
                fmt_int(s.states() as u64),
                started.elapsed().as_secs_f64()
            );
        }
        *last = (Instant::now(), Some((s.run(), s.position(), s.positions())));
        Ok(())
    };
    let bar = progress::spinner(true);
    let tick = |p: &frontier::FrontierProgress| {
        bar.set_message(progress_line(p));
    };
    let opts = FrontierOptions {
        max_bytes: how.max_bytes,
        cancel: Some(cancel),
        progress: Some(&tick),
        threads: how.threads,
        checkpoint: how.checkpoint.map(|_| &save as _),
        ..mode
    };
    let result = frontier::count_from(prep, &opts, resume);
    bar.finish_and_clear();
    match result {
        Ok(r) => Ok(r),
        Err(FrontierError::Cancelled) => {
            let saved = last.lock().expect("not poisoned").1;
            match (how.checkpoint, saved) {
                (Some((path, _)), Some((run, cell, cells))) => note!(
                    "interrupted: no partial counts (each solution is counted at the last \
                     cell); progress saved to {} (run {}, cell {cell} of {cells}): run the same \
                     command again to resume",
                    path.display(),
                    run + 1
                ),
                _ => note!("interrupted: the frontier method has no partial counts"),
            }
            Err(Stop::Interrupted.into())
        }
        Err(e) => Err(e.into()),
    }
}

/// Where the last checkpoint saved is: run, cell, cells.
type Saved = (usize, usize, usize);

/// The checkpoint at `path`, if there is one, checked against `prep`.
fn load(prep: &Prepared, mode: &FrontierOptions<'_>, path: &Path) -> Result<Option<Resume>> {
    let shown = path.display();
    let file = match wurfel_files::open_regular(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e).with_context(|| format!("cannot read checkpoint {shown}")),
    };
    let mut reader = std::io::BufReader::with_capacity(1 << 20, file);
    let r = frontier::read_checkpoint(prep, mode, &mut reader).map_err(|e| {
        anyhow::anyhow!("checkpoint {shown} refused (remove it to count from the start): {e}")
    })?;
    note!(
        "resuming from {shown}: run {}, cell {} of {}, {} boundary states",
        r.run() + 1,
        r.position(),
        r.positions(),
        fmt_int(r.states() as u64)
    );
    Ok(Some(r))
}

/// The three counts, in print order.
fn counts(r: &FrontierReport) -> [String; 3] {
    Convention::ALL.map(|c| r.get(c).map_or_else(String::new, |n| n.to_string()))
}

/// What `count --method frontier` prints, for `r` counted in `seconds` on `threads`.
pub fn render_text(
    prep: &Prepared,
    r: &FrontierReport,
    seconds: f64,
    threads: usize,
) -> Result<String> {
    let mut out = String::new();
    write_header(&mut out, prep)?;
    for (c, digits) in Convention::ALL.into_iter().zip(counts(r)) {
        write_count(
            &mut out,
            prep,
            c,
            &digits,
            |x| x.to_string() == digits,
            true,
        )?;
    }
    let raw = &r.runs[0];
    writeln!(
        out,
        "frontier method: {} boundary states at most (≈ {:.1} MiB), {}-cell window, {}; \
         {} runs ({} for the classes, {} of them shared with a symmetric one)",
        fmt_int(r.peak_states() as u64),
        r.peak_bytes() as f64 / f64::from(1u32 << 20),
        raw.window,
        raw.order,
        r.runs.len(),
        r.runs.len() - 1,
        r.runs.iter().filter(|x| x.same_as.is_some()).count()
    )?;
    writeln!(
        out,
        "counted in {seconds:.2} s with {threads} thread{}",
        if threads == 1 { "" } else { "s" }
    )?;
    Ok(out)
}

/// What `count --method frontier --json` prints (`auto`: why `--method auto` chose it).
pub fn render_json(
    prep: &Prepared,
    r: &FrontierReport,
    auto: Option<String>,
    seconds: f64,
    threads: usize,
) -> Result<String> {
    let p = &prep.puzzle;
    let [raw, rotations, rotations_reflections] = counts(r);
    let report = FrontierCountJson {
        puzzle: &p.id,
        name: &p.name,
        published: p
            .published
            .iter()
            .map(|x| PublishedJson {
                convention: x.convention.key(),
                count: x.count,
                source: &x.source,
                matches: Some(r.get(x.convention).is_some_and(|n| *n == x.count.into())),
            })
            .collect(),
        raw: ExactInt(raw),
        rotations: ExactInt(rotations),
        rotations_reflections: ExactInt(rotations_reflections),
        complete: true,
        seconds,
        threads,
        target_rotations: prep.symmetry.rotations.len(),
        target_reflections: prep.symmetry.target_reflections,
        mirror_closed: prep.symmetry.mirror_closed,
        method: "frontier",
        by_method: FrontierJson {
            auto,
            peak_states: r.peak_states(),
            peak_bytes: r.peak_bytes(),
            runs: r.runs.iter().map(FrontierRunJson::from).collect(),
        },
    };
    Ok(format!("{}\n", serde_json::to_string(&report)?))
}

/// The spinner's line for a frontier count's progress (`count` and a frontier shard).
pub(crate) fn progress_line(p: &frontier::FrontierProgress) -> String {
    format!(
        "frontier run {}/{}: cell {}/{}, {} boundary states",
        p.run + 1,
        p.runs,
        p.position,
        p.positions,
        fmt_int(p.states as u64)
    )
}
