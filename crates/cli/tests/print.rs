//! Printable pieces of every catalog puzzle, checked as a slicer checks them, and read by a real
//! consumer: Debian's `admesh` loads each exported STL and must find nothing to repair.
//!
//! Volumes are compared with a closed form in the piece's cubes (`n` cubes, `f` shared faces,
//! `s` 2×2 squares, `c` 2×2×2 blocks, each face moved in by `g`):
//! `n(u-2g)³ + f(u-2g)²(2g) + s(u-2g)(2g)² + c(2g)³`, not with the mesh's own triangles.
//!
//! When `admesh` is not installed the admesh test cannot run: under CI (`CI` set to anything
//! but `false`/`0`) that is a failure (`.ci/run` installs it), elsewhere it says loudly that it
//! was skipped.

mod common;

use common::wurfel;
use std::collections::HashSet;
use std::io::Read;
use wurfel_pack::catalog;
use wurfel_render::mesh::{check::check, check::volume, piece_mesh, PrintOptions};

/// The closed-form volume (mm³) of a polycube with every outer face moved in by `g` mm.
fn expected_volume(cells: &[[i32; 3]], unit: f64, g: f64) -> f64 {
    let set: HashSet<[i32; 3]> = cells.iter().copied().collect();
    let has = |c: [i32; 3], d: [i32; 3]| set.contains(&[c[0] + d[0], c[1] + d[1], c[2] + d[2]]);
    let (mut f, mut s, mut c) = (0u32, 0u32, 0u32);
    for &x in &set {
        f += has(x, [1, 0, 0]) as u32 + has(x, [0, 1, 0]) as u32 + has(x, [0, 0, 1]) as u32;
        for (a, b) in [
            ([1, 0, 0], [0, 1, 0]),
            ([0, 1, 0], [0, 0, 1]),
            ([1, 0, 0], [0, 0, 1]),
        ] {
            let ab = [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
            s += (has(x, a) && has(x, b) && has(x, ab)) as u32;
        }
        c += (0..8).all(|m| has(x, [m & 1, (m >> 1) & 1, (m >> 2) & 1])) as u32;
    }
    let (core, joint) = (unit - 2.0 * g, 2.0 * g);
    set.len() as f64 * core.powi(3)
        + f as f64 * core * core * joint
        + s as f64 * core * joint * joint
        + c as f64 * joint.powi(3)
}

#[test]
fn every_catalog_piece_meshes_closed_with_the_right_volume() {
    for (unit, gap) in [(10.0, 0.2), (19.0, 0.5)] {
        let opts = PrintOptions {
            unit,
            gap,
            bevel: 0.0,
        };
        for id in catalog::ids() {
            let puzzle = catalog::get(id).unwrap();
            for piece in &puzzle.pieces {
                let cells = piece.shape.normalized().cells().to_vec();
                let m = piece_mesh(&cells, &opts).unwrap();
                check(&m).unwrap_or_else(|e| panic!("{id}/{}: {e}", piece.name));
                let (got, want) = (volume(&m), expected_volume(&cells, unit, gap / 2.0));
                assert!(
                    ((got - want) / want).abs() < 1e-6,
                    "{id}/{}: volume {got}, expected {want}",
                    piece.name
                );
                assert!(want < cells.len() as f64 * unit.powi(3));
            }
        }
    }
}

#[test]
fn every_catalog_piece_bevelled_stays_closed_and_inside() {
    let opts = PrintOptions {
        unit: 10.0,
        gap: 0.2,
        bevel: 0.8,
    };
    for id in catalog::ids() {
        for piece in &catalog::get(id).unwrap().pieces {
            let cells = piece.shape.normalized().cells().to_vec();
            let m = piece_mesh(&cells, &opts).unwrap();
            check(&m).unwrap_or_else(|e| panic!("{id}/{}: {e}", piece.name));
            let v = volume(&m);
            assert!(
                v < expected_volume(&cells, 10.0, 0.1),
                "{id}/{}",
                piece.name
            );
            // Shrinking by gap/2 + bevel everywhere gives less than chamfering edges.
            assert!(
                v > expected_volume(&cells, 10.0, 0.9),
                "{id}/{}",
                piece.name
            );
        }
    }
}

#[test]
fn admesh_reads_every_exported_stl_without_repairs() {
    if !common::admesh::available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut files = 0;
    for id in catalog::ids() {
        let out = dir.path().join(id);
        let (code, _, err) = wurfel(&["pieces", id, "--export", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{id}: {err}");
        let puzzle = catalog::get(id).unwrap();
        for piece in &puzzle.pieces {
            let name: String = piece
                .name
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            let path = out.join(format!("{name}.stl"));
            let r = common::admesh::report(&path);
            for (label, want) in [
                ("Number of parts", 1.0),
                ("Degenerate facets", 0.0),
                ("Edges fixed", 0.0),
                ("Facets removed", 0.0),
                ("Facets added", 0.0),
                ("Facets reversed", 0.0),
                ("Backwards edges", 0.0),
                ("Normals fixed", 0.0),
            ] {
                assert_eq!(
                    r.get(label),
                    Some(&want),
                    "{id}/{}: admesh {label} in {r:?}",
                    piece.name
                );
            }
            let cells = piece.shape.normalized().cells().to_vec();
            let want = expected_volume(&cells, 10.0, 0.1);
            let got = r["Volume"];
            // STL stores f32 coordinates: about 7 digits.
            assert!(
                ((got - want) / want).abs() < 1e-5,
                "{id}/{}: admesh volume {got} vs {want}",
                piece.name
            );
            files += 1;
        }
    }
    assert!(files > 100, "only {files} files checked");
}

#[test]
fn solution_3mf_has_one_coloured_object_per_piece() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.3mf");
    let (code, _, err) = wurfel(&[
        "solve",
        "t-tetracubes-6x6x2",
        "--export",
        path.to_str().unwrap(),
        "--unit",
        "12",
        "--gap",
        "0.4",
    ]);
    assert_eq!(code, 0, "{err}");
    let mut zip = zip::ZipArchive::new(std::fs::File::open(&path).unwrap()).unwrap();
    for part in ["[Content_Types].xml", "_rels/.rels"] {
        assert!(zip.by_name(part).is_ok(), "{part}");
    }
    let mut model = String::new();
    zip.by_name("3D/3dmodel.model")
        .unwrap()
        .read_to_string(&mut model)
        .unwrap();
    let doc = roxmltree::Document::parse(&model).unwrap();
    let objects: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("object"))
        .collect();
    assert_eq!(objects.len(), 18);
    let colours: HashSet<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("base"))
        .map(|n| n.attribute("displaycolor").unwrap())
        .collect();
    assert!(colours.len() > 4, "pieces are coloured: {colours:?}");
    let items = doc.descendants().filter(|n| n.has_tag_name("item")).count();
    assert_eq!(items, 18);
    // Each object is a T-tetracube shrunk by 0.2 mm per face, placed in the 72 mm x 72 mm x
    // 24 mm box, 0.4 mm from every neighbour.
    let t = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]];
    let want = expected_volume(&t, 12.0, 0.2);
    for o in &objects {
        let v: Vec<[f64; 3]> = o
            .descendants()
            .filter(|n| n.has_tag_name("vertex"))
            .map(|n| ["x", "y", "z"].map(|a| n.attribute(a).unwrap().parse().unwrap()))
            .collect();
        let tris: Vec<[u32; 3]> = o
            .descendants()
            .filter(|n| n.has_tag_name("triangle"))
            .map(|n| ["v1", "v2", "v3"].map(|a| n.attribute(a).unwrap().parse().unwrap()))
            .collect();
        let m = wurfel_render::mesh::Mesh {
            vertices: v.clone(),
            triangles: tris,
        };
        check(&m).unwrap();
        assert!(((volume(&m) - want) / want).abs() < 1e-6);
        for p in &v {
            assert!(p.iter().all(|&c| c >= 0.2 - 1e-9));
            assert!(p[0] <= 71.8 + 1e-9 && p[1] <= 71.8 + 1e-9 && p[2] <= 23.8 + 1e-9);
        }
    }
}

#[test]
fn export_refuses_bad_sizes_and_formats_before_searching() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("x.obj");
    let (code, _, err) = wurfel(&["solve", "soma", "--export", p.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(".3mf"), "{err}");
    let p = dir.path().join("x.3mf");
    for bad in [
        ["--gap", "0"],
        ["--gap=-1", "--bevel=0"],
        ["--bevel", "5"],
        ["--unit", "nan"],
    ] {
        let (code, _, err) = wurfel(&[
            "solve",
            "soma",
            "--export",
            p.to_str().unwrap(),
            bad[0],
            bad[1],
        ]);
        assert_eq!(code, 1, "{bad:?}: {err}");
        assert!(!p.exists());
    }
    let (code, _, _) = wurfel(&["pieces", "soma", "--gap", "1"]);
    assert_eq!(code, 2, "--gap needs --export");
    // A file where the directory should be.
    let f = dir.path().join("file");
    std::fs::write(&f, "mine").unwrap();
    let (code, _, err) = wurfel(&["pieces", "soma", "--export", f.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "mine");
}
