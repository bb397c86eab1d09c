//! The jobs API: `POST /api/v1/jobs` queues a job and returns its id, `GET
//! /api/v1/jobs/{id}/events` streams its progress and result as server-sent events, `DELETE
//! /api/v1/jobs/{id}` cancels it.
//!
//! A job belongs to the one stream that watches it: when that stream's client goes away the
//! job is cancelled, and a job nobody watches within [`CLAIM_SECONDS`] is cancelled too. So
//! nothing runs for a client that is gone, and finished jobs are not kept.

use crate::body::JsonBody;
use crate::error::ApiError;
use crate::pool::{Answer, CancelGuard, JobHandle, Phase, Snapshot};
use crate::requests::{self, JobRequest};
use crate::Shared;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::IntoResponse;
use axum::Json;
use serde_json::json;
use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// Seconds a job waits for its event stream before it is cancelled.
pub const CLAIM_SECONDS: u64 = 30;

/// The least time between two progress events of a stream (and the most, so a stream whose
/// client is gone is noticed within it).
const TICK: Duration = Duration::from_millis(250);

/// A job in the table.
pub struct Entry {
    handle: JobHandle,
    claimed: AtomicBool,
}

/// `POST /api/v1/jobs`: `{"command": "count", ...the endpoint's request}`.
pub async fn create(
    State(shared): State<Arc<Shared>>,
    JsonBody(req): JsonBody<JobRequest>,
) -> Result<impl IntoResponse, ApiError> {
    let asked = match &req {
        JobRequest::Solve(r) => r.threads,
        JobRequest::Count(r) => r.threads,
        JobRequest::Estimate(r) => r.threads,
        JobRequest::SnakeSolve(r) | JobRequest::SnakeCount(r) => r.threads,
        JobRequest::RevengeSolve(_) => None,
    };
    let threads = requests::threads(asked, shared.config.threads)?;
    let s = shared.clone();
    let handle = shared
        .pool
        .submit(threads, move |ctl| crate::work::run(&req, ctl, &s))?;
    let id = format!("{:016x}", rand::random::<u64>());
    let entry = Arc::new(Entry {
        handle,
        claimed: AtomicBool::new(false),
    });
    lock(&shared).insert(id.clone(), entry.clone());
    let (s, key) = (shared.clone(), id.clone());
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(CLAIM_SECONDS)).await;
        if !entry.claimed.load(Ordering::SeqCst) {
            entry.handle.cancel();
            lock(&s).remove(&key);
        }
    });
    let events = format!("/api/v1/jobs/{id}/events");
    Ok((
        StatusCode::ACCEPTED,
        Json(json!({ "id": id, "events": events })),
    ))
}

/// `DELETE /api/v1/jobs/{id}`: asks the job to stop; its stream then delivers what it has.
pub async fn cancel(
    State(shared): State<Arc<Shared>>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, ApiError> {
    let entry = find(&shared, &id)?;
    entry.handle.cancel();
    Ok((
        StatusCode::ACCEPTED,
        Json(json!({ "id": id, "cancelled": true })),
    ))
}

/// `GET /api/v1/jobs/{id}/events`: `progress` events, then `result` (the CLI's object) or
/// `error` (`{"error"}`), then `end` (`{"stopped": null | "why"}`).
pub async fn events(
    State(shared): State<Arc<Shared>>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, ApiError> {
    let entry = find(&shared, &id)?;
    if entry.claimed.swap(true, Ordering::SeqCst) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("job {id} is already being watched (one event stream per job)"),
        ));
    }
    let stream = Stream {
        rx: entry.handle.state.clone(),
        guard: Some(entry.handle.guard()),
        shared,
        id,
        queue: VecDeque::new(),
        finished: false,
        first: true,
    };
    let events = futures_util::stream::unfold(stream, |mut s| async move {
        let ev = s.next().await?;
        Some((Ok::<Event, Infallible>(ev), s))
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(5))))
}

fn lock(
    shared: &Shared,
) -> std::sync::MutexGuard<'_, std::collections::HashMap<String, Arc<Entry>>> {
    // A panic while holding the lock leaves the table itself consistent (one insert or remove).
    shared.jobs.lock().unwrap_or_else(|e| e.into_inner())
}

fn find(shared: &Shared, id: &str) -> Result<Arc<Entry>, ApiError> {
    lock(shared)
        .get(id)
        .cloned()
        .ok_or_else(|| ApiError::not_found(format!("no job {id} (finished jobs are not kept)")))
}

/// One job's event stream; dropping it (the client went away) cancels the job.
struct Stream {
    rx: watch::Receiver<Snapshot>,
    guard: Option<CancelGuard>,
    shared: Arc<Shared>,
    id: String,
    queue: VecDeque<Event>,
    finished: bool,
    first: bool,
}

impl Stream {
    async fn next(&mut self) -> Option<Event> {
        if let Some(ev) = self.queue.pop_front() {
            return Some(ev);
        }
        if self.finished {
            return None;
        }
        if !self.first {
            tokio::time::sleep(TICK).await;
            // Wait for news, but not for long: an event now and then finds a closed connection.
            let _ = tokio::time::timeout(TICK * 4, self.rx.changed()).await;
        }
        self.first = false;
        let snap = self.rx.borrow_and_update().clone();
        match snap.phase {
            Phase::Done(f) => {
                self.finished = true;
                if let Some(g) = self.guard.take() {
                    g.disarm();
                }
                let ev = match &f.body {
                    Ok(Answer::Json(j) | Answer::Html(j)) => {
                        Event::default().event("result").data(j.as_str())
                    }
                    // No job of the jobs API makes a file (the plate is its own endpoint).
                    Ok(Answer::File { name, .. }) => Event::default().event("error").data(
                        json!({ "error": format!("{name} is a file, not an event"), "status": 500 })
                            .to_string(),
                    ),
                    Err(e) => Event::default().event("error").data(
                        json!({ "error": e.message, "status": e.status.as_u16() }).to_string(),
                    ),
                };
                self.queue.push_back(
                    Event::default()
                        .event("end")
                        .data(json!({ "stopped": f.stopped }).to_string()),
                );
                Some(ev)
            }
            phase => {
                let name = if matches!(phase, Phase::Queued) {
                    "queued"
                } else {
                    "running"
                };
                let mut data = json!({ "phase": name });
                if let (Some(p), Some(obj)) = (&snap.progress, data.as_object_mut()) {
                    if let Ok(serde_json::Value::Object(m)) = serde_json::to_value(p) {
                        obj.extend(m);
                    }
                }
                Some(Event::default().event("progress").data(data.to_string()))
            }
        }
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        lock(&self.shared).remove(&self.id);
    }
}
