//! Phase 2's test of its solutions: whether the edges are separated for phase 3 (each edge
//! with one wing in each of phase 3's two wing classes, an even number of them each in the
//! other's class), with any of the three axes as phase 3's restricted one. Phase 2 asks it of
//! every solution it finds (about 1,800 for each one kept, hundreds of thousands per solve),
//! so it reads the wings before a solution's last turn and reuses what a turn keeping the
//! classes keeps.

use super::centres::pairing_turns_about;
use super::moves::{turn_perms, Turn, N_TURNS};
use super::wings::{wing_orbits, EdgePositions};

/// The wing classes (slot -> 0 for class A, 1 for B) with the U-D, R-L or F-B axis the
/// restricted one (R-L: phase 3's own).
pub(crate) fn axis_classes() -> [[u8; 24]; 3] {
    [0, 1, 2].map(|axis| {
        let orbits = wing_orbits(&pairing_turns_about(axis));
        std::array::from_fn(|s| (orbits[s] != orbits[0]) as u8)
    })
}

/// The separation tests of the three axes, and the wings' steps along phase 2's solutions.
pub(crate) struct Separations {
    axes: [Separation; 3],
    /// Per turn, the wing slot each slot's wing comes from (the turns' own, in one array).
    wing_src: [[u8; 24]; N_TURNS],
}

/// The separation test of one axis.
struct Separation {
    /// The class-A slots.
    slots: [u8; 12],
    /// Per turn, the slots whose wings it brings to the class-A slots.
    after: [[u8; 12]; N_TURNS],
    /// Wing -> 1 << its edge position, plus 1 << 16 when it is a class-B wing.
    code: [u32; 24],
    /// Bit `t` set when turn `t` takes the class-A slots to themselves.
    keeps: u64,
}

impl Separations {
    pub(crate) fn new(ep: &EdgePositions) -> Separations {
        Separations {
            axes: axis_classes().map(|c| Separation::new(ep, &c)),
            wing_src: std::array::from_fn(|t| turn_perms()[t].wsrc),
        }
    }

    /// The wings (slot -> wing) after turn `t`.
    #[inline]
    pub(crate) fn wings_turned(&self, wp: &[u8; 24], t: Turn) -> [u8; 24] {
        let src = &self.wing_src[t.0 as usize];
        let mut out = [0u8; 24];
        for (o, &s) in out.iter_mut().zip(src) {
            *o = wp[s as usize];
        }
        out
    }

    /// True when the wings `wp` are separated for phase 3 restricting `axis`: the cheap part
    /// of [`super::edges::Phase3::start`] on the position seen with that axis as R-L.
    #[inline]
    pub(crate) fn separated(&self, wp: &[u8; 24], axis: usize) -> bool {
        let sep = &self.axes[axis];
        sep.holds(wp, &sep.slots)
    }

    /// [`Separations::separated`] of the wings `wp` turned by `last`, read from `wp` (the
    /// last turn's wings are not made).
    #[inline]
    pub(crate) fn separated_after(&self, wp: &[u8; 24], last: Turn, axis: usize) -> bool {
        let sep = &self.axes[axis];
        sep.holds(wp, &sep.after[last.0 as usize])
    }

    /// True when turn `t` keeps the wing classes of `axis` (so the separation for that axis
    /// too).
    #[inline]
    pub(crate) fn keeps_classes(&self, t: Turn, axis: usize) -> bool {
        self.axes[axis].keeps >> t.0 & 1 == 1
    }
}

impl Separation {
    fn new(ep: &EdgePositions, class: &[u8; 24]) -> Separation {
        let a: Vec<u8> = (0..24u8).filter(|&s| class[s as usize] == 0).collect();
        let slots: [u8; 12] = a.try_into().expect("12 slots of each class");
        let perms = turn_perms();
        let after: [[u8; 12]; N_TURNS] =
            std::array::from_fn(|t| slots.map(|s| perms[t].wsrc[s as usize]));
        let keeps = (0..N_TURNS)
            .filter(|&t| after[t].iter().all(|&s| class[s as usize] == 0))
            .fold(0u64, |m, t| m | 1 << t);
        Separation {
            slots,
            after,
            code: std::array::from_fn(|w| 1 << ep.pos[w] | (class[w] as u32) << 16),
            keeps,
        }
    }

    /// True when the wings of `wp` at `from` (standing for the class-A slots) are separated:
    /// one pass without branches, each wing's code having its edge's bit (12 wings of 12
    /// different edges exactly when the bits cover all 12) and, from bit 16, whether it is a
    /// class-B wing (their number must be even).
    #[inline]
    fn holds(&self, wp: &[u8; 24], from: &[u8; 12]) -> bool {
        let (edges, flips) = from.iter().fold((0u32, 0u32), |(e, f), &s| {
            let code = self.code[wp[s as usize] as usize];
            (e | code, f + (code >> 16))
        });
        edges & 0xFFF == 0xFFF && flips % 2 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Cube;
    use crate::methods::reduction::moves::apply;
    use rand::{Rng, SeedableRng};

    /// The test without branches says what the definition says: each edge with one wing in
    /// a class-A slot, an even number of class-B wings there; on positions separated for some
    /// axis (walks of that axis's pairing turns, whose odd wing parity is allowed) and ones
    /// one turn away or random.
    #[test]
    fn separation_is_the_definition() {
        let ep = EdgePositions::new();
        let p = Separations::new(&ep);
        let by_definition = |wp: &[u8; 24], axis: usize| {
            let class = &p.axes[axis];
            let a: Vec<usize> = (0..24)
                .filter(|s| class.slots.contains(&(*s as u8)))
                .collect();
            let mut edges: Vec<u8> = a.iter().map(|&s| ep.pos[wp[s] as usize]).collect();
            edges.sort();
            edges.dedup();
            let b_wings = a.iter().filter(|&&s| !class.slots.contains(&wp[s])).count();
            edges.len() == 12 && b_wings % 2 == 0
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let (mut yes, mut no) = (0, 0);
        for k in 0..3000 {
            let axis = k % 3;
            let turns = pairing_turns_about(axis);
            let mut c = Cube::solved();
            for _ in 0..rng.gen_range(0..30) {
                apply(&mut c, turns[rng.gen_range(0..turns.len())]);
            }
            if k % 5 == 4 {
                c = Cube::random(k as u64);
            }
            // Half the time one more of the axis's turns (the result still separated), else
            // any turn.
            let last = if k % 2 == 0 {
                turns[rng.gen_range(0..turns.len())]
            } else {
                Turn(rng.gen_range(0..N_TURNS as u8))
            };
            let before = c.wp;
            apply(&mut c, last);
            for a in 0..3 {
                let want = by_definition(&c.wp, a);
                assert_eq!(p.separated(&c.wp, a), want, "case {k} axis {a}");
                assert_eq!(
                    p.separated_after(&before, last, a),
                    want,
                    "case {k} axis {a}"
                );
                if p.keeps_classes(last, a) {
                    assert_eq!(p.separated(&before, a), want, "case {k} axis {a}");
                }
                (yes, no) = if want { (yes + 1, no) } else { (yes, no + 1) };
            }
        }
        assert!(yes > 1000 && no > 1000, "{yes} {no}");
        // The classes are the orbits of each axis's pairing turns; the quarter wide turns
        // mix them.
        for a in 0..3 {
            assert!(pairing_turns_about(a)
                .iter()
                .all(|&t| p.keeps_classes(t, a)));
            assert!(!p.keeps_classes(Turn::new(a, true, 1), a));
        }
    }
}
