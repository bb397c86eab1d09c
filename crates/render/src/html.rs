//! The self-contained HTML viewer: `assets/viewer.html` with the scenes injected as JSON.

use crate::cells::Lattice;
use crate::solids::Solids;
use crate::voxel::EdgeKind;
use crate::{
    layered_text, piece_colours, scene_labels, Options, RenderError, Rgb, Scene, ScenePiece,
};
use serde::Serialize;
use std::collections::HashMap;

const TEMPLATE: &str = include_str!("../assets/viewer.html");
const PLACEHOLDER: &str = "/*WURFEL_DATA*/";

#[derive(Serialize)]
struct JsPiece<'a> {
    name: &'a str,
    label: String,
    colour: String,
    cells: &'a [[i32; 3]],
    /// The colour of each cell that has one of its own (parallel to `cells`, `null` for the
    /// others; absent when none has): a constraint colour's display colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    tints: Option<Vec<Option<String>>>,
    /// Off the cube grid: the piece's surface, which the viewer draws instead of cubes.
    #[serde(skip_serializing_if = "Option::is_none")]
    faces: Option<Vec<JsFace>>,
}

/// A face of a piece's surface in space units: corners, unit outward normal, the centre of its
/// cell (painter's order) and whether each edge is drawn (a fold, not a seam inside a plane).
#[derive(Serialize)]
struct JsFace {
    p: Vec<[f64; 3]>,
    n: [f64; 3],
    c: [f64; 3],
    e: Vec<u8>,
    /// The colour of its cell's own, if it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    t: Option<String>,
}

/// The surface of one piece's cells on a lattice other than cubes.
fn faces(lattice: Lattice, piece: &ScenePiece) -> Result<Option<Vec<JsFace>>, RenderError> {
    if lattice == Lattice::Cubes {
        return Ok(None);
    }
    let wide: Vec<[i64; 3]> = piece.cells.iter().map(|c| c.map(i64::from)).collect();
    let tint: HashMap<[i64; 3], Rgb> = wide
        .iter()
        .zip(&piece.cell_colours)
        .filter_map(|(c, t)| Some((*c, (*t)?)))
        .collect();
    let solids = Solids::new(lattice, &[(0, &wide)])?;
    let round = |p: [f64; 3]| p.map(|v| (v * 1e6).round() / 1e6);
    Ok(Some(
        solids
            .faces
            .into_iter()
            .map(|f| JsFace {
                p: f.corners.into_iter().map(round).collect(),
                n: round(f.normal),
                c: round(f.cell_centre),
                e: f.edges
                    .iter()
                    .map(|&k| u8::from(k != EdgeKind::Inner))
                    .collect(),
                t: tint.get(&f.cell).map(Rgb::to_string),
            })
            .collect(),
    ))
}

#[derive(Serialize)]
struct JsScene<'a> {
    title: &'a str,
    text: String,
    /// Loose pieces (no layers text of a solution, no chain, no moves: a puzzle's pieces, a
    /// designer's shape): the viewer shows no assemble, play or explode controls for them.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    loose: bool,
    pieces: Vec<JsPiece<'a>>,
    /// Off the cube grid: its pieces carry `faces` (no layers, no steps).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    solid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<&'a [[i32; 3]]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<&'a [Vec<[i32; 3]>]>,
    /// [`Scene::colour_key`]: `[name, "#rrggbb"]` pairs, shown beside the switch that turns the
    /// cells' own colours on and off.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    key: Vec<(&'a str, String)>,
}

#[derive(Serialize)]
struct JsData<'a> {
    scenes: Vec<JsScene<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'a str>,
}

/// The JSON embedded in the page (escaped so it cannot close the script element).
pub fn scene_json(scenes: &[Scene], opts: &Options) -> Result<String, RenderError> {
    let data = JsData {
        scenes: scenes
            .iter()
            .map(|s| {
                let colours = piece_colours(s, opts);
                let labels = scene_labels(s);
                let solid = s.lattice != Lattice::Cubes;
                Ok(JsScene {
                    title: &s.title,
                    text: match (&s.text, solid) {
                        (Some(t), _) => t.clone(),
                        (None, false) => layered_text(s),
                        (None, true) => String::new(),
                    },
                    loose: s.text.is_none() && s.path.is_none() && s.moves.is_none(),
                    pieces: s
                        .pieces
                        .iter()
                        .zip(colours)
                        .zip(labels)
                        .map(|((p, c), label)| {
                            Ok(JsPiece {
                                name: &p.name,
                                label,
                                colour: c.to_string(),
                                cells: &p.cells,
                                tints: p.cell_colours.iter().any(Option::is_some).then(|| {
                                    p.cell_colours
                                        .iter()
                                        .map(|t| t.map(|t| t.to_string()))
                                        .collect()
                                }),
                                faces: faces(s.lattice, p)?,
                            })
                        })
                        .collect::<Result<_, RenderError>>()?,
                    solid,
                    path: s.path.as_deref(),
                    moves: s.moves.as_deref(),
                    key: s
                        .colour_key
                        .iter()
                        .map(|(n, c)| (n.as_str(), c.to_string()))
                        .collect(),
                })
            })
            .collect::<Result<_, RenderError>>()?,
        note: opts.note.as_deref(),
    };
    let json = serde_json::to_string(&data)
        .map_err(|e| RenderError::Unsupported(format!("cannot encode scenes: {e}")))?;
    Ok(json
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029"))
}

/// The whole page.
pub fn render(scenes: &[Scene], opts: &Options) -> Result<String, RenderError> {
    if scenes.is_empty() {
        return Err(RenderError::Empty);
    }
    let json = scene_json(scenes, opts)?;
    Ok(TEMPLATE.replacen(PLACEHOLDER, &json, 1))
}
