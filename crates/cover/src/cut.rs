//! Cutting the tree into many small tasks of about equal estimated size, for callers that
//! hand the tasks to other processes or machines (shards).

use crate::probe::EstimateOptions;
use crate::tree::{Node, Tree, Weight};
use crate::ProblemError;

/// A node with more than one live child (its prefix) and those children.
type Fork = (Vec<u32>, Vec<u32>);

/// The most single children [`Tree::cut`] follows down from a task to find where it forks.
const CHAIN: usize = 32;

/// How to cut.
pub struct CutOptions<'a> {
    /// Split until every task is estimated at most 1/`pieces` of the whole (or cannot be split).
    pub pieces: usize,
    /// Stop splitting when the cut has this many tasks.
    pub max_tasks: usize,
    /// Random probes per task for its estimate.
    pub probes_per_task: u64,
    /// Seed of the probes (the cut is a function of the problem, the options and the seed).
    pub seed: u64,
    /// Worker threads for the probes.
    pub threads: usize,
    /// Called with the number of tasks so far after each round of splitting.
    pub progress: Option<&'a (dyn Fn(usize) + Sync)>,
}

/// A cut of the tree with the estimated nodes below each task.
#[derive(Clone, Debug, Default)]
pub struct Cut {
    /// The tasks (prefixes), in search order.
    pub tasks: Vec<Vec<u32>>,
    /// Estimated nodes below each task.
    pub nodes: Vec<f64>,
    /// Probes taken in all.
    pub probes: u64,
}

impl Tree {
    /// Cuts the tree: starting from the root, every task estimated above 1/`pieces` of the
    /// current total is replaced by its children (each probed anew) until none is, no task can
    /// be split, or the cut has `max_tasks` tasks. The result is a cut ([`Tree::check_cut`]) in
    /// search order, deterministic for given options.
    /// An error only if the system refuses the memory of a search state (see [`Tree::node`]).
    pub fn cut(&self, opts: &CutOptions<'_>, weight: &Weight<'_>) -> Result<Cut, ProblemError> {
        let mut cut = Cut::default();
        let root: Vec<Vec<u32>> = vec![Vec::new()];
        let est = self.estimate_tasks(&root, opts, 0, weight, &mut cut.probes)?;
        cut.tasks = root;
        cut.nodes = est;
        for round in 1.. {
            let total: f64 = cut.nodes.iter().sum();
            let limit = total / opts.pieces.max(1) as f64;
            let mut tasks = Vec::with_capacity(cut.tasks.len() * 2);
            let mut nodes = Vec::with_capacity(cut.tasks.len() * 2);
            let mut fresh = Vec::new();
            let mut room = opts.max_tasks.saturating_sub(cut.tasks.len());
            for (t, &e) in cut.tasks.iter().zip(&cut.nodes) {
                let children = match (e > limit, room > 0) {
                    (true, true) => self.fork_below(t)?,
                    _ => None,
                };
                match children {
                    Some((t, c)) if c.len() <= room + 1 => {
                        room -= c.len() - 1;
                        for r in c {
                            let mut p = t.clone();
                            p.push(r);
                            fresh.push(tasks.len());
                            tasks.push(p);
                            nodes.push(0.0);
                        }
                    }
                    _ => {
                        tasks.push(t.clone());
                        nodes.push(e);
                    }
                }
            }
            if fresh.is_empty() {
                break;
            }
            let new_tasks: Vec<Vec<u32>> = fresh.iter().map(|&i| tasks[i].clone()).collect();
            let est = self.estimate_tasks(&new_tasks, opts, round, weight, &mut cut.probes)?;
            for (&i, e) in fresh.iter().zip(est) {
                nodes[i] = e;
            }
            cut.tasks = tasks;
            cut.nodes = nodes;
            if let Some(p) = opts.progress {
                p(cut.tasks.len());
            }
        }
        Ok(cut)
    }

    /// The first node at or below `t` with more than one live child, and its children,
    /// following at most [`CHAIN`] single children: splitting a node with one child makes
    /// no more tasks, and doing it a round at a time (each re-probed) made the cut of a long
    /// thin box, where every node has one child, cubic in its length. A chain longer than
    /// that is kept whole (the task cannot be split usefully).
    fn fork_below(&self, t: &[u32]) -> Result<Option<Fork>, ProblemError> {
        let mut t = t.to_vec();
        for _ in 0..CHAIN {
            match self.node(&t)? {
                Node::Branch(c) if c.len() == 1 => t.push(c[0]),
                Node::Branch(c) if !c.is_empty() => return Ok(Some((t, c))),
                _ => return Ok(None),
            }
        }
        Ok(None)
    }

    fn estimate_tasks(
        &self,
        tasks: &[Vec<u32>],
        opts: &CutOptions<'_>,
        round: u64,
        weight: &Weight<'_>,
        probes: &mut u64,
    ) -> Result<Vec<f64>, ProblemError> {
        let e = self.estimate(
            tasks,
            &EstimateOptions {
                // Half evenly, half where the spread is (see `Tree::estimate`).
                probes: opts.probes_per_task.max(2) * tasks.len() as u64,
                seed: opts.seed ^ round.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                exhaust: 0,
                threads: opts.threads,
                cancel: None,
                progress: None,
            },
            weight,
        )?;
        *probes += e.probes;
        Ok(e.tasks.iter().map(|s| s.mean_nodes()).collect())
    }
}
