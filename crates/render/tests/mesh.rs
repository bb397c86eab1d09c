//! Printable meshes checked as a slicer checks them, and against volumes computed another way.
//!
//! - Without a bevel the solid is the polycube shrunk by `g = gap/2` on every outer face. Its
//!   volume has a closed form in what the piece is made of: `n` cubes, `f` pairs of cubes
//!   sharing a face, `s` 2×2 squares and `c` 2×2×2 blocks of cubes:
//!   `n(1-2g)³ + f(1-2g)²(2g) + s(1-2g)(2g)² + c(2g)³` (each cube keeps a core, each shared face
//!   a slab of thickness 2g, each square a 2g×2g bar, each block a 2g cube).
//! - With a bevel `b` the solid is the polycube shrunk by `g + b`, grown back by an octahedron of
//!   radius `b`: every vertex and every triangle's centre and edge midpoint must lie at L1
//!   distance exactly `b` from the shrunk polycube (computed here from boxes, not from the mesh),
//!   and for a box-shaped piece the volume is Steiner's
//!   `pqr + 2b(pq+qr+rp) + 2b²(p+q+r) + 4b³/3` for the shrunk box `p×q×r`.

mod common;

use common::no_self_intersection;
use proptest::prelude::*;
use std::collections::HashSet;
use wurfel_render::mesh::{check::check, check::volume, piece_mesh, Mesh, PrintOptions};

fn opts(unit: f64, gap: f64, bevel: f64) -> PrintOptions {
    PrintOptions { unit, gap, bevel }
}

/// The closed-form volume of a polycube shrunk by `g` (cube units).
fn shrunk_volume(cells: &[[i32; 3]], g: f64) -> f64 {
    let set: HashSet<[i32; 3]> = cells.iter().copied().collect();
    let has = |c: [i32; 3]| set.contains(&c);
    let add = |c: [i32; 3], d: [i32; 3]| [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
    let (mut faces, mut squares, mut blocks) = (0, 0, 0);
    for &c in &set {
        for a in 0..3 {
            let mut e = [0; 3];
            e[a] = 1;
            faces += has(add(c, e)) as u32;
            let (u, v) = ([0, 1, 2][(a + 1) % 3], [0, 1, 2][(a + 2) % 3]);
            let (mut eu, mut ev) = ([0; 3], [0; 3]);
            eu[u] = 1;
            ev[v] = 1;
            squares += (has(add(c, eu)) && has(add(c, ev)) && has(add(add(c, eu), ev))) as u32;
        }
        let corner = (0..8).all(|m| has(add(c, [m & 1, (m >> 1) & 1, (m >> 2) & 1])));
        blocks += corner as u32;
    }
    let (core, joint) = (1.0 - 2.0 * g, 2.0 * g);
    set.len() as f64 * core.powi(3)
        + faces as f64 * core * core * joint
        + squares as f64 * core * joint * joint
        + blocks as f64 * joint.powi(3)
}

/// L1 distance from `p` to the polycube shrunk by `s` (union of every 1-, 2-, 4- and 8-cube
/// block shrunk by `s`), in cube units.
fn l1_to_shrunk(cells: &[[i32; 3]], s: f64, p: [f64; 3]) -> f64 {
    let set: HashSet<[i32; 3]> = cells.iter().copied().collect();
    let mut best = f64::INFINITY;
    for c in &set {
        for ext in 0..8 {
            let e = [ext & 1, (ext >> 1) & 1, (ext >> 2) & 1];
            let full = (0..=e[0]).all(|x| {
                (0..=e[1])
                    .all(|y| (0..=e[2]).all(|z| set.contains(&[c[0] + x, c[1] + y, c[2] + z])))
            });
            if full {
                let d: f64 = (0..3)
                    .map(|k| {
                        let lo = c[k] as f64 + s;
                        let hi = (c[k] + e[k] + 1) as f64 - s;
                        (lo - p[k]).max(p[k] - hi).max(0.0)
                    })
                    .sum();
                best = best.min(d);
            }
        }
    }
    best
}

/// Every vertex of a bevelled mesh lies on the ideal surface, and with `faces` every triangle's
/// centre and edge midpoint too.
fn assert_on_bevelled_surface(cells: &[[i32; 3]], m: &Mesh, o: &PrintOptions, faces: bool) {
    let (g, b) = (o.gap / 2.0 / o.unit, o.bevel / o.unit);
    let at = |p: [f64; 3]| p.map(|c| c / o.unit);
    let on = |p: [f64; 3], what: &str| {
        let d = l1_to_shrunk(cells, g + b, at(p));
        assert!(
            (d - b).abs() < 1e-9,
            "{what} {p:?} at L1 distance {d}, not {b}"
        );
    };
    for &v in &m.vertices {
        on(v, "vertex");
    }
    for t in m.triangles.iter().filter(|_| faces) {
        let [a, bb, c] = t.map(|i| m.vertices[i as usize]);
        on(
            [0, 1, 2].map(|k| (a[k] + bb[k] + c[k]) / 3.0),
            "triangle centre",
        );
        for (p, q) in [(a, bb), (bb, c), (c, a)] {
            on([0, 1, 2].map(|k| (p[k] + q[k]) / 2.0), "edge midpoint");
        }
    }
}

fn assert_volume(cells: &[[i32; 3]], m: &Mesh, o: &PrintOptions) {
    let want = shrunk_volume(cells, o.gap / 2.0 / o.unit) * o.unit.powi(3);
    let got = volume(m);
    assert!(
        ((got - want) / want).abs() < 1e-6,
        "volume {got}, expected {want} for {cells:?}"
    );
}

#[test]
fn single_cube_is_a_shrunk_cube() {
    let o = opts(10.0, 0.4, 0.0);
    let m = piece_mesh(&[[0, 0, 0]], &o).unwrap();
    check(&m).unwrap();
    assert_eq!(m.triangles.len(), 12);
    assert!((volume(&m) - 9.6f64.powi(3)).abs() < 1e-9);
    let lo = m.vertices.iter().map(|v| v[0]).fold(f64::MAX, f64::min);
    assert!((lo - 0.2).abs() < 1e-12, "each face moves in by gap/2");
}

#[test]
fn edge_contact_becomes_a_gap() {
    // Two cubes of the piece meet only along an edge (joined through the layer above).
    let cells = [[0, 0, 0], [0, 0, 1], [1, 0, 1], [1, 1, 1], [1, 1, 0]];
    let o = opts(10.0, 0.2, 0.0);
    let m = piece_mesh(&cells, &o).unwrap();
    check(&m).unwrap();
    assert_volume(&cells, &m, &o);
}

#[test]
fn boxes_bevelled_match_steiner() {
    for (dims, unit, gap, bevel) in [
        ([1, 1, 1], 10.0, 0.2, 1.0),
        ([1, 2, 4], 10.0, 0.3, 0.5),
        ([2, 2, 1], 12.0, 0.1, 2.0),
        ([3, 1, 1], 8.0, 0.2, 1.8),
    ] {
        let mut cells = Vec::new();
        for x in 0..dims[0] {
            for y in 0..dims[1] {
                for z in 0..dims[2] {
                    cells.push([x, y, z]);
                }
            }
        }
        let o = opts(unit, gap, bevel);
        let m = piece_mesh(&cells, &o).unwrap();
        check(&m).unwrap();
        assert_on_bevelled_surface(&cells, &m, &o, true);
        let s = gap / 2.0 + bevel;
        let [p, q, r] = dims.map(|d| d as f64 * unit - 2.0 * s);
        let b = bevel;
        let want = p * q * r
            + 2.0 * b * (p * q + q * r + r * p)
            + 2.0 * b * b * (p + q + r)
            + 4.0 * b.powi(3) / 3.0;
        let got = volume(&m);
        assert!(
            ((got - want) / want).abs() < 1e-9,
            "{dims:?}: {got} vs {want}"
        );
    }
}

#[test]
fn bad_sizes_are_refused() {
    let c = [[0, 0, 0]];
    for (u, g, b) in [
        (0.0, 0.2, 0.0),
        (10.0, 0.0, 0.0),
        (10.0, -1.0, 0.0),
        (10.0, 0.2, -0.1),
        (10.0, 4.0, 1.0),
        (f64::NAN, 0.2, 0.0),
        (10.0, f64::INFINITY, 0.0),
    ] {
        assert!(piece_mesh(&c, &opts(u, g, b)).is_err(), "{u} {g} {b}");
    }
    assert!(piece_mesh(&[], &opts(10.0, 0.2, 0.0)).is_err());
}

/// A random connected polycube of up to `n` cells grown from the origin.
fn polycube(steps: &[(u8, u8)]) -> Vec<[i32; 3]> {
    let mut cells = vec![[0, 0, 0]];
    let mut set: HashSet<[i32; 3]> = cells.iter().copied().collect();
    for &(from, dir) in steps {
        let base = cells[from as usize % cells.len()];
        let d = wurfel_geom::DIRECTIONS[dir as usize % 6];
        let c = [base[0] + d[0], base[1] + d[1], base[2] + d[2]];
        if set.insert(c) {
            cells.push(c);
        }
    }
    cells
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_polycubes_are_closed_and_exact(
        steps in prop::collection::vec((0u8..64, 0u8..6), 0..14),
        gap in 0.05f64..1.5,
    ) {
        let cells = polycube(&steps);
        let o = opts(10.0, gap, 0.0);
        let m = piece_mesh(&cells, &o).unwrap();
        prop_assert!(check(&m).is_ok(), "{:?}: {:?}", cells, check(&m));
        assert_volume(&cells, &m, &o);
    }

    #[test]
    fn random_polycubes_bevelled_stay_on_the_surface(
        steps in prop::collection::vec((0u8..64, 0u8..6), 0..10),
        gap in 0.05f64..1.0,
        bevel in 0.1f64..1.5,
    ) {
        let cells = polycube(&steps);
        let o = opts(10.0, gap, bevel);
        let m = piece_mesh(&cells, &o).unwrap();
        prop_assert!(check(&m).is_ok(), "{:?}: {:?}", cells, check(&m));
        assert_on_bevelled_surface(&cells, &m, &o, false);
        prop_assert!(no_self_intersection(&m).is_ok(), "{:?}: {:?}", cells, no_self_intersection(&m));
        let unbevelled = shrunk_volume(&cells, gap / 20.0) * 1000.0;
        prop_assert!(volume(&m) < unbevelled);
    }
}

#[test]
fn the_checks_catch_broken_meshes() {
    let o = opts(10.0, 0.2, 0.0);
    let a = piece_mesh(&[[0, 0, 0]], &o).unwrap();
    // Two cubes overlapping by half: closed and oriented, but the surfaces cross.
    let mut both = a.clone();
    let n = a.vertices.len() as u32;
    both.vertices.extend(
        a.vertices
            .iter()
            .map(|v| [v[0] + 5.0, v[1] + 3.0, v[2] + 4.0]),
    );
    both.triangles
        .extend(a.triangles.iter().map(|t| t.map(|i| i + n)));
    assert!(no_self_intersection(&both).is_err());
    // A missing triangle is a hole; a flipped one breaks the orientation.
    let mut holed = a.clone();
    holed.triangles.pop();
    assert!(check(&holed).is_err());
    let mut flipped = a.clone();
    flipped.triangles[0].swap(1, 2);
    assert!(check(&flipped).is_err());
    let mut inside_out = a.clone();
    for t in &mut inside_out.triangles {
        t.swap(1, 2);
    }
    assert!(check(&inside_out).is_err());
    check(&a).unwrap();
}
