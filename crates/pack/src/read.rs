//! Reading user files with a bound: nothing is read from a file that is not a plain file or is
//! larger than the limit, so `/dev/zero`, a FIFO or a huge file cannot exhaust memory.

use std::io::{self, Read};
use std::path::Path;

/// The largest puzzle (or checkpoint) file read: far above any puzzle within the format's
/// limits (4,096 target cells), far below what could hurt.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The text of the regular file at `path`, refused (before reading) when it is not a regular
/// file or is larger than `max` bytes; also stops at `max` bytes should it grow while read.
pub fn read_text_bounded(path: &Path, max: u64) -> io::Result<String> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a directory"
        } else {
            "not a regular file (a device, FIFO or socket)"
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {what}"),
        ));
    }
    let too_big = || {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("it is larger than the limit of {max} bytes"),
        )
    };
    if meta.len() > max {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)?
        .take(max + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_big());
    }
    String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "it is not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_devices_directories_and_large_files() {
        let err = read_text_bounded(Path::new("/dev/zero"), 100).unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        let dir = std::env::temp_dir();
        assert!(read_text_bounded(&dir, 100)
            .unwrap_err()
            .to_string()
            .contains("directory"));
        let path = dir.join(format!("wurfel-read-test-{}", std::process::id()));
        std::fs::write(&path, "x".repeat(101)).unwrap();
        let err = read_text_bounded(&path, 100).unwrap_err();
        assert!(err.to_string().contains("larger than the limit"), "{err}");
        assert_eq!(read_text_bounded(&path, 101).unwrap().len(), 101);
        std::fs::write(&path, [0xff, 0xfe]).unwrap();
        assert!(read_text_bounded(&path, 100).is_err());
        std::fs::remove_file(&path).unwrap();
    }
}
