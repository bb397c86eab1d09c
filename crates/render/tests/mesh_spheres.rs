//! Pictures' and printable meshes' cells on the spheres lattice: each ball an icosphere
//! inscribed in its ball (diameter one unit), closed and turned outwards; a piece's mesh is its
//! balls' closed shells, of the balls' polyhedra's volume less the gap, each vertex in its own
//! ball and in no other (touching balls stay apart).

use wurfel_render::cells::{boundary, Lattice};
use wurfel_render::mesh::{check::check, check::volume, lattice_mesh, PrintOptions};

const S: Lattice = Lattice::Spheres;

fn opts(gap: f64) -> PrintOptions {
    PrintOptions {
        unit: 10.0,
        gap,
        bevel: 0.0,
    }
}

fn designs() -> Vec<(&'static str, Vec<[i32; 3]>)> {
    vec![
        ("one ball", vec![[0, 0, 0]]),
        ("a row", vec![[0, 0, 0], [1, 1, 0], [2, 2, 0]]),
        (
            "a tetrahedron",
            vec![[0, 0, 0], [1, 1, 0], [1, 0, 1], [0, 1, 1]],
        ),
        (
            "a bent piece far out",
            vec![[-7, 3, 0], [-6, 4, 0], [-6, 4, 2], [-5, 5, 2]],
        ),
    ]
}

#[test]
fn balls_are_closed_icospheres_of_unit_diameter() {
    let ball = std::f64::consts::PI / 6.0;
    for c in [[0, 0, 0], [1, 1, 0], [-3, 2, 1], [4, -4, 2]] {
        let v = S.cell_volume(c).unwrap();
        // A twice subdivided icosahedron holds about 96.6 % of its ball.
        assert!(v < ball && v > 0.96 * ball, "{c:?}: {v}");
        assert_eq!(S.cell(c).unwrap().faces.len(), 320);
    }
    assert!(S.cell([1, 0, 0]).is_none() && S.cell([1, 1, 1]).is_none());
    assert_eq!(S.period(), 2);
}

#[test]
fn meshes_are_closed_balls_apart() {
    let r = 5.0; // mm: a ball is 10 mm across
    let mm = 10.0 * 0.5f64.sqrt(); // a voxel in mm
    for (name, cells) in designs() {
        // No face shared: the surface is every ball's.
        assert_eq!(
            boundary(S, &cells).unwrap().len(),
            320 * cells.len(),
            "{name}"
        );
        let want: f64 = cells
            .iter()
            .map(|&c| S.cell_volume(c).unwrap())
            .sum::<f64>()
            * 1000.0;
        for gap in [0.01, 0.2, 1.0] {
            let m = lattice_mesh(S, &cells, &opts(gap)).unwrap();
            check(&m).unwrap_or_else(|e| panic!("{name} gap {gap}: {e}"));
            let v = volume(&m);
            // Shrunk by gap / 2 all round: about the ball of radius r − gap / 2.
            let least = want * ((r - gap / 2.0) / r).powi(3) * 0.99;
            assert!(
                v < want && v > least,
                "{name} gap {gap}: {v} vs {least}..{want}"
            );
            for p in &m.vertices {
                let near = cells
                    .iter()
                    .filter(|c| {
                        let d: f64 = (0..3).map(|k| (p[k] - c[k] as f64 * mm).powi(2)).sum();
                        d.sqrt() < r
                    })
                    .count();
                assert_eq!(near, 1, "{name} gap {gap}: {p:?} in one ball only");
            }
        }
    }
    assert!(lattice_mesh(S, &[[1, 0, 0]], &opts(0.2))
        .unwrap_err()
        .to_string()
        .contains("not a cell"));
}
