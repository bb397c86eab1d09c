//! From a puzzle to counted and classified solutions.
//!
//! Symmetry breaking: if some piece kind occurs once and the target has rotations, that piece
//! is restricted to one placement per orbit of the target's rotation group `G`. Every class of
//! solutions under `G` then has members with the piece at a representative `r`, and two such
//! members are in one class exactly when an element of `H_r` (the rotations fixing `r`) maps
//! one to the other. So, for each solution `s` found with the piece at `r`:
//! - `raw += |G| / |H_r|` (the solutions with the piece anywhere in `r`'s orbit);
//! - `s` represents its rotation class iff it is the smallest of its `H_r`-images;
//! - a class `O` and its mirror class `σO` are merged by counting `O` iff its smallest
//!   rotation image is not larger than its smallest reflection image.
//!
//! Solutions with symmetry of their own are thus counted as orbits, never by division.

pub use crate::disassembly::DisassemblyCounts;
use crate::disassembly::{disassemble_grouped, DisassemblyError, Grouping, Separation};
use crate::limits::{check_disassembly, engine_only, listed_all, SearchError};
use crate::placements::{placements, BoxBoard, Placement};
use crate::symmetry::{image, min_image, Symmetry};
pub use crate::task_output::{Counts, Listed, TaskOutput, Want};
use crate::{Convention, Puzzle, VolumeMismatch};
use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::OnceLock;
use wurfel_cover::{Problem, ProblemError, Row, SearchOptions, SearchReport, Stats, Visitor};
use wurfel_geom::Cell;

/// Why a puzzle cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrepareError {
    /// The pieces' volume cannot match the target's.
    Volume(VolumeMismatch),
    /// The engine rejected the problem (e.g. too large).
    Engine(ProblemError),
}

impl fmt::Display for PrepareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrepareError::Volume(m) => write!(f, "{m}: they cannot fill it"),
            PrepareError::Engine(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PrepareError {}

/// Symmetry-breaking data for one representative placement of the restricted piece.
#[derive(Clone, Debug)]
struct RepInfo {
    /// Rotations (indices into `Symmetry::rotations`) other than the identity that fix it.
    stabilizer: Vec<usize>,
    /// `|G| / |H_r|`.
    weight: u64,
    /// One rotation per image of the placement (identity first): maps a found solution to all
    /// raw solutions it stands for.
    cosets: Vec<usize>,
}

/// A puzzle ready to search: placements, symmetries, the engine problem.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The target's bounding box.
    pub board: BoxBoard,
    /// Every placement of every kind.
    pub placements: Vec<Placement>,
    /// Symmetries acting on placements.
    pub symmetry: Symmetry,
    /// The kind restricted to orbit representatives, if any.
    pub restricted: Option<u32>,
    problem: Problem,
    row_placement: Vec<u32>,
    reps: HashMap<u32, RepInfo>,
    unrestricted: RepInfo,
}

/// One piece of a solution, in puzzle coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedPiece {
    /// Kind index.
    pub kind: u32,
    /// Cells in puzzle coordinates.
    pub cells: Vec<Cell>,
    /// The piece's constraint colour on each of `cells` (empty when it has none).
    pub colors: Vec<u8>,
}

impl Prepared {
    /// Generates placements and symmetries, picks the piece to restrict, builds the problem.
    pub fn new(puzzle: &Puzzle) -> Result<Prepared, PrepareError> {
        puzzle.check_volume().map_err(PrepareError::Volume)?;
        let board = BoxBoard::new(&puzzle.target);
        let placements = placements(puzzle, &board).map_err(PrepareError::Engine)?;
        let symmetry = Symmetry::new(puzzle, &board, &placements).map_err(PrepareError::Engine)?;
        let restricted = choose_restricted(puzzle, &placements, &symmetry);
        let reps = match restricted {
            Some(k) => representatives(&placements, &symmetry, k),
            None => HashMap::new(),
        };
        let (problem, row_placement) =
            engine_problem(puzzle, &board, &placements, restricted, &reps)?;
        let nrot = symmetry.rotations.len();
        Ok(Prepared {
            puzzle: puzzle.clone(),
            board,
            placements,
            symmetry,
            restricted,
            problem,
            row_placement,
            reps,
            unrestricted: RepInfo {
                stabilizer: (1..nrot).collect(),
                weight: 1,
                cosets: vec![0],
            },
        })
    }

    /// The engine problem (for statistics and benchmarks).
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Number of placements of each kind (all, before symmetry breaking).
    pub fn placements_per_kind(&self) -> Vec<usize> {
        let mut n = vec![0; self.puzzle.pieces.len()];
        for p in &self.placements {
            n[p.kind as usize] += 1;
        }
        n
    }

    /// The pieces that must be used (`min > 0`) but fit nowhere in the target (then the puzzle
    /// has no solution: the search finds none, since such a piece is never placed).
    pub fn unplaceable(&self) -> Vec<&str> {
        let per_kind = self.placements_per_kind();
        self.puzzle
            .pieces
            .iter()
            .zip(per_kind)
            .filter(|(p, n)| *n == 0 && p.min > 0)
            .map(|(p, _)| p.name.as_str())
            .collect()
    }

    /// Number of representative placements the restricted piece is limited to.
    pub fn restricted_placements(&self) -> usize {
        self.reps.len()
    }

    /// Runs the search; `done` receives each task's output in task order.
    pub fn run<D>(
        &self,
        opts: &SearchOptions<'_>,
        want: Want,
        per_task_limit: Option<usize>,
        done: D,
    ) -> Result<SearchReport, ProblemError>
    where
        D: FnMut(usize, TaskOutput, Stats) -> ControlFlow<()>,
    {
        self.run_with(opts, want, false, per_task_limit, done)
            .map_err(engine_only)
    }

    /// [`Prepared::run`], and with `disassemble` each rotation class is also analysed for
    /// disassembly (see [`TaskOutput::disassembly`]) and only solutions that come apart are
    /// listed.
    pub fn run_with<D>(
        &self,
        opts: &SearchOptions<'_>,
        want: Want,
        disassemble: bool,
        per_task_limit: Option<usize>,
        mut done: D,
    ) -> Result<SearchReport, SearchError>
    where
        D: FnMut(usize, TaskOutput, Stats) -> ControlFlow<()>,
    {
        self.check_disassemble(disassemble)?;
        let failed = OnceLock::new();
        let report = wurfel_cover::search(
            &self.problem,
            opts,
            |_| Classify::new(self, want, disassemble, per_task_limit, &failed),
            |i, v: Classify<'_>, stats| done(i, v.out, stats),
        )?;
        listed_all(failed, report)
    }

    /// Every solution distinct under `distinct` (with `disassemble`, those that come apart),
    /// streamed as found: the budgeted rounds of [`Prepared::find`] run to the end (see
    /// [`wurfel_cover::search_rounds`]), so the first solutions come as fast as with `find`
    /// while the whole list stays exact and complete. `done` receives each task's output after
    /// each round it ran in; the order is the same for any thread count.
    pub fn list_with<D>(
        &self,
        opts: &SearchOptions<'_>,
        distinct: Convention,
        disassemble: bool,
        mut done: D,
    ) -> Result<SearchReport, SearchError>
    where
        D: FnMut(usize, TaskOutput, Stats) -> ControlFlow<()>,
    {
        self.check_disassemble(disassemble)?;
        let failed = OnceLock::new();
        let report = wurfel_cover::search_rounds(
            &self.problem,
            opts,
            |_| Classify::new(self, Want::List(distinct), disassemble, None, &failed),
            |i, v: Classify<'_>, stats| done(i, v.out, stats),
        )?;
        listed_all(failed, report)
    }

    /// Runs the search over the given tasks (a cut of the engine's tree, e.g. one shard; see
    /// [`wurfel_cover::search_tasks`]); `done` receives each task's output in task order.
    pub fn run_tasks<D>(
        &self,
        tasks: &[Vec<u32>],
        opts: &SearchOptions<'_>,
        want: Want,
        disassemble: bool,
        mut done: D,
    ) -> Result<SearchReport, SearchError>
    where
        D: FnMut(usize, TaskOutput, Stats) -> ControlFlow<()>,
    {
        self.check_disassemble(disassemble)?;
        let failed = OnceLock::new();
        let report = wurfel_cover::search_tasks(
            &self.problem,
            tasks,
            opts,
            |_| Classify::new(self, want, disassemble, None, &failed),
            |i, v: Classify<'_>, stats| done(i, v.out, stats),
        )?;
        listed_all(failed, report)
    }

    /// The raw solutions one engine cover stands for (`|G| / |H_r|` under symmetry breaking,
    /// else 1; 0 for the empty cover, which is no solution): the weight that makes estimates
    /// of covers estimates of `raw`.
    pub fn cover_weight(&self, rows: &[u32]) -> u64 {
        if rows.is_empty() {
            return 0;
        }
        match self.restricted {
            Some(k) => rows
                .iter()
                .map(|&r| self.row_placement[r as usize])
                .find(|&p| self.placements[p as usize].kind == k)
                .and_then(|p| self.reps.get(&p))
                .map_or(0, |info| info.weight),
            None => 1,
        }
    }

    /// Up to `limit` solutions distinct under `distinct`, found by budgeted rounds (see
    /// [`wurfel_cover::search_limited`]): fast even where plain depth-first order would sit
    /// in a barren subtree, and the same for any thread count. The report's `complete` is true
    /// when the search was exhaustive (then fewer than `limit` solutions exist, or exactly
    /// the ones returned).
    pub fn find(
        &self,
        opts: &SearchOptions<'_>,
        distinct: Convention,
        limit: usize,
    ) -> Result<(Vec<Vec<u32>>, SearchReport), ProblemError> {
        let (found, report) =
            (self.find_with(opts, distinct, false, limit)).map_err(engine_only)?;
        Ok((found.into_iter().map(|(s, _)| s).collect(), report))
    }

    /// [`Prepared::find`], with `disassemble` only among the solutions that come apart, each
    /// with its separation.
    pub fn find_with(
        &self,
        opts: &SearchOptions<'_>,
        distinct: Convention,
        disassemble: bool,
        limit: usize,
    ) -> Result<(Vec<Listed>, SearchReport), SearchError> {
        self.check_disassemble(disassemble)?;
        let failed = OnceLock::new();
        let (sols, report) = wurfel_cover::search_limited(
            &self.problem,
            opts,
            limit,
            |_| {
                Classify::new(
                    self,
                    Want::List(distinct),
                    disassemble,
                    Some(limit),
                    &failed,
                )
            },
            |v| v.out.listed(),
        )?;
        Ok((sols, listed_all(failed, report)?))
    }

    /// With `disassemble`, refuses a puzzle whose solutions may have more pieces than the
    /// analysis handles, before any search (see [`crate::limits`]).
    pub fn check_disassemble(&self, disassemble: bool) -> Result<(), SearchError> {
        if disassemble {
            check_disassembly(&self.puzzle).map_err(SearchError::TooManyPieces)?;
        }
        Ok(())
    }

    /// Up to `limit` solutions distinct under `distinct` (see [`Prepared::find`]).
    pub fn solutions(&self, distinct: Convention, limit: usize, threads: usize) -> Vec<Vec<u32>> {
        let opts = SearchOptions {
            threads,
            ..Default::default()
        };
        self.find(&opts, distinct, limit)
            .expect("validated in new()")
            .0
    }

    /// The pieces of a solution, in puzzle coordinates, ordered by kind.
    pub fn pieces_of(&self, solution: &[u32]) -> Vec<PlacedPiece> {
        let mut ids = solution.to_vec();
        ids.sort_by_key(|&p| (self.placements[p as usize].kind, p));
        ids.iter()
            .map(|&p| {
                let pl = &self.placements[p as usize];
                PlacedPiece {
                    kind: pl.kind,
                    cells: pl
                        .cells
                        .iter()
                        .map(|&c| self.board.puzzle_cell(c as usize))
                        .collect(),
                    colors: pl.colors.clone(),
                }
            })
            .collect()
    }

    /// How the assembly `solution` comes apart (piece indices as in [`Prepared::pieces_of`]),
    /// or `None` when it does not.
    pub fn disassemble(&self, solution: &[u32]) -> Result<Option<Separation>, DisassemblyError> {
        let pieces = self.pieces_of(solution);
        let mut groups = Grouping::new(
            pieces.iter().map(|p| p.kind as usize).collect(),
            self.puzzle
                .pieces
                .iter()
                .map(|p| p.groups.clone())
                .collect(),
        );
        let cells: Vec<Vec<Cell>> = pieces.into_iter().map(|p| p.cells).collect();
        disassemble_grouped(self.puzzle.grid, &cells, &mut groups)
    }

    /// Whether `solution` is a valid solution (at least one piece, every fixed target cell
    /// covered once, every optional one at most once, counts within their ranges).
    pub fn is_solution(&self, solution: &[u32]) -> bool {
        if solution.is_empty() {
            return false;
        }
        let optional = self.optional_columns();
        let mut cover = vec![0u32; self.board.len()];
        let mut used = vec![0u32; self.puzzle.pieces.len()];
        for &p in solution {
            let pl = &self.placements[p as usize];
            used[pl.kind as usize] += 1;
            for &c in &pl.cells {
                cover[c as usize] += 1;
            }
        }
        cover
            .iter()
            .zip(&self.board.in_target)
            .enumerate()
            .all(|(c, (&n, &t))| n == t as u32 || (n == 0 && optional.contains(&(c as u32))))
            && used
                .iter()
                .zip(&self.puzzle.pieces)
                .all(|(&u, p)| p.min <= u && u <= p.count)
    }

    /// The engine columns (box cells) of the target's optional cells.
    pub fn optional_columns(&self) -> Vec<u32> {
        crate::placements::optional_columns(&self.puzzle, &self.board)
    }
}

/// One placement of `kind` per orbit of the target's rotations, in placement order.
fn orbit_representatives(placements: &[Placement], symmetry: &Symmetry, kind: u32) -> Vec<u32> {
    let mut seen = vec![false; placements.len()];
    let mut reps = Vec::new();
    for (i, p) in placements.iter().enumerate() {
        if p.kind != kind || seen[i] {
            continue;
        }
        reps.push(i as u32);
        for r in &symmetry.rotations {
            seen[r[i] as usize] = true;
        }
    }
    reps
}

/// The piece to restrict to orbit representatives: among the kinds occurring exactly once in
/// every solution (`min == count == 1`), the one with the fewest orbits (then the fewest
/// placements); none when the target has no rotations. (A piece that may be left out, or used
/// twice, would not be at a representative in every solution of a class.)
fn choose_restricted(
    puzzle: &Puzzle,
    placements: &[Placement],
    symmetry: &Symmetry,
) -> Option<u32> {
    if symmetry.rotations.len() <= 1 {
        return None;
    }
    (0..puzzle.pieces.len() as u32)
        .filter(|&k| puzzle.pieces[k as usize].count == 1 && puzzle.pieces[k as usize].min == 1)
        .map(|k| {
            let n = placements.iter().filter(|p| p.kind == k).count();
            (orbit_representatives(placements, symmetry, k).len(), n, k)
        })
        .min()
        .map(|(_, _, k)| k)
}

/// The symmetry-breaking data of each representative placement of `kind`.
fn representatives(
    placements: &[Placement],
    symmetry: &Symmetry,
    kind: u32,
) -> HashMap<u32, RepInfo> {
    let nrot = symmetry.rotations.len();
    let mut reps = HashMap::new();
    for r in orbit_representatives(placements, symmetry, kind) {
        let stabilizer: Vec<usize> = (1..nrot)
            .filter(|&g| symmetry.rotations[g][r as usize] == r)
            .collect();
        let mut images = Vec::new();
        let mut cosets = Vec::new();
        for g in 0..nrot {
            let img = symmetry.rotations[g][r as usize];
            if !images.contains(&img) {
                images.push(img);
                cosets.push(g);
            }
        }
        let weight = (nrot / (stabilizer.len() + 1)) as u64;
        debug_assert_eq!(weight as usize, cosets.len());
        reps.insert(
            r,
            RepInfo {
                stabilizer,
                weight,
                cosets,
            },
        );
    }
    reps
}

/// The engine problem: one row per placement (the restricted kind's representatives only), the
/// cells outside the target prefilled; and the placement of each row.
fn engine_problem(
    puzzle: &Puzzle,
    board: &BoxBoard,
    placements: &[Placement],
    restricted: Option<u32>,
    reps: &HashMap<u32, RepInfo>,
) -> Result<(Problem, Vec<u32>), PrepareError> {
    let (n, e) = (placements.len(), PrepareError::Engine);
    let columns = crate::placements::EngineColumns::new(puzzle, board);
    let mut rows = wurfel_cover::try_vec(n, "the engine's rows").map_err(e)?;
    let mut row_placement = wurfel_cover::try_vec(n, "the rows' placements").map_err(e)?;
    for (i, p) in placements.iter().enumerate() {
        if Some(p.kind) == restricted && !reps.contains_key(&(i as u32)) {
            continue;
        }
        rows.push(Row {
            group: p.kind,
            columns: columns.map(&p.cells),
        });
        row_placement.push(i as u32);
    }
    let problem = Problem {
        columns: columns.count,
        prefilled: columns.prefilled(board),
        group_caps: puzzle.pieces.iter().map(|p| p.count).collect(),
        rows,
        // Region pruning floods face neighbours: sound on cubes only (sub-voxels are not).
        grid: columns.compact.is_none().then(|| board.dims()),
        exact_groups: true,
        branching: wurfel_cover::Branching::MostConstrained,
        secondary: columns.map(&crate::placements::optional_columns(puzzle, board)),
        group_min: puzzle
            .pieces
            .iter()
            .any(|p| p.min != p.count)
            .then(|| puzzle.pieces.iter().map(|p| p.min).collect()),
    };
    problem.validate().map_err(PrepareError::Engine)?;
    Ok((problem, row_placement))
}

/// The per-task visitor: classifies each cover the engine finds.
struct Classify<'a> {
    prep: &'a Prepared,
    want: Want,
    disassemble: bool,
    limit: Option<usize>,
    /// The first analysis that failed in a listing, shared by every task: the listing stops
    /// and reports it rather than skip an assembly it could not judge.
    failed: &'a OnceLock<DisassemblyError>,
    out: TaskOutput,
    sol: Vec<u32>,
    buf: Vec<u32>,
}

impl<'a> Classify<'a> {
    fn new(
        prep: &'a Prepared,
        want: Want,
        disassemble: bool,
        limit: Option<usize>,
        failed: &'a OnceLock<DisassemblyError>,
    ) -> Self {
        Classify {
            prep,
            want,
            disassemble,
            limit,
            failed,
            out: TaskOutput::default(),
            sol: Vec::new(),
            buf: Vec::new(),
        }
    }

    /// The level of the current cover if it comes apart, analysed at most once per cover
    /// (`memo` keeps the separation); a failed analysis is recorded and counts as not coming apart.
    fn level(&mut self, memo: &mut Option<Option<Separation>>) -> Option<u64> {
        if memo.is_none() {
            let sep = self.prep.disassemble(&self.sol);
            *memo = Some(sep.unwrap_or_else(|e| {
                self.out.disassembly.failed.get_or_insert(e);
                None
            }));
        }
        memo.as_ref()
            .and_then(|s| s.as_ref())
            .map(|s| s.level() as u64)
    }

    /// Lists `s` (with `sep`, its separation, when the listing takes solutions apart).
    fn push(&mut self, s: Vec<u32>, sep: Option<Separation>) -> ControlFlow<()> {
        if self.disassemble {
            self.out.separations.push(sep);
        }
        self.out.solutions.push(s);
        match self.limit {
            Some(l) if self.out.solutions.len() >= l => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }
}

impl Visitor for Classify<'_> {
    fn solution(&mut self, rows: &[u32]) -> ControlFlow<()> {
        // Placing nothing is a cover only when no cell and no piece is required; an assembly
        // of no piece is not a solution (see `Puzzle`).
        if rows.is_empty() {
            return ControlFlow::Continue(());
        }
        let prep = self.prep;
        let sym = &prep.symmetry;
        self.sol.clear();
        self.sol
            .extend(rows.iter().map(|&r| prep.row_placement[r as usize]));
        self.sol.sort_unstable();
        let info = match prep.restricted {
            Some(k) => {
                let r = *self
                    .sol
                    .iter()
                    .find(|&&p| prep.placements[p as usize].kind == k)
                    .expect("every solution places the restricted piece");
                &prep.reps[&r]
            }
            None => &prep.unrestricted,
        };
        // A listing with `disassemble` skips covers that do not come apart.
        let mut level = None;
        if self.disassemble
            && matches!(self.want, Want::List(_))
            && self.level(&mut level).is_none()
        {
            if let Some(e) = self.out.disassembly.failed {
                // Not judged is not "does not come apart": stop the listing with the error.
                let _ = self.failed.set(e);
                return ControlFlow::Break(());
            }
            return ControlFlow::Continue(());
        }
        self.out.counts.raw += info.weight;
        // Whether it comes apart, asked once per cover when needed (rotations never change it).
        if let Want::List(Convention::Raw) = self.want {
            for &g in &info.cosets {
                image(&self.sol, &sym.rotations[g], &mut self.buf);
                let s = self.buf.clone();
                // Another image is another assembly: its own separation (moves rotated).
                let sep = match (self.disassemble, s == self.sol) {
                    (false, _) => None,
                    (true, true) => level.clone().flatten(),
                    (true, false) => self.prep.disassemble(&s).ok().flatten(),
                };
                self.push(s, sep)?;
            }
        }
        // Is this the smallest member of its class under H_r?
        for &h in &info.stabilizer {
            image(&self.sol, &sym.rotations[h], &mut self.buf);
            if self.buf < self.sol {
                return ControlFlow::Continue(());
            }
        }
        self.out.counts.rotations += 1;
        if self.disassemble {
            self.out.disassembly.assemblies += 1;
            if let Some(l) = self.level(&mut level) {
                let d = &mut self.out.disassembly;
                d.solutions += 1;
                d.max_level = d.max_level.max(l);
            }
        }
        let keep_mirror_class = sym.reflections.is_empty()
            || (!sym.twinless.is_empty()
                && self
                    .sol
                    .iter()
                    .any(|&p| sym.twinless.contains(&prep.placements[p as usize].kind)))
            || min_image(&self.sol, &sym.rotations) <= min_image(&self.sol, &sym.reflections);
        if keep_mirror_class {
            self.out.counts.rotations_reflections += 1;
        }
        match self.want {
            Want::List(Convention::Rotations) => self.push(self.sol.clone(), level.flatten()),
            Want::List(Convention::RotationsReflections) if keep_mirror_class => {
                self.push(self.sol.clone(), level.flatten())
            }
            _ => ControlFlow::Continue(()),
        }
    }
}
