//! Pieces laid on a build plate: each on its largest flat face with its lowest face on z = 0,
//! inside the plate, no two footprints overlapping, every mesh closed.

use wurfel_render::cells::Lattice;
use wurfel_render::mesh::check::check;
use wurfel_render::mesh::plate::{lay_flat, plate, PlatePiece};
use wurfel_render::mesh::PrintOptions;
use wurfel_render::Rgb;

fn piece(name: &str, cells: &[[i32; 3]]) -> PlatePiece {
    PlatePiece {
        name: name.into(),
        colour: Rgb(200, 100, 0),
        cells: cells.to_vec(),
    }
}

#[test]
fn a_standing_bar_lies_down_and_an_l_lies_on_its_flat_side() {
    // A bar of four standing up lies down: four cubes on the plate, one high.
    let bar = lay_flat(&[[0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 0, 3]]);
    assert!(bar.iter().all(|c| c[2] == 0), "{bar:?}");
    // An L in the xz plane lies in the xy plane: no overhang.
    let l = lay_flat(&[[0, 0, 0], [0, 0, 1], [0, 0, 2], [1, 0, 0]]);
    assert!(l.iter().all(|c| c[2] == 0), "{l:?}");
    // A tripod (three arms from a corner) keeps three cubes down and one over a filled cube.
    let tripod = lay_flat(&[[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]);
    assert_eq!(tripod.iter().filter(|c| c[2] == 0).count(), 3, "{tripod:?}");
}

#[test]
fn pieces_on_the_plate_are_flat_inside_and_apart() {
    let pieces: Vec<PlatePiece> = (0..12)
        .map(|k| {
            piece(
                &format!("p{k}"),
                &[[0, 0, 0], [0, 0, 1], [0, 1, 1], [1, 1, 1], [1, 1, 2]][..3 + k % 3],
            )
        })
        .collect();
    let opts = PrintOptions::default();
    let objects = plate(Lattice::Cubes, &pieces, &opts, 200.0).unwrap();
    assert_eq!(objects.len(), 12);
    let mut boxes = Vec::new();
    for o in &objects {
        check(&o.mesh).unwrap();
        let lo = [0, 1, 2].map(|k| {
            o.mesh
                .vertices
                .iter()
                .map(|v| v[k])
                .fold(f64::INFINITY, f64::min)
        });
        let hi = [0, 1, 2].map(|k| {
            o.mesh
                .vertices
                .iter()
                .map(|v| v[k])
                .fold(f64::NEG_INFINITY, f64::max)
        });
        assert_eq!(lo[2], 0.0, "{}", o.name);
        assert!(lo[0] >= 0.0 && lo[1] >= 0.0 && hi[0] <= 200.0 && hi[1] <= 200.0);
        boxes.push((lo, hi));
    }
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            // At least a cube's width (10 mm) between footprints, less the gap.
            assert!((0..2).any(|k| a.1[k] + 9.0 < b.0[k] || b.1[k] + 9.0 < a.0[k]));
        }
    }
    // Too many for the plate: refused, with a way out.
    let err = plate(Lattice::Cubes, &pieces, &opts, 30.0)
        .unwrap_err()
        .to_string();
    assert!(err.contains("do not fit"), "{err}");
}
