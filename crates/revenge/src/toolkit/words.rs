//! Arrays that are either built in memory or read-only mappings of cached files: the bytes of
//! a distance table and the 32-bit words of move tables and coordinate numberings. Kept apart
//! from the tables and coordinates that use them, so neither depends on the other.

use crate::store::Blob;
use std::sync::Arc;

/// The bytes of a table: built in memory, or a read-only mapping of a cached file (so a
/// solver starts without reading gigabytes; pages come in as searches touch them).
pub(crate) enum Bytes {
    Owned(Vec<u8>),
    Mapped { map: Arc<Blob>, offset: usize },
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Owned(v) => v,
            Bytes::Mapped { map, offset } => &map[*offset..],
        }
    }
}

/// An array of 32-bit words (move tables, coordinate numberings): built in memory, or a
/// read-only mapping of a cached file ([`crate::toolkit::cache::load_words`]) shared by the arrays
/// cut from it.
pub(crate) enum Words {
    Owned(Vec<u32>),
    Mapped {
        map: Arc<Blob>,
        /// Byte offset of the first word (a multiple of 4: mappings start on a page).
        start: usize,
        len: usize,
    },
}

impl Words {
    /// Words `start/4..start/4 + len` of a mapping, or `None` when out of range or misaligned.
    pub(crate) fn mapped(map: Arc<Blob>, start: usize, len: usize) -> Option<Words> {
        let bytes = map.get(start..start.checked_add(len.checked_mul(4)?)?)?;
        bytemuck::try_cast_slice::<u8, u32>(bytes).ok()?;
        Some(Words::Mapped { map, start, len })
    }

    /// Words `from..from + len` of this array, sharing a mapping (copied when owned).
    pub(crate) fn slice(&self, from: usize, len: usize) -> Option<Words> {
        match self {
            Words::Owned(v) => Some(Words::Owned(v.get(from..from.checked_add(len)?)?.to_vec())),
            Words::Mapped { map, start, len: n } => {
                if from.checked_add(len)? > *n {
                    return None;
                }
                Words::mapped(map.clone(), start + 4 * from, len)
            }
        }
    }
}

impl std::ops::Deref for Words {
    type Target = [u32];
    #[inline]
    fn deref(&self) -> &[u32] {
        match self {
            Words::Owned(v) => v,
            // Range and alignment were checked when the value was made (`mapped`).
            Words::Mapped { map, start, len } => {
                bytemuck::cast_slice(&map[*start..*start + 4 * *len])
            }
        }
    }
}

impl From<Vec<u32>> for Words {
    fn from(v: Vec<u32>) -> Words {
        Words::Owned(v)
    }
}
