//! Where the crate's files live, as a trait the caller implements: the table cache
//! ([`crate::toolkit::cache`]) and the resumable analyses' state
//! ([`crate::analysis::layered`]) name files; a [`Store`] decides where they are. The crate
//! never sees a path. The CLI and the web server use one implementation, a directory
//! ([`wurfel_files::Dir`], below); tests may use [`MemoryStore`].

use std::collections::BTreeMap;
use std::io;
use std::sync::{Arc, Mutex};

/// The bytes of a stored file: a read-only memory map, or bytes in memory. An enum, not a
/// trait object: table lookups in the searches' inner loops go through its `Deref`.
pub enum Blob {
    Mapped(memmap2::Mmap),
    Memory(Vec<u8>),
}

impl std::ops::Deref for Blob {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Blob::Mapped(m) => m,
            Blob::Memory(v) => v,
        }
    }
}

/// Files by name. Whatever is read was written whole: `write` and `create` put a file in
/// place only when it is complete (atomically).
pub trait Store: Send + Sync + std::fmt::Debug {
    /// Where the store is, for messages (a directory's path).
    fn location(&self) -> String;
    /// Where file `name` is, for messages.
    fn describe(&self, name: &str) -> String;
    /// Whether the store was created yet (`Err` says why something else is in its place).
    fn created(&self) -> Result<bool, String>;
    /// The bytes of file `name` (`NotFound` when there is none), memory-mapped where that is
    /// how the store keeps them: tables of gigabytes are paged in as searches touch them.
    fn map(&self, name: &str) -> io::Result<Arc<Blob>>;
    /// The small file `name`, whole; an error when it is longer than `max` bytes.
    fn read(&self, name: &str, max: u64) -> io::Result<Vec<u8>>;
    /// Stores `parts`, one after the other, as file `name`, atomically.
    fn write(&self, name: &str, parts: &[&[u8]]) -> io::Result<()>;
    /// A file of `len` zero bytes to fill in place, which becomes `name` when committed and
    /// vanishes when dropped.
    fn create(&self, name: &str, len: usize) -> io::Result<Box<dyn NewFile>>;
    /// The names of the files present.
    fn names(&self) -> io::Result<Vec<String>>;
    /// Removes file `name` (nothing when there is none).
    fn remove(&self, name: &str) -> io::Result<()>;
    /// Takes the store's lock, creating the store if needed: `None` when another process
    /// holds it. Held until the value returned is dropped.
    fn lock(&self) -> io::Result<Option<Box<dyn Send>>>;
}

/// A file being filled in place (see [`Store::create`]).
pub trait NewFile: Send {
    fn bytes(&mut self) -> &mut [u8];
    /// Puts the file in place under its name.
    fn commit(self: Box<Self>) -> io::Result<()>;
}

/// The one implementation on disk: a directory, its files memory-mapped.
impl Store for wurfel_files::Dir {
    fn location(&self) -> String {
        self.path().display().to_string()
    }
    fn describe(&self, name: &str) -> String {
        self.file(name).display().to_string()
    }
    fn created(&self) -> Result<bool, String> {
        wurfel_files::Dir::exists(self)
    }
    fn map(&self, name: &str) -> io::Result<Arc<Blob>> {
        Ok(Arc::new(Blob::Mapped(wurfel_files::Dir::map(self, name)?)))
    }
    fn read(&self, name: &str, max: u64) -> io::Result<Vec<u8>> {
        wurfel_files::Dir::read(self, name, max)
    }
    fn write(&self, name: &str, parts: &[&[u8]]) -> io::Result<()> {
        wurfel_files::Dir::write(self, name, parts)
    }
    fn create(&self, name: &str, len: usize) -> io::Result<Box<dyn NewFile>> {
        Ok(Box::new(wurfel_files::Dir::create(self, name, len)?))
    }
    fn names(&self) -> io::Result<Vec<String>> {
        wurfel_files::Dir::names(self)
    }
    fn remove(&self, name: &str) -> io::Result<()> {
        wurfel_files::Dir::remove(self, name)
    }
    fn lock(&self) -> io::Result<Option<Box<dyn Send>>> {
        Ok(wurfel_files::Dir::lock(self)?.map(|l| Box::new(l) as Box<dyn Send>))
    }
}

impl NewFile for wurfel_files::NewMapped {
    fn bytes(&mut self) -> &mut [u8] {
        wurfel_files::NewMapped::bytes(self)
    }
    fn commit(self: Box<Self>) -> io::Result<()> {
        wurfel_files::NewMapped::commit(*self)
    }
}

/// Files in memory (tests; a store that forgets everything when dropped).
#[derive(Clone, Default)]
pub struct MemoryStore {
    files: Arc<Mutex<BTreeMap<String, Arc<Blob>>>>,
    locked: Arc<Mutex<bool>>,
}

impl std::fmt::Debug for MemoryStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.files().keys()).finish()
    }
}

impl MemoryStore {
    fn files(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Arc<Blob>>> {
        self.files.lock().unwrap_or_else(|e| e.into_inner())
    }
}

struct MemoryFile {
    store: MemoryStore,
    name: String,
    bytes: Vec<u8>,
}

impl NewFile for MemoryFile {
    fn bytes(&mut self) -> &mut [u8] {
        &mut self.bytes
    }
    fn commit(self: Box<Self>) -> io::Result<()> {
        let MemoryFile { store, name, bytes } = *self;
        store.files().insert(name, Arc::new(Blob::Memory(bytes)));
        Ok(())
    }
}

/// Releases a [`MemoryStore`]'s lock when dropped.
struct MemoryLock(Arc<Mutex<bool>>);

impl Drop for MemoryLock {
    fn drop(&mut self) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = false;
    }
}

impl Store for MemoryStore {
    fn location(&self) -> String {
        "(memory)".to_string()
    }
    fn describe(&self, name: &str) -> String {
        format!("(memory)/{name}")
    }
    fn created(&self) -> Result<bool, String> {
        Ok(true)
    }
    fn map(&self, name: &str) -> io::Result<Arc<Blob>> {
        match self.files().get(name) {
            Some(b) => Ok(b.clone()),
            None => Err(io::ErrorKind::NotFound.into()),
        }
    }
    fn read(&self, name: &str, max: u64) -> io::Result<Vec<u8>> {
        let b = self.map(name)?;
        if b.len() as u64 > max {
            return Err(io::Error::other(format!("{name}: over {max} bytes")));
        }
        Ok(b.to_vec())
    }
    fn write(&self, name: &str, parts: &[&[u8]]) -> io::Result<()> {
        self.files()
            .insert(name.to_string(), Arc::new(Blob::Memory(parts.concat())));
        Ok(())
    }
    fn create(&self, name: &str, len: usize) -> io::Result<Box<dyn NewFile>> {
        Ok(Box::new(MemoryFile {
            store: self.clone(),
            name: name.to_string(),
            bytes: vec![0; len],
        }))
    }
    fn names(&self) -> io::Result<Vec<String>> {
        Ok(self.files().keys().cloned().collect())
    }
    fn remove(&self, name: &str) -> io::Result<()> {
        self.files().remove(name);
        Ok(())
    }
    fn lock(&self) -> io::Result<Option<Box<dyn Send>>> {
        let mut held = self.locked.lock().unwrap_or_else(|e| e.into_inner());
        if *held {
            return Ok(None);
        }
        *held = true;
        Ok(Some(Box::new(MemoryLock(self.locked.clone()))))
    }
}
