//! `pieces --export FILE --plate`: every piece of Bedlam on one 200 mm plate. The 3MF's objects
//! are checked geometrically (each lowest face on z = 0, inside the plate, no two footprints
//! overlapping), and admesh reads the same plate as STL without repairs.

mod common;

use common::wurfel;
use std::io::Read;

/// Each object's vertices from a 3MF's model.
fn objects_3mf(path: &std::path::Path) -> Vec<(String, Vec<[f64; 3]>)> {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut model = String::new();
    zip.by_name("3D/3dmodel.model")
        .unwrap()
        .read_to_string(&mut model)
        .unwrap();
    let doc = roxmltree::Document::parse(&model).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("object"))
        .map(|o| {
            let vs = o
                .descendants()
                .filter(|n| n.has_tag_name("vertex"))
                .map(|v| ["x", "y", "z"].map(|a| v.attribute(a).unwrap().parse().unwrap()))
                .collect();
            (o.attribute("name").unwrap().to_string(), vs)
        })
        .collect()
}

#[test]
fn bedlam_lies_on_one_plate_each_piece_flat_and_apart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("plate.3mf");
    let (code, _, err) = wurfel(&[
        "pieces",
        "bedlam",
        "--export",
        path.to_str().unwrap(),
        "--plate",
    ]);
    assert_eq!(code, 0, "{err}");
    let objects = objects_3mf(&path);
    assert_eq!(objects.len(), 13, "every piece of Bedlam once");
    let mut boxes = Vec::new();
    for (name, vs) in &objects {
        let lo = [0, 1, 2].map(|k| vs.iter().map(|v| v[k]).fold(f64::INFINITY, f64::min));
        let hi = [0, 1, 2].map(|k| vs.iter().map(|v| v[k]).fold(f64::NEG_INFINITY, f64::max));
        assert_eq!(lo[2], 0.0, "{name}: its lowest face is not on the plate");
        assert!(
            lo[0] >= 0.0 && lo[1] >= 0.0 && hi[0] <= 200.0 && hi[1] <= 200.0,
            "{name} is off the plate: {lo:?}..{hi:?}"
        );
        // Flat on its largest face: no Bedlam piece stands more than two cubes high.
        assert!(hi[2] <= 20.0, "{name} stands {} mm high", hi[2]);
        boxes.push((name, lo, hi));
    }
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            let apart = (0..2).any(|k| a.2[k] < b.1[k] || b.2[k] < a.1[k]);
            assert!(apart, "{} and {} overlap on the plate", a.0, b.0);
        }
    }

    // The same plate as STL: admesh finds 13 parts and nothing to repair.
    if !common::admesh::available() {
        return;
    }
    let stl = dir.path().join("plate.stl");
    let (code, _, err) = wurfel(&[
        "pieces",
        "bedlam",
        "--export",
        stl.to_str().unwrap(),
        "--plate",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        common::admesh::parts_without_repairs(&stl),
        Some(13.0),
        "admesh's parts of the plate"
    );
}
