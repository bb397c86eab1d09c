//! Pictures: the `--render` output of `solve`, `pieces` and `snake solve`.
//!
//! [`Picture::check`] validates the path and its format before any search; [`Picture::draw`]
//! renders and writes through the atomic writer.

use crate::args::ViewArg;
use crate::output::OutputPath;
use anyhow::{bail, Context, Result};
use std::path::Path;
use wurfel_render::{render_html, render_png, render_svg, Options, Scene, View};

// The scenes are the presentation layer's (the web app shows the same ones).
pub use wurfel_present::scene::{disassembly_frames, pieces_scene, solution_scene};

/// Solutions kept for the interactive viewer (static pictures show the first).
const HTML_SOLUTIONS: usize = 200;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
    Html,
}

/// A validated `--render` target.
#[derive(Debug)]
pub struct Picture {
    format: Format,
    out: OutputPath,
}

impl Picture {
    /// Checks the format (by extension) and that the path can be written.
    pub fn check(path: &Path) -> Result<Picture> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .unwrap_or_default();
        let format = match ext.as_str() {
            "svg" => Format::Svg,
            "png" => Format::Png,
            "html" | "htm" => Format::Html,
            _ => bail!(
                "cannot tell the picture format of {}: use .svg, .png or .html",
                path.display()
            ),
        };
        Ok(Picture {
            format,
            out: OutputPath::check(path)?,
        })
    }

    /// How many scenes the picture can show.
    pub fn capacity(&self) -> usize {
        if self.format == Format::Html {
            HTML_SOLUTIONS
        } else {
            1
        }
    }

    /// Renders `scenes` (static formats: the first) and writes the file.
    pub fn draw(&self, scenes: &[Scene], view: View) -> Result<()> {
        let shown = self.out.shown().display();
        let Some(first) = scenes.first() else {
            bail!("no solution to draw to {shown}");
        };
        let opts = Options::default();
        let bytes = match self.format {
            Format::Svg => render_svg(first, view, &opts).map(String::into_bytes),
            Format::Png => render_png(first, view, &opts),
            Format::Html => render_html(scenes, &opts).map(String::into_bytes),
        }
        .with_context(|| format!("cannot draw {shown}"))?;
        self.out.write_all(&bytes)?;
        crate::note!("picture written to {shown}");
        Ok(())
    }
}

/// The renderer's view for `--view`.
pub fn view(v: ViewArg) -> View {
    match v {
        ViewArg::Assembled => View::Assembled,
        ViewArg::Pieces => View::Pieces,
        ViewArg::Sides => View::Sides,
        ViewArg::Layers => View::Layers,
    }
}
