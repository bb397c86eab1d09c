//! Grids as data: which lattice a puzzle's cells live on and which placements of a piece that
//! lattice allows. The cube grid is the engine's native one (every rotation, every unit
//! translation). Other BurrTools grids are encoded on the cube lattice of *sub-voxels*, as
//! BurrTools itself stores them, with a rule restricting the placements.
//!
//! **Rhombic dodecahedra** (BurrTools `gridType` 3, `rhombic_voxel.cpp`): space is cut into
//! 5×5×5 blocks of sub-voxels; in each block 24 positions are cells (those whose block-local
//! coordinates, folded as `x → min(x, 4 − x)`, contain each of 0, 1 and 2, BurrTools'
//! `validCoordinate`); a rhombic dodecahedron is a set of such cells. A piece may be rotated by
//! the cube's 24 rotations about a block centre (BurrTools' `symmetries_0`, applied to a shape
//! padded to whole blocks) and translated by whole blocks only (BurrTools' `onGrid`: every
//! coordinate a multiple of 5). Face adjacency and disassembly are not defined on this grid
//! here (BurrTools offers assembly only on it).

use std::collections::HashSet;
use wurfel_geom::{Cell, Iso, Shape};

/// The lattice of a puzzle's cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Grid {
    /// Unit cubes: every rotation and unit translation (the engine's native grid).
    #[default]
    Cubes,
    /// Rhombic dodecahedra as BurrTools encodes them (see the module documentation).
    RhombicDodecahedra,
}

/// Sub-voxels per block edge on the rhombic grid.
pub const RHOMBIC_BLOCK: i32 = 5;

impl Grid {
    /// The grid's name as BurrTools' documentation calls it.
    pub fn name(self) -> &'static str {
        match self {
            Grid::Cubes => "cubes",
            Grid::RhombicDodecahedra => "rhombic dodecahedra",
        }
    }

    /// Whether `c` is a cell of the grid.
    pub fn is_cell(self, c: Cell) -> bool {
        match self {
            Grid::Cubes => true,
            Grid::RhombicDodecahedra => {
                let f = c.map(|v| {
                    let m = v.rem_euclid(RHOMBIC_BLOCK);
                    m.min(RHOMBIC_BLOCK - 1 - m)
                });
                (0..3).all(|k| f.contains(&k))
            }
        }
    }

    /// The grid's rotations as maps of cells (rhombic: about the centre of block 0).
    pub fn rotations(self) -> Vec<Box<dyn Fn(Cell) -> Cell>> {
        Iso::rotations()
            .into_iter()
            .map(|r| -> Box<dyn Fn(Cell) -> Cell> {
                match self {
                    Grid::Cubes => Box::new(move |c| r.apply(c)),
                    Grid::RhombicDodecahedra => Box::new(move |c| {
                        let h = RHOMBIC_BLOCK / 2;
                        let d = r.apply([c[0] - h, c[1] - h, c[2] - h]);
                        [d[0] + h, d[1] + h, d[2] + h]
                    }),
                }
            })
            .collect()
    }
}

impl Grid {
    /// Whether pictures, meshes and the viewer can draw the grid (the drawing code's lattice
    /// for it: `wurfel_present::scene::lattice`).
    pub fn check_drawing(self) -> Result<(), String> {
        match self {
            Grid::Cubes | Grid::RhombicDodecahedra => Ok(()),
        }
    }

    /// Refuses the assembly steps picture and disassembly animations off the cube grid: they
    /// follow cubes and unit slides (BurrTools does not disassemble on the rhombic grid).
    pub fn check_steps(self) -> Result<(), String> {
        match self {
            Grid::Cubes => Ok(()),
            g => Err(format!(
                "this puzzle is on the grid of {}: wurfel draws and exports its pieces and \
                 assemblies, but builds steps and disassemblies on the cube grid only (BurrTools \
                 does not disassemble on this grid either)",
                g.name()
            )),
        }
    }

    /// Refuses disassembly off the cube grid: sliding moves are unit steps of cubes (BurrTools
    /// has no disassembler on the rhombic grid either).
    pub fn check_disassembly(self) -> Result<(), crate::disassembly::DisassemblyError> {
        match self {
            Grid::Cubes => Ok(()),
            g => Err(crate::disassembly::DisassemblyError::UnsupportedGrid(
                g.name(),
            )),
        }
    }
}

/// The placements a non-cube grid allows for one piece: each as its normalized cells and the
/// residue of its minimum corner modulo the block, so that a placed cell set is allowed iff
/// its key is in the set.
pub struct PlacementRule {
    keys: HashSet<(Vec<Cell>, Cell)>,
}

fn key(cells: &[Cell]) -> (Vec<Cell>, Cell) {
    let lo = [0, 1, 2].map(|k| cells.iter().map(|c| c[k]).min().unwrap_or(0));
    let mut norm: Vec<Cell> = cells
        .iter()
        .map(|c| [c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])
        .collect();
    norm.sort_unstable();
    (norm, lo.map(|v| v.rem_euclid(RHOMBIC_BLOCK)))
}

impl PlacementRule {
    /// The rule for `shape` on `grid`; `None` on the cube grid (every placement allowed).
    pub fn new(grid: Grid, shape: &Shape) -> Option<PlacementRule> {
        if grid == Grid::Cubes {
            return None;
        }
        let keys = grid
            .rotations()
            .iter()
            .map(|r| key(&shape.cells().iter().map(|&c| r(c)).collect::<Vec<_>>()))
            .collect();
        Some(PlacementRule { keys })
    }

    /// Whether the placed cells (absolute coordinates) are an allowed placement.
    pub fn allows(&self, cells: &[Cell]) -> bool {
        self.keys.contains(&key(cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block_cells() -> Vec<Cell> {
        let mut v = Vec::new();
        for z in 0..5 {
            for y in 0..5 {
                for x in 0..5 {
                    if Grid::RhombicDodecahedra.is_cell([x, y, z]) {
                        v.push([x, y, z]);
                    }
                }
            }
        }
        v
    }

    #[test]
    fn rhombic_block_has_burrtools_24_cells() {
        let cells = block_cells();
        assert_eq!(cells.len(), 24);
        // BurrTools' `voxelCoords` table in rhombic_voxel.cpp lists these among them.
        for c in [[2, 1, 0], [0, 2, 1], [4, 3, 2], [2, 3, 4]] {
            assert!(cells.contains(&c), "{c:?}");
        }
    }

    /// The rotation group of the rhombic grid: 24 distinct maps of the block's cells onto
    /// themselves, closed under composition, each fixing the block (so mapping cells to cells).
    #[test]
    fn rhombic_rotation_group_order_and_closure() {
        let cells = block_cells();
        let rots = Grid::RhombicDodecahedra.rotations();
        let images: Vec<Vec<Cell>> = rots
            .iter()
            .map(|r| cells.iter().map(|&c| r(c)).collect())
            .collect();
        let set: HashSet<&Vec<Cell>> = images.iter().collect();
        assert_eq!(set.len(), 24, "24 distinct rotations");
        let as_set: HashSet<Cell> = cells.iter().copied().collect();
        for im in &images {
            assert!(im.iter().all(|c| as_set.contains(c)), "cells map to cells");
        }
        for a in &rots {
            for b in &rots {
                let comp: Vec<Cell> = cells.iter().map(|&c| a(b(c))).collect();
                assert!(set.contains(&comp), "closed under composition");
            }
        }
    }

    #[test]
    fn rhombic_translations_are_whole_blocks() {
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
