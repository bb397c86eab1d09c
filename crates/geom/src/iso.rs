//! Isometries of the cube lattice: signed permutation matrices.

use crate::Cell;

/// A signed permutation of the axes: `apply(c)[i] = sign[i] * c[perm[i]]`.
///
/// Stored this way (instead of a 3x3 matrix) because applying it is three loads and three
/// multiplications, and equality/hashing are trivially exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Iso {
    perm: [u8; 3],
    sign: [i8; 3],
}

const PERMS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

impl Iso {
    /// The identity.
    pub const IDENTITY: Iso = Iso {
        perm: [0, 1, 2],
        sign: [1, 1, 1],
    };

    /// Builds an isometry from an axis permutation and signs; `None` if `perm` is not a
    /// permutation of `0..3` or a sign is not ±1.
    pub fn new(perm: [u8; 3], sign: [i8; 3]) -> Option<Iso> {
        let mut seen = [false; 3];
        for &p in &perm {
            if p > 2 || seen[p as usize] {
                return None;
            }
            seen[p as usize] = true;
        }
        if sign.iter().any(|&s| s != 1 && s != -1) {
            return None;
        }
        Some(Iso { perm, sign })
    }

    /// All 48 isometries, in a fixed order; the identity comes first.
    pub fn all() -> [Iso; 48] {
        let mut out = [Iso::IDENTITY; 48];
        let mut k = 0;
        for perm in PERMS {
            for s in 0..8u8 {
                let sign = [
                    if s & 1 == 0 { 1 } else { -1 },
                    if s & 2 == 0 { 1 } else { -1 },
                    if s & 4 == 0 { 1 } else { -1 },
                ];
                out[k] = Iso { perm, sign };
                k += 1;
            }
        }
        out
    }

    /// The 24 proper rotations (determinant +1), identity first.
    pub fn rotations() -> [Iso; 24] {
        let mut out = [Iso::IDENTITY; 24];
        let mut k = 0;
        for iso in Iso::all() {
            if iso.det() == 1 {
                out[k] = iso;
                k += 1;
            }
        }
        debug_assert_eq!(k, 24);
        out
    }

    /// Determinant: +1 for rotations, -1 for reflections.
    pub fn det(self) -> i32 {
        // Sign of the permutation times the product of the signs.
        let [a, b, c] = self.perm;
        let inversions = (a > b) as i32 + (a > c) as i32 + (b > c) as i32;
        let psign = if inversions % 2 == 0 { 1 } else { -1 };
        psign * self.sign.iter().map(|&s| s as i32).product::<i32>()
    }

    /// Whether this is a proper rotation.
    pub fn is_rotation(self) -> bool {
        self.det() == 1
    }

    /// Applies the isometry to a cell (about the origin).
    #[inline]
    pub fn apply(self, c: Cell) -> Cell {
        [
            self.sign[0] as i32 * c[self.perm[0] as usize],
            self.sign[1] as i32 * c[self.perm[1] as usize],
            self.sign[2] as i32 * c[self.perm[2] as usize],
        ]
    }

    /// `self.then(other)` applies `self` first, then `other`.
    pub fn then(self, other: Iso) -> Iso {
        // other(self(c))[i] = other.sign[i] * self(c)[other.perm[i]]
        //                   = other.sign[i] * self.sign[other.perm[i]] * c[self.perm[other.perm[i]]]
        let mut perm = [0u8; 3];
        let mut sign = [1i8; 3];
        for i in 0..3 {
            let j = other.perm[i] as usize;
            perm[i] = self.perm[j];
            sign[i] = other.sign[i] * self.sign[j];
        }
        Iso { perm, sign }
    }

    /// The inverse isometry.
    pub fn inverse(self) -> Iso {
        let mut perm = [0u8; 3];
        let mut sign = [1i8; 3];
        for i in 0..3 {
            let j = self.perm[i] as usize;
            perm[j] = i as u8;
            sign[j] = self.sign[i];
        }
        Iso { perm, sign }
    }

    /// The matrix form, rows indexed by output axis.
    pub fn matrix(self) -> [[i32; 3]; 3] {
        let mut m = [[0; 3]; 3];
        for (i, row) in m.iter_mut().enumerate() {
            row[self.perm[i] as usize] = self.sign[i] as i32;
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn counts_and_closure() {
        let all = Iso::all();
        let set: HashSet<Iso> = all.iter().copied().collect();
        assert_eq!(set.len(), 48);
        assert_eq!(all.iter().filter(|i| i.det() == 1).count(), 24);
        for a in all {
            for b in all {
                assert!(set.contains(&a.then(b)));
            }
            assert_eq!(a.then(a.inverse()), Iso::IDENTITY);
            assert_eq!(a.inverse().then(a), Iso::IDENTITY);
        }
        let rots: HashSet<Iso> = Iso::rotations().iter().copied().collect();
        for a in Iso::rotations() {
            for b in Iso::rotations() {
                assert!(rots.contains(&a.then(b)));
            }
        }
    }

    #[test]
    fn composition_matches_application() {
        let c = [1, -2, 5];
        for a in Iso::all() {
            for b in Iso::all() {
                assert_eq!(a.then(b).apply(c), b.apply(a.apply(c)));
            }
            assert_eq!(a.inverse().apply(a.apply(c)), c);
        }
    }

    #[test]
    fn det_matches_matrix_determinant() {
        for a in Iso::all() {
            let m = a.matrix();
            let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
            assert_eq!(det, a.det());
        }
    }
}
