//! The on-disk cache of distance tables: one file per table under a versioned header with a
//! checksum, in a directory the caller chooses. Files are memory-mapped, not read: a solver
//! is ready in well under a second, and the pages its searches touch come in on demand. A
//! file that is short, stale or of another shape is never used (the caller rebuilds it);
//! [`verify`] checks the checksum too (a full read), which `load` leaves out: every solution
//! is checked by applying it, so a damaged table can slow a search but never make it wrong.

use crate::prune::{Bytes, NibbleTable};
use std::io::Write;
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 16] = b"WURFEL-REVENGE\0\0";
/// Bump when the table layout or any coordinate numbering changes.
pub const FORMAT_VERSION: u32 = 1;

/// FNV-1a over 8-byte words (fast enough for hundreds of MB; detects truncation and bit rot).
pub fn checksum(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut chunks = data.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        h = (h ^ w).wrapping_mul(0x0000_0100_0000_01b3);
    }
    for &b in chunks.remainder() {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Path of the file for table `name`.
pub fn table_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("revenge-v{FORMAT_VERSION}-{name}.tbl"))
}

/// Why a cached table was not used.
#[derive(Debug)]
pub enum LoadError {
    Missing,
    Invalid(String),
}

const HEAD: usize = 16 + 4 + 8 + 8 + 64;

/// Maps table `name` of `len` entries, checking its header and length (not the checksum:
/// see [`verify`]).
pub fn load(dir: &Path, name: &str, len: usize) -> Result<NibbleTable, LoadError> {
    let path = table_path(dir, name);
    let file = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(LoadError::Missing),
        Err(e) => return Err(LoadError::Invalid(format!("cannot read: {e}"))),
    };
    // SAFETY: table files are written once, to a temporary name, and renamed into place
    // (`store`); they are never modified afterwards, so the mapping is not changed by us. A
    // user editing the cache by hand while a solver runs could change it, as for any reader.
    let map = unsafe { memmap2::Mmap::map(&file) }
        .map_err(|e| LoadError::Invalid(format!("cannot map {}: {e}", path.display())))?;
    check_header(&path, &map, name, len)?;
    Ok(NibbleTable {
        len,
        data: Bytes::Mapped { map, offset: HEAD },
    })
}

/// Checks a table file's header and length; returns the stored checksum.
fn check_header(path: &Path, bytes: &[u8], name: &str, len: usize) -> Result<u64, LoadError> {
    let bad = |why: &str| LoadError::Invalid(format!("{}: {why}", path.display()));
    if bytes.len() < HEAD {
        return Err(bad("too short"));
    }
    if &bytes[..16] != MAGIC {
        return Err(bad("not a wurfel table"));
    }
    let version = u32::from_le_bytes(bytes[16..20].try_into().expect("4 bytes"));
    if version != FORMAT_VERSION {
        return Err(bad("stale format version"));
    }
    let n = u64::from_le_bytes(bytes[20..28].try_into().expect("8 bytes")) as usize;
    let sum = u64::from_le_bytes(bytes[28..36].try_into().expect("8 bytes"));
    let label = &bytes[36..100];
    if n != len || !label.starts_with(name.as_bytes()) {
        return Err(bad("table of another shape"));
    }
    if bytes.len() - HEAD != len.div_ceil(2) {
        return Err(bad("truncated"));
    }
    Ok(sum)
}

/// Loads table `name` and checks its checksum (reads the whole file).
pub fn verify(dir: &Path, name: &str, len: usize) -> Result<NibbleTable, LoadError> {
    let t = load(dir, name, len)?;
    let Bytes::Mapped { map, .. } = &t.data else {
        unreachable!("load maps")
    };
    let path = table_path(dir, name);
    let sum = check_header(&path, map, name, len)?;
    if checksum(&t.data) != sum {
        return Err(LoadError::Invalid(format!(
            "{}: checksum mismatch (corrupt)",
            path.display()
        )));
    }
    Ok(t)
}

/// Stores a table atomically: an exclusively created temporary file in `dir` (removed on any
/// error), synced, then renamed over the table's name, so a reader never maps a half-written
/// table and no planted link at a predictable name can redirect the write.
pub fn store(dir: &Path, name: &str, t: &NibbleTable) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let path = table_path(dir, name);
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)?;
    {
        let mut f = std::io::BufWriter::new(tmp.as_file_mut());
        f.write_all(MAGIC)?;
        f.write_all(&FORMAT_VERSION.to_le_bytes())?;
        f.write_all(&(t.len as u64).to_le_bytes())?;
        f.write_all(&checksum(&t.data).to_le_bytes())?;
        let mut label = [0u8; 64];
        let nb = name.as_bytes();
        label[..nb.len().min(64)].copy_from_slice(&nb[..nb.len().min(64)]);
        f.write_all(&label)?;
        f.write_all(&t.data)?;
        f.flush()?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(&path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_corruption_is_detected() {
        let dir = std::env::temp_dir().join(format!("wurfel-cache-test-{}", std::process::id()));
        let t = NibbleTable {
            len: 7,
            data: Bytes::Owned(vec![0x10, 0x32, 0x54, 0xF6]),
        };
        store(&dir, "t", &t).unwrap();
        assert_eq!(*load(&dir, "t", 7).unwrap().data, *t.data);
        assert_eq!(*verify(&dir, "t", 7).unwrap().data, *t.data);
        assert!(matches!(load(&dir, "t", 8), Err(LoadError::Invalid(_))));
        let p = table_path(&dir, "t");
        let mut b = std::fs::read(&p).unwrap();
        let last = b.len() - 1;
        b[last] ^= 1;
        std::fs::write(&p, &b).unwrap();
        assert!(load(&dir, "t", 7).is_ok(), "load checks the header only");
        assert!(matches!(verify(&dir, "t", 7), Err(LoadError::Invalid(_))));
        std::fs::write(&p, &b[..b.len() - 1]).unwrap();
        assert!(matches!(load(&dir, "t", 7), Err(LoadError::Invalid(_))));
        assert!(matches!(load(&dir, "u", 7), Err(LoadError::Missing)));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
