//! Search statistics, as plain counters (summed over tasks and threads).

use std::ops::AddAssign;

/// What the search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes visited (a placement found dead when placed counts as one).
    pub nodes: u64,
    /// Rows placed at branching columns or groups (every candidate fits: the lists hold only
    /// rows that fit).
    pub tried: u64,
    /// Placed rows whose child node was searched (not found dead on placing).
    pub fitted: u64,
    /// Covers of the engine problem found (what the [`crate::Visitor`] received). A caller that
    /// breaks symmetry, like `wurfel-pack`, turns each cover into one or more solutions under
    /// its own conventions: this is not a count of puzzle solutions.
    pub solutions: u64,
    /// Dead ends found by counting: a placement after which some empty column, or some group
    /// that must still be used (with exact groups), has no fitting row left.
    pub dead_columns: u64,
    /// Placements rejected because they left an empty region that the remaining groups cannot
    /// fill (by size).
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
