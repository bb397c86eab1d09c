//! The limits the operating system puts on this process's memory, read from `/proc` and
//! `/sys/fs/cgroup` (Linux; elsewhere none are found and the budget has no default limit).
//! Each file's text is parsed by a pure function, tested on v1 and v2 layouts below.

use std::path::{Path, PathBuf};

/// The default budget and where it comes from: the smallest of half the physical memory,
/// three quarters of the cgroup limit and half the address-space limit.
pub fn default_limit() -> Option<(u64, String)> {
    let read = |p: &Path| std::fs::read_to_string(p).ok();
    let candidates = [
        physical(&read).map(|m| (m / 2, format!("half the physical memory, {}", human(m)))),
        cgroup_limit(&read).map(|m| {
            (
                m / 4 * 3,
                format!("three quarters of the cgroup memory limit, {}", human(m)),
            )
        }),
        read(Path::new("/proc/self/limits"))
            .and_then(|t| address_space_limit(&t))
            .map(|m| (m / 2, format!("half the address-space limit, {}", human(m)))),
    ];
    candidates.into_iter().flatten().min_by_key(|(n, _)| *n)
}

/// This process's resident memory now (`VmRSS` of `/proc/self/status`), `None` where it
/// cannot be read.
pub fn resident() -> Option<u64> {
    status_kib(
        &std::fs::read_to_string("/proc/self/status").ok()?,
        "VmRSS:",
    )
}

/// A `kB` field of a `/proc/<pid>/status` text, in bytes.
pub fn status_kib(text: &str, field: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(field))?;
    let kib: u64 = line[field.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

fn human(n: u64) -> String {
    super::human(n)
}

/// Physical memory from `/proc/meminfo` (`MemTotal`).
fn physical(read: &dyn Fn(&Path) -> Option<String>) -> Option<u64> {
    meminfo_total(&read(Path::new("/proc/meminfo"))?)
}

/// `MemTotal` of a `/proc/meminfo` text, in bytes.
pub fn meminfo_total(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The `Max address space` soft limit of a `/proc/self/limits` text (`None`: unlimited).
pub fn address_space_limit(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    let soft = line["Max address space".len()..]
        .split_whitespace()
        .next()?;
    soft.parse().ok()
}

/// The memory limit of this process's cgroup: the smallest limit on the way from its own
/// group to the root (v2 `memory.max`, v1 `memory.limit_in_bytes`), `None` when there is none.
fn cgroup_limit(read: &dyn Fn(&Path) -> Option<String>) -> Option<u64> {
    let membership = read(Path::new("/proc/self/cgroup"))?;
    let root = Path::new("/sys/fs/cgroup");
    let mut best: Option<u64> = None;
    for (dir, file) in cgroup_files(&membership, root) {
        // The group's own path may not exist inside a container (its root is mounted at the
        // mount point): the ancestors then include the mount point itself.
        for d in dir.ancestors().take_while(|d| d.starts_with(root)) {
            if let Some(n) = read(&d.join(file)).and_then(|t| limit_value(&t)) {
                best = Some(best.map_or(n, |b| b.min(n)));
            }
        }
    }
    best
}

/// The directories and limit files of a `/proc/self/cgroup` text: v2 (`0::/path`) and v1's
/// memory controller (`N:memory:/path` or with other controllers, `N:cpu,memory:/path`).
pub fn cgroup_files(membership: &str, root: &Path) -> Vec<(PathBuf, &'static str)> {
    let mut out = Vec::new();
    for line in membership.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let rel = path.trim_start_matches('/');
        if controllers.is_empty() {
            out.push((root.join(rel), "memory.max"));
        } else if controllers.split(',').any(|c| c == "memory") {
            out.push((root.join("memory").join(rel), "memory.limit_in_bytes"));
        }
    }
    out
}

/// A limit file's value: bytes, or `None` for `max` (v2) or v1's "no limit" (a number near
/// 2^63).
pub fn limit_value(text: &str) -> Option<u64> {
    let n: u64 = text.trim().parse().ok()?;
    (n < 1 << 60).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn resident_size_parses() {
        let status = "Name:\twurfel\nVmHWM:\t  251004 kB\nVmRSS:\t   12000 kB\n";
        assert_eq!(status_kib(status, "VmRSS:"), Some(12_000 * 1024));
        assert_eq!(status_kib(status, "VmHWM:"), Some(251_004 * 1024));
        assert_eq!(status_kib(status, "VmSwap:"), None);
        assert!(resident().is_none_or(|r| r > 0));
    }

    #[test]
    fn files_parse() {
        assert_eq!(
            meminfo_total("MemTotal:       24000000 kB\nMemFree: 1 kB\n"),
            Some(24_000_000 * 1024)
        );
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max address space         4294967296           unlimited            bytes\n";
        assert_eq!(address_space_limit(limits), Some(4_294_967_296));
        let none = "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(address_space_limit(none), None);
        assert_eq!(limit_value("max\n"), None);
        assert_eq!(limit_value("9223372036854771712\n"), None);
        assert_eq!(limit_value("4294967296\n"), Some(4_294_967_296));
    }

    /// A fake file system: the cgroup limit is the smallest on the way to the root.
    fn limit_with(files: &[(&str, &str)]) -> Option<u64> {
        let map: HashMap<PathBuf, String> = files
            .iter()
            .map(|(p, t)| (PathBuf::from(p), t.to_string()))
            .collect();
        cgroup_limit(&|p: &Path| map.get(p).cloned())
    }

    #[test]
    fn cgroup_v2_and_v1_limits_are_found() {
        let v2 = limit_with(&[
            ("/proc/self/cgroup", "0::/system.slice/job_42/step_0\n"),
            (
                "/sys/fs/cgroup/system.slice/job_42/step_0/memory.max",
                "max\n",
            ),
            (
                "/sys/fs/cgroup/system.slice/job_42/memory.max",
                "4294967296\n",
            ),
            ("/sys/fs/cgroup/system.slice/memory.max", "8589934592\n"),
        ]);
        assert_eq!(v2, Some(4 << 30));
        let v1 = limit_with(&[
            (
                "/proc/self/cgroup",
                "12:cpu,cpuacct:/slurm/job_7\n4:memory:/slurm/job_7\n",
            ),
            (
                "/sys/fs/cgroup/memory/slurm/job_7/memory.limit_in_bytes",
                "2147483648\n",
            ),
            (
                "/sys/fs/cgroup/memory/memory.limit_in_bytes",
                "9223372036854771712\n",
            ),
        ]);
        assert_eq!(v1, Some(2 << 30));
        // A container: its group's path is not under the mount, its root limit is.
        let container = limit_with(&[
            ("/proc/self/cgroup", "0::/kubepods/pod1/c1\n"),
            ("/sys/fs/cgroup/memory.max", "1073741824\n"),
        ]);
        assert_eq!(container, Some(1 << 30));
        assert_eq!(limit_with(&[("/proc/self/cgroup", "0::/\n")]), None);
    }
}
