//! Constraint colours drawn: a coloured puzzle's solution and pieces show each coloured cell
//! in its constraint colour's display colour (pictures on the cube grid and off it, the
//! viewer's scene JSON); an uncoloured puzzle's pictures have none of them.

use std::collections::{BTreeSet, HashMap};
use wurfel_pack::burrtools::read_xmpuzzle;
use wurfel_pack::{Convention, Prepared, Puzzle};
use wurfel_present::scene::{pieces_scene, solution_scene};
use wurfel_render::{render_html, render_svg, Options, Rgb, Scene, View};

fn burr(name: &str, bytes: &[u8]) -> Puzzle {
    read_xmpuzzle(bytes, name, None).unwrap().puzzle
}

/// The checkerboard 2x2x2 of the corpus: target and pieces red (1) and black (2), rules 1 on
/// 1 and 2 on 2.
fn checker() -> Puzzle {
    burr(
        "checker-2x2x2.xmpuzzle",
        include_bytes!("../../pack/tests/data/burr/checker-2x2x2.xmpuzzle"),
    )
}

/// The same puzzle with every constraint colour taken off.
fn uncoloured(p: &Puzzle) -> Puzzle {
    let mut q = p.clone();
    q.target_colors.clear();
    q.color_rules.clear();
    q.display_colors.clear();
    for piece in &mut q.pieces {
        piece.cell_colors.clear();
    }
    q
}

fn first_scene(p: &Puzzle) -> (Prepared, Scene) {
    let prep = Prepared::new(p).unwrap();
    let s = prep
        .solutions(Convention::Raw, 1, 1)
        .into_iter()
        .next()
        .expect("a solution");
    let scene = solution_scene(&prep, &s, 0);
    (prep, scene)
}

fn hex(c: [u8; 3]) -> String {
    Rgb(c[0], c[1], c[2]).to_string()
}

/// Every `fill="#rrggbb"` of an SVG.
fn fills(svg: &str) -> BTreeSet<String> {
    svg.split("fill=\"#")
        .skip(1)
        .map(|s| format!("#{}", &s[..6]))
        .collect()
}

#[test]
fn a_solution_shows_the_constraint_colour_of_every_coloured_cell() {
    let p = checker();
    let (red, black) = (hex(p.display_color(1)), hex(p.display_color(2)));
    assert_eq!((red.as_str(), black.as_str()), ("#dc2828", "#1e1e1e"));
    let (_, scene) = first_scene(&p);
    // With the rules 1 on 1 and 2 on 2, each cell shows the colour the target asks for there.
    let want: HashMap<[i32; 3], u8> = p
        .target
        .cells()
        .iter()
        .copied()
        .zip(p.target_colors.iter().copied())
        .collect();
    let mut seen = 0;
    for piece in &scene.pieces {
        for (c, t) in piece.cells.iter().zip(&piece.cell_colours) {
            let k = want[c];
            assert_eq!(
                *t,
                (k != 0).then(|| Rgb::parse(&hex(p.display_color(k))).unwrap())
            );
            seen += 1;
        }
    }
    assert_eq!(seen, p.target.len());
    // The legend names both colours after the pieces.
    let key = |k: u8| {
        (
            format!("colour {k}"),
            Rgb::parse(&hex(p.display_color(k))).unwrap(),
        )
    };
    assert_eq!(scene.colour_key, vec![key(1), key(2)]);
    // The layers view fills each cell with its colour, unshaded: both constraint colours are
    // there, and no fill of them in the uncoloured puzzle's picture.
    let svg = render_svg(&scene, View::Layers, &Options::default()).unwrap();
    let f = fills(&svg);
    assert!(f.contains(&red) && f.contains(&black), "{f:?}");
    assert!(svg.contains(">colour 1</text>") && svg.contains(">colour 2</text>"));
    let (_, plain) = first_scene(&uncoloured(&p));
    let plain_fills = fills(&render_svg(&plain, View::Layers, &Options::default()).unwrap());
    assert!(!plain_fills.contains(&red) && !plain_fills.contains(&black));
    // The assembled view shades them: the top faces are the colour lightened, as every top.
    let top = |c: &str| {
        Rgb::parse(c)
            .unwrap()
            .mix(Rgb(255, 255, 255), 0.14)
            .to_string()
    };
    let iso = fills(&render_svg(&scene, View::Assembled, &Options::default()).unwrap());
    assert!(
        iso.contains(&top(&red)) && iso.contains(&top(&black)),
        "{iso:?}"
    );
}

#[test]
fn the_file_s_own_display_colours_are_used_and_the_pieces_show_theirs() {
    let mut p = checker();
    p.display_colors.insert(1, [158, 118, 45]);
    let (_, scene) = first_scene(&p);
    let f = fills(&render_svg(&scene, View::Layers, &Options::default()).unwrap());
    assert!(f.contains("#9e762d") && !f.contains("#dc2828"), "{f:?}");
    // The pieces' picture: each piece cell in its own constraint colour.
    let pieces = pieces_scene(&p);
    for (piece, drawn) in p.pieces.iter().zip(&pieces.pieces) {
        let want: Vec<Option<Rgb>> = piece
            .cell_colors
            .iter()
            .map(|&k| (k != 0).then(|| Rgb::parse(&hex(p.display_color(k))).unwrap()))
            .collect();
        assert_eq!(drawn.cell_colours, want, "{}", piece.name);
    }
    let svg = render_svg(&pieces, View::Pieces, &Options::default()).unwrap();
    assert!(fills(&svg)
        .iter()
        .any(|c| c == &Rgb(158, 118, 45).mix(Rgb(255, 255, 255), 0.14).to_string()));
}

#[test]
fn the_viewer_scene_carries_the_colours() {
    let p = checker();
    let (_, scene) = first_scene(&p);
    let html = render_html(&[scene], &Options::default()).unwrap();
    assert!(html.contains("\"tints\":[") && html.contains("\"#dc2828\""));
    assert!(html.contains("\"key\":[[\"colour 1\",\"#dc2828\"],[\"colour 2\",\"#1e1e1e\"]]"));
    let (_, plain) = first_scene(&uncoloured(&p));
    let html = render_html(&[plain], &Options::default()).unwrap();
    assert!(!html.contains("\"tints\":") && !html.contains("\"key\":"));
}

#[test]
fn off_the_cube_grid_the_solids_show_them_too() {
    let p = burr(
        "block-1-2-3-colours.xmpuzzle",
        include_bytes!("../../pack/tests/data/burr/rhombic/block-1-2-3-colours.xmpuzzle"),
    );
    assert!(p.has_colors());
    let (_, scene) = first_scene(&p);
    // The same solution drawn with every cell in its piece's colour.
    let mut plain = scene.clone();
    for piece in &mut plain.pieces {
        piece.cell_colours.clear();
    }
    let svg = |s: &Scene| fills(&render_svg(s, View::Assembled, &Options::default()).unwrap());
    let (coloured, neutral) = (svg(&scene), svg(&plain));
    let new: Vec<&String> = coloured.difference(&neutral).collect();
    assert!(!new.is_empty());
    // Every new fill is a shade of red (220, 40, 40) or black (30, 30, 30).
    for c in &new {
        let Rgb(r, g, b) = Rgb::parse(c).unwrap();
        let reddish = r > 2 * g.max(b) && g.abs_diff(b) < 8;
        let dark = r.max(g).max(b) < 64;
        assert!(reddish || dark, "{c} in {new:?}");
    }
    assert!(new.iter().any(|c| Rgb::parse(c).unwrap().0 > 150));
    assert!(new.iter().any(|c| Rgb::parse(c).unwrap().0 < 64));
    let html = render_html(&[scene], &Options::default()).unwrap();
    assert!(html.contains("\"t\":\"#dc2828\"") && html.contains("\"t\":\"#1e1e1e\""));
    let (_, neutral) = first_scene(&uncoloured(&p));
    let html = render_html(&[neutral], &Options::default()).unwrap();
    assert!(!html.contains("\"t\":"));
}
