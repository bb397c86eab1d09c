//! Search statistics, as plain counters (summed over tasks and threads).

use std::ops::AddAssign;

/// What the search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes visited.
    pub nodes: u64,
    /// Rows considered at branching columns.
    pub tried: u64,
    /// Rows that fitted and were placed.
    pub fitted: u64,
    /// Complete covers found.
    pub solutions: u64,
    /// Nodes cut because some empty column had no fitting row.
    pub dead_columns: u64,
    /// Nodes cut because an empty region could not be filled by the remaining groups.
    pub region_prunes: u64,
    /// Tasks cut short by [`crate::SearchOptions::node_budget`] (their subtrees were not
    /// searched to the end).
    pub budget_cuts: u64,
}

impl AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.nodes += o.nodes;
        self.tried += o.tried;
        self.fitted += o.fitted;
        self.solutions += o.solutions;
        self.dead_columns += o.dead_columns;
        self.region_prunes += o.region_prunes;
        self.budget_cuts += o.budget_cuts;
    }
}
