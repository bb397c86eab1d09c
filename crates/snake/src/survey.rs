//! Every chain that folds into a small box, with its number of solutions.
//!
//! Instead of trying all 2^(n-2) chains, the survey enumerates the Hamiltonian paths of the box
//! once — one canonical path per symmetry class, by the same lexicographic symmetry breaking as
//! the chain search — and reads each path's chain off its turns. A snake is a chain identified
//! with its reverse; its solutions are the classes of its foldings under the box's isometries
//! and, for a palindrome, reversal: `(D + F) / 2`, where `D` counts the path classes whose chain
//! is the snake read from either end and `F` those mapped onto their own reversal by a symmetry
//! (Burnside for the order-2 reversal acting on classes; for a non-palindrome `F = 0` and the
//! two readings contribute equally).

use crate::board::{Board, NONE};
use crate::chain::Chain;
use crate::solve::Cancel;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::Ordering;

/// One snake of the survey.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SurveyEntry {
    /// The snake, as the smaller of its two readings (segment notation).
    pub chain: String,
    /// One letter per cube.
    pub letters: String,
    /// Whether it reads the same from both ends.
    pub palindrome: bool,
    /// Physically different foldings (up to isometries and reversal).
    pub solutions: u64,
}

/// The survey of one box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Survey {
    /// The box, `XxYxZ`.
    #[serde(rename = "box")]
    pub board: String,
    /// Directed Hamiltonian paths with the box fixed (orbit sizes summed).
    pub directed_paths: u64,
    /// Classes of directed paths under the box's isometries.
    pub path_classes: u64,
    /// Distinct snakes (chain identified with its reverse) that fold into the box.
    pub snakes: u64,
    /// How many of them are palindromes.
    pub palindromes: u64,
    /// Sum of their solutions.
    pub solutions: u64,
    /// Snakes with exactly one solution.
    pub unique: u64,
    /// Largest number of solutions of one snake.
    pub max_solutions: u64,
    /// The snakes, sorted by segment list.
    #[serde(skip)]
    pub entries: Vec<SurveyEntry>,
}

/// Per-pattern tallies: `(D, F)` as in the module documentation.
type Tally = HashMap<u64, (u64, u64)>;

/// The tallies of one corner pattern (a snake): `D` and `F` of the module documentation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PatternTally {
    /// Path classes whose chain is the snake read from either end (`D`).
    pub classes: u64,
    /// Those a symmetry maps onto their own reversal (`F`).
    pub fixed: u64,
}

/// Summable tallies of a survey over some of its tasks. Snakes' solutions are `(D + F) / 2`,
/// not sums, so partial surveys (shards) are merged as tallies and summarised once, at the end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SurveyTally {
    /// Per snake: its corner pattern (bit `i` set when interior cube `i + 1` is a corner; the
    /// smaller of the two readings) and tallies.
    pub patterns: BTreeMap<u64, PatternTally>,
    /// Directed Hamiltonian paths with the box fixed.
    pub directed_paths: u64,
    /// Classes of directed paths under the box's isometries.
    pub path_classes: u64,
}

impl SurveyTally {
    /// Adds the tallies of other tasks; `None` if a sum overflows 64 bits.
    pub fn merge(&mut self, o: &SurveyTally) -> Option<()> {
        for (k, t) in &o.patterns {
            let e = self.patterns.entry(*k).or_default();
            e.classes = e.classes.checked_add(t.classes)?;
            e.fixed = e.fixed.checked_add(t.fixed)?;
        }
        self.directed_paths = self.directed_paths.checked_add(o.directed_paths)?;
        self.path_classes = self.path_classes.checked_add(o.path_classes)?;
        Some(())
    }

    /// The survey these tallies (of every task of a cut) make.
    pub fn summary(&self, board: &Board) -> Survey {
        summarize(
            board,
            board.cells(),
            self.patterns
                .iter()
                .map(|(&k, t)| (k, (t.classes, t.fixed))),
            self.directed_paths,
            self.path_classes,
        )
    }
}

pub(crate) struct Walker<'a> {
    b: &'a Board,
    n: usize,
    path: Vec<u8>,
    tally: Tally,
    directed: u64,
    classes: u64,
    /// Set from outside to stop early: read at every step.
    cancel: Cancel<'a>,
    /// Whether `cancel` stopped the walk before it was done.
    cancelled: bool,
}

/// Reverses the low `bits` bits of `x`.
fn reverse_bits(x: u64, bits: usize) -> u64 {
    if bits == 0 {
        0
    } else {
        x.reverse_bits() >> (64 - bits)
    }
}

impl<'a> Walker<'a> {
    pub(crate) fn new(b: &'a Board, cancel: Cancel<'a>) -> Self {
        Walker {
            b,
            n: b.cells(),
            path: Vec::with_capacity(b.cells()),
            tally: HashMap::new(),
            directed: 0,
            classes: 0,
            cancel,
            cancelled: false,
        }
    }

    /// Walks every completion of the prefix `t`.
    pub(crate) fn resume(&mut self, t: &Task) {
        self.path.clear();
        self.path.extend_from_slice(&t.path);
        let head = *t.path.last().unwrap_or(&0) as usize;
        self.walk(head, t.prev, t.occ, t.stab, t.pattern, t.end);
    }

    /// Adds the tallies of `o` (from other prefixes) to these.
    pub(crate) fn merge(mut self, o: Walker<'a>) -> Self {
        for (k, (d, f)) in o.tally {
            let e = self.tally.entry(k).or_insert((0, 0));
            e.0 += d;
            e.1 += f;
        }
        self.directed += o.directed;
        self.classes += o.classes;
        self.cancelled |= o.cancelled;
        self
    }

    /// Extends the path from `head`; `pattern` has bit `i` set when interior cube `i + 1` is a
    /// corner; `stab` is the set of symmetries fixing the path so far.
    fn walk(&mut self, head: usize, prev: usize, occ: u64, stab: u64, pattern: u64, end: u64) {
        if self.cancelled || self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            self.cancelled = true;
            return;
        }
        let depth = self.path.len();
        if depth == self.n {
            self.leaf(stab, pattern);
            return;
        }
        let b = self.b;
        for d in 0..6 {
            let nx = b.step(head, d);
            if nx == NONE || occ >> nx & 1 == 1 {
                continue;
            }
            let c = nx as usize;
            let Some(st) = b.extend_stabilizer(stab, c) else {
                continue;
            };
            let occ2 = occ | 1 << c;
            if !b.dead_end_ok(b.full() & !occ2, c, end) {
                continue;
            }
            // The head becomes an interior cube once something follows it; it is a corner when
            // the direction changes there.
            let pat = if depth >= 2 && d != prev {
                pattern | 1 << (depth - 2)
            } else {
                pattern
            };
            self.path.push(nx);
            self.walk(c, d, occ2, st, pat, end);
            self.path.pop();
        }
    }

    /// The tallies walked so far.
    pub(crate) fn tally(&self) -> SurveyTally {
        SurveyTally {
            patterns: self
                .tally
                .iter()
                .map(|(&k, &(classes, fixed))| (k, PatternTally { classes, fixed }))
                .collect(),
            directed_paths: self.directed,
            path_classes: self.classes,
        }
    }

    fn leaf(&mut self, stab: u64, pattern: u64) {
        let b = self.b;
        let bits = self.n - 2;
        let rev = reverse_bits(pattern, bits);
        let key = pattern.min(rev);
        self.directed += b.group_size() as u64 / stab.count_ones() as u64;
        self.classes += 1;
        let mut fixed = 0;
        if rev == pattern {
            let n = self.n;
            let p = &self.path;
            if (0..b.group_size())
                .any(|g| (0..n).all(|i| b.apply(g, p[i] as usize) == p[n - 1 - i] as usize))
            {
                fixed = 1;
            }
        }
        let e = self.tally.entry(key).or_insert((0, 0));
        e.0 += 1;
        e.1 += fixed;
    }
}

/// A unit of parallel work: a canonical path prefix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Task {
    pub(crate) path: Vec<u8>,
    pub(crate) prev: usize,
    pub(crate) occ: u64,
    pub(crate) stab: u64,
    pub(crate) pattern: u64,
    pub(crate) end: u64,
}

/// Surveys every chain that folds into `board`, using up to `threads` threads.
///
/// Practical for boxes up to 27 cells (3x3x3: about 10^5 path classes); larger boxes have far
/// too many Hamiltonian paths for an exhaustive survey.
pub fn survey(board: &Board, threads: usize) -> Survey {
    survey_until(board, threads, None).0
}

/// [`survey()`], stopped early when `cancel` is set; the flag says whether it is complete. A
/// stopped survey holds the paths walked so far: every figure a lower bound.
pub fn survey_until(board: &Board, threads: usize, cancel: Cancel<'_>) -> (Survey, bool) {
    // Split at depth 4 so that two threads get balanced work.
    let tasks = tasks_at(board, 4);
    // The tallies are sums per pattern, so the result does not depend on which thread walked
    // which prefix.
    let w = walk(board, &tasks, threads, cancel);
    let complete = !w.cancelled;
    let s = summarize(board, board.cells(), w.tally, w.directed, w.classes);
    (s, complete)
}

/// Walks every completion of `tasks` on up to `threads` threads (until `cancel` is set).
pub(crate) fn walk<'a>(
    board: &'a Board,
    tasks: &[Task],
    threads: usize,
    cancel: Cancel<'a>,
) -> Walker<'a> {
    crate::pool::install(threads, || {
        tasks
            .par_iter()
            .fold(
                || Walker::new(board, cancel),
                |mut w, t| {
                    w.resume(t);
                    w
                },
            )
            .reduce(|| Walker::new(board, cancel), Walker::merge)
    })
}

/// The canonical path prefixes of `depth` cells (complete paths if the box has fewer cells)
/// that survive pruning, in search order; none for a box of fewer than 2 cells.
pub(crate) fn tasks_at(board: &Board, depth: usize) -> Vec<Task> {
    let n = board.cells();
    let mut tasks = Vec::new();
    if n >= 2 {
        let starts = board.start_cells();
        for start in (0..n).filter(|&c| starts >> c & 1 == 1) {
            let Some(stab) = board.extend_stabilizer(board.group_mask(), start) else {
                continue;
            };
            expand(
                board,
                Task {
                    path: vec![start as u8],
                    prev: 6,
                    occ: 1 << start,
                    stab,
                    pattern: 0,
                    end: board.end_colour(start),
                },
                depth,
                &mut tasks,
            );
        }
    }
    tasks
}

/// Expands a prefix breadth-first to `depth` cells (or keeps it if it is already complete).
fn expand(b: &Board, t: Task, depth: usize, out: &mut Vec<Task>) {
    if t.path.len() >= depth || t.path.len() == b.cells() {
        out.push(t);
        return;
    }
    let head = *t.path.last().unwrap_or(&0) as usize;
    let k = t.path.len();
    for d in 0..6 {
        let nx = b.step(head, d);
        if nx == NONE || t.occ >> nx & 1 == 1 {
            continue;
        }
        let c = nx as usize;
        let Some(st) = b.extend_stabilizer(t.stab, c) else {
            continue;
        };
        let occ = t.occ | 1 << c;
        if !b.dead_end_ok(b.full() & !occ, c, t.end) {
            continue;
        }
        let pattern = if k >= 2 && d != t.prev {
            t.pattern | 1 << (k - 2)
        } else {
            t.pattern
        };
        let mut path = t.path.clone();
        path.push(nx);
        expand(
            b,
            Task {
                path,
                prev: d,
                occ,
                stab: st,
                pattern,
                end: t.end,
            },
            depth,
            out,
        );
    }
}

fn summarize(
    board: &Board,
    n: usize,
    tally: impl IntoIterator<Item = (u64, (u64, u64))>,
    directed: u64,
    classes: u64,
) -> Survey {
    let bits = n.saturating_sub(2);
    let mut entries: Vec<(Chain, SurveyEntry)> = tally
        .into_iter()
        .map(|(key, (d, f))| {
            let corners: Vec<bool> = (0..bits).map(|i| key >> i & 1 == 1).collect();
            let chain = Chain::from_corners(&corners).canonical();
            let palindrome = reverse_bits(key, bits) == key;
            let e = SurveyEntry {
                chain: chain.to_string(),
                letters: chain.letters(),
                palindrome,
                solutions: (d + f) / 2,
            };
            (chain, e)
        })
        .collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let entries: Vec<SurveyEntry> = entries.into_iter().map(|(_, e)| e).collect();
    Survey {
        board: board.to_string(),
        directed_paths: directed,
        path_classes: classes,
        snakes: entries.len() as u64,
        palindromes: entries.iter().filter(|e| e.palindrome).count() as u64,
        solutions: entries.iter().map(|e| e.solutions).sum(),
        unique: entries.iter().filter(|e| e.solutions == 1).count() as u64,
        max_solutions: entries.iter().map(|e| e.solutions).max().unwrap_or(0),
        entries,
    }
}
