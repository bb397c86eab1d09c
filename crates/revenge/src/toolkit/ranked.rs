//! Rank-indexed coordinates: values are the ranks of a combinatorial encoding (the
//! reduction's 3x3x3: twist, flip, slice, permutations), so their move tables and their
//! conjugation and class tables under a group of symmetries are computed from one state per
//! value, with no exploration (unlike [`crate::toolkit::coord::Coord`]'s numbering in
//! discovery order). Tables over pairs of them are reduced by symmetry through these
//! ([`crate::toolkit::prune::SymTable`]).

/// A puzzle model whose turns are states too (a turn as the state it makes from the solved
/// one), so that `a.then(b)` is `a` followed by `b`: the reduction's 3x3x3.
pub(crate) trait Compose: Sized {
    fn then(&self, m: &Self) -> Self;
    /// The inverse: `self.then(&self.inverse())` is solved.
    fn inverse(&self) -> Self;
}

/// A rank-indexed coordinate: its values are the ranks `0..size` of a combinatorial encoding,
/// read from a state by `read`, and `make(i)` is a state with value `i` (everything else
/// solved). Unlike [`Coord`](crate::toolkit::coord::Coord), whose values are numbered in the order an exploration discovers
/// them (through a map), a ranked coordinate needs no exploration, its numbering is fixed by
/// the encoding, and tables indexed by it (the reduction's 3x3x3 move, symmetry and distance
/// tables) are computed from one state per value.
pub(crate) struct Ranked<C, T> {
    pub(crate) size: usize,
    make: fn(usize) -> C,
    read: fn(&C) -> T,
}

impl<C: Compose, T: Copy + Default> Ranked<C, T> {
    pub(crate) const fn new(size: usize, make: fn(usize) -> C, read: fn(&C) -> T) -> Self {
        Ranked { size, make, read }
    }
    /// The value of `c`.
    #[inline]
    pub(crate) fn read(&self, c: &C) -> T {
        (self.read)(c)
    }
    /// A state with value `i`.
    pub(crate) fn make(&self, i: usize) -> C {
        (self.make)(i)
    }
    /// The move table: row `i` holds the value after each of `turns` (at most `N`) from any
    /// state of value `i` (the coordinate must be one for which that does not depend on the
    /// state chosen; `make(i)` is the one used).
    pub(crate) fn moves<const N: usize>(&self, turns: &[C]) -> Vec<[T; N]> {
        (0..self.size)
            .map(|i| {
                let c = self.make(i);
                let mut row = [T::default(); N];
                for (m, x) in turns.iter().zip(row.iter_mut()) {
                    *x = self.read(&c.then(m));
                }
                row
            })
            .collect()
    }
}

/// A coordinate's value after conjugation by each rotation: entry `s * len + x` is the
/// coordinate of `s⁻¹ X s` for any `X` with coordinate `x` (the caller's coordinate must be
/// one for which that does not depend on the choice of `X`; the tests check it).
pub(crate) struct Conj {
    pub(crate) len: usize,
    pub(crate) table: Vec<u16>,
}

impl Conj {
    /// `rotations`: the group (each as the cube it makes from the solved one); `coord` the
    /// coordinate.
    pub(crate) fn new<C: Compose>(rotations: &[C], coord: &Ranked<C, u16>) -> Conj {
        let len = coord.size;
        let table = rotations
            .iter()
            .flat_map(|s| {
                let s_inv = s.inverse();
                (0..len)
                    .map(|x| coord.read(&s_inv.then(&coord.make(x)).then(s)))
                    .collect::<Vec<_>>()
            })
            .collect();
        Conj { len, table }
    }
    #[inline]
    pub(crate) fn get(&self, s: usize, x: usize) -> u16 {
        self.table[s * self.len + x]
    }
    fn rotations(&self) -> usize {
        self.table.len() / self.len
    }
}

/// The classes of a coordinate under a group of (at most eight) rotations: for each value, its class (numbered
/// in the order of their smallest values, the representatives) and a rotation that takes the
/// value to its representative.
pub(crate) struct Classes {
    /// Value -> class * 8 + rotation (two bytes: these tables stay in the nearest cache).
    pub(crate) of: Vec<u16>,
    /// Class -> its representative, the smallest value of the class.
    pub(crate) reps: Vec<u16>,
}

impl Classes {
    pub(crate) fn new(conj: &Conj) -> Classes {
        let n = conj.rotations();
        let mut reps = Vec::new();
        let mut class = vec![u16::MAX; conj.len];
        let of = (0..conj.len)
            .map(|x| {
                let rep = (0..n).map(|s| conj.get(s, x)).min().expect("a rotation");
                if rep as usize == x {
                    class[x] = reps.len() as u16;
                    reps.push(x as u16);
                }
                let s = (0..n)
                    .find(|&s| conj.get(s, x) == rep)
                    .expect("the minimum");
                // The representative is the smallest value of the class: numbered already.
                class[rep as usize] << 3 | s as u16
            })
            .collect();
        assert!(
            n <= 8 && reps.len() < 1 << 13,
            "class and rotation fit 16 bits"
        );
        Classes { of, reps }
    }
    pub(crate) fn len(&self) -> usize {
        self.reps.len()
    }
}
