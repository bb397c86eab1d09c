//! `wurfel revenge ...` — the 4x4x4 cube: Norskog's five-stage solver, the reduction solver in
//! the outer block turn metric, random-state scrambles, and stage analyses.

use crate::args::Threads;
use crate::commands::revenge_explain;
use crate::outln;
use crate::progress::{say, spinner};
use anyhow::{anyhow, bail, Context, Result};
use std::time::{Duration, Instant};
use wurfel_revenge::analyse;
use wurfel_revenge::cube::FACE_CHARS;
use wurfel_revenge::notation::{self, Notation, Step};
use wurfel_revenge::reduction::{self, table::TableStore, Reduction};
use wurfel_revenge::solver::{Options, Solver};
use wurfel_revenge::stage::{Stage, TableEvent};
use wurfel_revenge::stickers;
use wurfel_revenge::{Cube, Move};

/// Arguments of `wurfel revenge`.
#[derive(clap::Args, Debug)]
pub struct RevengeArgs {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand, Debug)]
enum Sub {
    /// Solve a position: Norskog's five stages, or --method reduction (short in outer block turns).
    Solve(SolveArgs),
    /// Solve many random positions and report lengths and times.
    Bench(BenchArgs),
    /// Random-state scrambles: a uniformly random position, then the inverse of a solution.
    Scramble(ScrambleArgs),
    /// Print the positions `revenge bench` solves, as facelets (to run another solver on them).
    ///
    /// The same --random and --seed as `revenge bench`; one line of 96 facelets per position,
    /// faces U R F D L B.
    Positions(PositionsArgs),
    /// Check another solver's solutions by applying them; print their OBTM and STM lengths.
    ///
    /// Reads lines FACELETS<TAB>SOLUTION[<TAB>MILLISECONDS] and prints each solution's length
    /// in OBTM and STM (counted as for wurfel's own solutions), then averages, maxima and times.
    /// Exits with code 1, printing no averages, if any solution is wrong or unreadable.
    Verify(crate::commands::revenge_verify::VerifyArgs),
    /// Build (or load and check) every distance table; print sizes and times.
    Tables(TablesArgs),
    /// Positions per distance of a stage, as in Norskog's five-stage analysis.
    Analyse(AnalyseArgs),
    /// Draw the unfolded net with every sticker numbered in the order --facelets reads them.
    Net(NetArgs),
}

#[derive(clap::Args, Debug)]
struct NetArgs {
    /// The picture to write: .svg or .png.
    #[arg(long, value_name = "FILE")]
    render: std::path::PathBuf,
    /// Draw this position (96 stickers, as --facelets of `revenge solve` takes them) instead of
    /// the solved cube.
    #[arg(long, value_name = "STICKERS")]
    facelets: Option<String>,
}

/// Which 4x4x4 solver to use.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    /// Norskog's five stages, each optimal in slice turns (large tables).
    FiveStage,
    /// Centres, edge pairing, then a 3x3x3, searched in outer block turns (small tables).
    Reduction,
    /// Both, side by side (bench only).
    Both,
}

#[derive(clap::Args, Debug)]
struct Search {
    /// Solver: five-stage (slice turn metric) or reduction (outer block turn metric).
    #[arg(long, value_enum, default_value_t = Method::Reduction)]
    method: Method,
    /// One optimal solution per stage only (Norskog's program), no search for a shorter total.
    #[arg(long)]
    single: bool,
    /// Five-stage method: time budget in milliseconds for combining several stage solutions
    /// (after it, one optimal solution per remaining stage) [default: 700].
    #[arg(long, value_name = "MS", conflicts_with = "single")]
    budget_ms: Option<u64>,
    /// Reduction method: multiply its work budgets by X for shorter solutions (over the
    /// bench's 100 positions, 1 gives 44.34 OBTM, 2 gives 44.15 with 1.6 times the work, 4
    /// 43.96 with 2.4 times). Work, not time, so solutions are the same on every machine.
    #[arg(long, value_name = "X", value_parser = parse_effort, conflicts_with = "single")]
    effort: Option<f64>,
}

/// `--effort`: a positive factor up to 100.
fn parse_effort(s: &str) -> std::result::Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 100.0 => Ok(x),
        _ => Err(format!("`{s}` is not a number above 0 and at most 100")),
    }
}

impl Search {
    /// The five-stage method's options (refusing the reduction's `--effort`).
    fn options(&self) -> Result<Options> {
        if self.effort.is_some() && self.method == Method::FiveStage {
            bail!("--effort is for --method reduction; the five-stage method has --budget-ms");
        }
        Ok(if self.single {
            Options::single()
        } else {
            Options {
                budget: Duration::from_millis(self.budget_ms.unwrap_or(700)),
                ..Options::default()
            }
        })
    }
}

#[derive(clap::Args, Debug)]
struct Common {
    #[command(flatten)]
    threads: Threads,
    /// No progress output.
    #[arg(long)]
    quiet: bool,
}

#[derive(clap::Args, Debug)]
struct SolveArgs {
    /// A scramble applied to the solved cube (WCA/SiGN notation unless --slice-notation).
    #[arg(long, group = "input")]
    scramble: Option<String>,
    /// A position as 96 stickers: faces U R F D L B, each face row by row as seen from outside
    /// (U with B at its top edge, D with F at its top edge, the side faces with U at the top;
    /// `wurfel revenge net --render net.svg` draws the order). Stickers are face letters
    /// (U R F D L B), or any six colours as letters (`WWWW...`) or names separated by spaces or
    /// commas (`white,white,...`). The WCA colours are held white up, green front; other
    /// colours in the frame that leaves the most centres in place, or as --up-front says.
    #[arg(long, group = "input", value_name = "STICKERS")]
    facelets: Option<String>,
    /// With --facelets in colours: the colours of the up and front faces, e.g. `--up-front W,G`
    /// (the other four follow from the corners).
    #[arg(long, value_name = "UP,FRONT", requires = "facelets")]
    up_front: Option<String>,
    /// A uniformly random position (with --seed).
    #[arg(long, group = "input")]
    random: bool,
    /// Seed of the random position.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Read lower-case letters as Norskog's single inner slices (u = the slice next to U)
    /// instead of SiGN wide turns (u = Uw).
    #[arg(long)]
    slice_notation: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Also explain the solution: what each phase (or stage) is for, and what it achieved on
    /// the cube (centres, paired edges, solved).
    #[arg(long, conflicts_with = "json")]
    explain: bool,
    /// Also draw the position and the cube after each stage (or phase) as unfolded nets, to
    /// this .svg or .png file.
    #[arg(long, value_name = "FILE")]
    render: Option<std::path::PathBuf>,
    #[command(flatten)]
    search: Search,
    #[command(flatten)]
    common: Common,
}

/// `--random N` / `--count N`: 1 to 1,000,000 (no positions would mean averages of nothing).
fn positions_count(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=1_000_000).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{s}` is not a number of positions from 1 to 1000000"
        )),
    }
}

#[derive(clap::Args, Debug)]
struct BenchArgs {
    /// Number of random positions, 1 to 1,000,000.
    #[arg(long, default_value_t = 100, value_parser = positions_count)]
    random: usize,
    /// Seed of the first position (the others follow).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    search: Search,
    #[command(flatten)]
    common: Common,
}

#[derive(clap::Args, Debug)]
struct ScrambleArgs {
    /// Number of scrambles, 1 to 1,000,000.
    #[arg(long, default_value_t = 1, value_parser = positions_count)]
    count: usize,
    /// Seed of the first scramble (the others follow).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print one JSON object per scramble.
    #[arg(long)]
    json: bool,
    /// Solver whose solution is inverted.
    #[arg(long, value_enum, default_value_t = Method::Reduction)]
    method: Method,
    #[command(flatten)]
    common: Common,
}

#[derive(clap::Args, Debug)]
struct PositionsArgs {
    /// Number of random positions (as for `revenge bench`), 1 to 1,000,000.
    #[arg(long, default_value_t = 100, value_parser = positions_count)]
    random: usize,
    /// Seed of the first position, the others follow (as for `revenge bench`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(clap::Args, Debug)]
struct TablesArgs {
    /// Whose tables: reduction (45 MB, about 10 s to build) or five-stage (2.3 GB, about 3
    /// minutes on 2 cores and 2.4 GB of memory while building). Each is built once and cached.
    #[arg(long, value_enum, default_value_t = Method::Reduction)]
    method: Method,
    /// Five-stage: also read every table in full and check its checksum (solving only maps
    /// them).
    #[arg(long)]
    verify: bool,
    #[command(flatten)]
    common: Common,
}

#[derive(clap::Args, Debug)]
struct AnalyseArgs {
    /// Stage 1..5.
    #[arg(long)]
    stage: usize,
    /// Stages 2, 3 and 5: stop (resumably) after this distance.
    #[arg(long)]
    max_depth: Option<u32>,
    /// Stages 2, 3 and 5: where the analysis keeps its state (one table per completed
    /// distance; rerun the same command to resume). Default: `analyse-stageN` in the cache
    /// directory.
    #[arg(long)]
    state_dir: Option<std::path::PathBuf>,
    /// Stages 3 and 5: analyse a small part of the stage instead, every row in seconds (to try
    /// the machinery, e.g. in shards): `centres` (stage 3's centres and parity), `wings`
    /// (stage 5's three wing orbits).
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// Also draw the distribution (positions per distance) to this .svg or .png file.
    #[arg(long)]
    render: Option<std::path::PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    common: Common,
}

/// Where tables and analysis state live: `$WURFEL_CACHE`, else the platform's cache
/// directory (`$XDG_CACHE_HOME/wurfel` or `~/.cache/wurfel` on Linux), else a directory
/// under the system's temporary directory.
pub(crate) fn cache_dir() -> std::path::PathBuf {
    if let Some(d) = std::env::var_os("WURFEL_CACHE") {
        return d.into();
    }
    directories::BaseDirs::new()
        .map(|b| b.cache_dir().join("wurfel"))
        .unwrap_or_else(|| std::env::temp_dir().join("wurfel"))
}

/// Runs `wurfel revenge`.
pub fn run(args: RevengeArgs) -> Result<()> {
    match args.command {
        Sub::Solve(a) => solve(a),
        Sub::Bench(a) => bench(a),
        Sub::Scramble(a) => scramble(a),
        Sub::Positions(a) => positions(&a),
        Sub::Verify(a) => crate::commands::revenge_verify::verify(a),
        Sub::Tables(a) => tables(a),
        Sub::Analyse(a) => analyse_cmd(a),
        Sub::Net(a) => net(a),
    }
}

/// `revenge net`: the sticker order, drawn.
fn net(a: NetArgs) -> Result<()> {
    chart_format(&a.render)?;
    let cube = match &a.facelets {
        Some(f) => stickers::read(f, None)?.cube,
        None => Cube::solved(),
    };
    let strip = wurfel_render::cube_net::NetStrip {
        title: "4x4x4 sticker order of --facelets: faces U R F D L B, rows as seen from outside"
            .into(),
        nets: vec![(String::new(), cube.facelets())],
        numbered: true,
    };
    write_picture(
        &a.render,
        || wurfel_render::cube_net::net_strip_svg(&strip),
        || wurfel_render::cube_net::net_strip_png(&strip),
    )
}

/// Sets up the solver and loads or builds its tables, with progress on stderr.
fn load_solver(common: &Common) -> Result<(Solver, f64)> {
    let t = Instant::now();
    let pb = spinner(!common.quiet);
    pb.set_message("setting up coordinates and move tables");
    let dir = cache_dir();
    let quiet = common.quiet;
    // The first distance table built means the cache holds none yet: say what is coming.
    let announced = std::sync::atomic::AtomicBool::new(false);
    let announce = || {
        if !announced.swap(true, std::sync::atomic::Ordering::Relaxed) && !quiet {
            say(
                &pb,
                &format!(
                    "first use of the five-stage method: building its tables, 2.3 GB in {}, \
                     once (about 3 minutes on 2 cores, 2.4 GB of memory); \
                     `wurfel revenge tables --method five-stage` builds them ahead, and \
                     `--method reduction` needs only 45 MB",
                    dir.display()
                ),
            );
        }
    };
    let report = |name: &str, len: usize, ev: TableEvent| match ev {
        TableEvent::Loaded => pb.set_message(format!("loaded {name}")),
        TableEvent::Invalid(why) => say(&pb, &format!("table {name}: {why}; rebuilding")),
        // A stage's coordinates and move tables (no entry count known before they exist).
        TableEvent::Building if len == 0 => {
            pb.set_message(format!("building {name} (cached in {})", dir.display()))
        }
        TableEvent::Building => {
            announce();
            let msg = format!(
                "building {name}: {len} entries, {:.1} MB (cached in {})",
                len as f64 / 2e6,
                dir.display()
            );
            if !quiet {
                say(&pb, &msg);
            }
            pb.set_message(msg);
        }
        TableEvent::Depth(d, n) => pb.set_message(format!("building {name}: depth {d}: {n}")),
        TableEvent::Built(s) => {
            if !quiet {
                say(&pb, &format!("built {name} in {s:.1} s"));
            }
        }
    };
    let mut solver = Solver::cached(&dir, &report);
    solver
        .ensure_tables(&dir, common.threads.get(), &report)
        .map_err(|e| anyhow!(e))?;
    pb.finish_and_clear();
    Ok((solver, t.elapsed().as_secs_f64()))
}

fn position(a: &SolveArgs) -> Result<Cube> {
    if let Some(s) = &a.scramble {
        let nt = if a.slice_notation {
            Notation::Slice
        } else {
            Notation::Wca
        };
        let steps = notation::parse(s, nt)?;
        let mut c = Cube::solved();
        notation::apply_steps(&mut c, &steps);
        Ok(c)
    } else if let Some(f) = &a.facelets {
        let up_front = match &a.up_front {
            Some(uf) => Some(uf.split_once(',').with_context(|| {
                format!("--up-front {uf:?}: give two colours separated by a comma, e.g. W,G")
            })?),
            None => None,
        };
        let read = stickers::read(f, up_front.map(|(u, f)| (u.trim(), f.trim())))?;
        if read.frame != stickers::Frame::FaceLetters {
            let faces: Vec<String> = FACE_CHARS
                .iter()
                .zip(&read.scheme)
                .map(|(face, colour)| format!("{face}={colour}"))
                .collect();
            eprintln!(
                "stickers read as {} ({})",
                faces.join(" "),
                read.frame.describe()
            );
        }
        Ok(read.cube)
    } else if a.random {
        Ok(Cube::random(a.seed))
    } else {
        bail!("give a position: --scramble \"...\", --facelets ... or --random --seed N")
    }
}

fn solve(a: SolveArgs) -> Result<()> {
    if let Some(p) = &a.render {
        chart_format(p)?;
        // The path too, before tables load and the search runs.
        crate::output::OutputPath::check(p)?;
    }
    match a.search.method {
        Method::FiveStage => {}
        Method::Reduction => return solve_reduction(a),
        Method::Both => bail!("--method both is for bench; solve takes five-stage or reduction"),
    }
    let cube = position(&a)?;
    let opts = a.search.options()?;
    let (solver, _) = load_solver(&a.common)?;
    let t = Instant::now();
    let sol = solver.solve_with(&cube, &opts)?;
    let secs = t.elapsed().as_secs_f64();
    // The stages' turns in the position's own frame, so every net keeps its orientation.
    draw_solution(
        &a,
        "five-stage solution",
        &cube,
        sol.stages.iter().map(|s| {
            (
                format!("after stage {}", s.number),
                s.moves_original.clone(),
            )
        }),
    )?;
    if a.json {
        outln!(
            "{}",
            serde_json::to_string(&crate::report::RevengeSolution::new(&sol, secs))?
        );
        return Ok(());
    }
    outln!("position: {}", cube.facelets());
    for s in &sol.stages {
        let rot: Vec<String> = s.rotation.iter().map(|r| r.name()).collect();
        let rot = if rot.is_empty() {
            String::new()
        } else {
            format!("[{}] ", rot.join(" "))
        };
        outln!(
            "stage {}: {rot}{}  ({} STM)",
            s.number,
            or_nothing(notation::to_slice(&s.moves)),
            notation::stm(&s.moves)
        );
    }
    outln!("single-slice: {}", or_nothing(sol.slice_notation()));
    outln!("WCA:          {}", or_nothing(sol.wca()));
    outln!(
        "length: {} STM (slice turns), {} OBTM (outer block turns); checked by applying it; {:.3} s",
        sol.stm(),
        sol.obtm(),
        secs
    );
    if a.explain {
        let parts: Vec<_> = sol
            .stages
            .iter()
            .map(|s| revenge_explain::Part {
                moves: s.moves_original.clone(),
            })
            .collect();
        for line in revenge_explain::explain(&cube, "five-stage", &parts) {
            outln!("{line}");
        }
    }
    Ok(())
}

fn bench(a: BenchArgs) -> Result<()> {
    match a.search.method {
        Method::FiveStage => {}
        Method::Reduction => return bench_reduction(&a).map(|_| ()),
        Method::Both => {
            let r = bench_reduction(&a)?;
            bench_five_stage(&a)?;
            if !a.json {
                outln!("(reduction above: {r})");
            }
            return Ok(());
        }
    }
    bench_five_stage(&a)
}

/// The random positions of `revenge bench` (and `revenge positions`): `count` seeds from
/// `first` (wrapping after `u64::MAX`), each with its position.
fn bench_positions(first: u64, count: usize) -> impl Iterator<Item = (u64, Cube)> {
    (0..count).map(move |i| {
        let seed = first.wrapping_add(i as u64);
        (seed, Cube::random(seed))
    })
}

fn positions(a: &PositionsArgs) -> Result<()> {
    for (_, cube) in bench_positions(a.seed, a.random) {
        outln!("{}", cube.facelets());
    }
    Ok(())
}

/// Lengths and times of one method over a bench's random positions.
struct Tally {
    stms: Vec<usize>,
    obtms: Vec<usize>,
    times: Vec<f64>,
}

impl Tally {
    /// Solves the positions of seeds `a.seed..a.seed + a.random` with `solve` (which returns
    /// the solution's STM and OBTM lengths), timing each, with a spinner labelled `label`.
    fn run(
        a: &BenchArgs,
        label: &str,
        mut solve: impl FnMut(&Cube) -> Result<(usize, usize)>,
    ) -> Result<Tally> {
        let pb = spinner(!a.common.quiet);
        let mut t = Tally {
            stms: Vec::new(),
            obtms: Vec::new(),
            times: Vec::new(),
        };
        for (i, (seed, cube)) in bench_positions(a.seed, a.random).enumerate() {
            let start = Instant::now();
            let (stm, obtm) =
                solve(&cube).with_context(|| format!("random position seed {seed}"))?;
            t.times.push(start.elapsed().as_secs_f64());
            t.stms.push(stm);
            t.obtms.push(obtm);
            pb.set_message(format!("{label}{}/{} solved", i + 1, a.random));
        }
        pb.finish_and_clear();
        Ok(t)
    }
    fn n(&self) -> f64 {
        self.times.len().max(1) as f64
    }
    fn avg(&self, v: &[usize]) -> f64 {
        v.iter().sum::<usize>() as f64 / self.n()
    }
    fn max(v: &[usize]) -> usize {
        v.iter().copied().max().unwrap_or(0)
    }
    fn tavg(&self) -> f64 {
        self.times.iter().sum::<f64>() / self.n()
    }
    fn tmax(&self) -> f64 {
        self.times.iter().copied().fold(0.0, f64::max)
    }
    /// The JSON summary; method-specific fields are filled in by the caller.
    fn json(&self, a: &BenchArgs, load_secs: f64) -> crate::report::RevengeBench {
        crate::report::RevengeBench {
            method: None,
            positions: a.random,
            seed: a.seed,
            stm_avg: self.avg(&self.stms),
            stm_max: Tally::max(&self.stms),
            obtm_avg: self.avg(&self.obtms),
            obtm_max: Tally::max(&self.obtms),
            seconds_avg: self.tavg(),
            seconds_max: self.tmax(),
            table_load_seconds: load_secs,
            stage_stm_avg: None,
            stage_stm_max: None,
            table_mb: None,
            work_avg: None,
        }
    }
    fn stm_line(&self) -> String {
        format!(
            "STM  (slice turns):       average {:.2}, max {}",
            self.avg(&self.stms),
            Tally::max(&self.stms)
        )
    }
    fn obtm_line(&self) -> String {
        format!(
            "OBTM (outer block turns): average {:.2}, max {}",
            self.avg(&self.obtms),
            Tally::max(&self.obtms)
        )
    }
}

fn bench_five_stage(a: &BenchArgs) -> Result<()> {
    let opts = a.search.options()?;
    let (solver, load_secs) = load_solver(&a.common)?;
    let mut stage_max = [0usize; 5];
    let mut stage_sum = [0usize; 5];
    let t = Tally::run(a, "", |cube| {
        let sol = solver.solve_with(cube, &opts)?;
        for s in &sol.stages {
            let n = notation::stm(&s.moves);
            stage_max[s.number - 1] = stage_max[s.number - 1].max(n);
            stage_sum[s.number - 1] += n;
        }
        Ok((sol.stm(), sol.obtm()))
    })?;
    let n = t.n();
    if a.json {
        let mut j = t.json(a, load_secs);
        j.stage_stm_avg = Some(stage_sum.iter().map(|&s| s as f64 / n).collect());
        j.stage_stm_max = Some(stage_max);
        outln!("{}", serde_json::to_string(&j)?);
        return Ok(());
    }
    outln!(
        "{} random positions (seeds {}..{}), every solution checked",
        a.random,
        a.seed,
        a.seed + a.random as u64
    );
    outln!("{}", t.stm_line());
    outln!("{}", t.obtm_line());
    for k in 0..5 {
        outln!(
            "  stage {}: average {:.2} STM, max {}",
            k + 1,
            stage_sum[k] as f64 / n,
            stage_max[k]
        );
    }
    outln!(
        "time per solve: average {:.3} s, max {:.3} s (tables loaded in {load_secs:.1} s)",
        t.tavg(),
        t.tmax()
    );
    Ok(())
}

fn tables(a: TablesArgs) -> Result<()> {
    match a.method {
        Method::FiveStage => {}
        Method::Reduction if a.verify => {
            bail!("--verify is for --method five-stage (the reduction's tables are checked as they load)")
        }
        Method::Reduction => {
            let (_, secs) = load_reduction(&a.common)?;
            outln!("cache directory: {}", cache_dir().display());
            outln!("reduction tables ready in {secs:.1} s");
            return Ok(());
        }
        Method::Both => bail!("tables takes --method five-stage or reduction"),
    }
    let (solver, secs) = load_solver(&a.common)?;
    outln!("cache directory: {}", cache_dir().display());
    let mut total = 0usize;
    for s in &solver.stages {
        for p in &s.projections {
            let bytes = p.len().div_ceil(2);
            total += bytes;
            outln!(
                "stage {}: {:<40} {:>13} entries  {:>8.1} MB",
                s.number,
                p.name,
                p.len(),
                bytes as f64 / 1e6
            );
        }
    }
    outln!(
        "total {:.1} MB of 4-bit tables; ready in {secs:.1} s",
        total as f64 / 1e6
    );
    if a.verify {
        let t = Instant::now();
        let why = |e| match e {
            wurfel_revenge::cache::LoadError::Missing => "missing".to_string(),
            wurfel_revenge::cache::LoadError::Invalid(w) => w,
        };
        for s in &solver.stages {
            for p in &s.projections {
                wurfel_revenge::cache::verify(&cache_dir(), &p.name, p.len())
                    .map_err(|e| anyhow!("table {}: {}; delete it to rebuild", p.name, why(e)))?;
            }
            // The stage's coordinates, move tables and goals.
            let name = wurfel_revenge::setup::setup_name(s.number);
            wurfel_revenge::cache::verify_words(&cache_dir(), &name)
                .map_err(|e| anyhow!("{name}: {}; delete it to rebuild", why(e)))?;
        }
        outln!(
            "every checksum verified in {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

fn print_rows(stage: usize, rows: &[analyse::Row], json: bool, note: &str) -> Result<()> {
    outln!("{}", rows_text(stage, rows, json, note)?);
    Ok(())
}

/// The distance table as `revenge analyse` prints it (without the final newline).
pub(crate) fn rows_text(
    stage: usize,
    rows: &[analyse::Row],
    json: bool,
    note: &str,
) -> Result<String> {
    use std::fmt::Write;
    if json {
        return Ok(serde_json::to_string(&crate::report::DistanceTable {
            stage,
            distance: rows,
            note,
        })?);
    }
    let sep = crate::output::fmt_int;
    let mut t = String::new();
    writeln!(t, "Stage {stage}\n")?;
    writeln!(t, "distance  {:>16}  {:>14}", "positions", "unique")?;
    writeln!(t, "--------  {:>16}  {:>14}", "---------", "------")?;
    for r in rows {
        writeln!(
            t,
            "{:>8}  {:>16}  {:>14}",
            r.d,
            sep(r.positions),
            r.unique.map(sep).unwrap_or_default()
        )?;
    }
    let tp: u64 = rows.iter().map(|r| r.positions).sum();
    let tu: Option<u64> = rows.iter().map(|r| r.unique).sum();
    writeln!(
        t,
        "          {:>16}  {:>14}",
        "-------------", "-----------"
    )?;
    write!(
        t,
        "          {:>16}  {:>14}",
        sep(tp),
        tu.map(sep).unwrap_or_default()
    )?;
    if !note.is_empty() {
        write!(t, "\n\n{note}")?;
    }
    Ok(t)
}

/// Rows of a symmetry-reduced analysis (stages 2, 3 and 5) as `revenge analyse` prints them;
/// `how` says how long it took and where.
pub(crate) fn reduced_text(
    stage: usize,
    variant: Option<&str>,
    symmetries: u64,
    tallies: &[wurfel_revenge::reduced::Tally],
    complete: bool,
    how: &str,
    json: bool,
) -> Result<String> {
    let rows = reduced_rows(tallies);
    let note = format!(
        "{}unique: classes under the {symmetries} symmetries that keep the stage's moves and \
         goal{}; {how}",
        variant.map_or(String::new(), |v| format!("variant `{v}`: ")),
        if complete {
            String::new()
        } else if rows.is_empty() {
            "; no distance completed yet".to_string()
        } else {
            format!(
                "; stopped after distance {} (rerun to continue)",
                rows.len().saturating_sub(1)
            )
        },
    );
    rows_text(stage, &rows, json, &note)
}

fn reduced_rows(tallies: &[wurfel_revenge::reduced::Tally]) -> Vec<analyse::Row> {
    tallies
        .iter()
        .enumerate()
        .map(|(d, r)| analyse::Row {
            d: d as u32,
            positions: r.positions,
            unique: Some(r.unique),
        })
        .collect()
}

fn analyse_cmd(a: AnalyseArgs) -> Result<()> {
    if !(1..=5).contains(&a.stage) {
        bail!("--stage must be 1..5");
    }
    if matches!(a.stage, 2 | 3 | 5) {
        // The state is read and rewritten: no picture may replace a file in it.
        crate::inputs::state(&state_dir(&a), "the analysis state directory");
    }
    if let Some(p) = &a.render {
        chart_format(p)?;
        crate::output::OutputPath::check(p)?;
    }
    if matches!(a.stage, 2 | 3 | 5) {
        return analyse_reduced(&a);
    }
    if a.variant.is_some() {
        bail!("--variant is for stages 3 and 5");
    }
    // From here a signal stops the search, which prints the distances it has.
    let stop = crate::progress::cancellation();
    let pb = spinner(!a.common.quiet);
    pb.set_message(format!("stage {}: coordinates and move tables", a.stage));
    let t = Instant::now();
    let stage = match a.stage {
        // Norskog's table is for the first version of stage 2 (l, r half turns only).
        2 => Stage::new(2).restricted(&wurfel_revenge::stage::stage2_seed_moves()),
        // Stage 4 in Norskog's own coordinates (88,200 wing cosets).
        4 => Stage::stage4_seed(),
        k => Stage::new(k),
    };
    if a.stage == 1 || a.stage == 4 {
        let len = stage.projections[0].len();
        crate::memory::check(
            &format!("the stage {} analysis", a.stage),
            (len as u64).div_ceil(2),
            &format!("a table of {len} positions in memory, 4 bits each"),
        )?;
        if !a.common.quiet {
            say(
                &pb,
                &format!(
                    "stage {}: breadth-first search over {len} positions, 4 bits each ({:.0} MB)",
                    a.stage,
                    len as f64 / 2e6
                ),
            );
        }
        let k = a.stage;
        let cb = |d: u32, n: u64| pb.set_message(format!("stage {k}: depth {d}: {n} positions"));
        // Stage 1 stays below 15, so its table holds true distances (needed for the classes).
        let (table, counts) = stage
            .count_depths(0, a.common.threads.get(), &cb, Some(stop))
            .map_err(|e| anyhow!(e))?;
        if crate::progress::interrupted() {
            pb.finish_and_clear();
            return print_interrupted_bfs(&a, &counts, t);
        }
        let unique: Vec<Option<u64>> = if k == 1 {
            pb.set_message("stage 1: counting classes under the 16 U-D symmetries");
            analyse::stage1_unique(&stage, &table, &counts)
                .into_iter()
                .map(Some)
                .collect()
        } else {
            pb.set_message("stage 4: counting classes under the 16 U-D symmetries");
            analyse::stage_unique(&stage, &table, &counts)
                .into_iter()
                .map(Some)
                .collect()
        };
        pb.finish_and_clear();
        let rows: Vec<analyse::Row> = counts
            .iter()
            .zip(unique)
            .enumerate()
            .map(|(d, (&p, u))| analyse::Row {
                d: d as u32,
                positions: p,
                unique: u,
            })
            .collect();
        let note = "unique: classes under the 16 symmetries that keep the U-D axis";
        render_rows(&a, &rows)?;
        print_rows(
            k,
            &rows,
            a.json,
            &format!(
                "{note}; {:.1} s, {} threads",
                t.elapsed().as_secs_f64(),
                a.common.threads.get()
            ),
        )?;
        return Ok(());
    }
    unreachable!("stages 1 and 4 return above")
}

/// Draws `--render`, if given: the position, then the cube after each step's turns.
fn draw_solution(
    a: &SolveArgs,
    title: &str,
    cube: &Cube,
    steps: impl Iterator<Item = (String, Vec<Move>)>,
) -> Result<()> {
    let Some(path) = &a.render else {
        return Ok(());
    };
    let mut c = *cube;
    let mut nets = vec![("position".to_string(), c.facelets())];
    for (label, moves) in steps {
        c.apply_all(&moves);
        nets.push((label, c.facelets()));
    }
    // Solved, though perhaps turned as a whole (the solutions end with free rotations).
    if let Some(last) = nets.last_mut().filter(|_| c.is_solved_any_orientation()) {
        last.0 = format!("solved ({})", last.0);
    }
    let strip = wurfel_render::cube_net::NetStrip {
        title: format!("4x4x4 {title}"),
        nets,
        numbered: false,
    };
    write_picture(
        path,
        || wurfel_render::cube_net::net_strip_svg(&strip),
        || wurfel_render::cube_net::net_strip_png(&strip),
    )
}

fn chart_format(p: &std::path::Path) -> Result<bool> {
    match p.extension().and_then(|e| e.to_str()) {
        Some("svg") => Ok(false),
        Some("png") => Ok(true),
        _ => bail!("--render {}: use a .svg or .png file name", p.display()),
    }
}

/// Writes a flat picture to `path` whole (or not at all), as SVG or PNG by its extension.
fn write_picture(
    path: &std::path::Path,
    svg: impl FnOnce() -> Result<String, wurfel_render::RenderError>,
    png: impl FnOnce() -> Result<Vec<u8>, wurfel_render::RenderError>,
) -> Result<()> {
    let bytes = if chart_format(path)? {
        png()?
    } else {
        svg()?.into_bytes()
    };
    crate::output::OutputPath::check(path)?.write_all(&bytes)?;
    crate::note!("drawn to {}", path.display());
    Ok(())
}

/// Stages 1 and 4 interrupted: the positions of the distances completed (their classes need
/// the whole table), labelled as partial; exit 130.
fn print_interrupted_bfs(a: &AnalyseArgs, counts: &[u64], t: Instant) -> Result<()> {
    let rows: Vec<analyse::Row> = counts
        .iter()
        .enumerate()
        .map(|(d, &p)| analyse::Row {
            d: d as u32,
            positions: p,
            unique: None,
        })
        .collect();
    let note = format!(
        "INTERRUPTED after {:.1} s: a partial table, the distances completed so far (no classes: \
         they need the whole table; a rerun starts over)",
        t.elapsed().as_secs_f64()
    );
    print_rows(a.stage, &rows, a.json, &note)?;
    Err(crate::exit::Stop::Interrupted.into())
}

/// Draws the positions per distance to `--render`, if given.
fn render_rows(a: &AnalyseArgs, rows: &[analyse::Row]) -> Result<()> {
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

fn hms(s: f64) -> String {
    let s = s.max(0.0) as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
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

/// Stages 2, 3 and 5: the resumable breadth-first analysis over positions up to symmetry.
fn analyse_reduced(a: &AnalyseArgs) -> Result<()> {
    use wurfel_revenge::layered::{Analysis, Event, RunError};
    let k = a.stage;
    let t = Instant::now();
    // From here a signal stops the analysis (once its setup is done), which prints the
    // distances it has.
    let stop = crate::progress::cancellation();
    rayon::ThreadPoolBuilder::new()
        .num_threads(a.common.threads.get())
        .build_global()
        .ok();
    let pb = spinner(!a.common.quiet);
    pb.set_message(format!("stage {k}: coordinates, symmetries and classes"));
    let (space, name) = analyse::reduced_space(k, a.variant.as_deref()).map_err(|e| anyhow!(e))?;
    let dir = state_dir(a);
    let mut run = Analysis::new(&space, &name, &dir);
    run.stop_after = a.max_depth;
    let quiet = a.common.quiet;
    if !quiet {
        say(&pb, &space_line(k, &space, &dir));
    }
    let last_line = std::sync::Mutex::new(Instant::now());
    // The rows so far, as the runner reports them: what an interrupted run prints.
    let rows_so_far = std::sync::Mutex::new(Vec::new());
    let show = |e: Event| match e {
        Event::Resumed(cp) if !quiet => say(
            &pb,
            &format!(
                "resuming after distance {} ({} rows on disk)",
                cp.depth,
                cp.rows.len()
            ),
        ),
        Event::Verified { depth, seconds } if !quiet => say(
            &pb,
            &format!("distance {depth}: table checksum and rows verified in {seconds:.1} s"),
        ),
        Event::Progress(p) => {
            let msg = progress_line(k, &p);
            // Without a terminal, a line a minute (for logs of long runs).
            if pb.is_hidden() && !quiet {
                let mut l = last_line.lock().expect("progress lock");
                if l.elapsed() > Duration::from_secs(60) {
                    *l = Instant::now();
                    eprintln!("{msg}");
                }
            }
            pb.set_message(msg);
        }
        Event::Depth {
            depth,
            row,
            seconds,
        } if !quiet => {
            let rate = space.len() as f64 / seconds.max(1e-9) / 1e6;
            say(&pb, &depth_line(depth, &row, seconds, rate));
        }
        _ => {}
    };
    let report = |e: Event| {
        track_rows(&rows_so_far, &e);
        show(e)
    };
    let (tallies, complete, interrupted) = match run.run(stop, &report) {
        Ok((tallies, complete)) => (tallies, complete, false),
        Err(RunError::Interrupted(_)) => (rows_so_far.lock().expect("rows").clone(), false, true),
        Err(e) => return Err(anyhow!("stage {k}: {e}")),
    };
    pb.finish_and_clear();
    let secs = t.elapsed().as_secs_f64();
    let how = if interrupted {
        format!(
            "INTERRUPTED after {secs:.1} s this run (a partial table; the state directory keeps \
             every completed distance)"
        )
    } else {
        render_rows(a, &reduced_rows(&tallies))?;
        format!("{secs:.1} s this run, {} threads", a.common.threads.get())
    };
    let text = reduced_text(
        k,
        a.variant.as_deref(),
        space.order(),
        &tallies,
        complete,
        &how,
        a.json,
    )?;
    outln!("{text}");
    if interrupted {
        return Err(crate::exit::Stop::Interrupted.into());
    }
    Ok(())
}

/// What a stage analysis searches, and where it keeps its state.
fn space_line(k: usize, space: &wurfel_revenge::reduced::Space, dir: &std::path::Path) -> String {
    format!(
        "stage {k}: {} entries ({} classes of the {} symmetries' class coordinate x {}), 2 bits \
         each: {:.0} MB per distance; state in {}",
        space.len(),
        space.reps.len(),
        space.order(),
        space.b_size,
        space.len() as f64 / 4e6,
        dir.display()
    )
}

/// A completed depth of a stage analysis (`rate`: millions of entries per second).
fn depth_line(depth: u32, row: &wurfel_revenge::reduced::Tally, seconds: f64, rate: f64) -> String {
    format!(
        "distance {depth:>2}: {:>16} positions {:>14} unique  ({}, {rate:.1} M entries/s)",
        crate::output::fmt_int(row.positions),
        crate::output::fmt_int(row.unique),
        hms(seconds),
    )
}

/// The progress of a depth of a stage analysis, for the spinner.
fn progress_line(k: usize, p: &wurfel_revenge::layered::Progress) -> String {
    let frac = p.done_bytes as f64 / p.total_bytes.max(1) as f64;
    let rate = p.done_bytes as f64 * 4.0 / p.seconds.max(1e-9);
    let eta = p.seconds * (1.0 - frac) / frac.max(1e-9);
    format!(
        "stage {k}: distance {} ({}): {:.1}%, {:.1} M entries/s, ETA {}",
        p.depth,
        if p.pull { "pull" } else { "push" },
        100.0 * frac,
        rate / 1e6,
        hms(eta)
    )
}

/// Keeps the rows of a stage analysis as its runner reports them (what an interrupted run
/// prints), as the checkpoint keeps them: a depth that finds nothing ends the table.
fn track_rows(
    rows: &std::sync::Mutex<Vec<wurfel_revenge::reduced::Tally>>,
    e: &wurfel_revenge::layered::Event,
) {
    use wurfel_revenge::layered::Event;
    let mut rows = rows.lock().expect("rows lock");
    match e {
        Event::Resumed(cp) => *rows = cp.rows.clone(),
        Event::Depth { depth, row, .. } if *depth == 0 || row.unique > 0 => rows.push(*row),
        _ => {}
    }
}

/// Loads (or builds once, about ten seconds) the reduction solver's tables.
fn load_reduction(common: &Common) -> Result<(Reduction, f64)> {
    let t = Instant::now();
    let pb = spinner(!common.quiet);
    pb.set_message(format!(
        "reduction tables (built once, cached in {})",
        cache_dir().display()
    ));
    let r = Reduction::new(&TableStore {
        dir: Some(cache_dir()),
    });
    pb.finish_and_clear();
    Ok((r, t.elapsed().as_secs_f64()))
}

fn solve_reduction(a: SolveArgs) -> Result<()> {
    let cube = position(&a)?;
    let opts = reduction_options(&a.search)?;
    let (solver, _) = load_reduction(&a.common)?;
    let t = Instant::now();
    let sol = solver.solve_with(&cube, &opts)?;
    let secs = t.elapsed().as_secs_f64();
    draw_solution(
        &a,
        "reduction solution",
        &cube,
        sol.phases.iter().enumerate().map(|(i, p)| {
            (
                format!("after phase {}", i + 1),
                reduction::moves::to_slices(p),
            )
        }),
    )?;
    if a.json {
        outln!(
            "{}",
            serde_json::to_string(&crate::report::ReductionSolution::new(&sol, secs))?
        );
        return Ok(());
    }
    outln!("position: {}", cube.facelets());
    for (i, p) in sol.phases.iter().enumerate() {
        let m = reduction::moves::to_slices(p);
        outln!(
            "phase {} ({}): {}  ({} OBTM)",
            i + 1,
            reduction::solver::PHASE_NAMES[i],
            or_nothing(notation::to_wca(&m)),
            notation::obtm(&m)
        );
    }
    outln!("WCA:          {}", or_nothing(sol.wca()));
    outln!("single-slice: {}", or_nothing(sol.slice_notation()));
    outln!(
        "length: {} OBTM (outer block turns), {} STM (slice turns); checked by applying it; {:.3} s",
        sol.obtm(),
        sol.stm(),
        secs
    );
    if a.explain {
        let parts: Vec<_> = sol
            .phases
            .iter()
            .map(|p| revenge_explain::Part {
                moves: reduction::moves::to_slices(p),
            })
            .collect();
        for line in revenge_explain::explain(&cube, "reduction", &parts) {
            outln!("{line}");
        }
    }
    Ok(())
}

/// A stage's or phase's turns as printed: an already solved one says so rather than
/// printing nothing.
fn or_nothing(turns: String) -> String {
    if turns.is_empty() {
        "nothing to do".to_string()
    } else {
        turns
    }
}

/// The reduction method's options (refusing the five-stage `--budget-ms`).
fn reduction_options(s: &Search) -> Result<reduction::Options> {
    if s.budget_ms.is_some() && s.method == Method::Reduction {
        bail!("--budget-ms is for the five-stage method; the reduction method has --effort");
    }
    if s.single {
        return Ok(reduction::Options::single());
    }
    Ok(s.effort
        .map_or_else(reduction::Options::default, reduction::Options::with_effort))
}

/// Benchmarks the reduction solver; returns a one-line summary.
fn bench_reduction(a: &BenchArgs) -> Result<String> {
    let opts = reduction_options(&a.search)?;
    let (solver, load_secs) = load_reduction(&a.common)?;
    let mut work = 0u64;
    let t = Tally::run(a, "reduction: ", |cube| {
        let sol = solver.solve_with(cube, &opts)?;
        work += sol.work;
        Ok((sol.stm(), sol.obtm()))
    })?;
    let mb = solver.table_bytes() as f64 / 1e6;
    let work_avg = work as f64 / t.n();
    if a.json {
        let mut j = t.json(a, load_secs);
        j.method = Some("reduction");
        j.table_mb = Some(mb);
        j.work_avg = Some(work_avg);
        outln!("{}", serde_json::to_string(&j)?);
    } else {
        outln!(
            "reduction: {} random positions (seeds {}..{}), every solution checked",
            a.random,
            a.seed,
            a.seed + a.random as u64
        );
        outln!("{}", t.obtm_line());
        outln!("{}", t.stm_line());
        outln!(
            "time per solve: average {:.3} s, max {:.3} s (tables {mb:.1} MB, ready in {load_secs:.2} s)",
            t.tavg(),
            t.tmax()
        );
        outln!(
            "work per solve: average {:.0}k units (what the budgets count: the solutions do not \
             depend on the machine's speed)",
            work_avg / 1e3
        );
    }
    Ok(format!(
        "{:.2} OBTM / {:.2} STM average, {:.3} s per solve",
        t.avg(&t.obtms),
        t.avg(&t.stms),
        t.tavg()
    ))
}

/// The inverse of a sequence of turns and whole-cube rotations.
fn inverse(steps: &[Step]) -> Vec<Step> {
    steps
        .iter()
        .rev()
        .map(|s| match *s {
            Step::Turn(m) => Step::Turn(m.inverse()),
            Step::Rotate(r) => Step::Rotate(r.inverse()),
        })
        .collect()
}

/// A solver as a function from a position to its solution (turns and rotations in order).
type SolveFn = dyn Fn(&Cube) -> Result<Vec<Step>>;

fn scramble(a: ScrambleArgs) -> Result<()> {
    // One solver for all scrambles; each returns the single-slice solution of a position.
    let solve: Box<SolveFn> = match a.method {
        Method::FiveStage => {
            let (solver, _) = load_solver(&a.common)?;
            Box::new(move |c| Ok(solver.solve_with(c, &Options::default())?.steps))
        }
        Method::Reduction => {
            let (solver, _) = load_reduction(&a.common)?;
            Box::new(move |c| Ok(solver.solve(c)?.steps()))
        }
        Method::Both => bail!("scramble takes --method five-stage or reduction"),
    };
    for i in 0..a.count {
        let seed = a.seed + i as u64;
        let cube = Cube::random(seed);
        // The solution's inverse, rotations moved to the end (where they change nothing).
        let (moves, _) = notation::unrotate(&inverse(
            &solve(&cube).with_context(|| format!("random position seed {seed}"))?,
        ));
        let text = notation::to_wca(&moves);
        // The scramble must rebuild the random position from the solved cube (up to a
        // whole-cube rotation, which is the same position: a 4x4x4 has no fixed centres).
        let mut check = Cube::solved();
        notation::apply_steps(&mut check, &notation::parse(&text, Notation::Wca)?);
        let same = wurfel_revenge::stage::all_rotations().iter().any(|rot| {
            let mut x = check;
            for &q in rot {
                x.rotate(q);
            }
            x.facelets() == cube.facelets()
        });
        if !same {
            bail!("scramble for seed {seed} does not rebuild its position (internal error)");
        }
        if a.json {
            outln!(
                "{}",
                serde_json::to_string(&crate::report::ScrambleJson {
                    seed,
                    obtm: notation::obtm(&moves),
                    stm: notation::stm(&moves),
                    facelets: cube.facelets(),
                    scramble: text,
                })?
            );
        } else {
            outln!("{text}");
        }
    }
    Ok(())
}
