//! "Trust, round three" and CLI polish, end to end against the binary: terminal output that
//! user text cannot restyle, temporaries removed when a file size limit is hit, 4x4x4 input
//! refused before any table is built, and the small messages (did-you-mean, man pages).

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn wurfel() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_wurfel"));
    c.stdin(Stdio::null());
    c
}

/// Runs wurfel in `cwd`: the whole output.
fn run_in(cwd: &Path, args: &[&str]) -> Output {
    wurfel()
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("run wurfel")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The files in `dir` whose names start with a dot (temporaries are `.NAME.wurfel-PID-*.tmp`).
fn hidden_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect()
}

#[test]
fn a_file_size_limit_fails_cleanly_and_leaves_no_temporary() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("sol.txt"), "the old file\n").unwrap();
    // `ulimit -f 8`: 8 KiB at most per file; every solution of Soma is far more.
    let out = Command::new("bash")
        .arg("-c")
        .arg(r#"ulimit -f 8; exec "$0" solve soma --all --out sol.txt"#)
        .arg(env!("CARGO_BIN_EXE_wurfel"))
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "not killed by SIGXFSZ: {err}");
    assert!(err.contains("sol.txt"), "{err}");
    assert!(err.contains("too large"), "{err}");
    assert!(err.contains("ulimit -f"), "{err}");
    assert_eq!(hidden_files(dir), Vec::<String>::new(), "no temporary left");
    assert_eq!(
        std::fs::read_to_string(dir.join("sol.txt")).unwrap(),
        "the old file\n",
        "the old file is kept whole"
    );
}

/// Soma, its name and piece names full of terminal controls: SGR colour, an OSC title, BEL.
const HOSTILE_NAME: &str = "Soma \u{1b}[31mred\u{1b}]0;pwned\u{7} \u{9b}1m cube";

fn hostile_soma() -> String {
    include_str!("../../../examples/soma.toml")
        .replace(
            "name = \"Soma cube\"",
            "name = \"Soma \\u001b[31mred\\u001b]0;pwned\\u0007 \\u009b1m cube\"",
        )
        .replace("name = \"V\"", "name = \"V\\u001b[5m\\r\\u0007\"")
        .replace("name = \"L\"", "name = \"L\\u001b]0;title\\u0007\"")
}

/// No byte a terminal would act on: below space but newline and tab, DEL, C1 controls.
fn assert_terminal_safe(what: &str, bytes: &[u8]) {
    let s = text(bytes);
    let bad: Vec<char> = s
        .chars()
        .filter(|&c| (c < ' ' && c != '\n' && c != '\t') || ('\u{7f}'..'\u{a0}').contains(&c))
        .collect();
    assert!(bad.is_empty(), "{what}: control characters {bad:?} in\n{s}");
}

#[test]
fn user_text_cannot_restyle_the_terminal() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("p.toml"), hostile_soma()).unwrap();
    let runs: &[&[&str]] = &[
        &["solve", "p.toml"],
        &["solve", "p.toml", "--limit", "2", "--disassemble"],
        &["pieces", "p.toml"],
        &["count", "p.toml"],
        &["estimate", "p.toml", "--probes", "7000"],
        &["solve", "p.toml", "--json"],
        &["count", "p.toml", "--json"],
        &["solve", "no\u{1b}[31msuch\u{7}-puzzle"],
        &["snake", "count", "3,3\u{1b}[31m"],
        &["revenge", "solve", "--scramble", "R U \u{1b}]0;x\u{7}"],
    ];
    for args in runs {
        let out = run_in(dir, args);
        let what = format!("wurfel {}", args.join(" "));
        assert_terminal_safe(&format!("{what}: stdout"), &out.stdout);
        assert_terminal_safe(&format!("{what}: stderr"), &out.stderr);
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(!all.contains("\u{fffd}"), "{what}: not UTF-8\n{all}");
    }
    // The text shows the names, escaped.
    let out = run_in(dir, &["solve", "p.toml"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout) + &text(&out.stderr);
    assert!(
        shown.contains("\\u001b[31mred\\u001b]0;pwned\\u0007"),
        "{shown}"
    );
    let out = run_in(dir, &["pieces", "p.toml"]);
    assert!(
        text(&out.stdout).contains("V\\u001b[5m\\u000d\\u0007"),
        "{}",
        text(&out.stdout)
    );
    // JSON keeps the exact names, on standard output (where only DEL and C1 characters are
    // written as JSON escapes) and in files.
    let out = run_in(dir, &["count", "p.toml", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["name"], HOSTILE_NAME, "{}", text(&out.stdout));
    let out = run_in(dir, &["solve", "p.toml", "--json", "--out", "s.jsonl"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let file = std::fs::read_to_string(dir.join("s.jsonl")).unwrap();
    let line: serde_json::Value = serde_json::from_str(file.lines().next().unwrap()).unwrap();
    assert_eq!(line["pieces"][0]["name"], "V\u{1b}[5m\r\u{7}", "{file}");
}

#[test]
fn bad_4x4x4_input_is_refused_before_any_table_is_built() {
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("cache");
    let mut bad = "U".repeat(16) + &"R".repeat(16) + &"F".repeat(16);
    bad += &("D".repeat(16) + &"L".repeat(16) + &"B".repeat(15) + "X");
    for method in ["reduction", "five-stage"] {
        let start = std::time::Instant::now();
        let out = wurfel()
            .args(["revenge", "solve", "--method", method, "--facelets", &bad])
            .env("WURFEL_CACHE", &cache)
            .output()
            .unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("expected 6 colours"), "{err}");
        assert!(
            start.elapsed().as_secs() < 5,
            "{method}: {:?}",
            start.elapsed()
        );
        let out = wurfel()
            .args([
                "revenge",
                "solve",
                "--method",
                method,
                "--scramble",
                "R U Q2",
            ])
            .env("WURFEL_CACHE", &cache)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    }
    let left: Vec<_> = std::fs::read_dir(&cache).map_or(vec![], |d| d.collect());
    assert!(left.is_empty(), "no table was written: {left:?}");
}

#[test]
fn a_table_build_reports_progress_as_lines_when_stderr_is_no_terminal() {
    use std::io::{BufRead, BufReader};
    let tmp = tempfile::tempdir().unwrap();
    let mut child = wurfel()
        .args(["revenge", "solve", "--scramble", "R U"])
        .env("WURFEL_CACHE", tmp.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    // The first lines come at once (the build itself takes half a minute or more: not waited
    // for).
    let mut seen = Vec::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !seen
        .iter()
        .any(|l: &String| l.starts_with("building table 1, "))
    {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match rx.recv_timeout(left) {
            Ok(l) => seen.push(l),
            Err(_) => break,
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        seen.iter()
            .any(|l| l.starts_with("first use of the reduction method")),
        "{seen:?}"
    );
    assert!(
        seen.iter()
            .any(|l| l.starts_with("building table 1, reduction-")),
        "{seen:?}"
    );
    for l in &seen {
        assert!(
            !l.contains('\r') && !l.contains('\u{1b}'),
            "a plain line: {l:?}"
        );
    }
}

#[test]
fn misspelt_snake_names_get_a_suggestion() {
    let tmp = tempfile::tempdir().unwrap();
    let out = run_in(tmp.path(), &["snake", "count", "standrad"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("did you mean `standard`?"), "{err}");
    assert!(!err.contains("unexpected"), "{err}");
}

#[test]
fn man_pages_name_their_command_and_show_examples() {
    let tmp = tempfile::tempdir().unwrap();
    let top = text(&run_in(tmp.path(), &["man"]).stdout);
    let name = top
        .split(".SH NAME\n")
        .nth(1)
        .unwrap()
        .lines()
        .next()
        .unwrap();
    assert!(name.starts_with("wurfel \\- Solve cube puzzles"), "{name}");
    assert!(!name.contains("wurfel:"), "{name}");
    let solve = text(&run_in(tmp.path(), &["man", "solve"]).stdout);
    let name = solve
        .split(".SH NAME\n")
        .nth(1)
        .unwrap()
        .lines()
        .next()
        .unwrap();
    assert!(
        name.starts_with("wurfel\\-solve \\- Solve a packing puzzle"),
        "{name}"
    );
    for page in [
        &["man"][..],
        &["man", "solve"],
        &["man", "revenge", "solve"],
        &["man", "serve"],
    ] {
        let roff = text(&run_in(tmp.path(), page).stdout);
        let examples = roff.split(".SH EXAMPLES\n").nth(1);
        let examples = examples.unwrap_or_else(|| panic!("{page:?}: no EXAMPLES\n{roff}"));
        assert!(examples.contains("\\fBwurfel "), "{page:?}: {examples}");
    }
}
