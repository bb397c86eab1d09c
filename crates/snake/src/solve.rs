//! Folding a chain into a box: depth-first search over segments on a 64-bit board, with
//! symmetry breaking by canonical (lexicographically least) paths, and exact class counts.

use crate::board::{Board, BoxError, NONE};
use crate::chain::Chain;
use crate::folding::Folding;
use rayon::prelude::*;
use serde::Serialize;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

/// Why a chain and a box do not make a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnakeError {
    /// The chain's cube count is not the box's volume.
    #[error("the chain has {cubes} cubes but a {board} box has {cells} cells")]
    WrongCount {
        /// Cubes in the chain.
        cubes: usize,
        /// The box, as `XxYxZ`.
        board: String,
        /// Cells of the box.
        cells: usize,
    },
    /// No box given and the count is not a cube number we support.
    #[error(
        "the chain has {0} cubes, which is not the volume of a supported cube box \
         (8 = 2x2x2, 27 = 3x3x3, 64 = 4x4x4){hint}; check the chain or give --box",
        hint = cube_hint(*.0)
    )]
    NotACube(usize),
    /// The box itself is unusable.
    #[error(transparent)]
    Box(#[from] BoxError),
}

/// Says how far a cube count is from the nearest supported cube volume (a typo in one segment
/// usually shifts the count by one or two).
fn cube_hint(n: usize) -> String {
    let nearest = [8usize, 27, 64]
        .into_iter()
        .min_by_key(|&v| v.abs_diff(n))
        .unwrap_or(27);
    match n.cmp(&nearest) {
        std::cmp::Ordering::Less => format!(": {} cube(s) short of {nearest}", nearest - n),
        std::cmp::Ordering::Greater => format!(": {} cube(s) more than {nearest}", n - nearest),
        std::cmp::Ordering::Equal => String::new(),
    }
}

/// A flag another thread (a signal handler) sets to stop a search early, which then returns
/// what it found so far; `None`: never stopped.
pub type Cancel<'a> = Option<&'a AtomicBool>;

/// A chain together with the box it must fill.
#[derive(Clone, Debug)]
pub struct Problem {
    chain: Chain,
    board: Board,
    /// Steps (cubes − 1) of each segment.
    steps: Vec<u8>,
    /// Cells a complete path may start on (colour argument).
    start_mask: u64,
}

/// Counts of the foldings of a chain, each convention named.
///
/// - `embeddings`: every folding with the box held fixed and the chain read from its first end
///   (a sequence of cells);
/// - `rotations`: classes of embeddings under the box's proper rotations (24 for a cube);
/// - `isometries`: classes under all its isometries (48 for a cube), i.e. mirror images merged;
/// - `rotations_reversal`, `isometries_reversal` (palindromic chains only): the same classes
///   when an embedding read backwards also counts as the same folding — for a palindrome both
///   readings are embeddings of the same chain. For other chains reading backwards gives a
///   different chain, so these keys are absent and `isometries` is already the number of
///   physically different foldings.
///
/// Every figure is an orbit count (orbit–stabilizer and Burnside over exact stabilizers), not a
/// division of `embeddings`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Foldings with the box fixed, read from the first end.
    pub embeddings: u64,
    /// Classes under rotations of the box.
    pub rotations: u64,
    /// Classes under all isometries of the box.
    pub isometries: u64,
    /// Whether the chain reads the same from both ends.
    pub palindrome: bool,
    /// Palindromes: classes under rotations and reversal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotations_reversal: Option<u64>,
    /// Palindromes: classes under isometries and reversal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub isometries_reversal: Option<u64>,
}

impl Counts {
    /// Physically different solutions of the snake: up to isometries, and for palindromes also
    /// up to reading the chain from the other end. This is the per-snake figure of the survey.
    pub fn solutions(&self) -> u64 {
        self.isometries_reversal.unwrap_or(self.isometries)
    }
}

/// Search effort.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Segments placed.
    pub nodes: u64,
    /// Complete canonical foldings reached.
    pub leaves: u64,
}

/// Pruning switches; all on by default. Off only to measure what they buy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pruning {
    /// Dead-end test after every segment.
    pub dead_ends: bool,
    /// Flood-fill connectivity test after every segment.
    pub connectivity: bool,
}

impl Default for Pruning {
    fn default() -> Self {
        Pruning {
            dead_ends: true,
            // Measured: on 3x3x3 and 4x4x4 chains the dead-end test already removes almost
            // everything the flood fill would, and the flood fill costs more than it saves.
            connectivity: false,
        }
    }
}

impl Problem {
    /// A chain in an explicit box.
    pub fn new(chain: Chain, board: Board) -> Result<Problem, SnakeError> {
        if chain.cubes() != board.cells() {
            return Err(SnakeError::WrongCount {
                cubes: chain.cubes(),
                board: board.to_string(),
                cells: board.cells(),
            });
        }
        let steps = chain.segments().iter().map(|&l| (l - 1) as u8).collect();
        let start_mask = board.start_cells();
        Ok(Problem {
            chain,
            board,
            steps,
            start_mask,
        })
    }

    /// A chain in the cube box its cube count implies (8, 27 or 64 cubes), or in a cube of side
    /// `side` if given.
    pub fn auto(chain: Chain, side: Option<usize>) -> Result<Problem, SnakeError> {
        let side = match side {
            Some(s) => s,
            None => {
                let n = chain.cubes();
                match (1..=4).find(|s| s * s * s == n) {
                    Some(s) if s >= 2 => s,
                    _ => return Err(SnakeError::NotACube(n)),
                }
            }
        };
        let board = Board::cube(side)?;
        Problem::new(chain, board)
    }

    /// The chain.
    pub fn chain(&self) -> &Chain {
        &self.chain
    }

    /// The box.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A human reason why no folding can exist, when one is obvious from the chain alone (a
    /// segment longer than every line of the box).
    pub fn obstacle(&self) -> Option<String> {
        let longest = *self.board.dims().iter().max().unwrap_or(&0);
        self.chain
            .segments()
            .iter()
            .position(|&l| l as usize > longest)
            .map(|i| {
                format!(
                    "segment {} has {} cubes but no line of the {} box is that long",
                    i + 1,
                    self.chain.segments()[i],
                    self.board
                )
            })
    }

    /// Visits every *canonical* embedding once: the lexicographically least cell sequence in its
    /// orbit under the box's symmetries. `visit` gets the cells in chain order and the bit set
    /// of the symmetries that fix the embedding (its stabilizer; bit 0 is the identity).
    pub fn for_each_canonical<F>(&self, pruning: Pruning, visit: F) -> Stats
    where
        F: FnMut(&[u8], u64) -> ControlFlow<()>,
    {
        let mut s = Search::new(self, pruning, visit);
        s.run();
        s.stats
    }

    /// All counts, single-threaded. Exact: orbit sizes come from the stabilizer of each
    /// canonical embedding.
    pub fn count(&self) -> Counts {
        self.count_with(Pruning::default(), 1).0
    }

    /// [`Problem::count`] on up to `threads` threads, with explicit pruning, also returning
    /// search statistics. The result does not depend on the number of threads.
    pub fn count_with(&self, pruning: Pruning, threads: usize) -> (Counts, Stats) {
        let (counts, stats, _) = self.count_until(pruning, threads, None);
        (counts, stats)
    }

    /// [`Problem::count_with`], stopped early when `cancel` is set; the last value is whether
    /// the count is complete. The counts of a stopped search are those of the foldings it
    /// reached: lower bounds (for a palindrome too: a reversal class reached through one of
    /// its readings is counted at least once).
    pub fn count_until(
        &self,
        pruning: Pruning,
        threads: usize,
        cancel: Cancel<'_>,
    ) -> (Counts, Stats, bool) {
        let mut total = CountTally::default();
        let mut stats = Stats::default();
        let complete;
        if threads <= 1 {
            let mut s = Search::new(self, pruning, |path: &[u8], stab| {
                total.add(self, path, stab);
                ControlFlow::Continue(())
            })
            .cancel_on(cancel);
            s.run();
            (stats, complete) = (s.stats, !s.cancelled);
        } else {
            let (tasks, split_stats) = self.split(pruning, threads);
            stats.nodes += split_stats.nodes;
            let (t, st, done) = self.search_tasks(pruning, &tasks, threads, cancel);
            total.merge(&t);
            stats.nodes += st.nodes;
            stats.leaves += st.leaves;
            complete = done;
        }
        (total.counts(self.chain.is_palindrome()), stats, complete)
    }

    /// Searches every completion of `tasks` on up to `threads` threads. Tallies and statistics
    /// are sums, so the result does not depend on which thread ran which subtree. The last
    /// value is false when `cancel` stopped some task.
    pub(crate) fn search_tasks(
        &self,
        pruning: Pruning,
        tasks: &[Task],
        threads: usize,
        cancel: Cancel<'_>,
    ) -> (CountTally, Stats, bool) {
        let run_task = |t: &Task| {
            let mut tally = CountTally::default();
            let mut s = Search::new(self, pruning, |path: &[u8], stab| {
                tally.add(self, path, stab);
                ControlFlow::Continue(())
            })
            .cancel_on(cancel);
            s.resume(t);
            let (st, done) = (s.stats, !s.cancelled);
            drop(s);
            (tally, st, done)
        };
        type Part = (CountTally, Stats, bool);
        let merge = |(mut a, mut sa, da): Part, (b, sb, db): Part| {
            a.merge(&b);
            sa.nodes += sb.nodes;
            sa.leaves += sb.leaves;
            (a, sa, da && db)
        };
        crate::pool::install(threads, || {
            tasks
                .par_iter()
                .map(run_task)
                .reduce(|| (CountTally::default(), Stats::default(), true), merge)
        })
    }

    /// Cuts the search tree into independent subtrees (canonical prefixes of a few segments),
    /// enough of them that `threads` workers stay busy despite uneven subtree sizes.
    fn split(&self, pruning: Pruning, threads: usize) -> (Vec<Task>, Stats) {
        self.split_until(pruning, 64 * threads)
    }

    /// The canonical prefixes of the least number of segments that gives at least `want` of
    /// them (or of every segment, if the whole search has fewer).
    fn split_until(&self, pruning: Pruning, want: usize) -> (Vec<Task>, Stats) {
        let mut depth = 1;
        loop {
            let (tasks, stats) = self.split_at(pruning, depth);
            if tasks.len() >= want || depth >= self.steps.len() {
                return (tasks, stats);
            }
            depth += 1;
        }
    }

    /// The canonical prefixes of `depth` segments (complete foldings if the chain has fewer)
    /// that survive pruning, in search order.
    pub(crate) fn split_at(&self, pruning: Pruning, depth: usize) -> (Vec<Task>, Stats) {
        let mut s = Search::new(self, pruning, |_: &[u8], _| ControlFlow::Continue(()));
        s.split = Some((depth, Vec::new()));
        s.run();
        let stats = s.stats;
        let tasks = s.split.take().map(|(_, t)| t).unwrap_or_default();
        (tasks, stats)
    }

    /// Segment lengths minus one, as the search steps them.
    pub(crate) fn steps(&self) -> &[u8] {
        &self.steps
    }

    /// Cells a complete path may start on.
    pub(crate) fn start_mask(&self) -> u64 {
        self.start_mask
    }

    /// Up to `limit` solutions (all if `None`), one per physically different folding (the unit
    /// of [`Counts::solutions`]), each in its canonical position.
    pub fn solutions(&self, limit: Option<usize>) -> Vec<Folding> {
        let mut out = Vec::new();
        if limit == Some(0) {
            return out;
        }
        self.for_each_solution(None, |f| {
            out.push(f);
            if limit.is_some_and(|l| out.len() >= l) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        out
    }

    /// [`Problem::solutions`] that stops soon after `cancel` is set; also tells whether the
    /// search ran to its end (all solutions, or `limit` of them, found).
    pub fn solutions_until(
        &self,
        limit: Option<usize>,
        cancel: Cancel<'_>,
    ) -> (Vec<Folding>, bool) {
        let mut out = Vec::new();
        if limit == Some(0) {
            return (out, true);
        }
        let exhausted = self.for_each_solution(cancel, |f| {
            out.push(f);
            if limit.is_some_and(|l| out.len() >= l) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let complete = exhausted || cancel.is_none_or(|c| !c.load(Ordering::Relaxed));
        (out, complete)
    }

    /// Hands the solutions of [`Problem::solutions`] to `visit` one at a time, in search order,
    /// as they are found, keeping none (a listing of millions needs no more memory than one),
    /// until `visit` breaks or `cancel` is set. Returns true when every solution was visited.
    pub fn for_each_solution(
        &self,
        cancel: Cancel<'_>,
        mut visit: impl FnMut(Folding) -> ControlFlow<()>,
    ) -> bool {
        let b = &self.board;
        let palindrome = self.chain.is_palindrome();
        let mut s = Search::new(self, Pruning::default(), |path: &[u8], _| {
            // For a palindrome, list a class only from the reading whose canonical form is the
            // smaller one, so each physical folding appears once.
            if palindrome && reversal_is_smaller(b, path) {
                return ControlFlow::Continue(());
            }
            visit(self.folding(path))
        })
        .cancel_on(cancel);
        s.run();
        !s.stopped
    }

    /// The folding for a path of cell indices.
    pub fn folding(&self, path: &[u8]) -> Folding {
        Folding {
            dims: self.board.dims(),
            cells: path.iter().map(|&c| self.board.coord(c as usize)).collect(),
        }
    }
}

/// Whether symmetry `g` maps the path onto the path read backwards.
fn maps_to_reverse(b: &Board, g: usize, path: &[u8]) -> bool {
    let n = path.len();
    (0..n).all(|i| b.apply(g, path[i] as usize) == path[n - 1 - i] as usize)
}

/// Whether some symmetry image of the reversed path is lexicographically smaller than `path`.
fn reversal_is_smaller(b: &Board, path: &[u8]) -> bool {
    let n = path.len();
    (0..b.group_size()).any(|g| {
        for i in 0..n {
            let a = b.apply(g, path[n - 1 - i] as usize);
            let p = path[i] as usize;
            if a != p {
                return a < p;
            }
        }
        false
    })
}

/// Accumulator of [`Counts`]: sums over canonical embeddings, merged by addition. The
/// reversal counts of a palindrome are not sums (they halve `classes + fixed`), so partial
/// results (threads, shards) are merged as tallies and turned into [`Counts`] once, at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountTally {
    /// Embeddings (orbit sizes summed).
    pub embeddings: u64,
    /// Rotation classes.
    pub rotations: u64,
    /// Isometry classes (canonical embeddings).
    pub isometries: u64,
    /// Isometry classes fixed by reversal (palindromes only).
    pub fix_iso: u64,
    /// Rotation classes fixed by reversal (palindromes only).
    pub fix_rot: u64,
}

impl CountTally {
    pub(crate) fn add(&mut self, p: &Problem, path: &[u8], stab: u64) {
        let b = &p.board;
        let g = b.group_size() as u64;
        let rot = b.rotation_mask();
        let r = rot.count_ones() as u64;
        let h = stab.count_ones() as u64;
        let hr = (stab & rot).count_ones() as u64;
        // Orbit–stabilizer: the orbit has |G|/|H| embeddings, and splits into R-orbits of
        // |R|/|R∩H| each (R is normal in G, so all have the same size).
        let orbit = g / h;
        let r_classes = orbit * hr / r;
        self.embeddings += orbit;
        self.rotations += r_classes;
        self.isometries += 1;
        if p.chain.is_palindrome() {
            // Reversal acts on the set of classes as an involution; classes = (N + fixed)/2
            // (Burnside for a group of order 2). A class is fixed when the reversed embedding
            // lies in it.
            if (0..b.group_size()).any(|k| maps_to_reverse(b, k, path)) {
                self.fix_iso += 1;
            }
            let in_rot_class = |q: &[u8]| {
                (0..b.group_size()).any(|k| rot >> k & 1 == 1 && maps_to_reverse(b, k, q))
            };
            if in_rot_class(path) {
                self.fix_rot += 1;
            }
            if r_classes == 2 {
                // The other rotation class of this isometry class is the mirror image.
                if let Some(s) = (0..b.group_size()).find(|&i| rot >> i & 1 == 0) {
                    let q: Vec<u8> = path.iter().map(|&x| b.apply(s, x as usize) as u8).collect();
                    if in_rot_class(&q) {
                        self.fix_rot += 1;
                    }
                }
            }
        }
    }

    /// Adds the tallies of other tasks.
    pub fn merge(&mut self, o: &CountTally) {
        self.embeddings += o.embeddings;
        self.rotations += o.rotations;
        self.isometries += o.isometries;
        self.fix_iso += o.fix_iso;
        self.fix_rot += o.fix_rot;
    }

    /// The counts, for a chain that is a palindrome or not.
    pub fn counts(&self, palindrome: bool) -> Counts {
        Counts {
            embeddings: self.embeddings,
            rotations: self.rotations,
            isometries: self.isometries,
            palindrome,
            rotations_reversal: palindrome.then_some((self.rotations + self.fix_rot) / 2),
            isometries_reversal: palindrome.then_some((self.isometries + self.fix_iso) / 2),
        }
    }
}

/// A search state to resume: a canonical prefix of `k` segments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Task {
    pub(crate) k: usize,
    pub(crate) head: usize,
    pub(crate) prev: usize,
    pub(crate) occ: u64,
    pub(crate) stab: u64,
    pub(crate) end: u64,
    pub(crate) path: Vec<u8>,
}

pub(crate) struct Search<'a, F> {
    p: &'a Problem,
    pruning: Pruning,
    path: Vec<u8>,
    visit: F,
    stopped: bool,
    pub(crate) stats: Stats,
    /// When set, prefixes of this many segments are collected as tasks instead of searched.
    split: Option<(usize, Vec<Task>)>,
    /// Set from outside (a signal handler) to stop early: read at every segment.
    cancel: Cancel<'a>,
    /// Whether `cancel` stopped the search, so that some foldings were never visited.
    pub(crate) cancelled: bool,
}

impl<'a, F> Search<'a, F>
where
    F: FnMut(&[u8], u64) -> ControlFlow<()>,
{
    pub(crate) fn new(p: &'a Problem, pruning: Pruning, visit: F) -> Self {
        Search {
            p,
            pruning,
            path: Vec::with_capacity(p.board.cells()),
            visit,
            stopped: false,
            stats: Stats::default(),
            split: None,
            cancel: None,
            cancelled: false,
        }
    }

    pub(crate) fn cancel_on(mut self, cancel: Cancel<'a>) -> Self {
        self.cancel = cancel;
        self
    }

    pub(crate) fn resume(&mut self, t: &Task) {
        self.path.clear();
        self.path.extend_from_slice(&t.path);
        self.segment(t.k, t.head, t.prev, t.occ, t.stab, t.end);
    }

    fn run(&mut self) {
        let b = &self.p.board;
        let n = b.cells();
        let all = b.group_mask();
        for start in 0..n {
            if self.p.start_mask >> start & 1 == 0 {
                continue;
            }
            // Canonical paths start on the least cell of their start's orbit; the symmetries
            // fixing the start remain to be broken further along.
            let Some(stab) = b.extend_stabilizer(all, start) else {
                continue;
            };
            let end_colour = b.end_colour(start);
            self.path.clear();
            self.path.push(start as u8);
            self.segment(0, start, 6, 1u64 << start, stab, end_colour);
            if self.stopped {
                return;
            }
        }
    }

    fn segment(&mut self, k: usize, head: usize, prev: usize, occ: u64, stab: u64, end: u64) {
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            self.stopped = true;
            self.cancelled = true;
            return;
        }
        let p = self.p;
        if let Some((depth, tasks)) = &mut self.split {
            if k == *depth || k == p.steps.len() {
                tasks.push(Task {
                    k,
                    head,
                    prev,
                    occ,
                    stab,
                    end,
                    path: self.path.clone(),
                });
                return;
            }
        }
        if k == p.steps.len() {
            self.stats.leaves += 1;
            if (self.visit)(&self.path, stab).is_break() {
                self.stopped = true;
            }
            return;
        }
        let b = &p.board;
        let len = p.steps[k];
        let base = self.path.len();
        for d in 0..6 {
            // Consecutive segments are perpendicular: a corner cube turns by 90 degrees.
            if prev < 6 && d / 2 == prev / 2 {
                continue;
            }
            // Whole segment at once: rejected by one table look-up and one AND when it leaves
            // the box or meets the chain.
            let (mask, last) = b.ray(head, d, len as usize);
            if last == NONE || mask & occ != 0 {
                continue;
            }
            let occ2 = occ | mask;
            let mut c = head;
            let mut st = stab;
            let mut canonical = true;
            for _ in 0..len {
                c = b.step(c, d) as usize;
                self.path.push(c as u8);
                // Symmetry breaking: no symmetry fixing the path so far may map it below itself.
                match b.extend_stabilizer(st, c) {
                    Some(s) => st = s,
                    None => {
                        canonical = false;
                        break;
                    }
                }
            }
            if canonical {
                self.stats.nodes += 1;
                let free = b.full() & !occ2;
                let alive = (!self.pruning.dead_ends || b.dead_end_ok(free, c, end))
                    && (!self.pruning.connectivity || b.connected(free, c));
                if alive {
                    self.segment(k + 1, c, d, occ2, st, end);
                }
            }
            self.path.truncate(base);
            if self.stopped {
                return;
            }
        }
    }
}
