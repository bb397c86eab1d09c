//! Centres as bit masks (one bit per centre slot: "this slot holds one of these colours"), turned
//! by byte lookup tables; phase 1 (the R and L centres onto the R and L faces) and phase 2 (the
//! remaining centres onto their pair of faces, the R/L split into a shape phase 3 can finish,
//! and an even wing permutation).

use super::moves::{turn_perms, Turn, N_TURNS};
use super::search::Phase;
use super::table::TableStore;
use crate::cube::{geometry, Cube, Rotation};
use crate::toolkit::bfs::bfs_indexed;
use crate::toolkit::coord::subset_unrank;
use crate::toolkit::prune::NibbleTable;
use crate::toolkit::prune::UNSEEN as UNREACHED;
use std::collections::HashSet;

/// Centre slots of face `f` as a mask.
pub(crate) fn face_slots(f: usize) -> u32 {
    let g = geometry();
    (0..24)
        .filter(|&s| g.centres[s] / 16 == f)
        .fold(0, |m, s| m | 1 << s)
}

/// The mask of slots whose colour is in `colours` (face indices).
pub(crate) fn colour_mask(c: &Cube, colours: &[u8]) -> u32 {
    (0..24)
        .filter(|&s| colours.contains(&c.ct[s]))
        .fold(0, |m, s| m | 1 << s)
}

/// Parity (0 even, 1 odd) of the wing permutation.
pub(crate) fn wing_parity(c: &Cube) -> u8 {
    crate::toolkit::coord::parity(&c.wp) as u8
}

/// Byte lookup tables moving centre masks by each turn, and each turn's wing parity.
pub(crate) struct MaskTurns {
    lut: Vec<[[u32; 256]; 3]>,
    /// 1 when the turn is an odd permutation of the wings (a wide quarter turn).
    pub wing_odd: [u8; N_TURNS],
}

impl MaskTurns {
    pub(crate) fn new() -> MaskTurns {
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
    pub(crate) fn apply(&self, t: Turn, m: u32) -> u32 {
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
pub(crate) struct Compress {
    lut: [[u32; 256]; 3],
}

impl Compress {
    pub(crate) fn new(slots: u32) -> Compress {
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
    pub(crate) fn apply(&self, m: u32) -> u32 {
        self.lut[0][(m & 255) as usize]
            | self.lut[1][(m >> 8 & 255) as usize]
            | self.lut[2][(m >> 16) as usize]
    }
}

/// The colex rank ([`crate::toolkit::coord::subset_rank`]) of a set of at most eight of 24 slots, a
/// lookup per byte: the phase 1 and 2 tables are indexed by ranks rather than raw masks, so
/// they are dense (phase 1: 0.4 MB instead of 8 MB, phase 2: 0.9 MB instead of 16 MB) and stay
/// in the cache, and the search ranks at every visit.
pub(crate) struct SubsetRank {
    /// Byte, number of set bits below it, its value -> its share of the rank.
    lut: Box<[[[u32; 256]; 9]; 3]>,
}

impl SubsetRank {
    pub(crate) fn new() -> SubsetRank {
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
    pub(crate) fn rank(&self, m: u32) -> u32 {
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
pub(crate) fn phase1_turns() -> Vec<Turn> {
    Turn::all()
        .filter(|t| !(t.wide() && t.face() >= 3))
        .collect()
}

/// Turns of phase 2: every outer turn, wide quarter turns about the R-L axis only, other wide
/// turns halved (they keep the R and L centres on the R and L faces).
pub(crate) fn phase2_turns() -> Vec<Turn> {
    Turn::all()
        .filter(|t| !t.wide() || t.axis() == 1 || t.amount() == 2)
        .collect()
}

/// The half wide turns and U, D, F, B turns, R and L halved: they keep each wing in one of two
/// classes of slots. The pairing table is built with all of them (its symmetries need the whole
/// set).
pub(crate) fn pairing_turns() -> Vec<Turn> {
    pairing_turns_about(1)
}

/// [`pairing_turns`] with the U-D (0), R-L (1) or F-B (2) axis the restricted one.
pub(crate) fn pairing_turns_about(axis: usize) -> Vec<Turn> {
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
pub(crate) fn phase3_turns() -> Vec<Turn> {
    pairing_turns()
        .into_iter()
        .filter(|t| !(t.wide() && t.face() >= 3))
        .collect()
}

/// The whole-cube half turns about each axis (y2, x2, z2), identity first: the orientations
/// phase 3 may leave the centres in.
pub(crate) fn half_rotations() -> [Rotation; 4] {
    [(0, 0), (0, 2), (1, 2), (2, 2)].map(|(axis, amount)| Rotation { axis, amount })
}

/// Colours: U R F D L B = 0..6.
pub(crate) const RL: [u8; 2] = [1, 4];
pub(crate) const UD: [u8; 2] = [0, 3];

/// Phase 1: the eight R and L centres onto the R and L faces.
pub(crate) struct Phase1 {
    pub masks: MaskTurns,
    turns: Vec<Turn>,
    goal: u32,
    rank: SubsetRank,
    /// By the rank of the R and L centres' slots.
    table: NibbleTable,
}

/// Sets of the eight R and L centres' slots: 24 choose 8.
const P1_LEN: usize = 735_471;

impl Phase1 {
    pub(crate) fn new(store: &TableStore) -> Phase1 {
        let masks = MaskTurns::new();
        let turns = phase1_turns();
        let goal = face_slots(1) | face_slots(4);
        // Built with all 36 turns: a lower bound for the search's 27 too.
        let all: Vec<Turn> = Turn::all().collect();
        let rank = SubsetRank::new();
        let table = store.get_or_build("p1-rl-centres-ranked", P1_LEN, || {
            bfs_indexed(P1_LEN, &[rank.rank(goal) as usize], |i, out| {
                let m = subset_unrank(i as u32, 8);
                for &t in &all {
                    if out(rank.rank(masks.apply(t, m)) as usize) {
                        return;
                    }
                }
            })
        });
        Phase1 {
            masks,
            turns,
            goal,
            rank,
            table,
        }
    }
    pub(crate) fn start(&self, c: &Cube) -> u32 {
        colour_mask(c, &RL)
    }
    pub(crate) fn bytes(&self) -> usize {
        self.table.bytes()
    }
}

impl Phase for Phase1 {
    type State = u32;
    type Turn = Turn;
    #[inline]
    fn turns(&self) -> &[Turn] {
        &self.turns
    }
    #[inline]
    fn step(&self, s: &u32, t: Turn) -> u32 {
        self.masks.apply(t, *s)
    }
    #[inline]
    fn bound(&self, s: &u32) -> u8 {
        match self.table.get(self.rank.rank(*s) as usize) {
            UNREACHED => u8::MAX,
            d => d,
        }
    }
    #[inline]
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.goal
    }
}

/// Phase 2 state: R centres (the rank of their set among the R and L slots, 0..70), U and D
/// centres (the rank of their set among the other 16 slots, 0..12,870), wing parity.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct P2 {
    pub r: u32,
    pub ud: u32,
    pub parity: u8,
}

/// Phase 2: U and D centres onto U and D (so F and B onto F and B), the R/L split into one
/// phase 3 can finish, and an even wing permutation.
pub(crate) struct Phase2 {
    pub masks: MaskTurns,
    turns: Vec<Turn>,
    rl: Compress,
    rest: Compress,
    /// Ranks (as in [`P2`]) of the goal's R sets, and of its U and D set.
    goal_r: [bool; 70],
    goal_ud: u32,
    rank: SubsetRank,
    /// Rank -> its rank after each turn (indexed `rank * N_TURNS + turn`): a step reads one
    /// row per position for all its successors, where masks cost six byte-table reads and two
    /// rankings per successor.
    r_moves: Vec<u8>,
    ud_moves: Vec<u16>,
    /// By the ranks of the R centres among the R and L slots (70) and of the U and D centres
    /// among the other 16 (12,870), and the wing parity.
    table: NibbleTable,
}

const P2_LEN: usize = 70 * 12_870 * 2;

/// The phase 2 table's entry of `s`.
#[inline]
fn p2_index(s: &P2) -> usize {
    (s.r as usize * 12_870 + s.ud as usize) << 1 | s.parity as usize
}

/// The state of the phase 2 table's entry `i` (the inverse of [`p2_index`]).
fn p2_decode(i: usize) -> P2 {
    P2 {
        r: (i >> 1) as u32 / 12_870,
        ud: (i >> 1) as u32 % 12_870,
        parity: (i & 1) as u8,
    }
}

/// The masks (over all 24 slots) with `k` of the `slots` set.
fn subsets_of(slots: u32, k: u32) -> impl Iterator<Item = u32> {
    let places: Vec<u32> = (0..24).filter(|&i| slots >> i & 1 == 1).collect();
    (0u32..1 << places.len())
        .filter(move |v| v.count_ones() == k)
        .map(move |v| {
            places
                .iter()
                .enumerate()
                .filter(|&(j, _)| v >> j & 1 == 1)
                .fold(0, |m, (_, &p)| m | 1 << p)
        })
}

/// The move table of the ranks of `k`-sets within `slots` (which `turns` keep): see
/// [`Phase2`]'s `r_moves`.
fn rank_moves(
    masks: &MaskTurns,
    turns: &[Turn],
    slots: u32,
    k: u32,
    rank: impl Fn(u32) -> usize,
) -> Vec<u16> {
    let n = subsets_of(slots, k).count();
    let mut out = vec![0; n * N_TURNS];
    for m in subsets_of(slots, k) {
        for &t in turns {
            let x = masks.apply(t, m);
            assert_eq!(x & !slots, 0, "phase 2 turns keep the slots");
            out[rank(m) * N_TURNS + t.0 as usize] = u16::try_from(rank(x)).expect("ranks fit");
        }
    }
    out
}

impl Phase2 {
    pub(crate) fn new(store: &TableStore) -> Phase2 {
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
        let rank_r = |m: u32| rank.rank(rl.apply(m)) as usize;
        let rank_ud = |m: u32| rank.rank(rest.apply(m)) as usize;
        let r_moves: Vec<u8> = rank_moves(&masks, &turns, rl_slots, 4, rank_r)
            .into_iter()
            .map(|x| x as u8)
            .collect();
        let ud_moves = rank_moves(&masks, &turns, !rl_slots & 0xFF_FFFF, 8, rank_ud);
        let mut goal_rank = [false; 70];
        for &m in &goal_r {
            goal_rank[rank_r(m)] = true;
        }
        let goal_ud = rank_ud(goal_ud) as u32;
        let sources: Vec<P2> = goal_r
            .iter()
            .map(|&m| P2 {
                r: rank_r(m) as u32,
                ud: goal_ud,
                parity: 0,
            })
            .collect();
        let step = |s: &P2, t: Turn| P2 {
            r: r_moves[s.r as usize * N_TURNS + t.0 as usize] as u32,
            ud: ud_moves[s.ud as usize * N_TURNS + t.0 as usize] as u32,
            parity: s.parity ^ masks.wing_odd[t.0 as usize],
        };
        let sources: Vec<usize> = sources.iter().map(p2_index).collect();
        let table = store.get_or_build("p2-centres-parity-rot-ranked", P2_LEN, || {
            bfs_indexed(P2_LEN, &sources, |i, out| {
                let s = p2_decode(i);
                for &t in &turns {
                    if out(p2_index(&step(&s, t))) {
                        return;
                    }
                }
            })
        });
        Phase2 {
            masks,
            turns,
            rl,
            rest,
            goal_r: goal_rank,
            goal_ud,
            rank,
            r_moves,
            ud_moves,
            table,
        }
    }
    pub(crate) fn start(&self, c: &Cube) -> P2 {
        P2 {
            r: self.rank.rank(self.rl.apply(colour_mask(c, &[1]))),
            ud: self.rank.rank(self.rest.apply(colour_mask(c, &UD))),
            parity: wing_parity(c),
        }
    }
    #[inline]
    fn index(&self, s: &P2) -> usize {
        p2_index(s)
    }
    pub(crate) fn bytes(&self) -> usize {
        self.table.bytes()
    }
}

impl Phase for Phase2 {
    type State = P2;
    type Turn = Turn;
    #[inline]
    fn turns(&self) -> &[Turn] {
        &self.turns
    }
    #[inline]
    fn step(&self, s: &P2, t: Turn) -> P2 {
        P2 {
            r: self.r_moves[s.r as usize * N_TURNS + t.0 as usize] as u32,
            ud: self.ud_moves[s.ud as usize * N_TURNS + t.0 as usize] as u32,
            parity: s.parity ^ self.masks.wing_odd[t.0 as usize],
        }
    }
    #[inline]
    fn bound(&self, s: &P2) -> u8 {
        match self.table.get(self.index(s)) {
            UNREACHED => u8::MAX,
            d => d,
        }
    }
    #[inline]
    fn is_goal(&self, s: &P2) -> bool {
        s.parity == 0 && s.ud == self.goal_ud && self.goal_r[s.r as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte-table rank is the colex rank for every set of 4 or 8 of 16 and 24 slots tried,
    /// and numbers the sets the phase tables hold densely (0..n choose k, each once); unranking
    /// (how the phase 1 table's search reads its entries) gives the set back.
    #[test]
    fn subset_ranks_agree_with_the_colex_rank_and_are_dense() {
        let r = SubsetRank::new();
        for (n, k) in [(8u32, 4u32), (16, 8), (24, 8)] {
            let count = crate::toolkit::coord::binom(n as usize, k as usize);
            let mut seen = vec![false; count];
            for m in (0u32..1 << n).filter(|m| m.count_ones() == k) {
                let x = r.rank(m);
                assert_eq!(x, crate::toolkit::coord::subset_rank(m), "{m:#x}");
                assert_eq!(crate::toolkit::coord::subset_unrank(x, k as usize), m);
                assert!(!std::mem::replace(&mut seen[x as usize], true));
            }
            assert!(seen.iter().all(|&s| s), "{n} choose {k}");
        }
    }

    /// A step of the rank move tables lands where reading the turned cube does, along random
    /// walks of phase 2 turns from cubes whose R and L centres are scattered over the R and L
    /// faces (and U, D, F, B over the rest); the goal test agrees with the cube's own.
    #[test]
    fn rank_moves_follow_the_cube() {
        use crate::methods::reduction::moves::apply;
        use rand::{Rng, SeedableRng};
        let p = Phase2::new(&TableStore::default());
        let turns = phase2_turns();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut goals = 0;
        for _ in 0..200 {
            let mut c = Cube::solved();
            for _ in 0..rng.gen_range(0..12) {
                apply(&mut c, turns[rng.gen_range(0..turns.len())]);
            }
            let mut s = p.start(&c);
            for _ in 0..20 {
                let t = turns[rng.gen_range(0..turns.len())];
                apply(&mut c, t);
                s = p.step(&s, t);
                assert_eq!(s, p.start(&c));
                goals += p.is_goal(&s) as u32;
            }
        }
        assert!(goals > 0);
        assert!(p.is_goal(&p.start(&Cube::solved())));
    }
}
