//! Checksums that seal a JSON document: SHA-256 over its compact serialisation with the
//! `checksum` field empty. Serialisation is deterministic (struct fields in declaration order,
//! maps sorted, no floating-point numbers), so the checksum of a parsed file can be recomputed
//! exactly.

use serde::Serialize;
use sha2::{Digest, Sha256};

/// Hex SHA-256 of `bytes`.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The checksum of `doc`, whose own checksum field must be empty.
pub(crate) fn checksum<T: Serialize>(doc: &T) -> String {
    let text = serde_json::to_string(doc).expect("plain data serialises");
    sha256_hex(text.as_bytes())
}
