//! Shared by the server's end-to-end tests: the CLI's answers to compare the server's with.

// Not every test binary that shares this module compares JSON with the CLI.
#![allow(dead_code)]

use crate::common::wurfel;
use crate::http;
use serde_json::Value;

/// The CLI's `--json` output: one object, or an array of its JSON lines.
pub fn cli_json(args: &[&str], lines: bool) -> Value {
    let (code, out, err) = wurfel(args);
    assert!(code == 0 || code == 3, "wurfel {args:?}: {code}\n{err}");
    if lines {
        Value::Array(
            out.lines()
                .map(|l| serde_json::from_str(l).expect("a JSON line"))
                .collect(),
        )
    } else {
        serde_json::from_str(&out).expect("one JSON object")
    }
}

/// Removes the fields that measure this run (time, speed) rather than the answer.
pub fn strip_timing(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        for k in ["seconds", "nodes_per_second", "cpu_seconds"] {
            o.remove(k);
        }
    }
    v
}

/// Every 4xx answer is `{"error": "..."}` with the message a user needs.
pub fn assert_error(r: &http::Response, status: u16, says: &str) {
    assert_eq!(r.status, status, "{}", r.text());
    let msg = r.json()["error"].as_str().map(str::to_string);
    let msg = msg.unwrap_or_else(|| panic!("no error message: {}", r.text()));
    assert!(msg.contains(says), "{msg:?} should say {says:?}");
}
