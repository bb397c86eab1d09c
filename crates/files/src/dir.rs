//! A directory of named files, as the crates that keep large state use it (the 4x4x4 table
//! cache, the resumable analyses' state directories): files mapped read-only, small files read
//! whole, files written atomically or created at their full size and written in place, a lock.
//! Every other crate names files, never paths; this is where the names become paths (the
//! `wurfel-revenge` crate's `Store` trait is implemented for it), so the CLI and the web server
//! share one implementation.

use crate::{open_regular, read_bounded, try_lock, AtomicFile, Lock};
use memmap2::{Mmap, MmapMut};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A directory (created when first written) holding files by name.
#[derive(Clone, Debug)]
pub struct Dir {
    path: PathBuf,
}

/// A file being written in place: created under an unpredictable temporary name at its full
/// size, mapped for writing; [`NewMapped::commit`] renames it to its name, dropping it
/// removes it.
pub struct NewMapped {
    map: MmapMut,
    file: AtomicFile,
}

impl NewMapped {
    /// Its bytes (zero at first).
    pub fn bytes(&mut self) -> &mut [u8] {
        &mut self.map
    }

    /// Flushes the mapping and puts the file in place.
    pub fn commit(self) -> io::Result<()> {
        self.map.flush()?;
        drop(self.map);
        self.file.commit()
    }
}

impl Dir {
    pub fn new(path: impl Into<PathBuf>) -> Dir {
        Dir { path: path.into() }
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path of file `name`.
    pub fn file(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }

    /// The subdirectory `name` (created when first written).
    pub fn sub(&self, name: &str) -> Dir {
        Dir::new(self.path.join(name))
    }

    /// Whether a file or directory is at `name` (a link followed, as `Path::exists`).
    pub fn has(&self, name: &str) -> bool {
        std::fs::metadata(self.file(name)).is_ok()
    }

    /// Creates the directory (and its parents) if needed.
    pub fn make(&self) -> io::Result<()> {
        std::fs::create_dir_all(&self.path)
    }

    /// Removes the directory and everything in it; nothing when there is none.
    pub fn remove_all(&self) -> io::Result<()> {
        match std::fs::remove_dir_all(&self.path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            r => r,
        }
    }

    /// Whether the directory exists; an error naming why when something else is there.
    pub fn exists(&self) -> Result<bool, String> {
        match std::fs::metadata(&self.path) {
            Ok(m) if m.is_dir() => Ok(true),
            Ok(_) => Err("it exists and is not a directory".to_string()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Maps file `name` read-only. Only a regular file is opened: a FIFO or device planted at
    /// the name is refused at once, never waited on.
    pub fn map(&self, name: &str) -> io::Result<Mmap> {
        let file = open_regular(&self.file(name))?;
        // SAFETY: the files of a `Dir` are written once, under a temporary name, and renamed
        // into place (`write`, `create`); they are never modified afterwards (only removed,
        // which leaves an existing mapping intact), so the mapping does not change under us.
        // A user editing the directory by hand while it is read could change it, as for any
        // reader.
        unsafe { Mmap::map(&file) }
    }

    /// Reads the small file `name` whole (a regular file of at most `max` bytes).
    pub fn read(&self, name: &str, max: u64) -> io::Result<Vec<u8>> {
        read_bounded(&self.file(name), max)
    }

    /// Writes `parts`, one after the other, as file `name` through the one atomic writer,
    /// creating the directory if needed.
    pub fn write(&self, name: &str, parts: &[&[u8]]) -> io::Result<()> {
        std::fs::create_dir_all(&self.path)?;
        let mut tmp = AtomicFile::create(&self.file(name))?;
        {
            let mut f = io::BufWriter::new(&mut tmp);
            for p in parts {
                f.write_all(p)?;
            }
            f.flush()?;
        }
        tmp.commit()
    }

    /// Creates file `name` of `len` zero bytes under a temporary name, mapped for writing.
    pub fn create(&self, name: &str, len: usize) -> io::Result<NewMapped> {
        let file = AtomicFile::create(&self.file(name))?;
        file.file().set_len(len as u64)?;
        // SAFETY: the file was just created exclusively by this process under an
        // unpredictable name; nothing else maps or writes it until it is renamed into place.
        let map = unsafe { MmapMut::map_mut(file.file()) }?;
        Ok(NewMapped { map, file })
    }

    /// The names of the directory's entries.
    pub fn names(&self) -> io::Result<Vec<String>> {
        let mut out = Vec::new();
        for ent in std::fs::read_dir(&self.path)? {
            out.push(ent?.file_name().to_string_lossy().into_owned());
        }
        Ok(out)
    }

    /// Removes file `name`; nothing when there is none.
    pub fn remove(&self, name: &str) -> io::Result<()> {
        match std::fs::remove_file(self.file(name)) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            r => r,
        }
    }

    /// Creates the directory if needed and takes its lock (the file `lock` in it): `None` when
    /// another process holds it; held until the value is dropped.
    pub fn lock(&self) -> io::Result<Option<Lock>> {
        self.lock_file("lock")
    }

    /// The same with the lock file `name` (one lock per shard of a plan directory).
    pub fn lock_file(&self, name: &str) -> io::Result<Option<Lock>> {
        std::fs::create_dir_all(&self.path)?;
        try_lock(&self.file(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_round_trip_and_new_files_appear_only_when_committed() {
        let _no_fork = crate::FORK_GUARD.lock().unwrap_or_else(|e| e.into_inner());
        let tmp = tempfile::tempdir().unwrap();
        let d = Dir::new(tmp.path().join("sub"));
        assert_eq!(d.exists(), Ok(false));
        d.write("a", &[b"he", b"llo"]).unwrap();
        assert_eq!(d.exists(), Ok(true));
        assert_eq!(&d.map("a").unwrap()[..], b"hello");
        assert_eq!(d.read("a", 5).unwrap(), b"hello");
        assert!(d.read("a", 4).is_err());
        let mut n = d.create("b", 3).unwrap();
        n.bytes().copy_from_slice(b"xyz");
        assert_eq!(d.map("b").unwrap_err().kind(), io::ErrorKind::NotFound);
        n.commit().unwrap();
        assert_eq!(&d.map("b").unwrap()[..], b"xyz");
        drop(d.create("c", 3).unwrap());
        let mut names = d.names().unwrap();
        names.sort();
        assert_eq!(names, ["a", "b"]);
        d.remove("a").unwrap();
        d.remove("a").unwrap();
        assert!(d.has("b") && !d.has("a"));
        let s = d.sub("s");
        s.write("x", &[b"1"]).unwrap();
        assert!(d.has("s"));
        s.remove_all().unwrap();
        s.remove_all().unwrap();
        assert!(!d.has("s"));
        let held = d.lock().unwrap();
        assert!(held.is_some());
        std::fs::write(tmp.path().join("f"), b"").unwrap();
        assert!(Dir::new(tmp.path().join("f")).exists().is_err());
    }
}
