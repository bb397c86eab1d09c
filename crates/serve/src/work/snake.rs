//! Snake cubes: `snake solve` and `snake count`, answering with their `--json` objects.

use super::{to_json, viewer, JobSink};
use crate::error::ApiError;
use crate::pool::{Answer, Ctl};
use crate::requests::{self, SnakeRequest};
use std::ops::ControlFlow;
use wurfel_present::report::{SnakeCountsJson, SnakeSolutionJson};
use wurfel_present::scene::snake_scene;
use wurfel_snake::input::{resolve, Named};
use wurfel_snake::Folding;

/// The chain and box of a request, read as `wurfel snake` reads them.
fn named(r: &SnakeRequest) -> Result<Named, ApiError> {
    let chain = r.chain.as_deref().ok_or_else(|| {
        ApiError::bad_request("give `chain`: a built-in snake, segment lengths or joint letters")
    })?;
    resolve(chain, r.board.as_deref()).map_err(|e| ApiError::input(e.to_string()))
}

/// The foldings `snake solve` lists (one per physically different folding).
fn foldings(n: &Named, r: &SnakeRequest, ctl: &Ctl, max: usize) -> Result<Vec<Folding>, ApiError> {
    if r.threads.is_some() {
        return Err(ApiError::bad_request(
            "`threads` is an option of snake/count, not of snake/solve",
        ));
    }
    let limit = requests::limit(r.limit, r.all, max)?;
    let sink = JobSink::new(ctl);
    let mut sols = Vec::new();
    let listed = wurfel_app::snake::solve(&ctl.context(&sink), &n.problem, Some(limit), |f| {
        sols.push(f);
        ControlFlow::Continue(())
    })?;
    if r.all && listed.more {
        return Err(ApiError::input(format!(
            "this chain has more than {limit} solutions, this server's maximum per request (its \
             --max-solutions): ask for a `limit`, or count them with /api/v1/snake/count"
        )));
    }
    Ok(sols)
}

/// `snake solve --json`: an array of the solution objects the CLI prints one per line.
pub fn solve(r: &SnakeRequest, ctl: &Ctl, max: usize) -> Result<Answer, ApiError> {
    let n = named(r)?;
    let sols = foldings(&n, r, ctl, max)?;
    let out: Vec<SnakeSolutionJson> = sols
        .iter()
        .enumerate()
        .map(|(i, f)| SnakeSolutionJson::new(&n.problem, i, f))
        .collect();
    to_json(&out)
}

/// `snake solve --render x.html`: the viewer page of the foldings.
pub fn view(r: &SnakeRequest, ctl: &Ctl, max: usize) -> Result<Answer, ApiError> {
    let n = named(r)?;
    let sols = foldings(&n, r, ctl, max)?;
    if sols.is_empty() {
        let why = n
            .problem
            .obstacle()
            .map(|w| format!(": {w}"))
            .unwrap_or_default();
        return Err(ApiError::input(format!("no folding fills the box{why}")));
    }
    let scenes: Vec<_> = sols
        .iter()
        .enumerate()
        .map(|(i, f)| snake_scene(n.name, &n.problem, f, i))
        .collect();
    viewer(&scenes)
}

/// `snake count --json` (`wurfel_app::snake::count`). A cancel or a budget stops the search
/// mid-task: the answer is then what `snake count --json` prints after Ctrl-C, the foldings
/// found so far with `"complete": false` (each figure a lower bound).
pub fn count(r: &SnakeRequest, ctl: &Ctl) -> Result<Answer, ApiError> {
    if r.limit.is_some() || r.all {
        return Err(ApiError::bad_request(
            "`limit` and `all` are options of snake/solve, not of snake/count",
        ));
    }
    let n = named(r)?;
    let sink = JobSink::new(ctl);
    let counted = wurfel_app::snake::count(&ctl.context(&sink), &n.problem)?;
    let mut json = SnakeCountsJson::new(&n.problem, &counted.counts);
    json.complete = counted.complete;
    to_json(&json)
}
