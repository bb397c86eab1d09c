//! `count --method auto`: the frontier counter when its work is estimated far below the
//! search's.
//!
//! Both are estimated in their own units, cheaply: the frontier counter's work is its number
//! of state transitions, measured by running the raw count under a transition budget (exact
//! when it finishes within it, else extrapolated from the cells it reached, which only
//! underestimates it when the states still grow); the search's is its number of nodes, from
//! Knuth's random probes over the engine's tree ([`wurfel_cover::Tree::estimate`]). A
//! transition (one hash-map update) costs about as much as a search node, and the classes
//! need up to as much work again as the raw count, so the frontier counter is chosen when
//! twice its transitions are at most a tenth of the search's nodes.

use super::{count, FrontierError, FrontierOptions};
use crate::Prepared;
use std::sync::atomic::AtomicBool;
use wurfel_cover::{task_plan, EstimateOptions, SearchOptions, Tree};

/// Transitions the probe may make (a few seconds).
const PROBE_TRANSITIONS: u64 = 50_000_000;
/// Random probes of the search tree.
const SEARCH_PROBES: u64 = 2_000;
/// How much less work the frontier counter must need to be chosen.
const MARGIN: f64 = 10.0;
/// Search nodes below which the search is chosen without probing the frontier counter: a
/// fraction of a second of search, which no method could save much of.
const SEARCH_ANYWAY: f64 = 1e6;

/// What `auto` found and chose.
#[derive(Clone, Debug)]
pub struct Choice {
    /// Whether to count with the frontier counter.
    pub frontier: bool,
    /// The frontier counter's transitions for the raw count (estimated unless `measured`),
    /// `None` when it cannot run within the memory bound or state width.
    pub transitions: Option<f64>,
    /// Whether `transitions` is a measurement (the probe finished).
    pub measured: bool,
    /// The share of the cells the probe reached (1 when it finished).
    pub probed: f64,
    /// The most states at one cell, when the probe finished.
    pub peak_states: usize,
    /// Why the frontier counter cannot run, when it cannot.
    pub refused: Option<FrontierError>,
    /// The search's estimated nodes.
    pub search_nodes: f64,
}

impl Choice {
    /// One line saying what was chosen and why.
    pub fn explain(&self) -> String {
        let search = format!("the search ≈ {:.3e} nodes", self.search_nodes);
        match (&self.refused, self.transitions) {
            (Some(e), _) => format!("search ({search}; the frontier method cannot run: {e})"),
            (None, Some(t)) => format!(
                "{} (the frontier method {}; {search})",
                if self.frontier { "frontier" } else { "search" },
                if self.measured {
                    format!(
                        "{t:.3e} transitions, {} boundary states at most",
                        self.peak_states
                    )
                } else {
                    format!(
                        "≈ {t:.3e} transitions, extrapolated from the first {:.1}% of the cells",
                        100.0 * self.probed
                    )
                }
            ),
            (None, None) => format!("search ({search})"),
        }
    }
}

/// Estimates both methods' work on `prep` and chooses one.
pub fn choose(
    prep: &Prepared,
    max_bytes: usize,
    threads: usize,
    cancel: Option<&AtomicBool>,
) -> Result<Choice, FrontierError> {
    // The search's estimate first: the frontier counter is chosen only when twice its
    // transitions, with the margin, stay within the search's nodes. Its probe makes at most a
    // tenth of that many (extrapolated beyond), so `auto`, the default method, costs a small
    // share of the search it may choose (the Tetris Cube: 0.3 M transitions, not 50 M).
    let search_nodes = search_nodes(prep, threads, cancel);
    let mut choice = Choice {
        frontier: false,
        transitions: None,
        measured: false,
        probed: 0.0,
        peak_states: 0,
        refused: None,
        search_nodes,
    };
    if search_nodes < SEARCH_ANYWAY {
        return Ok(choice);
    }
    let enough = (search_nodes / (20.0 * MARGIN)).max(1.0);
    let budget = if enough < PROBE_TRANSITIONS as f64 {
        enough.ceil() as u64
    } else {
        PROBE_TRANSITIONS
    };
    let opts = FrontierOptions {
        max_bytes,
        max_transitions: budget,
        classes: false,
        cancel,
        ..Default::default()
    };
    match count(prep, &opts) {
        Ok(r) => {
            choice.transitions = Some(r.runs[0].transitions as f64);
            choice.measured = true;
            choice.probed = 1.0;
            choice.peak_states = r.peak_states();
        }
        Err(FrontierError::Budget {
            position,
            positions,
        }) => {
            choice.probed = position.max(1) as f64 / positions as f64;
            choice.transitions = Some(budget as f64 / choice.probed);
        }
        Err(FrontierError::Cancelled) => return Err(FrontierError::Cancelled),
        Err(e) => choice.refused = Some(e),
    }
    choice.frontier = choice
        .transitions
        .is_some_and(|t| 2.0 * t * MARGIN <= choice.search_nodes);
    Ok(choice)
}

/// The search's nodes, estimated by random probes (as `wurfel estimate` does, fewer of them).
fn search_nodes(prep: &Prepared, threads: usize, cancel: Option<&AtomicBool>) -> f64 {
    let problem = prep.problem();
    let (Ok(tasks), Ok(tree)) = (
        task_plan(problem, SearchOptions::default().min_tasks),
        Tree::new(problem),
    ) else {
        return f64::INFINITY;
    };
    // A refusal of the probes' memory: the search is then out of reach too.
    let Ok(est) = tree.estimate(
        &tasks,
        &EstimateOptions {
            probes: SEARCH_PROBES,
            seed: 1,
            exhaust: 0,
            threads,
            cancel,
            progress: None,
        },
        &|rows: &[u32]| prep.cover_weight(rows),
    ) else {
        return f64::INFINITY;
    };
    est.nodes.estimate
}
