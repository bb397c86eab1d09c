//! Debian's `admesh`, a real consumer of the exported STL files: its report, and whether it
//! may be run. Without admesh a test cannot check its STL: under CI (`CI` set to anything but
//! `false`/`0`) that is a failure (`.ci/run` installs it), elsewhere it says loudly that the
//! check was skipped.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

/// Whether admesh can be run; panics under CI when it cannot.
pub fn available() -> bool {
    if Command::new("admesh").arg("--version").output().is_ok() {
        return true;
    }
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(
        !ci,
        "admesh is not installed: the STL checks cannot run under CI (.ci/run installs it with apt-get)"
    );
    eprintln!();
    eprintln!("############################################################");
    eprintln!("## SKIPPED: an admesh STL check: admesh is not installed");
    eprintln!("##          (apt-get install admesh)");
    eprintln!("############################################################");
    eprintln!();
    false
}

/// The numbers admesh reports on `path`, by label (e.g. "Degenerate facets").
pub fn report(path: &Path) -> HashMap<String, f64> {
    let out = Command::new("admesh")
        .arg(path)
        .output()
        .expect("run admesh");
    assert!(out.status.success(), "admesh failed on {}", path.display());
    let text = String::from_utf8_lossy(&out.stdout);
    let mut report = HashMap::new();
    // Lines hold one or two "Label : value" pairs ("Number of parts : 1   Volume : 4782.79").
    for line in text.lines() {
        let parts: Vec<&str> = line.split(':').collect();
        let mut label = parts[0].trim().to_string();
        for part in &parts[1..] {
            let mut words = part.split_whitespace();
            if let Some(v) = words.next().and_then(|v| v.parse::<f64>().ok()) {
                report.insert(label.clone(), v);
            }
            label = words
                .filter(|w| w.parse::<f64>().is_err())
                .collect::<Vec<_>>()
                .join(" ");
        }
    }
    report
}

/// What admesh would repair in a sound mesh: all must be 0.
pub const REPAIRS: [&str; 6] = [
    "Degenerate facets",
    "Edges fixed",
    "Facets removed",
    "Facets added",
    "Facets reversed",
    "Backwards edges",
];

/// The number of parts admesh finds in `stl`, after asserting it repaired nothing; `None` when
/// admesh cannot run here (see [`available`]).
pub fn parts_without_repairs(stl: &Path) -> Option<f64> {
    if !available() {
        return None;
    }
    let r = report(stl);
    for label in REPAIRS {
        assert_eq!(
            r.get(label),
            Some(&0.0),
            "{label} in {}: {r:?}",
            stl.display()
        );
    }
    Some(r["Number of parts"])
}
