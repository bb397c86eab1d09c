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

impl Stats {
    /// The statistics a count reports, each under its one name: the keys of `count --json`'s
    /// `stats` and of shard results, and (with spaces for underscores) the words of `count
    /// --stats`. A dead column of a packing is a cell (or a piece that must still be used),
    /// hence `dead_cells`. `budget_cuts` is not reported: counts run without a node budget.
    pub fn named(&self) -> [(&'static str, u64); 6] {
        [
            ("nodes", self.nodes),
            ("tried", self.tried),
            ("fitted", self.fitted),
            ("covers", self.solutions),
            ("dead_cells", self.dead_columns),
            ("pruned_regions", self.region_prunes),
        ]
    }

    /// The inverse of [`Stats::named`]: `get` gives each name's value (0 if absent).
    pub fn from_named(get: impl Fn(&str) -> u64) -> Stats {
        Stats {
            nodes: get("nodes"),
            tried: get("tried"),
            fitted: get("fitted"),
            solutions: get("covers"),
            dead_columns: get("dead_cells"),
            region_prunes: get("pruned_regions"),
            budget_cuts: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Stats;

    #[test]
    fn named_round_trips() {
        let s = Stats {
            nodes: 1,
            tried: 2,
            fitted: 3,
            solutions: 4,
            dead_columns: 5,
            region_prunes: 6,
            budget_cuts: 0,
        };
        let named = s.named();
        let get = |k: &str| named.iter().find(|(n, _)| *n == k).map_or(0, |(_, v)| *v);
        assert_eq!(Stats::from_named(get), s);
    }
}
