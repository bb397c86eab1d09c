//! `wurfel serve` end to end, snakes and the 4x4x4: the binary serving on an ephemeral port,
//! its answers compared with the CLI's own `--json` output for the same input.

mod common;
mod http;
mod serve_common;

use http::{events, Server};
use serde_json::Value;
use serve_common::{assert_error, cli_json, strip_timing};
use std::time::{Duration, Instant};

#[test]
fn snakes_and_the_4x4x4_equal_the_cli() {
    let s = Server::start(&[]);
    let got = s.post("/api/v1/snake/count", r#"{"chain":"standard"}"#);
    assert_eq!(
        got.json(),
        cli_json(&["snake", "count", "standard", "--json"], false)
    );
    let chain = "2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,3,2,3,3";
    let got = s.post(
        "/api/v1/snake/count",
        &format!(r#"{{"chain":"{chain}","box":"3"}}"#),
    );
    assert_eq!(got.status, 200, "{}", got.text());
    let want = cli_json(&["snake", "count", chain, "--box", "3", "--json"], false);
    assert_eq!(got.json(), want);
    let got = s.post(
        "/api/v1/snake/solve",
        &format!(r#"{{"chain":"{chain}","all":true}}"#),
    );
    let want = cli_json(&["snake", "solve", chain, "--all", "--json"], true);
    assert_eq!(got.json(), want);
    assert!(got.json().as_array().is_some_and(|a| !a.is_empty()));
    let cached = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("wurfel-serve-cache");
    let scramble = "R U2 Fw' L Dw2 B' r";
    let got = s.post(
        "/api/v1/revenge/solve",
        &format!(r#"{{"scramble":"{scramble}","method":"reduction"}}"#),
    );
    assert_eq!(got.status, 200, "{}", got.text());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args([
            "revenge",
            "solve",
            "--method",
            "reduction",
            "--json",
            "--quiet",
        ])
        .args(["--scramble", scramble])
        .env("WURFEL_CACHE", cached)
        .output()
        .expect("run wurfel");
    let want: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(strip_timing(got.json()), strip_timing(want));
    // Playing the solution on the scrambled cube solves it.
    let moves = got.json()["moves"].as_str().unwrap_or_default().to_string();
    let play = s.post(
        "/api/v1/revenge/play",
        &format!(r#"{{"scramble":"{scramble}","moves":"{moves}"}}"#),
    );
    let p = play.json();
    assert_eq!(p["solved"], true, "{p}");
    assert_eq!(
        p["facelets"].as_array().map(Vec::len),
        Some(moves.split_whitespace().count() + 1)
    );
}

// Stickers in colours are read as `revenge solve --facelets` reads them (the application
// layer's one reader and one solve path): the solved cube in the WCA colours gets the
// CLI's answer (no turn).
#[test]
fn stickers_in_colours_equal_the_cli() {
    let s = Server::start(&[]);
    let cached = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("wurfel-serve-cache");
    let colours: String = "WRGYOB".chars().flat_map(|c| [c; 16]).collect();
    let got = s.post(
        "/api/v1/revenge/solve",
        &format!(r#"{{"facelets":"{colours}"}}"#),
    );
    assert_eq!(got.status, 200, "{}", got.text());
    assert_eq!(got.json()["obtm"], 0, "{}", got.text());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args([
            "revenge",
            "solve",
            "--json",
            "--quiet",
            "--facelets",
            &colours,
        ])
        .env("WURFEL_CACHE", cached)
        .output()
        .expect("run wurfel");
    let want: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(strip_timing(got.json()), strip_timing(want));
}

// `up_front` says how a cube in another colour scheme is held, as `--up-front` does: the
// solved cube in the Japanese scheme (blue opposite white) needs no turn held white up, green
// in front; an unknown colour gets the CLI's message as a 422.
#[test]
fn up_front_is_read_as_the_cli_reads_it() {
    let s = Server::start(&[]);
    let japanese: String = "wogbry".chars().flat_map(|c| [c; 16]).collect();
    let got = s.post(
        "/api/v1/revenge/solve",
        &format!(r#"{{"facelets":"{japanese}","up_front":"W,G"}}"#),
    );
    assert_eq!(got.status, 200, "{}", got.text());
    assert_eq!(got.json()["obtm"], 0, "{}", got.text());
    let bad = s.post(
        "/api/v1/revenge/solve",
        &format!(r#"{{"facelets":"{japanese}","up_front":"pink,W"}}"#),
    );
    assert_error(&bad, 422, "no colour \"pink\"");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args([
            "revenge",
            "solve",
            "--facelets",
            &japanese,
            "--up-front",
            "pink,W",
        ])
        .output()
        .expect("run wurfel");
    let cli = String::from_utf8_lossy(&out.stderr);
    let api = bad.json()["error"].as_str().unwrap_or("?").to_string();
    assert!(cli.contains(&api), "the CLI says {cli:?}, the API {api:?}");
    let alone = s.post(
        "/api/v1/revenge/solve",
        r#"{"random":true,"up_front":"W,G"}"#,
    );
    assert_error(&alone, 400, "`up_front` goes with `facelets`");
}

#[test]
fn revenge_effort_equals_the_cli() {
    let s = Server::start(&[]);
    let cached = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("wurfel-serve-cache");
    for (scramble, effort) in [("R U2 Fw' L Dw2 B' r", "2"), ("Rw U' F2 b L'", "0.5")] {
        let got = s.post(
            "/api/v1/revenge/solve",
            &format!(r#"{{"scramble":"{scramble}","method":"reduction","effort":{effort}}}"#),
        );
        assert_eq!(got.status, 200, "{}", got.text());
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_wurfel"))
            .args(["revenge", "solve", "--json", "--quiet", "--effort", effort])
            .args(["--scramble", scramble])
            .env("WURFEL_CACHE", &cached)
            .output()
            .expect("run wurfel");
        let want: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(
            strip_timing(got.json()),
            strip_timing(want),
            "effort {effort}"
        );
    }
}

#[test]
fn five_stage_is_refused_without_its_tables() {
    // An empty table directory: the request must be refused, and must build nothing there.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let s = Server::start_with_cache(&[], dir.path());
    let five = r#"{"scramble":"R U","method":"five-stage"}"#;
    for _ in 0..2 {
        let t = Instant::now();
        let r = s.post("/api/v1/revenge/solve", five);
        assert_error(&r, 409, "wurfel revenge tables --method five-stage");
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    }
    let r = s.post(
        "/api/v1/jobs",
        &format!(r#"{{"command":"revenge/solve",{}"#, &five[1..]),
    );
    let id = r.json()["id"].as_str().unwrap_or_default().to_string();
    let evs = events(&s, &id, |_| true);
    let err = evs
        .iter()
        .find(|e| e.name == "error")
        .expect("an error event");
    assert_eq!(err.json()["status"], 409, "{}", err.data);
    let five_stage_files: Vec<_> = std::fs::read_dir(dir.path())
        .expect("read the directory")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("stage"))
        .collect();
    assert!(five_stage_files.is_empty(), "{five_stage_files:?}");
}
