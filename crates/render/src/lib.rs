//! Pictures of voxel solutions: SVG, PNG and a self-contained HTML viewer.
//!
//! The interface is puzzle-agnostic: a [`Scene`] is a list of labelled cell sets inside a
//! bounding box, so packings and folded snakes render through the same code.

use std::path::Path;

/// One labelled group of unit cubes (a piece of a packing, or a snake).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenePiece {
    /// Label shown in legends.
    pub name: String,
    /// Cells `[x, y, z]`, `z` up.
    pub cells: Vec<[i32; 3]>,
}

/// A solved puzzle to draw.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Scene {
    /// Title (puzzle name and solution number).
    pub title: String,
    /// The pieces, in legend order.
    pub pieces: Vec<ScenePiece>,
    /// For chains: the cells in the order the chain visits them (drawn as a path).
    pub path: Option<Vec<[i32; 3]>>,
    /// The layered text form, shown beside the HTML viewer.
    pub text: Option<String>,
}

/// What to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum View {
    /// The assembled solution, isometric.
    #[default]
    Assembled,
    /// Each piece alone inside a ghost of the target.
    Pieces,
    /// Front/top/right and back/bottom/left.
    Sides,
    /// One square grid per layer.
    Layers,
}

/// Errors while rendering or writing.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The output extension is not one of svg, png, html.
    #[error("cannot tell the picture format from `{0}`: use .svg, .png or .html")]
    UnknownFormat(String),
    /// Nothing to draw.
    #[error("nothing to draw")]
    Empty,
    /// Not built yet.
    #[error("{0}")]
    Unsupported(String),
    /// Writing failed.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
}

/// Renders `scenes` to `path`, choosing the format by extension (`.svg`, `.png`, `.html`).
/// Static formats draw the first scene; the HTML viewer includes all of them.
pub fn render_file(path: &Path, scenes: &[Scene], view: View) -> Result<(), RenderError> {
    let _ = (path, scenes, view);
    Err(RenderError::Unsupported(
        "rendering is not implemented yet".into(),
    ))
}
