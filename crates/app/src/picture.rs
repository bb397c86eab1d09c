//! Pictures of packing puzzles: `solve --render`/`--steps`, `pieces --render` and the web app's
//! viewer pages (`/api/v1/view/*`). The format is chosen by the output's name; the bytes are
//! made here, once for both front ends, and the front end writes or sends them.

use crate::error::{chain, AppError};
use std::path::Path;
use wurfel_pack::{Listed, Prepared};
use wurfel_present::numbers::fmt_int;
use wurfel_present::scene::{disassembly_frames, solution_scene};
use wurfel_render::{render_html, render_png, render_svg, Options, Scene, View};

/// Solutions a viewer page holds (static pictures show the first).
pub const HTML_SOLUTIONS: usize = 200;

/// A picture's file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
    /// The self-contained interactive viewer.
    Html,
}

/// The lower-case extension of `path` ("" when it has none).
pub(crate) fn extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default()
}

impl Format {
    /// The format named by `path`'s extension.
    pub fn of(path: &Path) -> Result<Format, AppError> {
        match extension(path).as_str() {
            "svg" => Ok(Format::Svg),
            "png" => Ok(Format::Png),
            "html" | "htm" => Ok(Format::Html),
            _ => Err(AppError::input(format!(
                "cannot tell the picture format of {}: use .svg, .png or .html",
                path.display()
            ))),
        }
    }

    /// How many scenes a picture of this format shows.
    pub fn capacity(self) -> usize {
        if self == Format::Html {
            HTML_SOLUTIONS
        } else {
            1
        }
    }
}

/// A picture made: its bytes, and whether a viewer page holds fewer solutions than were found
/// (`Some((held, found))`; the page says so too).
pub struct Drawn {
    pub bytes: Vec<u8>,
    pub truncated: Option<(u64, u64)>,
}

/// `scenes` drawn as `format` (static formats: the first, seen as `view`; the viewer page
/// every one, the first of `found` solutions): `--render` and the web app's viewer pages.
pub fn draw(scenes: &[Scene], format: Format, view: View, found: u64) -> Result<Drawn, AppError> {
    let Some(first) = scenes.first() else {
        return Err(AppError::input("no solution to draw"));
    };
    let mut opts = Options::default();
    let held = scenes.len() as u64;
    let truncated = (format == Format::Html && found > held).then_some((held, found));
    if let Some((held, found)) = truncated {
        let (held, found) = (fmt_int(held), fmt_int(found));
        opts.note = Some(format!(
            "This page holds the first {held} of the {found} solutions found (a viewer page \
             keeps at most {HTML_SOLUTIONS}); the full list is in wurfel's text or JSON output."
        ));
    }
    let bytes = match format {
        Format::Svg => render_svg(first, view, &opts).map(String::into_bytes),
        Format::Png => render_png(first, view, &opts),
        Format::Html => render_html(scenes, &opts).map(String::into_bytes),
    }
    .map_err(|e| AppError::input(chain(&e)))?;
    Ok(Drawn { bytes, truncated })
}

/// A scene per listed solution, with its disassembly's frames when it has a separation.
pub fn solution_scenes(prep: &Prepared, listed: &[Listed]) -> Vec<Scene> {
    listed
        .iter()
        .enumerate()
        .map(|(i, (s, sep))| {
            let mut scene = solution_scene(prep, s, i);
            if let Some(sep) = sep {
                scene.moves = Some(disassembly_frames(prep, s, sep));
            }
            scene
        })
        .collect()
}

/// How to build `solution`, one piece added per panel (`png`, else SVG): the reversed
/// disassembly plan when `sep` is given, else a greedy bottom-up order (each piece lowered
/// from above, or slid in, where it can be).
pub fn steps(
    prep: &Prepared,
    solution: &[u32],
    sep: Option<&wurfel_pack::disassembly::Separation>,
    png: bool,
) -> Result<Vec<u8>, AppError> {
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
    if png {
        wurfel_render::render_steps_png(&scene, &index, &captions, &opts)
    } else {
        wurfel_render::render_steps_svg(&scene, &index, &captions, &opts).map(String::into_bytes)
    }
    .map_err(|e| AppError::input(chain(&e)))
}
