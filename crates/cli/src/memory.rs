//! The memory budget (`--max-memory`): work whose estimate exceeds it is refused before any of
//! it is done, with what it needs and how to allow it. The default is half the physical
//! memory, read here (the core crates do no I/O; they only estimate).

use anyhow::{bail, Result};
use std::sync::OnceLock;
use wurfel_cover::SearchOptions;
use wurfel_pack::{Prepared, Puzzle, PuzzleMemory};

/// The fraction of physical memory allowed by default.
const DEFAULT_SHARE: (u64, u64) = (1, 2);

/// `--max-memory`'s help: short, then long.
pub const HELP: &str =
    "Refuse work estimated to need more memory than SIZE (e.g. 16G; 0: no limit; default: half \
the physical memory)";
pub const LONG_HELP: &str = "Refuse work estimated to need more memory than SIZE: bytes, or a \
number with K, M, G or T (powers of 1024: `512M`, `16G`, `1.5G`); `0` means no limit. Default: \
half the physical memory. A refused command says how much it needs, before doing any of the \
work (see docs/MEMORY.md)";

static LIMIT: OnceLock<Option<u64>> = OnceLock::new();

/// Sets the budget from `--max-memory` (once, at start-up): the default when not given; `0`
/// is no limit.
pub fn set_limit(arg: Option<u64>) {
    let limit = match arg {
        Some(0) => None,
        Some(n) => Some(n),
        None => physical().map(|m| m / DEFAULT_SHARE.1 * DEFAULT_SHARE.0),
    };
    let _ = LIMIT.set(limit);
}

fn limit() -> Option<u64> {
    *LIMIT.get_or_init(|| None)
}

/// The budget in bytes (`None`: no limit), for work that watches its own memory as it goes.
pub fn limit_bytes() -> Option<u64> {
    limit()
}

/// Physical memory from `/proc/meminfo` (`MemTotal`), where there is one.
fn physical() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Parses `--max-memory`: bytes, or a number with K, M, G or T (powers of 1024; an optional
/// `B`/`iB` after the letter; decimals allowed: `1.5G`).
pub fn parse_size(s: &str) -> std::result::Result<u64, String> {
    let t = s.trim();
    let digits = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(digits);
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(format!("`{s}`: give bytes or a size such as 512M, 16G")),
    };
    let n: f64 = num
        .parse()
        .map_err(|_| format!("`{s}`: give bytes or a size such as 512M, 16G"))?;
    let bytes = n * (1u64 << shift) as f64;
    if !bytes.is_finite() || bytes >= u64::MAX as f64 {
        return Err(format!("`{s}` is too large"));
    }
    Ok(bytes as u64)
}

/// Bytes for people: `4.3 GB` (powers of 1024, one decimal).
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KB", "MB", "GB", "TB"];
    let mut v = bytes as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

/// A `--max-memory` value of at least `bytes`: `8.2G`, `300M`.
fn flag_value(bytes: u64) -> String {
    const G: u64 = 1 << 30;
    if bytes >= G {
        let tenths = bytes.div_ceil(G / 10);
        format!("{}.{}G", tenths / 10, tenths % 10)
    } else {
        format!("{}M", bytes.div_ceil(1 << 20).max(1))
    }
}

/// Refuses `what` when `need` bytes exceed the budget; `detail` says where they go.
pub fn check(what: &str, need: u64, detail: &str) -> Result<()> {
    let Some(max) = limit() else {
        return Ok(());
    };
    if need <= max {
        return Ok(());
    }
    let machine = physical().map_or(String::new(), |m| {
        format!(" (this machine has {}; the default is half)", human(m))
    });
    bail!(
        "{what} needs about {} of memory ({detail}), more than --max-memory {} allows{machine}; \
         allow it with --max-memory {} or more, or --max-memory 0 for no limit",
        human(need),
        human(max),
        flag_value(need)
    )
}

/// Refuses a puzzle whose preparation and search by one worker would not fit: checked from
/// the puzzle alone, before it is prepared.
pub fn check_puzzle(puzzle: &Puzzle) -> Result<()> {
    let m = PuzzleMemory::of(puzzle);
    let detail = format!(
        "up to {} placements: {} to prepare them, {} for the search tables and {} for the \
         search stack",
        m.placements,
        human(m.preparation),
        human(m.search.tables),
        human(m.search.per_worker),
    );
    check(&format!("`{}`", puzzle.id), m.total(1), &detail)
}

/// Refuses a search of a prepared puzzle by `threads` workers that would not fit. Each worker
/// holds its own stack, but there are no more workers than tasks (a puzzle of unit cubes is
/// one task): the plan is made only when all threads together would not fit.
pub fn check_search(prep: &Prepared, threads: usize) -> Result<()> {
    let m = PuzzleMemory::of(&prep.puzzle);
    let search = prep.problem().search_memory();
    let need = |workers: usize| m.preparation.saturating_add(search.total(workers));
    if limit().is_none_or(|max| need(threads) <= max) {
        return Ok(());
    }
    let tasks = wurfel_cover::task_plan(prep.problem(), SearchOptions::default().min_tasks)?;
    let workers = threads.min(tasks.len()).max(1);
    let detail = format!(
        "{} to prepare it, {} for the search tables and {} for the search stack of each of \
         {workers} worker thread{}; fewer --threads need less",
        human(m.preparation),
        human(search.tables),
        human(search.per_worker),
        if workers == 1 { "" } else { "s" }
    );
    check(&format!("`{}`", prep.puzzle.id), need(workers), &detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("4096"), Ok(4096));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("16G"), Ok(16 << 30));
        assert_eq!(parse_size("16GiB"), Ok(16 << 30));
        assert_eq!(parse_size("1.5g"), Ok(3 << 29));
        assert_eq!(parse_size("0"), Ok(0));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("5X").is_err());
        assert!(parse_size("-1G").is_err());
        assert!(parse_size("1e30T").is_err());
        assert_eq!(human(4_617_089_843), "4.3 GB");
        assert_eq!(human(100), "100 bytes");
        assert_eq!(flag_value(8_600_000_000), "8.1G");
        assert_eq!(
            parse_size(&flag_value(8_600_000_000)).map(|b| b >= 8_600_000_000),
            Ok(true)
        );
        assert_eq!(flag_value(5 << 20), "5M");
    }
}
