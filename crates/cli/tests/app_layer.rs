//! One application layer under both front ends: the command line and `wurfel serve` reach the
//! same operations (`wurfel_app`), so the same puzzle gives the same JSON through either, every
//! counting method included, and the same refusal — the memory budget's among them — with the
//! same message (a 4xx from the server, which stays small and alive).

mod common;
mod http;
mod serve_common;

use common::wurfel;
use http::Server;
use serde_json::Value;
use serve_common::{assert_error, cli_json, strip_timing};
use std::path::Path;

/// `count` boxes of L-trominoes: `x` by `y` by `z`, with `count` L's.
fn l_trominoes(dir: &Path, x: usize, y: usize, z: usize) -> (String, String) {
    let text = format!(
        "name = \"L-trominoes {x}x{y}x{z}\"\n[target]\nbox = [{x}, {y}, {z}]\n[[piece]]\n\
         name = \"L\"\ncells = [[0,0,0],[1,0,0],[0,1,0]]\ncount = {}\n",
        x * y * z / 3
    );
    let path = dir.join(format!("l-{x}x{y}x{z}.toml"));
    std::fs::write(&path, &text).unwrap();
    (path.to_str().unwrap().to_string(), text)
}

/// The request body of a puzzle given as text.
fn body(text: &str, extra: &str) -> String {
    let mut v = serde_json::json!({ "puzzle_text": text, "format": "toml" });
    if !extra.is_empty() {
        let more: Value = serde_json::from_str(extra).unwrap();
        for (k, x) in more.as_object().unwrap() {
            v[k] = x.clone();
        }
    }
    v.to_string()
}

/// What depends on this run rather than on the answer: times, and `auto`'s estimates (random
/// probes run on the machine's threads).
fn answer(mut v: Value) -> Value {
    v = strip_timing(v);
    if let Some(m) = v.as_object_mut() {
        m.remove("auto");
    }
    v
}

#[test]
fn every_method_gives_the_same_json_through_the_cli_and_the_api() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(&["--threads", "1"]);
    // A small box (both methods), and 2x2x45: 180 cells, wider than 128 bits, where `auto`
    // must choose the frontier counter (the search would not end: 1.2e36 solutions at 2x2x60).
    let (small, small_text) = l_trominoes(dir.path(), 2, 3, 4);
    let (long, long_text) = l_trominoes(dir.path(), 2, 2, 45);
    let cases: [(&str, &str, &[&str], &str); 6] = [
        (
            &small,
            &small_text,
            &["--method", "search"],
            r#"{"method":"search"}"#,
        ),
        (
            &small,
            &small_text,
            &["--method", "frontier"],
            r#"{"method":"frontier"}"#,
        ),
        (&small, &small_text, &[], ""),
        (
            &long,
            &long_text,
            &["--method", "frontier"],
            r#"{"method":"frontier"}"#,
        ),
        (&long, &long_text, &[], r#"{"method":"auto"}"#),
        (
            &long,
            &long_text,
            &["--method", "frontier", "--layers", "--slices", "2"],
            r#"{"method":"frontier","layers":true,"slices":2}"#,
        ),
    ];
    for (path, text, flags, extra) in cases {
        let mut args = vec!["count", path, "--json", "--threads", "1"];
        args.extend_from_slice(flags);
        let want = cli_json(&args, false);
        let got = s.post("/api/v1/count", &body(text, extra));
        assert_eq!(got.status, 200, "{args:?}: {}", got.text());
        // The id of a file is its name; of a text, `puzzle_text`: compare the rest.
        let (mut want, mut got) = (answer(want), answer(got.json()));
        want["puzzle"] = Value::Null;
        got["puzzle"] = Value::Null;
        assert_eq!(got, want, "{args:?}");
    }
    // `auto` counts the long box with the frontier counter from both front ends.
    let got = s.post("/api/v1/count", &body(&long_text, "")).json();
    assert_eq!(got["method"], "frontier", "{got}");
    assert!(got["auto"].is_string(), "{got}");
    // What only the search does is refused alike (400: the request is wrong).
    let (code, _, err) = wurfel(&["count", &long, "--method", "frontier", "--disassemble"]);
    assert_eq!(code, 2, "{err}");
    let r = s.post(
        "/api/v1/count",
        &body(&long_text, r#"{"method":"frontier","disassemble":true}"#),
    );
    assert_error(&r, 400, "--disassemble");
    assert!(err.contains(r.json()["error"].as_str().unwrap()), "{err}");
}

/// Resident memory of process `pid` in bytes (`VmHWM`: its peak).
fn peak_rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib * 1024
}

#[test]
fn a_puzzle_over_the_budget_is_refused_alike_and_the_server_stays_small() {
    // 141 bytes: a 16x16x16 box and 1,024 four-cube tripods, about 13 GB to prepare.
    let text = "name=\"t\"\n[target]\nbox=[16,16,16]\n[[piece]]\nname=\"T\"\n\
                cells=[[0,0,0],[1,0,0],[0,1,0],[0,0,1]]\ncount=1024\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.toml");
    std::fs::write(&path, text).unwrap();
    let s = Server::start(&["--threads", "1", "--max-memory", "4G"]);
    for (cmd, endpoint) in [
        ("count", "/api/v1/count"),
        ("solve", "/api/v1/solve"),
        ("estimate", "/api/v1/estimate"),
    ] {
        let (code, out, err) = wurfel(&[cmd, path.to_str().unwrap(), "--max-memory", "4G"]);
        assert_eq!(code, 1, "{cmd}: {err}");
        assert!(out.is_empty(), "{out}");
        let r = s.post(endpoint, &body(text, ""));
        assert_eq!(r.status, 422, "{endpoint}: {}", r.text());
        let api = r.json()["error"].as_str().unwrap().to_string();
        assert!(api.contains("needs about"), "{api}");
        assert!(api.contains("allow it with --max-memory"), "{api}");
        // The same words, but for the puzzle's id (the file's name, or `puzzle_text`).
        let cli = err
            .trim_start_matches("error: ")
            .trim_end()
            .replace("`t`", "`puzzle_text`");
        assert_eq!(api, cli, "{cmd}");
    }
    let rss = peak_rss(s.pid());
    assert!(rss < 1 << 30, "the server peaked at {rss} bytes");
    assert_eq!(s.get("/api/v1/status").status, 200, "still serving");
}

/// A line of `n` unit cubes: one solution, a search `n` pieces deep.
fn line(dir: &Path, n: usize) -> (String, String) {
    let text = format!(
        "name = \"line\"\n[target]\nbox = [{n}, 1, 1]\n[[piece]]\nname = \"A\"\n\
         cells = [[0,0,0]]\ncount = {n}\n"
    );
    let path = dir.join(format!("line-{n}.toml"));
    std::fs::write(&path, &text).unwrap();
    (path.to_str().unwrap().to_string(), text)
}

/// Operations run on threads with the stack the engine's recursion needs (`JOB_STACK`): a
/// deep input is an answer from the command line and from the server, which stays up.
#[test]
fn deep_inputs_are_answers_not_aborts() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = line(dir.path(), 1500);
    let flags = ["--probes", "10", "--calibrate", "0.05", "--json"];
    let mut args = vec!["estimate", path.as_str()];
    args.extend_from_slice(&flags);
    let (code, out, err) = wurfel(&args);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solutions"]["estimate"], 1.0, "{v}");
    let (_, text) = line(dir.path(), 600);
    let s = Server::start(&["--threads", "1"]);
    let r = s.post(
        "/api/v1/estimate",
        &body(&text, r#"{"probes":10,"calibrate":0.05}"#),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["solutions"]["estimate"], 1.0);
    let r = s.post("/api/v1/count", &body(&text, r#"{"method":"search"}"#));
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["raw"], 1);
    assert_eq!(s.get("/api/v1/status").status, 200, "still serving");
}

/// `solve` (the first, a few, all of them, with `--disassemble` and `--plan`) through
/// `wurfel_app::solve` from both front ends: the CLI's JSON lines are the API's array, in
/// the same order.
#[test]
fn solve_lists_the_same_solutions_through_the_cli_and_the_api() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(&["--threads", "1"]);
    // 432 raw solutions, 65 up to rotations: all of them within the server's 1,000.
    let (path, text) = l_trominoes(dir.path(), 2, 3, 3);
    let cases: [(&[&str], &str); 5] = [
        (&[], ""),
        (&["--limit", "3"], r#"{"limit":3}"#),
        (&["--all"], r#"{"all":true}"#),
        (
            &["--all", "--distinct", "raw"],
            r#"{"all":true,"distinct":"raw"}"#,
        ),
        (
            &["--limit", "2", "--disassemble", "--plan"],
            r#"{"limit":2,"disassemble":true,"plan":true}"#,
        ),
    ];
    for (flags, extra) in cases {
        let mut args = vec!["solve", path.as_str(), "--json", "--threads", "1"];
        args.extend_from_slice(flags);
        let want = cli_json(&args, true);
        let r = s.post("/api/v1/solve", &body(&text, extra));
        assert_eq!(r.status, 200, "{args:?}: {}", r.text());
        let got = r.json();
        assert!(!want.as_array().unwrap().is_empty(), "{args:?}");
        assert_eq!(got, want, "{args:?}");
    }
    // All of them is more than the first few: the listing is not cut short.
    let all = cli_json(&["solve", &path, "--json", "--all"], true);
    assert!(all.as_array().unwrap().len() > 3, "{all}");
}

/// `snake solve` and `snake count` give the same JSON through the CLI and the API.
#[test]
fn snake_solve_and_count_agree_through_the_cli_and_the_api() {
    let s = Server::start(&["--threads", "1"]);
    for (flags, extra) in [
        (&["--limit", "2"][..], r#"{"chain":"standard","limit":2}"#),
        (&["--all"][..], r#"{"chain":"standard","all":true}"#),
    ] {
        let mut args = vec!["snake", "solve", "standard", "--json"];
        args.extend_from_slice(flags);
        let want = cli_json(&args, true);
        let r = s.post("/api/v1/snake/solve", extra);
        assert_eq!(r.status, 200, "{args:?}: {}", r.text());
        assert_eq!(r.json(), want, "{args:?}");
    }
    let want = strip_timing(cli_json(
        &["snake", "count", "standard", "--json", "--threads", "1"],
        false,
    ));
    let r = s.post("/api/v1/snake/count", r#"{"chain":"standard"}"#);
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(strip_timing(r.json()), want);
    assert_eq!(want["complete"], true, "{want}");
    // `snake list --json` and the web app's snake catalog: `wurfel_app::snake::catalog`'s rows.
    let want = cli_json(&["snake", "list", "--json", "--threads", "1"], true);
    let r = s.get("/api/v1/snake/catalog");
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json(), want);
    assert!(want.as_array().unwrap().len() > 3, "{want}");
}

/// The files both front ends make come from the same `wurfel_app` functions, byte for byte:
/// `convert` (`wurfel_app::convert`), the viewer pages of `solve --render` (with the
/// separations the listing handed out under `--disassemble`) and `pieces --render`
/// (`wurfel_app::picture`), and the plate (`wurfel_app::mesh`, also in `serve_plate.rs`).
#[test]
fn files_are_the_same_bytes_through_the_cli_and_the_api() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start(&["--threads", "1"]);
    let file = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let cases: [(Vec<&str>, &str, &str, &str); 6] = [
        (
            vec!["convert", "soma"],
            "soma.toml",
            "/api/v1/convert",
            r#"{"puzzle":"soma","to":"toml"}"#,
        ),
        (
            vec!["convert", "soma"],
            "soma.xmpuzzle",
            "/api/v1/convert",
            r#"{"puzzle":"soma","to":"xmpuzzle"}"#,
        ),
        (
            vec![
                "solve",
                "soma",
                "--limit",
                "3",
                "--threads",
                "1",
                "--render",
            ],
            "view.html",
            "/api/v1/view/solve",
            r#"{"puzzle":"soma","limit":3,"threads":1}"#,
        ),
        (
            vec![
                "solve",
                "soma",
                "--limit",
                "2",
                "--disassemble",
                "--threads",
                "1",
                "--render",
            ],
            "apart.html",
            "/api/v1/view/solve",
            r#"{"puzzle":"soma","limit":2,"disassemble":true,"threads":1}"#,
        ),
        (
            vec!["pieces", "soma", "--render"],
            "pieces.html",
            "/api/v1/view/pieces",
            r#"{"puzzle":"soma"}"#,
        ),
        (
            vec!["pieces", "soma", "--plate", "--export"],
            "plate.3mf",
            "/api/v1/plate",
            r#"{"puzzle":"soma"}"#,
        ),
    ];
    for (mut args, name, endpoint, request) in cases {
        let path = file(name);
        args.push(&path);
        let (code, _, err) = wurfel(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let r = s.post(endpoint, request);
        assert_eq!(r.status, 200, "{endpoint}: {}", r.text());
        let cli = std::fs::read(&path).unwrap();
        assert!(
            r.body == cli,
            "{args:?}: the API's bytes differ from the CLI's"
        );
    }
}
