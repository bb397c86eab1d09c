//! The reduced 4x4x4 as a 3x3x3 at cubie level, the coordinates Kociemba's two phases use
//! ([`super::three`]), and the reader that takes a reduced 4x4x4 to it.

use super::moves::Turn;
use super::wings::{wing_orbits, EdgePositions};
use crate::cube::Cube;
use crate::toolkit::coord::{perm_rank, perm_unrank, subset_rank, subset_unrank};
use crate::toolkit::ranked::{Compose, Ranked};

/// Sizes of the coordinates: corner twist, edge flip, middle-layer edges' positions, the
/// permutation of corners (or of the 8 U and D edges), that of the middle-layer edges.
pub(super) const N_TWIST: usize = 2187;
pub(super) const N_FLIP: usize = 2048;
pub(super) const N_SLICE: usize = 495;
pub(super) const N_PERM8: usize = 40320;
pub(super) const N_SP: usize = 24;

/// The coordinates, rank-indexed.
pub(super) const TWIST: Ranked<Cube3, u16> = Ranked::new(N_TWIST, Cube3::with_twist, Cube3::twist);
pub(super) const FLIP: Ranked<Cube3, u16> = Ranked::new(N_FLIP, Cube3::with_flip, Cube3::flip);
pub(super) const SLICE: Ranked<Cube3, u16> = Ranked::new(N_SLICE, Cube3::with_slice, Cube3::slice);
pub(super) const CORNERS: Ranked<Cube3, u16> =
    Ranked::new(N_PERM8, Cube3::with_corners, Cube3::corners);
pub(super) const EDGES8: Ranked<Cube3, u16> =
    Ranked::new(N_PERM8, Cube3::with_edges8, Cube3::edges8);
pub(super) const SLICE_PERM: Ranked<Cube3, u8> =
    Ranked::new(N_SP, Cube3::with_slice_perm, Cube3::slice_perm);

/// A 3x3x3 at cubie level (replaced-by form, like [`Cube`]); edge positions 8..12 are the
/// middle layer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cube3 {
    pub cp: [u8; 8],
    pub co: [u8; 8],
    pub ep: [u8; 12],
    pub eo: [u8; 12],
}

impl Cube3 {
    pub(crate) fn solved() -> Cube3 {
        Cube3 {
            cp: std::array::from_fn(|i| i as u8),
            co: [0; 8],
            ep: std::array::from_fn(|i| i as u8),
            eo: [0; 12],
        }
    }
    /// This cube followed by `m` (a turn given as the cube it makes from the solved one).
    pub(crate) fn then(&self, m: &Cube3) -> Cube3 {
        Cube3 {
            cp: std::array::from_fn(|i| self.cp[m.cp[i] as usize]),
            co: std::array::from_fn(|i| (self.co[m.cp[i] as usize] + m.co[i]) % 3),
            ep: std::array::from_fn(|i| self.ep[m.ep[i] as usize]),
            eo: std::array::from_fn(|i| self.eo[m.ep[i] as usize] ^ m.eo[i]),
        }
    }
    /// The inverse: `self.then(&self.inverse())` is solved.
    pub(crate) fn inverse(&self) -> Cube3 {
        let mut r = Cube3::solved();
        for i in 0..8 {
            let x = self.cp[i] as usize;
            r.cp[x] = i as u8;
            r.co[x] = (3 - self.co[i]) % 3;
        }
        for i in 0..12 {
            let x = self.ep[i] as usize;
            r.ep[x] = i as u8;
            r.eo[x] = self.eo[i];
        }
        r
    }
    /// A uniformly random legal 3x3x3: corner and edge permutations of equal parity, twists
    /// summing to 0 mod 3, flips to 0 mod 2 (for the tests and the bench: the solver only
    /// sees 3x3x3s read from a 4x4x4).
    #[cfg(test)]
    pub(crate) fn random_with<R: rand::Rng>(rng: &mut R) -> Cube3 {
        use rand::seq::SliceRandom;
        let mut c = Cube3::solved();
        c.cp.shuffle(rng);
        c.ep.shuffle(rng);
        use crate::toolkit::coord::parity;
        if parity(&c.cp) != parity(&c.ep) {
            c.ep.swap(0, 1);
        }
        for i in 0..7 {
            c.co[i] = rng.gen_range(0..3);
        }
        c.co[7] = (3 - c.co[..7].iter().sum::<u8>() % 3) % 3;
        for i in 0..11 {
            c.eo[i] = rng.gen_range(0..2);
        }
        c.eo[11] = c.eo[..11].iter().sum::<u8>() % 2;
        c
    }
    /// The cube with twist coordinate `i`, everything else solved (inverts [`Cube3::twist`]).
    pub(super) fn with_twist(i: usize) -> Cube3 {
        let mut c = Cube3::solved();
        let (mut x, mut sum) = (i, 0);
        for k in (0..7).rev() {
            c.co[k] = (x % 3) as u8;
            sum += x % 3;
            x /= 3;
        }
        c.co[7] = ((3 - sum % 3) % 3) as u8;
        c
    }
    /// The cube with flip coordinate `i` (inverts [`Cube3::flip`]).
    pub(super) fn with_flip(i: usize) -> Cube3 {
        let mut c = Cube3::solved();
        let (mut x, mut sum) = (i, 0);
        for k in (0..11).rev() {
            c.eo[k] = (x % 2) as u8;
            sum += x % 2;
            x /= 2;
        }
        c.eo[11] = (sum % 2) as u8;
        c
    }
    /// A cube whose middle-layer edges have slice coordinate `i` (inverts [`Cube3::slice`]).
    pub(super) fn with_slice(i: usize) -> Cube3 {
        let m = subset_unrank(i as u32, 4);
        let mut c = Cube3::solved();
        let (mut mid, mut other) = (8u8, 0u8);
        for p in 0..12 {
            if m >> p & 1 == 1 {
                c.ep[p] = mid;
                mid += 1;
            } else {
                c.ep[p] = other;
                other += 1;
            }
        }
        c
    }
    /// The cube with corner permutation `i` (inverts [`Cube3::corners`]).
    pub(super) fn with_corners(i: usize) -> Cube3 {
        let mut c = Cube3::solved();
        c.cp.copy_from_slice(&perm_unrank(i as u32, 8));
        c
    }
    /// The cube with U and D edge permutation `i` (inverts [`Cube3::edges8`]).
    pub(super) fn with_edges8(i: usize) -> Cube3 {
        let mut c = Cube3::solved();
        c.ep[..8].copy_from_slice(&perm_unrank(i as u32, 8));
        c
    }
    /// The cube with middle-layer permutation `i` (inverts [`Cube3::slice_perm`]).
    pub(super) fn with_slice_perm(i: usize) -> Cube3 {
        let mut c = Cube3::solved();
        for (k, x) in perm_unrank(i as u32, 4).into_iter().enumerate() {
            c.ep[8 + k] = x + 8;
        }
        c
    }
    pub(super) fn twist(&self) -> u16 {
        self.co[..7].iter().fold(0, |a, &x| a * 3 + x as u16)
    }
    pub(super) fn flip(&self) -> u16 {
        self.eo[..11].iter().fold(0, |a, &x| a * 2 + x as u16)
    }
    pub(super) fn slice(&self) -> u16 {
        let m = (0..12)
            .filter(|&p| self.ep[p] >= 8)
            .fold(0, |m, p| m | 1 << p);
        subset_rank(m) as u16
    }
    pub(super) fn corners(&self) -> u16 {
        perm_rank(&self.cp) as u16
    }
    pub(super) fn edges8(&self) -> u16 {
        perm_rank(&self.ep[..8]) as u16
    }
    pub(super) fn slice_perm(&self) -> u8 {
        let s: Vec<u8> = self.ep[8..].iter().map(|&x| x.wrapping_sub(8)).collect();
        perm_rank(&s) as u8
    }
}

impl Compose for Cube3 {
    fn then(&self, m: &Cube3) -> Cube3 {
        Cube3::then(self, m)
    }
    fn inverse(&self) -> Cube3 {
        Cube3::inverse(self)
    }
}

/// Reads the reduced 3x3x3 of a 4x4x4 whose centres are solved and edges paired: `None` when
/// some edge is not paired.
pub(crate) struct Reader {
    ep: EdgePositions,
    /// Wing slot -> orientation class for the 3x3x3 (kept by U, D, R, L, F2, B2).
    class: [u8; 24],
}

impl Reader {
    pub(crate) fn new() -> Reader {
        let ep = EdgePositions::new();
        let keep: Vec<Turn> = Turn::all()
            .filter(|t| !t.wide() && (t.axis() != 2 || t.amount() == 2))
            .collect();
        let orbits = wing_orbits(&keep);
        let class = std::array::from_fn(|s| (orbits[s] != orbits[0]) as u8);
        Reader { ep, class }
    }
    pub(crate) fn read(&self, c: &Cube) -> Option<Cube3> {
        let mut ep = [0u8; 12];
        let mut eo = [0u8; 12];
        for p in 0..12 {
            let [s, t] = self.ep.slots[p].map(|x| x as usize);
            let (x, y) = if self.class[s] == 0 { (s, t) } else { (t, s) };
            let (wx, wy) = (c.wp[x] as usize, c.wp[y] as usize);
            let e = self.ep.pos[wx];
            if self.ep.pos[wy] != e {
                return None;
            }
            ep[p] = e;
            eo[p] = self.class[wx];
        }
        Some(Cube3 {
            cp: c.cp,
            co: c.co,
            ep,
            eo,
        })
    }
}

impl Default for Reader {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn each_coordinate_reads_back_from_the_cube_made_for_it() {
        for i in 0..N_TWIST {
            assert_eq!(Cube3::with_twist(i).twist() as usize, i);
        }
        for i in 0..N_FLIP {
            assert_eq!(Cube3::with_flip(i).flip() as usize, i);
        }
        for i in 0..N_SLICE {
            assert_eq!(Cube3::with_slice(i).slice() as usize, i);
        }
        for i in (0..N_PERM8).step_by(7) {
            assert_eq!(Cube3::with_corners(i).corners() as usize, i);
            assert_eq!(Cube3::with_edges8(i).edges8() as usize, i);
        }
        for i in 0..N_SP {
            assert_eq!(Cube3::with_slice_perm(i).slice_perm() as usize, i);
        }
    }

    #[test]
    fn the_inverse_undoes_a_random_cube() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..20 {
            let c = Cube3::random_with(&mut rng);
            assert_eq!(c.then(&c.inverse()), Cube3::solved());
            assert_eq!(c.inverse().then(&c), Cube3::solved());
        }
    }
}
