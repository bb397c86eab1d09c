//! The jobs: a fixed number run at once (each on a blocking thread, the engine's own threads
//! under it), a bounded queue behind them (429 when full), per-job node and time budgets, and
//! cancellation through the engine's own cancel flag.

use crate::error::ApiError;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{watch, Notify, Semaphore};

/// What a job reports while it runs (fields a job does not know are left out).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Progress {
    /// Tasks (or probes, for an estimate) done and planned.
    pub done: u64,
    pub total: u64,
    /// Search nodes so far, and per second.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes_per_second: Option<f64>,
    /// Covers the engine found so far (before symmetry classes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub covers: Option<u64>,
    pub seconds: f64,
}

/// A job's answer: JSON text as the CLI prints it (fields in the CLI's order), a page, or a
/// file to download (the plate's 3MF package; never a job of the jobs API).
#[derive(Clone, Debug)]
pub enum Answer {
    Json(String),
    Html(String),
    File {
        content_type: &'static str,
        name: String,
        bytes: Vec<u8>,
    },
}

/// How a job ended.
#[derive(Debug)]
pub struct Finished {
    /// The CLI's `--json` object (or array) or a viewer page, or the error the CLI would
    /// print.
    pub body: Result<Answer, ApiError>,
    /// Why it stopped before its end (`None`: it ran to its end).
    pub stopped: Option<String>,
}

/// Where a job is.
#[derive(Clone, Debug)]
pub enum Phase {
    Queued,
    Running,
    Done(Arc<Finished>),
}

/// A job's phase and latest progress, as its watchers see it.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub phase: Phase,
    pub progress: Option<Progress>,
}

const REASON_NONE: u8 = 0;
const REASON_CLIENT: u8 = 1;
const REASON_TIME: u8 = 2;
const REASON_NODES: u8 = 3;

/// Stopping a job: the flag the engine polls, why it was set, and a wake-up for a job still
/// waiting for a slot.
#[derive(Default)]
struct Stop {
    flag: AtomicBool,
    reason: AtomicU8,
    wake: Notify,
}

impl Stop {
    fn set(&self, reason: u8) {
        let _ =
            self.reason
                .compare_exchange(REASON_NONE, reason, Ordering::SeqCst, Ordering::SeqCst);
        self.flag.store(true, Ordering::SeqCst);
        self.wake.notify_one();
    }
}

/// What the work function gets: the cancel flag and a way to report progress.
pub struct Ctl {
    stop: Arc<Stop>,
    state: watch::Sender<Snapshot>,
    max_nodes: Option<u64>,
    /// Worker threads for the engine.
    pub threads: usize,
    /// The server's memory budget, shared by every job.
    pub budget: wurfel_app::Budget,
}

impl Ctl {
    /// The flag the engine polls (set on cancel, disconnect or a budget).
    pub fn cancel_flag(&self) -> &AtomicBool {
        &self.stop.flag
    }

    /// Whether the job was asked to stop.
    pub fn cancelled(&self) -> bool {
        self.stop.flag.load(Ordering::SeqCst)
    }

    /// The application layer's context of this job: its threads, the server's budget, its
    /// cancel flag, events to `sink`.
    pub fn context<'a>(&'a self, sink: &'a dyn wurfel_app::Sink) -> wurfel_app::Context<'a> {
        wurfel_app::Context {
            threads: self.threads,
            budget: &self.budget,
            cancel: &self.stop.flag,
            sink,
        }
    }

    /// Publishes progress; past the node budget, stops the job.
    pub fn report(&self, p: Progress) {
        if let (Some(max), Some(n)) = (self.max_nodes, p.nodes) {
            if n > max {
                self.stop.set(REASON_NODES);
            }
        }
        self.state.send_modify(|s| s.progress = Some(p));
    }
}

/// A submitted job, seen from the request that submitted it.
pub struct JobHandle {
    stop: Arc<Stop>,
    pub state: watch::Receiver<Snapshot>,
}

impl JobHandle {
    /// Asks the job to stop (it delivers what it has, as the CLI does after Ctrl-C).
    pub fn cancel(&self) {
        self.stop.set(REASON_CLIENT);
    }

    /// Waits for the end.
    pub async fn finished(&mut self) -> Arc<Finished> {
        loop {
            if let Phase::Done(f) = &self.state.borrow_and_update().phase {
                return f.clone();
            }
            if self.state.changed().await.is_err() {
                // The runner is gone without a result: only a panic does that.
                return Arc::new(Finished {
                    body: Err(ApiError::new(
                        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                        "the job ended without a result (a bug: please report it)",
                    )),
                    stopped: None,
                });
            }
        }
    }

    /// A guard that cancels the job when dropped (its client went away) unless disarmed.
    pub fn guard(&self) -> CancelGuard {
        CancelGuard {
            stop: Some(self.stop.clone()),
        }
    }

    /// Whether the job has ended.
    pub fn is_done(&self) -> bool {
        matches!(self.state.borrow().phase, Phase::Done(_))
    }
}

/// Cancels its job when dropped: a request whose connection closed is dropped by the server,
/// and with it this guard.
pub struct CancelGuard {
    stop: Option<Arc<Stop>>,
}

impl CancelGuard {
    /// The job is over: dropping the guard no longer cancels anything.
    pub fn disarm(mut self) {
        self.stop = None;
    }
}

impl Drop for CancelGuard {
    fn drop(&mut self) {
        if let Some(s) = &self.stop {
            s.set(REASON_CLIENT);
        }
    }
}

/// Limits of the pool and of every job.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Jobs running at once.
    pub running: usize,
    /// Jobs waiting at most.
    pub queued: usize,
    /// Per job: nodes and wall-clock seconds (`None`: no limit).
    pub max_nodes: Option<u64>,
    pub max_seconds: Option<f64>,
    /// The memory budget all running jobs share.
    pub budget: wurfel_app::Budget,
}

/// The pool of running jobs and its queue.
pub struct Pool {
    slots: Arc<Semaphore>,
    admitted: AtomicUsize,
    running: Arc<AtomicUsize>,
    limits: Limits,
}

/// Numbers for `GET /api/v1/status`.
#[derive(Serialize)]
pub struct PoolStatus {
    pub running: usize,
    pub queued: usize,
    pub max_running: usize,
    pub max_queued: usize,
}

/// Gives back an admission when the job ends however it ends (even by a panic).
struct Admission(Arc<Pool>);

impl Drop for Admission {
    fn drop(&mut self) {
        self.0.admitted.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Pool {
    pub fn new(limits: Limits) -> Arc<Pool> {
        Arc::new(Pool {
            slots: Arc::new(Semaphore::new(limits.running.max(1))),
            admitted: AtomicUsize::new(0),
            running: Arc::new(AtomicUsize::new(0)),
            limits,
        })
    }

    pub fn status(&self) -> PoolStatus {
        let running = self.running.load(Ordering::SeqCst);
        PoolStatus {
            running,
            queued: self.admitted.load(Ordering::SeqCst).saturating_sub(running),
            max_running: self.limits.running,
            max_queued: self.limits.queued,
        }
    }

    /// Queues `work` (refused with 429 when every slot and queue place is taken); it runs on a
    /// blocking thread with `threads` engine threads once a slot is free.
    pub fn submit<W>(self: &Arc<Self>, threads: usize, work: W) -> Result<JobHandle, ApiError>
    where
        W: FnOnce(&Ctl) -> Result<Answer, ApiError> + Send + 'static,
    {
        let capacity = self.limits.running + self.limits.queued;
        let before = self.admitted.fetch_add(1, Ordering::SeqCst);
        let admission = Admission(self.clone());
        if before >= capacity {
            let s = self.status();
            drop(admission);
            return Err(ApiError::busy(s.running, s.queued));
        }
        let stop = Arc::new(Stop::default());
        let (tx, rx) = watch::channel(Snapshot {
            phase: Phase::Queued,
            progress: None,
        });
        let pool = self.clone();
        let handle = JobHandle {
            stop: stop.clone(),
            state: rx,
        };
        tokio::spawn(async move {
            let finished = pool.run(stop, &tx, threads, work).await;
            drop(admission);
            tx.send_modify(|s| s.phase = Phase::Done(Arc::new(finished)));
        });
        Ok(handle)
    }

    async fn run<W>(
        &self,
        stop: Arc<Stop>,
        tx: &watch::Sender<Snapshot>,
        threads: usize,
        work: W,
    ) -> Finished
    where
        W: FnOnce(&Ctl) -> Result<Answer, ApiError> + Send + 'static,
    {
        let permit = tokio::select! {
            p = self.slots.clone().acquire_owned() => p,
            _ = stop.wake.notified() => return stopped(&stop, Err(ApiError::new(axum::http::StatusCode::CONFLICT, "cancelled before it started"))),
        };
        let Ok(_permit) = permit else {
            return stopped(
                &stop,
                Err(ApiError::bad_request("the server is shutting down")),
            );
        };
        self.running.fetch_add(1, Ordering::SeqCst);
        let _running = Counted(self.running.clone());
        tx.send_modify(|s| s.phase = Phase::Running);
        let ctl = Ctl {
            stop: stop.clone(),
            state: tx.clone(),
            max_nodes: self.limits.max_nodes,
            threads,
            budget: self.limits.budget.clone(),
        };
        let mut task = tokio::task::spawn_blocking(move || work(&ctl));
        let result = match self.limits.max_seconds {
            Some(secs) => {
                match tokio::time::timeout(Duration::from_secs_f64(secs), &mut task).await {
                    Ok(r) => r,
                    Err(_) => {
                        stop.set(REASON_TIME);
                        task.await
                    }
                }
            }
            None => task.await,
        };
        let body = result.unwrap_or_else(|e| {
            Err(ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                format!("the job failed: {e} (a bug: please report it)"),
            ))
        });
        stopped(&stop, body)
    }

    /// The per-job time budget, for messages.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}

/// Decrements a counter when dropped.
struct Counted(Arc<AtomicUsize>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

fn stopped(stop: &Stop, body: Result<Answer, ApiError>) -> Finished {
    let reason = match stop.reason.load(Ordering::SeqCst) {
        REASON_CLIENT => Some("cancelled".to_string()),
        REASON_TIME => Some("time budget reached (the server's --max-seconds)".to_string()),
        REASON_NODES => Some("node budget reached (the server's --max-nodes)".to_string()),
        _ => None,
    };
    // A stop that came when the work was done (a budget crossed by the last round's report, a
    // cancel as the job ended) stopped nothing: an answer that says it is complete is not
    // called stopped. (Checked only for stopped jobs: most answers are never parsed here.)
    let reason = reason.filter(|_| !says_complete(&body));
    Finished {
        body,
        stopped: reason,
    }
}

/// Whether `body` is a JSON object with `"complete": true`.
fn says_complete(body: &Result<Answer, ApiError>) -> bool {
    let Ok(Answer::Json(text)) = body else {
        return false;
    };
    serde_json::from_str::<serde_json::Value>(text)
        .is_ok_and(|v| v.get("complete") == Some(&serde_json::Value::Bool(true)))
}

/// Seconds since `start`, for progress.
pub fn since(start: Instant) -> f64 {
    start.elapsed().as_secs_f64()
}
