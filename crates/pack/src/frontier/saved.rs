//! Checkpoints of the frontier counter: the state table at a layer boundary, so that a count
//! interrupted (or killed) resumes from its last layer to exactly the same answer.
//!
//! A checkpoint is one file: a sealed JSON line ([`wurfel_files::sealed`]) saying what it is
//! for — the fingerprint of the puzzle and options, which run (raw count or one symmetry's
//! fixed points) at which position, the finished runs with their counts and statistics, the
//! number of states, the width of states and counts, and the SHA-256 of the body — followed by
//! the body: every state and its count, little-endian (a state in 8 or 16 bytes, a count in
//! 8 or 16 bytes, or as a big integer its byte length in 4 bytes and its bytes). The table may
//! be gigabytes, so it is written and read as a stream (this module does no file I/O: the
//! caller passes the writer or reader and writes atomically). Anything that does not match —
//! another puzzle or options, an edited header, a damaged body, a state outside the run's
//! width — is refused with a message.

use super::problem::Dp;
use super::table::{part_of, AnyTable, AnyWays, State, Table, Tally};
use super::{jobs, FrontierOptions, RunStats};
use crate::checkpoint::Fingerprint;
use crate::Prepared;
use num_bigint::BigUint;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::io::{self, BufRead, Read, Write};

/// The `format` of a frontier checkpoint.
pub const FORMAT: &str = "wurfel-frontier-checkpoint";
/// Its version.
pub const VERSION: u32 = 1;
/// The longest header line read.
const MAX_HEADER: u64 = 64 << 20;
/// The longest big integer read, in bytes.
const MAX_BIG: u32 = 1 << 20;

/// The table at a layer boundary, handed to [`super::FrontierOptions::checkpoint`].
pub struct Snapshot<'a> {
    pub(crate) run: usize,
    pub(crate) position: usize,
    pub(crate) done: &'a [RunStats],
    pub(crate) current: &'a RunStats,
    pub(crate) table: &'a dyn WriteWays,
}

impl Snapshot<'_> {
    /// Which run (0 = the raw count).
    pub fn run(&self) -> usize {
        self.run
    }

    /// The first position not yet done.
    pub fn position(&self) -> usize {
        self.position
    }

    /// Positions of this run.
    pub fn positions(&self) -> usize {
        self.current.positions
    }

    /// States in the table.
    pub fn states(&self) -> usize {
        self.table.states()
    }

    /// Writes the checkpoint for the puzzle `puzzle` (an id, for people) with the fingerprint
    /// from [`fingerprint`]. The body is read twice: once for its checksum, once to write it.
    pub fn write(&self, puzzle: &str, fingerprint: &str, w: &mut dyn Write) -> io::Result<()> {
        let mut hash = Hashing {
            inner: io::sink(),
            hash: Sha256::new(),
        };
        self.table.write_body(&mut hash)?;
        let mut header = Header {
            format: FORMAT.into(),
            version: VERSION,
            puzzle: puzzle.into(),
            fingerprint: fingerprint.into(),
            run: self.run,
            position: self.position,
            key_bytes: self.table.key_bytes(),
            ways: self.table.ways().into(),
            states: self.table.states() as u64,
            body_sha256: wurfel_files::hex(&hash.hash.finalize()),
            done: self.done.iter().map(SavedRun::from).collect(),
            current: SavedRun::from(self.current),
            checksum: String::new(),
        };
        wurfel_files::seal(&mut header);
        let mut out = io::BufWriter::with_capacity(1 << 20, w);
        out.write_all(wurfel_files::sealed::to_line(&header).as_bytes())?;
        self.table.write_body(&mut out)?;
        out.flush()
    }
}

/// What a checkpoint holds, checked against the puzzle: where to resume.
#[derive(Clone, Debug)]
pub struct Resume {
    pub(crate) run: usize,
    pub(crate) position: usize,
    pub(crate) done: Vec<RunStats>,
    pub(crate) current: RunStats,
    pub(crate) table: AnyTable,
}

impl Resume {
    /// Which run it resumes (0 = the raw count).
    pub fn run(&self) -> usize {
        self.run
    }

    /// The position it resumes at.
    pub fn position(&self) -> usize {
        self.position
    }

    /// Positions of that run.
    pub fn positions(&self) -> usize {
        self.current.positions
    }

    /// States in its table.
    pub fn states(&self) -> usize {
        self.table.len()
    }
}

/// The fingerprint a checkpoint of `prep` counted with `opts` must carry: the search
/// checkpoint's fingerprint of the compiled puzzle (placements, symmetries, versions), this
/// format's version, whether the classes are counted and, a layer at a time, whether boundary
/// states are merged under symmetries (their tables differ).
pub fn fingerprint(prep: &Prepared, opts: &FrontierOptions<'_>) -> Result<String, String> {
    let fp = Fingerprint::of(prep).map_err(|e| e.to_string())?;
    let mut text = format!("{FORMAT} {VERSION} {} classes={}", fp.hex, opts.classes);
    if opts.layers {
        // Cell-by-cell checkpoints keep the text they always had. A table is saved only
        // before the cut into slices, the same for any number of them; but the finished runs
        // of one slice hold that slice's share.
        write!(text, " layers canonical={}", opts.canonical).expect("a String takes any text");
        if let Some((a, b)) = opts.slice {
            write!(text, " slices={} slice={a}..{b}", opts.slices)
                .expect("a String takes any text");
        }
    }
    Ok(wurfel_files::sha256_hex(text.as_bytes()))
}

/// Reads a checkpoint of `prep` counted with `opts`, refusing one written for anything else
/// or damaged.
pub fn read(
    prep: &Prepared,
    opts: &FrontierOptions<'_>,
    r: &mut dyn BufRead,
) -> Result<Resume, String> {
    let classes = opts.classes;
    let mut line = Vec::new();
    r.take(MAX_HEADER)
        .read_until(b'\n', &mut line)
        .map_err(|e| e.to_string())?;
    let text = std::str::from_utf8(&line).map_err(|_| "not a wurfel frontier checkpoint")?;
    let h: Header = wurfel_files::open(text).map_err(|e| e.to_string())?;
    if h.fingerprint != fingerprint(prep, opts)? {
        return Err(
            "it was saved for another puzzle or other options (or another wurfel version)".into(),
        );
    }
    let jobs = jobs(prep, classes);
    let job = jobs
        .get(h.run)
        .ok_or_else(|| format!("run {} of {} runs", h.run + 1, jobs.len()))?;
    let dp = Dp::new(&prep.puzzle, &prep.board, &job.items).map_err(|e| e.to_string())?;
    let want_key = if dp.bits <= 64 { 8 } else { 16 };
    if h.done.len() != h.run || h.position >= dp.positions() || h.key_bytes != want_key {
        return Err("its run, position or state width do not fit the puzzle".into());
    }
    let done = h
        .done
        .iter()
        .map(SavedRun::to_stats)
        .collect::<Result<Vec<_>, _>>()?;
    let current = h.current.to_stats()?;
    let mut body = Hashing {
        inner: r,
        hash: Sha256::new(),
    };
    let table = if want_key == 8 {
        AnyTable::Narrow(read_ways(&mut body, &h, dp.bits)?)
    } else {
        AnyTable::Wide(read_ways(&mut body, &h, dp.bits)?)
    };
    let mut rest = [0u8; 1];
    if body.inner.read(&mut rest).map_err(|e| e.to_string())? != 0 {
        return Err("bytes after the last state: the file was damaged".into());
    }
    if wurfel_files::hex(&body.hash.finalize()) != h.body_sha256 {
        return Err("its states do not match their checksum: the file was damaged".into());
    }
    Ok(Resume {
        run: h.run,
        position: h.position,
        done,
        current,
        table,
    })
}

fn read_ways<K: State>(r: &mut dyn Read, h: &Header, bits: u32) -> Result<AnyWays<K>, String> {
    Ok(match h.ways.as_str() {
        "u64" => AnyWays::U64(read_body(r, h.states, bits)?),
        "u128" => AnyWays::U128(read_body(r, h.states, bits)?),
        "big" => AnyWays::Big(read_body(r, h.states, bits)?),
        w => return Err(format!("unknown count width `{w}`")),
    })
}

fn read_body<K: State, V: Encode>(
    r: &mut dyn Read,
    states: u64,
    bits: u32,
) -> Result<Table<K, V>, String> {
    let damaged = |e: io::Error| format!("its states cannot be read ({e}): the file was damaged");
    let mut t = Table::empty();
    let mut key = [0u8; 16];
    for _ in 0..states {
        r.read_exact(&mut key[..K::BYTES]).map_err(damaged)?;
        let k = u128::from_le_bytes(key);
        let v = V::get(r).map_err(damaged)?;
        if bits < 128 && k >> bits != 0 || v.is_zero() {
            return Err("a state or count outside the puzzle's range: the file was damaged".into());
        }
        let k = K::of(k);
        t.parts[part_of(k)].push((k, v));
    }
    for p in &mut t.parts {
        p.shrink_to_fit();
    }
    Ok(t)
}

/// A table that can be written as a checkpoint body.
pub(crate) trait WriteWays: Sync {
    fn states(&self) -> usize;
    fn key_bytes(&self) -> usize;
    fn ways(&self) -> &'static str;
    fn write_body(&self, w: &mut dyn Write) -> io::Result<()>;
}

impl<K: State, V: Encode> WriteWays for Table<K, V> {
    fn states(&self) -> usize {
        self.len()
    }
    fn key_bytes(&self) -> usize {
        K::BYTES
    }
    fn ways(&self) -> &'static str {
        V::NAME
    }
    fn write_body(&self, w: &mut dyn Write) -> io::Result<()> {
        let mut buf = Vec::with_capacity(1 << 16);
        for (k, v) in self.iter() {
            buf.extend_from_slice(&k.wide().to_le_bytes()[..K::BYTES]);
            v.put(&mut buf);
            if buf.len() >= 1 << 16 {
                w.write_all(&buf)?;
                buf.clear();
            }
        }
        w.write_all(&buf)
    }
}

/// A count as checkpoint bytes.
pub(crate) trait Encode: Tally {
    fn put(&self, out: &mut Vec<u8>);
    fn get(r: &mut dyn Read) -> io::Result<Self>;
    fn is_zero(&self) -> bool;
}

impl Encode for u64 {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn get(r: &mut dyn Read) -> io::Result<Self> {
        let mut b = [0u8; 8];
        r.read_exact(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
}

impl Encode for u128 {
    fn put(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn get(r: &mut dyn Read) -> io::Result<Self> {
        let mut b = [0u8; 16];
        r.read_exact(&mut b)?;
        Ok(u128::from_le_bytes(b))
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
}

impl Encode for BigUint {
    fn put(&self, out: &mut Vec<u8>) {
        let b = self.to_bytes_le();
        out.extend_from_slice(&(b.len() as u32).to_le_bytes());
        out.extend_from_slice(&b);
    }
    fn get(r: &mut dyn Read) -> io::Result<Self> {
        let mut n = [0u8; 4];
        r.read_exact(&mut n)?;
        let n = u32::from_le_bytes(n);
        if n > MAX_BIG {
            return Err(io::Error::other("a count of more than a million bytes"));
        }
        let mut b = vec![0u8; n as usize];
        r.read_exact(&mut b)?;
        Ok(BigUint::from_bytes_le(&b))
    }
    fn is_zero(&self) -> bool {
        num_traits::Zero::is_zero(self)
    }
}

/// A writer or reader that hashes what passes through.
struct Hashing<T> {
    inner: T,
    hash: Sha256,
}

impl<T: Write> Write for Hashing<T> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<T: Read> Read for Hashing<T> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }
}

/// The header line. Field order is the file's order.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    format: String,
    version: u32,
    puzzle: String,
    fingerprint: String,
    run: usize,
    position: usize,
    key_bytes: usize,
    ways: String,
    states: u64,
    body_sha256: String,
    done: Vec<SavedRun>,
    current: SavedRun,
    checksum: String,
}

impl wurfel_files::Sealed for Header {
    const FORMAT: &'static str = FORMAT;
    const VERSION: u32 = VERSION;
    const WHAT: &'static str = "frontier checkpoint";
    fn checksum_mut(&mut self) -> &mut String {
        &mut self.checksum
    }
}

/// [`RunStats`] in a checkpoint (the count as decimal digits).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedRun {
    symmetry: String,
    order: String,
    window: u32,
    state_bits: u32,
    items: usize,
    positions: usize,
    layer_states: Vec<usize>,
    peak_states: usize,
    peak_bytes: usize,
    transitions: u64,
    fixed: String,
    same_as: Option<usize>,
}

impl From<&RunStats> for SavedRun {
    fn from(r: &RunStats) -> SavedRun {
        SavedRun {
            symmetry: r.symmetry.clone(),
            order: r.order.clone(),
            window: r.window,
            state_bits: r.state_bits,
            items: r.items,
            positions: r.positions,
            layer_states: r.layer_states.clone(),
            peak_states: r.peak_states,
            peak_bytes: r.peak_bytes,
            transitions: r.transitions,
            fixed: r.fixed.to_string(),
            same_as: r.same_as,
        }
    }
}

impl SavedRun {
    fn to_stats(&self) -> Result<RunStats, String> {
        Ok(RunStats {
            symmetry: self.symmetry.clone(),
            order: self.order.clone(),
            window: self.window,
            state_bits: self.state_bits,
            items: self.items,
            positions: self.positions,
            layer_states: self.layer_states.clone(),
            peak_states: self.peak_states,
            peak_bytes: self.peak_bytes,
            transitions: self.transitions,
            fixed: self
                .fixed
                .parse()
                .map_err(|_| format!("`{}` is not a count", self.fixed))?,
            same_as: self.same_as,
        })
    }
}
