//! `wurfel solve`: the first solution, the first N, or all of them, as text or JSON lines.

use crate::args::{Disassemble, Json, Limit, PuzzleArg, ViewArg};
use crate::commands::pack::parse_convention;
use crate::commands::print::{PrintArgs, SolutionExport};
use crate::commands::render::{self, solution_scene, Picture, StepsPicture};
use crate::exit::Stop;
use crate::hiargs::Packing;
use crate::hiargs::Threads;
use crate::note;
use crate::output::{fmt_int, OutputFile, OutputPath};
use crate::progress::{self, Reporter};
use crate::report::SolutionJson;
use anyhow::{Context, Result};
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;
use wurfel_app::picture::solution_scenes;
use wurfel_pack::disassembly::Separation;
use wurfel_pack::{Convention, Listed, Prepared};
use wurfel_present::text::pack as text;

/// Arguments of `wurfel solve`.
#[derive(clap::Args, Debug)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    source: PuzzleArg,
    #[command(flatten)]
    limit: Limit,
    /// Which solutions count as distinct: raw, rotations or rotations_reflections.
    #[arg(long, default_value = "rotations", value_parser = parse_convention)]
    distinct: Convention,
    #[command(flatten)]
    json: Json,
    #[command(flatten)]
    disassemble: Disassemble,
    /// With --disassemble: print the moves that take each solution apart.
    #[arg(long, requires = "disassemble")]
    plan: bool,
    /// Write the solutions to FILE (atomically: the whole list or nothing; an interrupted run
    /// leaves FILE untouched and writes FILE.partial) instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    threads: Threads,
    /// Draw the solution(s) to a picture: .svg, .png or .html (interactive viewer).
    #[arg(long, value_name = "FILE")]
    render: Option<PathBuf>,
    /// Write the first solution, assembled, as a printable mesh: .3mf (one coloured object per
    /// piece) or .stl; see --unit, --gap, --bevel.
    #[arg(long, value_name = "FILE")]
    export: Option<PathBuf>,
    #[command(flatten)]
    print: PrintArgs,
    /// Draw how to build the first solution, one piece added per panel (.svg or .png): the
    /// reversed disassembly with --disassemble, else bottom up, each piece lowered from above
    /// or slid in where it can be.
    #[arg(long, value_name = "FILE")]
    steps: Option<PathBuf>,
    /// What to draw with --render.
    #[arg(long, value_enum, default_value_t = ViewArg::Assembled)]
    view: ViewArg,
    /// Print search statistics.
    #[arg(long)]
    stats: bool,
}

/// Solutions on their way out: written as found, a few kept for the picture.
struct Listing<'a> {
    prep: &'a Prepared,
    json: bool,
    plan: bool,
    sink: OutputFile,
    found: u64,
    keep: usize,
    kept: Vec<Listed>,
    error: Option<std::io::Error>,
}

impl Listing<'_> {
    fn emit(&mut self, s: Vec<u32>, sep: Option<Separation>) -> ControlFlow<()> {
        self.found += 1;
        let written = if self.json {
            let j = SolutionJson::new(self.prep, &s).with_separation(sep.as_ref(), self.plan);
            serde_json::to_string(&j)
                .map_err(std::io::Error::from)
                .and_then(|line| writeln!(self.sink, "{line}"))
        } else {
            let text = text::solution(self.prep, self.found, &s, sep.as_ref(), self.plan);
            writeln!(self.sink, "{text}")
        };
        if self.kept.len() < self.keep {
            self.kept.push((s, sep));
        }
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }
}

/// What `solve`'s flags ask of the application layer.
fn request(args: &SolveArgs, disassemble: bool) -> wurfel_app::solve::SolveRequest {
    wurfel_app::solve::SolveRequest {
        distinct: args.distinct,
        disassemble,
        limit: args
            .limit
            .get()
            .map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
    }
}

/// Refuses, before the search, the output the puzzle's grid cannot have: assembly steps
/// (`steps`).
fn check_grid(grid: wurfel_pack::grid::Grid, steps: bool) -> Result<()> {
    if steps {
        grid.check_steps()
            .map_err(|e| anyhow::anyhow!("{e} (--steps)"))?;
    }
    Ok(())
}

/// `wurfel solve`.
pub(crate) fn solve(args: SolveArgs) -> Result<()> {
    let run =
        Packing::new(&args.source, args.threads, args.json)?.with_disassemble(args.disassemble);
    // Every output is checked before the search: a bad path must not cost one.
    let out = match &args.out {
        Some(p) => OutputPath::check(p)?,
        None => OutputPath::stdout(),
    };
    let picture = args.render.as_deref().map(Picture::check).transpose()?;
    let export = args
        .export
        .as_deref()
        .map(|p| SolutionExport::check(p, &args.print))
        .transpose()?;
    let steps = args.steps.as_deref().map(StepsPicture::check).transpose()?;
    let prep = run.prepare()?;
    check_grid(prep.puzzle.grid, steps.is_some())?;
    let mut listing = Listing {
        prep: &prep,
        json: run.json,
        plan: args.plan,
        sink: out.create()?,
        found: 0,
        keep: picture
            .as_ref()
            .map_or(0, Picture::capacity)
            .max(usize::from(export.is_some() || steps.is_some())),
        kept: Vec::new(),
        error: None,
    };
    let start = Instant::now();
    let request = request(&args, run.disassemble);
    let reporter = Reporter::new(request.limit != Some(1));
    progress::cancellation();
    let solved = wurfel_app::solve::solve(&run.context(&reporter), &prep, &request, |s, sep| {
        listing.emit(s, sep)
    })?;
    drop(reporter);
    let (report, stats) = (solved.report, solved.stats);
    let Listing {
        sink,
        found,
        kept,
        error,
        ..
    } = listing;
    if let Some(e) = error {
        return Err(e).with_context(|| format!("cannot write {}", out.shown().display()));
    }
    let interrupted = progress::interrupted();
    if interrupted {
        if let Some(partial) = sink.commit_partial()? {
            note!(
                "{} left untouched; the {} solution(s) found so far are in {}",
                out.shown().display(),
                fmt_int(found),
                partial.display()
            );
        }
    } else {
        sink.commit()?;
    }
    let listing = text::Listing {
        distinct: args.distinct,
        disassemble: run.disassemble,
        found,
        complete: report.complete,
        limit: args.limit.get(),
        elapsed: start.elapsed(),
        interrupted,
    };
    note!("{}", text::listing(&prep.puzzle.name, &listing));
    if args.stats {
        for line in wurfel_present::text::count::search_stats(&prep, &stats) {
            note!("{line}");
        }
    }
    draw_kept(
        &prep,
        args.view,
        &Drawings {
            picture,
            export,
            steps,
        },
        &kept,
        found,
    )?;
    if interrupted {
        return Err(Stop::Interrupted.into());
    }
    if found == 0 && report.complete {
        return Err(Stop::NoSolution.into());
    }
    Ok(())
}

/// The pictures, mesh and steps asked for, of the solutions `solve` kept.
struct Drawings {
    picture: Option<Picture>,
    export: Option<SolutionExport>,
    steps: Option<StepsPicture>,
}

/// Draws `d` from the `kept` solutions (of `found` in all), each with the separation the
/// listing handed out under `--disassemble` (none is taken apart again).
fn draw_kept(
    prep: &Prepared,
    view: ViewArg,
    d: &Drawings,
    kept: &[Listed],
    found: u64,
) -> Result<()> {
    if let (Some(picture), false) = (&d.picture, kept.is_empty()) {
        picture.draw_of(&solution_scenes(prep, kept), render::view(view), found)?;
    }
    if let (Some(export), Some((first, _))) = (&d.export, kept.first()) {
        export.write(&solution_scene(prep, first, 0))?;
    }
    if let (Some(steps), Some((first, sep))) = (&d.steps, kept.first()) {
        steps.draw(prep, first, sep.as_ref())?;
    }
    Ok(())
}
