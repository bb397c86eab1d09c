//! The server's request parsing under random input: valid request bodies of every POST
//! endpoint, mutated (fields of the wrong type, huge and negative numbers, unknown and missing
//! fields, bodies cut short or with bytes flipped, puzzle texts from the hostile corpus and
//! mutated TOML and BurrTools XML) and sent to an in-process server. Every answer must be a
//! 2xx, or a 4xx whose body is JSON `{"error": "..."}`; never a 5xx, never a dropped
//! connection; and the server must still answer correctly afterwards.
//!
//! The same stream goes to the real `wurfel serve` process too (memory budget and job limits
//! as flags): it must stay alive and under 1 GB resident, sampled after every answer.
//!
//! The quick tests send a few hundred bodies (seconds); `cargo test --release --test
//! serve_fuzz -- --ignored` sends 20,000 (in process) and 3,000 (spawned).

mod http;

use http::{request, Response};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Instant;

const ENDPOINTS: &[&str] = &[
    "solve",
    "count",
    "estimate",
    "snake/solve",
    "snake/count",
    "revenge/solve",
    "revenge/play",
    "check",
    "convert",
    "view/solve",
    "view/pieces",
    "view/snake",
    "view/scene",
    "jobs",
];

/// Every option name the endpoints know, so mutations hit real fields most of the time.
const FIELDS: &[&str] = &[
    "puzzle",
    "puzzle_text",
    "format",
    "problem",
    "merge_equal_shapes",
    "threads",
    "limit",
    "all",
    "distinct",
    "disassemble",
    "plan",
    "probes",
    "seed",
    "exhaust_last",
    "calibrate",
    "to",
    "chain",
    "box",
    "scramble",
    "facelets",
    "random",
    "slice_notation",
    "method",
    "single",
    "effort",
    "budget_ms",
    "moves",
    "scenes",
    "command",
];

/// Numbers at the edges: zero, negative, huge, fractional, beyond every integer type. Small
/// enough ones stay under a second of work (with the server's budgets).
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "3",
    "7",
    "0.5",
    "1.5",
    "-0.0",
    "1e-9",
    "255",
    "256",
    "65536",
    "2147483647",
    "4294967295",
    "4294967296",
    "9007199254740993",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775808",
    "1e308",
    "-1e308",
    "1e999",
    "123456789012345678901234567890",
];

/// The requests every mutation starts from: one or more valid bodies per endpoint.
fn seeds(toml: &str, xml: &str) -> Vec<(&'static str, Value)> {
    let solved: String = "URFDLB"
        .chars()
        .flat_map(|f| std::iter::repeat_n(f, 16))
        .collect();
    let scene = json!({"scenes": [{"title": "t", "pieces": [{"name": "a", "cells": [[0, 0, 0], [1, 0, 0]]}]}]});
    vec![
        ("solve", json!({"puzzle": "soma", "limit": 2})),
        (
            "solve",
            json!({"puzzle_text": toml, "format": "toml", "all": true, "distinct": "raw"}),
        ),
        (
            "solve",
            json!({"puzzle": "diabolical", "disassemble": true, "plan": true}),
        ),
        ("count", json!({"puzzle": "soma", "threads": 1})),
        ("count", json!({"puzzle_text": xml, "format": "xmpuzzle"})),
        (
            "estimate",
            json!({"puzzle": "soma", "probes": 100, "calibrate": 0.05, "seed": 2}),
        ),
        ("snake/solve", json!({"chain": "standard", "limit": 2})),
        ("snake/solve", json!({"chain": "ECCCCCCE", "box": "2"})),
        (
            "snake/count",
            json!({"chain": "3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3"}),
        ),
        (
            "revenge/solve",
            json!({"scramble": "R U2 Fw'", "method": "reduction", "effort": 1}),
        ),
        (
            "revenge/solve",
            json!({"random": true, "seed": 3, "single": true}),
        ),
        (
            "revenge/solve",
            json!({"facelets": solved, "method": "five-stage"}),
        ),
        (
            "revenge/play",
            json!({"scramble": "R", "moves": "R' U (x) Rw2", "slice_notation": false}),
        ),
        ("check", json!({"puzzle_text": toml})),
        ("convert", json!({"puzzle": "soma", "to": "xmpuzzle"})),
        ("convert", json!({"puzzle_text": xml, "to": "toml"})),
        ("view/solve", json!({"puzzle": "soma", "limit": 1})),
        (
            "view/pieces",
            json!({"puzzle_text": toml, "merge_equal_shapes": true}),
        ),
        ("view/snake", json!({"chain": "standard"})),
        ("view/scene", scene),
        ("jobs", json!({"command": "count", "puzzle": "soma"})),
        (
            "jobs",
            json!({"command": "snake/count", "chain": "standard"}),
        ),
        ("jobs", json!({"command": "revenge/solve", "scramble": "R"})),
    ]
}

/// A small valid BurrTools file (as `gunzip -c` prints one): a 2x1x1 target and one domino.
const XML: &str = "<?xml version=\"1.0\"?><puzzle version=\"2\"><gridType type=\"0\"/><colors/>\
    <shapes><voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\" name=\"domino\">##</voxel>\
    <voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\" name=\"box\">##</voxel></shapes><problems>\
    <problem name=\"p\" state=\"0\"><shapes><shape id=\"0\" count=\"1\"/></shapes>\
    <result id=\"1\"/><bitmap/></problem></problems></puzzle>";

/// A placeholder for a raw number in JSON text (serde_json cannot hold `1e999`).
const RAW: &str = "\"\u{1}RAW\u{1}\"";

struct Fuzz {
    rng: ChaCha8Rng,
    texts: Vec<String>,
    raws: Vec<&'static str>,
}

impl Fuzz {
    fn string(&mut self) -> String {
        let len = *[0usize, 1, 3, 12, 200, 70_000]
            .choose(&mut self.rng)
            .unwrap_or(&1);
        let alphabet: Vec<char> = "aZ09 ,.;:#[]{}()\"'\\/<>&=-+_*\n\t\u{0}\u{7f}éß€𝄞\u{202e}"
            .chars()
            .collect();
        (0..len)
            .map(|_| *alphabet.choose(&mut self.rng).unwrap_or(&'a'))
            .collect()
    }

    fn value(&mut self, depth: u32) -> Value {
        match self.rng.gen_range(0..10) {
            0 => Value::Null,
            1 => Value::Bool(self.rng.gen()),
            2 | 3 => {
                // Marked, and replaced by the raw number text after serialising.
                let n = *NUMBERS.choose(&mut self.rng).unwrap_or(&"0");
                self.raws.push(n);
                Value::String(RAW[1..RAW.len() - 1].to_string())
            }
            4 | 5 => Value::String(self.string()),
            6 => Value::String(self.text()),
            7 if depth < 3 => Value::Array(
                (0..self.rng.gen_range(0..4))
                    .map(|_| self.value(depth + 1))
                    .collect(),
            ),
            8 if depth < 3 => {
                let mut m = Map::new();
                for _ in 0..self.rng.gen_range(0..3) {
                    let k = self.field();
                    m.insert(k, self.value(depth + 1));
                }
                Value::Object(m)
            }
            _ => Value::String(
                [
                    "soma",
                    "standard",
                    "R U",
                    "toml",
                    "xmpuzzle",
                    "raw",
                    "five-stage",
                    "3x3x3",
                ]
                .choose(&mut self.rng)
                .unwrap_or(&"")
                .to_string(),
            ),
        }
    }

    fn field(&mut self) -> String {
        if self.rng.gen_bool(0.85) {
            FIELDS.choose(&mut self.rng).unwrap_or(&"x").to_string()
        } else {
            self.string()
        }
    }

    /// A puzzle text: a corpus file, or the valid TOML or XML mutated line by line.
    fn text(&mut self) -> String {
        let base = self
            .texts
            .choose(&mut self.rng)
            .cloned()
            .unwrap_or_default();
        if self.rng.gen_bool(0.3) {
            return base;
        }
        let mut t = base;
        for _ in 0..self.rng.gen_range(1..4) {
            t = self.mutate_text(&t);
        }
        t
    }

    fn mutate_text(&mut self, t: &str) -> String {
        let mut lines: Vec<String> = t.split_inclusive(['\n', '>']).map(String::from).collect();
        if lines.is_empty() {
            return self.string();
        }
        let i = self.rng.gen_range(0..lines.len());
        match self.rng.gen_range(0..5) {
            0 => {
                lines.remove(i);
            }
            1 => {
                let l = lines[i].clone();
                for _ in 0..self.rng.gen_range(1..50) {
                    lines.insert(i, l.clone());
                }
            }
            2 => {
                // Every number on the line replaced by an extreme one.
                let n = NUMBERS.choose(&mut self.rng).unwrap_or(&"0").to_string();
                let mut out = String::new();
                let mut in_num = false;
                for c in lines[i].chars() {
                    if c.is_ascii_digit() {
                        if !in_num {
                            out.push_str(&n);
                        }
                        in_num = true;
                    } else {
                        in_num = false;
                        out.push(c);
                    }
                }
                lines[i] = out;
            }
            3 => {
                let s = self.string();
                lines.insert(i, s);
            }
            _ => {
                let cut = self.rng.gen_range(0..=t.len());
                return t.get(..cut).unwrap_or(t).to_string();
            }
        }
        lines.concat()
    }

    /// A request body for `endpoint`: a seed mutated, as bytes.
    fn body(&mut self, seed: &Value) -> Vec<u8> {
        self.raws.clear();
        let mut v = seed.clone();
        let mutations = self.rng.gen_range(0..4);
        for _ in 0..mutations {
            match (self.rng.gen_range(0..6), v.as_object_mut()) {
                (0..=2, Some(_)) => {
                    let k = self.field();
                    let x = self.value(0);
                    if let Some(o) = v.as_object_mut() {
                        o.insert(k, x);
                    }
                }
                (3, Some(o)) => {
                    let keys: Vec<String> = o.keys().cloned().collect();
                    if let Some(k) = keys.choose(&mut self.rng) {
                        o.remove(k);
                    }
                }
                (4, Some(_)) => {
                    let t = self.text();
                    if let Some(o) = v.as_object_mut() {
                        o.insert("puzzle_text".into(), Value::String(t));
                        o.remove("puzzle");
                    }
                }
                _ => v = self.value(0),
            }
        }
        let mut text = v.to_string();
        for raw in self.raws.clone() {
            text = text.replacen(RAW, raw, 1);
        }
        let mut bytes = text.into_bytes();
        if self.rng.gen_bool(0.15) && !bytes.is_empty() {
            let i = self.rng.gen_range(0..bytes.len());
            match self.rng.gen_range(0..3) {
                0 => bytes.truncate(i),
                1 => bytes[i] = self.rng.gen(),
                _ => {
                    let junk: Vec<u8> = (0..self.rng.gen_range(1..20))
                        .map(|_| self.rng.gen())
                        .collect();
                    bytes.splice(i..i, junk);
                }
            }
        }
        bytes
    }
}

/// The hostile corpus's puzzle files as text (those that are text), and the valid ones.
fn texts(toml: &str) -> Vec<String> {
    let mut out = vec![toml.to_string(), XML.to_string()];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    for e in std::fs::read_dir(dir)
        .expect("the hostile corpus")
        .flatten()
    {
        // Regular files only (the corpus holds a directory and links too); text only.
        if e.file_type().is_ok_and(|t| t.is_file()) {
            if let Ok(s) = std::fs::read_to_string(e.path()) {
                out.push(s);
            }
        }
    }
    out
}

fn post(addr: SocketAddr, endpoint: &str, body: &[u8]) -> Response {
    let host = addr.to_string();
    request(
        addr,
        "POST",
        &format!("/api/v1/{endpoint}"),
        &[("Host", &host), ("Content-Type", "application/json")],
        body,
    )
}

fn fuzz(cases: usize, seed: u64) {
    let mut config = wurfel_serve::Config::new("127.0.0.1:0".parse().expect("an address"));
    config.threads = 1;
    config.queue = 64;
    // Whatever a mutation asks for, no job runs long.
    config.max_seconds = Some(0.5);
    config.max_nodes = Some(2_000_000);
    config.max_solutions = 50;
    config.revenge_tables = Some(std::sync::Arc::new(wurfel_files::Dir::new(
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("wurfel-serve-cache"),
    )));
    let server = wurfel_serve::start(config).expect("start the server");
    drive(server.addr(), cases, seed, &mut || {});
    drop(server);
}

/// Sends `cases` mutated bodies (random stream `seed`) to every POST endpoint at `addr` in
/// turn, checking each answer, calling `between` after each; then checks that the server still
/// answers, and right.
fn drive(addr: SocketAddr, cases: usize, seed: u64, between: &mut dyn FnMut()) {
    let soma = wurfel_pack::source::builtin("soma").expect("soma");
    let toml = wurfel_pack::to_toml(&soma);
    let seeds = seeds(&toml, XML);
    let mut f = Fuzz {
        rng: ChaCha8Rng::seed_from_u64(seed),
        texts: texts(&toml),
        raws: Vec::new(),
    };
    let start = Instant::now();
    let mut statuses = std::collections::BTreeMap::new();
    for case in 0..cases {
        // Every endpoint in turn, with any seed (another endpoint's body too, now and then).
        let endpoint = ENDPOINTS[case % ENDPOINTS.len()];
        let own: Vec<&Value> = seeds
            .iter()
            .filter(|(e, _)| *e == endpoint)
            .map(|(_, v)| v)
            .collect();
        let seed_body = if f.rng.gen_bool(0.85) {
            own.choose(&mut f.rng).copied()
        } else {
            seeds.choose(&mut f.rng).map(|(_, v)| v)
        };
        let body = f.body(seed_body.unwrap_or(&Value::Null));
        let r = post(addr, endpoint, &body);
        let shown = String::from_utf8_lossy(&body[..body.len().min(400)]).into_owned();
        assert!(
            (200..500).contains(&r.status),
            "case {case}: POST /api/v1/{endpoint} answered {} to {shown}: {}",
            r.status,
            r.text()
        );
        if r.status >= 400 {
            let v: Value = serde_json::from_slice(&r.body).unwrap_or_else(|e| {
                panic!(
                    "case {case}: {endpoint}: a {} that is not JSON ({e}): {} for {shown}",
                    r.status,
                    r.text()
                )
            });
            let msg = v["error"].as_str().unwrap_or_default();
            assert!(
                !msg.is_empty(),
                "case {case}: {endpoint}: no error message in {v} for {shown}"
            );
            assert_eq!(v.as_object().map(Map::len), Some(1), "case {case}: {v}");
        }
        *statuses.entry(r.status).or_insert(0u32) += 1;
        between();
    }
    // Still answering, and right.
    let r = post(addr, "count", br#"{"puzzle":"soma"}"#);
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["rotations_reflections"], 240);
    let host = addr.to_string();
    let st = request(addr, "GET", "/api/v1/status", &[("Host", &host)], b"");
    assert_eq!(st.status, 200);
    eprintln!(
        "serve fuzz (seed {seed}): {cases} bodies in {:.1} s, statuses {statuses:?}",
        start.elapsed().as_secs_f64()
    );
}

/// The real `wurfel serve` process, with a memory budget and job limits, fuzzed as `fuzz`
/// fuzzes the library: besides every answer's check, the process is alive after each body and
/// its resident size (`VmRSS`, sampled after every answer) stays under 1 GB.
fn fuzz_process(cases: usize, seed: u64) {
    let server = http::Server::start(&[
        "--threads",
        "1",
        "--max-memory",
        "512M",
        "--max-seconds",
        "0.5",
        "--max-nodes",
        "2000000",
        "--max-solutions",
        "50",
    ]);
    let status = format!("/proc/{}/status", server.pid());
    let mut peak_kib = 0u64;
    drive(server.addr, cases, seed, &mut || {
        let text = std::fs::read_to_string(&status).expect("the server's /proc status");
        let state = text.lines().find(|l| l.starts_with("State:")).unwrap_or("");
        assert!(!state.contains('Z'), "the server died: {state}");
        let rss = text.lines().find(|l| l.starts_with("VmRSS:"));
        let kib: u64 = rss
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no VmRSS: the server died:\n{text}"));
        peak_kib = peak_kib.max(kib);
        assert!(kib < 1 << 20, "the server holds {kib} KiB");
    });
    eprintln!(
        "spawned server: peak sampled VmRSS {:.1} MiB",
        peak_kib as f64 / 1024.0
    );
}

#[test]
fn random_request_bodies_get_2xx_or_a_4xx_json_error() {
    fuzz(420, 1);
}

#[test]
#[ignore = "20,000 bodies, minutes: run with --ignored"]
fn many_random_request_bodies_get_2xx_or_a_4xx_json_error() {
    let seed = std::env::var("WURFEL_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    fuzz(20_000, seed);
}

#[test]
fn the_spawned_server_survives_random_bodies_within_1_gb() {
    fuzz_process(100, 11);
}

#[test]
#[ignore = "3,000 bodies to the spawned server, minutes: run with --ignored"]
fn the_spawned_server_survives_many_random_bodies_within_1_gb() {
    let seed = std::env::var("WURFEL_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(13);
    fuzz_process(3_000, seed);
}
