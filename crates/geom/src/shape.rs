//! Sets of unit cells: pieces and targets.

use crate::{Iso, DIRECTIONS};
use std::collections::{HashSet, VecDeque};
use std::fmt;

/// A unit cube at integer coordinates `[x, y, z]`, `z` up.
pub type Cell = [i32; 3];

/// Why a list of cells is not a valid shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// No cells at all.
    Empty,
    /// The same cell listed twice.
    Duplicate(Cell),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::Empty => write!(f, "the shape has no cells"),
            ShapeError::Duplicate(c) => {
                write!(f, "cell [{}, {}, {}] is listed twice", c[0], c[1], c[2])
            }
        }
    }
}

impl std::error::Error for ShapeError {}

/// A non-empty set of cells, kept sorted (by `z`, then `y`, then `x`) so that equal sets compare
/// equal. Not normalized unless built by [`Shape::normalized`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    cells: Vec<Cell>,
}

fn sort_key(c: &Cell) -> (i32, i32, i32) {
    (c[2], c[1], c[0])
}

impl Shape {
    /// Builds a shape, rejecting empty lists and duplicate cells.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Result<Shape, ShapeError> {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        if cells.is_empty() {
            return Err(ShapeError::Empty);
        }
        cells.sort_by_key(sort_key);
        if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
            return Err(ShapeError::Duplicate(w[0]));
        }
        Ok(Shape { cells })
    }

    /// A solid `x × y × z` box with its minimum corner at the origin.
    pub fn cuboid(x: i32, y: i32, z: i32) -> Shape {
        let mut cells = Vec::with_capacity((x * y * z).max(0) as usize);
        for k in 0..z {
            for j in 0..y {
                for i in 0..x {
                    cells.push([i, j, k]);
                }
            }
        }
        Shape { cells }
    }

    /// The cells, sorted by `(z, y, x)`. For a normalized box this is exactly the
    /// `x + X*(y + Y*z)` numbering of [`crate::BoxGrid`].
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false (shapes are non-empty); present for API symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Minimum and maximum corner.
    pub fn bounds(&self) -> (Cell, Cell) {
        let mut lo = self.cells[0];
        let mut hi = self.cells[0];
        for c in &self.cells {
            for i in 0..3 {
                lo[i] = lo[i].min(c[i]);
                hi[i] = hi[i].max(c[i]);
            }
        }
        (lo, hi)
    }

    /// Extent along each axis (`hi - lo + 1`).
    pub fn dims(&self) -> [i32; 3] {
        let (lo, hi) = self.bounds();
        [hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1]
    }

    /// Whether the shape fills its bounding box.
    pub fn is_box(&self) -> bool {
        let d = self.dims();
        (d[0] * d[1] * d[2]) as usize == self.cells.len()
    }

    /// Translated so that the minimum corner is the origin.
    pub fn normalized(&self) -> Shape {
        let (lo, _) = self.bounds();
        self.translated([-lo[0], -lo[1], -lo[2]])
    }

    /// Translated by `d`.
    pub fn translated(&self, d: Cell) -> Shape {
        let mut cells: Vec<Cell> = self
            .cells
            .iter()
            .map(|c| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
            .collect();
        cells.sort_by_key(sort_key);
        Shape { cells }
    }

    /// The image under `iso`, normalized.
    pub fn transformed(&self, iso: Iso) -> Shape {
        let mut cells: Vec<Cell> = self.cells.iter().map(|&c| iso.apply(c)).collect();
        cells.sort_by_key(sort_key);
        Shape { cells }.normalized()
    }

    /// Distinct normalized images under the 24 rotations, in the order of [`Iso::rotations`]
    /// (first occurrence kept), each with one rotation that produces it.
    pub fn orientations_with_iso(&self) -> Vec<(Shape, Iso)> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for r in Iso::rotations() {
            let s = self.transformed(r);
            if seen.insert(s.clone()) {
                out.push((s, r));
            }
        }
        out
    }

    /// Distinct normalized images under the 24 rotations.
    pub fn orientations(&self) -> Vec<Shape> {
        self.orientations_with_iso()
            .into_iter()
            .map(|(s, _)| s)
            .collect()
    }

    /// A representative of the shape up to rotation and translation (the smallest normalized
    /// rotated image). Two pieces are the same physical piece iff their canonical forms agree.
    pub fn canonical(&self) -> Shape {
        Iso::rotations()
            .iter()
            .map(|&r| self.transformed(r))
            .min()
            .expect("24 rotations")
    }

    /// The same up to all 48 isometries: equal for a piece and its mirror image.
    pub fn canonical_with_reflections(&self) -> Shape {
        Iso::all()
            .iter()
            .map(|&r| self.transformed(r))
            .min()
            .expect("48 isometries")
    }

    /// The mirror image (x negated), normalized.
    pub fn mirrored(&self) -> Shape {
        self.transformed(Iso::new([0, 1, 2], [-1, 1, 1]).expect("valid"))
    }

    /// Whether the mirror image is a different piece (cannot be reached by rotation).
    pub fn is_chiral(&self) -> bool {
        self.canonical() != self.mirrored().canonical()
    }

    /// Whether the cells are face-connected.
    pub fn is_connected(&self) -> bool {
        let set: HashSet<Cell> = self.cells.iter().copied().collect();
        let mut seen = HashSet::new();
        let mut queue = VecDeque::from([self.cells[0]]);
        seen.insert(self.cells[0]);
        while let Some(c) = queue.pop_front() {
            for n in neighbours(c) {
                if set.contains(&n) && seen.insert(n) {
                    queue.push_back(n);
                }
            }
        }
        seen.len() == self.cells.len()
    }

    /// The isometries (from `group`, e.g. `Iso::all()`) that map this shape onto itself up to
    /// translation. For a box `a×b×c` with distinct sides this gives 8 of the 48 (4 rotations).
    pub fn symmetries(&self, group: &[Iso]) -> Vec<Iso> {
        let me = self.normalized();
        group
            .iter()
            .copied()
            .filter(|&g| self.transformed(g) == me)
            .collect()
    }
}

/// The six face neighbours of a cell, in the order of [`DIRECTIONS`].
pub fn neighbours(c: Cell) -> [Cell; 6] {
    DIRECTIONS.map(|d| [c[0] + d[0], c[1] + d[1], c[2] + d[2]])
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn s(cells: &[Cell]) -> Shape {
        Shape::new(cells.iter().copied()).unwrap()
    }

    #[test]
    fn orientation_counts_of_known_pieces() {
        // Bedlam's pieces: 7 with 24 orientations, 5 with 12, the X pentomino with 3.
        let x = s(&[[0, 1, 0], [1, 0, 0], [1, 1, 0], [2, 1, 0], [1, 2, 0]]);
        assert_eq!(x.orientations().len(), 3);
        let cube = Shape::cuboid(2, 2, 2);
        assert_eq!(cube.orientations().len(), 1);
        let rod = Shape::cuboid(3, 1, 1);
        assert_eq!(rod.orientations().len(), 3);
        let l_tromino = s(&[[0, 0, 0], [1, 0, 0], [0, 1, 0]]);
        assert_eq!(l_tromino.orientations().len(), 12);
        // The Soma screw is chiral but has a 2-fold axis: 12 orientations.
        let screw = s(&[[0, 0, 0], [0, 1, 0], [1, 0, 0], [1, 0, 1]]);
        assert_eq!(screw.orientations().len(), 12);
        assert!(screw.is_chiral());
        assert!(!l_tromino.is_chiral());
    }

    #[test]
    fn box_symmetry_groups() {
        assert_eq!(
            Shape::cuboid(3, 3, 3).symmetries(&Iso::rotations()).len(),
            24
        );
        assert_eq!(Shape::cuboid(3, 3, 3).symmetries(&Iso::all()).len(), 48);
        assert_eq!(
            Shape::cuboid(6, 6, 2).symmetries(&Iso::rotations()).len(),
            8
        );
        assert_eq!(Shape::cuboid(6, 6, 2).symmetries(&Iso::all()).len(), 16);
        assert_eq!(
            Shape::cuboid(2, 3, 10).symmetries(&Iso::rotations()).len(),
            4
        );
        assert_eq!(Shape::cuboid(2, 3, 10).symmetries(&Iso::all()).len(), 8);
    }

    #[test]
    fn duplicate_and_empty_rejected() {
        assert_eq!(Shape::new([]), Err(ShapeError::Empty));
        assert_eq!(
            Shape::new([[0, 0, 0], [1, 0, 0], [0, 0, 0]]),
            Err(ShapeError::Duplicate([0, 0, 0]))
        );
    }

    #[test]
    fn connectivity() {
        assert!(s(&[[0, 0, 0], [1, 0, 0]]).is_connected());
        assert!(!s(&[[0, 0, 0], [1, 1, 0]]).is_connected());
    }

    fn arb_shape() -> impl Strategy<Value = Shape> {
        proptest::collection::hash_set((0..3i32, 0..3i32, 0..3i32), 1..8)
            .prop_map(|set| Shape::new(set.into_iter().map(|(x, y, z)| [x, y, z])).unwrap())
    }

    proptest! {
        // Orbit–stabiliser: |orientations| * |rotational symmetries| = 24.
        #[test]
        fn orbit_stabiliser(shape in arb_shape()) {
            let orbit = shape.orientations().len();
            let stab = shape.symmetries(&Iso::rotations()).len();
            prop_assert_eq!(orbit * stab, 24);
            let orbit48: HashSet<Shape> = Iso::all().iter().map(|&g| shape.transformed(g)).collect();
            prop_assert_eq!(orbit48.len() * shape.symmetries(&Iso::all()).len(), 48);
        }

        #[test]
        fn canonical_is_rotation_invariant(shape in arb_shape(), k in 0usize..24) {
            let r = Iso::rotations()[k];
            prop_assert_eq!(shape.transformed(r).canonical(), shape.canonical());
        }

        #[test]
        fn symmetries_form_a_group(shape in arb_shape()) {
            let g = shape.symmetries(&Iso::all());
            for &a in &g {
                prop_assert!(g.contains(&a.inverse()));
                for &b in &g {
                    prop_assert!(g.contains(&a.then(b)));
                }
            }
        }
    }
}
