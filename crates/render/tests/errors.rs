//! Bad input gives errors, not panics.

use wurfel_render::{
    layered_text, render_file, render_html, render_png, render_svg, Options, RenderError, Scene,
    ScenePiece, View,
};

fn one(cells: Vec<[i32; 3]>) -> Scene {
    Scene {
        lattice: wurfel_render::cells::Lattice::Cubes,
        title: String::new(),
        pieces: vec![ScenePiece {
            name: String::new(),
            label: None,
            cells,
            colour: None,
            cell_colours: Vec::new(),
        }],
        path: None,
        text: None,
        moves: None,
        colour_key: Vec::new(),
    }
}

#[test]
fn empty_scene_is_an_error() {
    let opts = Options::default();
    for view in View::ALL {
        assert!(matches!(
            render_svg(&Scene::default(), view, &opts),
            Err(RenderError::Empty)
        ));
        assert!(matches!(
            render_svg(&one(vec![]), view, &opts),
            Err(RenderError::Empty)
        ));
    }
    assert!(matches!(render_html(&[], &opts), Err(RenderError::Empty)));
}

#[test]
fn extreme_coordinates_do_not_panic() {
    let opts = Options::default();
    let far = one(vec![[i32::MIN, 0, 0], [i32::MAX, i32::MAX, i32::MAX]]);
    for view in View::ALL {
        assert!(matches!(
            render_svg(&far, view, &opts),
            Err(RenderError::TooLarge(_))
        ));
    }
    let edge = one(vec![[i32::MAX, i32::MAX, i32::MAX]]);
    for view in View::ALL {
        render_svg(&edge, view, &opts).expect("one cell at the edge");
        render_png(&edge, view, &opts).expect("one cell at the edge");
    }
    assert_eq!(layered_text(&edge), "#\n");
    render_html(&[edge], &opts).expect("html");
}

#[test]
fn duplicate_cells_and_odd_names() {
    let opts = Options::default();
    let scene = Scene {
        lattice: wurfel_render::cells::Lattice::Cubes,
        title: "</script><b>\u{2028}".into(),
        pieces: vec![
            ScenePiece {
                name: "\"<x>\" & ünïcödé × 🙂".into(),
                label: None,
                cells: vec![[0, 0, 0], [0, 0, 0], [1, 0, 0]],
                colour: None,
                cell_colours: Vec::new(),
            },
            ScenePiece {
                name: "second".into(),
                label: None,
                cells: vec![[1, 0, 0], [2, 0, 0]],
                colour: None,
                cell_colours: Vec::new(),
            },
        ],
        path: Some(vec![[0, 0, 0], [5, 5, 5]]),
        text: None,
        moves: None,
        colour_key: Vec::new(),
    };
    for view in View::ALL {
        let svg = render_svg(&scene, view, &opts).expect("svg");
        assert!(!svg.contains("<x>"));
        render_png(&scene, view, &opts).expect("png");
    }
    let html = render_html(&[scene], &opts).expect("html");
    assert_eq!(
        html.matches("</script>").count(),
        2,
        "data must not close the script"
    );
}

#[test]
fn unknown_extension() {
    let dir = tempfile::tempdir().expect("tempdir");
    let scene = one(vec![[0, 0, 0]]);
    let r = render_file(
        &dir.path().join("x.gif"),
        std::slice::from_ref(&scene),
        View::Assembled,
    );
    assert!(matches!(r, Err(RenderError::UnknownFormat(_))));
    let r = render_file(&dir.path().join("x.svg"), &[], View::Assembled);
    assert!(matches!(r, Err(RenderError::Empty)));
    for ext in ["svg", "png", "html", "SVG"] {
        let p = dir.path().join(format!("x.{ext}"));
        render_file(&p, std::slice::from_ref(&scene), View::Assembled).expect("written");
        assert!(std::fs::metadata(&p).expect("file").len() > 100);
    }
    let r = render_file(
        &dir.path().join("no/such/dir/x.svg"),
        &[scene],
        View::Assembled,
    );
    assert!(matches!(r, Err(RenderError::Io { .. })));
}

#[test]
fn views_parse() {
    for v in View::ALL {
        assert_eq!(v.name().parse::<View>(), Ok(v));
    }
    assert!("bogus".parse::<View>().is_err());
}
