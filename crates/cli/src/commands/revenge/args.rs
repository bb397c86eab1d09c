//! The flags of `wurfel revenge`'s subcommands, and the library options built from them once.

use crate::exit::Usage;
use crate::hiargs::Threads;
use anyhow::{bail, Result};
use wurfel_revenge::{Method, Options};

#[derive(clap::Args, Debug)]
pub(super) struct NetArgs {
    /// The picture to write: .svg or .png.
    #[arg(long, value_name = "FILE")]
    pub(super) render: std::path::PathBuf,
    /// Draw this position (96 stickers, as --facelets of `revenge solve` takes them) instead of
    /// the solved cube.
    #[arg(long, value_name = "STICKERS")]
    pub(super) facelets: Option<String>,
}

/// `--method`: one of the library's [`Method`]s, or `both` side by side (bench only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MethodArg(Option<Method>);

impl MethodArg {
    /// The method, or None for `both`.
    pub(super) fn methods(self) -> Vec<Method> {
        self.0.map_or(Method::ALL.to_vec(), |m| vec![m])
    }

    /// The one method `command` takes (it refuses `both`).
    pub(super) fn one(self, command: &str) -> Result<Method> {
        match self.0 {
            Some(m) => Ok(m),
            // A flag value this command does not take: a usage error (exit 2), as clap's own.
            None => Err(Usage(format!(
                "--method both is for bench; {command} takes five-stage or reduction"
            ))
            .into()),
        }
    }
}

/// `--method`'s parser: the methods' names (listed in `--help`) and `both`.
fn method_arg() -> impl clap::builder::TypedValueParser<Value = MethodArg> {
    use clap::builder::TypedValueParser as _;
    let names: Vec<&'static str> = Method::ALL.iter().map(|m| m.name()).collect();
    clap::builder::PossibleValuesParser::new(names.into_iter().chain(["both"]))
        .map(|s| MethodArg(s.parse().ok()))
}

#[derive(clap::Args, Debug)]
pub(super) struct Search {
    /// Solver: five-stage (Norskog's five stages, each optimal in slice turns, large tables)
    /// or reduction (centres, edge pairing, then a 3x3x3, in outer block turns, small tables);
    /// bench also takes both, side by side.
    #[arg(long, value_parser = method_arg(), default_value = "reduction")]
    pub(super) method: MethodArg,
    /// One optimal solution per stage only (Norskog's program), no search for a shorter total.
    #[arg(long)]
    pub(super) single: bool,
    /// Replaced by --effort (the five-stage budget counts work now, not milliseconds).
    #[arg(long, value_name = "MS", hide = true)]
    pub(super) budget_ms: Option<u64>,
    /// Multiply the method's work budgets by X for shorter solutions (reduction, over the
    /// bench's 100 positions: 1 gives 44.30 OBTM, 2 gives 44.11 with 1.6 times the work, 4
    /// 43.80 with 2.3 times). Work, not time, so solutions are the same on every machine.
    #[arg(long, value_name = "X", value_parser = parse_effort, conflicts_with = "single")]
    pub(super) effort: Option<f64>,
}

/// `--effort`: a positive factor up to 100.
pub(super) fn parse_effort(s: &str) -> std::result::Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 100.0 => Ok(x),
        _ => Err(format!("`{s}` is not a number above 0 and at most 100")),
    }
}

impl Search {
    /// Either method's options.
    pub(super) fn options(&self) -> Result<Options> {
        if self.budget_ms.is_some() {
            bail!(
                "--budget-ms was replaced by --effort X: the five-stage method's budget counts \
                 work now, not time, so solutions are the same on every machine"
            );
        }
        Ok(wurfel_app::revenge::options(self.single, self.effort)?)
    }
}

#[derive(clap::Args, Debug)]
pub(super) struct Common {
    #[command(flatten)]
    pub(super) threads: Threads,
    /// No progress output.
    #[arg(long)]
    pub(super) quiet: bool,
}

#[derive(clap::Args, Debug)]
pub(super) struct SolveArgs {
    /// A scramble applied to the solved cube (WCA/SiGN notation unless --slice-notation).
    #[arg(long, group = "input")]
    pub(super) scramble: Option<String>,
    /// A position as 96 stickers: faces U R F D L B, each face row by row as seen from outside
    /// (U with B at its top edge, D with F at its top edge, the side faces with U at the top;
    /// `wurfel revenge net --render net.svg` draws the order). Stickers are face letters
    /// (U R F D L B), or any six colours as letters (`WWWW...`) or names separated by spaces or
    /// commas (`white,white,...`). The WCA colours are held white up, green front; other
    /// colours in the frame that leaves the most centres in place, or as --up-front says.
    #[arg(long, group = "input", value_name = "STICKERS")]
    pub(super) facelets: Option<String>,
    /// With --facelets in colours: the colours of the up and front faces, e.g. `--up-front W,G`
    /// (the other four follow from the corners).
    #[arg(long, value_name = "UP,FRONT", requires = "facelets")]
    pub(super) up_front: Option<String>,
    /// A uniformly random position (with --seed).
    #[arg(long, group = "input")]
    pub(super) random: bool,
    /// Seed of the random position.
    #[arg(long, default_value_t = 0)]
    pub(super) seed: u64,
    /// Read lower-case letters as Norskog's single inner slices (u = the slice next to U)
    /// instead of SiGN wide turns (u = Uw).
    #[arg(long)]
    pub(super) slice_notation: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub(super) json: bool,
    /// Also explain the solution: what each phase (or stage) is for, and what it achieved on
    /// the cube (centres, paired edges, solved).
    #[arg(long, conflicts_with = "json")]
    pub(super) explain: bool,
    /// Also draw the position and the cube after each stage (or phase) as unfolded nets, to
    /// this .svg or .png file.
    #[arg(long, value_name = "FILE")]
    pub(super) render: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub(super) search: Search,
    #[command(flatten)]
    pub(super) common: Common,
}

/// `--random N` / `--count N`: 1 to 1,000,000 (no positions would mean averages of nothing).
pub(super) fn positions_count(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=1_000_000).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{s}` is not a number of positions from 1 to 1000000"
        )),
    }
}

#[derive(clap::Args, Debug)]
pub(super) struct BenchArgs {
    /// Number of random positions, 1 to 1,000,000.
    #[arg(long, default_value_t = 100, value_parser = positions_count)]
    pub(super) random: usize,
    /// Seed of the first position (the others follow).
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub(super) json: bool,
    #[command(flatten)]
    pub(super) search: Search,
    #[command(flatten)]
    pub(super) common: Common,
}

#[derive(clap::Args, Debug)]
pub(super) struct ScrambleArgs {
    /// Number of scrambles, 1 to 1,000,000.
    #[arg(long, default_value_t = 1, value_parser = positions_count)]
    pub(super) count: usize,
    /// Seed of the first scramble (the others follow).
    #[arg(long, default_value_t = 0)]
    pub(super) seed: u64,
    /// Print one JSON object per scramble.
    #[arg(long)]
    pub(super) json: bool,
    /// Solver whose solution is inverted: reduction or five-stage.
    #[arg(long, value_parser = method_arg(), default_value = "reduction")]
    pub(super) method: MethodArg,
    #[command(flatten)]
    pub(super) common: Common,
}

#[derive(clap::Args, Debug)]
pub(super) struct PositionsArgs {
    /// Number of random positions (as for `revenge bench`), 1 to 1,000,000.
    #[arg(long, default_value_t = 100, value_parser = positions_count)]
    pub(super) random: usize,
    /// Seed of the first position, the others follow (as for `revenge bench`).
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
}

#[derive(clap::Args, Debug)]
pub(super) struct TablesArgs {
    /// Whose tables: reduction (45 MB, about 10 s to build) or five-stage (2.3 GB, about 3
    /// minutes on 2 cores and 2.4 GB of memory while building). Each is built once and cached.
    #[arg(long, value_parser = method_arg(), default_value = "reduction")]
    pub(super) method: MethodArg,
    /// Five-stage: also read every table in full and check its checksum (solving only maps
    /// them).
    #[arg(long)]
    pub(super) verify: bool,
    #[command(flatten)]
    pub(super) common: Common,
}

#[derive(clap::Args, Debug)]
pub(super) struct AnalyseArgs {
    /// Stage 1..5.
    #[arg(long)]
    pub(super) stage: usize,
    /// Stages 2, 3 and 5: stop (resumably) after this distance.
    #[arg(long)]
    pub(super) max_depth: Option<u32>,
    /// Stages 2, 3 and 5: where the analysis keeps its state (one table per completed
    /// distance; rerun the same command to resume). Default: `analyse-stageN` in the cache
    /// directory.
    #[arg(long)]
    pub(super) state_dir: Option<std::path::PathBuf>,
    /// Stages 3 and 5: analyse a small part of the stage instead, every row in seconds (to try
    /// the machinery, e.g. in shards): `centres` (stage 3's centres and parity), `wings`
    /// (stage 5's three wing orbits).
    #[arg(long, value_name = "NAME")]
    pub(super) variant: Option<String>,
    /// Also draw the distribution (positions per distance) to this .svg or .png file.
    #[arg(long)]
    pub(super) render: Option<std::path::PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub(super) json: bool,
    #[command(flatten)]
    pub(super) common: Common,
}
