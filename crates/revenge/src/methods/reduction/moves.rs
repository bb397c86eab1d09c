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

impl crate::toolkit::ida::Turn for Turn {
    #[inline]
    fn may_follow(self, next: Turn) -> bool {
        may_follow(self, next)
    }
}

/// True when `b` may follow `a` in a canonical sequence: never the same face twice, and turns on
/// one axis in a fixed order (they commute), so each product is generated once.
pub(crate) fn may_follow(a: Turn, b: Turn) -> bool {
    if a.axis() != b.axis() {
        return true;
    }
    // Same axis: order by (face, wide) code, strictly increasing.
    let ka = a.0 / 3;
    let kb = b.0 / 3;
    let ka = (ka % 6, ka / 6);
    let kb = (kb % 6, kb / 6);
    ka < kb
}
