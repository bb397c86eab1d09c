//! What the designer asks of `wurfel serve` to edit a design off the cube grid: the grids
//! (`GET /api/v1/grids`: which voxels are cells, as `Grid::is_cell` says — the lookup itself is
//! checked against the Rust rule in `crates/serve/src/grids.rs`), the preview of a shape on its
//! grid (`POST /api/v1/view/scene` with `grid`: drawn as the grid's solids, a voxel that is no
//! cell refused by name) and an imported file's grid (`POST /api/v1/check`'s `model.grid`), so
//! that a file read into the designer is edited and saved on its own grid.

mod common;
mod http;
mod serve_common;

use http::Server;
use serde_json::json;
use serve_common::assert_error;

#[test]
fn the_grids_the_designer_draws() {
    let s = Server::start(&[]);
    let grids = s.get("/api/v1/grids").json();
    let keys: Vec<&str> = grids
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|g| g["key"].as_str())
        .collect();
    assert_eq!(
        keys,
        [
            "cubes",
            "triangular-prisms",
            "spheres",
            "rhombic-dodecahedra",
            "tetrahedra-octahedra"
        ]
    );
    // Spheres: the voxels of even coordinate sum, in a 2x2x2 box four of its eight.
    let spheres = &grids[2];
    assert_eq!(spheres["step"], json!([2, 2, 2]));
    assert_eq!(
        spheres["cells"],
        json!([[0, 0, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1]])
    );
}

#[test]
fn the_preview_draws_the_grids_solids_and_names_a_voxel_off_it() {
    let s = Server::start(&[]);
    let scene = |grid: &str, cells: serde_json::Value| {
        json!({ "grid": grid, "scenes": [{ "title": "t", "pieces": [{ "name": "a", "cells": cells }] }] })
            .to_string()
    };
    let ok = s.post(
        "/api/v1/view/scene",
        &scene("spheres", json!([[0, 0, 0], [1, 1, 0]])),
    );
    assert_eq!(ok.status, 200, "{}", ok.text());
    // Off the cube grid the viewer draws polyhedra (`solid` scenes), as for a solution.
    assert!(ok.text().contains("\"solid\":true"), "not drawn as solids");
    let cubes = s.post("/api/v1/view/scene", &scene("cubes", json!([[0, 0, 0]])));
    assert!(!cubes.text().contains("\"solid\":true"));
    let off = s.post(
        "/api/v1/view/scene",
        &scene("spheres", json!([[0, 0, 0], [1, 0, 0]])),
    );
    assert_error(&off, 400, "[1, 0, 0] is not a cell of the grid of spheres");
    let unknown = s.post("/api/v1/view/scene", &scene("hexagons", json!([])));
    assert_error(&unknown, 400, "unknown grid \"hexagons\"");
}

#[test]
fn a_checked_file_names_its_grid() {
    let s = Server::start(&[]);
    let toml = "name = \"balls\"\ngrid = \"spheres\"\n[target]\ncells = [[0, 0, 0], [1, 1, 0]]\n\
                [[piece]]\nname = \"A\"\ncells = [[0, 0, 0], [1, 1, 0]]\n";
    let r = s.post(
        "/api/v1/check",
        &json!({ "puzzle_text": toml, "format": "toml" }).to_string(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["model"]["grid"], "spheres");
    let soma = s.post("/api/v1/check", r#"{"puzzle":"soma"}"#).json();
    assert_eq!(soma["model"]["grid"], "cubes");
}
