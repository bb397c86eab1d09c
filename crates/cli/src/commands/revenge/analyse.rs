//! `wurfel revenge analyse`: the flags read into a [`wurfel_app::revenge::analyse`] request
//! (stages 1 and 4 in memory, 2, 3 and 5 resumably in a state directory), its table printed as
//! text or JSON and drawn with `--render`.

use super::args::AnalyseArgs;
use super::picture::{chart_format, write_picture};
use super::setup::cache_dir;
use crate::hiargs::threads;
use crate::outln;
use crate::present::analysis::{reduced_rows, reduced_text, rows_text};
use anyhow::Result;
use wurfel_app::revenge::analyse::{self, AnalyseRequest, Analysed};
use wurfel_revenge::analysis::Row;

pub(super) fn analyse_cmd(a: AnalyseArgs) -> Result<()> {
    let req = AnalyseRequest {
        stage: a.stage,
        variant: a.variant.clone(),
        max_depth: a.max_depth,
        state_dir: state_dir(&a),
    };
    analyse::check(&req)?;
    if req.resumable() {
        // The state is read and rewritten: no picture may replace a file in it.
        crate::inputs::state(&req.state_dir, "the analysis state directory");
        // The reduced analysis runs on rayon's global pool.
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads(a.common.threads))
            .build_global()
            .ok();
    }
    if let Some(p) = &a.render {
        chart_format(p)?;
        crate::output::OutputPath::check(p)?;
    }
    // From here a signal stops the analysis (once its setup is done), which prints the
    // distances it has.
    crate::progress::cancellation();
    let reporter = crate::progress::Reporter::new(!a.common.quiet);
    let sink: &dyn wurfel_app::Sink = if a.common.quiet {
        &wurfel_app::Silent
    } else {
        &reporter
    };
    let analysed = analyse::analyse(
        &req,
        &crate::hiargs::context(threads(a.common.threads), sink),
    )?;
    drop(reporter);
    let (text, interrupted) = match analysed {
        Analysed::Table {
            rows,
            note,
            interrupted,
        } => {
            if !interrupted {
                render_rows(&a, &rows)?;
            }
            (rows_text(a.stage, &rows, a.json, &note)?, interrupted)
        }
        Analysed::Reduced {
            tallies,
            complete,
            symmetries,
            interrupted,
            seconds,
        } => {
            let how = if interrupted {
                format!(
                    "INTERRUPTED after {seconds:.1} s this run (a partial table; the state \
                     directory keeps every completed distance)"
                )
            } else {
                render_rows(&a, &reduced_rows(&tallies))?;
                format!(
                    "{seconds:.1} s this run, {} threads",
                    threads(a.common.threads)
                )
            };
            let text = reduced_text(
                a.stage,
                a.variant.as_deref(),
                symmetries,
                &tallies,
                complete,
                &how,
                a.json,
            )?;
            (text, interrupted)
        }
    };
    outln!("{text}");
    if interrupted {
        return Err(crate::exit::Stop::Interrupted.into());
    }
    Ok(())
}

/// Draws the positions per distance to `--render`, if given.
fn render_rows(a: &AnalyseArgs, rows: &[Row]) -> Result<()> {
    let Some(path) = &a.render else {
        return Ok(());
    };
    let chart = wurfel_render::chart::BarChart {
        title: format!("4x4x4 stage {}: positions per distance (STM)", a.stage),
        x_label: "distance (single-slice turns)".into(),
        y_label: "positions".into(),
        bars: rows
            .iter()
            .map(|r| (r.d.to_string(), r.positions))
            .collect(),
    };
    write_picture(
        path,
        || wurfel_render::chart::bar_chart_svg(&chart),
        || wurfel_render::chart::bar_chart_png(&chart),
    )
}

/// `--state-dir`, by default `analyse-stageN[-VARIANT]` in the cache directory.
fn state_dir(a: &AnalyseArgs) -> std::path::PathBuf {
    a.state_dir.clone().unwrap_or_else(|| {
        let v = a
            .variant
            .as_deref()
            .map_or(String::new(), |v| format!("-{v}"));
        cache_dir().join(format!("analyse-stage{}{v}", a.stage))
    })
}
