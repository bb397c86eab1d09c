//! Files for 3-D printing: `pieces --export DIR` (one mesh per piece kind), `pieces --export
//! FILE --plate` and `POST /api/v1/plate` (every copy laid on a build plate), `solve --export
//! FILE` (the assembled solution, one coloured object per piece). Every mesh is made and
//! checked as a slicer would before any byte is handed out; the front end writes or sends them.

use crate::error::{chain, AppError};
use crate::picture::extension;
use std::collections::HashSet;
use std::path::Path;
use wurfel_pack::Puzzle;
use wurfel_render::mesh::plate::plate as lay_out;
use wurfel_render::mesh::{
    check::check, lattice_mesh, stl::stl_binary, threemf::threemf, Mesh, PrintObject, PrintOptions,
};
use wurfel_render::{piece_colours, Options, Scene};

/// The largest plate side laid out, in mm (a 1 m bed is already far beyond any printer's; the
/// bound keeps a request from asking for an absurd layout).
pub const MAX_PLATE_MM: f64 = 1000.0;

/// Mesh file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Binary STL (no colours: one mesh with a shell per piece).
    Stl,
    /// 3MF (a zip package with coloured objects).
    ThreeMf,
}

impl Format {
    /// The file extension.
    pub fn ext(self) -> &'static str {
        match self {
            Format::Stl => "stl",
            Format::ThreeMf => "3mf",
        }
    }

    /// The format named by a file's extension.
    pub fn of(path: &Path) -> Result<Format, AppError> {
        match extension(path).as_str() {
            "3mf" => Ok(Format::ThreeMf),
            "stl" => Ok(Format::Stl),
            _ => Err(AppError::input(format!(
                "cannot tell the mesh format of {}: use .3mf (coloured pieces) or .stl",
                path.display()
            ))),
        }
    }
}

/// The printed sizes in mm (cube edge, clearance, chamfer), checked.
pub fn options(unit: f64, gap: f64, bevel: f64) -> Result<PrintOptions, AppError> {
    let o = PrintOptions { unit, gap, bevel };
    o.validate()
        .map_err(|e| AppError::input(format!("cannot export: {}", chain(&e))))?;
    Ok(o)
}

/// A mesh that failed the slicer's check: a bug, not the input's fault.
fn checked(name: &str, mesh: &Mesh) -> Result<(), AppError> {
    check(mesh).map_err(|e| {
        AppError::internal(format!(
            "the mesh of piece {name} failed its check (a bug): {e}"
        ))
    })
}

/// A mesh for each object of `scene` (shrunk, bevelled), checked.
fn objects(scene: &Scene, opts: &PrintOptions) -> Result<Vec<PrintObject>, AppError> {
    let colours = piece_colours(scene, &Options::default());
    scene
        .pieces
        .iter()
        .zip(colours)
        .map(|(p, colour)| {
            let mesh = lattice_mesh(scene.lattice, &p.cells, opts).map_err(|e| {
                AppError::input(format!(
                    "cannot make a mesh of piece {}: {}",
                    p.name,
                    chain(&e)
                ))
            })?;
            checked(&p.name, &mesh)?;
            Ok(PrintObject {
                name: p.name.clone(),
                colour,
                mesh,
            })
        })
        .collect()
}

/// `objects` as one file titled `title`.
fn encode(format: Format, title: &str, objects: &[PrintObject]) -> Result<Vec<u8>, AppError> {
    Ok(match format {
        Format::ThreeMf => threemf(title, objects)
            .map_err(|e| AppError::input(format!("cannot write the 3MF package: {}", chain(&e))))?,
        Format::Stl => {
            let mut all = Mesh::default();
            for o in objects {
                let base = all.vertices.len() as u32;
                all.vertices.extend_from_slice(&o.mesh.vertices);
                all.triangles
                    .extend(o.mesh.triangles.iter().map(|t| t.map(|v| v + base)));
            }
            stl_binary(title, &all)
        }
    })
}

/// A file of meshes: its bytes and how many pieces it holds.
pub struct Meshes {
    pub bytes: Vec<u8>,
    pub pieces: usize,
}

/// The assembled solution drawn by `scene` (pieces in place), one object per piece.
pub fn solution(scene: &Scene, format: Format, opts: &PrintOptions) -> Result<Meshes, AppError> {
    let objects = objects(scene, opts)?;
    Ok(Meshes {
        bytes: encode(format, &scene.title, &objects)?,
        pieces: objects.len(),
    })
}

/// One piece kind's file: its name (safe, unique), its bytes, and how many copies to print.
pub struct PieceFile {
    pub name: String,
    pub bytes: Vec<u8>,
    pub count: u32,
}

/// A file per piece kind of `puzzle`, each kind once in its first orientation at the origin;
/// every mesh is made and checked before the first file is encoded.
pub fn pieces(
    puzzle: &Puzzle,
    format: Format,
    opts: &PrintOptions,
) -> Result<Vec<PieceFile>, AppError> {
    let objects = objects(&shapes_scene(puzzle), opts)?;
    let names = file_names(objects.iter().map(|o| o.name.as_str()), format.ext());
    objects
        .iter()
        .zip(names)
        .zip(&puzzle.pieces)
        .map(|((object, name), p)| {
            Ok(PieceFile {
                name,
                bytes: encode(format, &object.name, std::slice::from_ref(object))?,
                count: p.count,
            })
        })
        .collect()
}

/// Every copy of every piece kind of `puzzle` laid on a `size` mm square plate, each on its
/// largest flat face, in one file titled by the puzzle's name.
pub fn plate(
    puzzle: &Puzzle,
    format: Format,
    opts: &PrintOptions,
    size: f64,
) -> Result<Meshes, AppError> {
    if !(size.is_finite() && size > 0.0 && size <= MAX_PLATE_MM) {
        return Err(AppError::input(format!(
            "the plate's side is in mm, above 0 and at most {MAX_PLATE_MM}, not {size}"
        )));
    }
    let pieces = wurfel_present::scene::plate_pieces(puzzle);
    let lattice = wurfel_present::scene::lattice(puzzle.grid);
    let objects = lay_out(lattice, &pieces, opts, size).map_err(|e| {
        AppError::input(format!("cannot lay the pieces on the plate: {}", chain(&e)))
    })?;
    for o in &objects {
        checked(&o.name, &o.mesh)?;
    }
    Ok(Meshes {
        bytes: encode(format, &puzzle.name, &objects)?,
        pieces: objects.len(),
    })
}

/// Each piece kind once, in its first orientation with its lowest corner at the origin.
fn shapes_scene(puzzle: &Puzzle) -> Scene {
    let lattice = wurfel_present::scene::lattice(puzzle.grid);
    Scene {
        lattice,
        title: puzzle.name.clone(),
        pieces: puzzle
            .pieces
            .iter()
            .zip(wurfel_present::scene::kind_colours(puzzle))
            .map(|(p, colour)| wurfel_render::ScenePiece {
                name: p.name.clone(),
                label: None,
                cells: wurfel_present::scene::at_origin(&p.shape, lattice)
                    .cells()
                    .to_vec(),
                colour: Some(colour),
                cell_colours: Vec::new(),
            })
            .collect(),
        ..Default::default()
    }
}

/// File names for pieces: the name with anything but letters, digits, `-`, `_` and `.` replaced
/// by `_`, never hidden or empty, unique even on case-insensitive file systems.
fn file_names<'a>(names: impl Iterator<Item = &'a str>, ext: &str) -> Vec<String> {
    let mut used = HashSet::new();
    names
        .enumerate()
        .map(|(i, n)| {
            let mut base: String = n
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            if base.is_empty() || base.starts_with('.') {
                base = format!("piece{}{base}", i + 1);
            }
            let mut name = format!("{base}.{ext}");
            let mut k = 2;
            while !used.insert(name.to_ascii_lowercase()) {
                name = format!("{base}-{k}.{ext}");
                k += 1;
            }
            name
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_safe_and_unique() {
        let names = file_names(
            ["A", "a", "../x", "", ".hidden", "T 10", "é"].into_iter(),
            "stl",
        );
        assert_eq!(
            names,
            [
                "A.stl",
                "a-2.stl",
                "piece3.._x.stl",
                "piece4.stl",
                "piece5.hidden.stl",
                "T_10.stl",
                "_.stl"
            ]
        );
    }

    #[test]
    fn sizes_and_plates_out_of_range_are_refused() {
        assert_eq!(
            options(10.0, -1.0, 0.0).unwrap_err().kind,
            crate::Kind::Input
        );
        let puzzle = wurfel_pack::catalog::get("soma").unwrap();
        let opts = options(10.0, 0.2, 0.0).unwrap();
        for size in [0.0, f64::NAN, 2000.0] {
            let e = plate(&puzzle, Format::ThreeMf, &opts, size).err().unwrap();
            assert_eq!(e.kind, crate::Kind::Input, "{size}");
        }
        let m = plate(&puzzle, Format::Stl, &opts, 200.0).unwrap();
        assert_eq!(m.pieces, 7);
    }
}
