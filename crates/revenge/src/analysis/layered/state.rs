//! What an analysis directory says about itself, and why it is believed: the identity of its
//! space (`space.json`) and, per completed depth, a sealed checkpoint (`depth-DD.json`) whose
//! rows are checked against the table they describe.
//!
//! The checkpoint is sealed by `wurfel_files` (a SHA-256 over all its fields), so an edited or
//! damaged file is refused. The seal cannot tell whether the rows were ever right, so a
//! resumed checkpoint is also checked against its table by a [`census`]: the last row must be
//! the table's frontier, the rows before it what the table holds as reached, and `unseen` its
//! unseen entries — in classes and in positions. A complete analysis keeps no table (only
//! its rows, sealed).

use super::{RangeTally, DONE, FRONTIER, UNSEEN};
use crate::analysis::reduced::{Space, Tally};
use rayon::prelude::*;

/// Identity of a space, stored beside its state (`space.json`) so a directory is never resumed
/// by another: compared field by field with the identity of the space being analysed.
/// `format` is the layout version of the table files.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpaceId {
    pub format: u32,
    pub name: String,
    pub entries: u64,
    pub classes: u64,
    pub symmetries: u64,
    pub moves: usize,
}

/// The `format` of `space.json`.
pub(crate) const SPACE_FORMAT: &str = "wurfel-analysis-space";
/// Version 1: sealed (before, `space.json` was the bare [`SpaceId`], which is still read).
pub(crate) const SPACE_VERSION: u32 = 1;

/// `space.json` as written: a [`SpaceId`] sealed (`layout` is its `format`).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SpaceFile {
    format: String,
    version: u32,
    layout: u32,
    name: String,
    entries: u64,
    classes: u64,
    symmetries: u64,
    moves: usize,
    checksum: String,
}

impl wurfel_files::Sealed for SpaceFile {
    const FORMAT: &'static str = SPACE_FORMAT;
    const VERSION: u32 = SPACE_VERSION;
    const WHAT: &'static str = "analysis space";
    fn checksum_mut(&mut self) -> &mut String {
        &mut self.checksum
    }
}

/// The text of `space.json` for `id`: sealed, pretty.
pub(crate) fn sealed_space(id: &SpaceId) -> String {
    let mut f = SpaceFile {
        format: SPACE_FORMAT.to_string(),
        version: SPACE_VERSION,
        layout: id.format,
        name: id.name.clone(),
        entries: id.entries,
        classes: id.classes,
        symmetries: id.symmetries,
        moves: id.moves,
        checksum: String::new(),
    };
    wurfel_files::seal(&mut f);
    wurfel_files::sealed::to_pretty(&f)
}

/// The identity in a `space.json`: sealed, or the unsealed file of wurfels before the seal
/// (whose `format` is a number), so their directories still resume.
pub(crate) fn parse_space(text: &str) -> Result<SpaceId, String> {
    match wurfel_files::open::<SpaceFile>(text) {
        Ok(f) => Ok(SpaceId {
            format: f.layout,
            name: f.name,
            entries: f.entries,
            classes: f.classes,
            symmetries: f.symmetries,
            moves: f.moves,
        }),
        Err(e @ wurfel_files::SealError::Format { .. }) => {
            serde_json::from_str::<SpaceId>(text).map_err(|_| e.to_string())
        }
        Err(e) => Err(e.to_string()),
    }
}

/// The `format` of a depth's checkpoint file.
pub(crate) const CHECKPOINT_FORMAT: &str = "wurfel-analysis-depth";
/// Version 2: sealed (version 1 files had no format, version or seal, and are refused).
pub(crate) const CHECKPOINT_VERSION: u32 = 2;

/// What is on disk after a completed depth (`depth-DD.json`). Field order is the file's.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    /// Always `CHECKPOINT_FORMAT`.
    pub format: String,
    /// Always `CHECKPOINT_VERSION`.
    pub version: u32,
    pub depth: u32,
    /// Classes and positions at each depth `0..=depth` (`0..depth` once complete).
    pub rows: Vec<Tally>,
    /// Canonical entries not reached yet.
    pub unseen: u64,
    /// The table's checksum (`layered::checksum`; 0 when complete: no table is kept).
    pub table_checksum: u64,
    /// True when `depth` reached nothing new: the analysis is over (`rows` ends before it).
    pub complete: bool,
    /// Seconds spent on each depth (this run and earlier ones; summed over the workers of a
    /// depth computed in shards).
    pub seconds: Vec<f64>,
    /// SHA-256 over every field above (`wurfel_files::sealed`).
    pub checksum: String,
}

impl wurfel_files::Sealed for Checkpoint {
    const FORMAT: &'static str = CHECKPOINT_FORMAT;
    const VERSION: u32 = CHECKPOINT_VERSION;
    const WHAT: &'static str = "analysis checkpoint";
    fn checksum_mut(&mut self) -> &mut String {
        &mut self.checksum
    }
}

impl Checkpoint {
    /// The checkpoint of depth 0, whose table holds `t` (table checksum and seal set when
    /// sealed on disk).
    pub fn first(t: RangeTally, seconds: f64) -> Checkpoint {
        Checkpoint {
            format: CHECKPOINT_FORMAT.to_string(),
            version: CHECKPOINT_VERSION,
            depth: 0,
            rows: vec![t.row],
            unseen: t.unseen,
            table_checksum: 0,
            complete: false,
            seconds: vec![seconds],
            checksum: String::new(),
        }
    }

    /// The checkpoint of the depth after this one, whose table holds `t`; an error when `t`
    /// does not account for this depth's unseen entries (the new frontier came from them).
    pub fn after(&self, t: RangeTally, seconds: f64) -> Result<Checkpoint, String> {
        if t.unseen.checked_add(t.row.unique) != Some(self.unseen) {
            return Err(format!(
                "depth {} leaves {} unseen entries and finds {} new ones, but depth {} had {} \
                 unseen",
                self.depth + 1,
                t.unseen,
                t.row.unique,
                self.depth,
                self.unseen
            ));
        }
        let mut out = self.clone();
        out.depth += 1;
        out.seconds.push(seconds);
        out.unseen = t.unseen;
        out.checksum = String::new();
        if t.row.unique == 0 {
            out.complete = true;
        } else {
            out.rows.push(t.row);
        }
        Ok(out)
    }

    /// Reads the checkpoint of depth `depth` from `text`: sealed, of this format and version,
    /// and of a consistent shape (a row per depth, a time per depth).
    pub fn parse(text: &str, depth: u32) -> Result<Checkpoint, String> {
        let cp: Checkpoint = wurfel_files::open(text).map_err(|e| e.to_string())?;
        let rows = if cp.complete { cp.depth } else { cp.depth + 1 };
        if cp.depth != depth {
            return Err(format!("it is the checkpoint of depth {}", cp.depth));
        }
        if cp.rows.len() as u64 != u64::from(rows)
            || cp.seconds.len() as u64 != u64::from(depth) + 1
        {
            return Err(format!(
                "depth {depth} needs {rows} rows and {} times, it has {} and {}",
                depth + 1,
                cp.rows.len(),
                cp.seconds.len()
            ));
        }
        Ok(cp)
    }

    /// Checks the rows against `c`, the census of this depth's table.
    pub fn check_census(&self, c: &Census) -> Result<(), String> {
        let (last, before) = self.rows.split_last().ok_or("it has no rows")?;
        let mut reached = Tally::default();
        for r in before {
            reached.unique = reached
                .unique
                .checked_add(r.unique)
                .ok_or("rows overflow")?;
            reached.positions = reached
                .positions
                .checked_add(r.positions)
                .ok_or("rows overflow")?;
        }
        let say = |what: &str, rows: Tally, table: Tally| {
            Err(format!(
                "its rows do not match its table (edited or damaged): {what}: the rows say {} classes and {} \
                 positions, the table holds {} and {}",
                rows.unique, rows.positions, table.unique, table.positions
            ))
        };
        if *last != c.frontier {
            return say(
                &format!("distance {} (the frontier)", self.depth),
                *last,
                c.frontier,
            );
        }
        if reached != c.reached {
            return say(
                &format!("distances 0 to {}", self.depth.saturating_sub(1)),
                reached,
                c.reached,
            );
        }
        if self.unseen != c.unseen {
            return Err(format!(
                "its rows do not match its table (edited or damaged): {} entries unseen, the table has {}",
                self.unseen, c.unseen
            ));
        }
        Ok(())
    }
}

/// What a depth's table holds, counted from the table alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    /// Canonical entries at the table's depth ([`FRONTIER`]).
    pub frontier: Tally,
    /// Canonical entries reached at earlier depths ([`DONE`]).
    pub reached: Tally,
    /// Canonical entries not reached ([`UNSEEN`]).
    pub unseen: u64,
}

impl std::ops::AddAssign for Census {
    fn add_assign(&mut self, o: Census) {
        self.frontier += o.frontier;
        self.reached += o.reached;
        self.unseen += o.unseen;
    }
}

/// Counts of the four 2-bit values among entries `lo..hi` of `bytes`.
fn count_states(bytes: &[u8], lo: u64, hi: u64) -> [u64; 4] {
    let mut n = [0u64; 4];
    let mut e = lo;
    // Single entries up to a byte boundary, whole bytes eight at a time, then the rest.
    while e < hi && !e.is_multiple_of(4) {
        n[usize::from(super::entry(bytes, e))] += 1;
        e += 1;
    }
    let whole = ((hi - e) / 4) as usize;
    let start = (e / 4) as usize;
    let mut words = bytes[start..start + whole].chunks_exact(8);
    const LOW: u64 = 0x5555_5555_5555_5555;
    for w in &mut words {
        let w = u64::from_le_bytes(w.try_into().expect("8 bytes"));
        let (l, h) = (w & LOW, (w >> 1) & LOW);
        n[0] += u64::from((!l & !h & LOW).count_ones());
        n[1] += u64::from((l & !h).count_ones());
        n[2] += u64::from((!l & h).count_ones());
        n[3] += u64::from((l & h).count_ones());
    }
    for &b in words.remainder() {
        for q in 0..4 {
            n[usize::from((b >> (2 * q)) & 3)] += 1;
        }
    }
    e += whole as u64 * 4;
    while e < hi {
        n[usize::from(super::entry(bytes, e))] += 1;
        e += 1;
    }
    n
}

/// Counts what the table `bytes` of `space` holds, in classes and positions (parallel); an
/// error when an entry is in a state no table can have (a non-canonical entry or padding not
/// [`DONE`], a 2-bit value that is no state).
///
/// Classes whose representative no symmetry fixes are counted by popcounts (every entry is a
/// class of [`Space::order`] positions). The others are grouped by their stabiliser: the
/// weight of an entry depends only on the stabiliser and its `B` value, so each group's
/// weights are computed once (one byte per `B` value) and looked up for every class in it.
pub(crate) fn census(space: &Space, bytes: &[u8]) -> Result<Census, String> {
    let (len, b) = (space.len(), space.b_size);
    if bytes.len() != super::table_bytes(len) {
        return Err(format!(
            "the table has {} bytes, not {}",
            bytes.len(),
            super::table_bytes(len)
        ));
    }
    let order = space.order();
    let classes = space.reps.len();
    let free: Vec<usize> = (0..classes).filter(|&c| space.class_is_free(c)).collect();
    let mut total = sum(free.par_iter().map(|&cls| free_class(bytes, cls, b, order)))?;
    let mut groups: std::collections::BTreeMap<&[u8], Vec<usize>> = Default::default();
    for cls in (0..classes).filter(|&c| !space.class_is_free(c)) {
        groups.entry(space.stabiliser(cls)).or_default().push(cls);
    }
    for (stab, members) in groups {
        // 0: not canonical; else how many symmetries fix the entry.
        let fixers: Vec<u8> = (0..b)
            .into_par_iter()
            .map(|x| space.fixers(stab, x).map_or(0, |f| f as u8))
            .collect();
        total += sum(members.par_iter().map(|&cls| {
            let lo = cls as u64 * b;
            let mut c = Census::default();
            for (x, &f) in fixers.iter().enumerate() {
                let e = lo + x as u64;
                let w = Tally {
                    unique: 1,
                    positions: order / u64::from(f.max(1)),
                };
                match (f, super::entry(bytes, e)) {
                    (_, v) if v > FRONTIER => {
                        return Err(format!("entry {e} is in no valid state"))
                    }
                    (0, DONE) => {}
                    (0, v) => return Err(format!("entry {e} is not a position, yet marked {v}")),
                    (_, UNSEEN) => c.unseen += 1,
                    (_, DONE) => c.reached += w,
                    _ => c.frontier += w,
                }
            }
            Ok(c)
        }))?;
    }
    let padding = count_states(bytes, len, bytes.len() as u64 * 4);
    if padding[usize::from(DONE)] != bytes.len() as u64 * 4 - len {
        return Err("the padding after the last entry is not marked done".into());
    }
    Ok(total)
}

/// The census of class `cls`, whose entries are all canonical with `order` positions each.
fn free_class(bytes: &[u8], cls: usize, b: u64, order: u64) -> Result<Census, String> {
    let n = count_states(bytes, cls as u64 * b, (cls as u64 + 1) * b);
    if n[3] > 0 {
        return Err(format!("class {cls} holds entries in no valid state"));
    }
    let tally = |k: u8| Tally {
        unique: n[usize::from(k)],
        positions: n[usize::from(k)] * order,
    };
    Ok(Census {
        frontier: tally(FRONTIER),
        reached: tally(DONE),
        unseen: n[usize::from(UNSEEN)],
    })
}

/// The sum of per-class censuses, or the first error.
fn sum(parts: impl ParallelIterator<Item = Result<Census, String>>) -> Result<Census, String> {
    let parts: Vec<Result<Census, String>> = parts.collect();
    let mut total = Census::default();
    for p in parts {
        total += p?;
    }
    Ok(total)
}
