//! **Rhombic dodecahedra** (BurrTools `gridType` 3, `rhombic_voxel.cpp`) on the cube lattice
//! of sub-voxels: space is cut into 5×5×5 blocks; in each block 24 positions are cells (those
//! whose block-local coordinates, folded as `x → min(x, 4 − x)`, contain each of 0, 1 and 2,
//! BurrTools' `validCoordinate`); a rhombic dodecahedron is a set of such cells. A piece may be
//! rotated by the cube's isometries about a block centre (BurrTools' `symmetries_0`, applied to
//! a shape padded to whole blocks, `RhombicVoxel::transform`) and translated by whole blocks
//! only (BurrTools' `onGrid`: every coordinate a multiple of 5).

use wurfel_geom::{Cell, Iso};

/// Sub-voxels per block edge.
pub const BLOCK: i32 = 5;

/// Whether `c` is a cell (BurrTools' `validCoordinate`).
pub(super) fn is_cell(c: Cell) -> bool {
    let f = c.map(|v| {
        let m = v.rem_euclid(BLOCK);
        m.min(BLOCK - 1 - m)
    });
    (0..3).all(|k| f.contains(&k))
}

/// `iso` about the centre `(2, 2, 2)` of block 0.
pub(super) fn apply(iso: Iso, c: Cell) -> Cell {
    let h = BLOCK / 2;
    let d = iso.apply([c[0] - h, c[1] - h, c[2] - h]);
    [d[0] + h, d[1] + h, d[2] + h]
}

/// Whether `t` is one of the grid's translations: whole blocks.
pub(super) fn is_translation(t: Cell) -> bool {
    t.iter().all(|v| v.rem_euclid(BLOCK) == 0)
}

/// Two positions of one shape differ by an allowed translation iff their classes are equal.
pub(super) fn class(lo: Cell) -> Cell {
    lo.map(|v| v.rem_euclid(BLOCK))
}

#[cfg(test)]
mod tests {
    use super::super::{Grid, PlacementRule};
    use super::*;
    use std::collections::HashSet;
    use wurfel_geom::Shape;

    fn block_cells() -> Vec<Cell> {
        let mut v = Vec::new();
        for z in 0..5 {
            for y in 0..5 {
                for x in 0..5 {
                    if is_cell([x, y, z]) {
                        v.push([x, y, z]);
                    }
                }
            }
        }
        v
    }

    #[test]
    fn block_has_burrtools_24_cells() {
        let cells = block_cells();
        assert_eq!(cells.len(), 24);
        // BurrTools' `voxelCoords` table in rhombic_voxel.cpp lists these among them.
        for c in [[2, 1, 0], [0, 2, 1], [4, 3, 2], [2, 3, 4]] {
            assert!(cells.contains(&c), "{c:?}");
        }
    }

    /// The rotation group (24) and the full group with reflections (48) of the rhombic grid:
    /// distinct maps of the block's cells onto themselves, closed under composition, the
    /// identity among them.
    #[test]
    fn symmetry_groups_order_closure_identity() {
        let cells = block_cells();
        let as_set: HashSet<Cell> = cells.iter().copied().collect();
        for (isos, order) in [(Iso::rotations().to_vec(), 24), (Iso::all().to_vec(), 48)] {
            let images: Vec<Vec<Cell>> = isos
                .iter()
                .map(|&r| cells.iter().map(|&c| apply(r, c)).collect())
                .collect();
            let set: HashSet<&Vec<Cell>> = images.iter().collect();
            assert_eq!(set.len(), order, "distinct maps");
            assert!(set.contains(&cells), "the identity");
            for im in &images {
                assert!(im.iter().all(|c| as_set.contains(c)), "cells map to cells");
            }
            for &a in &isos {
                for &b in &isos {
                    let comp: Vec<Cell> = cells.iter().map(|&c| apply(a, apply(b, c))).collect();
                    assert!(set.contains(&comp), "closed under composition");
                }
            }
        }
    }

    #[test]
    fn translations_are_whole_blocks() {
        let shape = Shape::new(block_cells()).unwrap();
        let rule = PlacementRule::new(Grid::RhombicDodecahedra, &shape).unwrap();
        let moved = |d: Cell| -> Vec<Cell> {
            shape
                .cells()
                .iter()
                .map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
                .collect()
        };
        assert!(rule.allows(&moved([5, -10, 0])));
        assert!(!rule.allows(&moved([1, 0, 0])));
        assert!(PlacementRule::new(Grid::Cubes, &shape).is_none());
    }
}
