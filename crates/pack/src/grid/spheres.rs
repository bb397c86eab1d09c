//! **Spheres** (BurrTools `gridType` 2, `sphere_voxel.cpp`): the voxels `(x, y, z)` with
//! `x + y + z` even are the cells (`validCoordinate`), the centres of equal spheres in the
//! face-centred cubic packing; neighbours (12 of them) differ by `(±1, ±1, 0)` and its
//! permutations. A piece moves by the translations keeping that parity (`onGrid`: `x + y + z`
//! even).
//!
//! BurrTools turns a shape by 120 rotation matrices, 240 with mirrors (`tabs_2/rotmatrix.inc`),
//! which are exactly the orthogonal matrices whose entries are `0`, `±1`, `±⅓` or `±⅔`: the 48
//! of the cube, which map the lattice onto itself, and 192 others, which map only some shapes
//! onto it (a layer of the packing, for example, turned about its normal by 60°). So whether a
//! rotation is a placement of a piece depends on the piece (`SphereVoxel::transform` fails
//! otherwise): [`image`] is `None` then. BurrTools computes in floating point and accepts an
//! image when every coordinate is within 0.01 of an integer with an even sum; relative to one
//! cell, a coordinate of an image is a multiple of ⅓, so that test is exact, and here the
//! matrices are kept as integers (three times BurrTools') and the test is divisibility by 3.

use std::sync::LazyLock;
use wurfel_geom::Cell;

/// The number of point symmetries: BurrTools' 120 rotations and their 120 mirror images.
pub(super) const SYMMETRIES: usize = 240;

/// A matrix of BurrTools' table, times 3 (integer entries).
type Matrix = [[i32; 3]; 3];

/// The 240 matrices (times 3): the 120 rotations first (the cube's 24 first of them, the
/// identity first), then each rotation's mirror image in the same order (BurrTools' order of
/// the two halves: its matrix `120 + i` is matrix `i` with the first column negated).
static MATRICES: LazyLock<Vec<Matrix>> = LazyLock::new(|| {
    // The integer vectors of length 3: (±3, 0, 0) and (±1, ±2, ±2), permuted.
    let mut rows = Vec::new();
    for x in -3..=3 {
        for y in -3..=3 {
            for z in -3..=3i32 {
                if x * x + y * y + z * z == 9 {
                    rows.push([x, y, z]);
                }
            }
        }
    }
    let dot = |a: Cell, b: Cell| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let mut rotations = Vec::new();
    for &a in &rows {
        for &b in rows.iter().filter(|&&b| dot(a, b) == 0) {
            let c = cross(a, b).map(|v| v / 3);
            rotations.push([a, b, c]);
        }
    }
    // The cube's first (entries 0 and ±3), the identity first among them.
    rotations.sort_by_key(|m| {
        let fractional = m[0].iter().any(|&v| v.abs() != 3 && v != 0);
        (fractional, *m != IDENTITY)
    });
    let mirrors: Vec<Matrix> = rotations
        .iter()
        .map(|m| m.map(|r| [-r[0], r[1], r[2]]))
        .collect();
    rotations.extend(mirrors);
    rotations
});

const IDENTITY: Matrix = [[3, 0, 0], [0, 3, 0], [0, 0, 3]];

fn cross(a: Cell, b: Cell) -> Cell {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// Whether `c` is a cell (BurrTools' `validCoordinate`).
pub(super) fn is_cell(c: Cell) -> bool {
    (c[0] + c[1] + c[2]).rem_euclid(2) == 0
}

/// Whether symmetry `i` is a rotation (BurrTools' first 120).
pub(super) fn is_proper(i: usize) -> bool {
    i < SYMMETRIES / 2
}

/// The image of `cells` under symmetry `i < 240` about the first cell, or `None` when it
/// does not land on cells (BurrTools' `SphereVoxel::transform` returning false).
pub(super) fn image(i: usize, cells: &[Cell]) -> Option<Vec<Cell>> {
    let m = &MATRICES[i];
    let Some(&first) = cells.first() else {
        return Some(Vec::new());
    };
    cells
        .iter()
        .map(|c| {
            let d = [0, 1, 2].map(|k| c[k] - first[k]);
            let scaled = m.map(|r| r[0] * d[0] + r[1] * d[1] + r[2] * d[2]);
            if scaled.iter().any(|v| v % 3 != 0) {
                return None;
            }
            let e = scaled.map(|v| v / 3);
            is_cell(e).then(|| [0, 1, 2].map(|k| e[k] + first[k]))
        })
        .collect()
}

/// Whether `t` is one of the grid's translations: `x + y + z` even.
pub(super) fn is_translation(t: Cell) -> bool {
    is_cell(t)
}

/// Two positions of one shape differ by an allowed translation iff their classes are equal.
pub(super) fn class(lo: Cell) -> Cell {
    [(lo[0] + lo[1] + lo[2]).rem_euclid(2), 0, 0]
}

#[cfg(test)]
#[path = "spheres_tests.rs"]
mod tests;
