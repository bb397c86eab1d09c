//! The BurrTools corpus of colour and group designs (`tests/data/burr/`, written by `make.py`):
//! wurfel's assemblies and solutions equal what BurrTools 0.6.4's `burrTxt -q -d` printed for
//! each file (recorded in `NAME.burrtxt` by `record.sh`; burrTxt is not needed to run this).
//!
//! BurrTools counts assemblies up to the rotations of the result (and up to reflections when
//! the piece set is mirror-closed): wurfel's `rotations_reflections` count. A solution is an
//! assembly that comes apart (pieces of one group need not separate from each other).

mod common;

use std::path::Path;
use wurfel_pack::burrtools::{check_stored, read_xmpuzzle};
use wurfel_pack::{Convention, Prepared};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/burr");

/// (assemblies, solutions) from a `.burrtxt` sidecar.
fn recorded(path: &Path) -> (u64, u64) {
    let text = std::fs::read_to_string(path).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("assemblies and"))
        .unwrap_or_else(|| panic!("{}: no counts", path.display()));
    let words: Vec<&str> = line.split_whitespace().collect();
    (words[0].parse().unwrap(), words[3].parse().unwrap())
}

/// wurfel's (raw, rotations, rotations_reflections, solutions that come apart).
fn wurfel(path: &Path) -> (u64, u64, u64, u64) {
    let bytes = std::fs::read(path).unwrap();
    let origin = path.display().to_string();
    let read = read_xmpuzzle(&bytes, &origin, None).unwrap();
    let prep = Prepared::new(&read.puzzle).unwrap();
    let c = prep.count(1);
    let classes = prep.solutions(Convention::RotationsReflections, usize::MAX, 1);
    assert_eq!(classes.len() as u64, c.rotations_reflections, "{origin}");
    let apart = classes
        .iter()
        .filter(|s| prep.disassemble(s).unwrap().is_some())
        .count() as u64;
    (c.raw, c.rotations, c.rotations_reflections, apart)
}

#[test]
fn corpus_matches_burrtxt() {
    let files = common::xmpuzzle_files(DIR);
    let mut report = Vec::new();
    let mut bad = Vec::new();
    for f in &files {
        let (assemblies, solutions) = recorded(&f.with_extension("burrtxt"));
        let (raw, rot, rr, apart) = wurfel(f);
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let line = format!(
            "{name}: burrTxt {assemblies} assemblies {solutions} solutions; wurfel raw {raw} rotations {rot} rotations_reflections {rr} apart {apart}"
        );
        if (rr, apart) != (assemblies, solutions) {
            bad.push(line.clone());
        }
        report.push(line);
    }
    println!("{}", report.join("\n"));
    assert!(bad.is_empty(), "differences:\n{}", bad.join("\n"));
}

/// The corpus file `name` as plain XML, its problem marked solved by BurrTools with the given
/// stored counts (as BurrTools saves them: `state="2" assemblies=".." solutions=".."`).
fn solved_xml(name: &str, assemblies: u64, solutions: u64) -> Vec<u8> {
    use std::io::Read;
    let gz = std::fs::read(Path::new(DIR).join(name)).unwrap();
    let mut xml = String::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_string(&mut xml)
        .unwrap();
    xml.replace(
        "state=\"0\"",
        &format!("state=\"2\" assemblies=\"{assemblies}\" solutions=\"{solutions}\""),
    )
    .into_bytes()
}

#[test]
fn stored_counts_are_checked() {
    let name = "rings-split.xmpuzzle";
    let (assemblies, solutions) = recorded(&Path::new(DIR).join("rings-split.burrtxt"));
    let check = |a: u64, s: u64| {
        let read = read_xmpuzzle(&solved_xml(name, a, s), name, None).unwrap();
        let stored = read.stored.expect("a solved problem keeps its counts");
        assert_eq!((stored.assemblies, stored.solutions), (a, Some(s)));
        let prep = Prepared::new(&read.puzzle).unwrap();
        check_stored(
            &prep,
            &stored,
            &wurfel_cover::SearchOptions {
                threads: 1,
                ..Default::default()
            },
        )
        .unwrap()
        .differences
    };
    // burrTxt's own counts agree; one changed number is named, and only that one.
    assert!(check(assemblies, solutions).is_empty());
    let off = check(assemblies, solutions + 1);
    assert_eq!(off.len(), 1, "{off:?}");
    assert!(off[0].starts_with(&format!("solutions: the file stores {}", solutions + 1)));
    let off = check(assemblies + 2, solutions);
    assert!(
        off.len() == 1 && off[0].starts_with("assemblies:"),
        "{off:?}"
    );
    // An unsolved problem stores nothing.
    let gz = std::fs::read(Path::new(DIR).join(name)).unwrap();
    assert!(read_xmpuzzle(&gz, name, None).unwrap().stored.is_none());
}
