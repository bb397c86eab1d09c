//! Disassembly on the triangular-prism grid (BurrTools `gridType` 1), against BurrTools:
//!
//! - the corpus `tests/data/burr/triangle/` (see `make.py` there; the corridor designs are
//!   made for the disassembler: bars that must slide along a covered corridor to a hole, some
//!   stuck): for every design the assemblies, the solutions (assemblies that come apart) and
//!   the multiset of their levels equal what BurrTools 0.6.4's `burrTxt -d` printed (recorded
//!   in `NAME.burrtxt` by `record.sh`);
//! - BurrTools' own examples on this grid (`#[ignore]`: the files are GPL and not in this
//!   repository; `BURRTOOLS_EXAMPLES` names their folder), against `examples-levels.burrtxt`:
//!   Prisgon's two problems need 9.6.4.2.2.2.1.2 and 9.5.1.1.2.2.2 moves.

mod common;

use std::path::Path;
use wurfel_pack::burrtools::read_xmpuzzle;
use wurfel_pack::grid::Grid;
use wurfel_pack::{Convention, Prepared};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/burr/triangle");

/// (assemblies, solutions, sorted levels) of one problem of an `.xmpuzzle` file, as wurfel
/// finds them: BurrTools' assemblies are classes under rotations and reflections.
fn wurfel(bytes: &[u8], origin: &str, problem: Option<&str>) -> (u64, u64, Vec<String>) {
    let read = read_xmpuzzle(bytes, origin, problem).unwrap();
    assert_eq!(read.puzzle.grid, Grid::TriangularPrisms, "{origin}");
    let prep = Prepared::new(&read.puzzle).unwrap();
    let classes = prep.solutions(Convention::RotationsReflections, usize::MAX, 1);
    let mut levels: Vec<String> = classes
        .iter()
        .filter_map(|s| prep.disassemble(s).unwrap())
        .map(|sep| sep.level_text())
        .collect();
    levels.sort();
    (classes.len() as u64, levels.len() as u64, levels)
}

/// burrTxt's record: the counts line and the `level:` lines, levels sorted.
fn recorded(text: &str) -> (u64, u64, Vec<String>) {
    let line = text.lines().find(|l| l.contains("assemblies and")).unwrap();
    let w: Vec<&str> = line.split_whitespace().collect();
    let mut levels: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("level: "))
        .map(|l| l.trim().to_string())
        .collect();
    levels.sort();
    (w[0].parse().unwrap(), w[3].parse().unwrap(), levels)
}

#[test]
fn corpus_disassembles_as_burrtxt() {
    let mut bad = Vec::new();
    let (mut stuck, mut multi) = (0, 0);
    for f in &common::xmpuzzle_files(DIR) {
        let expected = recorded(&std::fs::read_to_string(f.with_extension("burrtxt")).unwrap());
        let origin = f.display().to_string();
        let found = wurfel(&std::fs::read(f).unwrap(), &origin, None);
        println!("{origin}: burrTxt {expected:?}; wurfel {found:?}");
        stuck += expected.0 - expected.1;
        multi += expected.2.iter().filter(|l| l.as_str() != "1").count();
        if found != expected {
            bad.push(origin);
        }
    }
    assert!(bad.is_empty(), "differences: {bad:?}");
    assert!(
        stuck > 0 && multi > 0,
        "the corpus has stuck and multi-move assemblies"
    );
}

#[test]
#[ignore = "needs BurrTools' example files (GPL, not in this repository): BURRTOOLS_EXAMPLES"]
fn burrtools_examples_disassemble_as_burrtxt() {
    let examples = std::env::var("BURRTOOLS_EXAMPLES")
        .unwrap_or_else(|_| "/work/peers/burrtools/examples".into());
    let table = std::fs::read_to_string(Path::new(DIR).join("examples-levels.burrtxt")).unwrap();
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let mut levels: Vec<String> = w[4..].iter().map(|s| s.to_string()).collect();
        levels.sort();
        let expected = (w[2].parse().unwrap(), w[3].parse().unwrap(), levels);
        let bytes = std::fs::read(Path::new(&examples).join(w[0])).unwrap();
        let t = std::time::Instant::now();
        let found = wurfel(&bytes, w[0], Some(&format!("#{}", w[1])));
        println!(
            "{} #{}: burrTxt {expected:?}; wurfel {found:?} ({:.2} s)",
            w[0],
            w[1],
            t.elapsed().as_secs_f64()
        );
        assert_eq!(found, expected, "{} #{}", w[0], w[1]);
    }
}
