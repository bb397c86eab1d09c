//! Snake cubes: `snake solve` and `snake count`, answering with their `--json` objects.

use super::{to_json, viewer};
use crate::error::ApiError;
use crate::pool::{since, Answer, Ctl, Progress};
use crate::requests::{self, SnakeRequest};
use std::time::Instant;
use wurfel_present::report::{SnakeCountsJson, SnakeSolutionJson};
use wurfel_present::scene::snake_scene;
use wurfel_snake::input::{resolve, Named};
use wurfel_snake::{CountTally, Folding};

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
    let want = if r.all { limit + 1 } else { limit };
    let (sols, _) = n
        .problem
        .solutions_until(Some(want), Some(ctl.cancel_flag()));
    if sols.len() > limit {
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

/// Tasks per round between progress reports, per thread.
const TASKS_PER_THREAD: usize = 8;

/// `snake count --json`. The search is cut into tasks (as `shard plan --snake` cuts it) run a
/// few at a time, for progress between rounds; the tallies are sums, so the counts equal
/// `snake count`'s. A cancel or a budget stops the search mid-task: the answer is then what
/// `snake count --json` prints after Ctrl-C, the foldings found so far with `"complete":
/// false` (each figure a lower bound).
pub fn count(r: &SnakeRequest, ctl: &Ctl) -> Result<Answer, ApiError> {
    if r.limit.is_some() || r.all {
        return Err(ApiError::bad_request(
            "`limit` and `all` are options of snake/solve, not of snake/count",
        ));
    }
    let n = named(r)?;
    let p = &n.problem;
    let start = Instant::now();
    let tasks = p.cut(64 * ctl.threads);
    let mut tally = CountTally::default();
    let mut nodes = 0;
    let mut complete = true;
    let round = TASKS_PER_THREAD * ctl.threads;
    // A round of a long count may take minutes: say at once how many tasks there are.
    ctl.report(Progress {
        total: tasks.len() as u64,
        nodes: Some(0),
        ..Default::default()
    });
    for (i, chunk) in tasks.chunks(round).enumerate() {
        if ctl.cancelled() {
            complete = false;
            break;
        }
        let (t, st, done) = p
            .run_tasks_until(chunk, ctl.threads, Some(ctl.cancel_flag()))
            .map_err(|e| ApiError::input(e.to_string()))?;
        tally.merge(&t);
        nodes += st.nodes;
        let secs = since(start);
        ctl.report(Progress {
            done: (i * round + chunk.len()) as u64,
            total: tasks.len() as u64,
            nodes: Some(nodes),
            nodes_per_second: Some(nodes as f64 / secs.max(1e-3)),
            covers: None,
            seconds: secs,
        });
        if !done {
            complete = false;
            break;
        }
    }
    let counts = tally.counts(p.chain().is_palindrome());
    let mut json = SnakeCountsJson::new(p, &counts);
    json.complete = complete;
    to_json(&json)
}
