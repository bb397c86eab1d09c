//! `wurfel snake survey`: every chain that folds into a small box, one line each, then a
//! summary (also how `shard merge` prints a sharded survey).

use crate::args::Json;
use crate::exit::Stop;
use crate::hiargs::Threads;
use crate::output::OutputPath;
use crate::present::snake::render_survey;
use crate::{outln, progress};
use anyhow::{Context, Result};
use std::path::PathBuf;
use std::time::Instant;
use wurfel_app::Silent;
use wurfel_snake::input::parse_box;

/// Arguments of `wurfel snake survey`.
#[derive(clap::Args, Debug)]
pub(crate) struct SurveyArgs {
    /// The box: a side (`3`) or dimensions (`2x2x3`); at most 27 cells.
    #[arg(long = "box", value_name = "N|XxYxZ", default_value = "3")]
    board: String,
    /// JSON: one line per snake, then a summary line (or only the summary with --out).
    #[command(flatten)]
    json: Json,
    /// Print only the summary, not the line of every snake (11,487 for 3x3x3).
    #[arg(long)]
    summary: bool,
    /// Write the snakes as JSON lines to FILE (atomically); the summary goes to standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    threads: Threads,
}

/// Runs `wurfel snake survey`.
pub(crate) fn run(a: SurveyArgs) -> Result<()> {
    let board = parse_box(&a.board)?;
    let out = a.out.as_deref().map(OutputPath::check).transpose()?;
    let t = Instant::now();
    progress::cancellation();
    let ctx = crate::hiargs::context(crate::hiargs::threads(a.threads), &Silent);
    let (s, complete) = wurfel_app::snake::survey(&ctx, &board)?;
    let secs = t.elapsed().as_secs_f64();
    if !complete {
        // A partial survey is printed (its figures are lower bounds), never written as the file.
        let text = render_survey(&s, secs, a.json.json, false, false)?;
        outln!("{}", text.trim_end_matches('\n'));
        return Err(Stop::Interrupted.into());
    }
    if let Some(out) = &out {
        let mut w = out.create()?;
        for e in &s.entries {
            std::io::Write::write_fmt(&mut w, format_args!("{}\n", serde_json::to_string(e)?))
                .with_context(|| format!("cannot write {}", out.shown().display()))?;
        }
        w.commit()?;
    }
    let entries = out.is_none() && !a.summary;
    let text = render_survey(&s, secs, a.json.json, entries, true)?;
    outln!("{}", text.trim_end_matches('\n'));
    if let Some(out) = &out {
        crate::note!("snakes written to {}", out.shown().display());
    }
    Ok(())
}
