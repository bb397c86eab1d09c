//! One folded chain: its cells in chain order, as moves and as layers.

use crate::board::DIRECTION_LETTERS;

/// One folded chain: the cells in the order the chain visits them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folding {
    pub(crate) dims: [usize; 3],
    pub(crate) cells: Vec<[i32; 3]>,
}

impl Folding {
    /// Cells in chain order.
    pub fn cells(&self) -> &[[i32; 3]] {
        &self.cells
    }

    /// Box dimensions.
    pub fn dims(&self) -> [usize; 3] {
        self.dims
    }

    fn direction(a: [i32; 3], b: [i32; 3]) -> usize {
        let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        crate::board::DIRECTIONS
            .iter()
            .position(|&v| v == d)
            .unwrap_or(0)
    }

    /// One letter per step (R/L = ±x, B/F = ±y, U/D = ±z).
    pub fn moves(&self) -> String {
        self.cells
            .windows(2)
            .map(|w| DIRECTION_LETTERS[Self::direction(w[0], w[1])])
            .collect()
    }

    /// One letter per segment with its number of steps, e.g. `R2 B1 U2`.
    pub fn segment_moves(&self) -> String {
        let m: Vec<char> = self.moves().chars().collect();
        let mut out: Vec<String> = Vec::new();
        let mut i = 0;
        while i < m.len() {
            let mut j = i;
            while j < m.len() && m[j] == m[i] {
                j += 1;
            }
            out.push(format!("{}{}", m[i], j - i));
            i = j;
        }
        out.join(" ")
    }

    /// The visiting order drawn as layers (see [`wurfel_geom::BoxGrid::layers_text`]): top layer
    /// first, rows `y = Y-1` at the top, each cell showing its 1-based position along the chain;
    /// ends with a newline.
    pub fn layers(&self) -> String {
        let grid = wurfel_geom::BoxGrid::new(self.dims);
        let mut order = vec![0usize; grid.len()];
        for (i, &c) in self.cells.iter().enumerate() {
            if let Some(at) = grid.index(c) {
                order[at] = i + 1;
            }
        }
        grid.layers_text(|i| Some(order[i].to_string())) + "\n"
    }
}
