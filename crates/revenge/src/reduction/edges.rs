//! Phase 3: the centres solved and the 24 wings paired into 12 edges, with turns that keep each
//! wing in one of two classes of slots (every edge position has one slot of each class). Phase 2
//! hands over only positions whose edges are "separated" (each edge with one wing in each class)
//! and whose pairing parities allow a legal 3x3x3 at the end.

use super::centres::{colour_mask, face_slots, phase3_turns, MaskTurns};
use super::moves::{turn_perms, Turn, N_TURNS};
use super::search::Phase;
use super::table::{bfs, Dist, TableStore, UNREACHED};
use crate::coord::{parity, subset_rank};
use crate::cube::{geometry, Cube};

/// Orbits of the wing slots under `turns`: slot -> smallest slot of its orbit.
pub fn wing_orbits(turns: &[Turn]) -> [u8; 24] {
    let perms = turn_perms();
    let mut cls: [u8; 24] = std::array::from_fn(|i| i as u8);
    loop {
        let mut changed = false;
        for t in turns {
            let p = &perms[t.0 as usize];
            for i in 0..24 {
                let j = p.wsrc[i] as usize;
                let m = cls[i].min(cls[j]);
                if cls[i] != m || cls[j] != m {
                    cls[i] = m;
                    cls[j] = m;
                    changed = true;
                }
            }
        }
        if !changed {
            return cls;
        }
    }
}

/// The 12 edge positions (pairs of wing slots), those on the U and D faces first, so the last
/// four are the middle layer (where the 3x3x3 solver wants them).
pub struct EdgePositions {
    /// Wing slot -> edge position.
    pub pos: [u8; 24],
    /// Edge position -> its two wing slots.
    pub slots: [[u8; 2]; 12],
}

impl EdgePositions {
    pub fn new() -> EdgePositions {
        let g = geometry();
        let faces = |s: usize| {
            let mut f = [g.wings[s][0] / 16, g.wings[s][1] / 16];
            f.sort();
            f
        };
        let mut pairs: Vec<[usize; 2]> = (0..24).map(faces).collect();
        pairs.sort_by_key(|f| {
            let ud = f.iter().any(|&x| x == 0 || x == 3);
            (!ud, *f)
        });
        pairs.dedup();
        let mut pos = [0u8; 24];
        let mut slots = [[0u8; 2]; 12];
        let mut fill = [0usize; 12];
        for (s, ps) in pos.iter_mut().enumerate() {
            let p = pairs
                .iter()
                .position(|&f| f == faces(s))
                .expect("every wing is on an edge");
            *ps = p as u8;
            slots[p][fill[p]] = s as u8;
            fill[p] += 1;
        }
        EdgePositions { pos, slots }
    }
}

impl Default for EdgePositions {
    fn default() -> Self {
        Self::new()
    }
}

/// A position's edges seen by phase 3: for each edge (named by its home position), where its
/// wing in a class-A slot is and where its wing in a class-B slot is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct P3 {
    pub a: [u8; 12],
    pub b: [u8; 12],
    /// Slots holding U, R or F centres (the rest hold D, L or B: phase 2 put each colour on its
    /// pair of faces).
    pub centres: u32,
    /// Parity of the edge permutation (class-A wings) plus that of the corners: 0 when pairing
    /// the edges leaves a legal 3x3x3.
    pub parity: u8,
}

/// Number of edges the pairing tables follow at once.
const GROUP: usize = 4;
/// Unordered sets of four (A position, B position) pairs: C(12,4) * 12*11*10*9.
const PAIR_LEN: usize = 495 * 11880;
const CENTRE_LEN: usize = 1 << 25;

pub struct Phase3 {
    pub ep: EdgePositions,
    /// Wing slot -> class (0 = A, 1 = B).
    pub class: [u8; 24],
    masks: MaskTurns,
    turns: Vec<Turn>,
    /// Turn -> edge position permutation of class-A (and class-B) slots ("goes to").
    alpha: Vec<[u8; 12]>,
    beta: Vec<[u8; 12]>,
    parity_flip: [u8; N_TURNS],
    centres_goal: u32,
    centres: Dist,
    pairs: Dist,
    groups: Vec<[usize; GROUP]>,
    /// Scale of the pairing bound in eighths: 8 keeps it admissible (optimal solutions), more
    /// trades length for speed (the pairing tables follow only four edges at a time, so their
    /// bound is weak and the optimal search slow).
    pub weight: u32,
}

/// Packs four pairs, sorted by A position, one byte each.
fn pack(mut p: [(u8, u8); GROUP]) -> u32 {
    p.sort_unstable();
    p.iter()
        .fold(0u32, |acc, &(a, b)| acc << 8 | (a as u32) << 4 | b as u32)
}

fn unpack(x: u32) -> [(u8, u8); GROUP] {
    std::array::from_fn(|i| {
        let byte = (x >> (8 * (GROUP - 1 - i))) & 0xFF;
        ((byte >> 4) as u8, (byte & 15) as u8)
    })
}

fn pair_index(x: u32) -> usize {
    let p = unpack(x);
    let amask = p.iter().fold(0u32, |m, &(a, _)| m | 1 << a);
    let mut used = 0u32;
    let mut r = 0usize;
    for (i, &(_, b)) in p.iter().enumerate() {
        let smaller = (used & ((1 << b) - 1)).count_ones() as usize;
        r = r * (12 - i) + (b as usize - smaller);
        used |= 1 << b;
    }
    subset_rank(amask) as usize * 11880 + r
}

impl Phase3 {
    pub fn new(store: &TableStore) -> Phase3 {
        let ep = EdgePositions::new();
        let turns = phase3_turns();
        let orbits = wing_orbits(&turns);
        let class: [u8; 24] = std::array::from_fn(|s| (orbits[s] != orbits[0]) as u8);
        let perms = turn_perms();
        let mut alpha = vec![[0u8; 12]; N_TURNS];
        let mut beta = vec![[0u8; 12]; N_TURNS];
        let mut parity_flip = [0u8; N_TURNS];
        let slot_of = |p: usize, c: u8| -> usize {
            let [s, t] = ep.slots[p];
            if class[s as usize] == c {
                s as usize
            } else {
                t as usize
            }
        };
        for &t in &turns {
            let p = &perms[t.0 as usize];
            let mut dest = [0usize; 24];
            for i in 0..24 {
                dest[p.wsrc[i] as usize] = i;
            }
            for q in 0..12 {
                alpha[t.0 as usize][q] = ep.pos[dest[slot_of(q, 0)]];
                beta[t.0 as usize][q] = ep.pos[dest[slot_of(q, 1)]];
            }
            parity_flip[t.0 as usize] = (parity(&alpha[t.0 as usize]) ^ parity(&p.csrc)) as u8;
        }
        let masks = MaskTurns::new();
        let centres_goal = face_slots(0) | face_slots(1) | face_slots(2);
        let centres = store.get_or_build("p3-centres", CENTRE_LEN, || {
            bfs(
                CENTRE_LEN,
                &[(centres_goal, 0u8)],
                |(m, p)| (m as usize) << 1 | p as usize,
                |(m, p), out| {
                    for &t in &turns {
                        out((masks.apply(t, m), p ^ parity_flip[t.0 as usize]));
                    }
                },
            )
        });
        let pairs = store.get_or_build("p3-pairs", PAIR_LEN, || {
            let mut sources = Vec::new();
            for m in 0u32..1 << 12 {
                if m.count_ones() as usize == GROUP {
                    let mut p = [(0u8, 0u8); GROUP];
                    let mut k = 0;
                    for a in 0..12u8 {
                        if m >> a & 1 == 1 {
                            p[k] = (a, a);
                            k += 1;
                        }
                    }
                    sources.push(pack(p));
                }
            }
            bfs(PAIR_LEN, &sources, pair_index, |x, out| {
                let p = unpack(x);
                for &t in &turns {
                    let (al, be) = (&alpha[t.0 as usize], &beta[t.0 as usize]);
                    out(pack(p.map(|(a, b)| (al[a as usize], be[b as usize]))));
                }
            })
        });
        let groups = vec![
            [0, 1, 2, 3],
            [4, 5, 6, 7],
            [8, 9, 10, 11],
            [0, 4, 8, 1],
            [5, 9, 2, 6],
            [10, 3, 7, 11],
        ];
        Phase3 {
            ep,
            class,
            masks,
            turns,
            alpha,
            beta,
            parity_flip,
            centres_goal,
            centres,
            pairs,
            groups,
            weight: 8,
        }
    }

    /// The phase 3 view of `c`, or `None` when some edge has both wings in one class or the
    /// number of edges with the "wrong" wing in class A is odd (no 3x3x3 could follow).
    pub fn start(&self, c: &Cube) -> Option<P3> {
        let mut a = [u8::MAX; 12];
        let mut b = [u8::MAX; 12];
        let mut flips = 0;
        for s in 0..24 {
            let w = c.wp[s] as usize;
            let e = self.ep.pos[w] as usize;
            let side = if self.class[s] == 0 { &mut a } else { &mut b };
            if side[e] != u8::MAX {
                return None;
            }
            side[e] = self.ep.pos[s];
            if self.class[s] == 0 && self.class[w] == 1 {
                flips += 1;
            }
        }
        if flips % 2 == 1 {
            return None;
        }
        let parity = (parity(&a) ^ parity(&c.cp)) as u8;
        Some(P3 {
            a,
            b,
            centres: colour_mask(c, &[0, 1, 2]),
            parity,
        })
    }

    pub fn bytes(&self) -> usize {
        self.centres.bytes() + self.pairs.bytes()
    }

    fn centre_bound(&self, s: &P3) -> u8 {
        self.centres
            .get((s.centres as usize) << 1 | s.parity as usize)
    }
}

impl Phase for Phase3 {
    type State = P3;
    fn turns(&self) -> &[Turn] {
        &self.turns
    }
    fn step(&self, s: &P3, t: Turn) -> P3 {
        let (al, be) = (&self.alpha[t.0 as usize], &self.beta[t.0 as usize]);
        P3 {
            a: s.a.map(|x| al[x as usize]),
            b: s.b.map(|x| be[x as usize]),
            centres: self.masks.apply(t, s.centres),
            parity: s.parity ^ self.parity_flip[t.0 as usize],
        }
    }
    fn bound(&self, s: &P3) -> u8 {
        let h = match self.centre_bound(s) {
            UNREACHED => return u8::MAX,
            d => d,
        };
        // The sum over disjoint groups (not a lower bound: a turn can pair edges of several
        // groups at once) guides the search to short, not shortest, solutions fast.
        let mut e = 0u32;
        for g in &self.groups[..3] {
            let x = pack(g.map(|e| (s.a[e], s.b[e])));
            e += self.pairs.get(pair_index(x)) as u32;
        }
        let e = (e * self.weight / 8).min(254);
        h.max(e as u8)
    }
    fn within(&self, s: &P3, limit: usize) -> bool {
        (self.bound(s) as usize) <= limit
    }
    fn is_goal(&self, s: &P3) -> bool {
        s.centres == self.centres_goal && s.parity == 0 && s.a == s.b
    }
}

impl Phase3 {
    /// Guidance for the beam search: exact centre distance plus the pairing distances of
    /// three disjoint groups of four edges (0 exactly at the goal).
    fn score(&self, s: &P3) -> u32 {
        let c = self.centre_bound(s);
        if c == UNREACHED {
            return u32::MAX;
        }
        let mut e = 0u32;
        for g in &self.groups[..3] {
            let x = pack(g.map(|e| (s.a[e], s.b[e])));
            e += self.pairs.get(pair_index(x)) as u32;
        }
        c as u32 + e
    }

    /// A short (not shortest) phase 3 solution by beam search: the `width` best positions by
    /// [`Phase3::score`] kept at each depth. The tables follow four edges at a time, too weak
    /// a bound for an optimal search to be fast.
    pub fn beam(&self, start: &P3, width: usize, max_len: usize) -> Option<Vec<Turn>> {
        use std::collections::HashSet;
        struct Node {
            s: P3,
            parent: u32,
            turn: Turn,
        }
        let mut nodes: Vec<Node> = vec![Node {
            s: *start,
            parent: u32::MAX,
            turn: Turn(0),
        }];
        let path = |nodes: &Vec<Node>, mut i: usize| {
            let mut v = Vec::new();
            while nodes[i].parent != u32::MAX {
                v.push(nodes[i].turn);
                i = nodes[i].parent as usize;
            }
            v.reverse();
            v
        };
        if self.is_goal(start) {
            return Some(Vec::new());
        }
        let mut frontier: Vec<usize> = vec![0];
        let mut seen: HashSet<([u8; 12], [u8; 12], u32, u8)> = HashSet::new();
        seen.insert((start.a, start.b, start.centres, start.parity));
        for _ in 0..max_len {
            let mut next: Vec<(u32, usize)> = Vec::new();
            for &i in &frontier {
                let last = (nodes[i].parent != u32::MAX).then_some(nodes[i].turn);
                for &t in &self.turns {
                    if last.is_some_and(|l| !super::moves::may_follow(l, t)) {
                        continue;
                    }
                    let n = self.step(&nodes[i].s, t);
                    if !seen.insert((n.a, n.b, n.centres, n.parity)) {
                        continue;
                    }
                    let sc = self.score(&n);
                    if sc == u32::MAX {
                        continue;
                    }
                    nodes.push(Node {
                        s: n,
                        parent: i as u32,
                        turn: t,
                    });
                    let k = nodes.len() - 1;
                    if sc == 0 && self.is_goal(&n) {
                        return Some(path(&nodes, k));
                    }
                    next.push((sc, k));
                }
            }
            next.sort_unstable();
            next.truncate(width);
            frontier = next.into_iter().map(|(_, k)| k).collect();
            if frontier.is_empty() {
                return None;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduction::moves::apply;
    use rand::{Rng, SeedableRng};

    /// Positions made by a few phase 3 turns from the solved cube are phase 3 positions, and
    /// the beam search brings them back to a solved-centre, paired-edge cube. (Deep ones it
    /// does not always solve: the four-edge tables guide it too weakly.)
    #[test]
    fn phase3_scrambles_are_paired_again() {
        let p = Phase3::new(&TableStore::default());
        let turns = phase3_turns();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for k in 0..4 {
            let mut c = Cube::solved();
            for _ in 0..6 {
                apply(&mut c, turns[rng.gen_range(0..turns.len())]);
            }
            let s = p.start(&c).expect("phase 3 turns keep edges separated");
            let sol = p.beam(&s, 2000, 30).expect("beam finds a solution");
            assert!(
                sol.len() <= 14,
                "case {k}: {} turns for a 6-turn scramble",
                sol.len()
            );
            for t in sol {
                apply(&mut c, t);
            }
            assert_eq!(colour_mask(&c, &[0, 1, 2]), p.centres_goal);
            assert!(p.is_goal(&p.start(&c).expect("separated")));
        }
    }
}
