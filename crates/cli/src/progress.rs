//! Progress bars on standard error and Ctrl-C handling.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::Duration;
use wurfel_cover::Progress;

static CANCEL: OnceLock<&'static AtomicBool> = OnceLock::new();

/// Installs a Ctrl-C handler (once) that sets the returned flag; a second Ctrl-C exits at once.
pub fn install_ctrlc() -> &'static AtomicBool {
    CANCEL.get_or_init(|| {
        let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
        let _ = ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
            eprintln!("\ninterrupted: finishing cleanly (Ctrl-C again to quit at once)");
        });
        flag
    })
}

/// A task progress bar on stderr; hidden when stderr is not a terminal or `show` is false.
pub fn bar(show: bool) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(
        Some(0),
        if show {
            ProgressDrawTarget::stderr_with_hz(5)
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} tasks  {msg}  ETA {eta}",
        )
        .expect("valid template"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A callback for the engine that updates `bar` with tasks, solutions and node rate.
pub fn callback(bar: &ProgressBar) -> impl Fn(&Progress) + Sync + '_ {
    move |p: &Progress| {
        bar.set_length(p.tasks_total as u64);
        bar.set_position(p.tasks_done as u64);
        let secs = p.elapsed.as_secs_f64().max(1e-3);
        bar.set_message(format!(
            "{} solutions found, {:.1} M nodes/s",
            p.stats.solutions,
            p.stats.nodes as f64 / secs / 1e6
        ));
    }
}
