//! What a command reads, so that no output can replace it: `wurfel solve m.toml --out m.toml`
//! must not turn the puzzle into solution text.
//!
//! Each command registers its input files (the puzzle file, `revenge verify`'s input) and the
//! directories it reads and keeps state in (a shard plan directory, an analysis state
//! directory) before it checks its outputs; [`crate::output::OutputPath`] then refuses
//! - an output that is an input file: the same device and inode (through symlinks and hard
//!   links), or the same resolved path;
//! - an existing file inside an input directory (its plan, results, tables), unless the
//!   command writes it as its own state file ([`crate::output::OutputPath::own`]).
//!
//! A new file in such a directory (`shard merge D --out D/merged.json`) is allowed.

use anyhow::{bail, Result};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Something a command reads.
struct Input {
    /// As the user named it (for messages).
    shown: PathBuf,
    /// "the puzzle file", "the shard plan directory", ...
    what: &'static str,
    /// Device and inode, when it exists.
    id: Option<(u64, u64)>,
    /// The resolved absolute path, when it exists.
    real: Option<PathBuf>,
    dir: bool,
}

static INPUTS: Mutex<Vec<Input>> = Mutex::new(Vec::new());

fn inputs() -> std::sync::MutexGuard<'static, Vec<Input>> {
    match INPUTS.lock() {
        Ok(i) => i,
        Err(poisoned) => poisoned.into_inner(),
    }
}

fn register(path: &Path, what: &'static str, dir: bool) {
    let meta = std::fs::metadata(path).ok();
    inputs().push(Input {
        shown: path.to_path_buf(),
        what,
        id: meta.map(|m| (m.dev(), m.ino())),
        real: std::fs::canonicalize(path).ok(),
        dir,
    });
}

/// Registers a file the command reads (`what`: "the puzzle file").
pub fn file(path: &Path, what: &'static str) {
    register(path, what, false);
}

/// Registers a directory the command reads and keeps state in (`what`: "the shard plan
/// directory").
pub fn dir(path: &Path, what: &'static str) {
    register(path, what, true);
}

/// The resolved absolute form of `path`, which need not exist (its directory must).
fn real_path(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = std::fs::canonicalize(path) {
        return Some(p);
    }
    let name = path.file_name()?;
    let dir = wurfel_files::write::parent_dir(path);
    Some(std::fs::canonicalize(dir).ok()?.join(name))
}

/// Refuses the output `shown`, which writes `target` (symlinks resolved), when it would
/// replace an input; `own` outputs are the command's state files in its input directories.
pub fn check_output(shown: &Path, target: &Path, own: bool) -> Result<()> {
    let meta = std::fs::metadata(target).ok();
    let id = meta.as_ref().map(|m| (m.dev(), m.ino()));
    let real = real_path(target);
    for i in inputs().iter() {
        let same_id = id.is_some() && id == i.id;
        let same_path = real.is_some() && real == i.real;
        if !i.dir && (same_id || same_path) {
            bail!(
                "cannot write {}: it is {} this command reads ({}); choose another output file",
                shown.display(),
                i.what,
                i.shown.display()
            );
        }
        let inside = match (&real, &i.real) {
            (Some(r), Some(d)) => r.starts_with(d),
            _ => false,
        };
        if i.dir && !own && meta.is_some() && inside {
            bail!(
                "cannot write {}: it would replace a file in {} ({}), which this command reads; \
                 choose a file outside it, or a new name",
                shown.display(),
                i.what,
                i.shown.display()
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_protected_through_links_and_new_names_are_not() {
        let dir = tempfile::tempdir().unwrap();
        let puzzle = dir.path().join("m.toml");
        std::fs::write(&puzzle, "x").unwrap();
        file(&puzzle, "the puzzle file");
        let hard = dir.path().join("hard.toml");
        std::fs::hard_link(&puzzle, &hard).unwrap();
        let soft = dir.path().join("soft.toml");
        std::os::unix::fs::symlink("m.toml", &soft).unwrap();
        for p in [&puzzle, &hard, &soft] {
            let err = check_output(p, p, false).unwrap_err().to_string();
            assert!(err.contains("the puzzle file"), "{err}");
            // Own state files are never allowed to be an input file either.
            assert!(check_output(p, p, true).is_err());
        }
        assert!(check_output(Path::new("x"), &dir.path().join("new.txt"), false).is_ok());
        let state = dir.path().join("state");
        std::fs::create_dir(&state).unwrap();
        std::fs::write(state.join("plan.json"), "{}").unwrap();
        super::dir(&state, "the shard plan directory");
        let plan = state.join("plan.json");
        let err = check_output(&plan, &plan, false).unwrap_err().to_string();
        assert!(err.contains("the shard plan directory"), "{err}");
        assert!(
            check_output(&plan, &plan, true).is_ok(),
            "its own state file"
        );
        assert!(check_output(&plan, &state.join("merged.json"), false).is_ok());
    }
}
