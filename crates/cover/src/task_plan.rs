//! The task plan as data, for callers that must recognise it later.
//!
//! A resumable run (a checkpoint) records which tasks are done by index; an index means
//! something only for the plan it was taken from. Exposing the plan lets such a caller
//! fingerprint it and refuse progress saved against any other plan (another problem, another
//! `min_tasks`, or an engine whose planning changed).

use crate::search::Compiled;
use crate::{plan, Problem, ProblemError};

/// The version of the engine's planning and delivery; part of every plan fingerprint.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The tasks [`crate::search`] cuts `problem` into with `min_tasks` (as in
/// [`crate::SearchOptions::min_tasks`]): each task is its path of row indices from the root, in
/// delivery order. Deterministic for a given problem and engine version.
pub fn task_plan(problem: &Problem, min_tasks: usize) -> Result<Vec<Vec<u32>>, ProblemError> {
    with_compiled!(problem, c => plan(&c, min_tasks.max(1))?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{search, SearchOptions};
    use std::ops::ControlFlow;

    /// The plan has as many tasks as a search reports, and is the same every time.
    #[test]
    fn plan_matches_the_search() {
        // Exact cover of 8 columns by every pair {i, i+1} and every single: many covers.
        let mut rows = Vec::new();
        for i in 0..8u32 {
            rows.push(crate::Row {
                group: 0,
                columns: vec![i],
            });
            if i < 7 {
                rows.push(crate::Row {
                    group: 0,
                    columns: vec![i, i + 1],
                });
            }
        }
        let p = Problem {
            columns: 8,
            prefilled: vec![],
            group_caps: vec![8],
            rows,
            grid: None,
            exact_groups: false,
            branching: crate::Branching::MostConstrained,
            secondary: vec![],
            group_min: None,
        };
        let opts = SearchOptions {
            min_tasks: 16,
            ..Default::default()
        };
        let report = search(
            &p,
            &opts,
            |_| |_: &[u32]| ControlFlow::Continue(()),
            |_, _, _| ControlFlow::Continue(()),
        )
        .unwrap();
        let plan = task_plan(&p, 16).unwrap();
        assert_eq!(plan.len(), report.tasks_total);
        assert!(plan.len() > 1);
        assert_eq!(plan, task_plan(&p, 16).unwrap());
    }
}
