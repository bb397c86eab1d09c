//! All progress output and signal handling: task bars and spinners on standard error,
//! SIGINT/SIGTERM.
//!
//! A search that can stop cleanly asks for [`cancellation`]: the first signal then sets the flag
//! (the search stops, results so far are reported, a checkpoint is saved). Anywhere else, and
//! on a second signal, the handler removes this process's temporary files and exits with 130.
//! SIGXFSZ (a write beyond `ulimit -f`) is ignored, so such a write fails with `EFBIG` and the
//! ordinary error path reports it and removes the temporary file, instead of the signal killing
//! the process with the temporary left behind.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use wurfel_cover::Progress;
use wurfel_present::text::count::frontier_progress;

static CANCEL: AtomicBool = AtomicBool::new(false);
static LISTENING: AtomicBool = AtomicBool::new(false);

/// Installs the SIGINT/SIGTERM/SIGHUP handler and ignores SIGXFSZ; called once at start-up.
pub(crate) fn install_signal_handler() {
    ignore_file_size_signal();
    let _ = ctrlc::set_handler(|| {
        if LISTENING.load(Ordering::SeqCst) && !CANCEL.swap(true, Ordering::SeqCst) {
            crate::note!("\ninterrupted: finishing cleanly (interrupt again to quit at once)");
        } else {
            wurfel_files::remove_temporaries();
            std::process::exit(130);
        }
    });
}

/// Ignores SIGXFSZ: a write past the file size limit (`ulimit -f`) then fails with `EFBIG`, an
/// I/O error the writer reports (and whose temporary file it removes), instead of killing the
/// process.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: `signal` is called with a valid signal number and `SIG_IGN`, which installs no
    // handler code (nothing runs in signal context); it changes only this process's
    // disposition of SIGXFSZ, which no other part of wurfel (nor ctrlc, which handles
    // SIGINT/SIGTERM/SIGHUP) relies on. The previous disposition it returns is not needed.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// The flag a signal sets from now on (instead of ending the process).
pub(crate) fn cancellation() -> &'static AtomicBool {
    LISTENING.store(true, Ordering::SeqCst);
    &CANCEL
}

/// Whether a signal asked to stop.
pub(crate) fn interrupted() -> bool {
    CANCEL.load(Ordering::SeqCst)
}

fn target(show: bool) -> ProgressDrawTarget {
    if show && std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr_with_hz(5)
    } else {
        ProgressDrawTarget::hidden()
    }
}

/// A task progress bar on stderr; hidden when stderr is not a terminal or `show` is false.
pub(crate) fn bar(show: bool) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(0), target(show));
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} tasks  {msg}  ETA {eta}",
        )
        .expect("valid template"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A spinner with a message on stderr, for work without a task count.
pub(crate) fn spinner(show: bool) -> ProgressBar {
    let pb = ProgressBar::with_draw_target(None, target(show));
    pb.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}").expect("template"),
    );
    pb.enable_steady_tick(Duration::from_millis(200));
    pb
}

/// Prints a line above the bar, or on stderr when the bar is hidden (not a terminal).
pub(crate) fn say(pb: &ProgressBar, msg: &str) {
    if pb.is_hidden() {
        crate::note!("{msg}");
    } else {
        pb.println(crate::terminal::escaped(msg));
    }
}

/// A callback for the engine that updates `bar` with tasks, solutions and node rate.
pub(crate) fn callback(bar: &ProgressBar) -> impl Fn(&Progress) + Sync + '_ {
    move |p: &Progress| {
        bar.set_length(p.tasks_total as u64);
        bar.set_position(p.tasks_done as u64);
        let secs = p.elapsed.as_secs_f64().max(1e-3);
        bar.set_message(format!(
            "{} covers found by the engine, {:.1} M nodes/s",
            p.stats.solutions,
            p.stats.nodes as f64 / secs / 1e6
        ));
    }
}

/// The flag a signal sets once [`cancellation`] listens for it (before that, a signal ends the
/// process at once: there is nothing to save while a puzzle is being prepared).
pub(crate) fn flag() -> &'static AtomicBool {
    &CANCEL
}

/// The command line's sink for the application layer's events: a spinner for stages, a task
/// bar for the search and the probes, a spinner line for the frontier counter, notes on
/// standard error above whatever is drawn. Bars are drawn only on a terminal.
pub(crate) struct Reporter {
    show: bool,
    drawn: std::sync::Mutex<Option<(Drawn, ProgressBar)>>,
    /// When a pulse was last said as a plain line (nothing drawn: a log).
    pulsed: std::sync::Mutex<Option<std::time::Instant>>,
}

/// The least time between two pulses said as plain lines (a log of a long run gets a line a
/// minute).
const PULSE_EVERY: Duration = Duration::from_secs(60);

/// What a [`Reporter`] is drawing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Drawn {
    Spinner,
    Tasks,
    Probes,
}

impl Reporter {
    /// A reporter that draws (when `show` and standard error is a terminal).
    pub(crate) fn new(show: bool) -> Reporter {
        Reporter {
            show,
            drawn: std::sync::Mutex::new(None),
            pulsed: std::sync::Mutex::new(None),
        }
    }

    /// Runs `f` on the bar of kind `kind`, made first if another is drawn or none.
    fn with(&self, kind: Drawn, f: impl FnOnce(&ProgressBar)) {
        let Ok(mut drawn) = self.drawn.lock() else {
            return;
        };
        if drawn.as_ref().is_none_or(|(k, _)| *k != kind) {
            if let Some((_, old)) = drawn.take() {
                old.finish_and_clear();
            }
            let pb = match kind {
                Drawn::Spinner => spinner(self.show),
                Drawn::Tasks => bar(self.show),
                Drawn::Probes => {
                    let pb = bar(self.show);
                    pb.set_style(
                        ProgressStyle::with_template(
                            "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} probes  ETA {eta}",
                        )
                        .expect("valid template"),
                    );
                    pb
                }
            };
            *drawn = Some((kind, pb));
        }
        if let Some((_, pb)) = drawn.as_ref() {
            f(pb);
        }
    }

    fn note(&self, text: &str) {
        match self.drawn.lock().ok().as_deref() {
            Some(Some((_, pb))) => say(pb, text),
            _ => crate::note!("{text}"),
        }
    }

    /// A long run's state: the spinner's message, or on no terminal a plain line a minute.
    fn pulse(&self, msg: &str) {
        self.with(Drawn::Spinner, |pb| {
            pb.set_message(crate::terminal::escaped(msg));
            if pb.is_hidden() && self.show {
                let Ok(mut last) = self.pulsed.lock() else {
                    return;
                };
                // The first pulse waits a minute too: short runs stay quiet in logs.
                let now = std::time::Instant::now();
                let since = last.get_or_insert(now);
                if now.duration_since(*since) > PULSE_EVERY {
                    *since = now;
                    crate::note!("{msg}");
                }
            }
        })
    }

    fn done(&self) {
        if let Ok(mut drawn) = self.drawn.lock() {
            if let Some((_, pb)) = drawn.take() {
                pb.finish_and_clear();
            }
        }
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        self.done();
    }
}

impl wurfel_app::Sink for Reporter {
    fn event(&self, e: wurfel_app::Event<'_>) {
        use wurfel_app::Event;
        match e {
            Event::Stage(msg) => self.with(Drawn::Spinner, |pb| {
                pb.set_message(crate::terminal::escaped(msg))
            }),
            Event::Search(p) => self.with(Drawn::Tasks, |pb| callback(pb)(p)),
            Event::Frontier(p) => {
                self.with(Drawn::Spinner, |pb| pb.set_message(frontier_progress(p)))
            }
            Event::Probes { done, planned } => self.with(Drawn::Probes, |pb| {
                pb.set_length(planned);
                pb.set_position(done);
            }),
            Event::Pulse(msg) => self.pulse(msg),
            Event::Note(text) => self.note(text),
            Event::Done => self.done(),
        }
    }
}
