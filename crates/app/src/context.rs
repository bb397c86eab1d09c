//! What every operation runs with: worker threads, the memory budget, a cancel flag and a
//! sink for progress events. The front end owns them: the command line's sink draws bars (or
//! plain lines when standard error is not a terminal) and its cancel flag is set by Ctrl-C;
//! the server's sink feeds a job's watchers and its flag is set by a cancel request, a client
//! that went away or a job's node or time budget.

use crate::budget::Budget;
use std::sync::atomic::{AtomicBool, Ordering};
use wurfel_cover::SearchOptions;
use wurfel_pack::frontier::FrontierProgress;

/// The stack of a thread that runs an operation (the command line's, a server job's): the
/// engine's set-up and its calibrating searches recurse once per placed piece on the calling
/// thread, and its largest input (4,096 pieces) needs more than the 2 MiB of a spawned thread
/// or the 8 MiB of a main thread; 64 MiB, as the engine's own workers, holds it. Address space
/// only: pages are touched as the recursion goes.
pub const JOB_STACK: usize = 64 << 20;

/// What an operation reports while it works.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    /// A stretch of work without a measure of progress begins (preparing placements,
    /// choosing a method, measuring speed): a spinner's message.
    Stage(&'a str),
    /// The search's progress (tasks done of planned, nodes, covers).
    Search(&'a wurfel_cover::Progress),
    /// The frontier counter's progress (run, cell, boundary states).
    Frontier(&'a FrontierProgress),
    /// Random probes done of planned (`estimate`).
    Probes { done: u64, planned: u64 },
    /// The state of a long run, replacing the last (a spinner's message); where nothing is
    /// drawn (a log, a job's file), a plain line now and then.
    Pulse(&'a str),
    /// A line for the person waiting (the command line's standard error): a note or a
    /// warning, already worded ("warning: …").
    Note(&'a str),
    /// The work reported so far is over (the bar is cleared).
    Done,
}

/// Where events go.
pub trait Sink: Sync {
    fn event(&self, e: Event<'_>);
}

/// A sink that drops every event.
pub struct Silent;

impl Sink for Silent {
    fn event(&self, _: Event<'_>) {}
}

/// The run's settings.
pub struct Context<'a> {
    /// Worker threads for the engine.
    pub threads: usize,
    /// The memory budget (shared by every job of a process).
    pub budget: &'a Budget,
    /// Set to stop: a count reports what it has, a search stops.
    pub cancel: &'a AtomicBool,
    /// Progress events.
    pub sink: &'a dyn Sink,
}

impl<'a> Context<'a> {
    /// Whether stopping was asked for.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::SeqCst)
    }

    /// Says `text` to the person waiting.
    pub fn note(&self, text: &str) {
        self.sink.event(Event::Note(text));
    }

    /// The engine's options: this run's threads and cancel flag, progress to `report`.
    pub fn search_options(
        &self,
        report: &'a (dyn Fn(&wurfel_cover::Progress) + Sync),
    ) -> SearchOptions<'a> {
        SearchOptions {
            threads: self.threads,
            cancel: Some(self.cancel),
            progress: Some(report),
            ..Default::default()
        }
    }
}
