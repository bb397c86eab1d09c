//! Pictures: the `--render` output of `solve`, `pieces` and `snake solve`, and `solve --steps`.
//! The bytes are `wurfel_app::picture`'s (the web app's viewer pages come from there too);
//! [`Picture::check`] validates the path and its format before any search, and the picture is
//! written through the atomic writer.

use crate::args::ViewArg;
use crate::output::{fmt_int, OutputPath};
use anyhow::{bail, Context, Result};
use std::path::Path;
use wurfel_app::picture::{self, Format, HTML_SOLUTIONS};
use wurfel_pack::disassembly::Separation;
use wurfel_pack::Prepared;
use wurfel_render::{Scene, View};

// The scenes are the presentation layer's (the web app shows the same ones).
pub(crate) use wurfel_present::scene::{pieces_scene, solution_scene};

/// A validated `--render` target.
#[derive(Debug)]
pub(crate) struct Picture {
    format: Format,
    out: OutputPath,
}

impl Picture {
    /// Checks the format (by extension) and that the path can be written.
    pub(crate) fn check(path: &Path) -> Result<Picture> {
        Ok(Picture {
            format: Format::of(path)?,
            out: OutputPath::check(path)?,
        })
    }

    /// How many scenes the picture can show.
    pub(crate) fn capacity(&self) -> usize {
        self.format.capacity()
    }

    /// Renders `scenes` (static formats: the first) and writes the file.
    pub(crate) fn draw(&self, scenes: &[Scene], view: View) -> Result<()> {
        self.draw_of(scenes, view, scenes.len() as u64)
    }

    /// [`Picture::draw`] for `scenes`, the first of `found` solutions: a viewer page that
    /// cannot hold them all says so on the page, and a warning says so on standard error.
    pub(crate) fn draw_of(&self, scenes: &[Scene], view: View, found: u64) -> Result<()> {
        let shown = self.out.shown().display();
        if scenes.is_empty() {
            bail!("no solution to draw to {shown}");
        }
        let drawn = picture::draw(scenes, self.format, view, found)
            .with_context(|| format!("cannot draw {shown}"))?;
        if let Some((held, found)) = drawn.truncated {
            let (held, found) = (fmt_int(held), fmt_int(found));
            crate::note!(
                "warning: {shown} holds only the first {held} of the {found} solutions (a viewer \
                 page keeps at most {HTML_SOLUTIONS}); the page says so"
            );
        }
        self.out.write_all(&drawn.bytes)?;
        crate::note!("picture written to {shown}");
        Ok(())
    }
}

/// The renderer's view for `--view`.
pub(crate) fn view(v: ViewArg) -> View {
    match v {
        ViewArg::Assembled => View::Assembled,
        ViewArg::Pieces => View::Pieces,
        ViewArg::Sides => View::Sides,
        ViewArg::Layers => View::Layers,
    }
}

/// A validated `--steps` target: the assembly drawn one piece per panel (.svg or .png).
#[derive(Debug)]
pub(crate) struct StepsPicture {
    png: bool,
    out: OutputPath,
}

impl StepsPicture {
    /// Checks the format (by extension) and that the path can be written.
    pub(crate) fn check(path: &Path) -> Result<StepsPicture> {
        let png = match Format::of(path) {
            Ok(Format::Svg) => false,
            Ok(Format::Png) => true,
            _ => bail!(
                "cannot tell the picture format of {}: use .svg or .png for --steps",
                path.display()
            ),
        };
        Ok(StepsPicture {
            png,
            out: OutputPath::check(path)?,
        })
    }

    /// Draws how to build `solution` (`wurfel_app::picture::steps`).
    pub(crate) fn draw(
        &self,
        prep: &Prepared,
        solution: &[u32],
        sep: Option<&Separation>,
    ) -> Result<()> {
        let shown = self.out.shown().display();
        let bytes = picture::steps(prep, solution, sep, self.png)
            .with_context(|| format!("cannot draw {shown}"))?;
        self.out.write_all(&bytes)?;
        crate::note!("assembly steps written to {shown}");
        Ok(())
    }
}
