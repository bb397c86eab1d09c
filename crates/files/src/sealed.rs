//! Sealed JSON documents: the one rule by which every state file wurfel resumes from, and every
//! plan and result it merges, is refused when it was edited or damaged.
//!
//! A sealed document is a JSON object whose first fields are `format` (what it is, e.g.
//! `wurfel-shard-plan`) and `version` (bumped whenever the meaning of a field changes) and whose
//! last field is `checksum`: the hex SHA-256 of the document's compact JSON with `checksum`
//! empty. Serialisation is deterministic — struct fields in declaration order, maps sorted
//! (`BTreeMap`), floats written in their shortest exact form and parsed back exactly (the
//! `float_roundtrip` feature of `serde_json`) — so [`open`] recomputes the checksum of a parsed
//! file exactly. What the checksum cannot know (that the counts in a file are those of its
//! data) each format checks on its own, after [`open`].

use crate::hash::sha256_hex;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A document type sealed by [`seal`] and read by [`open`].
pub trait Sealed: Serialize + DeserializeOwned {
    /// The value of the `format` field.
    const FORMAT: &'static str;
    /// The version this code writes and reads.
    const VERSION: u32;
    /// What the document is, for messages ("shard plan", "count checkpoint").
    const WHAT: &'static str;
    /// The `checksum` field.
    fn checksum_mut(&mut self) -> &mut String;
}

/// Why a document was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SealError {
    /// Not JSON, or fields missing, unknown or of the wrong type.
    Malformed { what: &'static str, why: String },
    /// Another kind of file (its `format` field, `None` when it has none).
    Format {
        what: &'static str,
        expected: &'static str,
        found: Option<String>,
    },
    /// Another version of the format.
    Version {
        what: &'static str,
        found: u32,
        reads: u32,
    },
    /// The checksum does not match the contents.
    Checksum { what: &'static str },
}

impl fmt::Display for SealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SealError::Malformed { what, why } => write!(f, "not a wurfel {what}: {why}"),
            SealError::Format {
                what,
                expected,
                found: Some(found),
            } => write!(
                f,
                "not a wurfel {what}: its format is `{found}`, expected `{expected}`"
            ),
            SealError::Format { what, .. } => write!(
                f,
                "not a wurfel {what}: it has no `format` field (written by an older wurfel, \
                 before {what}s were sealed, or by hand)"
            ),
            SealError::Version { what, found, reads } => write!(
                f,
                "{what} format version {found}, this wurfel reads version {reads} (written by \
                 {} wurfel)",
                if found < reads { "an older" } else { "a newer" }
            ),
            SealError::Checksum { what } => write!(
                f,
                "its checksum does not match its contents: the {what} was edited or damaged"
            ),
        }
    }
}

impl std::error::Error for SealError {}

/// The checksum of `doc` as it would be sealed (its own checksum field is ignored).
pub fn checksum_of<T: Sealed>(doc: &mut T) -> String {
    let kept = std::mem::take(doc.checksum_mut());
    let text = serde_json::to_string(&*doc).expect("sealed documents are plain data");
    *doc.checksum_mut() = kept;
    sha256_hex(text.as_bytes())
}

/// Seals `doc`: sets its checksum.
pub fn seal<T: Sealed>(doc: &mut T) {
    let sum = checksum_of(doc);
    *doc.checksum_mut() = sum;
}

/// `doc` as pretty JSON with a final newline (state files people may read).
pub fn to_pretty<T: Sealed>(doc: &T) -> String {
    let mut s = serde_json::to_string_pretty(doc).expect("sealed documents are plain data");
    s.push('\n');
    s
}

/// `doc` as one line of JSON with a final newline (large documents).
pub fn to_line<T: Sealed>(doc: &T) -> String {
    let mut s = serde_json::to_string(doc).expect("sealed documents are plain data");
    s.push('\n');
    s
}

/// Just enough of any document to say what it is.
#[derive(Deserialize)]
struct Header {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
}

/// Parses `text` as a `T`, checking in this order: JSON, format, version, fields, checksum.
pub fn open<T: Sealed>(text: &str) -> Result<T, SealError> {
    let malformed = |why: String| SealError::Malformed { what: T::WHAT, why };
    let head: Header = serde_json::from_str(text).map_err(|e| malformed(e.to_string()))?;
    let found = head
        .format
        .as_ref()
        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string));
    if found.as_deref() != Some(T::FORMAT) {
        return Err(SealError::Format {
            what: T::WHAT,
            expected: T::FORMAT,
            found,
        });
    }
    let version = head
        .version
        .as_ref()
        .and_then(|v| v.as_u64())
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| malformed("no valid `version` field".into()))?;
    if version != T::VERSION {
        return Err(SealError::Version {
            what: T::WHAT,
            found: version,
            reads: T::VERSION,
        });
    }
    let mut doc: T = serde_json::from_str(text).map_err(|e| malformed(e.to_string()))?;
    let stored = doc.checksum_mut().clone();
    if checksum_of(&mut doc) != stored {
        return Err(SealError::Checksum { what: T::WHAT });
    }
    Ok(doc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use std::collections::BTreeMap;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Doc {
        format: String,
        version: u32,
        name: String,
        counts: BTreeMap<String, u64>,
        seconds: Vec<f64>,
        checksum: String,
    }

    impl Sealed for Doc {
        const FORMAT: &'static str = "wurfel-test";
        const VERSION: u32 = 3;
        const WHAT: &'static str = "test document";
        fn checksum_mut(&mut self) -> &mut String {
            &mut self.checksum
        }
    }

    fn doc(seconds: Vec<f64>) -> Doc {
        let mut d = Doc {
            format: Doc::FORMAT.into(),
            version: Doc::VERSION,
            name: "a \"quoted\" name\n".into(),
            counts: BTreeMap::from([("raw".into(), u64::MAX), ("b".into(), 0)]),
            seconds,
            checksum: String::new(),
        };
        seal(&mut d);
        d
    }

    #[test]
    fn round_trips_in_both_layouts() {
        let d = doc(vec![0.1, 1.0 / 3.0, 5e-324, 1.7976931348623157e308]);
        assert_eq!(d.checksum.len(), 64);
        assert_eq!(open::<Doc>(&to_pretty(&d)).unwrap(), d);
        assert_eq!(open::<Doc>(&to_line(&d)).unwrap(), d);
    }

    #[test]
    fn floats_survive_parsing_exactly() {
        // Without exact float parsing, some of these re-serialise differently and the
        // checksum of a file that was never touched would not match.
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut seconds: Vec<f64> = (0..2000)
            .map(|_| f64::from_bits(rng.gen::<u64>() >> 2))
            .filter(|x| x.is_finite())
            .collect();
        seconds.extend((0..2000).map(|_| rng.gen::<f64>() * 1000.0));
        let d = doc(seconds);
        assert_eq!(open::<Doc>(&to_pretty(&d)).unwrap(), d);
    }

    #[test]
    fn edits_other_formats_and_versions_are_refused() {
        let d = doc(vec![1.5]);
        let text = to_pretty(&d);
        let edited = text.replace("18446744073709551615", "18446744073709551614");
        assert_eq!(
            open::<Doc>(&edited).unwrap_err(),
            SealError::Checksum {
                what: "test document"
            }
        );
        let err = open::<Doc>(&text.replace("wurfel-test", "wurfel-other")).unwrap_err();
        assert!(
            err.to_string().contains("format is `wurfel-other`"),
            "{err}"
        );
        let err = open::<Doc>(&text.replace("\"version\": 3", "\"version\": 2")).unwrap_err();
        assert!(
            err.to_string().contains("written by an older wurfel"),
            "{err}"
        );
        let err = open::<Doc>(&text.replace("\"version\": 3", "\"version\": 4")).unwrap_err();
        assert!(err.to_string().contains("a newer wurfel"), "{err}");
        let err = open::<Doc>("{\"depth\": 3}").unwrap_err();
        assert!(err.to_string().contains("no `format` field"), "{err}");
        for bad in ["", "[]", "{", "null", "{\"format\": \"wurfel-test\"}"] {
            assert!(open::<Doc>(bad).is_err(), "{bad:?}");
        }
        // An unknown field is refused by the type, not hidden by the checksum.
        let extra = text.replacen('{', "{\"extra\": 1,", 1);
        assert!(matches!(
            open::<Doc>(&extra),
            Err(SealError::Malformed { .. })
        ));
    }
}
