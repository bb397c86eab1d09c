//! The search tree as an object, for callers that measure it (random probes) or cut it into
//! pieces (shards) before searching it.
//!
//! A node is named by its prefix: the engine rows placed on the way from the root, in search
//! order. The children of a node are the rows the search would branch on there (same choice
//! of column or group, same pruning), minus those the search finds dead as soon as they are
//! placed. A list of prefixes is a *cut* when every leaf of the tree lies below exactly one of
//! them; searching the prefixes of a cut one by one finds every cover exactly once.

use crate::sample::{Rng, Sample};
use crate::search::{Choice, Compiled, State, NO_STOP};
use crate::{Problem, ProblemError};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// What is at a node of the search tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// The prefix is not a node (rows overlap, a group is used up, a row index is out of
    /// range, or the search never enters it because it is found dead when placed).
    Missing,
    /// Every column is covered: the prefix is a cover. With secondary columns: every primary
    /// column is covered, and the covers are the prefix completed by rows in secondary cells
    /// only (none, one or several; the search enumerates them at this leaf).
    Cover,
    /// Nothing below: some column or group cannot be covered any more.
    DeadEnd,
    /// The rows of the children, in search order.
    Branch(Vec<u32>),
}

/// The operations on a compiled problem of any board width.
/// Each makes no state of its own: it takes a spare one, or makes one and may be refused
/// its memory (an error, never a panic).
pub(crate) trait Walk: Send + Sync {
    fn node(&self, prefix: &[u32]) -> Result<Node, ProblemError>;
    fn probe(
        &self,
        prefix: &[u32],
        probes: u64,
        exhaust: u32,
        rng: &mut Rng,
        w: &Weight<'_>,
    ) -> Result<(Sample, Option<(f64, f64)>), ProblemError>;
    fn run_budget(&self, prefix: &[u32], budget: u64) -> Result<u64, ProblemError>;
}

/// The raw-solution weight of a cover (1 for plain exact cover; a caller that breaks symmetry
/// weighs each cover by the solutions it stands for).
pub type Weight<'a> = dyn Fn(&[u32]) -> u64 + Sync + 'a;

/// A compiled problem with the states its walks reuse: a state's stacks are reserved to the
/// deepest search path (gigabytes for a large box), so states are made once and kept, not
/// made per walk.
pub(crate) struct Walker<const W: usize> {
    c: Compiled<W>,
    /// States not in use. `Tree::new` puts one here, so a walk on the caller's thread (one
    /// at a time) never asks the system for memory again; probe workers running at once make
    /// more, fallibly.
    spare: Mutex<Vec<State<'static, W>>>,
}

impl<const W: usize> Walker<W> {
    /// `c` with one state reserved, or the system's refusal of it.
    fn new(c: Compiled<W>) -> Result<Self, ProblemError> {
        let st = c.root_state(NO_STOP)?;
        Ok(Walker {
            c,
            spare: Mutex::new(vec![st]),
        })
    }

    /// `f` of a state at `prefix` (`None` when `prefix` is not a node): a spare state, or one
    /// made now if every spare one is in use — the system may refuse that one.
    fn at<T>(
        &self,
        prefix: &[u32],
        f: impl FnOnce(Option<&mut State<'static, W>>) -> T,
    ) -> Result<T, ProblemError> {
        let spares = || self.spare.lock().unwrap_or_else(PoisonError::into_inner);
        let spare = spares().pop();
        let mut st = match spare {
            Some(st) => st,
            None => self.c.root_state(NO_STOP)?,
        };
        let placed = self.c.restart(&mut st, prefix);
        let out = f(placed.then_some(&mut st));
        spares().push(st);
        Ok(out)
    }
}

impl<const W: usize> Walk for Walker<W> {
    fn node(&self, prefix: &[u32]) -> Result<Node, ProblemError> {
        self.at(prefix, |st| self.c.node_at(st))
    }

    fn probe(
        &self,
        prefix: &[u32],
        probes: u64,
        exhaust: u32,
        rng: &mut Rng,
        weight: &Weight<'_>,
    ) -> Result<(Sample, Option<(f64, f64)>), ProblemError> {
        self.at(prefix, |st| {
            self.c.probe_at(st, probes, exhaust, rng, weight)
        })
    }

    fn run_budget(&self, prefix: &[u32], budget: u64) -> Result<u64, ProblemError> {
        self.at(prefix, |st| {
            let Some(st) = st else { return 0 };
            st.set_budget(budget);
            let mut count = |_: &[u32]| ControlFlow::Continue(());
            let _ = self.c.dfs(st, &mut count);
            st.stats.nodes
        })
    }
}

impl<const W: usize> Compiled<W> {
    fn node_at(&self, st: Option<&mut State<'static, W>>) -> Node {
        let Some(st) = st else {
            return Node::Missing;
        };
        let choice = self.choose(st);
        match choice {
            Choice::Complete | Choice::Finish => Node::Cover,
            Choice::Dead => Node::DeadEnd,
            Choice::Column(_) | Choice::Group(_) => {
                let mut rows = Vec::new();
                self.branch_rows(st, &choice, &mut rows);
                let depth = st.stack.len();
                rows.retain(|&r| {
                    let live = self.place_row(st, r);
                    self.unwind_to(st, depth);
                    live
                });
                Node::Branch(rows)
            }
        }
    }

    /// Knuth's estimator (1975) with one step of lookahead and exhaustive search of the subtrees
    /// with at most `exhaust` units left to place: walk down from the node choosing
    /// one *live* child (not found dead when placed) uniformly at random. With `d_k` candidates
    /// and `l_k` live ones at depth `k`, the walk stands for `1 + d_1 + l_1 d_2 + l_1 l_2 d_3 +
    /// ...` nodes and, if it ends in a cover, for `l_1 l_2 ...` covers. Candidates are counted
    /// as the search counts nodes (a candidate found dead when placed is one node), so the
    /// expectation is the search's own node count.
    fn probe_at(
        &self,
        st: Option<&mut State<'static, W>>,
        probes: u64,
        exhaust: u32,
        rng: &mut Rng,
        weight: &Weight<'_>,
    ) -> (Sample, Option<(f64, f64)>) {
        let mut sample = Sample::default();
        let Some(st) = st else {
            // Not a node: it holds nothing (the search would find nothing there).
            for _ in 0..probes {
                sample.add(0.0, 0.0);
            }
            return (sample, Some((0.0, 0.0)));
        };
        let base = st.stack.len();
        let mut buf = Vec::new();
        let mut live = Vec::new();
        for taken in 0..probes {
            let mut nodes = 1.0f64;
            let mut paths = 1.0f64;
            let mut covers = 0.0f64;
            // Whether the walk had a choice; a walk without one is the only walk there is.
            let mut chose = false;
            loop {
                let choice = self.choose(st);
                if st.remaining.iter().sum::<u32>() <= exhaust || matches!(choice, Choice::Finish) {
                    // Near the leaves, search exhaustively: covers are rare events for a
                    // random walk but plentiful in these small subtrees, which are counted
                    // exactly (each stands for `paths` such subtrees).
                    let before = st.stats.nodes;
                    let mut found = 0u64;
                    let mut sum = |rows: &[u32]| {
                        found += weight(rows);
                        ControlFlow::Continue(())
                    };
                    let _ = self.dfs(st, &mut sum);
                    nodes += paths * (st.stats.nodes - before - 1) as f64;
                    covers = paths * found as f64;
                    break;
                }
                match choice {
                    Choice::Finish => unreachable!("searched exhaustively above"),
                    Choice::Complete => {
                        covers = paths * weight(&st.stack) as f64;
                        break;
                    }
                    Choice::Dead => break,
                    Choice::Column(_) | Choice::Group(_) => {
                        self.branch_rows(st, &choice, &mut buf);
                        nodes += paths * buf.len() as f64;
                        // One step of lookahead: the children found dead when placed are
                        // leaves (counted above); the walk goes on into a live one, which
                        // stands for all `live.len()` of them. Walks then rarely die one step
                        // before a cover, which keeps the estimate of covers usable.
                        let depth = st.stack.len();
                        live.clear();
                        for &r in &buf {
                            if self.place_row(st, r) {
                                live.push(r);
                                self.unwind_to(st, depth);
                            }
                        }
                        if live.is_empty() {
                            break;
                        }
                        paths *= live.len() as f64;
                        chose |= live.len() > 1;
                        let row = live[rng.below(live.len())];
                        self.place_row(st, row);
                    }
                }
            }
            self.unwind_to(st, base);
            sample.add(nodes, covers);
            if !chose {
                // Every other probe would walk the same path and find the same: on a long
                // thin box (one child per node) this makes `estimate` one walk instead of
                // `probes` walks of quadratic cost each.
                for _ in taken + 1..probes {
                    sample.add(nodes, covers);
                }
                return (sample, Some((nodes, covers)));
            }
        }
        (sample, None)
    }
}

/// A compiled problem whose tree can be walked node by node.
pub struct Tree {
    pub(crate) walk: Box<dyn Walk>,
}

impl Tree {
    /// Validates and compiles `problem`, and reserves the memory of one state of its search
    /// (a system that refuses it refuses the walk here, as an error). The walks on the
    /// caller's thread reuse that state; probe workers running at once make their own, and a
    /// worker refused one drops out (see `Tree::estimate`).
    pub fn new(problem: &Problem) -> Result<Tree, ProblemError> {
        with_compiled!(problem, c => Tree { walk: Box::new(Walker::new(c)?) })
    }

    /// What is at `prefix`; an error only if the system refuses a state's memory (which the
    /// state `Tree::new` reserved spares a caller walking on one thread).
    pub fn node(&self, prefix: &[u32]) -> Result<Node, ProblemError> {
        self.walk.node(prefix)
    }

    /// Checks that `tasks` is a cut of the tree in search order: every leaf below exactly one
    /// task, no task below another, the tasks in depth-first order. Costs one node expansion
    /// per prefix of a task, not a search.
    pub fn check_cut(&self, tasks: &[Vec<u32>]) -> Result<(), String> {
        let mut next = 0;
        let mut prefix = Vec::new();
        self.check_below(&mut prefix, tasks, &mut next)?;
        if next != tasks.len() {
            return Err(format!(
                "task {next} ({:?}) is not where the search order puts it (or is repeated)",
                tasks[next]
            ));
        }
        Ok(())
    }

    fn check_below(
        &self,
        prefix: &mut Vec<u32>,
        tasks: &[Vec<u32>],
        next: &mut usize,
    ) -> Result<(), String> {
        let Some(task) = tasks.get(*next) else {
            return Err(format!("nothing covers the subtree below {prefix:?}"));
        };
        if task == prefix {
            *next += 1;
            return Ok(());
        }
        if !task.starts_with(prefix) {
            return Err(format!("nothing covers the subtree below {prefix:?}"));
        }
        match self.node(prefix).map_err(|e| e.to_string())? {
            Node::Branch(children) => {
                for r in children {
                    prefix.push(r);
                    let res = self.check_below(prefix, tasks, next);
                    prefix.pop();
                    res?;
                }
                Ok(())
            }
            _ => Err(format!(
                "task {:?} lies below {prefix:?}, which has no children",
                task
            )),
        }
    }

    /// Visits nodes below `prefix` with a budget of `budget` nodes (a real search, covers not
    /// kept) and returns the nodes visited: for measuring this machine's search speed.
    pub fn run_budget(&self, prefix: &[u32], budget: u64) -> Result<u64, ProblemError> {
        self.walk.run_budget(prefix, budget)
    }

    /// Measures search speed in nodes per second on one thread: searches `tasks` (spread over
    /// the list: every task once at most) with a budget of 2^16 nodes each, until `clock` has
    /// advanced by `time`. `clock` should be the calling thread's CPU time (the caller has it:
    /// the engine takes no dependencies), so that a busy machine does not slow the measure.
    /// A set `cancel` ends the measurement after the task in hand: the speed is then that of
    /// the tasks searched so far (a cancelled estimate must not go on measuring for `time`).
    pub fn nodes_per_second(
        &self,
        tasks: &[Vec<u32>],
        time: Duration,
        clock: &dyn Fn() -> Duration,
        cancel: Option<&AtomicBool>,
    ) -> Result<f64, ProblemError> {
        let start = clock();
        let mut nodes = 0u64;
        let n = tasks.len();
        // A stride coprime with n visits every task once, spread over the whole tree.
        let stride = (1..n.max(2))
            .rev()
            .find(|s| gcd(*s, n) == 1 && *s <= n / 2 + 1)
            .unwrap_or(1);
        let mut i = 0;
        for _ in 0..n {
            nodes += self.run_budget(&tasks[i], 1 << 16)?;
            if clock().saturating_sub(start) >= time
                || cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            {
                break;
            }
            i = (i + stride) % n;
        }
        Ok(nodes as f64 / clock().saturating_sub(start).as_secs_f64().max(1e-9))
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
