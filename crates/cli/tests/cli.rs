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

/// The subcommands of `wurfel WORDS...` as its `--help` lists them (not `help` itself), found
/// apart from the man page generator: `["snake", "count"]` for `wurfel snake count`.
fn subcommands(words: &[String]) -> Vec<Vec<String>> {
    let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
    args.push("--help");
    let (code, out, err) = wurfel(&args);
    assert_eq!(code, 0, "{err}");
    let mut all = Vec::new();
    let listed = out
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty());
    for line in listed {
        let name = line.split_whitespace().next().unwrap_or_default();
        if name != "help" {
            let mut sub = words.to_vec();
            sub.push(name.to_string());
            all.extend(subcommands(&sub));
            all.push(sub);
        }
    }
    all
}

// `man --dir` writes one page per subcommand (as `--help` lists them), and no other; every page
// a page names (`NAME(1)`) is among them.
#[test]
fn man_dir_writes_one_page_per_subcommand_and_every_reference_exists() {
    let mut want: Vec<String> = subcommands(&[])
        .iter()
        .map(|words| format!("wurfel-{}.1", words.join("-")))
        .collect();
    want.push("wurfel.1".to_string());
    want.sort();
    assert!(want.len() >= 25, "{want:?}");
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = wurfel(&["man", "--dir", dir.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(&format!("{} man pages written", want.len())),
        "{err}"
    );
    let mut got: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    got.sort();
    assert_eq!(got, want);
    let mut references = 0;
    for page in &got {
        let roff = std::fs::read_to_string(dir.path().join(page)).unwrap();
        for word in roff.split(|c: char| c.is_whitespace() || c == ',') {
            if let Some(name) = word.strip_suffix("(1)") {
                let file = format!("{}.1", name.replace("\\-", "-"));
                assert!(
                    got.contains(&file),
                    "{page} names {name}(1), which is not written"
                );
                references += 1;
            }
        }
    }
    assert!(references >= want.len() - 1, "{references} references");
}

// Options `revenge solve` cannot use are refused before any table is loaded or built (the
// five-stage tables take minutes to build on a fresh machine): the cache stays empty.
#[test]
fn revenge_solve_refuses_bad_options_before_loading_tables() {
    let cases: [(&[&str], i32, &str); 6] = [
        (&["--render", "cube.gif"], 1, ".svg or .png"),
        (
            &["--method", "five-stage", "--effort", "2", "--single"],
            2,
            "cannot be used with",
        ),
        (
            &["--method", "five-stage", "--budget-ms", "5"],
            1,
            "--budget-ms was replaced by --effort",
        ),
        (
            &["--method", "reduction", "--budget-ms", "5"],
            1,
            "--budget-ms was replaced by --effort",
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

// A cube already solved, or solved up to a whole-cube rotation, once crashed the reduction
// (exit 101): each is solved in 0 OBTM, at most a rotation printed. One cache for all of them,
// so the reduction's tables (45 MB) are built once.
#[test]
fn reduction_solves_solved_and_rotated_cubes() {
    let cache = tempfile::tempdir().expect("temp dir");
    let solved: String = "URFDLB"
        .chars()
        .flat_map(|c| std::iter::repeat_n(c, 16))
        .collect();
    let cases: [(&str, &str); 7] = [
        ("--scramble", ""),
        ("--scramble", "R R'"),
        ("--scramble", "x"),
        ("--scramble", "y2"),
        ("--scramble", "Rw Lw'"),
        ("--scramble", "4Rw"),
        ("--facelets", &solved),
    ];
    for (flag, value) in cases {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_wurfel"))
            .args([
                "revenge",
                "solve",
                "--method",
                "reduction",
                "--json",
                flag,
                value,
            ])
            .env("WURFEL_CACHE", cache.path())
            .output()
            .expect("run wurfel");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{flag} {value:?}: {err}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
        assert_eq!(v["obtm"], 0, "{flag} {value:?}: {v}");
    }
}

// `snake solve` exits 3 when it proved that no folding exists, as `solve` does; the reason, when
// the chain shows one, is printed (JSON output has only solutions: the message goes to stderr).
#[test]
fn snake_solve_without_a_folding_exits_3() {
    // Straight segments of 3 alternate direction: a zigzag that cannot fill the cube.
    let zigzag = "3,3,3,3,3,3,3,3,3,3,3,3,3";
    let (code, out, err) = wurfel(&["snake", "solve", zigzag]);
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("no folding fills the box"), "{out}");
    let (code, out, err) = wurfel(&["snake", "solve", zigzag, "--all", "--json"]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("no folding fills the box"), "{err}");
    // A segment longer than the box: the reason is named.
    let (code, out, _) = wurfel(&[
        "snake",
        "solve",
        "4,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,3",
    ]);
    assert_eq!(code, 3);
    assert!(out.contains("reason: segment 1 has 4 cubes"), "{out}");
    // `snake count` of the same is a count of 0: a success.
    let (code, out, _) = wurfel(&["snake", "count", zigzag]);
    assert_eq!(code, 0);
    assert!(out.contains("solutions                     0"), "{out}");
    let (code, _, _) = wurfel(&["snake", "solve", "standard"]);
    assert_eq!(code, 0);
}

// `snake survey` prints every snake with its solutions, then the summary; the lines add up to
// the summary's totals. `--summary` prints the summary alone.
#[test]
fn snake_survey_prints_every_snake_then_the_summary() {
    let (code, out, err) = wurfel(&["snake", "survey", "--box", "2x2x3"]);
    assert_eq!(code, 0, "{err}");
    let table: Vec<&str> = out.lines().skip(1).take_while(|l| !l.is_empty()).collect();
    let figure = |key: &str| -> u64 {
        let line = out.lines().find(|l| l.starts_with(key)).expect(key);
        line[key.len()..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert_eq!(table.len() as u64, figure("snakes (chain = its reverse)"));
    let solutions: u64 = table
        .iter()
        .map(|l| l.split_whitespace().next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(solutions, figure("solutions in total"));
    let palindromes = table.iter().filter(|l| l.contains(" P ")).count();
    assert!(
        out.contains(&format!("({palindromes} palindromes)")),
        "{out}"
    );
    // The same snakes as the JSON lines, in the same order.
    let (_, json, _) = wurfel(&["snake", "survey", "--box", "2x2x3", "--json"]);
    let chains: Vec<String> = json
        .lines()
        .filter(|l| l.contains("\"chain\""))
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["chain"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let listed: Vec<String> = table
        .iter()
        .map(|l| l.split_whitespace().last().unwrap().to_string())
        .collect();
    assert_eq!(listed, chains);
    let (code, summary, _) = wurfel(&["snake", "survey", "--box", "2x2x3", "--summary"]);
    assert_eq!(code, 0);
    assert!(summary.starts_with("survey of the 2x2x3 box"), "{summary}");
    assert_eq!(summary.lines().count(), 7, "{summary}");
}
