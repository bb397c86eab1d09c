//! The order in which the frontier counter visits the box cells.
//!
//! The counter keeps, for the cell it is at, which of the next `W` cells (in this order) are
//! already filled, where `W` is the largest span of any item (a placement, or a whole orbit of
//! placements under a symmetry) between its first and last cell in this order. The number of
//! states grows with `W`, so the order that makes `W` smallest is chosen: usually the longest
//! axis slowest and the shortest fastest, so that a layer across the long axis is small. A
//! symmetry that reverses the slowest axis sends a piece near one end to the other end; for
//! its fixed points the layers are taken *folded* (0, n-1, 1, n-2, ...) so that a piece and its
//! image are visited close together.

use wurfel_geom::BoxGrid;

/// A visiting order of the box cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Order {
    /// Position of each box cell.
    pub rank: Vec<u32>,
    /// Box cell at each position.
    pub cells: Vec<u32>,
    /// Axes from slowest to fastest (0 = x, 1 = y, 2 = z).
    pub axes: [usize; 3],
    /// Whether the slowest axis is folded (layer k next to layer n-1-k).
    pub folded: bool,
    /// Positions per layer along the slowest axis.
    pub layer: usize,
}

impl Order {
    fn new(grid: &BoxGrid, axes: [usize; 3], folded: bool) -> Order {
        let d = grid.dims();
        let n = d[axes[0]];
        let mut rank = vec![0u32; grid.len()];
        for (i, r) in rank.iter_mut().enumerate() {
            let c = grid.cell(i);
            let v = |a: usize| c[axes[a]] as usize;
            let slow = if folded {
                let k = v(0).min(n - 1 - v(0));
                2 * k + usize::from(v(0) > n - 1 - v(0))
            } else {
                v(0)
            };
            *r = ((slow * d[axes[1]] + v(1)) * d[axes[2]] + v(2)) as u32;
        }
        let mut cells = vec![0u32; grid.len()];
        for (i, &r) in rank.iter().enumerate() {
            cells[r as usize] = i as u32;
        }
        Order {
            rank,
            cells,
            axes,
            folded,
            layer: d[axes[1]] * d[axes[2]],
        }
    }

    /// The span (last position - first position + 1) of a set of cells.
    pub fn span(&self, cells: &[u32]) -> usize {
        let mut lo = u32::MAX;
        let mut hi = 0;
        for &c in cells {
            let r = self.rank[c as usize];
            lo = lo.min(r);
            hi = hi.max(r);
        }
        (hi - lo) as usize + 1
    }

    /// Text such as `z slowest, then y, then x` (with `folded` when it is).
    pub fn describe(&self) -> String {
        let name = |a: usize| ["x", "y", "z"][a];
        format!(
            "{} slowest{}, then {}, then {}",
            name(self.axes[0]),
            if self.folded { " (folded)" } else { "" },
            name(self.axes[1]),
            name(self.axes[2])
        )
    }
}

/// Every candidate order, best first when windows tie: unfolded before folded, the longest
/// axis slowest, the shortest fastest.
fn candidates(grid: &BoxGrid) -> Vec<Order> {
    let d = grid.dims();
    let mut axes: Vec<[usize; 3]> = vec![
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    // Stable: among equal lengths the later axis (z before y before x) goes slowest.
    axes.sort_by_key(|a| (std::cmp::Reverse(d[a[0]]), d[a[2]], std::cmp::Reverse(a[0])));
    let mut out: Vec<Order> = axes.iter().map(|&a| Order::new(grid, a, false)).collect();
    out.extend(
        axes.iter()
            .filter(|a| d[a[0]] > 2)
            .map(|&a| Order::new(grid, a, true)),
    );
    out
}

/// The order with the smallest window for these items (sets of box cells), and that window.
pub(crate) fn best(grid: &BoxGrid, items: &[Vec<u32>]) -> (Order, usize) {
    let mut best: Option<(Order, usize)> = None;
    for o in candidates(grid) {
        let w = items.iter().map(|c| o.span(c)).max().unwrap_or(1);
        if best.as_ref().is_none_or(|(_, bw)| w < *bw) {
            best = Some((o, w));
        }
    }
    best.expect("there is always a candidate order")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_are_permutations_and_folding_pairs_layers() {
        let grid = BoxGrid::new([2, 3, 5]);
        for o in candidates(&grid) {
            let mut seen = o.cells.clone();
            seen.sort_unstable();
            assert_eq!(seen, (0..30).collect::<Vec<u32>>());
            for (i, &c) in o.cells.iter().enumerate() {
                assert_eq!(o.rank[c as usize] as usize, i);
            }
        }
        let folded = Order::new(&grid, [2, 1, 0], true);
        // Layer z = 4 comes right after layer z = 0.
        let first_of = |z: i32| folded.rank[grid.index([0, 0, z]).unwrap()] as usize;
        assert_eq!(first_of(0), 0);
        assert_eq!(first_of(4), 6);
        assert_eq!(first_of(1), 12);
        assert_eq!(first_of(2), 24);
    }

    #[test]
    fn the_longest_axis_goes_slowest() {
        let grid = BoxGrid::new([2, 3, 40]);
        // Dominoes at the origin along z, x and y (a piece's items come in every orientation).
        let at = |c: [i32; 3]| grid.index(c).unwrap() as u32;
        let items = vec![
            vec![0, at([0, 0, 1])],
            vec![0, at([1, 0, 0])],
            vec![0, at([0, 1, 0])],
        ];
        let (o, w) = best(&grid, &items);
        assert_eq!(o.axes, [2, 1, 0]);
        assert!(!o.folded);
        assert_eq!(w, 7);
    }
}
