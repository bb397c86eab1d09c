//! The table cache: distance tables, and each stage's coordinates, move tables and goals
//! (see [`crate::methods::five_stage::setup`]), one file per table under a versioned header with
//! a checksum, in a [`Store`] the caller chooses (a directory, for the CLI and the server).
//! Files are memory-mapped, not read: a solver is ready in well under a second, and the pages
//! its searches touch come in on demand. A file that is short, stale or of another shape is
//! never used (the caller rebuilds it); [`verify`] checks the checksum too (a full read), which
//! `load` leaves out: every solution is checked by applying it, so a damaged table can slow a
//! search but never make it wrong.

use crate::store::{Blob, Store};
use crate::toolkit::{
    prune::NibbleTable,
    words::{Bytes, Words},
};
use std::sync::Arc;

const MAGIC: &[u8; 16] = b"WURFEL-REVENGE\0\0";
/// Bump when the table layout or any coordinate numbering changes.
pub(crate) const FORMAT_VERSION: u32 = 1;

/// FNV-1a over 8-byte words (fast enough for hundreds of MB; detects truncation and bit rot).
pub(crate) fn checksum(data: &[u8]) -> u64 {
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

/// The file name of table `name` in a store.
pub(crate) fn file_name(name: &str) -> String {
    format!("revenge-v{FORMAT_VERSION}-{name}.tbl")
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
pub(crate) fn load(store: &dyn Store, name: &str, len: usize) -> Result<NibbleTable, LoadError> {
    let map = map_file(store, name)?;
    check_header(store, &map, name, len)?;
    Ok(NibbleTable {
        len,
        data: Bytes::Mapped { map, offset: HEAD },
    })
}

/// Maps the file of table `name`.
fn map_file(store: &dyn Store, name: &str) -> Result<Arc<Blob>, LoadError> {
    match store.map(&file_name(name)) {
        Ok(m) => Ok(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(LoadError::Missing),
        Err(e) => Err(bad(store, name, &format!("cannot read: {e}"))),
    }
}

/// Checks a table file's header and length; returns the stored checksum.
fn check_header(store: &dyn Store, bytes: &[u8], name: &str, len: usize) -> Result<u64, LoadError> {
    let (n, sum) = read_header(store, bytes, name)?;
    if n != len {
        return Err(bad(store, name, "table of another shape"));
    }
    if bytes.len() - HEAD != len.div_ceil(2) {
        return Err(bad(store, name, "truncated"));
    }
    Ok(sum)
}

fn bad(store: &dyn Store, name: &str, why: &str) -> LoadError {
    LoadError::Invalid(format!("{}: {why}", store.describe(&file_name(name))))
}

/// Checks a file's magic, version and name; returns the stored length and checksum.
fn read_header(store: &dyn Store, bytes: &[u8], name: &str) -> Result<(usize, u64), LoadError> {
    let bad = |why: &str| bad(store, name, why);
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
pub(crate) fn verify(store: &dyn Store, name: &str, len: usize) -> Result<NibbleTable, LoadError> {
    let map = map_file(store, name)?;
    let sum = check_header(store, &map, name, len)?;
    if checksum(&map[HEAD..]) != sum {
        return Err(bad(store, name, "checksum mismatch (corrupt)"));
    }
    Ok(NibbleTable {
        len,
        data: Bytes::Mapped { map, offset: HEAD },
    })
}

/// Stores a table atomically (see [`store_bytes`]).
pub(crate) fn store(store: &dyn Store, name: &str, t: &NibbleTable) -> std::io::Result<()> {
    store_bytes(store, name, t.len, &t.data)
}

/// Stores `data` (with `n`, its length in its own units, in the header) atomically: the
/// store puts a file in place only when it is whole (a directory writes through wurfel's one
/// atomic writer, `wurfel_files::AtomicFile`), so a reader never maps a half-written table.
fn store_bytes(store: &dyn Store, name: &str, n: usize, data: &[u8]) -> std::io::Result<()> {
    let version = FORMAT_VERSION.to_le_bytes();
    let len = (n as u64).to_le_bytes();
    let sum = checksum(data).to_le_bytes();
    let label = label(name);
    let parts: [&[u8]; 6] = [MAGIC, &version, &len, &sum, &label, data];
    store.write(&file_name(name), &parts)
}

/// Stores an array of 32-bit words (in the machine's byte order; [`load_words`] refuses a
/// file from a machine of the other order) atomically, as [`store`] does.
pub(crate) fn store_words(store: &dyn Store, name: &str, words: &[u32]) -> std::io::Result<()> {
    let mut data: Vec<u8> = Vec::with_capacity(4 + 4 * words.len());
    data.extend_from_slice(&ORDER_MARK.to_ne_bytes());
    data.extend_from_slice(bytemuck::cast_slice(words));
    store_bytes(store, name, words.len(), &data)
}

/// Written before the words of a word file, in the writer's byte order.
const ORDER_MARK: u32 = 0x0102_0304;

/// Maps the word file `name`, checking its header, byte order and length (not the checksum:
/// see [`verify_words`]).
pub(crate) fn load_words(store: &dyn Store, name: &str) -> Result<Words, LoadError> {
    load_words_checked(store, name, false)
}

/// Loads the word file `name` and checks its checksum (reads the whole file).
pub(crate) fn verify_words(store: &dyn Store, name: &str) -> Result<Words, LoadError> {
    load_words_checked(store, name, true)
}

fn load_words_checked(store: &dyn Store, name: &str, full: bool) -> Result<Words, LoadError> {
    let map = map_file(store, name)?;
    let (n, sum) = read_header(store, &map, name)?;
    if map.len() - HEAD < 4 || map[HEAD..HEAD + 4] != ORDER_MARK.to_ne_bytes() {
        return Err(bad(
            store,
            name,
            "not a word file of this machine's byte order",
        ));
    }
    if Some(map.len() - HEAD - 4) != n.checked_mul(4) {
        return Err(bad(store, name, "truncated"));
    }
    if full && checksum(&map[HEAD..]) != sum {
        return Err(bad(store, name, "checksum mismatch (corrupt)"));
    }
    Words::mapped(map, HEAD + 4, n).ok_or_else(|| bad(store, name, "misaligned"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MemoryStore;
    use wurfel_files::Dir;

    #[test]
    fn round_trip_and_corruption_is_detected() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = Dir::new(tmp.path());
        let t = NibbleTable {
            len: 7,
            data: Bytes::Owned(vec![0x10, 0x32, 0x54, 0xF6]),
        };
        store(&dir, "t", &t).unwrap();
        assert_eq!(*load(&dir, "t", 7).unwrap().data, *t.data);
        assert_eq!(*verify(&dir, "t", 7).unwrap().data, *t.data);
        assert!(matches!(load(&dir, "t", 8), Err(LoadError::Invalid(_))));
        let p = dir.file(&file_name("t"));
        let mut b = std::fs::read(&p).unwrap();
        let last = b.len() - 1;
        b[last] ^= 1;
        std::fs::write(&p, &b).unwrap();
        assert!(load(&dir, "t", 7).is_ok(), "load checks the header only");
        assert!(matches!(verify(&dir, "t", 7), Err(LoadError::Invalid(_))));
        std::fs::write(&p, &b[..b.len() - 1]).unwrap();
        assert!(matches!(load(&dir, "t", 7), Err(LoadError::Invalid(_))));
        assert!(matches!(load(&dir, "u", 7), Err(LoadError::Missing)));
    }

    #[test]
    fn fifos_and_directories_at_a_table_name_are_refused_without_blocking() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = Dir::new(tmp.path());
        let p = dir.file(&file_name("t"));
        let made = std::process::Command::new("mkfifo").arg(&p).status();
        assert!(made.unwrap().success());
        let t = std::time::Instant::now();
        let err = load(&dir, "t", 7).map(|_| ()).unwrap_err();
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
        store(&dir, "t", &table).unwrap();
        assert_eq!(*verify(&dir, "t", 7).unwrap().data, *table.data);
        let p = dir.file(&file_name("w"));
        std::fs::create_dir(&p).unwrap();
        assert!(matches!(load_words(&dir, "w"), Err(LoadError::Invalid(_))));
    }

    #[test]
    fn word_files_round_trip_and_damage_is_detected() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = Dir::new(tmp.path());
        let words: Vec<u32> = (0..1000).map(|i| i * 7919).collect();
        store_words(&dir, "w", &words).unwrap();
        let w = load_words(&dir, "w").unwrap();
        assert!(matches!(w, Words::Mapped { .. }));
        assert_eq!(*w, words[..]);
        assert_eq!(*w.slice(10, 5).unwrap(), words[10..15]);
        assert!(w.slice(999, 2).is_none());
        assert_eq!(*verify_words(&dir, "w").unwrap(), words[..]);
        let p = dir.file(&file_name("w"));
        let good = std::fs::read(&p).unwrap();
        let refused = |b: &[u8], load: fn(&dyn Store, &str) -> Result<Words, LoadError>| {
            std::fs::write(&p, b).unwrap();
            assert!(matches!(load(&dir, "w"), Err(LoadError::Invalid(_))));
        };
        // A flipped bit in the data: loads (no full read at start-up), fails verification.
        let mut b = good.clone();
        b[HEAD + 40] ^= 1;
        std::fs::write(&p, &b).unwrap();
        assert!(load_words(&dir, "w").is_ok());
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
        assert!(matches!(load(&dir, "w", 1000), Err(LoadError::Invalid(_))));
        assert!(matches!(load_words(&dir, "x"), Err(LoadError::Missing)));
    }

    #[test]
    fn a_store_in_memory_keeps_tables_and_word_files_byte_for_byte_as_a_directory_does() {
        let mem = MemoryStore::default();
        let tmp = tempfile::tempdir().unwrap();
        let dir = Dir::new(tmp.path());
        let t = NibbleTable {
            len: 7,
            data: Bytes::Owned(vec![0x10, 0x32, 0x54, 0xF6]),
        };
        let words: Vec<u32> = (0..100).map(|i| i * 7919).collect();
        for s in [&mem as &dyn Store, &dir] {
            store(s, "t", &t).unwrap();
            store_words(s, "w", &words).unwrap();
            assert_eq!(*verify(s, "t", 7).unwrap().data, *t.data);
            assert_eq!(*verify_words(s, "w").unwrap(), words[..]);
            assert!(matches!(load(s, "u", 7), Err(LoadError::Missing)));
        }
        for name in ["t", "w"] {
            let f = file_name(name);
            assert_eq!(
                mem.map(&f).unwrap()[..],
                std::fs::read(dir.file(&f)).unwrap()[..]
            );
        }
    }
}
