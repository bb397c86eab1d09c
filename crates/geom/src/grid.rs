//! A box of cells with the project's numbering, its symmetries as cell permutations, and the
//! "layers, top first" text every puzzle family prints.

use crate::{Cell, Iso};

/// The six unit steps: +x, −x, +y, −y, +z, −z. Direction `d` and `d ^ 1` are opposite, and
/// `d / 2` is the axis.
pub const DIRECTIONS: [Cell; 6] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
];

/// Widest line [`BoxGrid::layers_text`] puts several layers side by side on.
const LINE_WIDTH: usize = 80;

/// A box `X×Y×Z` with its minimum corner at the origin; cell `(x, y, z)` has index
/// `x + X*(y + Y*z)`, the numbering every crate (and the engine's columns) uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoxGrid {
    dims: [usize; 3],
}

impl BoxGrid {
    /// The box with sides `dims = [X, Y, Z]`. A zero side gives an empty box.
    pub const fn new(dims: [usize; 3]) -> BoxGrid {
        BoxGrid { dims }
    }

    /// `[X, Y, Z]`.
    pub fn dims(&self) -> [usize; 3] {
        self.dims
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.dims.iter().product()
    }

    /// Whether the box has no cells.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `c` lies in the box.
    pub fn contains(&self, c: Cell) -> bool {
        (0..3).all(|k| c[k] >= 0 && (c[k] as usize) < self.dims[k])
    }

    /// The index of `c`, if it lies in the box.
    #[inline]
    pub fn index(&self, c: Cell) -> Option<usize> {
        let [x, y, _] = self.dims;
        self.contains(c)
            .then(|| c[0] as usize + x * (c[1] as usize + y * c[2] as usize))
    }

    /// The cell with index `i` (`i < len()`).
    #[inline]
    pub fn cell(&self, i: usize) -> Cell {
        let [x, y, _] = self.dims;
        [(i % x) as i32, ((i / x) % y) as i32, (i / (x * y)) as i32]
    }

    /// The neighbour of cell `i` in direction `d` (an index into [`DIRECTIONS`]), if inside.
    pub fn step(&self, i: usize, d: usize) -> Option<usize> {
        let c = self.cell(i);
        let v = DIRECTIONS[d];
        self.index([c[0] + v[0], c[1] + v[1], c[2] + v[2]])
    }

    /// The permutation `p` of cell indices induced by `iso` about the origin followed by the
    /// translation that brings the image back onto the box: `p[i]` is the image of cell `i`.
    /// `None` when `iso` does not map the box onto itself (it swaps two unequal sides).
    pub fn permutation(&self, iso: Iso) -> Option<Vec<u32>> {
        if self.is_empty() {
            return Some(Vec::new());
        }
        // The image of the box is the box spanned by the images of two opposite corners.
        let far = [
            self.dims[0] as i32 - 1,
            self.dims[1] as i32 - 1,
            self.dims[2] as i32 - 1,
        ];
        let (a, b) = (iso.apply([0, 0, 0]), iso.apply(far));
        let lo = [a[0].min(b[0]), a[1].min(b[1]), a[2].min(b[2])];
        let hi = [a[0].max(b[0]), a[1].max(b[1]), a[2].max(b[2])];
        if hi[0] - lo[0] != far[0] || hi[1] - lo[1] != far[1] || hi[2] - lo[2] != far[2] {
            return None;
        }
        (0..self.len())
            .map(|i| {
                let c = iso.apply(self.cell(i));
                self.index([c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]])
                    .map(|j| j as u32)
            })
            .collect()
    }

    /// The isometries from `group` that map the box onto itself, each with its permutation
    /// (see [`BoxGrid::permutation`]), in `group`'s order.
    pub fn symmetries(&self, group: &[Iso]) -> Vec<(Iso, Vec<u32>)> {
        group
            .iter()
            .filter_map(|&g| self.permutation(g).map(|p| (g, p)))
            .collect()
    }

    /// The box as text, the way every `wurfel` command prints a solution: one block per layer,
    /// the top layer (highest `z`) first and the row `y = Y-1` at the top of each block, `x`
    /// increasing to the right. `label(i)` gives the text of cell `i` (`None` prints `.`);
    /// labels are right-aligned to the widest one and separated by a space. Layers stand side
    /// by side, three spaces apart, as many per line as fit in 80 columns; further layers
    /// continue after a blank line. No trailing newline.
    pub fn layers_text(&self, label: impl Fn(usize) -> Option<String>) -> String {
        self.layers(label, false)
    }

    /// [`BoxGrid::layers_text`] with coordinates, for a person rebuilding the solution: each
    /// block headed `z=K` and by the `x` of each column, each row led by its `y` (the axis
    /// names on the first row and on the header), e.g.
    ///
    /// ```text
    ///      z=1     z=0
    ///   x  0 1     0 1
    /// y 1  A B     A .
    ///   0  A C     C C
    /// ```
    pub fn layers_text_with_coordinates(&self, label: impl Fn(usize) -> Option<String>) -> String {
        self.layers(label, true)
    }

    fn layers(&self, label: impl Fn(usize) -> Option<String>, coords: bool) -> String {
        let [nx, ny, nz] = self.dims;
        let labels: Vec<String> = (0..self.len())
            .map(|i| label(i).unwrap_or_else(|| ".".to_string()))
            .collect();
        let digits = |n: usize| n.saturating_sub(1).to_string().len();
        let mut w = labels.iter().map(|l| l.chars().count()).max().unwrap_or(1);
        if coords {
            w = w.max(digits(nx));
        }
        let header = |z: usize| format!("z={z}");
        let mut layer_width = nx * (w + 1) - 1;
        if coords {
            layer_width = layer_width.max(header(nz.saturating_sub(1)).len());
        }
        // The row labels: "y 3", "  2", ... (the header lines get "" and "x").
        let margin = if coords { digits(ny) + 2 } else { 0 };
        let lead = |s: String| {
            if coords {
                format!("{s:>margin$}  ")
            } else {
                s
            }
        };
        let per_line = ((LINE_WIDTH + 3) / (layer_width + 3)).max(1);
        let layers: Vec<usize> = (0..nz).rev().collect();
        let mut blocks = Vec::new();
        for chunk in layers.chunks(per_line) {
            let mut block = Vec::with_capacity(ny + 2);
            let join = |parts: Vec<String>| parts.join("   ").trim_end().to_string();
            if coords {
                let heads = chunk
                    .iter()
                    .map(|&z| format!("{:<layer_width$}", header(z)));
                block.push(join(
                    std::iter::once(lead(String::new()) + &join(heads.collect())).collect(),
                ));
                let xs: Vec<String> = chunk
                    .iter()
                    .map(|_| {
                        let row: Vec<String> = (0..nx).map(|x| format!("{x:>w$}")).collect();
                        format!("{:<layer_width$}", row.join(" "))
                    })
                    .collect();
                block.push(lead("x".into()) + &join(xs));
            }
            for y in (0..ny).rev() {
                let parts: Vec<String> = chunk
                    .iter()
                    .map(|&z| {
                        let row: Vec<String> = (0..nx)
                            .map(|x| format!("{:>w$}", labels[x + nx * (y + ny * z)]))
                            .collect();
                        format!("{:<layer_width$}", row.join(" "))
                    })
                    .collect();
                let name = match (coords, y + 1 == ny) {
                    (false, _) => String::new(),
                    (true, true) => format!("y {y}"),
                    (true, false) => y.to_string(),
                };
                block.push(lead(name) + &join(parts));
            }
            blocks.push(block.join("\n"));
        }
        blocks.join("\n\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn index_and_cell_are_inverse() {
        let g = BoxGrid::new([2, 3, 4]);
        assert_eq!(g.len(), 24);
        for i in 0..g.len() {
            assert_eq!(g.index(g.cell(i)), Some(i));
        }
        assert_eq!(g.index([1, 2, 3]), Some(1 + 2 * (2 + 3 * 3)));
        assert_eq!(g.index([2, 0, 0]), None);
        assert_eq!(g.index([0, -1, 0]), None);
        assert_eq!(g.step(0, 0), Some(1));
        assert_eq!(g.step(0, 1), None);
        assert_eq!(g.step(0, 4), Some(6));
    }

    #[test]
    fn symmetry_group_sizes() {
        assert_eq!(BoxGrid::new([3, 3, 3]).symmetries(&Iso::all()).len(), 48);
        assert_eq!(
            BoxGrid::new([3, 3, 3]).symmetries(&Iso::rotations()).len(),
            24
        );
        assert_eq!(BoxGrid::new([6, 6, 2]).symmetries(&Iso::all()).len(), 16);
        assert_eq!(BoxGrid::new([2, 3, 10]).symmetries(&Iso::all()).len(), 8);
        assert_eq!(
            BoxGrid::new([2, 3, 10]).symmetries(&Iso::rotations()).len(),
            4
        );
    }

    #[test]
    fn layers_text_top_layer_first_high_y_on_top() {
        let g = BoxGrid::new([2, 2, 2]);
        let text = g.layers_text(|i| (g.cell(i)[0] == 0).then(|| i.to_string()));
        // z = 1 (cells 4..8) on the left, row y = 1 on top.
        assert_eq!(text, "6 .   2 .\n4 .   0 .");
        let wide = BoxGrid::new([30, 1, 2]);
        let text = wide.layers_text(|_| Some("#".into()));
        assert_eq!(
            text.lines().count(),
            3,
            "two 59-column layers do not fit side by side"
        );
    }

    #[test]
    fn layers_text_with_coordinates_labels_rows_columns_and_layers() {
        let g = BoxGrid::new([2, 2, 2]);
        let text = g.layers_text_with_coordinates(|i| (g.cell(i)[0] == 0).then(|| i.to_string()));
        assert_eq!(
            text,
            "     z=1   z=0\n  x  0 1   0 1\ny 1  6 .   2 .\n  0  4 .   0 ."
        );
        let wide = BoxGrid::new([12, 1, 1]);
        let text = wide.layers_text_with_coordinates(|_| Some("T1".into()));
        assert_eq!(
            text.lines().nth(1).unwrap(),
            "  x   0  1  2  3  4  5  6  7  8  9 10 11"
        );
    }

    proptest! {
        // A symmetry of the box permutes its cells and keeps neighbours neighbours, and agrees
        // with moving the cell by the isometry and re-translating.
        #[test]
        fn permutations_preserve_adjacency(x in 1usize..4, y in 1usize..4, z in 1usize..4) {
            let g = BoxGrid::new([x, y, z]);
            for (iso, p) in g.symmetries(&Iso::all()) {
                let mut sorted = p.clone();
                sorted.sort_unstable();
                prop_assert_eq!(sorted, (0..g.len() as u32).collect::<Vec<_>>());
                for i in 0..g.len() {
                    for d in 0..6 {
                        if let Some(j) = g.step(i, d) {
                            let (a, b) = (g.cell(p[i] as usize), g.cell(p[j] as usize));
                            let dist: i32 = (0..3).map(|k| (a[k] - b[k]).abs()).sum();
                            prop_assert_eq!(dist, 1);
                        }
                    }
                }
                let shape = crate::Shape::cuboid(x as i32, y as i32, z as i32);
                prop_assert_eq!(shape.transformed(iso), shape);
            }
        }
    }
}
