//! The search cut into tasks as plain data, for running on other machines and merging exactly.
//!
//! A task is the cell path of a canonical prefix (`Vec<u32>`): of a few segments for a chain's
//! count, of a few cells for a survey. Prefixes come back from files that anyone can edit, so
//! every one is replayed move by move against the box before it is searched ([`TaskError`] if
//! it is not a prefix the search itself would reach), and a list of tasks can be checked to be
//! exactly the cut this version of the search makes ([`Problem::check_cut`],
//! [`check_survey_cut`]): same prefixes, same order, none missing or repeated. Results are
//! returned as tallies ([`CountTally`], [`SurveyTally`]), which add up; the conversion to
//! counts (which halves sums for palindromes) happens once, after the merge.

use crate::board::{Board, NONE};
use crate::solve::{Cancel, CountTally, Problem, Pruning, Stats, Task};
use crate::survey::{self, SurveyTally};
use std::collections::BTreeMap;

/// Why a list of tasks was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TaskError {
    /// A prefix the search never reaches (edited, or from another problem).
    #[error("task {index} is not a prefix of this search: {why}")]
    Invalid {
        /// Position in the list.
        index: usize,
        /// What is wrong with it.
        why: String,
    },
    /// Every prefix is valid, but the list is not the cut (some missing, repeated or moved).
    #[error("the tasks are not the cut of this search: {0}")]
    NotTheCut(String),
    /// A tally map lacks a name or a sum overflows.
    #[error("{0}")]
    Tally(String),
}

/// The names of [`CountTally`]'s fields, as [`CountTally::to_map`] writes them.
const COUNT_TALLY_NAMES: [&str; 5] = [
    "embeddings",
    "rotations",
    "isometries",
    "fix_isometries",
    "fix_rotations",
];

impl CountTally {
    /// The tallies by name (summable: the sum of two maps is the map of the merged tallies).
    pub fn to_map(&self) -> BTreeMap<String, u64> {
        let v = [
            self.embeddings,
            self.rotations,
            self.isometries,
            self.fix_iso,
            self.fix_rot,
        ];
        COUNT_TALLY_NAMES
            .iter()
            .zip(v)
            .map(|(k, v)| (k.to_string(), v))
            .collect()
    }

    /// The inverse of [`CountTally::to_map`]; refuses a map with other names.
    pub fn from_map(m: &BTreeMap<String, u64>) -> Result<CountTally, TaskError> {
        if m.len() != COUNT_TALLY_NAMES.len() {
            return Err(TaskError::Tally(format!(
                "a chain's tallies are {}, not {}",
                COUNT_TALLY_NAMES.join(", "),
                m.keys().cloned().collect::<Vec<_>>().join(", ")
            )));
        }
        let g = |k: &str| {
            m.get(k)
                .copied()
                .ok_or_else(|| TaskError::Tally(format!("the tally `{k}` is missing")))
        };
        Ok(CountTally {
            embeddings: g("embeddings")?,
            rotations: g("rotations")?,
            isometries: g("isometries")?,
            fix_iso: g("fix_isometries")?,
            fix_rot: g("fix_rotations")?,
        })
    }
}

fn invalid(index: usize, why: impl Into<String>) -> TaskError {
    TaskError::Invalid {
        index,
        why: why.into(),
    }
}

/// The direction of the step from `a` to `b`, if they are neighbours.
fn direction(b: &Board, a: usize, c: u32) -> Option<usize> {
    (0..6).find(|&d| {
        let nx = b.step(a, d);
        nx != NONE && u32::from(nx) == c
    })
}

/// The start of a canonical path: on a start cell of the colour argument, the least of its
/// orbit. Returns the symmetries fixing it and the colour the path must end on.
fn start(
    b: &Board,
    starts: u64,
    index: usize,
    path: &[u32],
) -> Result<(usize, u64, u64), TaskError> {
    let &first = path.first().ok_or_else(|| invalid(index, "it is empty"))?;
    let s = first as usize;
    if s >= b.cells() || starts >> s & 1 == 0 {
        return Err(invalid(
            index,
            format!("no canonical path starts on cell {first}"),
        ));
    }
    let stab = b
        .extend_stabilizer(b.group_mask(), s)
        .ok_or_else(|| invalid(index, format!("cell {first} is not the least of its orbit")))?;
    Ok((s, stab, b.end_colour(s)))
}

impl Problem {
    /// The search cut into at least `min_tasks` tasks if some cut has that many (the canonical
    /// prefixes of the fewest segments that give them; else the largest cut), each as its
    /// cell path, in search order.
    pub fn cut(&self, min_tasks: usize) -> Vec<Vec<u32>> {
        let depths = 1..=self.steps().len().max(1);
        let cut = smallest_enough(depths, min_tasks, |d| {
            self.split_at(Pruning::default(), d).0
        });
        paths(cut, |t| t.path)
    }

    /// Checks that `tasks` is exactly a cut [`Problem::cut`] makes: the prefixes of one depth,
    /// all of them, in order.
    pub fn check_cut(&self, tasks: &[Vec<u32>]) -> Result<(), TaskError> {
        let replayed = self.replay(tasks)?;
        let depth = replayed.first().map_or(1, |t| t.k);
        let (want, _) = self.split_at(Pruning::default(), depth);
        compare(&replayed, &want, |t| &t.path)
    }

    /// Searches every completion of `tasks` (each replayed first: an invalid one is an error,
    /// before any search) on up to `threads` threads. The tallies and statistics are sums, so
    /// they do not depend on the threads.
    pub fn run_tasks(
        &self,
        tasks: &[Vec<u32>],
        threads: usize,
    ) -> Result<(CountTally, Stats), TaskError> {
        let (tally, stats, _) = self.run_tasks_until(tasks, threads, None)?;
        Ok((tally, stats))
    }

    /// [`Problem::run_tasks`] that stops once `cancel` is set (mid-task, as `count_until`
    /// does): the tallies of the foldings found so far, and whether every task ran to its end.
    pub fn run_tasks_until(
        &self,
        tasks: &[Vec<u32>],
        threads: usize,
        cancel: Cancel<'_>,
    ) -> Result<(CountTally, Stats, bool), TaskError> {
        let tasks = self.replay(tasks)?;
        Ok(self.search_tasks(Pruning::default(), &tasks, threads, cancel))
    }

    /// Rebuilds the search state of each prefix by replaying its moves: whole segments in
    /// turn, perpendicular, inside the box, on free cells, canonical and not pruned.
    fn replay(&self, tasks: &[Vec<u32>]) -> Result<Vec<Task>, TaskError> {
        tasks
            .iter()
            .enumerate()
            .map(|(i, t)| self.replay_one(i, t))
            .collect()
    }

    fn replay_one(&self, index: usize, path: &[u32]) -> Result<Task, TaskError> {
        let b = self.board();
        let steps = self.steps();
        let (s, mut stab, end) = start(b, self.start_mask(), index, path)?;
        let (mut head, mut prev, mut occ, mut k, mut pos) = (s, 6usize, 1u64 << s, 0usize, 0usize);
        while pos + 1 < path.len() {
            let &len = steps
                .get(k)
                .ok_or_else(|| invalid(index, "it is longer than the chain"))?;
            let len = len as usize;
            if pos + len >= path.len() {
                return Err(invalid(index, format!("it ends inside segment {}", k + 1)));
            }
            let d = direction(b, head, path[pos + 1])
                .ok_or_else(|| invalid(index, format!("step {} is not to a neighbour", pos + 1)))?;
            if prev < 6 && d / 2 == prev / 2 {
                return Err(invalid(index, format!("segment {} does not turn", k + 1)));
            }
            let (mask, last) = b.ray(head, d, len);
            if last == NONE || mask & occ != 0 {
                return Err(invalid(index, format!("segment {} does not fit", k + 1)));
            }
            let mut c = head;
            for i in 1..=len {
                c = b.step(c, d) as usize;
                if path[pos + i] as usize != c {
                    return Err(invalid(index, format!("segment {} bends", k + 1)));
                }
                stab = b.extend_stabilizer(stab, c).ok_or_else(|| {
                    invalid(index, "it is not the least path of its symmetry class")
                })?;
            }
            occ |= mask;
            if !b.dead_end_ok(b.full() & !occ, c, end) {
                return Err(invalid(index, "the search prunes it (a dead end)"));
            }
            (head, prev, k, pos) = (c, d, k + 1, pos + len);
        }
        Ok(Task {
            k,
            head,
            prev,
            occ,
            stab,
            end,
            path: path.iter().map(|&c| c as u8).collect(),
        })
    }
}

/// Checks that the replayed tasks are `want`, the cut the search makes at their depth.
fn compare<T>(got: &[T], want: &[T], path: impl Fn(&T) -> &Vec<u8>) -> Result<(), TaskError> {
    if let Some(i) = (0..got.len().min(want.len())).find(|&i| path(&got[i]) != path(&want[i])) {
        return Err(TaskError::NotTheCut(format!(
            "task {i} is not the prefix the search cuts there"
        )));
    }
    if got.len() != want.len() {
        return Err(TaskError::NotTheCut(format!(
            "{} tasks where the search cuts {}",
            got.len(),
            want.len()
        )));
    }
    Ok(())
}

/// A survey of `board` cut into at least `min_tasks` tasks if some cut has that many (the
/// canonical path prefixes of the fewest cells that give them; else the largest cut), each as
/// its cell path, in search order.
pub fn survey_cut(board: &Board, min_tasks: usize) -> Vec<Vec<u32>> {
    let depths = 2..=board.cells().max(2);
    let cut = smallest_enough(depths, min_tasks, |d| survey::tasks_at(board, d));
    paths(cut, |t| t.path)
}

/// The cut of the first depth that gives at least `min_tasks` tasks, else the largest one.
/// Pruned branches die out with depth, so the deepest cut is not always the largest.
fn smallest_enough<T>(
    depths: impl Iterator<Item = usize>,
    min_tasks: usize,
    cut_at: impl Fn(usize) -> Vec<T>,
) -> Vec<T> {
    let mut best = Vec::new();
    for depth in depths {
        let tasks = cut_at(depth);
        if tasks.len() > best.len() {
            best = tasks;
        }
        if best.len() >= min_tasks.max(1) {
            break;
        }
    }
    best
}

/// Tasks as plain data: their cell paths.
fn paths<T>(tasks: Vec<T>, path: impl Fn(T) -> Vec<u8>) -> Vec<Vec<u32>> {
    tasks
        .into_iter()
        .map(|t| path(t).into_iter().map(u32::from).collect())
        .collect()
}

/// Checks that `tasks` is exactly a cut [`survey_cut`] makes for `board`.
pub fn check_survey_cut(board: &Board, tasks: &[Vec<u32>]) -> Result<(), TaskError> {
    let replayed = replay_survey(board, tasks)?;
    let depth = replayed.first().map_or(2, |t| t.path.len());
    compare(&replayed, &survey::tasks_at(board, depth), |t| &t.path)
}

/// Walks every completion of `tasks` of a survey of `board` (each replayed first: an invalid
/// one is an error, before any walk) on up to `threads` threads.
pub fn survey_tasks(
    board: &Board,
    tasks: &[Vec<u32>],
    threads: usize,
) -> Result<SurveyTally, TaskError> {
    let tasks = replay_survey(board, tasks)?;
    Ok(survey::walk(board, &tasks, threads, None).tally())
}

fn replay_survey(b: &Board, tasks: &[Vec<u32>]) -> Result<Vec<survey::Task>, TaskError> {
    if b.cells() < 2 {
        return Err(TaskError::NotTheCut(
            "a box of one cell has no paths".into(),
        ));
    }
    let starts = b.start_cells();
    tasks
        .iter()
        .enumerate()
        .map(|(index, path)| {
            let (s, mut stab, end) = start(b, starts, index, path)?;
            let (mut head, mut prev, mut occ, mut pattern) = (s, 6usize, 1u64 << s, 0u64);
            for (k, &c) in path.iter().enumerate().skip(1) {
                let d = direction(b, head, c)
                    .ok_or_else(|| invalid(index, format!("step {k} is not to a neighbour")))?;
                let c = c as usize;
                if occ >> c & 1 == 1 {
                    return Err(invalid(index, format!("step {k} returns to cell {c}")));
                }
                stab = b.extend_stabilizer(stab, c).ok_or_else(|| {
                    invalid(index, "it is not the least path of its symmetry class")
                })?;
                occ |= 1 << c;
                if !b.dead_end_ok(b.full() & !occ, c, end) {
                    return Err(invalid(index, "the search prunes it (a dead end)"));
                }
                // As the walk does: the cube before `c` is a corner when the direction changes.
                if k >= 2 && d != prev {
                    pattern |= 1 << (k - 2);
                }
                (head, prev) = (c, d);
            }
            Ok(survey::Task {
                path: path.iter().map(|&c| c as u8).collect(),
                prev,
                occ,
                stab,
                pattern,
                end,
            })
        })
        .collect()
}
