//! Load and speed of `wurfel serve` (ignored: long, and they measure this machine). Run with
//! `cargo test --release -p wurfel --test serve_load -- --ignored --nocapture`.

mod common;
mod http;

use common::wurfel;
use http::Server;
use serde_json::Value;
use std::collections::HashMap;
use std::time::{Duration, Instant};

const CLIENTS: usize = 20;
const PER_CLIENT: usize = 10;
const PUZZLES: &[&str] = &[
    "soma",
    "cubissimo",
    "diabolical",
    "slothouber-graatsma",
    "tetracubes-2x4x4",
    "t-tetracubes-6x6x2",
    "pentominoes-3x20",
];
/// Bad requests and the status each must get.
const BAD: &[(&str, u16)] = &[
    (r#"{"puzzle_text":"id = 1\n[target"}"#, 422),
    (r#"{"puzzle":"nope"}"#, 422),
    (r#"{"puzzle":"soma","limt":1}"#, 400),
    (r#"{"puzzle":"#, 400),
];

fn counts(v: &Value) -> [u64; 3] {
    ["raw", "rotations", "rotations_reflections"].map(|k| v[k].as_u64().unwrap_or(u64::MAX))
}

/// Resident memory of a process, now and at its peak (kB), from /proc.
fn rss(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

#[test]
#[ignore]
fn two_hundred_requests_from_twenty_clients() {
    let mut want = HashMap::new();
    for id in PUZZLES {
        let (code, out, err) = wurfel(&["count", id, "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(&out).expect("json");
        want.insert(*id, counts(&v));
    }
    let s = Server::start(&[]);
    let (rss_idle, _) = rss(s.pid());
    let start = Instant::now();
    let results: Vec<Vec<(u16, Duration, bool)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..CLIENTS)
            .map(|c| {
                let (s, want) = (&s, &want);
                scope.spawn(move || {
                    (0..PER_CLIENT)
                        .map(|i| {
                            let n = c * PER_CLIENT + i;
                            let t = Instant::now();
                            if n % 4 == 3 {
                                let (body, status) = BAD[n / 4 % BAD.len()];
                                let r = s.post("/api/v1/count", body);
                                let ok = (r.status == status || r.status == 429)
                                    && r.json()["error"].is_string();
                                (r.status, t.elapsed(), ok)
                            } else {
                                let id = PUZZLES[n % PUZZLES.len()];
                                let r = s.post("/api/v1/count", &format!(r#"{{"puzzle":"{id}"}}"#));
                                let ok = match r.status {
                                    200 => counts(&r.json()) == want[id],
                                    429 => r.json()["error"].is_string(),
                                    _ => false,
                                };
                                (r.status, t.elapsed(), ok)
                            }
                        })
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("client"))
            .collect()
    });
    let wall = start.elapsed();
    let (rss_now, rss_peak) = rss(s.pid());
    let all: Vec<&(u16, Duration, bool)> = results.iter().flatten().collect();
    assert_eq!(all.len(), CLIENTS * PER_CLIENT);
    let bad: Vec<_> = all.iter().filter(|r| !r.2).collect();
    assert!(bad.is_empty(), "unexpected answers: {bad:?}");
    let mut lat: Vec<Duration> = all.iter().map(|r| r.1).collect();
    lat.sort();
    let pct = |p: f64| lat[((lat.len() as f64 * p).ceil() as usize).clamp(1, lat.len()) - 1];
    let mut by_status: HashMap<u16, usize> = HashMap::new();
    for r in &all {
        *by_status.entry(r.0).or_default() += 1;
    }
    eprintln!(
        "load: {} requests from {CLIENTS} clients in {:.2} s = {:.0} requests/s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; statuses {:?}; server RSS idle {} MB, after {} MB, peak {} MB",
        all.len(),
        wall.as_secs_f64(),
        all.len() as f64 / wall.as_secs_f64(),
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        lat[lat.len() - 1].as_secs_f64() * 1e3,
        by_status,
        rss_idle / 1024,
        rss_now / 1024,
        rss_peak / 1024,
    );
    assert!(rss_peak < 512 * 1024, "server peak RSS {} kB", rss_peak);
    assert!(s.idle_within(Duration::from_secs(5)));
}

/// CPU seconds from /proc/PID/stat: the process's own (`children` false) or that of its
/// waited-for children.
fn cpu_seconds(pid: &str, children: bool) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which may hold spaces) start at field 3.
    let rest = stat.rsplit_once(')').map(|x| x.1).unwrap_or_default();
    let f: Vec<f64> = rest
        .split_whitespace()
        .filter_map(|x| x.parse().ok())
        .collect();
    // utime, stime, cutime, cstime are fields 14-17, i.e. 11-14 after the name (0-based 10+).
    let ticks = if children {
        f[12] + f[13]
    } else {
        f[10] + f[11]
    };
    ticks / 100.0
}

/// The same count through the server and by `wurfel count`: wall-clock and CPU seconds. The
/// machine is shared, so CPU time (which other processes do not inflate much) is the fairer
/// measure; the best of three of each.
#[test]
#[ignore]
fn count_speed_through_the_server_equals_the_cli() {
    let s = Server::start(&[]);
    let pid = s.pid().to_string();
    for id in ["bedlam", "tetris-cube"] {
        let (mut cli, mut srv) = (Vec::new(), Vec::new());
        for _ in 0..3 {
            let (t, c) = (Instant::now(), cpu_seconds("self", true));
            let (code, out, _) = wurfel(&["count", id, "--json"]);
            cli.push((t.elapsed().as_secs_f64(), cpu_seconds("self", true) - c));
            assert_eq!(code, 0);
            let want: Value = serde_json::from_str(&out).expect("json");
            let (t, c) = (Instant::now(), cpu_seconds(&pid, false));
            let r = s.post("/api/v1/count", &format!(r#"{{"puzzle":"{id}"}}"#));
            srv.push((t.elapsed().as_secs_f64(), cpu_seconds(&pid, false) - c));
            assert_eq!(counts(&r.json()), counts(&want));
        }
        let best = |v: &[(f64, f64)], k: usize| {
            v.iter()
                .map(|x| if k == 0 { x.0 } else { x.1 })
                .fold(f64::MAX, f64::min)
        };
        eprintln!(
            "speed {id}: wurfel count {:.2} s wall, {:.2} s CPU; through the server {:.2} s wall, {:.2} s CPU (best of 3): ratios {:.3} wall, {:.3} CPU",
            best(&cli, 0),
            best(&cli, 1),
            best(&srv, 0),
            best(&srv, 1),
            best(&srv, 0) / best(&cli, 0),
            best(&srv, 1) / best(&cli, 1),
        );
    }
}
