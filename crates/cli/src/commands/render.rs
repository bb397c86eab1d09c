//! Turning packing solutions into pictures through `wurfel-render`.

use crate::commands::pack::ViewArg;
use anyhow::{Context, Result};
use std::path::Path;
use wurfel_pack::{Prepared, Puzzle};
use wurfel_render::{render_file, Scene, ScenePiece, View};

fn view(v: ViewArg) -> View {
    match v {
        ViewArg::Assembled => View::Assembled,
        ViewArg::Pieces => View::Pieces,
        ViewArg::Sides => View::Sides,
        ViewArg::Layers => View::Layers,
    }
}

/// A scene for one solution; copies of a piece are numbered so each has its own legend entry.
pub fn scene(prep: &Prepared, solution: &[u32], index: usize) -> Scene {
    let kinds = &prep.puzzle.pieces;
    let mut copy = vec![0u32; kinds.len()];
    let pieces = prep
        .pieces_of(solution)
        .into_iter()
        .map(|p| {
            let k = p.kind as usize;
            copy[k] += 1;
            let name = if kinds[k].count > 1 {
                format!("{} {}", kinds[k].name, copy[k])
            } else {
                kinds[k].name.clone()
            };
            ScenePiece {
                name,
                cells: p.cells,
            }
        })
        .collect();
    Scene {
        title: format!("{} — solution {}", prep.puzzle.name, index + 1),
        pieces,
        path: None,
        text: Some(prep.layers_text(solution)),
    }
}

/// Renders solutions to `path` (static formats show the first).
pub fn solutions(prep: &Prepared, sols: &[Vec<u32>], path: &Path, v: ViewArg) -> Result<()> {
    if sols.is_empty() {
        anyhow::bail!("no solution to draw");
    }
    let scenes: Vec<Scene> = sols
        .iter()
        .enumerate()
        .map(|(i, s)| scene(prep, s, i))
        .collect();
    render_file(path, &scenes, view(v)).with_context(|| format!("cannot draw {}", path.display()))
}

/// Renders the pieces of a puzzle side by side, each in its first orientation.
pub fn pieces(puzzle: &Puzzle, path: &Path) -> Result<()> {
    let mut x0 = 0;
    let mut pieces = Vec::new();
    for p in &puzzle.pieces {
        let s = p.shape.normalized();
        let d = s.dims();
        pieces.push(ScenePiece {
            name: if p.count > 1 {
                format!("{} ×{}", p.name, p.count)
            } else {
                p.name.clone()
            },
            cells: s.cells().iter().map(|c| [c[0] + x0, c[1], c[2]]).collect(),
        });
        x0 += d[0] + 1;
    }
    let scene = Scene {
        title: format!("{} — pieces", puzzle.name),
        pieces,
        path: None,
        text: None,
    };
    render_file(path, &[scene], View::Assembled)
        .with_context(|| format!("cannot draw {}", path.display()))
}
