//! The TOML puzzle format: the minimal form, layers, defaults, and one test per error kind
//! (message and `line:column`).

use wurfel_geom::Shape;
use wurfel_pack::{load, parse_puzzle, to_toml, LoadError, PuzzleFileError};

const MINIMAL: &str = r#"name = "Soma cube"
[target]
box = [3, 3, 3]              # or a `layers` form for arbitrary shapes
[[piece]]
name = "V"
cells = [[0,0,0],[1,0,0],[0,1,0]]
count = 1                    # identical copies; default 1
"#;

/// The minimal form made solvable: a straight tricube in a 3x1x1 box (same line numbers).
fn valid() -> String {
    MINIMAL
        .replace("[3, 3, 3]", "[3, 1, 1]")
        .replace("[0,1,0]]", "[2,0,0]]")
}

fn err(text: &str) -> PuzzleFileError {
    match parse_puzzle(text, "bad.toml") {
        Ok(p) => panic!("expected an error, parsed {p:?}"),
        Err(e) => e,
    }
}

fn check(text: &str, line: usize, column: usize, needle: &str) {
    let e = err(text);
    let shown = e.to_string();
    assert!(
        e.message.contains(needle),
        "message {:?} lacks {needle:?}",
        e.message
    );
    assert_eq!((e.line, e.column), (line, column), "{shown}");
    assert!(
        shown.starts_with(&format!("bad.toml:{line}:{column}: ")),
        "{shown}"
    );
}

#[test]
fn minimal_form_exactly_as_written() {
    let text = MINIMAL.replace("[3, 3, 3]", "[2, 2, 1]").replace(
        "count = 1 ",
        "count = 1\n[[piece]]\nname = \"u\"\ncells = [[0, 0, 0]]\n",
    );
    let p = parse_puzzle(&text, "dir/soma.toml").unwrap();
    assert_eq!(p.id, "soma");
    assert_eq!(p.name, "Soma cube");
    assert_eq!(p.target, Shape::cuboid(2, 2, 1));
    assert_eq!(p.pieces.len(), 2);
    assert_eq!(p.pieces[1].symbol, 'B');
    assert_eq!(p.pieces[0].name, "V");
    assert_eq!(p.pieces[0].symbol, 'A');
    assert_eq!(p.pieces[0].count, 1);
    assert_eq!(p.pieces[0].color, None);
    assert!(p.published.is_empty());
    // The verbatim text is rejected only for its volume (3 cells in a 27-cell box).
    check(
        MINIMAL,
        2,
        1,
        "the pieces cover 3 cells in total (counting copies) but the target has 27 cells",
    );
}

#[test]
fn examples_parse() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/");
    let soma = load(&format!("{dir}soma.toml")).unwrap();
    assert_eq!(soma.id, "soma");
    assert_eq!(soma.pieces.len(), 7);
    let symbols: String = soma.pieces.iter().map(|p| p.symbol).collect();
    assert_eq!(symbols, "ABCDEFG");
    let cat = wurfel_pack::catalog::get("soma").unwrap();
    for (a, b) in soma.pieces.iter().zip(&cat.pieces) {
        assert_eq!(a.shape.canonical(), b.shape.canonical());
    }
    let pyr = load(&format!("{dir}pyramid.toml")).unwrap();
    assert_eq!(pyr.id, "pyramid");
    assert_eq!(pyr.target.len(), 14);
    assert_eq!(pyr.target.dims(), [3, 3, 3]);
    assert!(pyr.target.cells().contains(&[0, 2, 2]));
    assert!(pyr.target.cells().contains(&[1, 1, 1]));
    assert!(!pyr.target.cells().contains(&[2, 2, 1]));
    assert_eq!(pyr.piece_volume(), 14);
    let corners = load(&format!("{dir}soma-corners.toml")).unwrap();
    assert_eq!(corners.optional.len(), 4);
    assert_eq!((corners.pieces[0].min, corners.pieces[0].count), (0, 1));
    assert!(corners.has_options() && corners.check_volume().is_ok());
}

#[test]
fn layers_rule() {
    let text = r##"name = "layers"
[target]
layers = ['''
  # .
  . .
''', '''

  A B
  # .

''']
[[piece]]
name = "P"
symbol = "p"
color = "#A0B0C0"
layers = ['''
#.
..
''', '''
##
#.
''']
"##;
    let p = parse_puzzle(text, "x.toml").unwrap();
    // Top layer (z = 1) first, first row is y = 1, whitespace ignored.
    let want = Shape::new([[0, 1, 1], [0, 1, 0], [1, 1, 0], [0, 0, 0]]).unwrap();
    assert_eq!(p.target, want);
    assert_eq!(p.pieces[0].shape, want);
    assert_eq!(p.pieces[0].symbol, 'p');
    assert_eq!(p.pieces[0].color.as_deref(), Some("#a0b0c0"));
    // A single string is one layer at z = 0.
    let flat = r####"name = "flat"
[target]
layers = "###"
[[piece]]
name = "I"
layers = """
#
#
#
"""
"####;
    let p = parse_puzzle(flat, "flat.toml").unwrap();
    assert_eq!(p.target, Shape::cuboid(3, 1, 1));
    assert_eq!(p.pieces[0].shape, Shape::cuboid(1, 3, 1));
}

#[test]
fn default_symbols_skip_used_ones() {
    let text = r#"name = "s"
[target]
box = [4, 1, 1]
[[piece]]
name = "one"
cells = [[0,0,0]]
[[piece]]
name = "two"
symbol = "A"
cells = [[0,0,0]]
[[piece]]
name = "three"
cells = [[0,0,0]]
count = 2
"#;
    let p = parse_puzzle(text, "s.toml").unwrap();
    let s: String = p.pieces.iter().map(|x| x.symbol).collect();
    assert_eq!(s, "BAC");
}

#[test]
fn published_and_id_and_description() {
    let text = r#"id = "my-id"
name = "n"
description = "d"
[target]
box = [1, 1, 1]
[[piece]]
name = "u"
cells = [[5, -3, 2]]
[[published]]
convention = "rotations+reflections"
count = 7
source = "me"
[[published]]
convention = "raw"
count = 9
"#;
    let p = parse_puzzle(text, "other.toml").unwrap();
    assert_eq!(p.id, "my-id");
    assert_eq!(p.description, "d");
    assert_eq!(p.published.len(), 2);
    assert_eq!(p.published[0].count, 7);
    assert_eq!(p.published[0].source, "me");
    assert_eq!(p.published[1].source, "");
}

#[test]
fn round_trip_of_unusual_targets() {
    for target in [
        "layers = ['''\n#.#\n###\n''', '''\n...\n#..\n''']",
        "cells = [[5, 5, 5], [6, 5, 5], [8, 5, 5], [8, 6, 5], [8, 6, 7]]",
    ] {
        let n = if target.starts_with("layers") { 6 } else { 5 };
        let text = format!(
            "name = \"odd \\\"quoted\\\" name\"\ndescription = \"two\\nlines\"\n[target]\n{target}\n[[piece]]\nname = \"u\"\nsymbol = \"é\"\ncolor = \"#123abc\"\ncells = [[0, 0, 0]]\ncount = {n}\n[[published]]\nconvention = \"raw\"\ncount = 3\nsource = \"'single' \\\"double\\\"\"\n"
        );
        let p = parse_puzzle(&text, "odd.toml").unwrap_or_else(|e| panic!("{e}"));
        let back = to_toml(&p);
        let q = parse_puzzle(&back, "again.toml").unwrap_or_else(|e| panic!("{e}\n{back}"));
        assert_eq!(p, q, "{back}");
    }
}

// ---- one test per error kind ----------------------------------------------------------------

#[test]
fn toml_syntax_error() {
    check(
        "name = \"x\"\n[target]\nbox = [3, 3, 3\n",
        3,
        15,
        "invalid array",
    );
    check(
        "name = \"x\"\n[target]\nbox = [3, 3, 3",
        3,
        15,
        "expected `]`",
    );
    check("name = \"x\nbox = 1\n", 1, 10, "invalid basic string");
    check("name = \"x\"\nname = \"y\"\n", 2, 1, "duplicate key `name`");
}

#[test]
fn unknown_key() {
    let t = MINIMAL.replace("count = 1 ", "colour = \"red\"\ncount = 1 ");
    check(&t, 7, 1, "unknown field `colour`");
    check(
        &format!("size = 3\n{MINIMAL}"),
        1,
        1,
        "unknown field `size`",
    );
    let t = MINIMAL.replace("box = [3, 3, 3]", "box = [3, 3, 3]\nsize = 1");
    check(&t, 4, 1, "unknown field `size`");
}

#[test]
fn missing_keys() {
    check("[target]\nbox = [1, 1, 1]\n", 1, 1, "missing field `name`");
    check("name = \"x\"\n", 1, 1, "missing field `target`");
    let t = "name = \"x\"\n[target]\nbox = [1, 1, 1]\n[[piece]]\ncells = [[0,0,0]]\n";
    check(t, 4, 1, "missing field `name`");
    let t = "name = \"x\"\n[target]\nbox = [1, 1, 1]\n[[piece]]\nname = \"u\"\n";
    check(t, 4, 1, "piece `u` needs its shape");
    let t = "name = \"x\"\n[target]\n[[piece]]\nname = \"u\"\ncells = [[0,0,0]]\n";
    check(t, 2, 1, "the target needs `box = [x, y, z]`");
    let t = "name = \"x\"\n[target]\nbox = [1, 1, 1]\n";
    check(t, 2, 1, "the puzzle has no pieces");
}

#[test]
fn duplicate_cells() {
    let t = MINIMAL.replace("[0,1,0]]", "[1,0,0]]");
    check(
        &t,
        6,
        26,
        "cell [1, 0, 0] of piece `V` is listed twice (first at line 6, column 18)",
    );
    let t = "name = \"x\"\n[target]\ncells = [[0,0,0], [0,0,0]]\n";
    check(t, 3, 19, "cell [0, 0, 0] of the target is listed twice");
}

#[test]
fn empty_piece() {
    let t = MINIMAL.replace("cells = [[0,0,0],[1,0,0],[0,1,0]]", "cells = []");
    check(&t, 6, 9, "piece `V` has no cells");
    let t = MINIMAL.replace("cells = [[0,0,0],[1,0,0],[0,1,0]]", "layers = '''\n..\n'''");
    check(&t, 6, 10, "piece `V` has no cells");
    let t = MINIMAL.replace("cells = [[0,0,0],[1,0,0],[0,1,0]]", "layers = []");
    check(&t, 6, 10, "`layers` of piece `V` is empty");
}

#[test]
fn disconnected_piece() {
    let t = MINIMAL.replace("[0,1,0]]", "[0,2,0]]");
    check(
        &t,
        6,
        9,
        "piece `V` is not connected: its 3 cells form 2 separate parts",
    );
    // Touching along an edge only is not connected.
    let t = MINIMAL.replace("[[0,0,0],[1,0,0],[0,1,0]]", "[[0,0,0],[1,1,0]]");
    check(&t, 6, 9, "2 separate parts");
}

#[test]
fn piece_bigger_than_target() {
    let t = "name = \"x\"\n[target]\nbox = [2, 1, 1]\n[[piece]]\nname = \"I\"\ncells = [[0,0,0],[1,0,0],[2,0,0]]\n";
    check(
        t,
        6,
        9,
        "piece `I` has 3 cells, more than the target's 2: it does not fit",
    );
}

/// A piece that fits nowhere makes a well-formed puzzle with no solution: it parses, and the
/// count is 0 with the piece named, not an input error.
#[test]
fn piece_that_fits_nowhere_is_a_count_of_zero() {
    let t = "name = \"x\"\n[target]\nbox = [3, 3, 1]\n[[piece]]\nname = \"long\"\nlayers = \"####\"\n[[piece]]\nname = \"P\"\nlayers = '''\n##\n##\n#.\n'''\n";
    let p = wurfel_pack::parse_puzzle(t, "nowhere.toml").unwrap();
    let prep = wurfel_pack::Prepared::new(&p).unwrap();
    assert_eq!(prep.unplaceable(), vec!["long"]);
    assert_eq!(prep.count(1), wurfel_pack::Counts::default());
    assert!(prep
        .solutions(wurfel_pack::Convention::Raw, 10, 1)
        .is_empty());
}

#[test]
fn volume_mismatch() {
    let t = MINIMAL.replace("count = 1 ", "count = 2 ");
    check(
        &t,
        2,
        1,
        "the pieces cover 6 cells in total (counting copies) but the target has 27 cells",
    );
}

#[test]
fn non_integer_coordinates() {
    let t = MINIMAL.replace("[1,0,0]", "[1,0.5,0]");
    check(
        &t,
        6,
        18,
        "coordinates of piece `V` must be integers, found the float 0.5",
    );
    let t = MINIMAL.replace("[1,0,0]", "[1,\"0\",0]");
    check(&t, 6, 18, "found the string \"0\"");
    let t = MINIMAL.replace("[1,0,0]", "[1,0]");
    check(
        &t,
        6,
        18,
        "a cell of piece `V` must be three integer coordinates [x, y, z], found 2 values",
    );
    let t = MINIMAL.replace("box = [3, 3, 3]", "box = [3, 3.0, 3]");
    check(&t, 3, 7, "`box` sizes must be integers, found the float 3");
    let t = MINIMAL.replace("count = 1 ", "count = 1.5 ");
    check(&t, 7, 9, "`count` must be an integer, found the float 1.5");
}

#[test]
fn huge_sizes() {
    let t = MINIMAL.replace("box = [3, 3, 3]", "box = [4097, 1, 1]");
    check(
        &t,
        3,
        7,
        "`box` sizes must be between 1 and 4096, found 4097",
    );
    let t = MINIMAL.replace("box = [3, 3, 3]", "box = [64, 64, 64]");
    check(
        &t,
        3,
        7,
        "the box has 262144 cells, above the limit of 4096 cells",
    );
    let t = MINIMAL.replace("box = [3, 3, 3]", "box = [0, 3, 3]");
    check(&t, 3, 7, "between 1 and 4096, found 0");
    let t = MINIMAL.replace("count = 1 ", "count = 10001 ");
    check(
        &t,
        7,
        9,
        "count of piece `V` is 10001, above the limit of 10000",
    );
    let t = MINIMAL.replace("[1,0,0]", "[1,0,99999999999]");
    check(&t, 6, 18, "beyond the limit of ±1000000");
    let t = "name = \"x\"\n[target]\ncells = [[0,0,0],[5000,0,0]]\n";
    check(
        t,
        3,
        9,
        "the target spans 5001×1×1 cells, above the limit of 4096",
    );
    let row = "#".repeat(4097);
    let t = format!("name = \"x\"\n[target]\nlayers = \"{row}\"\n");
    check(&t, 3, 10, "above the limit of 4096×4096 cells");
}

#[test]
fn count_zero() {
    let t = MINIMAL.replace("count = 1 ", "count = 0 ");
    check(&t, 7, 9, "count of piece `V` must be at least 1, found 0");
    let t = MINIMAL.replace("count = 1 ", "count = -2 ");
    check(&t, 7, 9, "must be at least 1, found -2");
}

#[test]
fn duplicate_names_and_symbols() {
    let base = "name = \"x\"\n[target]\nbox = [2, 1, 1]\n[[piece]]\nname = \"u\"\nsymbol = \"#\"\ncells = [[0,0,0]]\n[[piece]]\n";
    check(
        &format!("{base}name = \"u\"\ncells = [[0,0,0]]\n"),
        9,
        8,
        "duplicate piece name `u` (first used on line 5)",
    );
    check(
        &format!("{base}name = \"v\"\nsymbol = \"#\"\ncells = [[0,0,0]]\n"),
        10,
        10,
        "duplicate symbol '#' (first used on line 6)",
    );
    check(
        &format!("{base}name = \"v\"\nsymbol = \"ab\"\ncells = [[0,0,0]]\n"),
        10,
        10,
        "must be exactly one character",
    );
    check(
        &format!("{base}name = \"v\"\nsymbol = \".\"\ncells = [[0,0,0]]\n"),
        10,
        10,
        "cannot be '.'",
    );
}

#[test]
fn bad_colours() {
    for (c, col) in [("red", 9), ("#12345", 9), ("#12345g", 9), ("123456", 9)] {
        let t = MINIMAL.replace("count = 1 ", &format!("color = \"{c}\"\ncount = 1 "));
        check(&t, 7, col, "must look like \"#rrggbb\"");
    }
}

#[test]
fn bad_published_and_target_forms() {
    let t = format!(
        "{}[[published]]\nconvention = \"mirror\"\ncount = 1\n",
        valid()
    );
    check(&t, 9, 14, "unknown convention \"mirror\"");
    let t = format!(
        "{}[[published]]\nconvention = \"raw\"\ncount = -1\n",
        valid()
    );
    check(&t, 10, 9, "published count cannot be negative");
    let t = MINIMAL.replace("box = [3, 3, 3]", "box = [3, 3, 3]\nlayers = \"#\"");
    check(&t, 4, 10, "the target has both `box` and `layers`");
    let t = MINIMAL.replace("box = [3, 3, 3]", "box = [3, 3]");
    check(
        &t,
        3,
        7,
        "`box` must be an array of three sizes [x, y, z], found 2 values",
    );
    let t = MINIMAL.replace("cells =", "layers = \"#\"\ncells =");
    check(&t, 6, 10, "has both `cells` and `layers`");
}

#[test]
fn error_display_has_excerpt_and_caret() {
    let t = MINIMAL.replace("[1,0,0]", "[1,0.5,0]");
    let e = err(&t);
    let shown = e.to_string();
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.len(), 3, "{shown}");
    assert!(lines[0].starts_with("bad.toml:6:18: "));
    assert_eq!(lines[1], " 6 | cells = [[0,0,0],[1,0.5,0],[0,1,0]]");
    assert_eq!(lines[2], "   |                  ^");
    let _: &dyn std::error::Error = &e;
}

#[test]
fn load_by_id_path_and_unknown_name() {
    assert_eq!(load("bedlam").unwrap().id, "bedlam");
    let dir = std::env::temp_dir().join(format!("wurfel-pack-file-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine.toml");
    std::fs::write(&path, valid()).unwrap();
    let p = load(path.to_str().unwrap()).unwrap();
    assert_eq!(p.id, "mine");
    // Errors in a loaded file name the path.
    std::fs::write(&path, MINIMAL).unwrap();
    let e = load(path.to_str().unwrap()).unwrap_err();
    assert!(matches!(e, LoadError::File(_)));
    assert!(
        e.to_string()
            .starts_with(&format!("{}:2:1: ", path.display())),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();

    let missing = dir.join("nope.toml");
    let e = load(missing.to_str().unwrap()).unwrap_err();
    assert!(matches!(e, LoadError::Read { .. }));
    assert!(
        e.to_string()
            .starts_with(&format!("cannot read {}: ", missing.display())),
        "{e}"
    );

    let e = load("bedlm").unwrap_err();
    assert_eq!(
        e.to_string(),
        "`bedlm` is neither a built-in puzzle nor a file; did you mean `bedlam`?"
    );
    let e = load("pentominoes").unwrap_err();
    match &e {
        LoadError::NotFound { suggestions, .. } => assert_eq!(suggestions.len(), 5),
        other => panic!("{other:?}"),
    }
    let e = load("zzzzzzzzzz").unwrap_err();
    assert!(
        e.to_string()
            .contains("built-in puzzles: soma, cubissimo, bedlam"),
        "{e}"
    );
}

/// Optional target cells and piece ranges: read, written back, and their errors.
#[test]
fn optional_cells_and_ranges() {
    // A 4x1x1 box whose last cell may stay empty; the tricube once, a monomino 0 to 1 times.
    let text = valid().replace("[3, 1, 1]", "[4, 1, 1]\noptional = [[3, 0, 0]]")
        + "[[piece]]\nname = \"m\"\ncells = [[0,0,0]]\nmin = 0\nmax = 1\n";
    let p = parse_puzzle(&text, "ok.toml").unwrap();
    assert_eq!(p.optional, vec![[3, 0, 0]]);
    assert_eq!((p.pieces[1].min, p.pieces[1].count), (0, 1));
    assert_eq!(parse_puzzle(&to_toml(&p), "ok.toml").unwrap(), p);
    // The tricube in cells 0-2 (cell 3 empty or the monomino) or 1-3 (the monomino in 0).
    let c = wurfel_pack::Prepared::new(&p).unwrap().count(1);
    assert_eq!(c.raw, 3);
    // Each edit with where its error points and what it says. The last: too few cells even
    // with every piece at its maximum.
    let cases = [
        (
            ("[[3, 0, 0]]", "[[4, 0, 0]]"),
            (4, 12),
            "optional cell [4, 0, 0] is not a cell of the target",
        ),
        (("min = 0\n", ""), (9, 1), "needs both `min` and `max`"),
        (("min = 0\n", "min = 2\n"), (12, 7), "need 0 <= min <= max"),
        (
            ("min = 0\n", "min = 0\ncount = 1\n"),
            (13, 9),
            "has `count` and `min`/`max`",
        ),
        (
            ("[4, 1, 1]", "[6, 1, 1]"),
            (2, 1),
            "between 3 and 4 cells in total (counting copies) but the target has between 5 and 6",
        ),
    ];
    for ((from, to), (line, column), needle) in cases {
        check(&text.replace(from, to), line, column, needle);
    }
}

#[test]
fn groups_split_copies_and_their_errors() {
    let base = "name = \"g\"\n[target]\nbox = [4, 1, 1]\n[[piece]]\nname = \"c\"\ncells = [[0,0,0]]\ncount = 4\n";
    let p = parse_puzzle(&format!("{base}groups = [[1, 2], [2, 1]]\n"), "ok.toml").unwrap();
    assert_eq!(p.pieces[0].groups, vec![(1, 2), (2, 1)]);
    // Written back as it was read.
    assert!(to_toml(&p).contains("groups = [[1, 2], [2, 1]]"));
    let one = parse_puzzle(&format!("{base}group = 3\n"), "ok.toml").unwrap();
    assert_eq!(one.pieces[0].groups, vec![(3, 4)]);
    for bad in ["[[1, 5]]", "[[0, 1]]", "[[1, 1], [1, 1]]", "[[1]]", "3"] {
        check(
            &format!("{base}groups = {bad}\n"),
            8,
            10,
            "`groups` of piece `c`",
        );
    }
    check(
        &format!("{base}group = 1\ngroups = [[1, 1]]\n"),
        9,
        10,
        "both `group` and `groups`",
    );
}

// ---- grids other than cubes (`grid = "..."`) ----

#[test]
fn an_unknown_grid_is_named_with_the_grids_there_are() {
    let text = format!("grid = \"hexagons\"\n{}", valid());
    check(&text, 1, 8, "unknown grid \"hexagons\"");
    assert!(err(&text).message.contains("\"rhombic-dodecahedra\""));
}

#[test]
fn a_box_is_refused_where_not_every_voxel_is_a_cell() {
    let text = valid().replace(
        "name = \"Soma",
        "grid = \"rhombic-dodecahedra\"\nname = \"Soma",
    );
    check(&text, 4, 7, "not every voxel is a cell");
}

#[test]
fn a_voxel_off_the_grid_is_refused_where_it_is_written() {
    let text = "grid = \"rhombic-dodecahedra\"\nname = \"r\"\n[target]\ncells = [[0, 1, 2]]\n\
                [[piece]]\nname = \"p\"\ncells = [[0, 0, 0]]\n";
    check(
        text,
        7,
        9,
        "piece `p` has the voxel [0, 0, 0], which is not a cell of the grid of rhombic dodecahedra",
    );
    let target = text.replace("[[0, 1, 2]]\n", "[[1, 1, 1]]\n");
    check(&target, 4, 9, "the target has the voxel [1, 1, 1]");
}

#[test]
fn a_prism_puzzle_in_toml_keeps_its_grid_and_counts_as_prisms() {
    // Two prisms side by side (an up and a down triangle: a rhombus), filled by two copies of
    // one prism. On cubes the two cells are two cubes and the one-cell piece has 1 placement
    // per cell too, but the grid's symmetries differ: the rhombus has 4 on prisms (identity,
    // the turn about its centre, two reflections), the 1x2 box 8 on cubes.
    let text = "grid = \"triangular-prisms\"\nname = \"rhombus\"\n[target]\nbox = [2, 1, 1]\n\
                [[piece]]\nname = \"p\"\ncells = [[0, 0, 0]]\ncount = 2\n";
    let p = parse_puzzle(text, "rhombus.toml").unwrap();
    assert_eq!(p.grid, wurfel_pack::grid::Grid::TriangularPrisms);
    assert_eq!(parse_puzzle(&to_toml(&p), "again.toml").unwrap(), p);
    let c = wurfel_pack::Prepared::new(&p).unwrap().count(1);
    assert_eq!((c.raw, c.rotations_reflections), (1, 1));
    // Off the cube grid pieces need not be face-connected as cubes (BurrTools asks for none).
    let apart = text
        .replace(
            "[[0, 0, 0]]\ncount = 2",
            "[[0, 0, 0], [1, 0, 1]]\ncount = 2",
        )
        .replace("[2, 1, 1]", "[2, 1, 2]");
    assert_eq!(
        parse_puzzle(&apart, "apart.toml").unwrap().pieces[0]
            .shape
            .len(),
        2
    );
    let on_cubes = apart.replace("grid = \"triangular-prisms\"\n", "");
    check(&on_cubes, 6, 9, "is not connected");
}

#[test]
fn equal_shapes_are_judged_on_the_puzzles_grid() {
    // Two prisms side by side (a rhombus) and two stacked: different pieces on prisms, two
    // equal dominoes on cubes.
    let text = "grid = \"triangular-prisms\"\nname = \"two\"\n[target]\nbox = [2, 1, 2]\n\
                [[piece]]\nname = \"flat\"\ncells = [[0, 0, 0], [1, 0, 0]]\n\
                [[piece]]\nname = \"tall\"\ncells = [[0, 0, 0], [0, 0, 1]]\n";
    assert!(parse_puzzle(text, "two.toml")
        .unwrap()
        .equal_shapes()
        .is_empty());
    let cubes = text.replace("grid = \"triangular-prisms\"\n", "");
    assert_eq!(
        parse_puzzle(&cubes, "two.toml").unwrap().equal_shapes(),
        vec![vec![0, 1]]
    );
}
