//! wurfel's file toolkit: every crate that keeps something on disk, and the `wurfel` binary,
//! writes, reads, seals and locks files through here, so each of these rules exists once.
//!
//! - [`hash`]: SHA-256 in hex (fingerprints, checksums, file identities);
//! - [`sealed`]: sealed JSON documents — a `format` name, a `version` and a `checksum` (SHA-256
//!   over the document's compact JSON with the checksum empty), refused when edited, damaged,
//!   of another format or of another version ([`Sealed`], [`seal`], [`open`]);
//! - [`write`]: the one atomic writer — an exclusive temporary file with an unpredictable name
//!   beside the target, synced and renamed over it; live temporaries are registered so a
//!   signal handler can remove them ([`AtomicFile`], [`write_atomic`]);
//! - [`output`]: where a path a user names for writing leads (a file replaced atomically, a
//!   stream, standard output) and the output opened there ([`Dest`], [`Output`]);
//! - [`read`]: reads that open only regular files and never block on a FIFO or a device
//!   ([`open_regular`], [`read_bounded`]);
//! - [`lock`]: exclusive advisory locks on lock files that cannot be redirected by a symlink
//!   ([`try_lock`]).
//!
//! `hash` and `sealed` are pure (text in, text out); `write`, `output`, `read` and `lock` are the
//! I/O primitives, listed in `.ci/io-allowlist`.

pub mod dir;
pub mod hash;
pub mod lock;
pub mod output;
pub mod read;
pub mod sealed;
pub mod write;

pub use dir::{Dir, NewMapped};
pub use hash::{hex, sha256_hex};
pub use lock::{try_lock, Lock};
pub use output::{Dest, Output};
pub use read::{open_regular, read_bounded, read_text_bounded};
pub use sealed::{open, seal, SealError, Sealed};
pub use write::{remove_temporaries, write_atomic, AtomicFile};

/// Held by the unit tests that spawn a process and by those that take, drop and retake a lock:
/// a child holds copies of every open file of the test process until it executes, so a lock
/// dropped meanwhile would still look held.
#[cfg(test)]
pub(crate) static FORK_GUARD: std::sync::Mutex<()> = std::sync::Mutex::new(());
