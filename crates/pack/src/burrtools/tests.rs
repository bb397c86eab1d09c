//! Round trips through `.xmpuzzle` and hostile files.

use super::*;
use crate::catalog;
use flate2::write::GzEncoder;
use std::io::Write;

fn gz(xml: &str) -> Vec<u8> {
    let mut e = GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(xml.as_bytes()).unwrap();
    e.finish().unwrap()
}

fn read(xml: &str) -> Result<Read, BurrError> {
    read_xmpuzzle(&gz(xml), "t.xmpuzzle", None)
}

fn normalized(s: &wurfel_geom::Shape) -> Vec<wurfel_geom::Cell> {
    let (lo, _) = s.bounds();
    let mut c: Vec<_> = s
        .cells()
        .iter()
        .map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])
        .collect();
    c.sort();
    c
}

/// Every catalog puzzle survives TOML → xmpuzzle → puzzle with the same target, piece names,
/// counts and shapes (up to translation).
#[test]
fn catalog_round_trips() {
    for p in catalog::all() {
        let back = read_xmpuzzle(&write_xmpuzzle(&p), &format!("{}.xmpuzzle", p.id), None)
            .unwrap_or_else(|e| panic!("{}: {e}", p.id))
            .puzzle;
        assert_eq!(back.id, p.id);
        assert_eq!(back.name, p.name);
        assert_eq!(back.description, p.description);
        assert_eq!(normalized(&back.target), normalized(&p.target), "{}", p.id);
        assert_eq!(back.pieces.len(), p.pieces.len());
        for (a, b) in back.pieces.iter().zip(&p.pieces) {
            assert_eq!(a.name, b.name);
            assert_eq!(a.count, b.count);
            assert_eq!(normalized(&a.shape), normalized(&b.shape), "{}", p.id);
        }
    }
}

const HEAD: &str =
    "<?xml version=\"1.0\"?><puzzle version=\"2\"><gridType type=\"0\"/><colors/><shapes>";

/// Two V-trominoes declared as two shapes fill a 1x2x3 box (the second problem uses one
/// shape twice).
fn two_vs() -> String {
    format!(
        "{HEAD}<voxel x=\"1\" y=\"2\" z=\"2\" type=\"0\" name=\"A\">###_</voxel>\
         <voxel x=\"1\" y=\"2\" z=\"2\" type=\"0\" name=\"B\">##_#</voxel>\
         <voxel x=\"1\" y=\"2\" z=\"3\" type=\"0\">######</voxel></shapes><problems>\
         <problem name=\"apart\"><shapes><shape id=\"0\" count=\"1\"/><shape id=\"1\" count=\"1\"/></shapes><result id=\"2\"/><bitmap/></problem>\
         <problem name=\"copies\"><shapes><shape id=\"0\" min=\"2\" max=\"2\"/></shapes><result id=\"2\"/></problem>\
         </problems><comment>two Vs</comment></puzzle>"
    )
}

#[test]
fn reads_problems_by_number_and_name() {
    let xml = two_vs();
    let bytes = gz(&xml);
    assert_eq!(problem_names(&bytes, "t").unwrap(), vec!["apart", "copies"]);
    let first = read_xmpuzzle(&bytes, "t.xmpuzzle", None).unwrap();
    assert_eq!(first.puzzle.name, "apart");
    assert_eq!(first.puzzle.pieces.len(), 2);
    assert!(first.notes.iter().any(|n| n.contains("2 problems")));
    let second = read_xmpuzzle(&bytes, "t.xmpuzzle", Some("copies")).unwrap();
    assert_eq!(second.puzzle.pieces[0].count, 2);
    let by_number = read_xmpuzzle(&bytes, "t.xmpuzzle", Some("2")).unwrap();
    assert_eq!(by_number.puzzle, second.puzzle);
    let e = read_xmpuzzle(&bytes, "t.xmpuzzle", Some("3")).unwrap_err();
    assert!(e.message.contains("1 `apart`, 2 `copies`"), "{e}");
    // Counted as distinct pieces and as copies: raw 4 and 2 (the two copies swap).
    let c = crate::Prepared::new(&first.puzzle).unwrap().count(1);
    assert_eq!((c.raw, c.rotations, c.rotations_reflections), (4, 1, 1));
    let c = crate::Prepared::new(&second.puzzle).unwrap().count(1);
    assert_eq!(c.raw, 2);
}

#[test]
fn refuses_unsupported_features_by_name() {
    let cases = [
        (
            HEAD.replace("type=\"0\"/>", "type=\"7\"/>") + "</shapes></puzzle>",
            "grid of an unknown grid (type 7)",
        ),
        (
            two_vs().replace("##_#", "##+#"),
            "piece `B` has variable voxels",
        ),
        (
            two_vs().replace("count=\"1\"/></shapes>", "min=\"2\" max=\"1\"/></shapes>"),
            "min 2 above max 1",
        ),
        (
            two_vs().replace("######", "#99#####"),
            "colour 99, above 63",
        ),
    ];
    for (xml, needle) in cases {
        let e = read(&xml).unwrap_err();
        assert!(e.message.contains(needle), "{e} lacks {needle:?}");
    }
}

#[test]
fn hostile_files_give_errors() {
    let too_big = MAX_XML_BYTES as usize + 10;
    // A size bomb: highly compressible, larger than the bound once inflated.
    let mut e = GzEncoder::new(Vec::new(), flate2::Compression::best());
    let chunk = vec![b' '; 1 << 20];
    for _ in 0..=(too_big >> 20) {
        e.write_all(&chunk).unwrap();
    }
    let bomb = e.finish().unwrap();
    assert!(bomb.len() < 1 << 20);
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (vec![0x1f, 0x8b, 1, 2, 3], "gzip"),
        (bomb, "MiB"),
        (gz("<puzzle version=\"2\"><shapes>"), "well-formed"),
        (gz("<toml/>"), "root element"),
        (gz("<!DOCTYPE p [<!ENTITY a \"aaaa\">]><puzzle/>"), "well-formed"),
        (
            gz(&format!("{HEAD}<voxel x=\"4000000000\" y=\"4000000000\" z=\"4000000000\" type=\"0\">#</voxel></shapes></puzzle>")),
            "too large",
        ),
        (
            gz(&format!("{HEAD}<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">###</voxel></shapes></puzzle>")),
            "more voxels",
        ),
        (
            gz(&format!("{HEAD}<voxel x=\"-2\" y=\"1\" z=\"1\" type=\"0\">##</voxel></shapes></puzzle>")),
            "non-negative integer",
        ),
        (gz(&format!("{HEAD}</shapes></puzzle>")), "defines no problem"),
        (gz(&two_vs().replace("result id=\"2\"", "result id=\"9\"")), "has 3 shapes"),
        (gz(&two_vs().replace("##_#", "#__#")), "not connected"),
        (vec![0xff, 0xfe], "well-formed"),
    ];
    for (bytes, needle) in cases {
        let e = read_xmpuzzle(&bytes, "t.xmpuzzle", None).unwrap_err();
        assert!(e.message.contains(needle), "{e} lacks {needle:?}");
    }
}

/// The catalog puzzles that count in well under a second give equal counts when read back from
/// `.xmpuzzle` (the slower ones are covered by the structural round trip above).
#[test]
fn catalog_counts_survive_the_round_trip() {
    let fast = [
        "soma",
        "cubissimo",
        "diabolical",
        "slothouber-graatsma",
        "tetracubes-2x4x4",
        "pentominoes-3x20",
    ];
    for id in fast {
        let p = catalog::get(id).unwrap();
        let back = read_xmpuzzle(&write_xmpuzzle(&p), "x.xmpuzzle", None)
            .unwrap()
            .puzzle;
        let a = crate::Prepared::new(&p).unwrap().count(2);
        let b = crate::Prepared::new(&back).unwrap().count(2);
        assert_eq!(a, b, "{id}");
        assert!(a.raw > 0, "{id}");
    }
}

/// Variable voxels become optional target cells and `min`/`max` a range of counts; both survive
/// the way back to `.xmpuzzle` and to TOML, and are counted.
#[test]
fn variable_voxels_and_ranges_are_read_and_written() {
    // A 1x2x3 box whose top two cells are variable; V-trominoes A and B, B optional.
    let xml = two_vs()
        .replace("######", "####++")
        .replace("count=\"1\"/></shapes>", "min=\"0\" max=\"1\"/></shapes>");
    let p = read(&xml).unwrap().puzzle;
    assert_eq!(p.optional.len(), 2);
    assert_eq!(p.target.len(), 6);
    assert_eq!((p.pieces[1].min, p.pieces[1].count), (0, 1));
    let back = read_xmpuzzle(&write_xmpuzzle(&p), "t.xmpuzzle", None)
        .unwrap()
        .puzzle;
    assert_eq!(back, p);
    assert_eq!(
        crate::parse_puzzle(&crate::to_toml(&p), "t.toml").unwrap(),
        p
    );
    // A (3 cells) cannot cover the 4 fixed cells alone, so B is used and the two fill the
    // whole box: the 4 ways of the puzzle without variable voxels.
    let c = crate::Prepared::new(&p).unwrap().count(1);
    assert_eq!(c.raw, 4);
}

/// A problem named like another one's number: the bare number is ambiguous and says how to
/// choose; `#N` picks by number, `=NAME` by name.
#[test]
fn a_problem_named_like_a_number_is_chosen_explicitly() {
    let bytes = gz(&two_vs().replace("name=\"apart\"", "name=\"2\""));
    let e = read_xmpuzzle(&bytes, "t.xmpuzzle", Some("2")).unwrap_err();
    assert!(e.message.contains("--problem '#2'"), "{e}");
    assert!(e.message.contains("--problem '=2'"), "{e}");
    let by_number = read_xmpuzzle(&bytes, "t.xmpuzzle", Some("#2")).unwrap();
    assert_eq!(by_number.puzzle.name, "copies");
    let by_name = read_xmpuzzle(&bytes, "t.xmpuzzle", Some("=2")).unwrap();
    assert_eq!(by_name.puzzle.name, "2");
    // Without a clash, a number and a name work as before.
    let plain = gz(&two_vs());
    let one = read_xmpuzzle(&plain, "t.xmpuzzle", Some("1")).unwrap();
    assert_eq!(one.puzzle.name, "apart");
    assert!(read_xmpuzzle(&plain, "t.xmpuzzle", Some("#3")).is_err());
    assert!(read_xmpuzzle(&plain, "t.xmpuzzle", Some("=1")).is_err());
}

/// Counts beyond the format's limit are refused with the number in the file (they were once
/// saturated to 4,294,967,295).
#[test]
fn huge_counts_are_refused_as_written() {
    for attrs in [
        "count=\"1000000000000\"",
        "count=\"99999999999999999999\"",
        "min=\"1\" max=\"1000000000000\"",
        "count=\"10001\"",
    ] {
        let xml = two_vs().replacen("count=\"1\"", attrs, 1);
        let e = read(&xml).unwrap_err();
        let ok = e.message.contains("above the limit of 10000")
            || e.message.contains("not a non-negative integer");
        assert!(ok, "{attrs}: {e}");
    }
    let e = read(&two_vs().replacen("count=\"1\"", "count=\"1000000000000\"", 1)).unwrap_err();
    assert!(e.message.contains("count 1000000000000"), "{e}");
}

/// Random damage to valid files (bytes flipped, inserted, deleted, truncated, in the XML and
/// in the gzip stream) gives errors or puzzles, never a panic: the in-suite complement of the
/// AFL++ target `fuzz/src/bin/burrtools.rs`.
#[test]
fn damaged_files_never_panic() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
    let xml = two_vs()
        .replace("######", "####++")
        .replace("count=\"1\"/></shapes>", "min=\"0\" max=\"1\"/></shapes>");
    let seeds: Vec<Vec<u8>> = vec![
        xml.clone().into_bytes(),
        two_vs().into_bytes(),
        gz(&xml),
        write_xmpuzzle(&catalog::get("soma").unwrap()),
    ];
    let alphabet = b"<>/=\"#_+ 0123456789-xyzidcountminmaxvoxelshapeproblem\x00\xff";
    let (mut ok, mut refused) = (0, 0);
    for i in 0..4000 {
        let mut b = seeds[i % seeds.len()].clone();
        for _ in 0..rng.gen_range(1..6) {
            let at = rng.gen_range(0..b.len().max(1));
            match rng.gen_range(0..5) {
                0 if !b.is_empty() => b[at] ^= 1 << rng.gen_range(0..8),
                1 => b.insert(at.min(b.len()), alphabet[rng.gen_range(0..alphabet.len())]),
                2 if !b.is_empty() => {
                    b.remove(at);
                }
                3 => b.truncate(at),
                _ => {
                    let n = rng.gen_range(1..8);
                    let digits: Vec<u8> = (0..n).map(|_| b'0' + rng.gen_range(0..10)).collect();
                    let at = at.min(b.len());
                    b.splice(at..at, digits);
                }
            }
        }
        match read_xmpuzzle(&b, "m.xmpuzzle", None) {
            Ok(r) => {
                ok += 1;
                if r.puzzle.target.len() <= 64 {
                    let _ = crate::Prepared::new(&r.puzzle);
                }
            }
            Err(_) => refused += 1,
        }
    }
    // Both outcomes occur: the damage is neither always fatal nor always harmless.
    assert!(ok > 50 && refused > 50, "{ok} read, {refused} refused");
}

/// Colours, colour pairs and groups survive `.xmpuzzle` and TOML round trips, counts too.
#[test]
fn colours_and_groups_round_trip() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/burr");
    for name in [
        "checker-2x2x2",
        "tripods-mirror",
        "no-rules",
        "rings-group",
        "rings-split",
    ] {
        let path = format!("{dir}/{name}.xmpuzzle");
        let bytes = std::fs::read(&path).unwrap();
        let p = read_xmpuzzle(&bytes, &path, None).unwrap().puzzle;
        assert!(p.has_colors() || p.has_groups(), "{name}");
        let again = read_xmpuzzle(&write_xmpuzzle(&p), &path, None)
            .unwrap()
            .puzzle;
        let toml = crate::parse_puzzle(&crate::to_toml(&p), &path).unwrap();
        for q in [&again, &toml] {
            assert_eq!(q.target_colors, p.target_colors, "{name}");
            assert_eq!(q.color_rules, p.color_rules, "{name}");
            for (a, b) in q.pieces.iter().zip(&p.pieces) {
                assert_eq!(
                    (&a.cell_colors, &a.groups),
                    (&b.cell_colors, &b.groups),
                    "{name}"
                );
            }
            let c = |x: &crate::Puzzle| crate::Prepared::new(x).unwrap().count(1);
            assert_eq!(c(q), c(&p), "{name}");
        }
    }
}
