//! Reading files a user (or another process) may have replaced by something else: only regular
//! files are opened for reading, and opening never blocks.
//!
//! `open(2)` of a FIFO for reading blocks until a writer appears, and a device may block or never
//! end, so the type is checked twice: from the path before opening (the usual case gets a clear
//! message without opening anything), and from the open descriptor (`fstat`) after opening with
//! `O_NONBLOCK`, which closes the race of a path swapped in between. On a regular file
//! `O_NONBLOCK` changes nothing.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// The error for a file of type `meta` where a regular file was needed (`None` if regular).
fn not_regular(meta: &Metadata) -> Option<io::Error> {
    if meta.is_file() {
        return None;
    }
    let what = if meta.is_dir() {
        "a directory"
    } else {
        "not a regular file (a device, FIFO or socket)"
    };
    Some(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("it is {what}"),
    ))
}

/// Opens the regular file at `path` for reading (symlinks followed); a directory, FIFO, socket
/// or device is refused without blocking.
pub fn open_regular(path: &Path) -> io::Result<File> {
    if let Some(e) = not_regular(&std::fs::metadata(path)?) {
        return Err(e);
    }
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    match not_regular(&file.metadata()?) {
        Some(e) => Err(e),
        None => Ok(file),
    }
}

fn too_big(max: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("it is larger than the limit of {max} bytes"),
    )
}

/// The bytes of the regular file at `path` ([`open_regular`]), refused when larger than `max`
/// bytes (before reading, and should it grow while read).
pub fn read_bounded(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let len = file.metadata()?.len();
    if len > max {
        return Err(too_big(max));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_big(max));
    }
    Ok(bytes)
}

/// The text of the regular file at `path`, bounded as [`read_bounded`] reads it.
pub fn read_text_bounded(path: &Path, max: u64) -> io::Result<String> {
    String::from_utf8(read_bounded(path, max)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "it is not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;
    use std::time::{Duration, Instant};

    #[test]
    fn refuses_devices_directories_fifos_and_large_files() {
        let err = read_text_bounded(Path::new("/dev/zero"), 100).unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        let dir = tempfile::tempdir().unwrap();
        let err = read_text_bounded(dir.path(), 100).unwrap_err();
        assert!(err.to_string().contains("directory"), "{err}");
        let path = dir.path().join("f");
        std::fs::write(&path, "x".repeat(101)).unwrap();
        let err = read_text_bounded(&path, 100).unwrap_err();
        assert!(err.to_string().contains("larger than the limit"), "{err}");
        assert_eq!(read_text_bounded(&path, 101).unwrap().len(), 101);
        std::fs::write(&path, [0xff, 0xfe]).unwrap();
        assert!(read_text_bounded(&path, 100)
            .unwrap_err()
            .to_string()
            .contains("UTF-8"));
        // A FIFO with no writer: refused at once, never waited on.
        let fifo = dir.path().join("fifo");
        let no_fork = crate::FORK_GUARD.lock().unwrap_or_else(|e| e.into_inner());
        assert!(Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        drop(no_fork);
        let t = Instant::now();
        let err = open_regular(&fifo).unwrap_err();
        assert!(err.to_string().contains("FIFO"), "{err}");
        assert!(t.elapsed() < Duration::from_secs(5));
        // A symlink to a regular file is read.
        std::os::unix::fs::symlink("f", dir.path().join("link")).unwrap();
        assert_eq!(
            read_bounded(&dir.path().join("link"), 10).unwrap(),
            [0xff, 0xfe]
        );
    }
}
