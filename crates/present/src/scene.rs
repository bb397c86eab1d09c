//! The 3D viewer's scenes: packing solutions (with their disassembly), a puzzle's pieces, snake
//! foldings. `wurfel_render` draws them (SVG, PNG, the HTML viewer); the CLI's `--render` and
//! the web app show the same scenes.

use wurfel_pack::disassembly::Separation;
use wurfel_pack::Piece;
use wurfel_pack::{Prepared, Puzzle};
use wurfel_render::{Rgb, Scene, ScenePiece};
use wurfel_snake::{Folding, Problem};

/// The colour a puzzle file gives `piece` (`color = "#rrggbb"`, checked when the file is read).
fn own_colour(piece: &Piece) -> Option<Rgb> {
    piece.color.as_deref().and_then(Rgb::parse)
}

/// Every piece's offset (in [`Prepared::pieces_of`] order) in the assembled position and after
/// each move of `sep`. A group that slides out goes twice the assembly's extent along that
/// axis: clear of the rest, still in the picture.
pub fn disassembly_frames(
    prep: &Prepared,
    solution: &[u32],
    sep: &Separation,
) -> Vec<Vec<[i32; 3]>> {
    let pieces = prep.pieces_of(solution);
    let mut lo = [i32::MAX; 3];
    let mut hi = [i32::MIN; 3];
    for c in pieces.iter().flat_map(|p| &p.cells) {
        for k in 0..3 {
            lo[k] = lo[k].min(c[k]);
            hi[k] = hi[k].max(c[k]);
        }
    }
    let mut at = vec![[0; 3]; pieces.len()];
    let mut frames = vec![at.clone()];
    for step in sep.plan() {
        let axis = step.direction.axis();
        let far = 2 * (hi[axis] - lo[axis] + 1);
        let by = step
            .direction
            .offset(step.distance.map_or(far, |d| d as i32));
        for &p in &step.pieces {
            for k in 0..3 {
                at[p][k] += by[k];
            }
        }
        frames.push(at.clone());
    }
    frames
}

/// A scene for one packing solution; copies of a piece are numbered (`T1`, `T2`, ...), the same
/// labels as the text layers, so each has its own legend entry.
pub fn solution_scene(prep: &Prepared, solution: &[u32], index: usize) -> Scene {
    let labels = prep.instance_labels(solution);
    let pieces = prep
        .pieces_of(solution)
        .into_iter()
        .zip(labels)
        .map(|(p, label)| {
            let piece = &prep.puzzle.pieces[p.kind as usize];
            ScenePiece {
                name: piece.name.clone(),
                label: Some(label),
                cells: p.cells,
                // Copies of a piece need colours that tell them apart: those stay automatic.
                colour: own_colour(piece).filter(|_| piece.count == 1),
            }
        })
        .collect();
    Scene {
        title: format!("{} — solution {}", prep.puzzle.name, index + 1),
        pieces,
        path: None,
        text: Some(prep.layers_text(solution)),
        moves: None,
    }
}

/// The pieces of a puzzle side by side, each in its first orientation (drawn with
/// [`View::Pieces`](wurfel_render::View::Pieces): one tile each, so they never overlap).
pub fn pieces_scene(puzzle: &Puzzle) -> Scene {
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
            label: Some(p.symbol.to_string()),
            cells: s.cells().iter().map(|c| [c[0] + x0, c[1], c[2]]).collect(),
            colour: own_colour(p),
        });
        x0 += d[0] + 1;
    }
    Scene {
        title: format!("{} — pieces", puzzle.name),
        pieces,
        path: None,
        text: None,
        moves: None,
    }
}

/// A picture of one folding of `problem` (`name`: its catalog id, if it is a built-in snake):
/// each segment is a piece (a corner cube belongs to the segment it ends, so the pieces
/// partition the box), and the path is the visiting order.
pub fn snake_scene(name: Option<&str>, problem: &Problem, f: &Folding, index: usize) -> Scene {
    let chain = problem.chain();
    let cells = f.cells();
    let segs = chain.segments();
    let mut pieces = Vec::with_capacity(segs.len());
    let mut start = 0usize;
    for (k, &len) in segs.iter().enumerate() {
        let end = start + len as usize - 1;
        let from = if k == 0 { start } else { start + 1 };
        pieces.push(ScenePiece {
            // The renderer numbers legend entries itself, so the number is not repeated.
            name: format!("segment of {len}"),
            label: None,
            cells: cells[from..=end].to_vec(),
            colour: None,
        });
        start = end;
    }
    Scene {
        title: format!(
            "{} ({}) — solution {}",
            // Titles are drawn on one line: a long chain goes into the text instead.
            name.map_or_else(
                || format!("snake of {} segments", segs.len()),
                str::to_string
            ),
            problem.board(),
            index + 1
        ),
        pieces,
        path: Some(cells.to_vec()),
        text: Some(format!(
            "chain {} ({})\nmoves {}\n{}",
            chain,
            chain.letters(),
            f.segment_moves(),
            f.layers()
        )),
        moves: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wurfel_pack::{parse_puzzle, Convention};

    /// A puzzle file's colours reach the pictures: a single piece keeps its own, copies of a
    /// piece (which must be told apart) and uncoloured pieces get automatic ones.
    #[test]
    fn pieces_keep_the_colours_their_file_gives_them() {
        let text = r##"
            name = "colours"
            [target]
            box = [2, 2, 1]
            [[piece]]
            name = "bar"
            color = "#123456"
            cells = [[0, 0, 0], [1, 0, 0]]
            [[piece]]
            name = "cube"
            count = 2
            color = "#abcdef"
            cells = [[0, 0, 0]]
        "##;
        let puzzle = parse_puzzle(text, "colours.toml").unwrap();
        let prep = Prepared::new(&puzzle).unwrap();
        let solution = &prep.solutions(Convention::Raw, 1, 1)[0];
        let scene = solution_scene(&prep, solution, 0);
        let own: Vec<Option<Rgb>> = scene.pieces.iter().map(|p| p.colour).collect();
        assert_eq!(own, [Some(Rgb(0x12, 0x34, 0x56)), None, None]);
        let drawn = wurfel_render::piece_colours(&scene, &wurfel_render::Options::default());
        assert_eq!(drawn[0], Rgb(0x12, 0x34, 0x56));
        assert_ne!(drawn[1], drawn[2], "copies are told apart");

        let pieces = pieces_scene(&puzzle);
        let own: Vec<Option<Rgb>> = pieces.pieces.iter().map(|p| p.colour).collect();
        assert_eq!(
            own,
            [Some(Rgb(0x12, 0x34, 0x56)), Some(Rgb(0xab, 0xcd, 0xef))]
        );
    }
}
