//! The self-contained HTML viewer: `assets/viewer.html` with the scenes injected as JSON.

use crate::{layered_text, piece_colours, scene_labels, Options, RenderError, Scene};
use serde::Serialize;

const TEMPLATE: &str = include_str!("../assets/viewer.html");
const PLACEHOLDER: &str = "/*WURFEL_DATA*/";

#[derive(Serialize)]
struct JsPiece<'a> {
    name: &'a str,
    label: String,
    colour: String,
    cells: &'a [[i32; 3]],
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
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<&'a [[i32; 3]]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<&'a [Vec<[i32; 3]>]>,
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
                JsScene {
                    title: &s.title,
                    text: s.text.clone().unwrap_or_else(|| layered_text(s)),
                    loose: s.text.is_none() && s.path.is_none() && s.moves.is_none(),
                    pieces: s
                        .pieces
                        .iter()
                        .zip(colours)
                        .zip(labels)
                        .map(|((p, c), label)| JsPiece {
                            name: &p.name,
                            label,
                            colour: c.to_string(),
                            cells: &p.cells,
                        })
                        .collect(),
                    path: s.path.as_deref(),
                    moves: s.moves.as_deref(),
                }
            })
            .collect(),
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
