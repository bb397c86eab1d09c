//! `wurfel serve`: a local web app on the native engine.
//!
//! An HTTP API that mirrors the CLI (the same option names, and response bodies that are
//! exactly the objects the CLI prints with `--json`), long jobs with server-sent progress, and
//! a single-page app embedded in the binary (no build step, no network).
//!
//! - [`requests`]: the request bodies; [`body`]: strict JSON bodies; [`error`]: `{"error"}`;
//! - [`guard`]: the `Host`/`Origin` checks (DNS rebinding); [`conn`]: the accept loop, with
//!   header and body timeouts and a bound on open connections;
//! - [`pool`]: jobs on blocking threads, a fixed number at once, a bounded queue, budgets,
//!   cancellation; [`jobs`]: the jobs API and its event stream;
//! - [`work`]: the library calls each job makes; [`api`]: the routes; [`assets`]: the app;
//!   [`grids`]: the grids as the designer draws them.
//!
//! Like the core crates it touches no file and no terminal: the caller (the `wurfel` binary)
//! chooses the address, prints, and names the 4x4x4 table directory. Its public surface is
//! [`Config`] (with [`ConnectionLimits`]), [`start`] and the running [`Server`]; the modules
//! above are private.

mod api;
mod assets;
mod body;
mod conn;
mod error;
mod grids;
mod guard;
mod jobs;
mod pool;
mod requests;
mod work;

/// How many connections the server keeps open and how long a request may take ([`Config::connections`]).
pub use conn::Limits as ConnectionLimits;

use axum::http::StatusCode;
use error::ApiError;
use pool::{Limits, Pool};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, OnceLock};
use wurfel_revenge::FiveStage as Solver;
use wurfel_revenge::Store;
use wurfel_revenge::{Reduction, ReductionTables as TableStore};

/// The largest request body: a puzzle file may have 1 MiB (`wurfel_pack::source::
/// MAX_FILE_BYTES`), and JSON escaping can add as much again.
pub(crate) const BODY_LIMIT: usize = 2 << 20;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (port 0: any free port).
    pub bind: SocketAddr,
    /// Jobs running at once.
    pub jobs: usize,
    /// Jobs waiting at most; more are refused with 429.
    pub queue: usize,
    /// Engine threads per job (also the most a request may ask for).
    pub threads: usize,
    /// Per job: search nodes and wall-clock seconds before it is stopped.
    pub max_nodes: Option<u64>,
    pub max_seconds: Option<f64>,
    /// Solutions listed per request at most.
    pub max_solutions: usize,
    /// Where the 4x4x4 tables are cached (`None`: the reduction's built in memory, ~10 s; the
    /// CLI gives its table directory).
    pub revenge_tables: Option<Arc<dyn Store>>,
    /// The memory budget every running job shares (the CLI's `--max-memory`): a job is refused
    /// with the command line's message, as a 422, when it would not fit beside the others.
    pub budget: wurfel_app::Budget,
    /// Connections open at once, and how long a request's head and body may take.
    pub connections: ConnectionLimits,
}

impl Config {
    /// Defaults for `bind`: 2 jobs, 16 waiting, all cores per job, 1,000 solutions, no budgets;
    /// 512 connections, 10 s for a request's head, 30 s for its body ([`conn::Limits`]).
    pub fn new(bind: SocketAddr) -> Config {
        Config {
            bind,
            jobs: 2,
            queue: 16,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            max_nodes: None,
            max_seconds: None,
            max_solutions: 1000,
            revenge_tables: None,
            budget: wurfel_app::Budget::from_flag(None),
            connections: conn::Limits::default(),
        }
    }
}

/// What every request shares.
pub(crate) struct Shared {
    pub(crate) config: Config,
    pub(crate) pool: Arc<Pool>,
    pub(crate) jobs: Mutex<HashMap<String, Arc<jobs::Entry>>>,
    revenge: OnceLock<Reduction>,
    /// The five-stage solver once its tables were found built (never built here).
    five_stage: Mutex<Option<Arc<Solver>>>,
    snakes: OnceLock<String>,
}

impl Shared {
    fn new(config: Config) -> Arc<Shared> {
        let pool = Pool::new(Limits {
            running: config.jobs.max(1),
            queued: config.queue,
            max_nodes: config.max_nodes,
            max_seconds: config.max_seconds,
            budget: config.budget.clone(),
        });
        Arc::new(Shared {
            config,
            pool,
            jobs: Mutex::new(HashMap::new()),
            revenge: OnceLock::new(),
            five_stage: Mutex::new(None),
            snakes: OnceLock::new(),
        })
    }

    /// The 4x4x4 reduction solver, its tables loaded (or built) on first use; callers block
    /// until then (they run on blocking threads).
    pub fn revenge(&self) -> &Reduction {
        self.revenge.get_or_init(|| {
            Reduction::new(&TableStore {
                store: self.config.revenge_tables.clone(),
                report: None,
            })
        })
    }

    /// The five-stage solver, mapped from the table directory if `wurfel revenge tables
    /// --method five-stage` built its tables there; else a 409 saying to build them (a web
    /// request must not start a 2.3 GB, minutes-long build). Looked for again on each request
    /// until found.
    pub fn five_stage(&self) -> Result<Arc<Solver>, ApiError> {
        // Held while mapping (milliseconds), so two requests do not map the tables twice.
        let mut slot = self.five_stage.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(s) = slot.as_ref() {
            return Ok(s.clone());
        }
        let refuse = |why: String| {
            ApiError::new(
                StatusCode::CONFLICT,
                format!(
                    "the five-stage method's tables are not built on this server ({why}): run \
                     `wurfel revenge tables --method five-stage` first (2.3 GB, about 3 minutes \
                     on 2 cores), or use \"method\": \"reduction\""
                ),
            )
        };
        let dir = self
            .config
            .revenge_tables
            .as_ref()
            .ok_or_else(|| refuse("this server keeps no table directory".into()))?;
        let solver = Arc::new(Solver::load_cached(&**dir).map_err(refuse)?);
        *slot = Some(solver.clone());
        Ok(solver)
    }

    /// `snake list --json`, as an array (computed once).
    pub fn snakes(&self) -> &String {
        self.snakes.get_or_init(|| {
            // `snake list --json`'s rows (`wurfel_app::snake::catalog`), one thread, never
            // cancelled; counting the catalog reserves no memory, so it needs no budget.
            let budget = wurfel_app::Budget::new(None, "the snake catalog");
            let cancel = std::sync::atomic::AtomicBool::new(false);
            let ctx = wurfel_app::Context {
                threads: 1,
                budget: &budget,
                cancel: &cancel,
                sink: &wurfel_app::Silent,
            };
            let mut entries = Vec::new();
            let listed = wurfel_app::snake::catalog(&ctx, |row| {
                entries.push(row.to_json());
                std::ops::ControlFlow::Continue(())
            });
            listed
                .ok()
                .and_then(|_| serde_json::to_string(&entries).ok())
                .unwrap_or_default()
        })
    }
}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<std::io::Result<()>>>,
}

impl Server {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves until the process ends (or the server fails).
    pub fn wait(mut self) -> std::io::Result<()> {
        match self.thread.take().map(|t| t.join()) {
            Some(Ok(r)) => r,
            Some(Err(_)) => Err(std::io::Error::other("the server thread panicked")),
            None => Ok(()),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Binds `config.bind` and serves on a thread of its own; the 4x4x4 tables start loading at
/// once. Errors: the address cannot be bound (in use, not this machine's).
pub fn start(config: Config) -> std::io::Result<Server> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(config.jobs.max(1) + 8)
        .thread_name("wurfel-serve")
        // Jobs run on the blocking threads: a job may fail, the server may not overflow.
        .thread_stack_size(wurfel_app::JOB_STACK)
        .enable_all()
        .build()?;
    let listener = runtime.block_on(tokio::net::TcpListener::bind(config.bind))?;
    let addr = listener.local_addr()?;
    let limits = config.connections;
    let shared = Shared::new(config);
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("wurfel-serve".into())
        .spawn(move || {
            let served = runtime.block_on(async move {
                let warm = shared.clone();
                tokio::task::spawn_blocking(move || {
                    warm.revenge();
                });
                let app = api::router(shared, addr);
                // Stopping drops every connection at once: an open event stream must not keep
                // the server alive.
                tokio::select! {
                    r = conn::serve(listener, app, limits) => r,
                    _ = rx => Ok(()),
                }
            });
            // Running jobs see their connections dropped and stop; do not wait long for them.
            runtime.shutdown_timeout(std::time::Duration::from_secs(2));
            served
        })?;
    Ok(Server {
        addr,
        shutdown: Some(tx),
        thread: Some(thread),
    })
}
