//! The work of each job, run on a blocking thread: the same library calls as the CLI's
//! commands, answering with the same JSON.

pub mod pack;
pub mod plate;
pub mod revenge;
pub mod snake;

use crate::error::ApiError;
use crate::pool::{Answer, Ctl, Progress};
use crate::requests::JobRequest;
use crate::Shared;
use std::sync::Arc;

/// Runs a job of the jobs API (the same work as its endpoint).
pub fn run(req: &JobRequest, ctl: &Ctl, shared: &Arc<Shared>) -> Result<Answer, ApiError> {
    let max = shared.config.max_solutions;
    match req {
        JobRequest::Solve(r) => pack::solve(r, ctl, max),
        JobRequest::Count(r) => pack::count(r, ctl),
        JobRequest::Estimate(r) => pack::estimate(r, ctl),
        JobRequest::SnakeSolve(r) => snake::solve(r, ctl, max),
        JobRequest::SnakeCount(r) => snake::count(r, ctl),
        JobRequest::RevengeSolve(r) => revenge::solve(r, ctl, shared),
    }
}

/// The engine's progress as the API reports it.
pub fn engine_progress(p: &wurfel_cover::Progress) -> Progress {
    let secs = p.elapsed.as_secs_f64();
    Progress {
        done: p.tasks_done as u64,
        total: p.tasks_total as u64,
        nodes: Some(p.stats.nodes),
        nodes_per_second: Some(p.stats.nodes as f64 / secs.max(1e-3)),
        covers: Some(p.stats.solutions),
        seconds: secs,
    }
}

/// A response body as the CLI prints it (fields in the order of the CLI's types).
pub fn to_json<T: serde::Serialize>(v: &T) -> Result<Answer, ApiError> {
    serde_json::to_string(v).map(Answer::Json).map_err(|e| {
        ApiError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot encode the answer: {e}"),
        )
    })
}

/// The 3D viewer page of `scenes`, as `--render x.html` writes it (`wurfel_app::picture`).
pub fn viewer(scenes: &[wurfel_render::Scene]) -> Result<Answer, ApiError> {
    use wurfel_app::picture::{draw, Format};
    let found = scenes.len() as u64;
    let page = draw(scenes, Format::Html, wurfel_render::View::Assembled, found)?;
    String::from_utf8(page.bytes)
        .map(Answer::Html)
        .map_err(|_| ApiError::input("the viewer page is not UTF-8 (internal error)"))
}

/// The application layer's events as a job's progress (notes and stages are the command line's
/// standard error; a job's watchers see numbers).
pub struct JobSink<'a> {
    ctl: &'a Ctl,
    start: std::time::Instant,
}

impl<'a> JobSink<'a> {
    pub fn new(ctl: &'a Ctl) -> Self {
        JobSink {
            ctl,
            start: std::time::Instant::now(),
        }
    }
}

impl wurfel_app::Sink for JobSink<'_> {
    fn event(&self, e: wurfel_app::Event<'_>) {
        use wurfel_app::Event;
        let seconds = crate::pool::since(self.start);
        match e {
            Event::Search(p) => self.ctl.report(engine_progress(p)),
            Event::Frontier(p) => self.ctl.report(Progress {
                done: (p.run * p.positions + p.position) as u64,
                total: (p.runs * p.positions) as u64,
                seconds,
                ..Default::default()
            }),
            Event::Probes { done, planned } => self.ctl.report(Progress {
                done,
                total: planned,
                seconds,
                ..Default::default()
            }),
            Event::Stage(_) | Event::Pulse(_) | Event::Note(_) | Event::Done => {}
        }
    }
}
