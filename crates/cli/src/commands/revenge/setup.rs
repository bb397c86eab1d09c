//! The solvers set up, their tables loaded or built once (with progress on stderr), and the
//! directory they are cached in.

use super::args::Common;
use crate::progress::{say, spinner};
use anyhow::{anyhow, Result};
use std::time::Instant;
use wurfel_revenge::FiveStage as Solver;
use wurfel_revenge::ReductionTables as TableStore;
use wurfel_revenge::{Method, Reduction, TableEvent};

/// Where tables and analysis state live: `$WURFEL_CACHE`, else the platform's cache
/// directory (`$XDG_CACHE_HOME/wurfel` or `~/.cache/wurfel` on Linux), else a directory
/// under the system's temporary directory.
pub(crate) fn cache_dir() -> std::path::PathBuf {
    if let Some(d) = std::env::var_os("WURFEL_CACHE") {
        return d.into();
    }
    directories::BaseDirs::new()
        .map(|b| b.cache_dir().join("wurfel"))
        .unwrap_or_else(|| std::env::temp_dir().join("wurfel"))
}

/// The table cache: the one [`wurfel_revenge::Store`] implementation, a directory
/// (`wurfel_files::Dir`), in [`cache_dir`]; the web server is given the same.
pub(crate) fn table_store() -> wurfel_files::Dir {
    wurfel_files::Dir::new(cache_dir())
}

/// Sets up the solver and loads or builds its tables, with progress on stderr.
pub(super) fn load_solver(common: &Common) -> Result<(Solver, f64)> {
    let t = Instant::now();
    let pb = spinner(!common.quiet);
    pb.set_message("setting up coordinates and move tables");
    let dir = cache_dir();
    let quiet = common.quiet;
    // The first distance table built means the cache holds none yet: say what is coming.
    let announced = std::sync::atomic::AtomicBool::new(false);
    let announce = || {
        if !announced.swap(true, std::sync::atomic::Ordering::Relaxed) && !quiet {
            say(
                &pb,
                &format!(
                    "first use of the five-stage method: building its tables, 2.3 GB in {}, \
                     once (about 3 minutes on 2 cores, 2.4 GB of memory); \
                     `wurfel revenge tables --method five-stage` builds them ahead, and \
                     `--method reduction` needs only 45 MB",
                    dir.display()
                ),
            );
        }
    };
    let report = |name: &str, len: usize, ev: TableEvent| match ev {
        TableEvent::Loaded => pb.set_message(format!("loaded {name}")),
        TableEvent::Invalid(why) => say(&pb, &format!("table {name}: {why}; rebuilding")),
        // A stage's coordinates and move tables (no entry count known before they exist).
        TableEvent::Building if len == 0 => {
            pb.set_message(format!("building {name} (cached in {})", dir.display()))
        }
        TableEvent::Building => {
            announce();
            let msg = format!(
                "building {name}: {len} entries, {:.1} MB (cached in {})",
                len as f64 / 2e6,
                dir.display()
            );
            if !quiet {
                say(&pb, &msg);
            }
            pb.set_message(msg);
        }
        TableEvent::Depth(d, n) => pb.set_message(format!("building {name}: depth {d}: {n}")),
        TableEvent::Built(s) => {
            if !quiet {
                say(&pb, &format!("built {name} in {s:.1} s"));
            }
        }
    };
    let store = wurfel_files::Dir::new(&dir);
    let mut solver = Solver::cached(&store, &report);
    solver
        .ensure_tables(&store, crate::hiargs::threads(common.threads), &report)
        .map_err(|e| anyhow!(e))?;
    pb.finish_and_clear();
    Ok((solver, t.elapsed().as_secs_f64()))
}

/// Loads (or builds once, about half a minute) the reduction solver's tables. Each table built
/// is announced and timed on stderr, as plain lines when stderr is no terminal (a script or a
/// job log sees the build going on); tables loaded only update the spinner.
pub(super) fn load_reduction(common: &Common) -> Result<(Reduction, f64)> {
    let t = Instant::now();
    let pb = spinner(!common.quiet);
    let dir = cache_dir();
    pb.set_message(format!(
        "reduction tables (built once, cached in {})",
        dir.display()
    ));
    let quiet = common.quiet;
    let built = std::sync::atomic::AtomicUsize::new(0);
    let bar = pb.clone();
    let report = move |name: &str, len: usize, ev: TableEvent| match ev {
        TableEvent::Loaded => bar.set_message(format!("loaded {name}")),
        TableEvent::Building => {
            let n = built.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            if n == 1 && !quiet {
                say(
                    &bar,
                    &format!(
                        "first use of the reduction method: building its tables (45 MB, about half a \
                         minute) once, cached in {}",
                        dir.display()
                    ),
                );
            }
            let msg = format!(
                "building table {n}, {name}: {len} entries, {:.1} MB",
                len as f64 / 2e6
            );
            if !quiet {
                say(&bar, &msg);
            }
            bar.set_message(msg);
        }
        TableEvent::Built(s) if !quiet => say(&bar, &format!("built {name} in {s:.1} s")),
        _ => {}
    };
    let r = Reduction::new(&TableStore {
        store: Some(std::sync::Arc::new(table_store())),
        report: Some(std::sync::Arc::new(report)),
    });
    pb.finish_and_clear();
    Ok((r, t.elapsed().as_secs_f64()))
}

/// Either method's solver, its tables loaded or built.
pub(super) fn load(method: Method, common: &Common) -> Result<Box<dyn wurfel_revenge::Solver>> {
    Ok(match method {
        Method::FiveStage => Box::new(load_solver(common)?.0),
        Method::Reduction => Box::new(load_reduction(common)?.0),
    })
}
