//! Golden outputs: what `solve`, `count` (with `--disassemble`, `--method frontier`), `estimate`, `snake solve/count`,
//! `shard plan/run/status/merge` (packing, snake and analysis jobs) and `revenge
//! analyse/positions/net` print on a few quick puzzles, text and `--json`, byte for byte, as
//! recorded in `tests/golden/` before issue 22's restructuring of the CLI and the counting loop.
//! Only timings (and the temporary directory's name) are normalised; see [`normalise`]. The
//! reduction solver's outputs (`revenge solve/scramble/bench/tables`) are an ignored test: its
//! tables take seconds to build (`cargo test --release -p wurfel --test golden -- --ignored`).
//!
//! `WURFEL_BLESS=1 cargo test -p wurfel --test golden` rewrites the files (then review the diff:
//! a changed golden file is a changed output).

use regex::Regex;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `wurfel args` with the cache in `cache`; its standard output, which must come with exit 0.
fn run(cache: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(args)
        .env("WURFEL_CACHE", cache)
        .output()
        .expect("run wurfel");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "wurfel {args:?}: {err}");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Timings out: JSON fields that hold times become 0, and numbers of seconds in text (`0.12 s`,
/// `3.4 s`, `1.2 M entries/s`, `0:00:01`, the machine's speed) become `T`; the temporary directory becomes `DIR`.
fn normalise(text: &str, tmp: &Path) -> String {
    let text = text.replace(tmp.to_str().expect("UTF-8 temp path"), "DIR");
    let json_time =
        Regex::new(r#""(\w*(seconds|millis|per_second)\w*)":\s*-?[0-9.eE+-]+"#).expect("regex");
    let text = json_time.replace_all(&text, r#""$1":0"#);
    let cpu = Regex::new(r#""cpu_seconds":\{[^}]*\}"#).expect("regex");
    let text = cpu.replace_all(&text, r#""cpu_seconds":{}"#);
    // Padding included: a number's width moves the columns before it.
    let secs =
        Regex::new(r" *\d+(\.\d+)?( ?)(s|ms|M entries/s|M nodes per CPU second)\b").expect("regex");
    let text = secs.replace_all(&text, " T$2$3");
    let clock = Regex::new(r"\d+:\d\d:\d\d").expect("regex");
    clock.replace_all(&text, "T").into_owned()
}

/// The cases that are one command each: file name, arguments.
const CASES: &[(&str, &[&str])] = &[
    ("solve-soma", &["solve", "soma"]),
    ("solve-soma-json", &["solve", "soma", "--json"]),
    ("count-soma", &["count", "soma", "--threads", "2"]),
    (
        "count-soma-json",
        &["count", "soma", "--threads", "2", "--json"],
    ),
    (
        "count-tetracubes",
        &["count", "tetracubes-2x4x4", "--threads", "1"],
    ),
    (
        "count-tetracubes-json",
        &["count", "tetracubes-2x4x4", "--threads", "2", "--json"],
    ),
    (
        "count-soma-disassemble",
        &["count", "soma", "--disassemble", "--threads", "2"],
    ),
    (
        "count-soma-disassemble-json",
        &["count", "soma", "--disassemble", "--threads", "2", "--json"],
    ),
    (
        "count-soma-frontier",
        // One thread: the memory peak of a step shared by threads depends on their timing.
        &["count", "soma", "--method", "frontier", "--threads", "1"],
    ),
    (
        "count-soma-frontier-json",
        &[
            "count",
            "soma",
            "--method",
            "frontier",
            "--threads",
            "1",
            "--json",
        ],
    ),
    ("estimate-soma", &["estimate", "soma", "--threads", "2"]),
    (
        "estimate-soma-json",
        &["estimate", "soma", "--threads", "2", "--json"],
    ),
    ("snake-solve", &["snake", "solve", "standard"]),
    (
        "snake-solve-json",
        &["snake", "solve", "standard", "--all", "--json"],
    ),
    ("snake-count", &["snake", "count", "standard"]),
    (
        "snake-count-json",
        &["snake", "count", "standard", "--json"],
    ),
    (
        "revenge-positions",
        &["revenge", "positions", "--random", "3"],
    ),
];

/// Every golden case: its file name and the command's normalised standard output.
fn outputs(tmp: &Path) -> Vec<(String, String)> {
    let cache = tmp.join("cache");
    let mut out = Vec::new();
    let mut case = |name: &str, args: &[&str]| {
        let text = normalise(&run(&cache, args), tmp);
        out.push((name.to_string(), text));
    };
    for (name, args) in CASES {
        case(name, args);
    }
    let state = tmp.join("state");
    let s = state.to_str().expect("UTF-8");
    case(
        "revenge-analyse-centres",
        &[
            "revenge",
            "analyse",
            "--stage",
            "3",
            "--variant",
            "centres",
            "--state-dir",
            s,
            "--threads",
            "2",
        ],
    );
    case(
        "revenge-analyse-centres-json",
        &[
            "revenge",
            "analyse",
            "--stage",
            "3",
            "--variant",
            "centres",
            "--state-dir",
            s,
            "--threads",
            "2",
            "--json",
        ],
    );
    let net = tmp.join("net.svg");
    run(
        &cache,
        &["revenge", "net", "--render", net.to_str().expect("UTF-8")],
    );
    out.push((
        "revenge-net-svg".to_string(),
        std::fs::read_to_string(&net).expect("the net"),
    ));
    out.extend(shard_outputs(tmp, &cache));
    out
}

/// `shard plan/run/status/merge` of a packing count, a snake count and a stage analysis.
fn shard_outputs(tmp: &Path, cache: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let plans: [(&str, &[&str], usize); 3] = [
        ("count", &["tetracubes-2x4x4"], 3),
        ("snake", &["--snake", "standard"], 2),
        (
            "analyse",
            &[
                "--revenge-stage",
                "3",
                "--variant",
                "centres",
                "--max-depth",
                "3",
            ],
            2,
        ),
    ];
    for (job, what, shards) in plans {
        let dir: PathBuf = tmp.join(format!("plan-{job}"));
        let d = dir.to_str().expect("UTF-8");
        let n = shards.to_string();
        let mut args = vec!["shard", "plan"];
        args.extend(what);
        args.extend(["--shards", &n, "--dir", d, "--threads", "2"]);
        let mut text = run(cache, &args);
        // An analysis runs one array per depth until it is complete.
        let rounds = if job == "analyse" { 5 } else { 1 };
        for _ in 0..rounds {
            if job == "analyse"
                && run(cache, &["shard", "status", d, "--next-depth"]) == "complete\n"
            {
                break;
            }
            for i in 0..shards {
                text += &run(
                    cache,
                    &[
                        "shard",
                        "run",
                        d,
                        "--index",
                        &i.to_string(),
                        "--threads",
                        "1",
                    ],
                );
            }
            text += &run(cache, &["shard", "status", d]);
            text += &run(cache, &["shard", "merge", d]);
        }
        text += &run(cache, &["shard", "status", d, "--json"]);
        text += &run(cache, &["shard", "merge", d, "--json"]);
        out.push((format!("shard-{job}"), normalise(&text, tmp)));
    }
    out
}

/// `revenge solve` (text, JSON, `--explain`, `--facelets`), `scramble`, `bench` and `tables` of
/// the reduction method, whose tables (45 MB) take about ten seconds to build: ignored.
fn revenge_outputs(tmp: &Path) -> Vec<(String, String)> {
    let cache = tmp.join("cache");
    let facelets = run(
        &cache,
        &["revenge", "positions", "--random", "1", "--seed", "5"],
    );
    let cases: [(&str, &[&str]); 9] = [
        ("revenge-solve", &["solve", "--scramble", "R U Rw F2 u"]),
        (
            "revenge-solve-json",
            &["solve", "--scramble", "R U Rw F2 u", "--json"],
        ),
        (
            "revenge-solve-explain",
            &["solve", "--random", "--seed", "3", "--explain"],
        ),
        (
            "revenge-solve-facelets",
            &["solve", "--facelets", facelets.trim()],
        ),
        ("revenge-scramble", &["scramble", "--count", "2"]),
        (
            "revenge-scramble-json",
            &["scramble", "--count", "2", "--json"],
        ),
        ("revenge-bench", &["bench", "--random", "3"]),
        ("revenge-bench-json", &["bench", "--random", "3", "--json"]),
        ("revenge-tables", &["tables"]),
    ];
    cases
        .iter()
        .map(|(name, args)| {
            let mut all = vec!["revenge"];
            all.extend(args.iter());
            all.extend(["--quiet", "--threads", "2"]);
            (name.to_string(), normalise(&run(&cache, &all), tmp))
        })
        .collect()
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

#[test]
fn outputs_are_byte_identical_to_the_recorded_ones() {
    let tmp = tempfile::tempdir().expect("temp dir");
    compare(outputs(tmp.path()));
}

#[test]
#[ignore = "builds the reduction's tables (19 MB, about half a minute)"]
fn revenge_solver_outputs_are_byte_identical_to_the_recorded_ones() {
    let tmp = tempfile::tempdir().expect("temp dir");
    compare(revenge_outputs(tmp.path()));
}

/// Each output against its file in `tests/golden/` (or recorded there with `WURFEL_BLESS`).
fn compare(outputs: Vec<(String, String)>) {
    let bless = std::env::var_os("WURFEL_BLESS").is_some();
    let mut differ = Vec::new();
    for (name, text) in outputs {
        let path = golden_dir().join(format!("{name}.txt"));
        if bless {
            std::fs::create_dir_all(golden_dir()).expect("golden dir");
            std::fs::write(&path, &text).expect("write golden file");
            continue;
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (WURFEL_BLESS=1 records it)", path.display()));
        if want != text {
            eprintln!("--- {name}: recorded\n{want}\n--- {name}: now\n{text}");
            differ.push(name);
        }
    }
    assert!(differ.is_empty(), "outputs changed: {differ:?}");
}
