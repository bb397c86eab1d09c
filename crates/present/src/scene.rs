//! The 3D viewer's scenes: packing solutions (with their disassembly), a puzzle's pieces, snake
//! foldings. `wurfel_render` draws them (SVG, PNG, the HTML viewer); the CLI's `--render` and
//! the web app show the same scenes.

use wurfel_geom::Shape;
use wurfel_pack::disassembly::Separation;
use wurfel_pack::grid::Grid;
use wurfel_pack::Piece;
use wurfel_pack::{Prepared, Puzzle};
use wurfel_render::cells::Lattice;
use wurfel_render::mesh::plate::PlatePiece;
use wurfel_render::palette::{palette, shade, BASE, SHADES};
use wurfel_render::{Rgb, Scene, ScenePiece};
use wurfel_snake::{Folding, Problem};

/// What a cell of `grid` is drawn as: the one place a grid of the puzzle model meets the
/// drawing code's lattices (a new grid is one arm here).
pub fn lattice(grid: Grid) -> Lattice {
    match grid {
        Grid::Cubes => Lattice::Cubes,
        Grid::RhombicDodecahedra => Lattice::RhombicDodecahedra,
        Grid::TetrahedraOctahedra => Lattice::TetraOcta,
        Grid::TriangularPrisms => Lattice::TriangularPrisms,
        Grid::Spheres => Lattice::Spheres,
    }
}

/// `shape` moved so its lowest corner is as near the origin as a translation of `lattice`
/// allows (whole periods: its cells stay cells of the lattice).
pub fn at_origin(shape: &Shape, lattice: Lattice) -> Shape {
    let p = lattice.period();
    let lo = [0, 1, 2].map(|k| shape.cells().iter().map(|c| c[k]).min().unwrap_or(0));
    shape.translated(lo.map(|v| -p * v.div_euclid(p)))
}

/// The text beside the viewer of a solution off the cube grid (the layered text names cubes).
const NO_LAYERS: &str = "The layer-by-layer text is written for the cube grid only.\n";

/// The colour a puzzle file gives `piece` (`color = "#rrggbb"`, checked when the file is read).
fn own_colour(piece: &Piece) -> Option<Rgb> {
    piece.color.as_deref().and_then(Rgb::parse)
}

/// What the pictures paint each cell in, given its constraint colours `colors` (in the order
/// of the cells, empty when all are neutral): the puzzle's display colour of a coloured cell,
/// `None` (the piece's colour) for a neutral one; empty when every cell is neutral.
pub fn constraint_colours(puzzle: &Puzzle, colors: &[u8]) -> Vec<Option<Rgb>> {
    if colors.iter().all(|&k| k == 0) {
        return Vec::new();
    }
    colors
        .iter()
        .map(|&k| {
            (k != 0).then(|| {
                let [r, g, b] = puzzle.display_color(k);
                Rgb(r, g, b)
            })
        })
        .collect()
}

/// The legend's names of the constraint colours among `colors` (`colour 1`, ... in order, with
/// their display colours): [`Scene::colour_key`].
pub fn colour_key(puzzle: &Puzzle, colors: impl IntoIterator<Item = u8>) -> Vec<(String, Rgb)> {
    let used: std::collections::BTreeSet<u8> = colors.into_iter().filter(|&k| k != 0).collect();
    used.into_iter()
        .map(|k| {
            let [r, g, b] = puzzle.display_color(k);
            (format!("colour {k}"), Rgb(r, g, b))
        })
        .collect()
}

/// The colour of each piece kind of `puzzle` as every front end shows it — the designer's list
/// and grids, the viewer's scenes, the solution pictures, the check model, the exports: the
/// file's `color`, else the `k`-th colour of the palette (the base colours first), counting
/// pieces only (the target has no slot).
pub fn kind_colours(puzzle: &Puzzle) -> Vec<Rgb> {
    let pal = palette();
    puzzle
        .pieces
        .iter()
        .enumerate()
        .map(|(k, p)| own_colour(p).unwrap_or(pal[k % pal.len()]))
        .collect()
}

/// Every copy of every piece kind of `puzzle`, in its kind's colour, to lay on a print plate
/// (`wurfel pieces --export F.3mf --plate` and `POST /api/v1/plate`); copies are named `A 1`,
/// `A 2`, ...
pub fn plate_pieces(puzzle: &Puzzle) -> Vec<PlatePiece> {
    let mut out = Vec::new();
    for (p, colour) in puzzle.pieces.iter().zip(kind_colours(puzzle)) {
        let cells = at_origin(&p.shape, lattice(puzzle.grid)).cells().to_vec();
        for k in 1..=p.count {
            out.push(PlatePiece {
                name: if p.count > 1 {
                    format!("{} {k}", p.name)
                } else {
                    p.name.clone()
                },
                colour,
                cells: cells.clone(),
            });
        }
    }
    out
}

/// Every piece's offset (in [`Prepared::pieces_of`] order) in the assembled position and after
/// each move of `sep`, as BurrTools shows a disassembly: a move translates its group; a group
/// that slides out goes on until, seen along its way, its solids lie beyond those of every
/// other piece with one unit of space between (a cube, a block, a ball, a triangle's edge) and
/// stays there, so parts already taken apart keep apart from each other and from what is
/// left. On the cube grid, in the last frame every piece is separated from every other (see
/// [`apart`]).
pub fn disassembly_frames(
    prep: &Prepared,
    solution: &[u32],
    sep: &Separation,
) -> Vec<Vec<[i32; 3]>> {
    let cells: Vec<Vec<[i32; 3]>> = prep
        .pieces_of(solution)
        .into_iter()
        .map(|p| p.cells)
        .collect();
    let lattice = lattice(prep.puzzle.grid);
    let mut at = vec![[0; 3]; cells.len()];
    let mut frames = vec![at.clone()];
    for step in sep.plan() {
        let d = step.direction;
        let by = d.offset(step.distance.map_or_else(
            || clearance(lattice, &cells, &at, &step.pieces, d.unit()),
            |n| n as i32,
        ));
        for &p in &step.pieces {
            for k in 0..3 {
                at[p][k] += by[k];
            }
        }
        frames.push(at.clone());
    }
    frames
}

/// How many unit steps `u` the pieces `moving` slide until, projected on the step's way in
/// space, their solids lie beyond every other piece's with one unit of space between (on the
/// cube grid: their bounding box beyond every other piece's with one empty layer between; at
/// least one step).
fn clearance(
    lattice: Lattice,
    cells: &[Vec<[i32; 3]>],
    at: &[[i32; 3]],
    moving: &[usize],
    u: [i32; 3],
) -> i32 {
    let placed = |i: usize| {
        cells[i]
            .iter()
            .map(move |c| [0, 1, 2].map(|k| c[k] + at[i][k]))
    };
    let Some(first) = moving.iter().find_map(|&i| placed(i).next()) else {
        return 1;
    };
    // The step in space: a cell's solid moved onto the cell `u` further.
    let corner = |c: [i32; 3]| lattice.cell(c).map(|p| p.vertices[0]);
    let (Some(a), Some(b)) = (corner(first), corner([0, 1, 2].map(|k| first[k] + u[k]))) else {
        return 1;
    };
    let step = lattice.space([0, 1, 2].map(|k| b[k] - a[k]));
    let dot = |p: [f64; 3]| p[0] * step[0] + p[1] * step[1] + p[2] * step[2];
    let span = |which: &dyn Fn(usize) -> bool| {
        (0..cells.len())
            .filter(|&i| which(i))
            .flat_map(|i| placed(i).collect::<Vec<_>>())
            .filter_map(|c| lattice.cell(c))
            .flat_map(|p| p.vertices.into_iter().map(|v| dot(lattice.space(v))))
            .fold(None, |acc: Option<(f64, f64)>, x| {
                Some(acc.map_or((x, x), |(lo, hi)| (lo.min(x), hi.max(x))))
            })
    };
    let (Some((mlo, _)), Some((_, ohi))) = (
        span(&|i| moving.contains(&i)),
        span(&|i| !moving.contains(&i)),
    ) else {
        return 1;
    };
    let ss = dot(step);
    // Steps until the projections meet, then one unit of space more.
    let steps = ((ohi - mlo) / ss + 1.0 / ss.sqrt()).ceil();
    (steps as i32).max(1)
}

/// Whether two pieces (cells already moved) are apart as the last frame of a disassembly
/// leaves them: their bounding boxes are disjoint with at least one empty layer between them
/// along some axis, so they share no cell and no face, edge or corner touches.
pub fn apart(a: &[[i32; 3]], b: &[[i32; 3]]) -> bool {
    let bounds = |cs: &[[i32; 3]], k: usize| {
        cs.iter().fold((i32::MAX, i32::MIN), |(lo, hi), c| {
            (lo.min(c[k]), hi.max(c[k]))
        })
    };
    (0..3).any(|k| {
        let (alo, ahi) = bounds(a, k);
        let (blo, bhi) = bounds(b, k);
        ahi + 1 < blo || bhi + 1 < alo
    })
}

/// A scene for one packing solution; copies of a piece are numbered (`T1`, `T2`, ...), the same
/// labels as the text layers, so each has its own legend entry.
///
/// Colours go by piece, as the pieces' list shows them ([`kind_colours`]): piece `k` has its
/// file's colour or the `k`-th base colour, and its copies shades of it ([`shade`]) — unless the
/// puzzle has more pieces than base colours or more copies of one than shades; then copies
/// (and uncoloured pieces) are coloured automatically so touching ones differ.
pub fn solution_scene(prep: &Prepared, solution: &[u32], index: usize) -> Scene {
    let labels = prep.instance_labels(solution);
    let kinds = &prep.puzzle.pieces;
    let colours = kind_colours(&prep.puzzle);
    let by_piece = kinds.len() <= BASE.len() && kinds.iter().all(|k| k.count as usize <= SHADES);
    let mut copies = vec![0; kinds.len()];
    let placed = prep.pieces_of(solution);
    let key = colour_key(
        &prep.puzzle,
        placed.iter().flat_map(|p| p.colors.iter().copied()),
    );
    let pieces = placed
        .into_iter()
        .zip(labels)
        .map(|(p, label)| {
            let k = p.kind as usize;
            let piece = &kinds[k];
            let copy = copies[k];
            copies[k] += 1;
            let colour = if by_piece {
                Some(shade(colours[k], copy))
            } else {
                own_colour(piece).filter(|_| piece.count == 1)
            };
            ScenePiece {
                name: piece.name.clone(),
                label: Some(label),
                cell_colours: constraint_colours(&prep.puzzle, &p.colors),
                cells: p.cells,
                colour,
            }
        })
        .collect();
    let lattice = lattice(prep.puzzle.grid);
    Scene {
        lattice,
        title: format!("{} — solution {}", prep.puzzle.name, index + 1),
        colour_key: key,
        pieces,
        path: None,
        text: Some(if lattice == Lattice::Cubes {
            prep.layers_text(solution)
        } else {
            NO_LAYERS.into()
        }),
        moves: None,
    }
}

/// The pieces of a puzzle laid out on the floor in rows, each in its first orientation, a cell
/// apart (drawn with [`View::Pieces`](wurfel_render::View::Pieces): one tile each, so they
/// never overlap). Rows of about the square root of the number of pieces keep the layout near
/// square, so a 3D view shows a dozen pieces large rather than strung along one diagonal.
pub fn pieces_scene(puzzle: &Puzzle) -> Scene {
    let per_row = (puzzle.pieces.len() as f64).sqrt().ceil().max(1.0) as usize;
    let lattice = lattice(puzzle.grid);
    // Pieces are laid out a whole period apart (a cell on the cube grid).
    let p = lattice.period();
    let round = |v: i32| (v + p - 1).div_euclid(p) * p;
    let (mut x0, mut y0, mut row_depth) = (0, 0, 0);
    let mut pieces = Vec::new();
    for (i, (p, colour)) in puzzle.pieces.iter().zip(kind_colours(puzzle)).enumerate() {
        if i > 0 && i % per_row == 0 {
            // The next row goes behind this one (+y), a cell clear of its deepest piece.
            y0 += round(row_depth + 1);
            (x0, row_depth) = (0, 0);
        }
        let s = at_origin(&p.shape, lattice);
        // Its extent from the origin (its dimensions on the cube grid, where it starts there).
        let d = [0, 1, 2].map(|k| s.cells().iter().map(|c| c[k] + 1).max().unwrap_or(1));
        pieces.push(ScenePiece {
            name: if p.count > 1 {
                format!("{} ×{}", p.name, p.count)
            } else {
                p.name.clone()
            },
            label: Some(p.symbol.to_string()),
            cells: s
                .cells()
                .iter()
                .map(|c| [c[0] + x0, c[1] + y0, c[2]])
                .collect(),
            // A translation keeps the cells' order: the colours stay with their cells.
            cell_colours: constraint_colours(puzzle, &p.cell_colors),
            colour: Some(colour),
        });
        x0 += round(d[0] + 1);
        row_depth = row_depth.max(d[1]);
    }
    Scene {
        lattice,
        title: format!("{} — pieces", puzzle.name),
        colour_key: colour_key(
            puzzle,
            puzzle
                .pieces
                .iter()
                .flat_map(|p| p.cell_colors.iter().copied()),
        ),
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
            cell_colours: Vec::new(),
        });
        start = end;
    }
    Scene {
        lattice: wurfel_render::cells::Lattice::Cubes,
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
        colour_key: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wurfel_pack::{parse_puzzle, Convention};

    /// The pieces' scene of every catalog puzzle: pieces a cell apart (no shared cell, no
    /// touching face, so each is seen whole) and the layout's floor near square rather than
    /// one long row.
    #[test]
    fn pieces_lie_apart_in_a_near_square_layout() {
        for id in wurfel_pack::catalog::ids() {
            let puzzle = wurfel_pack::catalog::get(id).unwrap();
            let scene = pieces_scene(&puzzle);
            let mut owner = std::collections::HashMap::new();
            for (k, p) in scene.pieces.iter().enumerate() {
                for c in &p.cells {
                    assert!(owner.insert(*c, k).is_none(), "{id}: two pieces at {c:?}");
                }
            }
            for (c, k) in &owner {
                for (axis, step) in [(0, 1), (1, 1), (2, 1)] {
                    let mut n = *c;
                    n[axis] += step;
                    if let Some(j) = owner.get(&n) {
                        assert_eq!(j, k, "{id}: pieces {k} and {j} touch at {c:?}");
                    }
                }
            }
            let extent = |axis: usize| {
                let v = owner.keys().map(|c| c[axis]);
                v.clone().max().unwrap() - v.min().unwrap() + 1
            };
            let (w, d) = (extent(0), extent(1));
            if scene.pieces.len() >= 4 {
                assert!(w <= 4 * d && d <= 4 * w, "{id}: floor {w} x {d}");
            }
        }
    }

    /// A puzzle file's colours reach the pictures: a single piece keeps its own, copies of a
    /// piece get shades of it (alike, yet told apart).
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
        let cube = Rgb(0xab, 0xcd, 0xef);
        assert_eq!(
            own,
            [
                Some(Rgb(0x12, 0x34, 0x56)),
                Some(cube),
                Some(shade(cube, 1))
            ]
        );
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

    /// Piece `k` without a colour of its own has the palette's colour `k` in the check model's
    /// list, the pieces' scene, a solution's scene (its first copy) and on the print plate; the
    /// target takes no place in the palette.
    #[test]
    fn every_picture_gives_a_piece_the_same_colour() {
        let text = r##"
            name = "slots"
            [target]
            box = [3, 1, 1]
            [[piece]]
            name = "a"
            cells = [[0, 0, 0]]
            [[piece]]
            name = "b"
            color = "#abcdef"
            cells = [[0, 0, 0]]
            [[piece]]
            name = "c"
            cells = [[0, 0, 0]]
        "##;
        let puzzle = parse_puzzle(text, "slots.toml").unwrap();
        let want = vec![BASE[0], Rgb(0xab, 0xcd, 0xef), BASE[2]];
        assert_eq!(kind_colours(&puzzle), want);
        let shown = |s: &Scene| wurfel_render::piece_colours(s, &wurfel_render::Options::default());
        assert_eq!(shown(&pieces_scene(&puzzle)), want);
        let prep = Prepared::new(&puzzle).unwrap();
        let solution = &prep.solutions(Convention::Raw, 1, 1)[0];
        let scene = solution_scene(&prep, solution, 0);
        let by_name: Vec<(String, Rgb)> = scene
            .pieces
            .iter()
            .map(|p| p.name.clone())
            .zip(shown(&scene))
            .collect();
        for (name, colour) in ["a", "b", "c"].iter().zip(&want) {
            assert!(
                by_name.contains(&(name.to_string(), *colour)),
                "{name}: {by_name:?}"
            );
        }
        let plate: Vec<Rgb> = plate_pieces(&puzzle).iter().map(|p| p.colour).collect();
        assert_eq!(plate, want);
    }
}
