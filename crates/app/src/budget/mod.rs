//! The memory budget (`--max-memory`): work whose estimate exceeds it is refused before any of
//! it is done, with what it needs and how to allow it; work that grows as it goes (the frontier
//! counter) is held to what is left of it.
//!
//! One [`Budget`] serves a whole process: the command line's one job, or every job of the web
//! server together. A job *reserves* what it was estimated to need ([`Budget::reserve`]) and
//! gives it back when its [`Reservation`] is dropped, so two jobs that each fit but not together
//! are not run at once: the second is refused with the same message, naming what the others
//! hold.
//!
//! The default limit is the smallest of: half the physical memory, three quarters of the
//! memory limit of this process's cgroup (v2 `memory.max` or v1 `memory.limit_in_bytes`: every
//! Slurm job, container and Kubernetes pod runs in one), and half the address-space limit
//! (`RLIMIT_AS`, as `ulimit -v` or `prlimit --as` set it; half, because thread stacks and the
//! allocator's arenas reserve address space they do not use). [`system`] reads them.

pub mod system;

use crate::error::{AppError, Kind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// `--max-memory`'s help: short, then long (the same flag for every command and the server).
pub const HELP: &str = "Refuse work estimated to need more memory than SIZE (e.g. 16G; 0: no \
limit; default: half the physical memory, less under a cgroup or address-space limit)";
pub const LONG_HELP: &str = "Refuse work estimated to need more memory than SIZE: bytes, or a \
number with K, M, G or T (powers of 1024: `512M`, `16G`, `1.5G`); `0` means no limit. Default: \
the smallest of half the physical memory, three quarters of this process's cgroup memory limit \
(a Slurm job's --mem, a container's limit) and half its address-space limit (ulimit -v). A \
refused command says how much it needs, before doing any of the work. `wurfel serve` holds all \
its running jobs together to it.";

/// The memory budget of a process: a limit (or none) and what running jobs have reserved.
#[derive(Clone, Debug)]
pub struct Budget {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    /// Bytes, `None`: no limit.
    limit: Option<u64>,
    /// Where the limit comes from, for messages.
    origin: String,
    /// Bytes reserved by running jobs.
    held: AtomicU64,
}

impl Budget {
    /// The budget `--max-memory` asks for: `Some(0)` no limit, `None` the default
    /// ([`system::default_limit`]).
    pub fn from_flag(flag: Option<u64>) -> Budget {
        match flag {
            Some(0) => Budget::unlimited(),
            Some(n) => Budget::new(Some(n), format!("--max-memory {}", human(n))),
            None => match system::default_limit() {
                Some((n, why)) => Budget::new(Some(n), why),
                None => Budget::unlimited(),
            },
        }
    }

    /// A budget of `limit` bytes (`None`: no limit) whose origin `origin` names.
    pub fn new(limit: Option<u64>, origin: impl Into<String>) -> Budget {
        Budget {
            inner: Arc::new(Inner {
                limit,
                origin: origin.into(),
                held: AtomicU64::new(0),
            }),
        }
    }

    /// No limit.
    pub fn unlimited() -> Budget {
        Budget::new(None, "no limit")
    }

    /// The limit in bytes (`None`: none).
    pub fn limit(&self) -> Option<u64> {
        self.inner.limit
    }

    /// Bytes not reserved by running jobs (`usize::MAX` without a limit): what work that
    /// watches its own memory may use.
    pub fn available(&self) -> usize {
        match self.inner.limit {
            None => usize::MAX,
            Some(l) => {
                let free = l.saturating_sub(self.inner.held.load(Ordering::SeqCst));
                usize::try_from(free).unwrap_or(usize::MAX)
            }
        }
    }

    /// What work that watches its own memory may use given that this process already holds
    /// `resident` bytes (its code, what it has prepared, other jobs), whether or not they
    /// were reserved: the smaller of [`Budget::available`] and the limit less `resident`.
    pub fn available_beside(&self, resident: Option<u64>) -> usize {
        let free = self.available();
        match (self.inner.limit, resident) {
            (Some(l), Some(r)) => free.min(usize::try_from(l.saturating_sub(r)).unwrap_or(free)),
            _ => free,
        }
    }

    /// Refuses `what` when `need` bytes do not fit (`detail` says where they go).
    pub fn check(&self, what: &str, need: u64, detail: &str) -> Result<(), AppError> {
        self.reserve(what, need, detail).map(drop)
    }

    /// Reserves `need` bytes for `what` until the reservation is dropped, or refuses it.
    pub fn reserve(&self, what: &str, need: u64, detail: &str) -> Result<Reservation, AppError> {
        let Some(max) = self.inner.limit else {
            return Ok(self.reservation(0));
        };
        let held = &self.inner.held;
        let mut others = held.load(Ordering::SeqCst);
        loop {
            if others.saturating_add(need) > max {
                return Err(self.refusal(what, need, detail, others, max));
            }
            match held.compare_exchange(others, others + need, Ordering::SeqCst, Ordering::SeqCst) {
                Ok(_) => return Ok(self.reservation(need)),
                Err(now) => others = now,
            }
        }
    }

    fn reservation(&self, bytes: u64) -> Reservation {
        Reservation {
            budget: self.clone(),
            bytes,
        }
    }

    fn refusal(&self, what: &str, need: u64, detail: &str, others: u64, max: u64) -> AppError {
        let held = if others == 0 {
            String::new()
        } else {
            format!(
                "; other running jobs hold {} of it, try again when they have finished",
                human(others)
            )
        };
        let origin = if self.inner.origin.starts_with("--max-memory") {
            String::new()
        } else {
            format!(" (the default: {})", self.inner.origin)
        };
        AppError::new(
            Kind::Memory,
            format!(
                "{what} needs about {} of memory ({detail}), more than --max-memory {} \
                 allows{origin}{held}; allow it with --max-memory {} or more, or --max-memory 0 \
                 for no limit",
                human(need),
                human(max),
                flag_value(need)
            ),
        )
    }
}

/// Bytes reserved in a [`Budget`], given back when dropped.
#[derive(Debug)]
pub struct Reservation {
    budget: Budget,
    bytes: u64,
}

impl Reservation {
    /// Changes the reservation to `need` bytes (more or fewer), or refuses the growth and keeps
    /// what was held.
    pub fn resize(&mut self, what: &str, need: u64, detail: &str) -> Result<(), AppError> {
        let grown = need.saturating_sub(self.bytes);
        if grown > 0 {
            let extra = self.budget.reserve(what, grown, detail)?;
            self.bytes += extra.bytes;
            std::mem::forget(extra);
        } else {
            let freed = self.bytes - need;
            self.budget.inner.held.fetch_sub(freed, Ordering::SeqCst);
            self.bytes = need;
        }
        Ok(())
    }

    /// Bytes held.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        if self.budget.inner.limit.is_some() {
            self.budget
                .inner
                .held
                .fetch_sub(self.bytes, Ordering::SeqCst);
        }
    }
}

/// Parses `--max-memory`: bytes, or a number with K, M, G or T (powers of 1024; an optional
/// `B`/`iB` after the letter; decimals allowed: `1.5G`).
pub fn parse_size(s: &str) -> Result<u64, String> {
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

    #[test]
    fn reservations_add_up_and_are_given_back() {
        let b = Budget::new(Some(1000), "--max-memory 1000 bytes");
        let a = b.reserve("a", 600, "x").expect("fits");
        assert_eq!(b.available(), 400);
        let e = b.reserve("b", 600, "y").expect_err("does not fit beside a");
        assert_eq!(e.kind, Kind::Memory);
        assert!(
            e.message.contains("other running jobs hold"),
            "{}",
            e.message
        );
        drop(a);
        assert_eq!(b.available(), 1000);
        let mut c = b.reserve("c", 600, "y").expect("fits alone");
        c.resize("c", 900, "z").expect("grows within the limit");
        assert_eq!(b.available(), 100);
        assert!(c.resize("c", 1100, "z").is_err());
        assert_eq!(c.bytes(), 900);
        c.resize("c", 100, "z").expect("shrinks");
        assert_eq!(b.available(), 900);
        drop(c);
        assert_eq!(b.available(), 1000);
        assert!(Budget::unlimited().reserve("u", u64::MAX, "all").is_ok());
    }
}
