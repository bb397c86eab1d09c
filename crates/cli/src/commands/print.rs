//! Files for 3-D printing: `pieces --export DIR` (one mesh per piece) and `solve --export FILE`
//! (the assembled solution, one coloured object per piece). The meshes are `wurfel_app::mesh`'s
//! (made and checked there); this module has the flags and writes each file through the atomic
//! writer.

use crate::output::OutputPath;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use wurfel_app::mesh::{self, Format};
use wurfel_pack::Puzzle;
use wurfel_render::mesh::PrintOptions;
use wurfel_render::Scene;

/// `--unit`, `--gap`, `--bevel`: sizes of the printed pieces in millimetres.
#[derive(clap::Args, Debug, Clone, Copy)]
pub(crate) struct PrintArgs {
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
    pub(crate) fn options(&self) -> Result<PrintOptions> {
        Ok(mesh::options(self.unit, self.gap, self.bevel)?)
    }
}

/// Mesh file formats of `pieces --format`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MeshFormat {
    /// Binary STL, one file per piece.
    Stl,
    /// 3MF (a zip package with a coloured object), one file per piece.
    #[value(name = "3mf")]
    ThreeMf,
}

impl From<MeshFormat> for Format {
    fn from(f: MeshFormat) -> Format {
        match f {
            MeshFormat::Stl => Format::Stl,
            MeshFormat::ThreeMf => Format::ThreeMf,
        }
    }
}

/// A validated `--export FILE` of `solve`.
#[derive(Debug)]
pub(crate) struct SolutionExport {
    out: OutputPath,
    format: Format,
    opts: PrintOptions,
}

impl SolutionExport {
    /// Checks the path, its format and the sizes before any search.
    pub(crate) fn check(path: &Path, args: &PrintArgs) -> Result<SolutionExport> {
        let format = Format::of(path)?;
        let opts = args.options()?;
        Ok(SolutionExport {
            out: OutputPath::check(path)?,
            format,
            opts,
        })
    }

    /// Writes the assembled solution drawn by `scene` (pieces in place).
    pub(crate) fn write(&self, scene: &Scene) -> Result<()> {
        let meshes = mesh::solution(scene, self.format, &self.opts)?;
        self.out.write_all(&meshes.bytes)?;
        crate::note!(
            "{} pieces written to {}{}",
            meshes.pieces,
            self.out.shown().display(),
            if self.format == Format::Stl {
                " (STL has no colours: one mesh with a shell per piece)"
            } else {
                ""
            }
        );
        Ok(())
    }
}

/// Writes one file per piece kind of `puzzle` into `dir` (created if missing); returns the
/// files written with the copies to print, in the puzzle's order.
pub(crate) fn export_pieces(
    puzzle: &Puzzle,
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
    // Every mesh is made and checked, and every target checked, before the first write.
    let files = mesh::pieces(puzzle, format.into(), &opts)?;
    let targets = files
        .iter()
        .map(|f| OutputPath::check(&dir.join(&f.name)))
        .collect::<Result<Vec<_>>>()?;
    let mut written = Vec::new();
    for (file, out) in files.iter().zip(&targets) {
        out.write_all(&file.bytes)?;
        written.push((out.shown().to_path_buf(), file.count));
    }
    Ok(written)
}

/// `pieces --export FILE --plate`: every copy of every piece kind laid on a `size` mm plate in
/// one file (.3mf or .stl).
pub(crate) fn export_plate(
    puzzle: &Puzzle,
    path: &Path,
    size: f64,
    args: &PrintArgs,
) -> Result<()> {
    let format = Format::of(path)?;
    let opts = args.options()?;
    let out = OutputPath::check(path)?;
    let plate = mesh::plate(puzzle, format, &opts, size)?;
    out.write_all(&plate.bytes)?;
    crate::note!(
        "{} pieces on a {size} mm plate written to {}",
        plate.pieces,
        out.shown().display()
    );
    Ok(())
}
