//! Printable meshes on the lattices whose cells are not cubes (rhombic dodecahedra as BurrTools
//! stores them, tetrahedra and octahedra): closed 2-manifolds as a slicer checks them, of the
//! volume the cells make (computed from the cells, not the mesh), lying inside their own cells
//! and so apart from every other piece's, also where a piece's cells meet only along an edge
//! or at a corner.

mod common;

use common::no_self_intersection;
use wurfel_render::cells::{boundary, Lattice};
use wurfel_render::mesh::{check::check, check::volume, lattice_mesh, PrintOptions};

const R: Lattice = Lattice::RhombicDodecahedra;
const T: Lattice = Lattice::TetraOcta;
const P: Lattice = Lattice::TriangularPrisms;

/// The 4 sub-voxels of the pyramid on face `axis`/`side` (0 or 4) of rhombic block `b`.
fn pyramid(b: [i32; 3], axis: usize, side: i32) -> Vec<[i32; 3]> {
    [(2, 1), (1, 2), (3, 2), (2, 3)]
        .iter()
        .map(|&(u, v)| {
            let mut c = [0; 3];
            c[axis] = side;
            c[(axis + 1) % 3] = u;
            c[(axis + 2) % 3] = v;
            [0, 1, 2].map(|k| 5 * b[k] + c[k])
        })
        .collect()
}

/// A rhombic dodecahedron: block `b`'s 24 sub-voxels and the pyramids facing it.
fn rhombic_dodecahedron(b: [i32; 3]) -> Vec<[i32; 3]> {
    let mut cells = Vec::new();
    for axis in 0..3 {
        for side in [0, 4] {
            cells.extend(pyramid(b, axis, side));
            let mut nb = b;
            nb[axis] += if side == 0 { -1 } else { 1 };
            cells.extend(pyramid(nb, axis, 4 - side));
        }
    }
    cells
}

fn opts(gap: f64) -> PrintOptions {
    PrintOptions {
        unit: 10.0,
        gap,
        bevel: 0.0,
    }
}

/// The cells' own volume in mm³ (unit 10 mm).
fn cells_volume(l: Lattice, cells: &[[i32; 3]]) -> f64 {
    cells
        .iter()
        .map(|&c| l.cell_volume(c).unwrap())
        .sum::<f64>()
        * 1000.0
}

/// Whether `p` (mm) lies inside cell `c` (the cell's face planes, `slack` mm inwards).
fn inside_cell(l: Lattice, c: [i32; 3], p: [f64; 3], slack: f64) -> bool {
    let poly = l.cell(c).unwrap();
    let v = |i: usize| l.space(poly.vertices[i]).map(|x| x * 10.0);
    poly.faces.iter().all(|f| {
        let (a, b, cc) = (v(f[0]), v(f[1]), v(f[2]));
        let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let w = [cc[0] - a[0], cc[1] - a[1], cc[2] - a[2]];
        let n = [
            u[1] * w[2] - u[2] * w[1],
            u[2] * w[0] - u[0] * w[2],
            u[0] * w[1] - u[1] * w[0],
        ];
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        let d = ((p[0] - a[0]) * n[0] + (p[1] - a[1]) * n[1] + (p[2] - a[2]) * n[2]) / len;
        d <= -slack
    })
}

fn designs() -> Vec<(&'static str, Lattice, Vec<[i32; 3]>)> {
    let block: Vec<[i32; 3]> = (0..3)
        .flat_map(|a| [0, 4].map(|s| pyramid([0, 0, 0], a, s)))
        .flatten()
        .collect();
    let two_rd = [
        rhombic_dodecahedron([0, 0, 0]),
        rhombic_dodecahedron([1, 1, 0]),
    ]
    .concat();
    // Two opposite pyramids of one block meet at its centre only; two pyramids of
    // neighbouring blocks along an edge only.
    let at_a_point = [pyramid([0, 0, 0], 2, 0), pyramid([0, 0, 0], 2, 4)].concat();
    let along_an_edge = [pyramid([0, 0, 0], 2, 4), pyramid([0, 1, 1], 1, 0)].concat();
    // The eight corner sub-voxels around space point (1, 0, 0) (an odd point: the corner
    // sub-voxels of every block are at such points).
    let mut octahedron = Vec::new();
    for b in [0, 1].map(|x| [-1, 0].map(|y| [-1, 0].map(|z| [x, y, z]))) {
        for b in b.into_iter().flatten() {
            let local = [1 - b[0], -b[1], -b[2]].map(|v| 2 * v);
            octahedron.push([0, 1, 2].map(|k| 3 * b[k] + local[k]));
        }
    }
    let with_tetrahedron = [octahedron.clone(), vec![[1, 1, 1]]].concat();
    let hexagon: Vec<[i32; 3]> = [-1, 0]
        .into_iter()
        .flat_map(|y| (0..3).flat_map(move |x| [0, 1].map(|z| [x, y, z])))
        .collect();
    let tetra_block: Vec<[i32; 3]> =
        [[1, 1, 1], [2, 0, 0], [0, 2, 0], [0, 0, 2], [2, 2, 2]].to_vec();
    // Two prisms of layer 1 (an up and a down triangle round tiling vertex (3, 1)) meeting
    // along a vertical edge only, both on a full layer 0 (so the edge's lower end is joined on
    // both sides) and then also under a full layer 2 (both ends): the corridor frames' case.
    let floor: Vec<[i32; 3]> = (0..2)
        .flat_map(|y| (0..5).map(move |x| [x, y, 0]))
        .collect();
    let pinched = [floor.clone(), vec![[2, 0, 1], [2, 1, 1]]].concat();
    let roof: Vec<[i32; 3]> = floor.iter().map(|&[x, y, _]| [x, y, 2]).collect();
    let pinched_twice = [pinched.clone(), roof].concat();
    vec![
        ("a prism edge joined at one end", P, pinched),
        ("a prism edge joined at both ends", P, pinched_twice),
        ("one pyramid", R, pyramid([0, 0, 0], 0, 0)),
        ("a block", R, block),
        ("a rhombic dodecahedron", R, rhombic_dodecahedron([0, 0, 0])),
        ("two rhombic dodecahedra", R, two_rd),
        ("pyramids meeting at a point", R, at_a_point),
        ("pyramids meeting along an edge", R, along_an_edge),
        ("an octahedron", T, octahedron),
        ("a tetra-octa block", T, tetra_block),
        ("a tetrahedron on an octahedron", T, with_tetrahedron),
        // The six prisms round a vertex of the tiling, two layers high; two prisms meeting
        // along a vertical edge only (up triangles of one row, two apart), and at a point.
        ("a hexagonal prism", P, hexagon),
        (
            "prisms meeting along an edge",
            P,
            vec![[0, 0, 0], [2, 0, 0]],
        ),
        ("prisms meeting at a point", P, vec![[0, 0, 0], [2, 0, 1]]),
    ]
}

#[test]
fn meshes_are_closed_manifolds_of_the_cells_volume() {
    for (name, l, cells) in designs() {
        // The surface before shrinking: closed faces of exactly the cells' volume.
        let faces = boundary(l, &cells).unwrap();
        let (mut six, mut area) = (0.0, 0.0);
        for f in &faces {
            let v = |i: usize| l.space(f.corners[i]).map(|x| x * 10.0);
            for k in 1..f.corners.len() - 1 {
                let (a, b, c) = (v(0), v(k), v(k + 1));
                six += a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                    + a[2] * (b[0] * c[1] - b[1] * c[0]);
                let (u, w) = (
                    [0, 1, 2].map(|i| b[i] - a[i]),
                    [0, 1, 2].map(|i| c[i] - a[i]),
                );
                let n = [
                    u[1] * w[2] - u[2] * w[1],
                    u[2] * w[0] - u[0] * w[2],
                    u[0] * w[1] - u[1] * w[0],
                ];
                area += 0.5 * (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            }
        }
        let want = cells_volume(l, &cells);
        assert!(
            (six / 6.0 - want).abs() < 1e-6 * want,
            "{name}: {} vs {want}",
            six / 6.0
        );
        for gap in [0.01, 0.2, 1.0] {
            let m = lattice_mesh(l, &cells, &opts(gap)).unwrap();
            check(&m).unwrap_or_else(|e| panic!("{name} gap {gap}: {e}"));
            no_self_intersection(&m).unwrap_or_else(|e| panic!("{name} gap {gap}: {e}"));
            let v = volume(&m);
            // Shrunk by gap/2 on every face: less than the cells, by at most the area times it.
            let least = want - area * gap / 2.0;
            assert!(
                v < want && v >= least - 1e-9,
                "{name} gap {gap}: {v} vs {least}..{want}"
            );
            // Every vertex lies inside the piece's own cells (so apart from every other cell).
            for p in &m.vertices {
                assert!(
                    cells.iter().any(|&c| inside_cell(l, c, *p, -1e-9)),
                    "{name} gap {gap}: vertex {p:?} outside its cells"
                );
            }
        }
        // A gap of a thousandth of a millimetre: the volume of the cells.
        let v = volume(&lattice_mesh(l, &cells, &opts(0.001)).unwrap());
        assert!((v - want).abs() < 0.01 * want, "{name}: {v} vs {want}");
    }
}

#[test]
fn bad_input_is_refused_not_meshed() {
    let with_bevel = PrintOptions {
        unit: 10.0,
        gap: 0.2,
        bevel: 0.5,
    };
    assert!(lattice_mesh(R, &pyramid([0, 0, 0], 0, 0), &with_bevel)
        .unwrap_err()
        .to_string()
        .contains("cube grid only"));
    assert!(lattice_mesh(R, &[[0, 0, 0]], &opts(0.2))
        .unwrap_err()
        .to_string()
        .contains("not a cell"));
    assert!(lattice_mesh(T, &[], &opts(0.2)).is_err());
}

/// A solution's pieces do not overlap: a block and its six neighbours' facing pyramids in six
/// pieces (each a rhombic dodecahedron's share), every vertex of each piece's mesh inside its
/// own cells and inside none of another piece's.
#[test]
fn pieces_of_an_assembly_do_not_overlap() {
    let pieces: Vec<Vec<[i32; 3]>> = (0..3)
        .flat_map(|axis| {
            [0, 4].map(|side| {
                let mut nb = [0, 0, 0];
                nb[axis] = if side == 0 { -1 } else { 1 };
                [pyramid([0, 0, 0], axis, side), pyramid(nb, axis, 4 - side)].concat()
            })
        })
        .collect();
    for (i, cells) in pieces.iter().enumerate() {
        let m = lattice_mesh(R, cells, &opts(0.2)).unwrap();
        check(&m).unwrap();
        for p in &m.vertices {
            assert!(cells.iter().any(|&c| inside_cell(R, c, *p, -1e-9)));
            for (j, other) in pieces.iter().enumerate() {
                if j != i {
                    // Not inside another piece's cell, even by a micrometre.
                    assert!(
                        !other.iter().any(|&c| inside_cell(R, c, *p, 1e-3)),
                        "piece {i}'s vertex {p:?} lies in piece {j}"
                    );
                }
            }
        }
    }
}
