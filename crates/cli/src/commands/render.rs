//! Pictures: the `--render` output of `solve`, `pieces` and `snake solve`.
//!
//! [`Picture::check`] validates the path and its format before any search; [`Picture::draw`]
//! renders and writes through the atomic writer.

use crate::args::ViewArg;
use crate::output::{fmt_int, OutputPath};
use anyhow::{bail, Context, Result};
use std::path::Path;
use wurfel_pack::Prepared;
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
        self.draw_of(scenes, view, scenes.len() as u64)
    }

    /// [`Picture::draw`] for `scenes`, the first of `found` solutions: a viewer page that
    /// cannot hold them all says so on the page, and a warning says so on standard error.
    pub fn draw_of(&self, scenes: &[Scene], view: View, found: u64) -> Result<()> {
        let shown = self.out.shown().display();
        let Some(first) = scenes.first() else {
            bail!("no solution to draw to {shown}");
        };
        let mut opts = Options::default();
        let held = scenes.len() as u64;
        if self.format == Format::Html && found > held {
            let (held, found) = (fmt_int(held), fmt_int(found));
            opts.note = Some(format!(
                "This page holds the first {held} of the {found} solutions found (a viewer page \
                 keeps at most {HTML_SOLUTIONS}); the full list is in wurfel's text or JSON output."
            ));
            crate::note!(
                "warning: {shown} holds only the first {held} of the {found} solutions (a viewer \
                 page keeps at most {HTML_SOLUTIONS}); the page says so"
            );
        }
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

/// A validated `--steps` target: the assembly drawn one piece per panel (.svg or .png).
#[derive(Debug)]
pub struct StepsPicture {
    png: bool,
    out: OutputPath,
}

impl StepsPicture {
    /// Checks the format (by extension) and that the path can be written.
    pub fn check(path: &Path) -> Result<StepsPicture> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .unwrap_or_default();
        let png = match ext.as_str() {
            "svg" => false,
            "png" => true,
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

    /// Draws how to build `solution`: the reversed disassembly plan when `sep` is given, else a
    /// greedy bottom-up order (each piece lowered from above, or slid in, where it can be).
    pub fn draw(
        &self,
        prep: &Prepared,
        solution: &[u32],
        sep: Option<&wurfel_pack::disassembly::Separation>,
    ) -> Result<()> {
        use wurfel_pack::assembly::{greedy_order, reversed_plan, Insert};
        let mut scene = solution_scene(prep, solution, 0);
        scene.title = format!("{} — how to build solution 1", prep.puzzle.name);
        let cells: Vec<Vec<[i32; 3]>> = scene.pieces.iter().map(|p| p.cells.clone()).collect();
        let order: Vec<(usize, Insert)> = match sep {
            Some(sep) => reversed_plan(sep),
            None => greedy_order(&cells),
        };
        let captions: Vec<String> = order
            .iter()
            .enumerate()
            .map(|(k, (i, how))| {
                let p = &scene.pieces[*i];
                let label = p.label.clone().unwrap_or_default();
                let name = if p.name == label {
                    String::new()
                } else {
                    format!(" {}", p.name)
                };
                format!("{}. {label}{name}: {}", k + 1, how.describe())
            })
            .collect();
        let index: Vec<usize> = order.iter().map(|o| o.0).collect();
        let opts = Options::default();
        let shown = self.out.shown().display();
        let bytes = if self.png {
            wurfel_render::render_steps_png(&scene, &index, &captions, &opts)
        } else {
            wurfel_render::render_steps_svg(&scene, &index, &captions, &opts)
                .map(String::into_bytes)
        }
        .with_context(|| format!("cannot draw {shown}"))?;
        self.out.write_all(&bytes)?;
        crate::note!("assembly steps written to {shown}");
        Ok(())
    }
}
