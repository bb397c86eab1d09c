//! Pictures of scenes off the cube grid: the views that draw solids work, the ones made of
//! cubes (layers, assembly steps) refuse with the reason, and a cell that is not one of the
//! lattice's is an error, not a wrong picture.

use wurfel_render::cells::Lattice;
use wurfel_render::{render_steps_svg, render_svg, Options, Scene, ScenePiece, View};

fn scene(cells: Vec<[i32; 3]>) -> Scene {
    Scene {
        title: "rhombic".into(),
        pieces: vec![ScenePiece {
            name: "P".into(),
            label: None,
            cells,
            colour: None,
            cell_colours: Vec::new(),
        }],
        lattice: Lattice::RhombicDodecahedra,
        ..Scene::default()
    }
}

/// The 24 sub-voxels of one rhombic block.
fn block() -> Vec<[i32; 3]> {
    let mut v = Vec::new();
    for z in 0..5 {
        for y in 0..5 {
            for x in 0..5 {
                if Lattice::RhombicDodecahedra.cell([x, y, z]).is_some() {
                    v.push([x, y, z]);
                }
            }
        }
    }
    v
}

#[test]
fn solids_are_drawn_and_cube_only_views_refused() {
    let s = scene(block());
    for view in [View::Assembled, View::Sides, View::Pieces] {
        let svg = render_svg(&s, view, &Options::default()).unwrap();
        // A block seen from the front shows three of its square sides, each two triangles of
        // sub-voxels in one plane: filled, with no seam drawn between them.
        assert!(svg.matches("<path").count() >= 6, "{view:?}");
    }
    let err = render_svg(&s, View::Layers, &Options::default()).unwrap_err();
    assert!(err.to_string().contains("rhombic dodecahedra"), "{err}");
    let err = render_steps_svg(&s, &[0], &["P".into()], &Options::default()).unwrap_err();
    assert!(err.to_string().contains("draws unit cubes"), "{err}");
    let err = render_svg(
        &scene(vec![[0, 0, 0]]),
        View::Assembled,
        &Options::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("not a cell"), "{err}");
}
