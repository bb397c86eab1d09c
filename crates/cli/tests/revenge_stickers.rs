//! `revenge solve` as a cuber meets it: the reduction method by default (no five-stage table
//! built), stickers by colour in any scheme, and the sticker order drawn by `revenge net`.

use std::path::Path;
use std::process::Command;

fn run(cache: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wurfel"))
        .args(args)
        .env("WURFEL_CACHE", cache)
        .output()
        .expect("run wurfel");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn dir_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let m = e.metadata().unwrap();
            if m.is_dir() {
                dir_bytes(&e.path())
            } else {
                m.len()
            }
        })
        .sum()
}

/// The `moves` field of a `--json` solution.
fn moves(json: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(json.trim()).expect("one JSON object");
    v["moves"].as_str().expect("moves").to_string()
}

/// Face letters recoloured: `colour[i]` for face `URFDLB[i]`, joined by `sep`.
fn recolour(facelets: &str, colour: [&str; 6], sep: &str) -> String {
    facelets
        .chars()
        .map(|c| colour["URFDLB".find(c).unwrap()])
        .collect::<Vec<_>>()
        .join(sep)
}

#[test]
fn colours_in_any_scheme_solve_to_the_face_letters_moves_with_small_tables_only() {
    let cache = tempfile::tempdir().unwrap();
    let c = cache.path();
    let (code, out, err) = run(c, &["revenge", "positions", "--random", "1", "--seed", "5"]);
    assert_eq!(code, 0, "{err}");
    let letters = out.trim().to_string();
    let (code, out, err) = run(c, &["revenge", "solve", "--facelets", &letters, "--json"]);
    assert_eq!(code, 0, "{err}");
    let expected = moves(&out);
    assert!(
        out.contains("\"method\":\"reduction\""),
        "default method: {out}"
    );

    let wca = recolour(&letters, ["W", "R", "G", "Y", "O", "B"], "");
    let names = recolour(
        &letters,
        ["white", "red", "green", "yellow", "orange", "blue"],
        ",",
    );
    // Blue opposite white, with --up-front saying how the cube is held.
    let japanese = recolour(&letters, ["w", "o", "g", "b", "r", "y"], " ");
    for (stickers, extra) in [(&wca, None), (&names, None), (&japanese, Some("W,G"))] {
        let mut args = vec!["revenge", "solve", "--json", "--facelets", stickers];
        if let Some(uf) = extra {
            args.extend(["--up-front", uf]);
        }
        let (code, out, err) = run(c, &args);
        assert_eq!(code, 0, "{stickers}: {err}");
        assert_eq!(moves(&out), expected, "{stickers}");
        assert!(err.to_lowercase().contains("stickers read as u=w"), "{err}");
    }

    // Refused with messages: a mirrored WCA scheme, a wrong count, an unknown --up-front.
    let mirror = recolour(&letters, ["W", "O", "G", "Y", "R", "B"], "");
    let (code, _, err) = run(c, &["revenge", "solve", "--facelets", &mirror]);
    assert_eq!(code, 1);
    assert!(err.contains("mirror image of the WCA scheme"), "{err}");
    let (code, _, err) = run(c, &["revenge", "solve", "--facelets", &wca[1..]]);
    assert_eq!(code, 1);
    assert!(err.contains("expected 96 stickers"), "{err}");
    let mut bad = wca.clone().into_bytes();
    bad[0] = if bad[0] == b'W' { b'Y' } else { b'W' };
    let bad = String::from_utf8(bad).unwrap();
    let (code, _, err) = run(c, &["revenge", "solve", "--facelets", &bad]);
    assert_eq!(code, 1);
    assert!(err.contains("16 stickers each"), "{err}");
    let (code, _, err) = run(
        c,
        &[
            "revenge",
            "solve",
            "--facelets",
            &japanese,
            "--up-front",
            "pink,W",
        ],
    );
    assert_eq!(code, 1);
    assert!(err.contains("no colour \"pink\""), "{err}");

    // --explain names the four phases and measures each on the cube: solved at the end.
    let (code, out, err) = run(
        c,
        &["revenge", "solve", "--facelets", &letters, "--explain"],
    );
    assert_eq!(code, 0, "{err}");
    for phase in 1..=4 {
        assert!(out.contains(&format!("  phase {phase} (")), "{out}");
    }
    assert!(out.contains("3 of 3 pairs of opposite faces"), "{out}");
    assert!(out.contains("12 of 12 edges paired"), "{out}");
    assert!(out.trim_end().ends_with("after it: solved"), "{out}");
    let (code, _, _) = run(c, &["revenge", "solve", "--random", "--explain", "--json"]);
    assert_eq!(code, 2);
    // `both` is a value of bench's --method only: elsewhere a usage error, before any table.
    let (code, _, err) = run(c, &["revenge", "solve", "--random", "--method", "both"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--method both is for bench"), "{err}");

    // Only the reduction's tables were built: no five-stage table, well under 100 MB.
    let bytes = dir_bytes(c);
    assert!(bytes < 100_000_000, "cache holds {bytes} bytes");
    for e in std::fs::read_dir(c).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.starts_with("stage"), "five-stage file {name} built");
    }
}

#[test]
fn the_net_picture_numbers_all_96_stickers() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("net.svg");
    let (code, _, err) = run(
        dir.path(),
        &["revenge", "net", "--render", svg.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("<path").count(), 96);
    // Named as the web page names them: a face letter and 1 to 16.
    for face in ['U', 'R', 'F', 'D', 'L', 'B'] {
        for i in 1..=16 {
            assert!(
                text.contains(&format!(">{face}{i}</text>")),
                "sticker {face}{i}"
            );
        }
    }
    let png = dir.path().join("net.png");
    let (code, _, err) = run(
        dir.path(),
        &["revenge", "net", "--render", png.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    let (code, _, err) = run(dir.path(), &["revenge", "net", "--render", "net.gif"]);
    assert_eq!(code, 1);
    assert!(err.contains(".svg or .png"), "{err}");
}
