//! wurfel's application layer, as cargo's `ops` under its binary: every user operation defined
//! once, for every front end (the `wurfel` command line, `wurfel serve`, the shard jobs).
//!
//! An operation takes a request value and a [`Context`] — the worker threads, the memory
//! [`Budget`], the cancel flag and a progress [`Sink`] — and returns data (the JSON shapes of
//! `wurfel-present`), never printing. What an operation guarantees (the memory budget checked
//! before the work and held while it runs, the choice of counting method, what a stopped count
//! means) is therefore the same from every front door: the command line prints the data as
//! text or JSON, the server sends the JSON, with the same messages for the same refusals.
//!
//! - [`budget`]: the memory budget (the smallest of a share of physical memory, the cgroup's
//!   limit and the address-space limit), its refusals and reservations;
//! - [`context`]: threads, budget, cancellation and the progress events;
//! - [`prepare`]: a puzzle prepared for searching, within the budget;
//! - [`count`]: exact counts by the search, the frontier counter, or `auto` (the default);
//! - [`estimate`]: the size of a count before running it;
//! - [`snake`]: snake cubes' foldings listed and counted;
//! - [`solve`]: the first solution, the first N or all of them, in order as found;
//! - [`check`]: a puzzle described and judged as `count` would prepare it;
//! - [`convert`]: a puzzle written as TOML or BurrTools `.xmpuzzle`;
//! - [`picture`]: pictures of solutions and pieces (SVG, PNG, the viewer page, assembly steps);
//! - [`mesh`]: files for 3-D printing (pieces, a plate, an assembled solution);
//! - [`shard`]: one job cut into shards for a cluster: plan, run one shard, status, merge, job
//!   scripts (counts, frontier counts, snakes, 4x4x4 analyses), the plan directory on disk;
//! - [`error`]: what went wrong, by kind (each front end maps kinds to exit codes or statuses).

pub mod budget;
pub mod check;
pub mod context;
pub mod convert;
pub mod count;
pub mod error;
pub mod estimate;
pub mod mesh;
pub mod picture;
pub mod prepare;
pub mod revenge;
pub mod shard;
pub mod snake;
pub mod solve;

pub use budget::Budget;
pub use context::{Context, Event, Silent, Sink, JOB_STACK};
pub use error::{AppError, Kind};
pub use prepare::{prepare, Ready};
