//! The views of a position the phases are tried in, and the way back.
//!
//! The phases are written for one axis (phase 1 puts the R and L colours onto the R and L
//! faces). A 4x4x4 has no fixed centres, so any colour pair may go onto any pair of faces: a
//! frame first relabels the colours by conjugating with a whole-cube rotation (which colour pair
//! plays R and L) and then turns the whole cube (which pair of faces plays R and L), nine
//! combinations. Turns found in a frame are carried back to the position's own frame, and the
//! solution then ends in a solved cube in some orientation, undone by whole-cube rotations
//! (free in every metric).

use super::moves::{to_slices, Turn, N_TURNS};
use crate::cube::{Cube, CubiePerm, Move, Rotation};
use crate::symmetry::{move_image, CubeSym};
use std::sync::OnceLock;
use wurfel_geom::Iso;

/// One view of the position.
pub(crate) struct Frame {
    /// Relabels the colours (a conjugation).
    conj: CubeSym,
    /// Then turns the whole cube.
    turn: Rotation,
    /// A turn of the view -> the turn of the position's own frame doing the same.
    back: [Turn; N_TURNS],
}

/// Carries turn `t` through `f`, a map of positions that sends turns to turns (a whole-cube
/// rotation or a conjugation): the turn `t'` with `f(X t) = f(X) t'`.
pub(crate) fn turn_image(t: Turn, f: impl Fn(&Cube) -> Cube) -> Turn {
    let s = to_slices(&[t]);
    let outer: Move = move_image(s[0], f);
    Turn::new(outer.face(), s.len() == 2, outer.amount())
}

fn rotated(c: &Cube, r: Rotation) -> Cube {
    let mut x = *c;
    x.rotate(r);
    x
}

/// The proper rotation (quarter turns stay clockwise) taking axis `axis` to R-L, as a
/// conjugation, and its inverse.
fn relabelling(axis: usize) -> (CubeSym, CubeSym) {
    let quarter = |axis: usize| Move::new(axis, false, 1);
    let syms: Vec<CubeSym> = Iso::all().into_iter().map(CubeSym::new).collect();
    let proper = |s: &CubeSym| (0..3).all(|a| s.conjugate_move(quarter(a)).amount() == 1);
    let there = syms
        .iter()
        .position(|s| proper(s) && s.conjugate_move(quarter(axis)).axis() == 1)
        .expect("a rotation takes any axis to R-L");
    let x = Cube::random(0xF7A3E);
    let back = syms
        .iter()
        .position(|b| b.conjugate(&syms[there].conjugate(&x)) == x)
        .expect("isometries have inverses");
    (syms[there].clone(), syms[back].clone())
}

impl Frame {
    /// The nine frames: colour pair (R-L, U-D, F-B) times face pair; the identity first.
    pub(crate) fn all() -> Vec<Frame> {
        // Whole-cube turns taking the R-L, U-D, F-B face pairs to R-L.
        let to_rl = [
            Rotation { axis: 0, amount: 0 },
            Rotation { axis: 2, amount: 1 },
            Rotation { axis: 0, amount: 1 },
        ];
        let mut out = Vec::new();
        for colours in [1, 0, 2] {
            let (conj, unconj) = relabelling(colours);
            for &turn in &to_rl {
                let back = std::array::from_fn(|i| {
                    // Undo the whole-cube turn (f(X t') = f(X) t with f = that turn), then the
                    // relabelling.
                    let t = turn_image(Turn(i as u8), |c| rotated(c, turn.inverse()));
                    turn_image(t, |c| unconj.conjugate(c))
                });
                out.push(Frame {
                    conj: conj.clone(),
                    turn,
                    back,
                });
            }
        }
        out
    }

    /// The position seen in this frame.
    pub(crate) fn view(&self, c: &Cube) -> Cube {
        rotated(&self.conj.conjugate(c), self.turn)
    }

    /// The colour colour `c` of the position shows as in the view.
    pub(crate) fn colour(&self, c: u8) -> u8 {
        self.conj.colour_image(c)
    }

    /// A turn of the view as a turn of the position's own frame.
    pub(crate) fn back(&self, t: Turn) -> Turn {
        self.back[t.0 as usize]
    }
}

/// `c` up to the orientation of the whole cube: the least of its 24 orientations (positions
/// that differ only by a whole-cube rotation lead to the same solutions), by the key (corner
/// cubies, twists, wings, centres).
///
/// The corner cubies alone decide it: a rotation moves the corner slots by a permutation of
/// its own (the 24 differ), and the cubies are a permutation, so the 24 orientations' corner
/// arrangements differ. Only those are compared (eight bytes each, the phases ask this of
/// every candidate), and the least one is turned whole; ties (not a permutation) are settled
/// by the whole key.
pub(crate) fn up_to_orientation(c: &Cube) -> Cube {
    let key = |x: &Cube| (x.cp, x.co, x.wp, x.ct);
    let rots = orientations();
    let corners = |p: &CubiePerm| -> [u8; 8] { std::array::from_fn(|i| c.cp[p.csrc[i] as usize]) };
    let least = rots.iter().map(corners).min().expect("24 orientations");
    let mut best: Option<Cube> = None;
    for p in rots.iter().filter(|p| corners(p) == least) {
        let mut x = *c;
        x.apply_perm(p);
        if best.is_none_or(|b| key(&x) < key(&b)) {
            best = Some(x);
        }
    }
    best.expect("the least is some orientation's")
}

/// The 24 whole-cube rotations, each as one cubie permutation.
fn orientations() -> &'static [CubiePerm; 24] {
    static R: OnceLock<[CubiePerm; 24]> = OnceLock::new();
    R.get_or_init(|| {
        let firsts = [(1, 0), (1, 1), (1, 2), (1, 3), (2, 1), (2, 3)];
        let mut out = Vec::with_capacity(24);
        for (a, k) in firsts {
            let mut x = Cube::identity_labels();
            x.rotate(Rotation { axis: a, amount: k });
            for _ in 0..4 {
                x.rotate(Rotation { axis: 0, amount: 1 });
                out.push(x.as_perm());
            }
        }
        out.try_into().expect("6 x 4 rotations")
    })
}

/// The whole-cube rotations (at most two) that make `c` the solved cube in the standard
/// orientation, when it is solved in some orientation.
pub(crate) fn orientation_fix(c: &Cube) -> Option<Vec<Rotation>> {
    let firsts = [(1, 0), (1, 1), (1, 2), (1, 3), (2, 1), (2, 3)];
    for (a, k) in firsts {
        for m in 0..4 {
            let steps = [
                Rotation { axis: a, amount: k },
                Rotation { axis: 0, amount: m },
            ];
            let mut x = *c;
            for r in steps {
                x.rotate(r);
            }
            if x.is_solved() {
                return Some(steps.into_iter().filter(|r| r.amount % 4 != 0).collect());
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::reduction::moves::apply;

    /// A turn sequence applied in a frame does to the view what its carried-back sequence
    /// does to the position.
    #[test]
    fn turns_carry_back() {
        let frames = Frame::all();
        assert_eq!(frames.len(), 9);
        let c = Cube::random(11);
        let seq: Vec<Turn> = [3u8, 20, 7, 31, 14, 26, 0, 35].map(Turn).to_vec();
        for (k, f) in frames.iter().enumerate() {
            let mut view = f.view(&c);
            let mut own = c;
            for &t in &seq {
                apply(&mut view, t);
                apply(&mut own, f.back(t));
            }
            assert_eq!(f.view(&own), view, "frame {k}");
        }
    }

    /// The least by corners is the least by the whole key: against all 24 orientations
    /// compared whole (random cubes, and cubes after a few turns, whose corners are near home).
    #[test]
    fn least_orientation_is_the_least_whole_key() {
        let key = |x: &Cube| (x.cp, x.co, x.wp, x.ct);
        let mut cubes: Vec<Cube> = (0..200).map(Cube::random).collect();
        cubes.push(Cube::solved());
        for k in 0..36u8 {
            let mut x = Cube::solved();
            apply(&mut x, Turn(k));
            cubes.push(x);
        }
        for c in cubes {
            let all: Vec<Cube> = orientations()
                .iter()
                .map(|p| {
                    let mut x = c;
                    x.apply_perm(p);
                    x
                })
                .collect();
            let least = all.iter().min_by_key(|x| key(x)).expect("24");
            assert_eq!(up_to_orientation(&c), *least);
            // The 24 are the 24 orientations (all different).
            let distinct: std::collections::HashSet<[u8; 8]> = all.iter().map(|x| x.cp).collect();
            assert_eq!(distinct.len(), 24);
        }
    }

    #[test]
    fn orientations_have_one_key() {
        let c = Cube::random(9);
        let k = up_to_orientation(&c);
        for (a, n) in [(0, 1), (1, 2), (2, 3)] {
            let mut x = c;
            x.rotate(Rotation { axis: a, amount: n });
            assert_eq!(up_to_orientation(&x), k);
        }
        assert_ne!(up_to_orientation(&Cube::random(10)), k);
    }

    #[test]
    fn every_orientation_is_fixed() {
        for (a, k) in [(0, 1), (1, 1), (2, 3), (1, 2)] {
            for m in 0..4 {
                let mut c = Cube::solved();
                c.rotate(Rotation { axis: a, amount: k });
                c.rotate(Rotation { axis: 0, amount: m });
                let fix = orientation_fix(&c).expect("solved in some orientation");
                for r in fix {
                    c.rotate(r);
                }
                assert!(c.is_solved());
            }
        }
        assert!(orientation_fix(&Cube::random(2)).is_none());
    }

    #[test]
    fn chains_carry_back() {
        let frames = Frame::all();
        let c = Cube::random(5);
        let seq: Vec<Turn> = [3u8, 20, 7, 31, 14, 26, 0, 35].map(Turn).to_vec();
        for a in 0..9 {
            for b in 0..9 {
                let mut view = frames[b].view(&frames[a].view(&c));
                let mut own = c;
                for &t in &seq {
                    apply(&mut view, t);
                    apply(&mut own, frames[a].back(frames[b].back(t)));
                }
                assert_eq!(frames[b].view(&frames[a].view(&own)), view, "{a} {b}");
            }
        }
        // The solved cube seen in a frame and solved there is solved in some orientation.
        for (a, f) in frames.iter().enumerate() {
            let v = f.view(&Cube::solved());
            assert!(v.is_solved_any_orientation(), "{a}");
        }
    }
}
