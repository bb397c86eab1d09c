//! The on-disk cache: distance tables, and each stage's coordinates, move tables and goals
//! (see [`crate::methods::five_stage::setup`]), one file per table under a versioned header with a checksum, in a
//! directory the caller chooses. Files are memory-mapped, not read: a solver is ready in well
//! under a second, and the pages its searches touch come in on demand. A file that is short,
//! stale or of another shape is never used (the caller rebuilds it); [`verify`] checks the
//! checksum too (a full read), which `load` leaves out: every solution is checked by applying
//! it, so a damaged table can slow a search but never make it wrong.

use crate::toolkit::{
    prune::NibbleTable,
    words::{Bytes, Words},
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    let (path, map) = map_file(dir, name)?;
    check_header(&path, &map, name, len)?;
    Ok(NibbleTable {
        len,
        data: Bytes::Mapped { map, offset: HEAD },
    })
}

/// Maps the file of table `name`.
fn map_file(dir: &Path, name: &str) -> Result<(PathBuf, memmap2::Mmap), LoadError> {
    let path = table_path(dir, name);
    // Only a regular file is opened: a FIFO or device planted at a table's name is refused
    // at once (and the table rebuilt and stored over it), never waited on.
    let file = match wurfel_files::open_regular(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(LoadError::Missing),
        Err(e) => return Err(bad(&path, &format!("cannot read: {e}"))),
    };
    // SAFETY: table files are written once, to a temporary name, and renamed into place
    // (`store`); they are never modified afterwards, so the mapping is not changed by us. A
    // user editing the cache by hand while a solver runs could change it, as for any reader.
    let map = unsafe { memmap2::Mmap::map(&file) }
        .map_err(|e| LoadError::Invalid(format!("cannot map {}: {e}", path.display())))?;
    Ok((path, map))
}

/// Checks a table file's header and length; returns the stored checksum.
fn check_header(path: &Path, bytes: &[u8], name: &str, len: usize) -> Result<u64, LoadError> {
    let (n, sum) = read_header(path, bytes, name)?;
    if n != len {
        return Err(bad(path, "table of another shape"));
    }
    if bytes.len() - HEAD != len.div_ceil(2) {
        return Err(bad(path, "truncated"));
    }
    Ok(sum)
}

fn bad(path: &Path, why: &str) -> LoadError {
    LoadError::Invalid(format!("{}: {why}", path.display()))
}

/// Checks a file's magic, version and name; returns the stored length and checksum.
fn read_header(path: &Path, bytes: &[u8], name: &str) -> Result<(usize, u64), LoadError> {
    let bad = |why: &str| bad(path, why);
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
    if bytes[36..HEAD] != label(name) {
        return Err(bad("table of another shape"));
    }
    Ok((n, sum))
}

/// The 64-byte name field of a header (the name, zero-padded).
fn label(name: &str) -> [u8; 64] {
    let mut label = [0u8; 64];
    let nb = name.as_bytes();
    label[..nb.len().min(64)].copy_from_slice(&nb[..nb.len().min(64)]);
    label
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
        return Err(bad(&path, "checksum mismatch (corrupt)"));
    }
    Ok(t)
}

/// Stores a table atomically (see [`store_bytes`]).
pub fn store(dir: &Path, name: &str, t: &NibbleTable) -> std::io::Result<()> {
    store_bytes(dir, name, t.len, &t.data)
}

/// Stores `data` (with `n`, its length in its own units, in the header) atomically, through
/// wurfel's one atomic writer (`wurfel_files::AtomicFile`: an exclusively created temporary
/// file with an unpredictable name, removed on any error, synced, renamed over the table's
/// name), so a reader never maps a half-written table and no planted link can redirect the
/// write.
fn store_bytes(dir: &Path, name: &str, n: usize, data: &[u8]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut tmp = wurfel_files::AtomicFile::create(&table_path(dir, name))?;
    {
        let mut f = std::io::BufWriter::new(&mut tmp);
        f.write_all(MAGIC)?;
        f.write_all(&FORMAT_VERSION.to_le_bytes())?;
        f.write_all(&(n as u64).to_le_bytes())?;
        f.write_all(&checksum(data).to_le_bytes())?;
        f.write_all(&label(name))?;
        f.write_all(data)?;
        f.flush()?;
    }
    tmp.commit()
}

/// Stores an array of 32-bit words (in the machine's byte order; [`load_words`] refuses a
/// file from a machine of the other order) atomically, as [`store`] does.
pub fn store_words(dir: &Path, name: &str, words: &[u32]) -> std::io::Result<()> {
    let mut data: Vec<u8> = Vec::with_capacity(4 + 4 * words.len());
    data.extend_from_slice(&ORDER_MARK.to_ne_bytes());
    data.extend_from_slice(bytemuck::cast_slice(words));
    store_bytes(dir, name, words.len(), &data)
}

/// Written before the words of a word file, in the writer's byte order.
const ORDER_MARK: u32 = 0x0102_0304;

/// Maps the word file `name`, checking its header, byte order and length (not the checksum:
/// see [`verify_words`]).
pub fn load_words(dir: &Path, name: &str) -> Result<Words, LoadError> {
    let (path, map) = map_file(dir, name)?;
    let (n, _) = read_header(&path, &map, name)?;
    if map.len() - HEAD < 4 || map[HEAD..HEAD + 4] != ORDER_MARK.to_ne_bytes() {
        return Err(bad(&path, "not a word file of this machine's byte order"));
    }
    if Some(map.len() - HEAD - 4) != n.checked_mul(4) {
        return Err(bad(&path, "truncated"));
    }
    Words::mapped(Arc::new(map), HEAD + 4, n).ok_or_else(|| bad(&path, "misaligned"))
}

/// Loads the word file `name` and checks its checksum (reads the whole file).
pub fn verify_words(dir: &Path, name: &str) -> Result<Words, LoadError> {
    let w = load_words(dir, name)?;
    let (path, map) = map_file(dir, name)?;
    let (_, sum) = read_header(&path, &map, name)?;
    if checksum(&map[HEAD..]) != sum {
        return Err(bad(&path, "checksum mismatch (corrupt)"));
    }
    Ok(w)
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

    #[test]
    fn fifos_and_directories_at_a_table_name_are_refused_without_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let p = table_path(dir.path(), "t");
        let made = std::process::Command::new("mkfifo").arg(&p).status();
        assert!(made.unwrap().success());
        let t = std::time::Instant::now();
        let err = load(dir.path(), "t", 7).map(|_| ()).unwrap_err();
        assert!(
            matches!(&err, LoadError::Invalid(why) if why.contains("FIFO")),
            "{err:?}"
        );
        assert!(t.elapsed().as_secs() < 5);
        // Storing replaces the FIFO with the table.
        let table = NibbleTable {
            len: 7,
            data: Bytes::Owned(vec![0x10, 0x32, 0x54, 0xF6]),
        };
        store(dir.path(), "t", &table).unwrap();
        assert_eq!(*verify(dir.path(), "t", 7).unwrap().data, *table.data);
        let p = table_path(dir.path(), "w");
        std::fs::create_dir(&p).unwrap();
        assert!(matches!(
            load_words(dir.path(), "w"),
            Err(LoadError::Invalid(_))
        ));
    }

    #[test]
    fn word_files_round_trip_and_damage_is_detected() {
        let dir = tempfile::tempdir().unwrap();
        let words: Vec<u32> = (0..1000).map(|i| i * 7919).collect();
        store_words(dir.path(), "w", &words).unwrap();
        let w = load_words(dir.path(), "w").unwrap();
        assert!(matches!(w, Words::Mapped { .. }));
        assert_eq!(*w, words[..]);
        assert_eq!(*w.slice(10, 5).unwrap(), words[10..15]);
        assert!(w.slice(999, 2).is_none());
        assert_eq!(*verify_words(dir.path(), "w").unwrap(), words[..]);
        let p = table_path(dir.path(), "w");
        let good = std::fs::read(&p).unwrap();
        let refused = |b: &[u8], load: fn(&Path, &str) -> Result<Words, LoadError>| {
            std::fs::write(&p, b).unwrap();
            assert!(matches!(load(dir.path(), "w"), Err(LoadError::Invalid(_))));
        };
        // A flipped bit in the data: loads (no full read at start-up), fails verification.
        let mut b = good.clone();
        b[HEAD + 40] ^= 1;
        std::fs::write(&p, &b).unwrap();
        assert!(load_words(dir.path(), "w").is_ok());
        refused(&b, verify_words);
        refused(&good[..good.len() - 1], load_words);
        refused(&good[..good.len() - 4], load_words);
        refused(&good[..HEAD + 2], load_words);
        // Written on a machine of the other byte order.
        let mut b = good.clone();
        b[HEAD..HEAD + 4].reverse();
        refused(&b, load_words);
        // A word file is not a table of the same name, and the other way round.
        std::fs::write(&p, &good).unwrap();
        assert!(matches!(
            load(dir.path(), "w", 1000),
            Err(LoadError::Invalid(_))
        ));
        assert!(matches!(
            load_words(dir.path(), "x"),
            Err(LoadError::Missing)
        ));
    }
}
