//! Every piece of a puzzle on one build plate, ready to slice in one go.
//!
//! Each piece is turned (one of the cube's 24 rotations) to lie on its largest flat face —
//! the most cubes in its lowest layer, then the fewest cubes over empty space (overhangs),
//! then the lowest height — and the pieces are laid in rows on a square plate, an empty cube's
//! width apart, the whole layout centred. Every piece's lowest face lies on `z = 0`.

use super::{lattice_mesh, piece_mesh, MeshError, PrintObject, PrintOptions};
use crate::cells::Lattice;
use crate::Rgb;
use std::collections::HashSet;
use wurfel_geom::Iso;

/// A piece to lay on the plate: its name, colour and cells (any position, any orientation).
#[derive(Clone, Debug)]
pub struct PlatePiece {
    /// Name shown by slicers.
    pub name: String,
    /// Display colour.
    pub colour: Rgb,
    /// Its cubes.
    pub cells: Vec<[i32; 3]>,
}

/// `cells` turned by `r`, moved so their lowest corner is the origin.
fn turned(cells: &[[i32; 3]], r: Iso) -> Vec<[i32; 3]> {
    let t: Vec<[i32; 3]> = cells.iter().map(|&c| r.apply(c)).collect();
    let lo = [0, 1, 2].map(|k| t.iter().map(|c| c[k]).min().unwrap_or(0));
    t.iter()
        .map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])
        .collect()
}

/// `cells` turned to print best: the most cubes on the plate (its largest flat face down),
/// then the fewest cubes with nothing below them, then the lowest height, then the smallest
/// footprint, wider than deep; lowest corner at the origin.
pub fn lay_flat(cells: &[[i32; 3]]) -> Vec<[i32; 3]> {
    // What is compared, best first: -cubes on the plate, overhangs, height, footprint, depth.
    type Score = (i64, usize, i32, i32, bool);
    let mut best: Option<(Score, Vec<[i32; 3]>)> = None;
    for r in Iso::rotations() {
        let t = turned(cells, r);
        let set: HashSet<[i32; 3]> = t.iter().copied().collect();
        let base = t.iter().filter(|c| c[2] == 0).count();
        let overhangs = t
            .iter()
            .filter(|c| c[2] > 0 && !set.contains(&[c[0], c[1], c[2] - 1]))
            .count();
        let hi = [0, 1, 2].map(|k| t.iter().map(|c| c[k]).max().unwrap_or(0) + 1);
        let key = (
            -(base as i64),
            overhangs,
            hi[2],
            hi[0] * hi[1],
            hi[1] > hi[0],
        );
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, t));
        }
    }
    best.map(|(_, t)| t).unwrap_or_default()
}

/// Lays `pieces` of `lattice` on a square plate of `size` mm with every piece's lowest point
/// on `z = 0`: cubes flat ([`lay_flat`]) in rows, one empty cube apart, centred, meshed as
/// [`piece_mesh`]; other lattices as [`solids_plate`] lays them.
pub fn plate(
    lattice: Lattice,
    pieces: &[PlatePiece],
    opts: &PrintOptions,
    size: f64,
) -> Result<Vec<PrintObject>, MeshError> {
    opts.validate()?;
    if !(size.is_finite() && size > 0.0) {
        return Err(MeshError::Options(format!(
            "the plate must be a length in mm above 0, not {size}"
        )));
    }
    if lattice != Lattice::Cubes {
        return solids_plate(lattice, pieces, opts, size);
    }
    let cap = (size / opts.unit).floor() as i32;
    let flat: Vec<Vec<[i32; 3]>> = pieces.iter().map(|p| lay_flat(&p.cells)).collect();
    let dims: Vec<[i32; 3]> = flat
        .iter()
        .map(|t| [0, 1, 2].map(|k| t.iter().map(|c| c[k]).max().unwrap_or(0) + 1))
        .collect();
    // Rows, deepest pieces first; each piece at its row's next free column.
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.sort_by_key(|&i| (-dims[i][1], -dims[i][0]));
    let mut at = vec![[0, 0]; pieces.len()];
    let (mut x, mut y, mut row) = (0, 0, 0);
    for &i in &order {
        let [w, d, _] = dims[i];
        if x > 0 && x + w > cap {
            (x, y, row) = (0, y + row + 1, 0);
        }
        if x + w > cap || y + d > cap {
            return Err(MeshError::Input(format!(
                "the pieces do not fit on a {size} mm plate with {} mm cubes: use a smaller --unit or a larger plate",
                opts.unit
            )));
        }
        at[i] = [x, y];
        x += w + 1;
        row = row.max(d);
    }
    let used = [0, 1].map(|k| {
        (0..pieces.len())
            .map(|i| at[i][k] + dims[i][k])
            .max()
            .unwrap_or(0)
    });
    let margin = [0, 1].map(|k| (size - used[k] as f64 * opts.unit) / 2.0);
    pieces
        .iter()
        .zip(flat)
        .zip(at)
        .map(|((p, cells), a)| {
            let placed: Vec<[i32; 3]> = cells
                .iter()
                .map(|c| [c[0] + a[0], c[1] + a[1], c[2]])
                .collect();
            let mut mesh = piece_mesh(&placed, opts)?;
            let z0 = mesh
                .vertices
                .iter()
                .map(|v| v[2])
                .fold(f64::INFINITY, f64::min);
            for v in &mut mesh.vertices {
                v[0] += margin[0];
                v[1] += margin[1];
                v[2] -= z0;
            }
            Ok(PrintObject {
                name: p.name.clone(),
                colour: p.colour,
                mesh,
            })
        })
        .collect()
}

/// Pieces of a non-cube lattice on the plate, each as it is given (turning one would need the
/// lattice's own rotations about its blocks, and its flattest face is seldom axis-aligned):
/// meshed ([`lattice_mesh`]), laid in rows by their bounding boxes a unit apart, deepest first,
/// the layout centred.
fn solids_plate(
    lattice: Lattice,
    pieces: &[PlatePiece],
    opts: &PrintOptions,
    size: f64,
) -> Result<Vec<PrintObject>, MeshError> {
    let mut meshes = Vec::with_capacity(pieces.len());
    for p in pieces {
        meshes.push(lattice_mesh(lattice, &p.cells, opts)?);
    }
    let bounds: Vec<([f64; 3], [f64; 3])> = meshes
        .iter()
        .map(|m| {
            let lo = [0, 1, 2].map(|k| {
                m.vertices
                    .iter()
                    .map(|v| v[k])
                    .fold(f64::INFINITY, f64::min)
            });
            let hi = [0, 1, 2].map(|k| {
                m.vertices
                    .iter()
                    .map(|v| v[k])
                    .fold(f64::NEG_INFINITY, f64::max)
            });
            (lo, hi)
        })
        .collect();
    let dims: Vec<[f64; 3]> = bounds
        .iter()
        .map(|(lo, hi)| [0, 1, 2].map(|k| hi[k] - lo[k]))
        .collect();
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.sort_by(|&a, &b| {
        dims[b][1]
            .total_cmp(&dims[a][1])
            .then(dims[b][0].total_cmp(&dims[a][0]))
    });
    let space = opts.unit;
    let mut at = vec![[0.0; 2]; pieces.len()];
    let (mut x, mut y, mut row) = (0.0, 0.0, 0.0f64);
    for &i in &order {
        let [w, d, _] = dims[i];
        if x > 0.0 && x + w > size {
            (x, y, row) = (0.0, y + row + space, 0.0);
        }
        if x + w > size || y + d > size {
            return Err(MeshError::Input(format!(
                "the pieces do not fit on a {size} mm plate with {} mm blocks: use a smaller --unit or a larger plate",
                opts.unit
            )));
        }
        at[i] = [x, y];
        x += w + space;
        row = row.max(d);
    }
    let used = [0, 1].map(|k| {
        (0..pieces.len())
            .map(|i| at[i][k] + dims[i][k])
            .fold(0.0, f64::max)
    });
    let margin = [0, 1].map(|k| (size - used[k]) / 2.0);
    Ok(pieces
        .iter()
        .zip(meshes)
        .enumerate()
        .map(|(i, (p, mut mesh))| {
            let lo = bounds[i].0;
            for v in &mut mesh.vertices {
                v[0] += margin[0] + at[i][0] - lo[0];
                v[1] += margin[1] + at[i][1] - lo[1];
                v[2] -= lo[2];
            }
            PrintObject {
                name: p.name.clone(),
                colour: p.colour,
                mesh,
            }
        })
        .collect())
}
