//! Pictures of voxel solutions: SVG, PNG and a self-contained HTML viewer.
//!
//! The interface is puzzle-agnostic: a [`Scene`] is a list of labelled cell sets inside a
//! bounding box, so packings and folded snakes render through the same code.
//!
//! - [`render_svg`] draws one scene in one [`View`] as SVG text, written by this crate (no
//!   templates, no fonts needed by the drawing itself); output is deterministic.
//! - [`render_png`] rasterizes the same drawing with resvg; text is drawn from an embedded
//!   bitmap font, so no system fonts are needed.
//! - [`render_html`] writes one self-contained HTML file (no network) with an interactive
//!   viewer over all scenes: rotate, zoom, assemble piece by piece, explode, highlight or hide
//!   pieces, step through solutions, with the layered text beside it.
//! - [`render_file`] picks one of these by the file's extension.
//! - Two flat pictures share the drawing model: [`chart`] (bar charts of positions per
//!   distance) and [`cube_net`] (twisty cubes as unfolded nets, a row of them per solution).
//!
//! Static views draw only the faces between a filled and an empty cell that face the viewer,
//! back to front by cell depth; see [`voxel`] for why that order is exact. Edges between two
//! pieces are drawn thick, folds of a piece thin, and the grid inside a flat face faint; each
//! visible piece carries its label on a face nothing covers (names when short, else numbers,
//! which the legend then shows).
//!
//! A scene off the cube grid ([`Scene::lattice`]: BurrTools' rhombic or tetra-octa sub-voxels)
//! is drawn as the polyhedra its cells are ([`cells`]): the assembled, sides and pieces views
//! paint the faces of their union (`solids.rs`, `solid_views.rs`), the viewer gets each piece's
//! faces; the layers view and the assembly steps are made of cubes and refuse such scenes.
//!
//! Colours come from [`palette`]: Okabe–Ito and Paul Tol colours for up to 14 pieces (kept in
//! piece order, so a puzzle's pieces keep their colours across solutions), shades of them for
//! more, chosen so that touching pieces differ in hue. [`Options::colours`] overrides them.
//! A cell may have a colour of its own ([`ScenePiece::cell_colours`]: a BurrTools constraint
//! colour): every view and the viewer paint that cell in it, keeping the piece's outlines
//! (light ones on a dark colour) and label, so pieces are still told apart.
//!
//! Tests: `tests/snapshots.rs` compares SVG output with `insta` snapshots in
//! `tests/snapshots/` (`INSTA_UPDATE=always` rewrites them); `tests/browser.rs` drives the viewer
//! in headless Chromium through `browser-test/test.mjs` (playwright-core, installed by `npm ci`
//! on first run; under CI a missing browser fails the test); `examples/gallery.rs` writes every view of some demo scenes for looking at.

use std::collections::HashMap;
use std::path::Path;

pub mod cells;
pub mod chart;
pub mod cube_net;
#[doc(hidden)]
pub mod demo;
mod doc;
mod html;
mod layer_grids;
pub mod mesh;
pub mod palette;
mod raster;
mod solid_views;
mod solids;
mod steps;
mod vec3;
mod views;
pub mod voxel;

pub use palette::Rgb;

/// One labelled group of unit cubes (a piece of a packing, or a snake).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenePiece {
    /// Label shown in legends.
    pub name: String,
    /// The short text written on the piece (e.g. `T3` for the third copy of `T`); when any
    /// piece of a scene has none, names up to 3 characters or numbers are used
    /// ([`scene_labels`]).
    pub label: Option<String>,
    /// Cells `[x, y, z]`, `z` up.
    pub cells: Vec<[i32; 3]>,
    /// The colour the puzzle's author gave this piece (a puzzle file's `color`), if any; the
    /// others get automatic colours. [`Options::colours`] overrides both.
    pub colour: Option<Rgb>,
    /// The colour of each cell (parallel to `cells`) that shows something of its own, e.g. the
    /// display colour of a BurrTools constraint colour; `None` cells (and all, when the list
    /// is empty) are drawn in the piece's colour. Piece outlines and labels stay, so pieces
    /// are still told apart.
    pub cell_colours: Vec<Option<Rgb>>,
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
    /// A disassembly: every piece's offset (in legend order) in the assembled position and
    /// after each move; the HTML viewer animates them.
    pub moves: Option<Vec<Vec<[i32; 3]>>>,
    /// What the cells are: unit cubes, or the sub-voxels of another grid ([`cells::Lattice`]),
    /// drawn as the polyhedra they are.
    pub lattice: cells::Lattice,
    /// The colours cells have of their own ([`ScenePiece::cell_colours`]), named for the
    /// legend, which lists them after the pieces (a coloured puzzle's constraint colours:
    /// `colour 1`, ...); empty when none.
    pub colour_key: Vec<(String, Rgb)>,
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

impl View {
    /// All views, in CLI order.
    pub const ALL: [View; 4] = [View::Assembled, View::Pieces, View::Sides, View::Layers];

    /// The CLI name: `assembled`, `pieces`, `sides`, `layers`.
    pub fn name(self) -> &'static str {
        match self {
            View::Assembled => "assembled",
            View::Pieces => "pieces",
            View::Sides => "sides",
            View::Layers => "layers",
        }
    }
}

impl std::str::FromStr for View {
    type Err = String;

    fn from_str(s: &str) -> Result<View, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "assembled" | "iso" | "solution" => Ok(View::Assembled),
            "pieces" | "sheet" => Ok(View::Pieces),
            "sides" | "views" => Ok(View::Sides),
            "layers" => Ok(View::Layers),
            other => Err(format!(
                "unknown view `{other}`: use assembled, pieces, sides or layers"
            )),
        }
    }
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
    /// Not supported.
    #[error("{0}")]
    Unsupported(String),
    /// The scene or picture is too large.
    #[error("{0}")]
    TooLarge(String),
    /// Writing failed.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
}

/// Drawing options. `Options::default()` is what the CLI uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Piece colours by piece index; pieces beyond the list (or all, when empty) get
    /// automatic colours from [`palette`].
    pub colours: Vec<Rgb>,
    /// Rough size of the main drawing in px (default 480).
    pub size: f64,
    /// PNG pixels per SVG unit (default 1.5).
    pub png_scale: f64,
    /// A line the HTML viewer shows above the picture, e.g. that the page holds only some of
    /// the solutions (none by default).
    pub note: Option<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            colours: Vec::new(),
            size: 480.0,
            png_scale: 1.5,
            note: None,
        }
    }
}

/// Largest extent of a scene along any axis, in cells.
const MAX_EXTENT: i64 = 2000;
/// Largest number of cells in a scene.
const MAX_CELLS: usize = 2_000_000;

/// A scene checked and converted for drawing.
pub(crate) struct Prepared {
    pub title: String,
    pub names: Vec<String>,
    pub labels: Vec<String>,
    pub cells: Vec<Vec<[i64; 3]>>,
    pub colours: Vec<Rgb>,
    /// The cells with a colour of their own ([`ScenePiece::cell_colours`]), by (piece, cell).
    pub tints: HashMap<(usize, [i64; 3]), Rgb>,
    /// [`Scene::colour_key`].
    pub key: Vec<(String, Rgb)>,
    pub path: Option<Vec<[i64; 3]>>,
    pub lo: [i64; 3],
    pub hi: [i64; 3],
    pub lattice: cells::Lattice,
}

fn to64(c: &[i32; 3]) -> [i64; 3] {
    [c[0] as i64, c[1] as i64, c[2] as i64]
}

impl Prepared {
    /// The colour of `piece`'s `cell`: its own ([`ScenePiece::cell_colours`]), else the
    /// piece's.
    pub fn fill(&self, piece: usize, cell: [i64; 3]) -> Rgb {
        self.tint(piece, cell)
            .unwrap_or_else(|| self.colours.get(piece).copied().unwrap_or(views::GREY))
    }

    /// The colour of its own that `piece`'s `cell` has, if any.
    pub fn tint(&self, piece: usize, cell: [i64; 3]) -> Option<Rgb> {
        self.tints.get(&(piece, cell)).copied()
    }
}

/// The cells of `scene` with a colour of their own, by (piece, cell).
fn tints(scene: &Scene) -> HashMap<(usize, [i64; 3]), Rgb> {
    let mut out = HashMap::new();
    for (i, p) in scene.pieces.iter().enumerate() {
        for (c, t) in p.cells.iter().zip(&p.cell_colours) {
            if let Some(t) = t {
                out.insert((i, to64(c)), *t);
            }
        }
    }
    out
}

/// The colours the pieces of `scene` get: `opts.colours` first, then the pieces' own, then
/// automatic.
pub fn piece_colours(scene: &Scene, opts: &Options) -> Vec<Rgb> {
    let cells: Vec<Vec<[i64; 3]>> = scene
        .pieces
        .iter()
        .map(|p| p.cells.iter().map(to64).collect())
        .collect();
    let mut colours = palette::assign_colours(&cells);
    for (c, p) in colours.iter_mut().zip(&scene.pieces) {
        if let Some(own) = p.colour {
            *c = own;
        }
    }
    for (i, c) in opts.colours.iter().enumerate().take(colours.len()) {
        colours[i] = *c;
    }
    colours
}

fn prepare(scene: &Scene, opts: &Options) -> Result<Prepared, RenderError> {
    let cells: Vec<Vec<[i64; 3]>> = scene
        .pieces
        .iter()
        .map(|p| p.cells.iter().map(to64).collect())
        .collect();
    let path: Option<Vec<[i64; 3]>> = scene.path.as_ref().map(|p| p.iter().map(to64).collect());
    let total: usize =
        cells.iter().map(Vec::len).sum::<usize>() + path.as_ref().map_or(0, Vec::len);
    if total == 0 {
        return Err(RenderError::Empty);
    }
    if total > MAX_CELLS {
        return Err(RenderError::TooLarge(format!(
            "{total} cells are too many to draw (at most {MAX_CELLS})"
        )));
    }
    let (lo, hi) = voxel::bbox(cells.iter().flatten().chain(path.iter().flatten()))
        .ok_or(RenderError::Empty)?;
    if (0..3).any(|k| hi[k] - lo[k] + 1 > MAX_EXTENT) {
        return Err(RenderError::TooLarge(format!(
            "the scene spans {}×{}×{} cells; at most {MAX_EXTENT} along each axis can be drawn",
            hi[0] - lo[0] + 1,
            hi[1] - lo[1] + 1,
            hi[2] - lo[2] + 1
        )));
    }
    Ok(Prepared {
        title: scene.title.clone(),
        names: scene.pieces.iter().map(|p| p.name.clone()).collect(),
        labels: scene_labels(scene),
        colours: piece_colours(scene, opts),
        tints: tints(scene),
        key: scene.colour_key.clone(),
        cells,
        path,
        lo,
        hi,
        lattice: scene.lattice,
    })
}

fn layout(scene: &Scene, view: View, opts: &Options) -> Result<doc::Doc, RenderError> {
    let p = prepare(scene, opts)?;
    let size = if opts.size.is_finite() {
        opts.size.clamp(100.0, 4000.0)
    } else {
        480.0
    };
    if view == View::Layers {
        let (nx, ny, nz) = (
            p.hi[0] - p.lo[0] + 1,
            p.hi[1] - p.lo[1] + 1,
            p.hi[2] - p.lo[2] + 1,
        );
        if nx.saturating_mul(ny).saturating_mul(nz) > 1_000_000 {
            return Err(RenderError::TooLarge(
                "the layers view draws every cell of the bounding box: too many".into(),
            ));
        }
    }
    if p.lattice != cells::Lattice::Cubes {
        return match view {
            View::Assembled => solid_views::assembled(&p, size, false),
            View::Sides => solid_views::assembled(&p, size, true),
            View::Pieces => solid_views::pieces(&p, size),
            View::Layers => Err(not_cubes(p.lattice, "the layers view")),
        };
    }
    Ok(match view {
        View::Assembled => views::assembled(&p, size),
        View::Sides => views::sides(&p, size),
        View::Pieces => views::pieces(&p, size),
        View::Layers => layer_grids::layers(&p, size),
    })
}

/// The refusal of a drawing made of cubes only (`what`) for a scene on another lattice.
fn not_cubes(lattice: cells::Lattice, what: &str) -> RenderError {
    RenderError::Unsupported(format!(
        "{what} draws unit cubes: not available on the grid of {} (use the assembled, sides or \
         pieces view)",
        lattice.name()
    ))
}

/// Draws `scene` in `view` as an SVG document (deterministic: same input, same bytes).
pub fn render_svg(scene: &Scene, view: View, opts: &Options) -> Result<String, RenderError> {
    Ok(layout(scene, view, opts)?.to_svg(true))
}

/// Draws `scene` in `view` as a PNG image (rasterized with resvg; embedded font for text).
pub fn render_png(scene: &Scene, view: View, opts: &Options) -> Result<Vec<u8>, RenderError> {
    let d = layout(scene, view, opts)?;
    let (w, h, rgb) = raster::rasterize(&d, opts.png_scale)?;
    raster::encode_png(w, h, &rgb)
}

/// The scene prepared for assembly steps, which are drawn with cubes only.
fn prepare_steps(scene: &Scene, opts: &Options) -> Result<Prepared, RenderError> {
    let p = prepare(scene, opts)?;
    if p.lattice != cells::Lattice::Cubes {
        return Err(not_cubes(p.lattice, "the assembly steps picture"));
    }
    Ok(p)
}

/// Draws the assembly of `scene` step by step: one panel per entry of `order` (piece indices
/// of the scene, in building order), the piece added in each panel highlighted, with
/// `captions[k]` under panel `k`. SVG text, deterministic.
pub fn render_steps_svg(
    scene: &Scene,
    order: &[usize],
    captions: &[String],
    opts: &Options,
) -> Result<String, RenderError> {
    let p = prepare_steps(scene, opts)?;
    Ok(steps::steps(&p, order, captions, opts.size)?.to_svg(true))
}

/// [`render_steps_svg`] as a PNG image.
pub fn render_steps_png(
    scene: &Scene,
    order: &[usize],
    captions: &[String],
    opts: &Options,
) -> Result<Vec<u8>, RenderError> {
    let p = prepare_steps(scene, opts)?;
    let d = steps::steps(&p, order, captions, opts.size)?;
    let (w, h, rgb) = raster::rasterize(&d, opts.png_scale)?;
    raster::encode_png(w, h, &rgb)
}

/// Writes the interactive viewer for all `scenes` as one self-contained HTML document.
pub fn render_html(scenes: &[Scene], opts: &Options) -> Result<String, RenderError> {
    html::render(scenes, opts)
}

/// The labels written on the pieces of `scene`: their own labels when every piece has one, else
/// [`short_labels`] of their names.
pub fn scene_labels(scene: &Scene) -> Vec<String> {
    let own: Option<Vec<String>> = scene.pieces.iter().map(|p| p.label.clone()).collect();
    own.unwrap_or_else(|| {
        short_labels(
            &scene
                .pieces
                .iter()
                .map(|p| p.name.clone())
                .collect::<Vec<_>>(),
        )
    })
}

/// The labels written on pieces: their names when these are short (at most 3 characters,
/// spaces dropped if needed) and tell the pieces apart, else the numbers 1, 2, ….
pub fn short_labels(names: &[String]) -> Vec<String> {
    let short_unique = |names: Vec<String>| {
        let ok = names
            .iter()
            .all(|n| !n.is_empty() && n.chars().count() <= 3)
            && names
                .iter()
                .collect::<std::collections::BTreeSet<_>>()
                .len()
                == names.len();
        ok.then_some(names)
    };
    short_unique(names.to_vec())
        .or_else(|| {
            short_unique(
                names
                    .iter()
                    .map(|n| n.chars().filter(|c| !c.is_whitespace()).collect())
                    .collect(),
            )
        })
        .unwrap_or_else(|| (1..=names.len()).map(|i| i.to_string()).collect())
}

/// Largest bounding box (in cells) [`layered_text`] writes out; beyond it the text is empty.
const MAX_TEXT_CELLS: usize = 1 << 20;

/// The layered text of a scene, as every `wurfel` command prints solutions
/// ([`wurfel_geom::BoxGrid::layers_text`]): top layer first, rows `y = max` at the top, one
/// character per cell (the first character of the piece's name, `.` if empty), ending with a
/// newline. Empty when the scene has no cells or its bounding box is too large to print.
pub fn layered_text(scene: &Scene) -> String {
    let cells: Vec<[i64; 3]> = scene
        .pieces
        .iter()
        .flat_map(|p| p.cells.iter().map(to64))
        .collect();
    let Some((lo, hi)) = voxel::bbox(cells.iter()) else {
        return String::new();
    };
    if (0..3).any(|k| hi[k] - lo[k] >= MAX_EXTENT) {
        return String::new();
    }
    let dims = [0, 1, 2].map(|k| (hi[k] - lo[k] + 1) as usize);
    if dims.iter().product::<usize>() > MAX_TEXT_CELLS {
        return String::new();
    }
    let grid = wurfel_geom::BoxGrid::new(dims);
    let mut owner: Vec<Option<char>> = vec![None; grid.len()];
    for p in &scene.pieces {
        let ch = p
            .label
            .as_deref()
            .unwrap_or(&p.name)
            .chars()
            .next()
            .unwrap_or('#');
        for c in &p.cells {
            let c = to64(c);
            // In range: the extent check above keeps every offset below MAX_EXTENT.
            let rel = [0, 1, 2].map(|k| (c[k] - lo[k]) as i32);
            if let Some(i) = grid.index(rel) {
                owner[i].get_or_insert(ch);
            }
        }
    }
    grid.layers_text(|i| owner[i].map(String::from)) + "\n"
}

/// Renders `scenes` to `path`, choosing the format by extension (`.svg`, `.png`, `.html`).
/// Static formats draw the first scene; the HTML viewer includes all of them.
pub fn render_file(path: &Path, scenes: &[Scene], view: View) -> Result<(), RenderError> {
    render_file_with(path, scenes, view, &Options::default())
}

/// [`render_file`] with options.
pub fn render_file_with(
    path: &Path,
    scenes: &[Scene],
    view: View,
    opts: &Options,
) -> Result<(), RenderError> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase())
        .unwrap_or_default();
    let first = || scenes.first().ok_or(RenderError::Empty);
    let bytes: Vec<u8> = match ext.as_str() {
        "svg" => render_svg(first()?, view, opts)?.into_bytes(),
        "png" => render_png(first()?, view, opts)?,
        "html" | "htm" => render_html(scenes, opts)?.into_bytes(),
        _ => return Err(RenderError::UnknownFormat(path.display().to_string())),
    };
    std::fs::write(path, bytes).map_err(|source| RenderError::Io {
        path: path.display().to_string(),
        source,
    })
}
