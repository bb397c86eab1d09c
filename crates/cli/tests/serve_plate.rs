//! `wurfel serve` and the CLI agree on what a designer takes away: the print plate
//! (`POST /api/v1/plate` is byte for byte `wurfel pieces X --export F.3mf --plate`), the
//! pieces' colours (the check model, the viewer's scenes and the 3MF all give piece `k` the same
//! one), and a piece that fits nowhere (a proof of no solution before any search: `count`
//! prints 0 and exits 0, `solve` exits 3, the check says so in the same words).

mod common;
mod http;
mod serve_common;

use common::wurfel;
use http::Server;
use serde_json::{json, Value};
use serve_common::assert_error;

/// A 2x2x2 box of four bars: the first coloured by its file, the others not.
const BARS: &str = "id = \"bars\"\nname = \"bars\"\n[target]\nbox = [2, 2, 2]\n\
                    [[piece]]\nname = \"R\"\ncolor = \"#123456\"\ncells = [[0,0,0],[1,0,0]]\n\
                    [[piece]]\nname = \"S\"\ncells = [[0,0,0],[1,0,0]]\ncount = 3\n";

/// The base palette's first two colours (`wurfel_render::palette::BASE`): an uncoloured piece
/// `k` gets colour `k`, counting pieces only.
const BASE: [&str; 2] = ["#0072b2", "#e69f00"];

#[test]
fn the_plate_endpoint_is_the_cli_plate() {
    let s = Server::start(&[]);
    let dir = tempfile::tempdir().expect("tempdir");
    for (puzzle, body) in [
        ("soma", json!({ "puzzle": "soma" })),
        ("bars", json!({ "puzzle_text": BARS, "format": "toml" })),
    ] {
        let r = s.post("/api/v1/plate", &body.to_string());
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.header("content-type"), Some("model/3mf"));
        let disposition = r.header("content-disposition").unwrap_or_default();
        assert!(disposition.contains(".3mf"), "{disposition}");
        let input = if puzzle == "soma" {
            "soma".to_string()
        } else {
            let p = dir.path().join("bars.toml");
            std::fs::write(&p, BARS).expect("write");
            p.to_string_lossy().into_owned()
        };
        let out = dir.path().join(format!("{puzzle}.3mf"));
        let (code, _, err) = wurfel(&[
            "pieces",
            &input,
            "--export",
            out.to_str().unwrap_or_default(),
            "--plate",
        ]);
        assert_eq!(code, 0, "{err}");
        let cli = std::fs::read(&out).expect("the CLI's plate");
        assert!(
            r.body == cli,
            "{puzzle}: the page's plate differs from the CLI's"
        );
    }
    // Bounded and checked as the CLI's options are.
    let bad = |extra: Value, status: u16, says: &str| {
        let mut body = json!({ "puzzle": "soma" });
        for (k, v) in extra.as_object().into_iter().flatten() {
            body[k] = v.clone();
        }
        assert_error(&s.post("/api/v1/plate", &body.to_string()), status, says);
    };
    bad(json!({ "plate_size": 0 }), 400, "plate_size");
    bad(json!({ "plate_size": 1e9 }), 400, "at most 1000");
    bad(json!({ "gap": 0 }), 400, "gap");
    bad(json!({ "unit": -1 }), 400, "unit");
    bad(json!({ "plate_size": 20 }), 422, "do not fit");
    bad(json!({ "plates": 2 }), 400, "plates");
}

/// The colour of each kind in a 3MF's objects (`<base displaycolor>` by the object's material).
fn plate_colours(bytes: &[u8]) -> Vec<(String, String)> {
    use std::io::Read;
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
    let mut model = String::new();
    zip.by_name("3D/3dmodel.model")
        .expect("the model")
        .read_to_string(&mut model)
        .expect("text");
    let doc = roxmltree::Document::parse(&model).expect("XML");
    let bases: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("base"))
        .map(|b| b.attribute("displaycolor").unwrap_or_default()[..7].to_ascii_lowercase())
        .collect();
    doc.descendants()
        .filter(|n| n.has_tag_name("object"))
        .map(|o| {
            let k: usize = o.attribute("pindex").unwrap_or("0").parse().unwrap_or(0);
            let name = o.attribute("name").unwrap_or_default().to_string();
            (name, bases.get(k).cloned().unwrap_or_default())
        })
        .collect()
}

#[test]
fn every_front_end_gives_a_piece_the_same_colour() {
    let s = Server::start(&[]);
    let source = json!({ "puzzle_text": BARS, "format": "toml" });
    let check = s.post("/api/v1/check", &source.to_string());
    assert_eq!(check.status, 200, "{}", check.text());
    let model: Vec<String> = check.json()["model"]["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .map(|p| p["color"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(model, ["#123456", BASE[1]], "the check model's colours");
    // The viewer: the first copy of each kind in that colour (the others in shades of it).
    let mut body = source.clone();
    body["limit"] = json!(1);
    let page = s.post("/api/v1/view/solve", &body.to_string()).text();
    let scene = viewer_scene(&page);
    for (kind, colour) in ["R", "S"].iter().zip(&model) {
        let first = scene["pieces"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|p| p["name"] == *kind)
            .unwrap_or_else(|| panic!("no {kind} in the scene"));
        assert_eq!(first["colour"].as_str(), Some(colour.as_str()), "{kind}");
    }
    // The pieces page and the plate.
    let pieces = viewer_scene(&s.post("/api/v1/view/pieces", &source.to_string()).text());
    let shown: Vec<&str> = pieces["pieces"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["colour"].as_str())
        .collect();
    assert_eq!(shown, model, "the pieces page");
    let plate = s.post("/api/v1/plate", &source.to_string());
    assert_eq!(plate.status, 200, "{}", plate.text());
    for (name, colour) in plate_colours(&plate.body) {
        let kind = if name == "R" { 0 } else { 1 };
        assert_eq!(colour, model[kind], "{name} on the plate");
    }
    // A puzzle without colours: piece k has base colour k.
    let plain =
        "name = \"p\"\n[target]\nbox = [2, 1, 1]\n[[piece]]\nname = \"a\"\ncells = [[0,0,0]]\n\
                 [[piece]]\nname = \"b\"\ncells = [[0,0,0]]\n";
    let v = s
        .post(
            "/api/v1/check",
            &json!({ "puzzle_text": plain }).to_string(),
        )
        .json();
    let first: Vec<&str> = v["model"]["pieces"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["color"].as_str())
        .collect();
    assert_eq!(first, BASE, "uncoloured pieces");
    // The designer's preview may give its scene's colours.
    let scene = json!({ "scenes": [{ "title": "t", "pieces": [{ "name": "A", "cells": [[0, 0, 0]], "color": "#abcdef" }] }] });
    let page = s.post("/api/v1/view/scene", &scene.to_string()).text();
    assert_eq!(viewer_scene(&page)["pieces"][0]["colour"], "#abcdef");
    let bad = json!({ "scenes": [{ "title": "t", "pieces": [{ "name": "A", "cells": [[0, 0, 0]], "color": "blue" }] }] });
    assert_error(
        &s.post("/api/v1/view/scene", &bad.to_string()),
        400,
        "#rrggbb",
    );
}

/// The first scene of a viewer page (the JSON in its `wurfel-data` script).
fn viewer_scene(page: &str) -> Value {
    let tag = "id=\"wurfel-data\">";
    let data = page
        .split_once(tag)
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .map(|(json, _)| json)
        .unwrap_or_else(|| panic!("no scenes in the page: {}", &page[..page.len().min(300)]));
    let v: Value = serde_json::from_str(data).expect("the scenes' JSON");
    v["scenes"][0].clone()
}

#[test]
fn a_piece_that_fits_nowhere_proves_there_is_no_solution() {
    let text = "id = \"w\"\nname = \"w\"\n[target]\nbox = [2, 2, 1]\n[[piece]]\nname = \"long\"\n\
                cells = [[0,0,0],[1,0,0],[2,0,0]]\n[[piece]]\nname = \"dot\"\ncells = [[0,0,0]]\n";
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("w.toml");
    std::fs::write(&path, text).expect("write");
    let p = path.to_str().unwrap_or_default();
    let (code, out, err) = wurfel(&["count", p, "--json"]);
    assert_eq!(code, 0, "a count of 0 is an answer: {err}");
    let counted: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        (counted["raw"].as_u64(), counted["complete"].as_bool()),
        (Some(0), Some(true))
    );
    assert_eq!(counted["stats"]["nodes"], 0, "no search was needed");
    assert!(err.contains("a proof, before any search"), "{err}");
    let (code, est, _) = wurfel(&["estimate", p]);
    assert!(code == 0 && !est.contains("NaN"), "estimate: {est}");
    let (code, _, solve_err) = wurfel(&["solve", p]);
    assert_eq!(
        code, 3,
        "solve: a proof that no solution exists is exit 3: {solve_err}"
    );
    // The page's check says it in the same words, beside the piece.
    let s = Server::start(&[]);
    let r = s.post("/api/v1/check", &json!({ "puzzle_text": text }).to_string());
    let v = r.json();
    let w = v["warnings"][0].as_str().unwrap_or_default();
    assert!(
        !w.is_empty() && err.contains(w),
        "{w:?} not in the CLI's {err:?}"
    );
    let beside = &v["problems"][0];
    assert_eq!(
        (beside["where"].as_str(), beside["piece"].as_str()),
        (Some("piece"), Some("long"))
    );
}

/// On the rhombic grid too, `POST /api/v1/plate` is byte for byte the CLI's plate.
#[test]
fn the_rhombic_plate_endpoint_is_the_cli_plate() {
    use std::io::Read;
    let file = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../pack/tests/data/burr/rhombic/two-4x3.xmpuzzle");
    let mut xml = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&file).expect("the design"))
        .read_to_string(&mut xml)
        .expect("gzip");
    let s = Server::start(&[]);
    let body = json!({ "puzzle_text": xml, "format": "xmpuzzle" });
    let r = s.post("/api/v1/plate", &body.to_string());
    assert_eq!(r.status, 200, "{}", r.text());
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("rhombic.3mf");
    let (code, _, err) = wurfel(&[
        "pieces",
        file.to_str().unwrap_or_default(),
        "--export",
        out.to_str().unwrap_or_default(),
        "--plate",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        r.body == std::fs::read(&out).expect("the CLI's plate"),
        "the page's rhombic plate differs from the CLI's"
    );
}
