//! What the browser tests (`crates/render/tests/browser.rs`, the HTML viewer;
//! `crates/cli/tests/serve_browser.rs`, the web app) need before they drive headless Chromium
//! with playwright-core: Chromium (`$WURFEL_CHROMIUM`, else `chromium`/`chromium-browser` on
//! the `PATH` or in `/usr/bin`), Node.js, and the harness's `node_modules` (installed with
//! `npm ci` when missing).
//!
//! Without Chromium or Node the test cannot run. Under CI (`CI` set to anything but `false`/`0`)
//! that fails the test; elsewhere the test passes but says loudly that it was skipped.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Chromium, found and checked; `None` (after saying why, or failing under CI) when the test
/// cannot run. `what` names the test in the messages; `harness` is the directory of its
/// `package.json`, whose dependencies are installed here if missing.
pub fn chromium(what: &str, harness: &Path) -> Option<PathBuf> {
    let found = match (find_chromium(), has("node")) {
        (Some(c), true) => Ok(c),
        (None, _) => Err(missing_chromium()),
        (Some(_), false) => Err("Node.js is not installed".to_string()),
    };
    let chromium = match decide(what, found, under_ci()) {
        Ok(c) => c,
        Err(skipped) => {
            eprintln!("{skipped}");
            return None;
        }
    };
    if !harness
        .join("node_modules/playwright-core/package.json")
        .is_file()
    {
        let (ok, out, err) = run(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(harness),
            Duration::from_secs(300),
        );
        assert!(ok, "npm ci failed in {}:\n{out}\n{err}", harness.display());
    }
    Some(chromium)
}

/// The browser found (`Ok`), or why not: a failure under CI, else the banner that says the test
/// was skipped (`Err`).
fn decide(what: &str, found: Result<PathBuf, String>, ci: bool) -> Result<PathBuf, String> {
    let why = match found {
        Ok(c) => return Ok(c),
        Err(why) => why,
    };
    assert!(!ci, "the {what} cannot run under CI: {why}");
    let bar = "#".repeat(60);
    Err(format!("\n{bar}\n## SKIPPED: {what}: {why}\n{bar}\n"))
}

fn missing_chromium() -> String {
    match std::env::var_os("WURFEL_CHROMIUM") {
        Some(p) => format!("WURFEL_CHROMIUM={} is not a file", Path::new(&p).display()),
        None => "Chromium is not installed (apt-get install chromium)".to_string(),
    }
}

/// `$WURFEL_CHROMIUM` (if it names a file: a wrong setting is not silently replaced), else the
/// first `chromium` or `chromium-browser` on the `PATH`, else in `/usr/bin`.
fn find_chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("WURFEL_CHROMIUM") {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::env::split_paths(&path).chain([PathBuf::from("/usr/bin")]);
    dirs.flat_map(|d| ["chromium", "chromium-browser"].map(|n| d.join(n)))
        .find(|p| p.is_file())
}

fn has(cmd: &str) -> bool {
    Command::new(cmd)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether we run under CI, where a missing browser must fail the test instead of passing it
/// unseen.
fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// Runs a command with a deadline (killed after `limit`); (success, stdout, stderr).
pub fn run(cmd: &mut Command, limit: Duration) -> (bool, String, String) {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let (mut out, mut err) = (
        child.stdout.take().expect("out"),
        child.stderr.take().expect("err"),
    );
    // Both pipes drained as the child writes, so a chatty child cannot block on a full pipe.
    let o = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut out, &mut s);
        s
    });
    let e = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    let start = Instant::now();
    let ok = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.success();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break false;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    (
        ok,
        o.join().unwrap_or_default(),
        e.join().unwrap_or_default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_browser_fails_under_ci() {
        let r = std::panic::catch_unwind(|| decide("viewer test", Err("no chromium".into()), true));
        let msg = r.expect_err("must fail under CI");
        let msg = msg.downcast_ref::<String>().expect("a message");
        assert!(
            msg.contains("viewer test cannot run under CI: no chromium"),
            "{msg}"
        );
    }

    #[test]
    fn a_missing_browser_is_a_loud_skip_elsewhere() {
        let banner = decide("viewer test", Err("no chromium".into()), false).expect_err("skipped");
        assert!(
            banner.contains("## SKIPPED: viewer test: no chromium"),
            "{banner}"
        );
        let found = decide("viewer test", Ok(PathBuf::from("/x/chromium")), true);
        assert_eq!(found, Ok(PathBuf::from("/x/chromium")));
    }

    #[test]
    fn a_deadline_kills_the_command() {
        let start = Instant::now();
        let (ok, _, _) = run(Command::new("sleep").arg("30"), Duration::from_millis(200));
        assert!(!ok);
        assert!(start.elapsed() < Duration::from_secs(10));
        let (ok, out, _) = run(Command::new("echo").arg("hi"), Duration::from_secs(10));
        assert!(ok);
        assert_eq!(out, "hi\n");
    }
}
