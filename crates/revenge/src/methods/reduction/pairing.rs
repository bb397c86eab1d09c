//! The edge-pairing coordinate of phase 3 and its exact distance table.
//!
//! Phase 3's turns keep every wing in one of two classes of slots, A and B (each edge position
//! has one slot of each). With every edge separated (one wing in each class), what pairing
//! needs is only which A-wing sits with which B-wing: the permutation σ of edge positions with
//! σ(q) = the position of the A-wing whose edge's B-wing is at q. The edges are paired exactly
//! when σ is the identity. A turn moving A-slots by α and B-slots by β maps σ to α σ β⁻¹, so
//! distances depend on σ alone, and since phase-3 turns keep σ's parity an even start stays in
//! the 12!/2 even permutations. The table goes with phase 3's parity too (the corners' plus the
//! class-A wings', which the wide half turns flip and must end 0): σ with the parity is further
//! than σ alone in about a quarter of the states, and over the bench positions phase 3 visits
//! 37% fewer positions with it.
//!
//! The table is exact (every even σ, its distance) but reduced by symmetry: the cube symmetries
//! that keep the R-L axis (hence the phase-3 turn set) and map class-A slots to class-A slots
//! act on σ by conjugation with the edge-position permutation γ they induce (σ ↦ γ σ γ⁻¹, the
//! identity fixed), which keeps distances. The four M-slice edges (touching neither R nor L)
//! form a set every such γ keeps, so σ on them (one of 12·11·10·9 = 11,880 arrangements) is
//! reduced to its class, and the other eight entries of the conjugated σ are ranked as a
//! permutation whose parity the rest determines (8!/2 = 20,160): 1,538 × 20,160 × 2 parities =
//! 62,012,160 entries, each its distance modulo 3 in 2 bits ([`next_distance`](crate::toolkit::prune::next_distance)), 15.5 MB.

use super::moves::{Turn, N_TURNS};
use super::table::TableStore;
use crate::toolkit::bfs::bfs_indexed;
use crate::toolkit::coord::parity;
use crate::toolkit::prune::NibbleTable;
use rayon::prelude::*;

/// Arrangements of the four M-slice entries.
const N_FIRST: usize = 12 * 11 * 10 * 9;
/// Even (or odd) permutations of the other eight.
const N_REST: usize = 20_160;

/// σ in pairing numbering (M-slice positions are 0..4).
pub(crate) type Sigma = [u8; 12];

/// The identity: every edge paired.
pub(crate) const PAIRED: Sigma = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/// The symmetry-reduced coordinate and the distance table over it.
pub(crate) struct Pairing {
    /// Per turn (indexed by `Turn.0`): where the A-slot (α) and B-slot (β) of each position go.
    alpha: Vec<Sigma>,
    beta: Vec<Sigma>,
    /// Edge-position permutations of the symmetries, identity first.
    syms: Vec<Sigma>,
    /// Raw M-slice arrangement -> class << 4 | the symmetry taking it to its class's
    /// representative (the identity for representatives). Read only by the tests' count of
    /// states per distance ([`Pairing::state_counts`]); 47 KB.
    #[cfg_attr(not(test), allow(dead_code))]
    raw2sym: Vec<u32>,
    /// The same, indexed by the four entries directly (`s0·12³ + s1·12² + s2·12 + s3`; the
    /// search looks it up at every node, so it skips ranking the arrangement; 16 bits, as
    /// class << 4 | symmetry fits them, so the table is 41 KB and stays in the nearest cache).
    first2sym: Vec<u16>,
    /// Class -> raw representative.
    sym2raw: Vec<u16>,
    /// Class -> [`renumbering`] of its representative's four values.
    renumbered: Vec<u64>,
    /// Class -> the other symmetries fixing its representative's arrangement: the entries
    /// `γ σ γ⁻¹` for those are distinct entries of one distance, all set together when built.
    stabiliser: Vec<Vec<u8>>,
    /// Per turn: 1 when it flips the phase-3 parity (the corners' plus the class-A wings').
    flip: [u8; N_TURNS],
    /// The turns the distances count.
    turns: Vec<Turn>,
    /// By σ's entry and the parity (its lowest bit), each entry's distance modulo 3, two
    /// entries to a nibble (the two parities of one σ share it). One turn changes the distance
    /// by at most one, so a successor's distance is the one of the three next to its parent's
    /// with that remainder ([`next_distance`](crate::toolkit::prune::next_distance)): the search carries the exact distance along
    /// its path, as Kociemba's and Chen Shuang's solvers do, and the table is half the size
    /// of a 4-bit one.
    table: NibbleTable,
    /// The 4-bit table `table` was packed from, when built here (the tests' count of states
    /// per distance reads it).
    #[cfg(test)]
    pub(crate) full: Option<NibbleTable>,
}

/// `(s[0], s[1], s[2], s[3])` as one of 11,880 arrangements.
#[inline]
fn first_raw(s: &Sigma) -> usize {
    let mut used = 0u32;
    let mut r = 0usize;
    for (i, &v) in s[..4].iter().enumerate() {
        let smaller = (used & ((1 << v) - 1)).count_ones() as usize;
        r = r * (12 - i) + v as usize - smaller;
        used |= 1 << v;
    }
    r
}

fn first_unraw(mut r: usize) -> [u8; 4] {
    let mut digits = [0usize; 4];
    for i in (0..4).rev() {
        digits[i] = r % (12 - i);
        r /= 12 - i;
    }
    let mut avail: Vec<u8> = (0..12).collect();
    digits.map(|d| avail.remove(d))
}

/// Lehmer rank of entries 4..12, each renumbered among the values the first four leave.
/// Swapping the last two entries changes the rank by one and the parity, so `rank >> 1` ranks
/// the permutations of one parity.
#[inline]
fn rest_rank(s: &Sigma) -> usize {
    rank_renumbered(s, renumbering(s[..4].iter().fold(0u32, |m, &v| m | 1 << v)))
}

/// The values 0..12 renumbered among those not in `first` (a set of four), 3 bits each: value
/// `v` at bits `3v..3v + 3` (the values in `first` at 0, never read).
fn renumbering(first: u32) -> u64 {
    let mut r = 0u64;
    let mut below = 0u64;
    for v in 0..12u64 {
        if first >> v & 1 == 1 {
            below += 1;
        } else {
            r |= (v - below) << (3 * v);
        }
    }
    r
}

/// [`rest_rank`] with the renumbering of σ's first four values given: the search ranks σ at
/// every node, where the first four are a class's representative, whose renumbering is
/// looked up ([`Pairing::canonical`]); so the rank is shifts and two lookups (see
/// [`RANK_HEAD`]), with no bit counts (which this target computes without an instruction)
/// and no loop whose every step waits for the one before.
#[inline]
fn rank_renumbered(s: &Sigma, renumbered: u64) -> usize {
    let c = |k: usize| (renumbered >> (3 * s[k] as u64) & 7) as usize;
    let head = c(4) << 9 | c(5) << 6 | c(6) << 3 | c(7);
    let tail = c(8) << 9 | c(9) << 6 | c(10) << 3 | c(11);
    RANK_HEAD[head] as usize + RANK_TAIL[tail] as usize
}

/// The Lehmer code of a permutation `c` of 0..8 is Σ dᵢ·(7-i)!, where dᵢ counts the values
/// below cᵢ not used before i. For i < 4 that is cᵢ minus the smaller values among c₀..cᵢ₋₁;
/// for i ≥ 4 it is the number of smaller values among cᵢ₊₁..c₇. So the first four entries'
/// share depends on them alone, and so does the last four's: each is one table entry, indexed
/// by the four values at 3 bits each.
static RANK_HEAD: [u16; 4096] = rank_part(true);
static RANK_TAIL: [u16; 4096] = rank_part(false);

const fn rank_part(head: bool) -> [u16; 4096] {
    const WEIGHT: [usize; 8] = [5040, 720, 120, 24, 6, 2, 1, 1];
    let mut t = [0u16; 4096];
    let mut key = 0;
    while key < 4096 {
        let c = [key >> 9, key >> 6 & 7, key >> 3 & 7, key & 7];
        // Keys with a repeated value stand for no permutation: left 0, never read.
        if c[0] == c[1]
            || c[0] == c[2]
            || c[0] == c[3]
            || c[1] == c[2]
            || c[1] == c[3]
            || c[2] == c[3]
        {
            key += 1;
            continue;
        }
        let mut sum = 0;
        let mut i = 0;
        while i < 4 {
            let mut d = 0;
            let mut j = 0;
            while j < 4 {
                let before = j < i;
                if c[j] < c[i] && j != i && before == head {
                    d += 1;
                }
                j += 1;
            }
            sum += if head {
                (c[i] - d) * WEIGHT[i]
            } else {
                d * WEIGHT[4 + i]
            };
            i += 1;
        }
        t[key] = sum as u16;
        key += 1;
    }
    t
}

/// Conjugation by a symmetry's edge-position permutation: `γ σ γ⁻¹`.
#[inline]
fn conjugate(s: &Sigma, g: &Sigma) -> Sigma {
    let mut out = [0u8; 12];
    for q in 0..12 {
        out[g[q] as usize] = g[s[q] as usize];
    }
    out
}

impl Pairing {
    /// `alpha`/`beta`: per turn (indexed by `Turn.0`, only `turns` used), where the A-slot and
    /// B-slot of each edge position go, in the numbering of `m_slice` (the four positions of the
    /// M-slice edges must be 0..4); `syms`: the symmetries' edge-position permutations, identity
    /// first. The distances are loaded from `store` or built ([`Pairing::build_table`]).
    pub(crate) fn new(
        alpha: Vec<Sigma>,
        beta: Vec<Sigma>,
        flip: [u8; N_TURNS],
        syms: Vec<Sigma>,
        turns: &[Turn],
        store: &TableStore,
    ) -> Pairing {
        assert_eq!(syms[0], PAIRED, "identity first");
        for g in &syms {
            assert!(g[..4].iter().all(|&x| x < 4), "symmetries keep the M slice");
        }
        let (raw2sym, sym2raw) = sym_classes(&syms);
        let stabiliser = sym2raw
            .iter()
            .map(|&x| {
                let mut s = PAIRED;
                s[..4].copy_from_slice(&first_unraw(x as usize));
                (1..syms.len() as u8)
                    .filter(|&k| first_raw(&conjugate(&s, &syms[k as usize])) == x as usize)
                    .collect()
            })
            .collect();
        let first2sym = (0..12 * 12 * 12 * 12)
            .map(|i| {
                let f = [i / 1728, i / 144 % 12, i / 12 % 12, i % 12];
                let distinct = (0..4).all(|a| (0..a).all(|b| f[a] != f[b]));
                let mut s = PAIRED;
                for (k, &v) in f.iter().enumerate() {
                    s[k] = v as u8;
                }
                if distinct {
                    u16::try_from(raw2sym[first_raw(&s)]).expect("class << 4 | symmetry")
                } else {
                    u16::MAX
                }
            })
            .collect();
        let renumbered = sym2raw
            .iter()
            .map(|&x| renumbering(first_unraw(x as usize).iter().fold(0, |m, &v| m | 1 << v)))
            .collect();
        let mut p = Pairing {
            alpha,
            beta,
            syms,
            first2sym,
            raw2sym,
            sym2raw,
            renumbered,
            stabiliser,
            flip,
            turns: turns.to_vec(),
            table: NibbleTable::empty(),
            #[cfg(test)]
            full: None,
        };
        let mut full = None;
        let table = store.get_or_build("p3-pairing-parity-mod3", p.len().div_ceil(2), || {
            let f = p.build_table(turns);
            let packed = NibbleTable::residues_of(&f);
            full = Some(f);
            packed
        });
        #[cfg(test)]
        {
            p.full = full;
        }
        #[cfg(not(test))]
        drop(full);
        p.table = table;
        p
    }

    /// Number of entries (classes × 20,160 × the two parities).
    pub(crate) fn len(&self) -> usize {
        self.sym2raw.len() * N_REST * 2
    }

    /// Number of symmetry classes of the M-slice arrangement.
    #[cfg(test)]
    pub(crate) fn classes(&self) -> usize {
        self.sym2raw.len()
    }

    pub(crate) fn bytes(&self) -> usize {
        self.table.bytes()
    }

    /// σ after turn `t`: α σ β⁻¹.
    #[inline]
    pub(crate) fn step(&self, s: &Sigma, t: Turn) -> Sigma {
        let (a, b) = (&self.alpha[t.0 as usize], &self.beta[t.0 as usize]);
        let mut out = [0u8; 12];
        for q in 0..12 {
            out[b[q] as usize] = a[s[q] as usize];
        }
        out
    }

    /// The table entry of an even σ with the phase-3 parity `parity` (0 or 1).
    #[inline]
    pub(crate) fn index(&self, s: &Sigma, parity: u8) -> usize {
        self.canonical(s).0 << 1 | parity as usize
    }

    /// The entry of σ and the conjugate of σ it stands for (its M-slice entries are the class's
    /// representative).
    #[inline]
    fn canonical(&self, s: &Sigma) -> (usize, Sigma) {
        let x = self.first2sym
            [((s[0] as usize * 12 + s[1] as usize) * 12 + s[2] as usize) * 12 + s[3] as usize];
        let (class, sym) = ((x >> 4) as usize, (x & 15) as usize);
        let c = if sym == 0 {
            *s
        } else {
            conjugate(s, &self.syms[sym])
        };
        (
            class * N_REST + (rank_renumbered(&c, self.renumbered[class]) >> 1),
            c,
        )
    }

    /// Every entry standing for σ with `parity` (more than one when a symmetry fixes its
    /// class's representative; symmetries keep the parity, as conjugation keeps the parity of
    /// a permutation): `f` on each until it returns true; returns whether it did.
    fn each_index(&self, s: &Sigma, parity: u8, f: &mut dyn FnMut(usize) -> bool) -> bool {
        let (i, c) = self.canonical(s);
        let p = parity as usize;
        if f(i << 1 | p) {
            return true;
        }
        let base = i - i % N_REST;
        self.stabiliser[i / N_REST]
            .iter()
            .any(|&k| f((base + (rest_rank(&conjugate(&c, &self.syms[k as usize])) >> 1)) << 1 | p))
    }

    /// The σ and parity an entry stands for (σ the representative of its class).
    pub(crate) fn decode(&self, i: usize) -> (Sigma, u8) {
        (self.decode_sigma(i >> 1), (i & 1) as u8)
    }

    /// The σ of σ's entry `i` (before the parity is added to it).
    fn decode_sigma(&self, i: usize) -> Sigma {
        let first = first_unraw(self.sym2raw[i / N_REST] as usize);
        let mut r = (i % N_REST) << 1;
        let mut s = [0u8; 12];
        s[..4].copy_from_slice(&first);
        let rest: Vec<u8> = (0..12).filter(|v| !first.contains(v)).collect();
        loop {
            let mut digits = [0usize; 8];
            let mut x = r;
            for k in (0..8).rev() {
                digits[k] = x % (8 - k);
                x /= 8 - k;
            }
            let mut avail = rest.clone();
            for (k, d) in digits.iter().enumerate() {
                s[4 + k] = avail.remove(*d);
            }
            if parity(&s) == 0 {
                return s;
            }
            r |= 1;
        }
    }

    /// Entry `i`'s distance modulo 3 (see [`Pairing::index`], [`next_distance`](crate::toolkit::prune::next_distance)): phase 3
    /// ranks all successors first, then reads their entries together so that the cache misses
    /// overlap.
    #[inline]
    pub(crate) fn residue(&self, i: usize) -> u8 {
        self.table.residues().get(i)
    }

    /// Exact number of phase-3 turns to pair the edges of an even σ with the phase-3 parity
    /// `parity` and leave that parity 0: found by walking to the goal, each step to a
    /// neighbour one closer (the one whose remainder is one less), so it costs a few hundred
    /// reads: for the start of a search, whose successors then follow by [`next_distance`](crate::toolkit::prune::next_distance).
    #[inline]
    pub(crate) fn distance(&self, s: &Sigma, parity: u8) -> u8 {
        let (mut s, mut p, mut d) = (*s, parity, 0u8);
        while s != PAIRED || p != 0 {
            let r = self.residue(self.index(&s, p));
            (s, p) = self
                .turns
                .iter()
                .map(|&t| (self.step(&s, t), p ^ self.flip[t.0 as usize]))
                .find(|(n, q)| self.residue(self.index(n, *q)) == (r + 2) % 3)
                .expect("an exact distance has a neighbour one closer");
            d += 1;
        }
        d
    }

    /// Number of pairing states (even σ, either parity) at each distance in `full` (the
    /// 4-bit table [`Pairing::build_table`] makes). An entry of class `c` stands for one state
    /// per raw arrangement in the class (each raw value maps the states starting with it
    /// one-to-one onto the class's entries).
    #[cfg(test)]
    pub(crate) fn state_counts(&self, full: &NibbleTable) -> Vec<u64> {
        let mut orbit = vec![0u64; self.classes()];
        for &x in &self.raw2sym {
            orbit[(x >> 4) as usize] += 1;
        }
        let mut counts = vec![0u64; 16];
        for i in 0..self.len() {
            counts[full.get(i) as usize] += orbit[i / (2 * N_REST)];
        }
        while counts.last() == Some(&0) {
            counts.pop();
        }
        counts
    }

    /// Breadth-first search over the entries from the paired state (on rayon's threads). A
    /// neighbour sets all its entries at once: the search reaches every state of a distance
    /// through some conjugate of it, which need not be the one an entry decodes to.
    pub(crate) fn build_table(&self, turns: &[Turn]) -> NibbleTable {
        bfs_indexed(self.len(), &[self.index(&PAIRED, 0)], |i, out| {
            let (s, p) = self.decode(i);
            for &t in turns {
                if self.each_index(&self.step(&s, t), p ^ self.flip[t.0 as usize], out) {
                    return;
                }
            }
        })
    }
}

/// Classes of the M-slice arrangements under conjugation by `syms`: (raw -> class << 4 | sym,
/// class -> representative), the representative being the smallest raw value of its class.
fn sym_classes(syms: &[Sigma]) -> (Vec<u32>, Vec<u16>) {
    assert!(syms.len() <= 16, "4 bits hold the symmetry");
    let images: Vec<(usize, usize)> = (0..N_FIRST)
        .into_par_iter()
        .map(|x| {
            let f = first_unraw(x);
            let mut s = PAIRED;
            s[..4].copy_from_slice(&f);
            // Entries 4..12 do not affect the first four of a conjugate (γ keeps 0..4).
            syms.iter()
                .enumerate()
                .map(|(k, g)| (first_raw(&conjugate(&s, g)), k))
                .min()
                .expect("at least the identity")
        })
        .collect();
    let mut class_of = vec![u32::MAX; N_FIRST];
    let mut sym2raw = Vec::new();
    let mut raw2sym = vec![0u32; N_FIRST];
    for (x, &(rep, k)) in images.iter().enumerate() {
        if rep == x {
            class_of[x] = sym2raw.len() as u32;
            sym2raw.push(x as u16);
        }
        raw2sym[x] = class_of[rep] << 4 | k as u32;
    }
    (raw2sym, sym2raw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    impl Pairing {
        /// Checks the symmetries against the turns and the ranking against itself on `s`.
        pub(crate) fn check_state(&self, s: &Sigma, turns: &[Turn]) {
            for (k, g) in self.syms.iter().enumerate() {
                let c = conjugate(s, g);
                for &t in turns {
                    let moved = conjugate(&self.step(s, t), g);
                    assert!(
                        turns.iter().any(|&u| self.step(&c, u) == moved),
                        "symmetry {k} does not carry turn {} to a turn",
                        t.name()
                    );
                }
            }
            // The class's renumbering is that of the conjugate's first four values.
            let (i, c) = self.canonical(s);
            assert_eq!(i % N_REST, rest_rank(&c) >> 1);
            for p in 0..2 {
                let i = self.index(s, p);
                let (d, q) = self.decode(i);
                assert_eq!(self.index(&d, q), i);
            }
        }
    }

    #[test]
    fn ranks_round_trip() {
        for x in (0..N_FIRST).step_by(7) {
            let f = first_unraw(x);
            let mut s = PAIRED;
            s[..4].copy_from_slice(&f);
            assert_eq!(first_raw(&s), x);
        }
        // Rest ranks: all 8! orders of the last eight, each parity half a bijection.
        let mut seen = vec![[false; 2]; N_REST];
        for r in 0..40_320u32 {
            let p = crate::toolkit::coord::perm_unrank(r, 8);
            let mut s = PAIRED;
            for k in 0..8 {
                s[4 + k] = 4 + p[k];
            }
            assert_eq!(rest_rank(&s), r as usize);
            let par = parity(&s) as usize;
            assert!(!seen[r as usize >> 1][par]);
            seen[r as usize >> 1][par] = true;
        }
        // Any first four: the rest renumbered among the values left, ranked as a permutation.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..20_000 {
            let mut s = PAIRED;
            s.shuffle(&mut rng);
            let left: Vec<u8> = (0..12).filter(|v| !s[..4].contains(v)).collect();
            let rest: Vec<u8> = s[4..]
                .iter()
                .map(|v| left.iter().position(|x| x == v).expect("left") as u8)
                .collect();
            assert_eq!(
                rest_rank(&s),
                crate::toolkit::coord::perm_rank(&rest) as usize
            );
        }
    }
}
