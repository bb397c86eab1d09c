//! The kinds of job a plan can hold, as its `job.kind` names them.

use crate::error::AppError;
use wurfel_shard::Plan;

/// What a plan's shards compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `wurfel count PUZZLE`: a packing puzzle's solutions.
    Count,
    /// `wurfel count PUZZLE --method frontier --layers --slices N`: the same, slice by slice.
    FrontierCount,
    /// `wurfel snake count CHAIN`: a chain's foldings into its box.
    SnakeCount,
    /// `wurfel snake survey --box B`: every chain that folds into a box.
    SnakeSurvey,
    /// `wurfel revenge analyse --stage S`: a 4x4x4 stage's distance table, depth by depth.
    RevengeAnalyse,
}

impl Kind {
    const ALL: [Kind; 5] = [
        Kind::Count,
        Kind::FrontierCount,
        Kind::SnakeCount,
        Kind::SnakeSurvey,
        Kind::RevengeAnalyse,
    ];

    /// The name in plan files.
    pub fn key(self) -> &'static str {
        match self {
            Kind::Count => "count",
            Kind::FrontierCount => "frontier-count",
            Kind::SnakeCount => "snake-count",
            Kind::SnakeSurvey => "snake-survey",
            Kind::RevengeAnalyse => "revenge-analyse",
        }
    }

    /// True for jobs computed in rounds (an analysis, depth by depth), whose status is more
    /// than their shards' files.
    pub fn in_rounds(self) -> bool {
        self == Kind::RevengeAnalyse
    }

    /// The kind of `plan`'s job; an error for a kind this wurfel does not run.
    pub fn of(plan: &Plan) -> Result<Kind, AppError> {
        match Kind::ALL.into_iter().find(|k| k.key() == plan.job.kind) {
            Some(k) => Ok(k),
            None => Err(AppError::input(format!(
                "this wurfel cannot run `{}` shards (it runs {})",
                plan.job.kind,
                Kind::ALL.map(|k| format!("`{}`", k.key())).join(", ")
            ))),
        }
    }
}
