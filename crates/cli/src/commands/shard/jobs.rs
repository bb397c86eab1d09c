//! Every kind's implementation of [`ShardJob`], found by the plan's kind: the one place that
//! knows them all (the commands ask it; the implementations know only the trait).

use super::analyse::AnalyseJob;
use super::count::CountJob;
use super::frontier::FrontierJob;
use super::job::Kind;
use super::job::ShardJob;
use anyhow::Result;
use wurfel_app::shard::frontier::Slices;
use wurfel_app::shard::snake::SnakeJob;
use wurfel_shard::Plan;

/// The job of `plan`, rebuilt from it and checked against its problem hash (cheaply: what a
/// job needs to search, e.g. a packing's placements, is built by `run` and `merge`).
pub(crate) fn of_plan(plan: &Plan) -> Result<Box<dyn ShardJob>> {
    Ok(match Kind::of(plan)? {
        Kind::Count => Box::new(CountJob::of_plan(plan)?),
        Kind::FrontierCount => Box::new(FrontierJob(Slices::of_plan(plan)?)),
        Kind::SnakeCount | Kind::SnakeSurvey => Box::new(SnakeJob::of_plan(plan)?),
        Kind::RevengeAnalyse => Box::new(AnalyseJob::of_plan(plan)?),
    })
}
