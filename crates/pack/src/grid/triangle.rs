//! **Triangular prisms** (BurrTools `gridType` 1, `triangle_voxel.cpp`): every voxel `(x, y, z)`
//! is a cell, a prism standing on a triangle of the plane's triangular tiling — pointing up
//! when `x + y` is even, down when odd (BurrTools' `(x + y) & 1`), `z` its layer. The grid's
//! point symmetries are the 24 of a hexagonal prism about a tiling vertex (BurrTools'
//! `symmetries_1`, `tabs_1/rotmatrix.inc`: 12 rotations, 12 with a mirror), its translations
//! those keeping every triangle's direction (`onGrid`: `x + y` even; any `z`).
//!
//! A triangle's centroid is `(u / 2, v·√3 / 6)` with `u = x + 1` and `v = 3y + 1` (up) or
//! `3y + 2` (down), BurrTools' `transformPoint`; on these integer coordinates a turn by 60°
//! is `(u, v) ↦ ((u − v) / 2, (3u + v) / 2)`, exact.

use wurfel_geom::Cell;

/// The number of point symmetries: 6 turns in the plane, each with or without a half turn
/// about a horizontal axis (`z ↦ −z` with `u ↦ −u`), each with or without the mirror
/// `u ↦ −u`.
pub(super) const SYMMETRIES: usize = 24;

/// Whether symmetry `i` is a rotation (an even number of the two reflections `z ↦ −z`,
/// `u ↦ −u`, i.e. `i < 12`).
pub(super) fn is_proper(i: usize) -> bool {
    i < 12
}

/// Point symmetry `i < 24`: the mirror if `i ≥ 12`, then the half turn if `(i / 6) % 2 == 1`,
/// then `i % 6` turns by 60°.
pub(super) fn transform(i: usize, c: Cell) -> Cell {
    let (mut u, mut v) = (c[0] + 1, 3 * c[1] + 1 + (c[0] + c[1]).rem_euclid(2));
    let mut z = c[2];
    if i >= 12 {
        u = -u;
    }
    if (i / 6) % 2 == 1 {
        u = -u;
        z = -z;
    }
    for _ in 0..i % 6 {
        (u, v) = ((u - v) / 2, (3 * u + v) / 2);
    }
    let y = (v - 1).div_euclid(3);
    let x = u - 1;
    debug_assert_eq!(
        (x + y).rem_euclid(2),
        (v - 1).rem_euclid(3),
        "a triangle's centroid"
    );
    [x, y, z]
}

/// Whether `t` is one of the grid's translations: `x + y` even.
pub(super) fn is_translation(t: Cell) -> bool {
    (t[0] + t[1]).rem_euclid(2) == 0
}

/// Two positions of one shape differ by an allowed translation iff their classes are equal.
pub(super) fn class(lo: Cell) -> Cell {
    [(lo[0] + lo[1]).rem_euclid(2), 0, 0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn region() -> Vec<Cell> {
        let r = -4..4;
        let mut v = Vec::new();
        for z in r.clone() {
            for y in r.clone() {
                for x in r.clone() {
                    v.push([x, y, z]);
                }
            }
        }
        v
    }

    /// Centroids in the plane, as BurrTools computes them (`transformPoint`), to check the
    /// integer formula against the geometry.
    fn centroid(c: Cell) -> (f64, f64, f64) {
        let y = c[1] as f64 * 0.75f64.sqrt()
            + if (c[0] + c[1]) & 1 == 1 {
                (1.0f64 / 3.0).sqrt()
            } else {
                (1.0f64 / 12.0).sqrt()
            };
        (0.5 + 0.5 * c[0] as f64, y, c[2] as f64)
    }

    /// Each symmetry is an isometry of the centroids (distances kept), maps the region's cells
    /// one to one, and the 24 are distinct, contain the identity and are closed under
    /// composition; the 12 rotations too.
    #[test]
    fn symmetry_groups_order_closure_identity() {
        let cells = region();
        let dist = |a: Cell, b: Cell| {
            let (p, q) = (centroid(a), centroid(b));
            (p.0 - q.0).powi(2) + (p.1 - q.1).powi(2) + (p.2 - q.2).powi(2)
        };
        for (n, order) in [(12, 12), (SYMMETRIES, 24)] {
            let images: Vec<Vec<Cell>> = (0..n)
                .map(|i| cells.iter().map(|&c| transform(i, c)).collect())
                .collect();
            let set: HashSet<&Vec<Cell>> = images.iter().collect();
            assert_eq!(set.len(), order, "distinct maps");
            assert!(set.contains(&cells), "the identity");
            for (i, im) in images.iter().enumerate() {
                let distinct: HashSet<&Cell> = im.iter().collect();
                assert_eq!(distinct.len(), cells.len(), "one to one");
                for (k, &a) in cells.iter().enumerate().step_by(7) {
                    let b = cells[(k * 13 + 5) % cells.len()];
                    let d = dist(transform(i, a), transform(i, b)) - dist(a, b);
                    assert!(d.abs() < 1e-9, "symmetry {i} keeps distances");
                }
            }
            for a in 0..n {
                for b in 0..n {
                    let comp: Vec<Cell> = cells
                        .iter()
                        .map(|&c| transform(a, transform(b, c)))
                        .collect();
                    assert!(set.contains(&comp), "closed under composition");
                }
            }
        }
        assert!((0..SYMMETRIES).all(|i| is_proper(i) == (i < 12)));
    }

    #[test]
    fn translations_keep_directions() {
        assert!(is_translation([1, 1, 5]) && is_translation([2, 0, -1]));
        assert!(!is_translation([1, 0, 0]));
        assert_eq!(class([3, 4, 0]), class([0, 1, 7]));
        assert_ne!(class([3, 3, 0]), class([0, 1, 0]));
    }
}
