//! The 36 block turns of the outer block turn metric (OBTM): the six outer faces and the six
//! two-layer wide turns, each a quarter, half or inverse quarter. An inner slice alone is never
//! a search move (it costs two, `Uw U'`), so every search step costs exactly one OBTM move.

use crate::cube::{tables, Cube, CubiePerm, Move};
use std::sync::OnceLock;

/// A block turn: index `(wide * 6 + face) * 3 + amount - 1`, faces in U R F D L B order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Turn(pub u8);

/// Number of block turns.
pub(crate) const N_TURNS: usize = 36;

impl Turn {
    pub(crate) fn new(face: usize, wide: bool, amount: u8) -> Turn {
        debug_assert!(face < 6 && (1..=3).contains(&amount));
        Turn(((wide as usize * 6 + face) * 3 + amount as usize - 1) as u8)
    }
    pub(crate) fn face(self) -> usize {
        (self.0 as usize / 3) % 6
    }
    pub(crate) fn wide(self) -> bool {
        self.0 >= 18
    }
    pub(crate) fn amount(self) -> u8 {
        self.0 % 3 + 1
    }
    /// Axis 0 (U-D), 1 (R-L), 2 (F-B).
    pub(crate) fn axis(self) -> usize {
        self.face() % 3
    }
    pub(crate) fn inverse(self) -> Turn {
        Turn::new(self.face(), self.wide(), 4 - self.amount())
    }
    /// The single-slice turns it is made of (outer layer first).
    pub(crate) fn slices(self) -> Vec<Move> {
        let mut v = vec![Move::new(self.face(), false, self.amount())];
        if self.wide() {
            v.push(Move::new(self.face(), true, self.amount()));
        }
        v
    }
    /// WCA name (`U`, `Rw2`, `Fw'`), for the tests' messages and the sticker simulator.
    #[cfg(test)]
    pub(crate) fn name(self) -> String {
        let w = if self.wide() { "w" } else { "" };
        let a = ["", "2", "'"][self.amount() as usize - 1];
        format!("{}{w}{a}", crate::cube::FACE_CHARS[self.face()])
    }
    /// All 36 turns.
    pub(crate) fn all() -> impl Iterator<Item = Turn> {
        (0..N_TURNS as u8).map(Turn)
    }
}

/// Each block turn as one cubie permutation.
pub(crate) fn turn_perms() -> &'static [CubiePerm] {
    static P: OnceLock<Vec<CubiePerm>> = OnceLock::new();
    P.get_or_init(|| {
        Turn::all()
            .map(|t| {
                let mut c = Cube::identity_labels();
                for m in t.slices() {
                    c.apply_perm(&tables().moves[m.0 as usize]);
                }
                c.as_perm()
            })
            .collect()
    })
}

/// Applies a block turn.
pub(crate) fn apply(c: &mut Cube, t: Turn) {
    c.apply_perm(&turn_perms()[t.0 as usize]);
}

/// Expands block turns into single-slice turns.
pub(crate) fn to_slices(ts: &[Turn]) -> Vec<Move> {
    ts.iter().flat_map(|t| t.slices()).collect()
}

impl crate::toolkit::ida::Canonical for Turn {
    #[inline]
    fn may_follow(self, next: Turn) -> bool {
        may_follow(self, next)
    }
}

/// True when `b` may follow `a` in a canonical sequence: never the same face twice, and turns on
/// one axis in a fixed order (they commute), so each product is generated once.
#[inline]
pub(crate) fn may_follow(a: Turn, b: Turn) -> bool {
    // Read from a table: the search asks it for every successor it makes.
    FOLLOW[a.0 as usize] >> b.0 & 1 == 1
}

/// Row `a`: bit `b` set when turn `b` may follow turn `a` ([`may_follow`]).
static FOLLOW: [u64; N_TURNS] = {
    let mut rows = [0u64; N_TURNS];
    let mut a = 0;
    while a < N_TURNS {
        let mut b = 0;
        while b < N_TURNS {
            if follows(a as u8, b as u8) {
                rows[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    rows
};

/// [`may_follow`] computed: another axis always; the same axis only in increasing order of
/// (face, wide) code.
const fn follows(a: u8, b: u8) -> bool {
    let (ka, kb) = (a / 3, b / 3);
    let (fa, fb) = (ka % 6, kb % 6);
    if fa % 3 != fb % 3 {
        return true;
    }
    fa < fb || (fa == fb && ka / 6 < kb / 6)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table says what the rule says: another axis, or the same axis in increasing (face,
    /// wide) order; never the same face and width twice.
    #[test]
    fn the_follow_table_is_the_canonical_order() {
        for a in Turn::all() {
            for b in Turn::all() {
                let rule = a.axis() != b.axis() || (a.face(), a.wide()) < (b.face(), b.wide());
                assert_eq!(may_follow(a, b), rule, "{} {}", a.name(), b.name());
            }
        }
        assert!(!may_follow(Turn::new(0, false, 1), Turn::new(0, false, 2)));
        assert!(may_follow(Turn::new(0, false, 1), Turn::new(3, false, 2)));
        assert!(!may_follow(Turn::new(3, false, 1), Turn::new(0, false, 2)));
    }
}
