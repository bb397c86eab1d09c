//! The `wurfel` binary end to end: the README's main command and clear errors on bad input.

mod common;

use common::wurfel;

#[test]
fn solve_bedlam_prints_layers() {
    let (code, out, err) = wurfel(&["solve", "bedlam"]);
    assert_eq!(code, 0, "{err}");
    // Title, layer numbers, column numbers, then four rows each led by its y: four layers of
    // four cells per row, thirteen distinct piece letters.
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        ["z=3", "z=2", "z=1", "z=0"]
    );
    let rows: Vec<Vec<&str>> = lines[3..7]
        .iter()
        .map(|r| r.split_whitespace().collect())
        .collect();
    assert_eq!(rows[0][..2], ["y", "3"], "{out}");
    assert!(
        rows.iter()
            .all(|r| r.len() == 16 + if r[0] == "y" { 2 } else { 1 }),
        "{out}"
    );
    let letters: std::collections::HashSet<&str> = rows
        .iter()
        .flat_map(|r| r[r.len() - 16..].iter().copied())
        .collect();
    assert_eq!(letters.len(), 13);
    assert!(err.contains("1 solution distinct up to rotations"), "{err}");
}

#[test]
fn count_json_has_the_three_counts() {
    let (code, out, _) = wurfel(&["count", "soma", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(v["raw"], 11_520);
    assert_eq!(v["rotations"], 480);
    assert_eq!(v["rotations_reflections"], 240);
}

#[test]
fn bad_input_is_reported_once_with_its_position() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.toml");
    std::fs::write(
        &path,
        "name = \"x\"\n[target]\nbox = [2, 2, 2]\n[[piece]]\nname = \"A\"\ncells = [[0,0,0],[1,0,0],[0,0,0]]\n",
    )
    .unwrap();
    let (code, _, err) = wurfel(&["solve", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(err.matches("bad.toml:6:26:").count(), 1, "{err}");
    assert!(err.contains("listed twice"), "{err}");
    assert!(!err.contains("panicked"));
    let (code, _, err) = wurfel(&["solve", "bedlamm"]);
    assert_eq!(code, 1);
    assert!(err.contains("did you mean `bedlam`?"), "{err}");
}

// `wurfel completions` and `wurfel man` are generated from the parser, so they must name the
// real subcommands.

#[test]
fn completion_scripts_name_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, out, err) = wurfel(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        for sub in ["solve", "count", "snake", "revenge", "completions"] {
            assert!(out.contains(sub), "{shell} script lacks `{sub}`");
        }
    }
    let (code, _, err) = wurfel(&["completions", "cmd.exe"]);
    assert_ne!(code, 0);
    assert!(err.contains("possible values"), "{err}");
}

#[test]
fn man_page_is_roff_with_the_subcommands() {
    let (code, out, err) = wurfel(&["man"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(".TH wurfel 1"), "not a man page:\n{out}");
    for sub in ["solve", "count", "snake", "revenge"] {
        assert!(out.contains(sub), "man page lacks `{sub}`");
    }
}

// Every page the top page names under SEE ALSO exists: printed one at a time, or all into a
// directory.
#[test]
fn man_pages_exist_for_every_subcommand_the_top_page_names() {
    let (_, top, _) = wurfel(&["man"]);
    let named: Vec<String> = top
        .lines()
        .filter_map(|l| l.strip_suffix("(1)"))
        .map(|l| l.replace("\\-", "-"))
        .filter(|l| l.starts_with("wurfel-"))
        .collect();
    assert!(named.len() >= 8, "SEE ALSO names too few pages: {named:?}");
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = wurfel(&["man", "--dir", dir.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    for page in &named {
        let file = dir.path().join(format!("{page}.1"));
        let roff = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{page}: {e}"));
        assert!(roff.contains(&format!(".TH {page} 1")), "{page}: no title");
    }
    let (code, out, err) = wurfel(&["man", "revenge", "solve"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(".TH wurfel-revenge-solve 1") && out.contains("scramble"));
    let (code, _, err) = wurfel(&["man", "revenge", "nope"]);
    assert_eq!(code, 1);
    assert!(err.contains("its subcommands are solve, bench"), "{err}");
}

// Options `revenge solve` cannot use are refused before any table is loaded or built (the
// five-stage tables take minutes to build on a fresh machine): the cache stays empty.
#[test]
fn revenge_solve_refuses_bad_options_before_loading_tables() {
    let cases: [(&[&str], i32, &str); 6] = [
        (&["--render", "cube.gif"], 1, ".svg or .png"),
        (
            &["--method", "five-stage", "--effort", "2"],
            1,
            "--effort is for --method reduction",
        ),
        (
            &["--budget-ms", "5"],
            1,
            "--budget-ms is for the five-stage",
        ),
        (
            &["--method", "reduction", "--budget-ms", "5"],
            1,
            "--budget-ms is for the five-stage",
        ),
        (&["--method", "reduction", "--effort", "0"], 2, "above 0"),
        (
            &["--method", "reduction", "--effort", "2", "--single"],
            2,
            "cannot be used with",
        ),
    ];
    for (args, code, message) in cases {
        let cache = tempfile::tempdir().expect("temp dir");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_wurfel"))
            .args(["revenge", "solve", "--scramble", "R U"])
            .args(args)
            .env("WURFEL_CACHE", cache.path())
            .output()
            .expect("run wurfel");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        let written = std::fs::read_dir(cache.path()).expect("cache dir").count();
        assert_eq!(written, 0, "{args:?}: tables were loaded or built first");
    }
}
