//! Standard output and standard error, made safe for a terminal: the one place where text that
//! a user (or a puzzle file) supplied — puzzle, piece and problem names, chains, input quoted in
//! error messages — is kept from restyling or retitling the terminal.
//!
//! Every byte written to standard output or standard error by `outln!`, `note!` and the
//! `--out -` stream passes through [`Safe`]: control characters other than newline and tab
//! (C0 `0x00..0x20`, DEL, and C1 `U+0080..U+009F`) are written as JSON-style escapes
//! (`ESC` → `\u001b`). JSON printed on standard output is unchanged: serde_json already escapes
//! C0 inside strings, and a DEL or C1 character (only ever inside a string) becomes the JSON
//! escape of the same character, so the document means exactly the same. Files (`--out
//! FILE`) are written as they are: they are no terminal.

use std::io::{self, Write};

/// A writer that escapes control characters (see the module documentation).
pub(crate) struct Safe<W: Write> {
    inner: W,
    /// A `0xC2` byte held back: the next byte decides whether it begins a C1 character.
    pending: bool,
}

impl<W: Write> Safe<W> {
    pub(crate) fn new(inner: W) -> Safe<W> {
        Safe {
            inner,
            pending: false,
        }
    }

    /// Writes what is held back.
    fn settle(&mut self) -> io::Result<()> {
        if std::mem::take(&mut self.pending) {
            self.inner.write_all(&[0xC2])?;
        }
        Ok(())
    }
}

/// Standard output, escaped.
pub(crate) fn stdout() -> Safe<io::Stdout> {
    Safe::new(io::stdout())
}

/// Standard error, escaped.
pub(crate) fn stderr() -> Safe<io::Stderr> {
    Safe::new(io::stderr())
}

/// Whether `b` is written as is (newline, tab and everything from space on but DEL).
fn plain(b: u8) -> bool {
    b == b'\n' || b == b'\t' || (b >= 0x20 && b != 0x7F)
}

fn escape(code: u8) -> [u8; 6] {
    let hex = b"0123456789abcdef";
    [
        b'\\',
        b'u',
        b'0',
        b'0',
        hex[usize::from(code >> 4)],
        hex[usize::from(code & 15)],
    ]
}

impl<W: Write> Write for Safe<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut start = 0;
        let mut i = 0;
        if self.pending {
            match buf.first() {
                None => return Ok(0),
                Some(&c) if (0x80..0xA0).contains(&c) => {
                    self.pending = false;
                    self.inner.write_all(&escape(c))?;
                    start = 1;
                    i = 1;
                }
                Some(_) => self.settle()?,
            }
        }
        while i < buf.len() {
            let b = buf[i];
            if b == 0xC2 {
                match buf.get(i + 1) {
                    Some(&c) if (0x80..0xA0).contains(&c) => {
                        self.inner.write_all(&buf[start..i])?;
                        self.inner.write_all(&escape(c))?;
                        i += 2;
                        start = i;
                    }
                    Some(_) => i += 1,
                    None => {
                        self.inner.write_all(&buf[start..i])?;
                        self.pending = true;
                        return Ok(buf.len());
                    }
                }
            } else if plain(b) {
                i += 1;
            } else {
                self.inner.write_all(&buf[start..i])?;
                self.inner.write_all(&escape(b))?;
                i += 1;
                start = i;
            }
        }
        self.inner.write_all(&buf[start..])?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.settle()?;
        self.inner.flush()
    }
}

impl<W: Write> Drop for Safe<W> {
    fn drop(&mut self) {
        let _ = self.settle();
    }
}

/// `s` with its control characters escaped, for text that reaches a terminal another way (a
/// progress bar's line).
pub(crate) fn escaped(s: &str) -> String {
    let mut out = Safe::new(Vec::with_capacity(s.len()));
    let _ = out.write_all(s.as_bytes());
    let _ = out.flush();
    String::from_utf8_lossy(&out.inner).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(
            escaped("a\u{1b}[31mred\u{1b}]0;pwned\u{7}\tb\nc\r\u{7f}"),
            "a\\u001b[31mred\\u001b]0;pwned\\u0007\tb\nc\\u000d\\u007f"
        );
        assert_eq!(escaped("é ü \u{9b}1m \u{a0}"), "é ü \\u009b1m \u{a0}");
        // A C1 character split across two writes is still found.
        let mut w = Safe::new(Vec::new());
        w.write_all(b"x\xC2").unwrap();
        w.write_all(b"\x9by\xC2").unwrap();
        w.write_all(b"\xA9").unwrap();
        w.flush().unwrap();
        assert_eq!(w.inner, b"x\\u009by\xC2\xA9");
    }

    #[test]
    fn json_means_the_same_after_escaping() {
        let name = "n\u{1b}[31m\u{7}\u{7f}\u{85}é";
        let json = serde_json::to_string(&serde_json::json!({ "name": name })).unwrap();
        let safe = escaped(&json);
        assert!(safe.bytes().all(plain), "{safe}");
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back["name"], name);
    }
}
