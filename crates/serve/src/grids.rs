//! `GET /api/v1/grids`: the lattices a design may live on, as the designer needs them to draw
//! its layers — each grid's key, name, whether it takes puzzles apart, its smallest
//! translation along each axis (`step`) and the cells of one `step` box (`cells`).
//!
//! The grid's translations map cells to cells, so whether a voxel is a cell repeats with `step`
//! along each axis: the page decides `c` is a cell iff `c mod step` is in `cells`. That keeps
//! `wurfel_pack::grid::Grid::is_cell` the one rule (the test below checks the page's lookup
//! against it over a box on every grid), and the page shifts shapes by `step` so a shifted
//! piece stays the same piece.

use serde::Serialize;
use wurfel_pack::grid::Grid;

/// One grid as the page sees it.
#[derive(Serialize)]
pub struct GridInfo {
    pub key: &'static str,
    pub name: &'static str,
    /// Whether every voxel is a cell (cubes, prisms): then `cells` is the whole `step` box.
    pub every_voxel: bool,
    /// The smallest `t > 0` along each axis such that moving by `t` maps the grid onto itself.
    pub step: [i32; 3],
    /// The cells `c` with `0 <= c[k] < step[k]`.
    pub cells: Vec<[i32; 3]>,
}

/// The smallest translation of `grid` along axis `k` (every grid has one within 12 voxels).
fn step(grid: Grid, k: usize) -> i32 {
    (1..=12)
        .find(|&t| {
            let mut v = [0; 3];
            v[k] = t;
            grid.is_translation(v)
        })
        .expect("a grid repeats within 12 voxels along each axis")
}

/// Every grid, in BurrTools' order.
pub fn all() -> Vec<GridInfo> {
    Grid::ALL
        .into_iter()
        .map(|g| {
            let step = [0, 1, 2].map(|k| step(g, k));
            let mut cells = Vec::new();
            for z in 0..step[2] {
                for y in 0..step[1] {
                    for x in 0..step[0] {
                        if g.is_cell([x, y, z]) {
                            cells.push([x, y, z]);
                        }
                    }
                }
            }
            GridInfo {
                key: g.key(),
                name: g.name(),
                every_voxel: g.every_voxel_a_cell(),
                step,
                cells,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's rule (`designer-grids.js`, `isCell`), written again here: `c mod step` is
    /// one of `cells`.
    fn page_is_cell(info: &GridInfo, c: [i32; 3]) -> bool {
        let m = [0, 1, 2].map(|k| c[k].rem_euclid(info.step[k]));
        info.cells.contains(&m)
    }

    #[test]
    fn the_pages_lookup_is_the_grids_rule_over_a_box() {
        for (g, info) in Grid::ALL.into_iter().zip(all()) {
            assert_eq!(Grid::from_key(info.key), Some(g));
            let mut cells = 0;
            for z in -13..13 {
                for y in -13..13 {
                    for x in -13..13 {
                        let c = [x, y, z];
                        assert_eq!(
                            page_is_cell(&info, c),
                            g.is_cell(c),
                            "{} at {c:?}",
                            info.key
                        );
                        cells += usize::from(g.is_cell(c));
                    }
                }
            }
            assert!(cells > 0, "{}", info.key);
            // Each step is a translation: a shifted shape is the same piece.
            for k in 0..3 {
                let mut t = [0; 3];
                t[k] = info.step[k];
                assert!(g.is_translation(t), "{} step {k}", info.key);
            }
        }
        let by = |k: &str| all().into_iter().find(|i| i.key == k).expect("grid");
        assert_eq!(by("cubes").step, [1, 1, 1]);
        assert_eq!(by("triangular-prisms").step, [2, 2, 1]);
        assert_eq!(by("spheres").step, [2, 2, 2]);
        assert_eq!(by("rhombic-dodecahedra").step, [5, 5, 5]);
        assert_eq!(by("rhombic-dodecahedra").cells.len(), 24);
        assert_eq!(by("tetrahedra-octahedra").step, [6, 6, 6]);
        assert_eq!(by("tetrahedra-octahedra").cells.len(), 5 * 8);
    }
}
