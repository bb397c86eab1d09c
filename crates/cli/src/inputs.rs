//! What a command reads, so that no output can replace it: `wurfel solve m.toml --out m.toml`
//! must not turn the puzzle into solution text.
//!
//! Each command registers what it reads before it checks its outputs: input files (the puzzle
//! file, `revenge verify`'s input) and the state it keeps (a shard plan and its results, an
//! analysis state directory). [`crate::output::OutputPath`] then refuses
//! - an output that is an input file: the same device and inode (through symlinks and hard
//!   links), or the same resolved path — whoever writes it;
//! - an output that is a state file or lies in a state directory, unless the command writes it
//!   as its own state ([`crate::output::OutputPath::own`]).

use anyhow::{bail, Result};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Something a command reads.
struct Input {
    /// As the user named it (for messages).
    shown: PathBuf,
    /// "the puzzle file", "the analysis state directory", ...
    what: &'static str,
    /// The resolved absolute path (as it was when registered).
    real: Option<PathBuf>,
    /// State the command keeps (a file, or everything in a directory): its own writes may
    /// replace it.
    state: bool,
}

static INPUTS: Mutex<Vec<Input>> = Mutex::new(Vec::new());

fn inputs() -> std::sync::MutexGuard<'static, Vec<Input>> {
    match INPUTS.lock() {
        Ok(i) => i,
        Err(poisoned) => poisoned.into_inner(),
    }
}

fn register(path: &Path, what: &'static str, state: bool) {
    inputs().push(Input {
        shown: path.to_path_buf(),
        what,
        real: real_path(path),
        state,
    });
}

/// Device and inode of the file at `path`, when it exists (asked when outputs are checked:
/// an inode number is only an identity while its file exists).
fn file_id(path: &Path) -> Option<(u64, u64)> {
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// Registers a file the command reads and never writes (`what`: "the puzzle file").
pub(crate) fn file(path: &Path, what: &'static str) {
    register(path, what, false);
}

/// Registers state the command keeps: a file, or a directory and everything in it (`what`:
/// "the analysis state directory").
pub(crate) fn state(path: &Path, what: &'static str) {
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
/// replace an input; `own` outputs are the command's own state files.
pub(crate) fn check_output(shown: &Path, target: &Path, own: bool) -> Result<()> {
    let id = file_id(target);
    let real = real_path(target);
    for i in inputs().iter() {
        let same = (id.is_some() && id == file_id(&i.shown)) || (real.is_some() && real == i.real);
        if !i.state && same {
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
        if i.state && !own && (same || inside) {
            bail!(
                "cannot write {}: it is part of {} ({}), which this command reads and keeps; \
                 choose another output file",
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
        super::state(&state, "the shards' state");
        let plan = state.join("plan.json");
        let err = check_output(&plan, &plan, false).unwrap_err().to_string();
        assert!(err.contains("the shards' state"), "{err}");
        assert!(check_output(&plan, &plan, true).is_ok(), "its own state");
        let new = state.join("new.json");
        assert!(
            check_output(&new, &new, false).is_err(),
            "nothing new inside"
        );
        let merged = dir.path().join("merged.json");
        assert!(check_output(&merged, &merged, false).is_ok());
    }
}
