//! The rhombic-dodecahedron grid as BurrTools stores it (its grid type 3): cells of a cube
//! lattice of *sub-voxels*, of which only some are valid, repeating every
//! [`RHOMBIC_PERIOD`] sub-voxels along each axis (BurrTools `RhombicVoxel::validCoordinate`).
//!
//! The grid shares the cube's symmetry group ([`Iso::all`]) but about the centre
//! `(2, 2, 2)` of each period, not the origin, and a translation keeps the grid only when every
//! component is a multiple of the period (BurrTools `RhombicVoxel::onGrid`). This module is the
//! grid's data; the engine does not use it yet (see issue 42, "grids as data").

use crate::{Cell, Iso};

/// Sub-voxels per period along each axis; shapes live in boxes whose sides are multiples of it.
pub const RHOMBIC_PERIOD: i32 = 5;

/// Centre of a period: the cube's isometries map valid sub-voxels to valid ones about it.
const CENTRE: i32 = 2;

/// Whether sub-voxel `c` is part of the rhombic grid: folding each coordinate of its period
/// onto `0..=2` (`x` and `4 - x` alike) must give `0`, `1` and `2` once each.
pub fn rhombic_subvoxel(c: Cell) -> bool {
    let fold = |v: i32| {
        let m = v.rem_euclid(RHOMBIC_PERIOD);
        if m > CENTRE {
            2 * CENTRE - m
        } else {
            m
        }
    };
    let f = c.map(fold);
    (0..=CENTRE).all(|want| f.contains(&want))
}

/// Whether translating by `t` maps the rhombic grid onto itself.
pub fn rhombic_translation(t: Cell) -> bool {
    t.iter().all(|v| v % RHOMBIC_PERIOD == 0)
}

/// `iso` applied to sub-voxel `c` about the centre of the origin's period.
pub fn rhombic_apply(iso: Iso, c: Cell) -> Cell {
    iso.apply(c.map(|v| v - CENTRE)).map(|v| v + CENTRE)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn period_cells() -> impl Iterator<Item = Cell> {
        let p = RHOMBIC_PERIOD;
        (0..p).flat_map(move |z| (0..p).flat_map(move |y| (0..p).map(move |x| [x, y, z])))
    }

    #[test]
    fn a_period_holds_one_sub_voxel_per_folded_permutation() {
        // Folded coordinates are a permutation of (0, 1, 2): 3! orders, and each 0 and 1 comes
        // from two residues (0 or 4, 1 or 3) while 2 comes from one: 6 * 2 * 2.
        let valid = period_cells().filter(|&c| rhombic_subvoxel(c)).count();
        assert_eq!(valid, 6 * 2 * 2);
    }

    #[test]
    fn the_cube_group_about_the_centre_keeps_the_grid() {
        let group = Iso::all();
        assert_eq!(group.len(), 48);
        assert!(group.contains(&Iso::IDENTITY));
        for a in group {
            for b in group {
                assert!(group.contains(&a.then(b)), "closure");
            }
            for c in period_cells() {
                let image = rhombic_apply(a, c);
                assert_eq!(
                    rhombic_subvoxel(c),
                    rhombic_subvoxel(image),
                    "{a:?} on {c:?}"
                );
            }
        }
    }

    #[test]
    fn about_the_origin_the_cube_group_breaks_the_grid() {
        // Why the centre matters: the mirror x -> -x about the origin sends the valid (1, 0, 2)
        // to (-1, 0, 2), and -1 ≡ 4 folds to 0: (0, 0, 2) is not a sub-voxel of the grid.
        let mirror = Iso::new([0, 1, 2], [-1, 1, 1]).expect("a signed permutation");
        let broken = period_cells()
            .filter(|&c| rhombic_subvoxel(c))
            .any(|c| !rhombic_subvoxel(mirror.apply(c)));
        assert!(broken);
    }

    #[test]
    fn only_whole_periods_translate_the_grid() {
        for t in -2 * RHOMBIC_PERIOD..=2 * RHOMBIC_PERIOD {
            for axis in 0..3 {
                let mut shift = [0; 3];
                shift[axis] = t;
                let keeps = period_cells().filter(|&c| rhombic_subvoxel(c)).all(|c| {
                    let moved = [c[0] + shift[0], c[1] + shift[1], c[2] + shift[2]];
                    rhombic_subvoxel(moved)
                });
                assert_eq!(keeps, rhombic_translation(shift), "shift {shift:?}");
            }
        }
    }
}
