//! `wurfel count --method frontier|auto`: counting by dynamic programming over the boundary
//! between the filled and the empty part (`wurfel_pack::frontier`), printed as `count` prints.

use crate::exit::Stop;
use crate::output::fmt_int;
use crate::present::count::{write_count, write_header};
use crate::report::{ExactInt, FrontierCountJson, FrontierRunJson, PublishedJson};
use crate::{note, outln, progress};
use anyhow::{bail, Result};
use std::fmt::Write as _;
use std::time::Instant;
use wurfel_pack::frontier::{self, auto, FrontierError, FrontierOptions, FrontierReport};
use wurfel_pack::{Convention, Prepared};

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
}

impl MethodArgs {
    /// Refuses what only the search does, before any work.
    pub fn check(&self, checkpoint: bool, disassemble: bool) -> Result<()> {
        if self.method == Method::Search {
            return Ok(());
        }
        if checkpoint || disassemble {
            bail!(
                "--method {} cannot be combined with {}: only the search does that \
                 (use --method search)",
                if self.method == Method::Auto {
                    "auto"
                } else {
                    "frontier"
                },
                if checkpoint {
                    "--checkpoint"
                } else {
                    "--disassemble"
                }
            );
        }
        Ok(())
    }

    /// The global `--max-memory` budget: the frontier counter stops with an error rather than
    /// let its boundary states take more.
    fn max_bytes(&self) -> usize {
        crate::memory::limit_bytes()
            .map_or(usize::MAX, |b| usize::try_from(b).unwrap_or(usize::MAX))
    }
}

/// Counts `prep` with the frontier method and prints the result, when `--method` asks for it
/// (`auto`: when it chooses it). False when the search is to count instead.
pub fn count(prep: &Prepared, args: &MethodArgs, json: bool) -> Result<bool> {
    let start = Instant::now();
    let cancel = progress::cancellation();
    let reason = match args.method {
        Method::Search => return Ok(false),
        Method::Frontier => None,
        Method::Auto => {
            let spinner = progress::spinner(true);
            spinner.set_message("auto: estimating the work of both methods");
            let choice = auto::choose(prep, args.max_bytes(), 1, Some(cancel));
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
    let report = run(prep, args, cancel)?;
    let seconds = start.elapsed().as_secs_f64();
    let text = if json {
        render_json(prep, &report, reason, seconds)?
    } else {
        render_text(prep, &report, seconds)?
    };
    outln!("{}", text.trim_end_matches('\n'));
    Ok(true)
}

/// The frontier counter with a progress bar; an interruption ends the command (there are no
/// partial counts: every solution is counted at the last cell).
fn run(
    prep: &Prepared,
    args: &MethodArgs,
    cancel: &std::sync::atomic::AtomicBool,
) -> Result<FrontierReport> {
    let bar = progress::spinner(true);
    let tick = |p: &frontier::FrontierProgress| {
        bar.set_message(format!(
            "frontier run {}/{}: cell {}/{}, {} boundary states",
            p.run + 1,
            p.runs,
            p.position,
            p.positions,
            fmt_int(p.states as u64)
        ));
    };
    let opts = FrontierOptions {
        max_bytes: args.max_bytes(),
        cancel: Some(cancel),
        progress: Some(&tick),
        ..Default::default()
    };
    let result = frontier::count(prep, &opts);
    bar.finish_and_clear();
    match result {
        Ok(r) => Ok(r),
        Err(FrontierError::Cancelled) => {
            note!("interrupted: the frontier method has no partial counts");
            Err(Stop::Interrupted.into())
        }
        Err(e) => Err(e.into()),
    }
}

/// The three counts, in print order.
fn counts(r: &FrontierReport) -> [String; 3] {
    Convention::ALL.map(|c| r.get(c).map_or_else(String::new, |n| n.to_string()))
}

fn render_text(prep: &Prepared, r: &FrontierReport, seconds: f64) -> Result<String> {
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
    writeln!(out, "counted in {seconds:.2} s with 1 thread")?;
    Ok(out)
}

fn render_json(
    prep: &Prepared,
    r: &FrontierReport,
    auto: Option<String>,
    seconds: f64,
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
        threads: 1,
        target_rotations: prep.symmetry.rotations.len(),
        target_reflections: prep.symmetry.target_reflections,
        mirror_closed: prep.symmetry.mirror_closed,
        method: "frontier",
        auto,
        peak_states: r.peak_states(),
        peak_bytes: r.peak_bytes(),
        runs: r.runs.iter().map(FrontierRunJson::from).collect(),
    };
    Ok(format!("{}\n", serde_json::to_string(&report)?))
}
