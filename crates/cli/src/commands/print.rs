//! Files for 3-D printing: `pieces --export DIR` (one mesh per piece) and `solve --export FILE`
//! (the assembled solution, one coloured object per piece).
//!
//! The geometry is `wurfel_render::mesh`; this module chooses names and paths, checks every mesh
//! as a slicer would before anything is written, and writes each file through the atomic writer.

use crate::output::OutputPath;
use anyhow::{bail, Context, Result};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use wurfel_render::cells::Lattice;
use wurfel_render::mesh::plate::{plate, PlatePiece};
use wurfel_render::mesh::{
    check::check, lattice_mesh, stl::stl_binary, threemf::threemf, Mesh, PrintObject, PrintOptions,
};
use wurfel_render::{piece_colours, Options, Scene};

/// `--unit`, `--gap`, `--bevel`: sizes of the printed pieces in millimetres.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct PrintArgs {
    /// With --export: edge of one cube in mm.
    #[arg(long, value_name = "MM", default_value_t = 10.0, requires = "export")]
    unit: f64,
    /// With --export: clearance between neighbouring pieces in mm (every outer face moves in by
    /// half of it, so the pieces fit the box).
    #[arg(long, value_name = "MM", default_value_t = 0.2, requires = "export")]
    gap: f64,
    /// With --export: chamfer the convex edges by this many mm (0: sharp).
    #[arg(long, value_name = "MM", default_value_t = 0.0, requires = "export")]
    bevel: f64,
}

impl PrintArgs {
    /// The sizes, checked.
    pub fn options(&self) -> Result<PrintOptions> {
        let o = PrintOptions {
            unit: self.unit,
            gap: self.gap,
            bevel: self.bevel,
        };
        o.validate().context("cannot export")?;
        Ok(o)
    }
}

/// Mesh file formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeshFormat {
    /// Binary STL, one file per piece.
    Stl,
    /// 3MF (a zip package with a coloured object), one file per piece.
    #[value(name = "3mf")]
    ThreeMf,
}

impl MeshFormat {
    fn ext(self) -> &'static str {
        match self {
            MeshFormat::Stl => "stl",
            MeshFormat::ThreeMf => "3mf",
        }
    }

    /// The format named by a file's extension.
    fn of(path: &Path) -> Result<MeshFormat> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .unwrap_or_default();
        match ext.as_str() {
            "3mf" => Ok(MeshFormat::ThreeMf),
            "stl" => Ok(MeshFormat::Stl),
            _ => bail!(
                "cannot tell the mesh format of {}: use .3mf (coloured pieces) or .stl",
                path.display()
            ),
        }
    }
}

/// A mesh for each object of `scene` (shrunk, bevelled), checked as a slicer checks it.
fn objects(scene: &Scene, opts: &PrintOptions) -> Result<Vec<PrintObject>> {
    let colours = piece_colours(scene, &Options::default());
    scene
        .pieces
        .iter()
        .zip(colours)
        .map(|(p, colour)| {
            let mesh = lattice_mesh(scene.lattice, &p.cells, opts)
                .with_context(|| format!("cannot make a mesh of piece {}", p.name))?;
            check(&mesh).map_err(|e| {
                anyhow::anyhow!("the mesh of piece {} failed its check (a bug): {e}", p.name)
            })?;
            Ok(PrintObject {
                name: p.name.clone(),
                colour,
                mesh,
            })
        })
        .collect()
}

fn encode(format: MeshFormat, title: &str, objects: &[PrintObject]) -> Result<Vec<u8>> {
    Ok(match format {
        MeshFormat::ThreeMf => threemf(title, objects)?,
        MeshFormat::Stl => {
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

/// A validated `--export FILE` of `solve`.
#[derive(Debug)]
pub struct SolutionExport {
    out: OutputPath,
    format: MeshFormat,
    opts: PrintOptions,
}

impl SolutionExport {
    /// Checks the path, its format and the sizes before any search.
    pub fn check(path: &Path, args: &PrintArgs) -> Result<SolutionExport> {
        let format = MeshFormat::of(path)?;
        let opts = args.options()?;
        Ok(SolutionExport {
            out: OutputPath::check(path)?,
            format,
            opts,
        })
    }

    /// Writes the assembled solution drawn by `scene` (pieces in place).
    pub fn write(&self, scene: &Scene) -> Result<()> {
        let objects = objects(scene, &self.opts)?;
        let bytes = encode(self.format, &scene.title, &objects)?;
        self.out.write_all(&bytes)?;
        crate::note!(
            "{} pieces written to {}{}",
            objects.len(),
            self.out.shown().display(),
            if self.format == MeshFormat::Stl {
                " (STL has no colours: one mesh with a shell per piece)"
            } else {
                ""
            }
        );
        Ok(())
    }
}

/// Writes one file per piece kind of `scene` into `dir` (created if missing); returns the
/// files written, in scene order.
pub fn export_pieces(
    scene: &Scene,
    counts: &[u32],
    dir: &Path,
    format: MeshFormat,
    args: &PrintArgs,
) -> Result<Vec<(PathBuf, u32)>> {
    let opts = args.options()?;
    match std::fs::metadata(dir) {
        Ok(m) if !m.is_dir() => bail!("cannot export to {}: not a directory", dir.display()),
        Ok(_) => {}
        Err(_) => std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the directory {}", dir.display()))?,
    }
    // Every mesh is made and checked before the first file is written.
    let objects = objects(scene, &opts)?;
    let names = file_names(scene.pieces.iter().map(|p| p.name.as_str()), format.ext());
    let mut targets = Vec::new();
    for name in &names {
        let path = dir.join(name);
        targets.push(OutputPath::check(&path)?);
    }
    let mut written = Vec::new();
    for ((object, out), count) in objects.iter().zip(&targets).zip(counts) {
        let bytes = encode(format, &object.name, std::slice::from_ref(object))?;
        out.write_all(&bytes)?;
        written.push((out.shown().to_path_buf(), *count));
    }
    Ok(written)
}

/// `pieces --export FILE --plate`: `pieces` of `lattice` (every copy of every piece kind,
/// `wurfel_present::scene::plate_pieces`) laid on a `size` mm plate in one file (.3mf or .stl)
/// titled `title`, each mesh checked first.
pub fn export_plate(
    lattice: Lattice,
    title: &str,
    pieces: &[PlatePiece],
    path: &Path,
    size: f64,
    args: &PrintArgs,
) -> Result<()> {
    let format = MeshFormat::of(path)?;
    let opts = args.options()?;
    let out = OutputPath::check(path)?;
    let objects =
        plate(lattice, pieces, &opts, size).context("cannot lay the pieces on the plate")?;
    for o in &objects {
        check(&o.mesh).map_err(|e| {
            anyhow::anyhow!("the mesh of piece {} failed its check (a bug): {e}", o.name)
        })?;
    }
    out.write_all(&encode(format, title, &objects)?)?;
    crate::note!(
        "{} pieces on a {size} mm plate written to {}",
        objects.len(),
        out.shown().display()
    );
    Ok(())
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
}
