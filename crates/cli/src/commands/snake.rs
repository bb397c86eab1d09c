//! `wurfel snake ...` — chain puzzles (snake cubes): solve, count, list, survey.
//!
//! A thin layer over `wurfel-snake`: it resolves names and boxes, prints, and writes files.

use crate::args::{Json, Limit};
use crate::commands::render::Picture;
use crate::exit::Stop;
use crate::hiargs::context;
use crate::hiargs::Threads;
use crate::present::snake::render_count;
use crate::progress::{self, Reporter};
use crate::report::SnakeSolutionJson;
use crate::{note, outln};
use anyhow::{bail, Result};
use std::ops::ControlFlow;
use std::path::PathBuf;
use wurfel_app::snake::Listed;
use wurfel_app::Silent;
use wurfel_present::text::snake as text;
use wurfel_render::{Scene, View};
use wurfel_snake::{catalog, Folding};

/// Arguments of `wurfel snake`.
#[derive(clap::Args, Debug)]
pub(crate) struct SnakeArgs {
    #[command(subcommand)]
    command: SnakeCommand,
}

#[derive(clap::Subcommand, Debug)]
enum SnakeCommand {
    /// Fold a chain into its box and print the solution(s) as moves and layers.
    #[command(after_help = SOLVE_NOTES)]
    Solve(SolveArgs),
    /// Count the foldings of a chain under every convention.
    #[command(after_help = COUNT_NOTES)]
    Count(CountArgs),
    /// The built-in chains with their counts (computed now, and published where known).
    List(ListArgs),
    /// Every chain that folds into a small box, one line each with its number of solutions,
    /// then a summary (in shards: `wurfel shard plan --snake-survey BOX`).
    Survey(super::snake_survey::SurveyArgs),
}

/// Conventions of `count`, shown in its `--help`.
const COUNT_NOTES: &str = "Counts (also the --json keys):
  embeddings           every folding with the box held fixed, chain read from its first end
  rotations            classes under the box's rotations (24 for a cube)
  isometries           classes under rotations and reflections (48 for a cube)
  rotations_reversal   palindromic chains only: classes under rotations when the chain may
  isometries_reversal  be read from either end (both readings are the same physical snake)
  solutions            physically different foldings: isometries_reversal for a palindrome,
                       isometries otherwise
All are exact orbit counts (stabilizers, Burnside), not divisions of `embeddings`.
Too big for one machine? `wurfel shard plan --snake CHAIN --shards N --dir D` cuts the count
into shards for Slurm, GNU parallel or Kubernetes; `wurfel shard merge D` prints this output.";

/// Output notes of `solve`, shown in its `--help`.
const SOLVE_NOTES: &str =
    "Solutions are listed one per physically different folding (up to rotations, \
reflections and, for palindromes, reading direction), each in its least position.
Moves, with z up as everywhere in wurfel: R/L = +x/-x, B/F = +y/-y (back = away from the \
viewer), U/D = +z/-z. `moves` has one letter per step, `segments` one letter and step count per \
segment. Layers are printed top layer first, rows y = max at the top; each cell shows its \
position along the chain (1 = first cube).
Each solution is printed as it is found. Exit code 3: no folding exists; Ctrl-C prints how many \
were listed and exits with 130.";

/// How to write a chain, shown in `--help`.
const CHAIN_HELP: &str = "A built-in snake (see `wurfel snake list`), segment lengths whose end \
cubes overlap (`3,2,2,3,...`; cubes = sum - segments + 1), or one letter per cube \
(E end, S straight, C corner: `ESCCCS...`)";

#[derive(clap::Args, Debug)]
struct SolveArgs {
    #[arg(help = CHAIN_HELP)]
    chain: String,
    /// The box: a side (`3`) or dimensions (`2x2x3`); default from the cube count.
    #[arg(long = "box", value_name = "N|XxYxZ")]
    board: Option<String>,
    #[command(flatten)]
    limit: Limit,
    #[command(flatten)]
    json: Json,
    /// Draw the solutions: .svg or .png (first solution) or .html (all, interactive).
    #[arg(long, value_name = "FILE")]
    render: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
struct CountArgs {
    #[arg(help = CHAIN_HELP)]
    chain: String,
    /// The box: a side (`3`) or dimensions (`2x2x3`); default from the cube count.
    #[arg(long = "box", value_name = "N|XxYxZ")]
    board: Option<String>,
    #[command(flatten)]
    json: Json,
    #[command(flatten)]
    threads: Threads,
}

#[derive(clap::Args, Debug)]
struct ListArgs {
    #[command(flatten)]
    json: Json,
    #[command(flatten)]
    threads: Threads,
}

/// Runs `wurfel snake`.
pub(crate) fn run(args: SnakeArgs) -> Result<()> {
    match args.command {
        SnakeCommand::Solve(a) => solve(a),
        SnakeCommand::Count(a) => count(a),
        SnakeCommand::List(a) => list(a),
        SnakeCommand::Survey(a) => super::snake_survey::run(a),
    }
}

// Reading a chain and a box is the library's (the web server reads them the same way).
pub(crate) use wurfel_snake::input::{resolve, Named};

fn solve(a: SolveArgs) -> Result<()> {
    let named = resolve(&a.chain, a.board.as_deref())?;
    let picture = a.render.as_deref().map(Picture::check).transpose()?;
    let p = &named.problem;
    let limit = a
        .limit
        .get()
        .map(|l| usize::try_from(l).unwrap_or(usize::MAX));
    if !a.json.json {
        outln!("{}", text::describe(&named));
    }
    // Each folding is printed as it is found and dropped (a few kept for the picture), so a
    // listing of millions runs in the memory of one.
    let mut listing = SnakeListing {
        named: &named,
        json: a.json.json,
        found: 0,
        keep: picture.as_ref().map_or(0, Picture::capacity),
        kept: Vec::new(),
        error: None,
    };
    progress::cancellation();
    let listed = wurfel_app::snake::solve(&context(1, &Silent), p, limit, |f| listing.emit(f))?;
    let SnakeListing { kept, error, .. } = listing;
    if let Some(e) = error {
        return Err(e);
    }
    let found = listed.found;
    let interrupted = listed.interrupted;
    snake_summary(&named, &listed, a.json.json)?;
    if let Some(picture) = &picture {
        if kept.is_empty() {
            bail!("no solution to draw");
        }
        let scenes: Vec<Scene> = kept
            .iter()
            .enumerate()
            .map(|(i, f)| scene(&named, f, i))
            .collect();
        picture.draw_of(&scenes, View::Assembled, found as u64)?;
    }
    if interrupted {
        return Err(Stop::Interrupted.into());
    }
    if found == 0 {
        return Err(Stop::NoSolution.into());
    }
    Ok(())
}

/// Foldings on their way out: printed as found, a few kept for the picture.
struct SnakeListing<'a> {
    named: &'a Named,
    json: bool,
    found: usize,
    keep: usize,
    kept: Vec<Folding>,
    error: Option<anyhow::Error>,
}

impl SnakeListing<'_> {
    fn emit(&mut self, f: Folding) -> ControlFlow<()> {
        self.found += 1;
        if let Err(e) = self.print(&f) {
            self.error = Some(e);
            return ControlFlow::Break(());
        }
        if self.kept.len() < self.keep {
            self.kept.push(f);
        }
        ControlFlow::Continue(())
    }

    fn print(&self, f: &Folding) -> Result<()> {
        let p = &self.named.problem;
        if self.json {
            let line = SnakeSolutionJson {
                chain: p.chain().to_string(),
                board: p.board().to_string(),
                solution: self.found,
                moves: f.moves(),
                segments: f.segment_moves(),
                cells: f.cells(),
            };
            outln!("{}", serde_json::to_string(&line)?);
            return Ok(());
        }
        outln!("{}", text::folding(self.named, f, self.found));
        Ok(())
    }
}

/// The last lines of `snake solve`: how many, whether that is all; on standard output as text,
/// on standard error beside JSON lines (which hold solutions only).
fn snake_summary(named: &Named, listed: &Listed, json: bool) -> Result<()> {
    let found = listed.found;
    let lines = text::listed(
        named,
        found,
        listed.seconds,
        listed.more,
        listed.interrupted,
    );
    if json {
        for l in lines {
            note!("{l}");
        }
        return Ok(());
    }
    if found > 0 {
        outln!();
    }
    for l in lines {
        outln!("{l}");
    }
    Ok(())
}

/// A picture of one folding (the presentation layer's, as the web app shows it).
fn scene(named: &Named, f: &Folding, index: usize) -> Scene {
    wurfel_present::scene::snake_scene(named.name, &named.problem, f, index)
}

fn count(a: CountArgs) -> Result<()> {
    let named = resolve(&a.chain, a.board.as_deref())?;
    let p = &named.problem;
    let reporter = Reporter::new(true);
    progress::cancellation();
    let ctx = context(crate::hiargs::threads(a.threads), &reporter);
    let counted = wurfel_app::snake::count(&ctx, p)?;
    drop(reporter);
    let (c, complete) = (counted.counts, counted.complete);
    outln!(
        "{}",
        render_count(&named, &c, counted.seconds, a.json.json, complete)?.trim_end_matches('\n')
    );
    if !complete {
        return Err(Stop::Interrupted.into());
    }
    Ok(())
}

/// `wurfel snake list`: every built-in snake counted now (`wurfel_app::snake::catalog`).
/// Ctrl-C stops the count in hand: the rows printed so far stand (each whole), the interrupted
/// snake is left out, and the exit code is 130.
fn list(a: ListArgs) -> Result<()> {
    if !a.json.json {
        outln!("{}", text::catalog_header());
    }
    progress::cancellation();
    let ctx = context(crate::hiargs::threads(a.threads), &Silent);
    let mut failed = None;
    let done = wurfel_app::snake::catalog(&ctx, |row| match list_row(&row, a.json.json) {
        Ok(()) => ControlFlow::Continue(()),
        Err(e) => {
            failed = Some(e);
            ControlFlow::Break(())
        }
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    if done < catalog::CATALOG.len() {
        note!(
            "interrupted: {done} of {} snakes counted; `{}` was being counted and is left out",
            catalog::CATALOG.len(),
            catalog::CATALOG[done].id
        );
        return Err(Stop::Interrupted.into());
    }
    if !a.json.json {
        outln!("(counts computed now; published = embeddings/rotations/isometries from the literature)");
    }
    Ok(())
}

/// One row of `snake list`, text or JSON.
fn list_row(row: &wurfel_app::snake::CatalogRow, json: bool) -> Result<()> {
    if json {
        outln!("{}", serde_json::to_string(&row.to_json())?);
        return Ok(());
    }
    outln!(
        "{}",
        text::catalog_row(row.entry, &row.problem, &row.counts)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // Reading chains and boxes is tested where it lives, in `wurfel_snake::input`.

    #[test]
    fn scene_pieces_partition_the_box() {
        let named = resolve("standard", None).unwrap();
        let f = named.problem.solutions(Some(1)).remove(0);
        let scene = scene(&named, &f, 0);
        assert_eq!(scene.pieces.len(), 17);
        let mut cells: Vec<[i32; 3]> = scene.pieces.iter().flat_map(|p| p.cells.clone()).collect();
        assert_eq!(cells.len(), 27);
        cells.sort();
        cells.dedup();
        assert_eq!(cells.len(), 27);
        assert_eq!(scene.path.as_deref(), Some(f.cells()));
        // Piece k holds the cubes of segment k after its shared first cube.
        assert_eq!(scene.pieces[0].cells.len(), 3);
        assert_eq!(scene.pieces[1].cells.len(), 1);
    }
}
