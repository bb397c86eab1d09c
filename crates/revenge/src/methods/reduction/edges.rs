//! Phase 3: the centres solved and the 24 wings paired into 12 edges, with turns that keep each
//! wing in one of two classes of slots (every edge position has one slot of each class). Phase 2
//! hands over only positions whose edges are "separated" (each edge with one wing in each class)
//! and whose pairing parities allow a legal 3x3x3 at the end. The pairing itself is followed
//! exactly, with the parity the 3x3x3 needs, by [`super::pairing`]; the centres (each colour
//! already on its pair of faces) and that parity by a second table; the bound is the larger of
//! the two.

use super::centres::{
    colour_mask, face_slots, half_rotations, pairing_turns, phase3_turns, Compress, MaskTurns,
};
use super::moves::{to_slices, turn_perms, Turn, N_TURNS};
use super::pairing::{Pairing, Sigma, PAIRED};
use super::search::{keep_entries_within, keep_if, Kids, Phase};
use super::separation::{axis_classes, Separations};
use super::table::TableStore;
use super::wings::EdgePositions;
use crate::cube::{geometry, Cube};
use crate::symmetry::move_set_symmetries;
use crate::toolkit::bfs::bfs_indexed;
use crate::toolkit::coord::parity;
use crate::toolkit::prune::next_distance;
use crate::toolkit::prune::NibbleTable;
use crate::toolkit::prune::UNSEEN as UNREACHED;

/// A position seen by phase 3.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct P3 {
    /// Which A-wing sits with which B-wing ([`super::pairing`]).
    pub sigma: Sigma,
    /// Slots holding U, R or F centres (the rest hold D, L or B: phase 2 put each colour on its
    /// pair of faces).
    pub centres: u32,
    /// Parity of the edge permutation (class-A wings) plus that of the corners: 0 when pairing
    /// the edges leaves a legal 3x3x3.
    pub parity: u8,
    /// The exact pairing distance of σ and the parity ([`Pairing::distance`]) at a search's
    /// start and for the successors the search keeps; a successor first carries its parent's,
    /// which [`Phase3::keep_within`] turns into its own.
    pub pairing: u8,
}

/// After phase 2 each colour is on its pair of faces, so the centres are three splits of 8
/// slots into 4 + 4 (U of the U and D slots, R of R and L, F of F and B), and the parity: a small
/// table (cache-resident), not one over every 24-bit mask.
const CENTRE_LEN: usize = 70 * 70 * 70 * 2;

/// Numbers the phase-3 centre states (see [`CENTRE_LEN`]).
struct CentreIndex {
    /// The U, R and F slot sets packed to 8 bits each.
    pack: [Compress; 3],
    /// 8-bit set of four -> its rank among the 70 (`u16::MAX` for other sizes).
    rank: [u16; 256],
    /// Rank -> its 8-bit set (the inverse of `rank`).
    sets: [u8; 70],
    /// The slots of the U and D, R and L, F and B faces.
    slots: [u32; 3],
}

impl CentreIndex {
    fn new() -> CentreIndex {
        let pack = [0, 1, 2].map(|f| Compress::new(face_slots(f) | face_slots(f + 3)));
        let mut rank = [u16::MAX; 256];
        let mut n = 0;
        for (m, r) in rank.iter_mut().enumerate() {
            if m.count_ones() == 4 {
                *r = n;
                n += 1;
            }
        }
        let mut sets = [0u8; 70];
        for (m, &r) in rank.iter().enumerate() {
            if r != u16::MAX {
                sets[r as usize] = m as u8;
            }
        }
        let slots = [0, 1, 2].map(|f| face_slots(f) | face_slots(f + 3));
        CentreIndex {
            pack,
            rank,
            sets,
            slots,
        }
    }
    /// The centre state (mask, parity) of entry `i`: the inverse of [`CentreIndex::index`].
    fn decode(&self, i: usize) -> (u32, u8) {
        let mut rest = i >> 1;
        let mut mask = 0;
        for f in (0..3).rev() {
            let packed = self.sets[rest % 70];
            rest /= 70;
            // Unpack: the j-th slot of the pair of faces holds bit j of the packed set.
            let mut j = 0;
            for s in 0..24 {
                if self.slots[f] >> s & 1 == 1 {
                    mask |= ((packed >> j & 1) as u32) << s;
                    j += 1;
                }
            }
        }
        (mask, (i & 1) as u8)
    }
    /// `None` when some colour is not on its pair of faces.
    #[inline]
    fn index(&self, mask: u32, parity: u8) -> Option<usize> {
        let mut i = 0usize;
        for p in &self.pack {
            let r = self.rank[p.apply(mask) as usize];
            if r == u16::MAX {
                return None;
            }
            i = i * 70 + r as usize;
        }
        Some(i << 1 | parity as usize)
    }
}

/// What the pairing coordinate needs of the turns (numbered as by the edge-position
/// renumbering returned with it, the M-slice edges first): per turn, where the class-A and
/// class-B slots of each edge position go and whether the corner-plus-edge parity flips; the
/// symmetries of the turn set that keep the wing classes.
struct PairingMoves {
    alpha: Vec<Sigma>,
    beta: Vec<Sigma>,
    parity_flip: [u8; N_TURNS],
    syms: Vec<Sigma>,
}

impl PairingMoves {
    /// Returns the renumbering too: edge position -> pairing number.
    fn new(ep: &EdgePositions, class: &[u8; 24], all: &[Turn]) -> ([u8; 12], PairingMoves) {
        let g = geometry();
        // The M-slice edges (on neither the R nor the L face) first: every symmetry of the
        // phase-3 turns keeps that set, which the pairing coordinate needs.
        let on_rl = |p: usize| {
            ep.slots[p].iter().any(|&s| {
                g.wings[s as usize]
                    .iter()
                    .any(|&f| f / 16 == 1 || f / 16 == 4)
            })
        };
        let mut order: Vec<usize> = (0..12).filter(|&p| !on_rl(p)).collect();
        order.extend((0..12).filter(|&p| on_rl(p)));
        let mut to_pairing = [0u8; 12];
        for (k, &p) in order.iter().enumerate() {
            to_pairing[p] = k as u8;
        }
        let renumber = |x: [u8; 12]| -> Sigma {
            let mut out = [0u8; 12];
            for q in 0..12 {
                out[to_pairing[q] as usize] = to_pairing[x[q] as usize];
            }
            out
        };
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
        for &t in all {
            let p = &perms[t.0 as usize];
            let mut dest = [0usize; 24];
            for i in 0..24 {
                dest[p.wsrc[i] as usize] = i;
            }
            let a: [u8; 12] = std::array::from_fn(|q| ep.pos[dest[slot_of(q, 0)]]);
            let b: [u8; 12] = std::array::from_fn(|q| ep.pos[dest[slot_of(q, 1)]]);
            parity_flip[t.0 as usize] = (parity(&a) ^ parity(&p.csrc)) as u8;
            alpha[t.0 as usize] = renumber(a);
            beta[t.0 as usize] = renumber(b);
        }
        // Symmetries of the turn set that keep the wing classes, as edge-position permutations.
        let syms: Vec<Sigma> = move_set_symmetries(&to_slices(all))
            .iter()
            .map(|s| s.wing_map())
            .filter(|wm| (0..24).all(|s| class[wm[s] as usize] == class[s]))
            .map(|wm| {
                renumber(std::array::from_fn(|p| {
                    ep.pos[wm[ep.slots[p][0] as usize] as usize]
                }))
            })
            .collect();
        let moves = PairingMoves {
            alpha,
            beta,
            parity_flip,
            syms,
        };
        (to_pairing, moves)
    }
}

pub(crate) struct Phase3 {
    pub ep: EdgePositions,
    /// Wing slot -> class (0 = A, 1 = B).
    pub class: [u8; 24],
    masks: MaskTurns,
    turns: Vec<Turn>,
    /// Edge position -> pairing number (the M-slice edges first).
    to_pairing: [u8; 12],
    parity_flip: [u8; N_TURNS],
    /// The U, R, F centre masks of the solved cube turned by each of [`half_rotations`].
    centres_goals: [u32; 4],
    centres: NibbleTable,
    centre_index: CentreIndex,
    pub pairing: Pairing,
    /// Phase 2's test of its solutions: the edges separated for phase 3 on some axis.
    pub separation: Separations,
}

impl Phase3 {
    pub(crate) fn new(store: &TableStore) -> Phase3 {
        let ep = EdgePositions::new();
        let turns = phase3_turns();
        let all = pairing_turns();
        let class = axis_classes()[1];
        let (to_pairing, moves) = PairingMoves::new(&ep, &class, &all);
        let parity_flip = moves.parity_flip;
        // Exact with all the turns; with phase 3's (no Dw2, Lw2, Bw2) the distance is the same,
        // as pairing does not care about whole-cube turns (a test checks it).
        let pairing = Pairing::new(
            moves.alpha,
            moves.beta,
            parity_flip,
            moves.syms,
            &all,
            store,
        );
        let masks = MaskTurns::new();
        let centres_goals = half_rotations().map(|r| {
            let mut c = Cube::solved();
            c.rotate(r);
            colour_mask(&c, &[0, 1, 2])
        });
        let sources = centres_goals.map(|m| (m, 0u8));
        let centre_index = CentreIndex::new();
        let index = |(m, p): (u32, u8)| {
            centre_index
                .index(m, p)
                .expect("phase 3 turns keep colours on their pairs of faces")
        };
        let sources: Vec<usize> = sources.into_iter().map(index).collect();
        let centres = store.get_or_build("p3-centre-splits", CENTRE_LEN, || {
            bfs_indexed(CENTRE_LEN, &sources, |i, out| {
                let (m, p) = centre_index.decode(i);
                for &t in &turns {
                    if out(index((masks.apply(t, m), p ^ parity_flip[t.0 as usize]))) {
                        return;
                    }
                }
            })
        });
        Phase3 {
            class,
            masks,
            turns,
            to_pairing,
            parity_flip,
            centres_goals,
            centres,
            centre_index,
            pairing,
            separation: Separations::new(&ep),
            ep,
        }
    }

    /// The phase 3 view of `c`, or `None` when some edge has both wings in one class, or the
    /// number of edges with the "wrong" wing in class A is odd, or the pairing permutation is
    /// odd (no 3x3x3 could follow).
    pub(crate) fn start(&self, c: &Cube) -> Option<P3> {
        // Every colour on its own pair of faces (the centre coordinate alone cannot tell a U/D
        // colour on the R/L faces from an R/L one).
        for f in [0, 2] {
            if colour_mask(c, &[f as u8, f as u8 + 3]) != face_slots(f) | face_slots(f + 3) {
                return None;
            }
        }
        // For each edge, the positions of its wing in a class-A slot and in a class-B slot.
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
        let mut sigma = [0u8; 12];
        for e in 0..12 {
            sigma[self.to_pairing[b[e] as usize] as usize] = self.to_pairing[a[e] as usize];
        }
        if parity(&sigma) == 1 {
            return None;
        }
        let parity = (parity(&a) ^ parity(&c.cp)) as u8;
        Some(P3 {
            sigma,
            centres: colour_mask(c, &[0, 1, 2]),
            parity,
            pairing: self.pairing.distance(&sigma, parity),
        })
    }

    pub(crate) fn bytes(&self) -> usize {
        self.centres.bytes() + self.pairing.bytes()
    }

    /// Which of [`half_rotations`] brings the centres of a phase-3 goal home.
    pub(crate) fn orientation(&self, c: &Cube) -> Option<usize> {
        let m = colour_mask(c, &[0, 1, 2]);
        self.centres_goals.iter().position(|&g| g == m)
    }

    #[inline]
    fn centre_bound(&self, s: &P3) -> u8 {
        match self.centre_index.index(s.centres, s.parity) {
            Some(i) => self.centres.get(i),
            None => UNREACHED,
        }
    }
}

impl Phase for Phase3 {
    type State = P3;
    type Turn = Turn;
    #[inline]
    fn turns(&self) -> &[Turn] {
        &self.turns
    }
    #[inline]
    fn step(&self, s: &P3, t: Turn) -> P3 {
        P3 {
            sigma: self.pairing.step(&s.sigma, t),
            centres: self.masks.apply(t, s.centres),
            parity: s.parity ^ self.parity_flip[t.0 as usize],
            pairing: s.pairing,
        }
    }
    #[inline]
    fn bound(&self, s: &P3) -> u8 {
        match self.centre_bound(s) {
            UNREACHED => u8::MAX,
            d => d.max(s.pairing),
        }
    }
    fn keep_within(&self, kids: &mut Kids<Turn, P3>, limit: usize) {
        // The small centre table first: it rejects many turns without the pairing lookup.
        keep_entries_within(kids, limit, |s| match self.centre_bound(s) {
            UNREACHED => u8::MAX,
            d => d,
        });
        // The survivors' pairing entries: all indices first, then all reads, so the reads
        // (the table misses the per-core cache) are independent and in flight together; with
        // each read after its own ranking, few overlapped.
        let mut at = [0usize; N_TURNS];
        for ((_, s), i) in kids.iter().zip(at.iter_mut()) {
            *i = self.pairing.index(&s.sigma, s.parity);
        }
        for ((_, s), &i) in kids.iter_mut().zip(&at) {
            s.pairing = next_distance(s.pairing, self.pairing.residue(i));
        }
        keep_if(kids, |_, s| s.pairing as usize <= limit);
    }
    #[inline]
    fn is_goal(&self, s: &P3) -> bool {
        s.parity == 0 && s.sigma == PAIRED && self.centres_goals.contains(&s.centres)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::reduction::moves::apply;
    use crate::methods::reduction::search::solutions;
    use rand::{Rng, SeedableRng};
    use std::cell::Cell;

    /// Positions made by phase 3 turns from the solved cube are phase 3 positions, and the
    /// optimal search brings them back to a solved-centre, paired-edge cube in no more turns
    /// than the scramble had.
    fn phase3() -> &'static Phase3 {
        static P: std::sync::OnceLock<Phase3> = std::sync::OnceLock::new();
        P.get_or_init(|| Phase3::new(&TableStore::default()))
    }

    /// The 4-bit table the remainders modulo 3 were packed from (built: the tests keep no
    /// cache).
    fn full_pairing() -> &'static NibbleTable {
        phase3().pairing.full.as_ref().expect("built here")
    }

    /// Every remainder read is the full table's distance modulo 3.
    #[test]
    fn pairing_residues_are_the_distances_modulo_3() {
        let p = &phase3().pairing;
        let full = full_pairing();
        assert_eq!(full.len(), p.len());
        assert!((0..p.len()).all(|i| p.residue(i) == full.get(i) % 3));
    }

    /// Near the goal the table agrees with a plain breadth-first search over σ and the parity
    /// (no symmetry, no ranking): every state within six turns, its distance and the number
    /// per distance.
    #[test]
    fn pairing_table_matches_a_plain_search_near_the_goal() {
        use std::collections::HashMap;
        let p3 = phase3();
        let p = &p3.pairing;
        let turns = pairing_turns();
        let mut dist: HashMap<(Sigma, u8), u8> = HashMap::from([((PAIRED, 0), 0)]);
        let mut frontier = vec![(PAIRED, 0)];
        let mut counts = vec![1u64];
        for d in 1..=6u8 {
            let mut next = Vec::new();
            for (s, par) in &frontier {
                for &t in &turns {
                    let n = (p.step(s, t), par ^ p3.parity_flip[t.0 as usize]);
                    if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(n) {
                        e.insert(d);
                        next.push(n);
                    }
                }
            }
            counts.push(next.len() as u64);
            frontier = next;
        }
        for (&(s, par), &d) in &dist {
            assert_eq!(p.distance(&s, par), d, "{s:?} {par}");
        }
        let all = p.state_counts(full_pairing());
        assert_eq!(all[..=6], counts[..]);
        // Every even permutation with either parity is a state; the odd ones are never reached.
        assert_eq!(all.iter().sum::<u64>(), 2 * 239_500_800);
    }

    /// Far from the goal: on random states the table is a consistent distance (neighbours
    /// differ by at most one) that descends (a neighbour one closer unless at the goal): with
    /// 0 only at the goal, that makes it the exact distance, for all the pairing turns and for
    /// phase 3's (checked separately: a turn set with fewer turns could be further). The
    /// parity makes the distance longer than σ's alone on some states (counted: the reason
    /// for the parity).
    #[test]
    fn pairing_table_is_an_exact_distance_on_random_states() {
        let p3 = phase3();
        let p = &p3.pairing;
        let flip = |t: Turn| p3.parity_flip[t.0 as usize];
        let turns = pairing_turns();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut deepest = 0;
        let mut longer = 0;
        for k in 0..3000 {
            let mut s = PAIRED;
            for i in (1..12).rev() {
                s.swap(i, rng.gen_range(0..=i));
            }
            if parity(&s) == 1 {
                s.swap(10, 11);
            }
            p.check_state(&s, &turns);
            let par = (k % 2) as u8;
            let d = p.distance(&s, par);
            assert!(d < UNREACHED);
            assert_eq!(d == 0, s == PAIRED && par == 0);
            longer += (d > p.distance(&s, 1 - par)) as usize;
            for turns in [&turns, &phase3_turns()] {
                let ds: Vec<u8> = turns
                    .iter()
                    .map(|&t| p.distance(&p.step(&s, t), par ^ flip(t)))
                    .collect();
                assert!(
                    ds.iter().all(|&x| x.abs_diff(d) <= 1),
                    "{s:?}: {d} vs {ds:?}"
                );
                assert!(d == 0 || ds.contains(&(d - 1)), "{s:?}: {d} vs {ds:?}");
            }
            deepest = deepest.max(d);
        }
        assert!(deepest >= 12);
        assert!(longer > 100, "{longer}");
    }

    #[test]
    fn phase3_scrambles_are_paired_again() {
        let p = phase3();
        let turns = phase3_turns();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for k in 0..6 {
            let mut c = Cube::solved();
            let n = 4 + 2 * k;
            for _ in 0..n {
                apply(&mut c, turns[rng.gen_range(0..turns.len())]);
            }
            let s = p.start(&c).expect("phase 3 turns keep edges separated");
            let mut sol = None;
            solutions(p, s, n, &Cell::new(u64::MAX), &mut |t| {
                sol = Some(t.to_vec());
                true
            });
            let sol = sol.expect("a solution no longer than the scramble");
            for t in sol {
                apply(&mut c, t);
            }
            assert!(p.orientation(&c).is_some());
            assert!(p.is_goal(&p.start(&c).expect("separated")), "case {k}");
        }
    }
}
