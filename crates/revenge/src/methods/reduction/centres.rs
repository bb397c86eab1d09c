//! Centres as bit masks (one bit per centre slot: "this slot holds one of these colours"), turned
//! by byte lookup tables; phase 1 (the R and L centres onto the R and L faces) and phase 2 (the
//! remaining centres onto their pair of faces, the R/L split into a shape phase 3 can finish,
//! and an even wing permutation).

use super::moves::{turn_perms, Turn, N_TURNS};
use super::search::Phase;
use super::table::{bfs, Dist, TableStore, UNREACHED};
use crate::cube::{geometry, Cube, Rotation};
use std::collections::HashSet;

/// Centre slots of face `f` as a mask.
pub fn face_slots(f: usize) -> u32 {
    let g = geometry();
    (0..24)
        .filter(|&s| g.centres[s] / 16 == f)
        .fold(0, |m, s| m | 1 << s)
}

/// The mask of slots whose colour is in `colours` (face indices).
pub fn colour_mask(c: &Cube, colours: &[u8]) -> u32 {
    (0..24)
        .filter(|&s| colours.contains(&c.ct[s]))
        .fold(0, |m, s| m | 1 << s)
}

/// Parity (0 even, 1 odd) of the wing permutation.
pub fn wing_parity(c: &Cube) -> u8 {
    crate::toolkit::coord::parity(&c.wp) as u8
}

/// Byte lookup tables moving centre masks by each turn, and each turn's wing parity.
pub struct MaskTurns {
    lut: Vec<[[u32; 256]; 3]>,
    /// 1 when the turn is an odd permutation of the wings (a wide quarter turn).
    pub wing_odd: [u8; N_TURNS],
}

impl MaskTurns {
    pub fn new() -> MaskTurns {
        let perms = turn_perms();
        let mut lut = Vec::with_capacity(N_TURNS);
        let mut wing_odd = [0u8; N_TURNS];
        for (t, p) in perms.iter().enumerate() {
            // After the turn slot i holds what was in slot xsrc[i]: bit xsrc[i] moves to i.
            let mut dest = [0usize; 24];
            for i in 0..24 {
                dest[p.xsrc[i] as usize] = i;
            }
            let mut l = [[0u32; 256]; 3];
            for (k, row) in l.iter_mut().enumerate() {
                for (v, x) in row.iter_mut().enumerate() {
                    for j in 0..8 {
                        if v >> j & 1 == 1 {
                            *x |= 1 << dest[8 * k + j];
                        }
                    }
                }
            }
            lut.push(l);
            wing_odd[t] = crate::toolkit::coord::parity(&p.wsrc) as u8;
        }
        MaskTurns { lut, wing_odd }
    }
    #[inline]
    pub fn apply(&self, t: Turn, m: u32) -> u32 {
        let l = &self.lut[t.0 as usize];
        l[0][(m & 255) as usize] | l[1][(m >> 8 & 255) as usize] | l[2][(m >> 16) as usize]
    }
}

impl Default for MaskTurns {
    fn default() -> Self {
        Self::new()
    }
}

/// Packs the bits of a mask that lie in `slots` into the low bits (byte lookup tables).
pub struct Compress {
    lut: [[u32; 256]; 3],
}

impl Compress {
    pub fn new(slots: u32) -> Compress {
        let mut lut = [[0u32; 256]; 3];
        for (k, row) in lut.iter_mut().enumerate() {
            let below = (slots & ((1u32 << (8 * k)) - 1)).count_ones();
            for (v, x) in row.iter_mut().enumerate() {
                let mut out = 0;
                let mut n = below;
                for j in 0..8 {
                    if slots >> (8 * k + j) & 1 == 1 {
                        if v >> j & 1 == 1 {
                            out |= 1 << n;
                        }
                        n += 1;
                    }
                }
                *x = out;
            }
        }
        Compress { lut }
    }
    #[inline]
    pub fn apply(&self, m: u32) -> u32 {
        self.lut[0][(m & 255) as usize]
            | self.lut[1][(m >> 8 & 255) as usize]
            | self.lut[2][(m >> 16) as usize]
    }
}

/// The colex rank ([`crate::toolkit::coord::subset_rank`]) of a set of at most eight of 24 slots, a
/// lookup per byte: the phase 1 and 2 tables are indexed by ranks rather than raw masks, so
/// they are dense (phase 1: 0.4 MB instead of 8 MB, phase 2: 0.9 MB instead of 16 MB) and stay
/// in the cache, and the search ranks at every visit.
pub struct SubsetRank {
    /// Byte, number of set bits below it, its value -> its share of the rank.
    lut: Box<[[[u32; 256]; 9]; 3]>,
}

impl SubsetRank {
    pub fn new() -> SubsetRank {
        let mut lut = Box::new([[[0u32; 256]; 9]; 3]);
        for (k, by_below) in lut.iter_mut().enumerate() {
            for (below, row) in by_below.iter_mut().enumerate() {
                for (v, x) in row.iter_mut().enumerate() {
                    // The share of the bits of this byte, numbered on from `below`.
                    let mut n = below;
                    for j in 0..8 {
                        if v >> j & 1 == 1 {
                            n += 1;
                            *x += crate::toolkit::coord::binom(8 * k + j, n) as u32;
                        }
                    }
                }
            }
        }
        SubsetRank { lut }
    }
    /// The rank of `m` (at most eight bits set).
    #[inline]
    pub fn rank(&self, m: u32) -> u32 {
        let (b0, b1, b2) = (m & 255, m >> 8 & 255, m >> 16 & 255);
        let n0 = b0.count_ones() as usize;
        let n1 = n0 + b1.count_ones() as usize;
        self.lut[0][0][b0 as usize] + self.lut[1][n0][b1 as usize] + self.lut[2][n1][b2 as usize]
    }
}

impl Default for SubsetRank {
    fn default() -> Self {
        Self::new()
    }
}

/// Turns of phase 1: the outer turns and the U, R and F wide turns. Dw, Lw and Bw are Uw, Rw
/// and Fw with a whole-cube turn, which another frame (another pair of faces for the R and L
/// colours) covers; without them one frame does not list the same positions many times over.
pub fn phase1_turns() -> Vec<Turn> {
    Turn::all()
        .filter(|t| !(t.wide() && t.face() >= 3))
        .collect()
}

/// Turns of phase 2: every outer turn, wide quarter turns about the R-L axis only, other wide
/// turns halved (they keep the R and L centres on the R and L faces).
pub fn phase2_turns() -> Vec<Turn> {
    Turn::all()
        .filter(|t| !t.wide() || t.axis() == 1 || t.amount() == 2)
        .collect()
}

/// The half wide turns and U, D, F, B turns, R and L halved: they keep each wing in one of two
/// classes of slots. The pairing table is built with all of them (its symmetries need the whole
/// set).
pub fn pairing_turns() -> Vec<Turn> {
    pairing_turns_about(1)
}

/// [`pairing_turns`] with the U-D (0), R-L (1) or F-B (2) axis the restricted one.
pub fn pairing_turns_about(axis: usize) -> Vec<Turn> {
    Turn::all()
        .filter(|t| {
            if t.wide() {
                t.amount() == 2
            } else {
                t.axis() != axis || t.amount() == 2
            }
        })
        .collect()
}

/// Turns of phase 3 (and what phase 2 must leave solvable): [`pairing_turns`] without Dw2, Lw2
/// and Bw2. Each of those is Uw2, Rw2 or Fw2 followed by a half turn of the whole cube, so
/// phase 3 does without them by accepting the centres solved in any of the four orientations
/// half turns of the whole cube give (the 3x3x3 finish then ends with that rotation undone).
pub fn phase3_turns() -> Vec<Turn> {
    pairing_turns()
        .into_iter()
        .filter(|t| !(t.wide() && t.face() >= 3))
        .collect()
}

/// The whole-cube half turns about each axis (y2, x2, z2), identity first: the orientations
/// phase 3 may leave the centres in.
pub fn half_rotations() -> [Rotation; 4] {
    [(0, 0), (0, 2), (1, 2), (2, 2)].map(|(axis, amount)| Rotation { axis, amount })
}

/// Colours: U R F D L B = 0..6.
pub const RL: [u8; 2] = [1, 4];
pub const UD: [u8; 2] = [0, 3];

/// Phase 1: the eight R and L centres onto the R and L faces.
pub struct Phase1 {
    pub masks: MaskTurns,
    turns: Vec<Turn>,
    goal: u32,
    rank: SubsetRank,
    /// By the rank of the R and L centres' slots.
    table: Dist,
}

/// Sets of the eight R and L centres' slots: 24 choose 8.
const P1_LEN: usize = 735_471;

impl Phase1 {
    pub fn new(store: &TableStore) -> Phase1 {
        let masks = MaskTurns::new();
        let turns = phase1_turns();
        let goal = face_slots(1) | face_slots(4);
        // Built with all 36 turns: a lower bound for the search's 27 too.
        let all: Vec<Turn> = Turn::all().collect();
        let rank = SubsetRank::new();
        let table = store.get_or_build("p1-rl-centres-ranked", P1_LEN, || {
            bfs(
                P1_LEN,
                &[goal],
                |m| rank.rank(m) as usize,
                |m, out| {
                    for &t in &all {
                        out(masks.apply(t, m));
                    }
                },
            )
        });
        Phase1 {
            masks,
            turns,
            goal,
            rank,
            table,
        }
    }
    pub fn start(&self, c: &Cube) -> u32 {
        colour_mask(c, &RL)
    }
    pub fn bytes(&self) -> usize {
        self.table.bytes()
    }
}

impl Phase for Phase1 {
    type State = u32;
    type Turn = Turn;
    fn turns(&self) -> &[Turn] {
        &self.turns
    }
    fn step(&self, s: &u32, t: Turn) -> u32 {
        self.masks.apply(t, *s)
    }
    fn bound(&self, s: &u32) -> u8 {
        match self.table.get(self.rank.rank(*s) as usize) {
            UNREACHED => u8::MAX,
            d => d,
        }
    }
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.goal
    }
}

/// Phase 2 state: R centres (within the R and L faces), U and D centres, wing parity.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct P2 {
    pub r: u32,
    pub ud: u32,
    pub parity: u8,
}

/// Phase 2: U and D centres onto U and D (so F and B onto F and B), the R/L split into one
/// phase 3 can finish, and an even wing permutation.
pub struct Phase2 {
    pub masks: MaskTurns,
    turns: Vec<Turn>,
    rl: Compress,
    rest: Compress,
    goal_r: HashSet<u32>,
    goal_ud: u32,
    rank: SubsetRank,
    /// By the ranks of the R centres among the R and L slots (70) and of the U and D centres
    /// among the other 16 (12,870), and the wing parity.
    table: Dist,
}

const P2_LEN: usize = 70 * 12_870 * 2;

/// The phase 2 table's entry of `s`.
fn p2_index(rl: &Compress, rest: &Compress, rank: &SubsetRank, s: &P2) -> usize {
    let r = rank.rank(rl.apply(s.r)) as usize;
    let ud = rank.rank(rest.apply(s.ud)) as usize;
    (r * 12_870 + ud) << 1 | s.parity as usize
}

impl Phase2 {
    pub fn new(store: &TableStore) -> Phase2 {
        let masks = MaskTurns::new();
        let turns = phase2_turns();
        let rl_slots = face_slots(1) | face_slots(4);
        let rl = Compress::new(rl_slots);
        let rest = Compress::new(!rl_slots & 0xFF_FFFF);
        // R/L splits phase 3 reaches from the solved one.
        let p3 = phase3_turns();
        // (R on L too: phase 3 may leave the cube turned half way about the U-D or F-B axis.)
        let mut goal_r = HashSet::from([face_slots(1), face_slots(4)]);
        let mut todo = vec![face_slots(1), face_slots(4)];
        while let Some(m) = todo.pop() {
            for &t in &p3 {
                let n = masks.apply(t, m);
                if goal_r.insert(n) {
                    todo.push(n);
                }
            }
        }
        let goal_ud = face_slots(0) | face_slots(3);
        let rank = SubsetRank::new();
        let index = |s: P2| p2_index(&rl, &rest, &rank, &s);
        let sources: Vec<P2> = goal_r
            .iter()
            .map(|&r| P2 {
                r,
                ud: goal_ud,
                parity: 0,
            })
            .collect();
        let table = store.get_or_build("p2-centres-parity-rot-ranked", P2_LEN, || {
            bfs(P2_LEN, &sources, index, |s, out| {
                for &t in &turns {
                    out(P2 {
                        r: masks.apply(t, s.r),
                        ud: masks.apply(t, s.ud),
                        parity: s.parity ^ masks.wing_odd[t.0 as usize],
                    });
                }
            })
        });
        Phase2 {
            masks,
            turns,
            rl,
            rest,
            goal_r,
            goal_ud,
            rank,
            table,
        }
    }
    pub fn start(&self, c: &Cube) -> P2 {
        P2 {
            r: colour_mask(c, &[1]),
            ud: colour_mask(c, &UD),
            parity: wing_parity(c),
        }
    }
    fn index(&self, s: &P2) -> usize {
        p2_index(&self.rl, &self.rest, &self.rank, s)
    }
    pub fn bytes(&self) -> usize {
        self.table.bytes()
    }
}

impl Phase for Phase2 {
    type State = P2;
    type Turn = Turn;
    fn turns(&self) -> &[Turn] {
        &self.turns
    }
    fn step(&self, s: &P2, t: Turn) -> P2 {
        P2 {
            r: self.masks.apply(t, s.r),
            ud: self.masks.apply(t, s.ud),
            parity: s.parity ^ self.masks.wing_odd[t.0 as usize],
        }
    }
    fn bound(&self, s: &P2) -> u8 {
        match self.table.get(self.index(s)) {
            UNREACHED => u8::MAX,
            d => d,
        }
    }
    fn is_goal(&self, s: &P2) -> bool {
        s.parity == 0 && s.ud == self.goal_ud && self.goal_r.contains(&s.r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte-table rank is the colex rank for every set of 4 or 8 of 16 and 24 slots tried,
    /// and numbers the sets the phase tables hold densely (0..n choose k, each once).
    #[test]
    fn subset_ranks_agree_with_the_colex_rank_and_are_dense() {
        let r = SubsetRank::new();
        for (n, k) in [(8u32, 4u32), (16, 8), (24, 8)] {
            let count = crate::toolkit::coord::binom(n as usize, k as usize);
            let mut seen = vec![false; count];
            for m in (0u32..1 << n).filter(|m| m.count_ones() == k) {
                let x = r.rank(m);
                assert_eq!(x, crate::toolkit::coord::subset_rank(m), "{m:#x}");
                assert!(!std::mem::replace(&mut seen[x as usize], true));
            }
            assert!(seen.iter().all(|&s| s), "{n} choose {k}");
        }
    }
}
