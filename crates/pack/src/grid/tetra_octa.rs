//! **Tetrahedra and octahedra** (BurrTools `gridType` 4, `voxel_4.cpp`) on the cube lattice of
//! sub-voxels: space is cut into 3×3×3 blocks, each cut like a cube into its inscribed regular
//! tetrahedron (the centre sub-voxel `(1, 1, 1)`) and the four corner pieces around it; which
//! four corners depends on the block's parity (the sum of its block coordinates), so that the
//! eight corner pieces around every other lattice vertex make one octahedron (BurrTools'
//! `validCoordinate`: 5 cells a block). A piece may be turned by the cube's isometries about a
//! block *corner*, `(−½, −½, −½)` (BurrTools pads a shape to multiples of 6 and rotates it in
//! that box, `voxel_4_c::transform`, which is the same up to one of the grid's translations),
//! and moved by whole blocks of even total parity (`onGrid`): the face-centred cubic lattice
//! spanned by `(3, 3, 0)`, `(3, 0, 3)`, `(0, 3, 3)`.

use wurfel_geom::{Cell, Iso};

/// Sub-voxels per block edge.
pub const BLOCK: i32 = 3;

/// The block of `c` and `c`'s position in it.
fn split(c: Cell) -> (Cell, Cell) {
    (
        c.map(|v| v.div_euclid(BLOCK)),
        c.map(|v| v.rem_euclid(BLOCK)),
    )
}

/// Whether `c` is a cell (BurrTools' `validCoordinate`): the centre of a block, or a corner
/// with an even number of far sides (`2`) in an odd block, odd in an even block.
pub(super) fn is_cell(c: Cell) -> bool {
    let (b, s) = split(c);
    if s == [1, 1, 1] {
        return true;
    }
    if s.contains(&1) {
        return false;
    }
    let far = s.iter().filter(|&&v| v == 2).count() as i32;
    (b[0] + b[1] + b[2] + far) & 1 == 1
}

/// `iso` about the point `(−½, −½, −½)`: on doubled coordinates `2c + 1`, about the origin.
pub(super) fn apply(iso: Iso, c: Cell) -> Cell {
    let d = iso.apply(c.map(|v| 2 * v + 1));
    d.map(|v| (v - 1) / 2)
}

/// Whether `t` is one of the grid's translations: whole blocks, an even number in all.
pub(super) fn is_translation(t: Cell) -> bool {
    t.iter().all(|v| v.rem_euclid(BLOCK) == 0) && ((t[0] + t[1] + t[2]) / BLOCK).rem_euclid(2) == 0
}

/// Two positions of one shape differ by an allowed translation iff their classes are equal:
/// the position within a block, and the block's parity.
pub(super) fn class(lo: Cell) -> Cell {
    let (b, s) = split(lo);
    [s[0], s[1], s[2] + BLOCK * ((b[0] + b[1] + b[2]) & 1)]
}

#[cfg(test)]
mod tests {
    use super::super::{Grid, PlacementRule};
    use super::*;
    use std::collections::HashSet;
    use wurfel_geom::Shape;

    /// The cells with every coordinate in `-6..6` (a 2×2×2 cell of the translation lattice in
    /// each octant, so every kind of cell several times).
    fn region() -> Vec<Cell> {
        let r = -6..6;
        let mut v = Vec::new();
        for z in r.clone() {
            for y in r.clone() {
                for x in r.clone() {
                    if is_cell([x, y, z]) {
                        v.push([x, y, z]);
                    }
                }
            }
        }
        v
    }

    #[test]
    fn blocks_have_burrtools_5_cells() {
        let cells = region();
        assert_eq!(cells.len(), 5 * 4 * 4 * 4);
        // voxel_4.cpp's `validCoordinate`: block (0, 0, 0) is even, block (1, 0, 0) odd.
        for c in [[1, 1, 1], [2, 0, 0], [0, 2, 0], [0, 0, 2], [2, 2, 2]] {
            assert!(cells.contains(&c), "{c:?}");
        }
        for c in [[3, 0, 0], [5, 2, 0], [3, 2, 2], [5, 0, 2], [4, 1, 1]] {
            assert!(cells.contains(&c), "{c:?}");
        }
        for c in [[0, 0, 0], [2, 2, 0], [5, 0, 0], [1, 0, 0], [1, 1, 0]] {
            assert!(!cells.contains(&c), "{c:?}");
        }
    }

    /// The rotation group (24) and the full group with reflections (48): distinct maps of the
    /// cells onto cells, the identity among them, closed under composition.
    #[test]
    fn symmetry_groups_order_closure_identity() {
        let cells = region();
        for (isos, order) in [(Iso::rotations().to_vec(), 24), (Iso::all().to_vec(), 48)] {
            let images: Vec<Vec<Cell>> = isos
                .iter()
                .map(|&r| cells.iter().map(|&c| apply(r, c)).collect())
                .collect();
            let set: HashSet<&Vec<Cell>> = images.iter().collect();
            assert_eq!(set.len(), order, "distinct maps");
            assert!(set.contains(&cells), "the identity");
            for im in &images {
                assert!(im.iter().all(|&c| is_cell(c)), "cells map to cells");
            }
            for &a in &isos {
                for &b in &isos {
                    let comp: Vec<Cell> = cells.iter().map(|&c| apply(a, apply(b, c))).collect();
                    assert!(set.contains(&comp), "closed under composition");
                }
            }
        }
    }

    /// The translations map cells to cells, the others among whole blocks do not (the block
    /// parity would change), and the placement rule allows exactly them.
    #[test]
    fn translations_are_even_blocks() {
        let cells = region();
        let moved = |d: Cell| -> Vec<Cell> {
            cells
                .iter()
                .map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
                .collect()
        };
        for t in [[3, 3, 0], [0, -3, 3], [6, 0, 0], [3, 3, 6]] {
            assert!(is_translation(t));
            assert!(moved(t).iter().all(|&c| is_cell(c)), "{t:?}");
        }
        for t in [[3, 0, 0], [0, 0, -3], [3, 3, 3], [1, 1, 0]] {
            assert!(!is_translation(t));
            assert!(!moved(t).iter().all(|&c| is_cell(c)), "{t:?}");
        }
        let shape = Shape::new(cells.iter().copied()).unwrap();
        let rule = PlacementRule::new(Grid::TetrahedraOctahedra, &shape).unwrap();
        assert!(rule.allows(&moved([3, -3, 0])));
        assert!(rule.allows(&moved([-6, 0, 0])));
        assert!(!rule.allows(&moved([0, 3, 0])));
        assert!(!rule.allows(&moved([2, 0, 0])));
    }
}
