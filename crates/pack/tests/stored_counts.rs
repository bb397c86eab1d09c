//! BurrTools' stored counts against wurfel's ([`check_stored`], `count --check-stored`).
//!
//! - On a grid without sliding moves (rhombic dodecahedra) BurrTools stores the assemblies it
//!   found and 0 solutions (it has no disassembler there): the assemblies are compared alone
//!   and the solutions said unchecked, instead of failing at the disassembly.
//! - Every problem of BurrTools' own example files that stores counts and that wurfel reads
//!   (`#[ignore]`: the files are GPL and not in this repository; `BURRTOOLS_EXAMPLES` names
//!   their folder) agrees, in the convention said.

use std::io::Read;
use std::path::Path;
use wurfel_pack::burrtools::{check_stored, read_xmpuzzle};
use wurfel_pack::Prepared;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/burr/rhombic");

/// A corpus file as BurrTools saves it after solving: `state="2"` and the counts.
fn solved(name: &str, assemblies: u64) -> Vec<u8> {
    let gz = std::fs::read(Path::new(DIR).join(name)).unwrap();
    let mut xml = String::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_string(&mut xml)
        .unwrap();
    assert!(
        xml.contains("state=\"0\""),
        "{name} is not an unsolved design"
    );
    xml.replace(
        "state=\"0\"",
        &format!("state=\"2\" assemblies=\"{assemblies}\" solutions=\"0\""),
    )
    .into_bytes()
}

/// The assemblies burrTxt printed for the corpus file (its `.burrtxt` record).
fn recorded(name: &str) -> u64 {
    let text = std::fs::read_to_string(Path::new(DIR).join(name)).unwrap();
    let line = text.lines().find(|l| l.contains("assemblies and")).unwrap();
    line.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn rhombic_stored_assemblies_are_compared_alone() {
    let check = |assemblies: u64| {
        let name = "two-6x2.xmpuzzle";
        let read = read_xmpuzzle(&solved(name, assemblies), name, None).unwrap();
        let stored = read.stored.expect("a solved problem keeps its counts");
        let prep = Prepared::new(&read.puzzle).unwrap();
        let opts = wurfel_cover::SearchOptions {
            threads: 1,
            ..Default::default()
        };
        check_stored(&prep, &stored, &opts).unwrap()
    };
    let burrtxt = recorded("two-6x2.burrtxt");
    assert_eq!(burrtxt, 8, "the corpus record changed");
    let agree = check(burrtxt);
    assert!(agree.differences.is_empty(), "{agree:?}");
    let why = agree
        .solutions_unchecked
        .expect("the solutions are not compared");
    assert!(
        why.contains("rhombic dodecahedra") && why.contains("stores none"),
        "{why}"
    );
    // One assembly fewer stored: wurfel lists one more than the file and says so.
    let off = check(burrtxt - 1);
    assert_eq!(off.differences.len(), 1, "{off:?}");
    assert!(
        off.differences[0].starts_with("assemblies: the file stores 7, wurfel finds more than 7"),
        "{off:?}"
    );
}

#[test]
#[ignore = "needs BurrTools' example files (BURRTOOLS_EXAMPLES=folder)"]
fn burrtools_examples_agree_with_their_stored_counts() {
    let dir = std::env::var("BURRTOOLS_EXAMPLES").expect("BURRTOOLS_EXAMPLES names the folder");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xmpuzzle"))
        .collect();
    files.sort();
    let (mut agreed, mut said) = (0, Vec::new());
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for n in 1.. {
            let problem = format!("#{n}");
            let read = match read_xmpuzzle(&bytes, &name, Some(&problem)) {
                Ok(r) => r,
                // Past the last problem, or a grid or size wurfel refuses (said, not counted).
                Err(e) => {
                    if n == 1 || !e.to_string().contains("problem") {
                        said.push(format!("{name} {problem}: {e}"));
                    }
                    break;
                }
            };
            let Some(stored) = read.stored else { continue };
            let Ok(prep) = Prepared::new(&read.puzzle) else {
                said.push(format!("{name} {problem}: refused"));
                continue;
            };
            let opts = wurfel_cover::SearchOptions::default();
            let c = check_stored(&prep, &stored, &opts).unwrap();
            assert!(c.differences.is_empty(), "{name} {problem}: {c:?}");
            said.push(format!(
                "{name} {problem}: {} assemblies, {} solutions agree as {:?}{}",
                stored.assemblies,
                stored.solutions.map_or("no".into(), |s| s.to_string()),
                c.convention.unwrap(),
                c.solutions_unchecked
                    .map(|_| " (assemblies alone)")
                    .unwrap_or("")
            ));
            agreed += 1;
        }
    }
    println!("{}", said.join("\n"));
    assert!(
        agreed >= 10,
        "only {agreed} problems checked:\n{}",
        said.join("\n")
    );
}
