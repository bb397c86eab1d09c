//! Every JSON shape the CLI prints, as a `Serialize` type (field order = output order); the web
//! server's responses are the same objects.

use serde::Serialize;
use wurfel_cover::Stats;
use wurfel_geom::Cell;
use wurfel_pack::disassembly::Separation;
use wurfel_pack::{Counts, Prepared, Published, Puzzle};

/// A published count, as in `list --json` and `count --json`.
#[derive(Serialize)]
pub struct PublishedJson<'a> {
    pub convention: &'static str,
    pub count: u64,
    pub source: &'a str,
    /// `count --json` only: whether a complete count agrees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matches: Option<bool>,
}

impl<'a> PublishedJson<'a> {
    pub fn new(p: &'a Published, counted: Option<&Counts>) -> Self {
        PublishedJson {
            convention: p.convention.key(),
            count: p.count,
            source: &p.source,
            matches: counted.map(|c| c.get(p.convention) == p.count),
        }
    }
}

/// One puzzle of `wurfel list --json`.
#[derive(Serialize)]
pub struct PuzzleEntry<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub pieces: u32,
    pub cells: usize,
    pub published: Vec<PublishedJson<'a>>,
}

impl<'a> PuzzleEntry<'a> {
    pub fn new(p: &'a Puzzle) -> Self {
        PuzzleEntry {
            id: &p.id,
            name: &p.name,
            pieces: p.piece_count(),
            cells: p.target.len(),
            published: p
                .published
                .iter()
                .map(|c| PublishedJson::new(c, None))
                .collect(),
        }
    }
}

/// One solution of `wurfel solve --json`.
#[derive(Serialize)]
pub struct SolutionJson<'a> {
    pub pieces: Vec<PlacedJson<'a>>,
    /// With `--disassemble`: the level as BurrTools writes it (e.g. "5.2.1").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// With `--disassemble --plan`: the moves, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<Vec<StepJson>>,
}

/// One move of a disassembly plan: which pieces (indices into `pieces`) slide which way, how
/// far (`null`: out and away).
#[derive(Serialize)]
pub struct StepJson {
    pub pieces: Vec<usize>,
    pub direction: &'static str,
    pub distance: Option<u32>,
}

impl StepJson {
    pub fn new(s: &wurfel_pack::disassembly::Step) -> Self {
        StepJson {
            pieces: s.pieces.clone(),
            direction: s.direction.name(),
            distance: s.distance,
        }
    }
}

/// A piece of a solution, in puzzle coordinates.
#[derive(Serialize)]
pub struct PlacedJson<'a> {
    pub name: &'a str,
    pub cells: Vec<Cell>,
}

impl<'a> SolutionJson<'a> {
    pub fn new(prep: &'a Prepared, solution: &[u32]) -> Self {
        SolutionJson {
            pieces: prep
                .pieces_of(solution)
                .into_iter()
                .map(|p| PlacedJson {
                    name: &prep.puzzle.pieces[p.kind as usize].name,
                    cells: p.cells,
                })
                .collect(),
            level: None,
            plan: None,
        }
    }

    /// With `--disassemble`: the level of `sep` (the solution's separation), and with `plan`
    /// (`--plan`) its moves.
    pub fn with_separation(mut self, sep: Option<&Separation>, plan: bool) -> Self {
        if let Some(sep) = sep {
            self.level = Some(sep.level_text());
            if plan {
                self.plan = Some(sep.plan().into_iter().map(StepJson::new).collect());
            }
        }
        self
    }
}

/// Search statistics in `count --json`, under [`Stats::named`]'s names.
#[derive(Serialize)]
pub struct StatsJson {
    pub nodes: u64,
    pub tried: u64,
    pub fitted: u64,
    pub dead_cells: u64,
    pub pruned_regions: u64,
    /// Covers of the engine's rows (one piece restricted by symmetry): the number an
    /// exact-cover program given the same rows (`peer_inputs`) reports, not a solution count.
    pub covers: u64,
}

impl From<&Stats> for StatsJson {
    fn from(s: &Stats) -> Self {
        StatsJson {
            nodes: s.nodes,
            tried: s.tried,
            fitted: s.fitted,
            dead_cells: s.dead_columns,
            pruned_regions: s.region_prunes,
            covers: s.solutions,
        }
    }
}

/// A count's JSON, whatever the method: the counts (of any number type `N`: `u64` for the
/// search, [`ExactInt`] for the frontier method), the target's symmetries and the published
/// counts, then the method's own fields `M`.
#[derive(Serialize)]
pub struct CountJson<'a, N, M> {
    pub puzzle: &'a str,
    pub name: &'a str,
    pub raw: N,
    pub rotations: N,
    pub rotations_reflections: N,
    pub complete: bool,
    pub seconds: f64,
    pub threads: usize,
    pub target_rotations: usize,
    pub target_reflections: usize,
    pub mirror_closed: bool,
    pub published: Vec<PublishedJson<'a>>,
    /// `search` or `frontier`.
    pub method: &'static str,
    #[serde(flatten)]
    pub by_method: M,
}

/// `wurfel count --json` (the search; `shard merge --json`, `POST /api/v1/count`).
pub type SearchCountJson<'a> = CountJson<'a, u64, SearchJson>;

/// `wurfel count --method frontier --json` (and `auto` when it chose the frontier method).
pub type FrontierCountJson<'a> = CountJson<'a, ExactInt, FrontierJson>;

/// What only a search's count says.
#[derive(Serialize)]
pub struct SearchJson {
    /// This run's search only (not the tasks counted before a resume).
    pub stats: StatsJson,
    /// With `--disassemble` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disassembly: Option<DisassemblyJson>,
}

/// `count --disassemble --json`: assemblies (rotation classes) and those that come apart.
#[derive(Serialize)]
pub struct DisassemblyJson {
    pub convention: &'static str,
    pub assemblies: u64,
    pub solutions: u64,
    pub max_level: u64,
}

/// One solution of `wurfel snake solve --json`.
#[derive(Serialize)]
pub struct SnakeSolutionJson<'a> {
    pub chain: String,
    #[serde(rename = "box")]
    pub board: String,
    pub solution: usize,
    pub moves: String,
    pub segments: String,
    pub cells: &'a [Cell],
}

impl<'a> SnakeSolutionJson<'a> {
    /// Solution `index` (from 0) of `problem`.
    pub fn new(
        problem: &wurfel_snake::Problem,
        index: usize,
        f: &'a wurfel_snake::Folding,
    ) -> Self {
        SnakeSolutionJson {
            chain: problem.chain().to_string(),
            board: problem.board().to_string(),
            solution: index + 1,
            moves: f.moves(),
            segments: f.segment_moves(),
            cells: f.cells(),
        }
    }
}

/// `wurfel snake count --json`, and the counts in `snake list --json`.
#[derive(Serialize)]
pub struct SnakeCountsJson {
    pub chain: String,
    pub letters: String,
    pub cubes: usize,
    #[serde(rename = "box")]
    pub board: String,
    #[serde(flatten)]
    pub counts: wurfel_snake::Counts,
    pub solutions: u64,
    /// False when interrupted: the counts are of the foldings found so far.
    pub complete: bool,
}

impl SnakeCountsJson {
    pub fn new(p: &wurfel_snake::Problem, c: &wurfel_snake::Counts) -> Self {
        SnakeCountsJson {
            chain: p.chain().to_string(),
            letters: p.chain().letters(),
            cubes: p.chain().cubes(),
            board: p.board().to_string(),
            counts: *c,
            solutions: c.solutions(),
            complete: true,
        }
    }
}

/// Published counts of a built-in snake.
#[derive(Serialize)]
pub struct SnakePublishedJson {
    pub embeddings: u64,
    pub rotations: u64,
    pub isometries: u64,
}

/// One line of `wurfel snake list --json`.
#[derive(Serialize)]
pub struct SnakeEntryJson {
    #[serde(flatten)]
    pub counts: SnakeCountsJson,
    pub id: &'static str,
    pub name: &'static str,
    pub source: &'static str,
    pub published: Option<SnakePublishedJson>,
}

impl SnakeEntryJson {
    /// A built-in snake `e` with its problem and counts.
    pub fn new(
        e: &'static wurfel_snake::catalog::Entry,
        p: &wurfel_snake::Problem,
        c: &wurfel_snake::Counts,
    ) -> Self {
        SnakeEntryJson {
            counts: SnakeCountsJson::new(p, c),
            id: e.id,
            name: e.name,
            source: e.source,
            published: e
                .published
                .map(|(embeddings, rotations, isometries)| SnakePublishedJson {
                    embeddings,
                    rotations,
                    isometries,
                }),
        }
    }
}

/// The last line of `wurfel snake survey --json`.
#[derive(Serialize)]
pub struct SurveySummaryJson<'a> {
    pub summary: &'a wurfel_snake::Survey,
    /// False when interrupted: the summary is of the paths walked so far.
    pub complete: bool,
}

// ---- The 4x4x4 (`revenge`) ----

use wurfel_revenge::analysis as analyse;
use wurfel_revenge::{notation, Solution};

/// `revenge solve --json`, either method (the CLI's and the server's one shape).
#[derive(Serialize)]
pub struct RevengeSolution {
    /// `reduction` or `five-stage`.
    pub method: &'static str,
    /// The whole solution in WCA notation (a final rotation, free in every metric, last).
    pub moves: String,
    /// The same in Norskog's single-slice notation.
    pub moves_slice: String,
    pub stm: usize,
    pub obtm: usize,
    pub seconds: f64,
    /// The reduction's phases or the five stages, in order.
    pub phases: Vec<RevengePhase>,
}

/// One phase (reduction) or stage (five-stage) of a solution.
#[derive(Serialize)]
pub struct RevengePhase {
    /// 1-based.
    pub phase: usize,
    /// What it achieves.
    pub goal: &'static str,
    /// The whole-cube rotation made before it (five-stage), empty for none.
    pub rotation: String,
    /// Its turns in the position's frame, WCA notation.
    pub moves: String,
    /// Its turns as searched (after `rotation`), single-slice notation.
    pub moves_slice: String,
    pub obtm: usize,
    pub stm: usize,
}

impl RevengeSolution {
    pub fn new(method: wurfel_revenge::Method, sol: &Solution, seconds: f64) -> Self {
        RevengeSolution {
            method: method.name(),
            moves: sol.wca(),
            moves_slice: sol.slice_notation(),
            stm: sol.stm(),
            obtm: sol.obtm(),
            seconds,
            phases: sol
                .phases
                .iter()
                .map(|p| RevengePhase {
                    phase: p.number,
                    goal: p.goal,
                    rotation: p
                        .rotation
                        .iter()
                        .map(|r| r.name())
                        .collect::<Vec<_>>()
                        .join(" "),
                    moves: notation::to_wca(&p.moves),
                    moves_slice: notation::to_slice(&p.searched),
                    obtm: notation::obtm(&p.moves),
                    stm: notation::stm(&p.moves),
                })
                .collect(),
        }
    }
}

/// `revenge bench --json`: lengths and times over random positions.
#[derive(Serialize)]
pub struct RevengeBench {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<&'static str>,
    pub positions: usize,
    pub seed: u64,
    pub stm_avg: f64,
    pub stm_max: usize,
    pub obtm_avg: f64,
    pub obtm_max: usize,
    pub seconds_avg: f64,
    pub seconds_median: f64,
    pub seconds_max: f64,
    pub table_load_seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stage_stm_avg: Option<Vec<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stage_stm_max: Option<[usize; 5]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table_mb: Option<f64>,
    /// Reduction: the searches' average work per solve, in the units its budgets count (the
    /// same on every machine, unlike the seconds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub work_avg: Option<f64>,
}

/// `revenge verify --json`: another program's solutions, each checked, with their lengths.
#[derive(Serialize)]
pub struct VerifyJson {
    pub solutions: usize,
    pub obtm_avg: f64,
    pub obtm_max: usize,
    pub stm_avg: f64,
    pub stm_max: usize,
    /// Only when every line gives a time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds_avg: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds_median: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds_max: Option<f64>,
    pub lines: Vec<VerifiedLine>,
}

/// One checked solution (`line` counts from 1 in the input).
#[derive(Debug, Serialize)]
pub struct VerifiedLine {
    pub line: usize,
    pub facelets: String,
    pub solution: String,
    pub obtm: usize,
    pub stm: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
}

/// `revenge analyse --json`: a stage's distance table.
#[derive(Serialize)]
pub struct DistanceTable<'a> {
    pub stage: usize,
    pub distance: &'a [analyse::Row],
    pub note: &'a str,
}

/// One line of `revenge scramble --json`.
#[derive(Serialize)]
pub struct ScrambleJson {
    pub seed: u64,
    pub scramble: String,
    pub obtm: usize,
    pub stm: usize,
    pub facelets: String,
}

/// An estimate with its 95% interval.
#[derive(Serialize)]
pub struct IntervalJson {
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
}

impl From<wurfel_cover::Interval> for IntervalJson {
    fn from(i: wurfel_cover::Interval) -> Self {
        IntervalJson {
            estimate: i.estimate,
            low: i.low,
            high: i.high,
        }
    }
}

/// `wurfel estimate --json`.
#[derive(Serialize)]
pub struct EstimateJson<'a> {
    pub puzzle: &'a str,
    pub name: &'a str,
    pub probes: u64,
    pub tasks: usize,
    pub seed: u64,
    pub complete: bool,
    pub nodes: IntervalJson,
    /// Raw solutions, as `count` reports `raw`.
    pub solutions: IntervalJson,
    pub cpu_seconds: IntervalJson,
    pub nodes_per_second: f64,
}

impl<'a> EstimateJson<'a> {
    /// An estimate of `puzzle`'s count over `tasks` tasks from `seed`, with CPU times at `rate`
    /// nodes per second.
    pub fn new(
        puzzle: &'a Puzzle,
        est: &wurfel_cover::Estimate,
        tasks: usize,
        seed: u64,
        rate: f64,
    ) -> Self {
        let cpu = wurfel_cover::Interval {
            estimate: est.nodes.estimate / rate,
            low: est.nodes.low / rate,
            high: est.nodes.high / rate,
        };
        EstimateJson {
            puzzle: &puzzle.id,
            name: &puzzle.name,
            probes: est.probes,
            tasks,
            seed,
            complete: est.complete,
            nodes: IntervalJson::from(est.nodes),
            solutions: IntervalJson::from(est.covers),
            cpu_seconds: IntervalJson::from(cpu),
            nodes_per_second: rate,
        }
    }
}

/// A count of any size as a JSON number with every digit (serde_json's own integers stop at
/// 128 bits).
pub struct ExactInt(pub String);

impl Serialize for ExactInt {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::Error;
        serde_json::value::RawValue::from_string(self.0.clone())
            .map_err(S::Error::custom)?
            .serialize(s)
    }
}

/// What only the frontier method's count says.
#[derive(Serialize)]
pub struct FrontierJson {
    /// With `--method auto`: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto: Option<String>,
    pub peak_states: usize,
    pub peak_bytes: usize,
    /// The raw count, then one run per symmetry whose fixed points Burnside's lemma needs.
    pub runs: Vec<FrontierRunJson>,
}

/// One run of the frontier counter.
#[derive(Serialize)]
pub struct FrontierRunJson {
    pub symmetry: String,
    pub fixed: ExactInt,
    /// The earlier run with the same orbits, whose count this reuses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub same_as: Option<usize>,
    pub order: String,
    pub window: u32,
    pub state_bits: u32,
    pub items: usize,
    pub peak_states: usize,
    pub peak_bytes: usize,
    pub transitions: u64,
    /// States after each layer along the slowest axis.
    pub layer_states: Vec<usize>,
}

impl From<&wurfel_pack::frontier::RunStats> for FrontierRunJson {
    fn from(r: &wurfel_pack::frontier::RunStats) -> Self {
        FrontierRunJson {
            symmetry: r.symmetry.clone(),
            fixed: ExactInt(r.fixed.to_string()),
            same_as: r.same_as,
            order: r.order.clone(),
            window: r.window,
            state_bits: r.state_bits,
            items: r.items,
            peak_states: r.peak_states,
            peak_bytes: r.peak_bytes,
            transitions: r.transitions,
            layer_states: r.layer_states.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::StatsJson;
    use wurfel_cover::Stats;

    /// One name per statistic: `count --json` spells each as `Stats::named` (and so shard
    /// results) does.
    #[test]
    fn stats_json_uses_the_named_forms() {
        let v = serde_json::to_value(StatsJson::from(&Stats::default())).expect("plain data");
        let names: Vec<&str> = Stats::default().named().iter().map(|(n, _)| *n).collect();
        for key in v.as_object().expect("an object").keys() {
            assert!(
                names.contains(&key.as_str()),
                "{key} is not a named statistic"
            );
        }
    }
}
