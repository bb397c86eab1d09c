//! `wurfel snake ...` — chain puzzles (snake cubes): solve, count, list, survey.
//!
//! A thin layer over `wurfel-snake`: it resolves names and boxes, prints, and writes files.

use crate::args::{Json, Limit, Threads};
use crate::commands::render::Picture;
use crate::outln;
use crate::output::OutputPath;
use crate::report::{SnakeCountsJson, SnakeEntryJson, SnakeSolutionJson, SurveySummaryJson};
use anyhow::{bail, Context, Result};
use std::fmt::Write;
use std::path::PathBuf;
use std::time::Instant;
use wurfel_render::{Scene, View};
use wurfel_snake::{catalog, survey, Board, Counts, Folding, Problem, Pruning, Survey};

/// Arguments of `wurfel snake`.
#[derive(clap::Args, Debug)]
pub struct SnakeArgs {
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
    /// Every chain that folds into a small box, with its number of solutions (in shards:
    /// `wurfel shard plan --snake-survey BOX`).
    Survey(SurveyArgs),
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
position along the chain (1 = first cube).";

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

#[derive(clap::Args, Debug)]
struct SurveyArgs {
    /// The box: a side (`3`) or dimensions (`2x2x3`); at most 27 cells.
    #[arg(long = "box", value_name = "N|XxYxZ", default_value = "3")]
    board: String,
    /// JSON: one line per snake, then a summary line (or only the summary with --out).
    #[command(flatten)]
    json: Json,
    /// Write the snakes as JSON lines to FILE (atomically); the summary goes to standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    threads: Threads,
}

/// Runs `wurfel snake`.
pub fn run(args: SnakeArgs) -> Result<()> {
    match args.command {
        SnakeCommand::Solve(a) => solve(a),
        SnakeCommand::Count(a) => count(a),
        SnakeCommand::List(a) => list(a),
        SnakeCommand::Survey(a) => run_survey(a),
    }
}

// Reading a chain and a box is the library's (the web server reads them the same way).
pub(crate) use wurfel_snake::input::{parse_box, resolve, Named};

fn describe(n: &Named) -> String {
    let p = &n.problem;
    let c = p.chain();
    let name = n.name.map(|s| format!("{s}: ")).unwrap_or_default();
    format!(
        "{name}{} ({}), {} cubes, {} box{}",
        c,
        c.letters(),
        c.cubes(),
        p.board(),
        if c.is_palindrome() {
            ", palindrome"
        } else {
            ""
        }
    )
}

fn solve(a: SolveArgs) -> Result<()> {
    let named = resolve(&a.chain, a.board.as_deref())?;
    let picture = a.render.as_deref().map(Picture::check).transpose()?;
    let p = &named.problem;
    let limit = a
        .limit
        .get()
        .map(|l| usize::try_from(l).unwrap_or(usize::MAX));
    let t = Instant::now();
    // One more than asked for tells whether the list is complete.
    let mut sols = p.solutions(limit.map(|l| l.saturating_add(1)));
    let more = limit.is_some_and(|l| sols.len() > l);
    if let Some(l) = limit {
        sols.truncate(l);
    }
    let secs = t.elapsed().as_secs_f64();
    if a.json.json {
        for (i, f) in sols.iter().enumerate() {
            outln!(
                "{}",
                serde_json::to_string(&SnakeSolutionJson::new(p, i, f))?
            );
        }
    } else {
        print_solutions(&named, &sols, more, secs)?;
    }
    if let Some(picture) = &picture {
        if sols.is_empty() {
            bail!("no solution to draw");
        }
        let scenes: Vec<Scene> = sols
            .iter()
            .take(picture.capacity())
            .enumerate()
            .map(|(i, f)| scene(&named, f, i))
            .collect();
        picture.draw(&scenes, View::Assembled)?;
    }
    Ok(())
}

fn print_solutions(named: &Named, sols: &[Folding], more: bool, secs: f64) -> Result<()> {
    let p = &named.problem;
    outln!("{}", describe(named));
    if sols.is_empty() {
        outln!("no folding fills the box");
        if let Some(why) = p.obstacle() {
            outln!("reason: {why}");
        }
    }
    let unit = if p.chain().is_palindrome() {
        "up to rotations, reflections and reading the chain from either end"
    } else {
        "up to rotations and reflections"
    };
    for (i, f) in sols.iter().enumerate() {
        outln!();
        outln!("solution {} ({unit})", i + 1);
        outln!("moves:    {}", f.moves());
        outln!("segments: {}", f.segment_moves());
        outln!("  (R/L = +x/-x, B/F = +y/-y, U/D = +z/-z; layers top first, numbers = order along the chain)");
        outln!("{}", f.layers().trim_end_matches('\n'));
    }
    if !sols.is_empty() {
        outln!();
        if more {
            outln!(
                "more solutions exist ({secs:.3} s); --all lists all, `wurfel snake count` counts them"
            );
        } else {
            outln!("{} solution(s) in all, {secs:.3} s", sols.len());
        }
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
    let t = Instant::now();
    let (c, _) = p.count_with(Pruning::default(), a.threads.get());
    let secs = t.elapsed().as_secs_f64();
    outln!(
        "{}",
        render_count(&named, &c, secs, a.json.json)?.trim_end_matches('\n')
    );
    Ok(())
}

/// The counts of a chain as `snake count` prints them (also `shard merge` of a snake count).
pub(crate) fn render_count(named: &Named, c: &Counts, secs: f64, json: bool) -> Result<String> {
    let p = &named.problem;
    let mut out = String::new();
    if json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&SnakeCountsJson::new(p, c))?
        )?;
        return Ok(out);
    }
    let b = p.board();
    let g = b.group_size();
    let r = b.rotation_mask().count_ones();
    writeln!(out, "{}", describe(named))?;
    writeln!(
        out,
        "embeddings           {:>10}  every folding, box fixed, chain read from its first end",
        c.embeddings
    )?;
    writeln!(
        out,
        "rotations            {:>10}  up to the box's {r} rotations",
        c.rotations
    )?;
    writeln!(
        out,
        "isometries           {:>10}  up to its {g} rotations and reflections",
        c.isometries
    )?;
    if let (Some(rr), Some(ir)) = (c.rotations_reversal, c.isometries_reversal) {
        writeln!(
            out,
            "rotations_reversal   {rr:>10}  up to rotations and reading the chain from either end"
        )?;
        writeln!(
            out,
            "isometries_reversal  {ir:>10}  up to isometries and reading from either end"
        )?;
    }
    writeln!(
        out,
        "solutions            {:>10}  physically different foldings",
        c.solutions()
    )?;
    if c.embeddings == 0 {
        if let Some(why) = p.obstacle() {
            writeln!(out, "reason: {why}")?;
        }
    }
    writeln!(out, "time                 {secs:>10.3} s")?;
    Ok(out)
}

fn list(a: ListArgs) -> Result<()> {
    if !a.json.json {
        outln!(
            "{:<10} {:<6} {:>6} {:>10} {:>9} {:>10}  {:<9}  chain",
            "id",
            "box",
            "cubes",
            "embeddings",
            "rotations",
            "isometries",
            "published"
        );
    }
    for e in catalog::CATALOG {
        let p = Problem::auto(e.chain(), Some(e.side))?;
        let (c, _) = p.count_with(Pruning::default(), a.threads.get());
        let published = e.published.map(|(em, r, i)| format!("{em}/{r}/{i}"));
        if a.json.json {
            let entry = SnakeEntryJson::new(e, &p, &c);
            outln!("{}", serde_json::to_string(&entry)?);
        } else {
            outln!(
                "{:<10} {:<6} {:>6} {:>10} {:>9} {:>10}  {:<9}  {}",
                e.id,
                p.board().to_string(),
                p.chain().cubes(),
                c.embeddings,
                c.rotations,
                c.isometries,
                published.as_deref().unwrap_or("-"),
                e.segments
            );
        }
    }
    if !a.json.json {
        outln!("(counts computed now; published = embeddings/rotations/isometries from the literature)");
    }
    Ok(())
}

/// Largest box the survey accepts: 3x3x3 has about 10^5 path classes; the next sizes up have
/// astronomically many Hamiltonian paths.
const SURVEY_MAX_CELLS: usize = 27;

fn run_survey(a: SurveyArgs) -> Result<()> {
    let board = parse_box(&a.board)?;
    let out = a.out.as_deref().map(OutputPath::check).transpose()?;
    check_survey_box(&board)?;
    let t = Instant::now();
    let s = survey(&board, a.threads.get());
    let secs = t.elapsed().as_secs_f64();
    if let Some(out) = &out {
        let mut w = out.create()?;
        for e in &s.entries {
            std::io::Write::write_fmt(&mut w, format_args!("{}\n", serde_json::to_string(e)?))
                .with_context(|| format!("cannot write {}", out.shown().display()))?;
        }
        w.commit()?;
    }
    let text = render_survey(&s, secs, a.json.json, out.is_none())?;
    outln!("{}", text.trim_end_matches('\n'));
    if let Some(out) = &out {
        crate::note!("snakes written to {}", out.shown().display());
    }
    Ok(())
}

/// Checks that a survey of `board` is within reach.
pub(crate) fn check_survey_box(board: &Board) -> Result<()> {
    if board.cells() > SURVEY_MAX_CELLS {
        bail!(
            "a survey of the {} box is out of reach: it enumerates every Hamiltonian path, and \
             boxes above {SURVEY_MAX_CELLS} cells have far too many (4x4x4 has about 2.8e16)",
            board
        );
    }
    if board.cells() < 2 {
        bail!("a chain needs at least 2 cubes, so the box needs at least 2 cells");
    }
    Ok(())
}

/// A survey as `snake survey` prints it (also `shard merge` of a survey); with `entries`, the
/// JSON output lists every snake before the summary.
pub(crate) fn render_survey(s: &Survey, secs: f64, json: bool, entries: bool) -> Result<String> {
    let mut out = String::new();
    if json {
        if entries {
            for e in &s.entries {
                writeln!(out, "{}", serde_json::to_string(e)?)?;
            }
        }
        writeln!(
            out,
            "{}",
            serde_json::to_string(&SurveySummaryJson { summary: s })?
        )?;
        return Ok(out);
    }
    writeln!(out, "survey of the {} box ({secs:.3} s)", s.board)?;
    writeln!(
        out,
        "snakes (chain = its reverse) {:>10}  ({} palindromes)",
        s.snakes, s.palindromes
    )?;
    writeln!(
        out,
        "solutions in total           {:>10}  (up to isometries and reversal)",
        s.solutions
    )?;
    writeln!(out, "snakes with one solution     {:>10}", s.unique)?;
    writeln!(out, "most solutions of one snake  {:>10}", s.max_solutions)?;
    for e in s
        .entries
        .iter()
        .filter(|e| e.solutions == s.max_solutions)
        .take(3)
    {
        writeln!(out, "    {}  ({})", e.chain, e.letters)?;
    }
    writeln!(
        out,
        "directed Hamiltonian paths   {:>10}  (box fixed; {} classes under isometries)",
        s.directed_paths, s.path_classes
    )?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
