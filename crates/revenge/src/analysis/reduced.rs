//! A stage's positions up to its symmetries, numbered densely: the index space of the
//! symmetry-reduced breadth-first analysis ([`crate::analysis::layered`]).
//!
//! The stage's coordinates ("prims") are split in two groups, each closed under the stage's
//! symmetries: `A` (a mixed-radix product of some prims) and `B` (the others, where two
//! colour-set coordinates over the same slots may be packed as one ordered pair of disjoint
//! sets). The values of `A` fall into classes under the symmetries; a position is stored at
//! `class × |B| + b`, after the symmetry that takes its `A` value to the class representative
//! has been applied to all of it (Kociemba's and Rokicki's sym-coordinates). When the
//! representative is fixed by some symmetries, the position's other images under those
//! symmetries would share its class, so only the least `b` among them is used ("canonical");
//! the other entries are never positions. So every class of positions has exactly one entry,
//! and its orbit size (the number of positions it stands for) is `|G| / |stabiliser|`.

use crate::methods::five_stage::stage::Stage;
use crate::symmetry::{move_set_symmetries, CubeSym};
use crate::toolkit::coord::{binom, subset_rank, Kind};

/// At most this many coordinates per stage.
pub const MAX_PRIMS: usize = 8;
/// The values of a stage's coordinates, in the stage's order.
pub type Prims = [u32; MAX_PRIMS];

/// One factor of the `B` index.
#[derive(Clone, Debug)]
pub enum Part {
    /// A coordinate as it is.
    Plain(usize),
    /// Two colour-set coordinates over the same slots whose sets never overlap (four centres
    /// of one colour, four of another), packed as `C(n,4) × C(n-4,4)` values.
    Pair(usize, usize),
}

/// Ordered pairs of disjoint 4-subsets of `n` slots.
#[derive(Clone, Debug)]
struct PairCode {
    first: usize,
    second: usize,
    /// Subset rank (over `n`) -> mask.
    unrank_n: Vec<u32>,
    /// Subset rank (over `n - 4`) -> mask.
    unrank_m: Vec<u32>,
    /// Number of values of the second set given the first.
    m_count: u32,
    /// Per first rank: the slots not in the first set, in increasing order.
    free: Vec<[u8; 24]>,
    /// Coordinate id -> raw subset rank, for both coordinates.
    raw_of_id: [Vec<u32>; 2],
    /// Raw subset rank -> coordinate id, for both coordinates.
    id_of_raw: [Vec<u32>; 2],
}

fn four_subsets(n: usize) -> Vec<u32> {
    let mut v = vec![0u32; binom(n, 4)];
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    let m = 1 << a | 1 << b | 1 << c | 1 << d;
                    v[subset_rank(m) as usize] = m;
                }
            }
        }
    }
    v
}

impl PairCode {
    fn new(stage: &Stage, first: usize, second: usize) -> Result<PairCode, String> {
        let n = match (&stage.coords[first].kind, &stage.coords[second].kind) {
            (Kind::ColourSet { slots: a, .. }, Kind::ColourSet { slots: b, .. }) if a == b => {
                a.len()
            }
            _ => return Err("a pair needs two colour sets over the same slots".into()),
        };
        let unrank_n = four_subsets(n);
        let unrank_m = four_subsets(n - 4);
        let free = unrank_n
            .iter()
            .map(|&mask| {
                let mut f = [0u8; 24];
                let mut k = 0;
                for s in 0..n {
                    if mask >> s & 1 == 0 {
                        f[k] = s as u8;
                        k += 1;
                    }
                }
                f
            })
            .collect();
        let maps = |j: usize| -> (Vec<u32>, Vec<u32>) {
            let c = &stage.coords[j];
            let raw: Vec<u32> = c
                .reps
                .iter()
                .map(|r| c.kind.raw(r).expect("a representative is in its domain"))
                .collect();
            let mut id = vec![u32::MAX; binom(n, 4)];
            for (i, &r) in raw.iter().enumerate() {
                id[r as usize] = i as u32;
            }
            (raw, id)
        };
        let (r0, i0) = maps(first);
        let (r1, i1) = maps(second);
        if i0.contains(&u32::MAX) || i1.contains(&u32::MAX) {
            return Err("a colour set of the pair does not take every value".into());
        }
        Ok(PairCode {
            first,
            second,
            m_count: unrank_m.len() as u32,
            unrank_n,
            unrank_m,
            free,
            raw_of_id: [r0, r1],
            id_of_raw: [i0, i1],
        })
    }

    fn size(&self) -> u64 {
        self.unrank_n.len() as u64 * self.m_count as u64
    }

    #[inline]
    fn encode(&self, a: u32, b: u32) -> u32 {
        let ra = self.raw_of_id[0][a as usize];
        let ma = self.unrank_n[ra as usize];
        let mut mb = self.unrank_n[self.raw_of_id[1][b as usize] as usize];
        // The second set's slots renumbered among the slots the first set leaves free.
        let mut c = 0u32;
        while mb != 0 {
            let p = mb.trailing_zeros();
            c |= 1 << (p - (ma & ((1 << p) - 1)).count_ones());
            mb &= mb - 1;
        }
        ra * self.m_count + subset_rank(c)
    }

    #[inline]
    fn decode(&self, v: u32) -> (u32, u32) {
        let (ra, rc) = (v / self.m_count, v % self.m_count);
        let free = &self.free[ra as usize];
        let mut c = self.unrank_m[rc as usize];
        let mut mb = 0u32;
        while c != 0 {
            mb |= 1 << free[c.trailing_zeros() as usize];
            c &= c - 1;
        }
        (
            self.id_of_raw[0][ra as usize],
            self.id_of_raw[1][subset_rank(mb) as usize],
        )
    }
}

/// The symmetry-reduced index space of a stage.
pub struct Space {
    pub stage: Stage,
    /// The stage's symmetries (those of the 48 that keep its move set and goal), identity first.
    pub syms: Vec<CubeSym>,
    a_prims: Vec<usize>,
    a_size: usize,
    parts: Vec<Part>,
    part_size: Vec<u64>,
    pairs: Vec<Option<PairCode>>,
    /// Size of `B`.
    pub b_size: u64,
    /// `[s][j]` = (prim that prim `j` becomes, value table) under symmetry `s`.
    prim_sym: Vec<Vec<(usize, Vec<u32>)>>,
    /// `A` value after move `k`: `a_mtab[a * nmoves + k]`.
    a_mtab: Vec<u32>,
    /// Per `A` value: its class and a symmetry taking it to the class representative.
    cls_of: Vec<u32>,
    to_rep: Vec<u8>,
    /// Per class: its representative `A` value and the symmetries (not the identity) fixing it.
    pub reps: Vec<u32>,
    stab: Vec<Vec<u8>>,
    nmoves: usize,
    /// Goal entries (canonical indices), sorted.
    pub goals: Vec<u64>,
}

/// A neighbour or entry counted: how many classes and how many positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    pub unique: u64,
    pub positions: u64,
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, o: Tally) {
        self.unique += o.unique;
        self.positions += o.positions;
    }
}

/// Random positions of the stage (random walks from its start positions), for checks.
fn sample_positions(stage: &Stage, count: usize) -> Vec<crate::Cube> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0xa11);
    let starts: Vec<crate::Cube> = stage.coords[0]
        .reps
        .iter()
        .take(1)
        .copied()
        .chain(std::iter::once(crate::Cube::solved()))
        .collect();
    (0..count)
        .map(|i| {
            let mut c = starts[i % starts.len()];
            for _ in 0..60 {
                c.apply(stage.moves[rng.gen_range(0..stage.moves.len())]);
            }
            c
        })
        .collect()
}

impl Space {
    /// The reduced space of `stage` with `A` = the product of `a_prims` and `B` = `parts`;
    /// every coordinate of the stage must appear exactly once. Symmetries are those of the
    /// stage's move set under which every coordinate's image is a function of a coordinate
    /// (checked on the coordinate's representatives and on random positions) and the goal is
    /// invariant.
    pub fn new(stage: Stage, a_prims: Vec<usize>, parts: Vec<Part>) -> Result<Space, String> {
        let n = stage.coords.len();
        let mut used: Vec<usize> = a_prims.clone();
        for p in &parts {
            match *p {
                Part::Plain(j) => used.push(j),
                Part::Pair(i, j) => used.extend([i, j]),
            }
        }
        used.sort_unstable();
        if used != (0..n).collect::<Vec<_>>() || n > MAX_PRIMS {
            return Err("every coordinate must be used exactly once".into());
        }
        let samples = sample_positions(&stage, 24);
        let mut syms = Vec::new();
        let mut prim_sym = Vec::new();
        'sym: for s in move_set_symmetries(&stage.moves) {
            let mut maps = Vec::with_capacity(n);
            for j in 0..n {
                let cj = &stage.coords[j];
                let found = (0..n).find_map(|t| {
                    let ct = &stage.coords[t];
                    if ct.size != cj.size {
                        return None;
                    }
                    let table: Option<Vec<u32>> =
                        cj.reps.iter().map(|r| ct.id(&s.conjugate(r))).collect();
                    let table = table?;
                    let ok = samples
                        .iter()
                        .all(|x| match (cj.id(x), ct.id(&s.conjugate(x))) {
                            (Some(v), Some(w)) => table[v as usize] == w,
                            _ => false,
                        });
                    ok.then_some((t, table))
                });
                match found {
                    Some(m) => maps.push(m),
                    None => continue 'sym,
                }
            }
            syms.push(s);
            prim_sym.push(maps);
        }
        // The groups must be closed under every symmetry.
        let group_of = |j: usize| -> u8 {
            if a_prims.contains(&j) {
                0
            } else {
                1
            }
        };
        for maps in &prim_sym {
            for (j, (t, _)) in maps.iter().enumerate() {
                if group_of(j) != group_of(*t) {
                    return Err("a symmetry mixes the A and B coordinates".into());
                }
            }
        }
        let pairs: Vec<Option<PairCode>> = parts
            .iter()
            .map(|p| match *p {
                Part::Plain(_) => Ok(None),
                Part::Pair(i, j) => PairCode::new(&stage, i, j).map(Some),
            })
            .collect::<Result<_, _>>()?;
        let part_size: Vec<u64> = parts
            .iter()
            .zip(&pairs)
            .map(|(p, c)| match (p, c) {
                (_, Some(c)) => c.size(),
                (Part::Plain(j), None) => stage.coords[*j].size as u64,
                (Part::Pair(..), None) => unreachable!("pairs have codes"),
            })
            .collect();
        let b_size = part_size.iter().product();
        let a_size: usize = a_prims.iter().map(|&j| stage.coords[j].size).product();
        let nmoves = stage.moves.len();
        let mut sp = Space {
            syms,
            a_prims,
            a_size,
            parts,
            part_size,
            pairs,
            b_size,
            prim_sym,
            a_mtab: Vec::new(),
            cls_of: Vec::new(),
            to_rep: Vec::new(),
            reps: Vec::new(),
            stab: Vec::new(),
            nmoves,
            goals: Vec::new(),
            stage,
        };
        sp.build_a();
        sp.build_goals()?;
        Ok(sp)
    }

    /// Number of symmetries.
    pub fn order(&self) -> u64 {
        self.syms.len() as u64
    }

    /// Number of entries (classes of `A` times `|B|`).
    pub fn len(&self) -> u64 {
        self.reps.len() as u64 * self.b_size
    }

    /// True when the space has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn a_encode(&self, p: &Prims) -> u32 {
        self.a_prims
            .iter()
            .fold(0u32, |a, &j| a * self.stage.coords[j].size as u32 + p[j])
    }

    fn a_decode(&self, mut a: u32, p: &mut Prims) {
        for &j in self.a_prims.iter().rev() {
            let s = self.stage.coords[j].size as u32;
            p[j] = a % s;
            a /= s;
        }
    }

    fn b_encode(&self, p: &Prims) -> u64 {
        let mut b = 0u64;
        for (k, part) in self.parts.iter().enumerate() {
            let v = match (part, &self.pairs[k]) {
                (_, Some(c)) => c.encode(p[c.first], p[c.second]) as u64,
                (Part::Plain(j), None) => p[*j] as u64,
                _ => unreachable!("pairs have codes"),
            };
            b = b * self.part_size[k] + v;
        }
        b
    }

    fn b_decode(&self, mut b: u64, p: &mut Prims) {
        for k in (0..self.parts.len()).rev() {
            let v = b % self.part_size[k];
            b /= self.part_size[k];
            match (&self.parts[k], &self.pairs[k]) {
                (_, Some(c)) => {
                    let (x, y) = c.decode(v as u32);
                    p[c.first] = x;
                    p[c.second] = y;
                }
                (Part::Plain(j), None) => p[*j] = v as u32,
                _ => unreachable!("pairs have codes"),
            }
        }
    }

    /// Applies symmetry `s` (an index into `syms`) to every coordinate of `p`.
    #[inline]
    pub fn apply(&self, s: usize, p: &Prims) -> Prims {
        let mut q = [0u32; MAX_PRIMS];
        for (j, (t, table)) in self.prim_sym[s].iter().enumerate() {
            q[*t] = table[p[j] as usize];
        }
        q
    }

    fn build_a(&mut self) {
        let (na, nm) = (self.a_size, self.nmoves);
        let mut p = [0u32; MAX_PRIMS];
        let mut a_sym = vec![0u32; self.syms.len() * na];
        let mut a_mtab = vec![0u32; na * nm];
        for a in 0..na {
            self.a_decode(a as u32, &mut p);
            for s in 0..self.syms.len() {
                a_sym[s * na + a] = self.a_encode(&self.apply(s, &p));
            }
            for k in 0..nm {
                let mut q = p;
                for &j in &self.a_prims {
                    q[j] = self.stage.coords[j].step(p[j], k);
                }
                a_mtab[a * nm + k] = self.a_encode(&q);
            }
        }
        let inverse: Vec<u8> = self
            .syms
            .iter()
            .map(|s| {
                let inv = s.iso.inverse();
                self.syms
                    .iter()
                    .position(|t| t.iso == inv)
                    .expect("the symmetries form a group") as u8
            })
            .collect();
        let mut cls_of = vec![u32::MAX; na];
        let mut to_rep = vec![0u8; na];
        for a in 0..na {
            if cls_of[a] != u32::MAX {
                continue;
            }
            let c = self.reps.len() as u32;
            let mut stab = Vec::new();
            for s in 0..self.syms.len() {
                let img = a_sym[s * na + a] as usize;
                if img == a && s != 0 {
                    stab.push(s as u8);
                }
                if cls_of[img] == u32::MAX {
                    cls_of[img] = c;
                    to_rep[img] = inverse[s];
                }
            }
            self.reps.push(a as u32);
            self.stab.push(stab);
        }
        self.cls_of = cls_of;
        self.to_rep = to_rep;
        self.a_mtab = a_mtab;
    }

    fn build_goals(&mut self) -> Result<(), String> {
        let mut goals: Vec<u64> = Vec::new();
        let mut p = [0u32; MAX_PRIMS];
        for t in self.stage.goals.iter().flatten() {
            p[..t.len()].copy_from_slice(t);
            goals.push(self.index_of(&p));
        }
        goals.sort_unstable();
        goals.dedup();
        // The goal must be a union of classes: its images are goals again.
        let set: std::collections::HashSet<Vec<u32>> =
            self.stage.goals.iter().flatten().cloned().collect();
        for t in self.stage.goals.iter().flatten() {
            p[..t.len()].copy_from_slice(t);
            for s in 0..self.syms.len() {
                let q = self.apply(s, &p);
                if !set.contains(&q[..t.len()]) {
                    return Err("the stage's goal is not invariant under its symmetries".into());
                }
            }
        }
        self.goals = goals;
        Ok(())
    }

    /// The entry of a position given by its coordinates.
    pub fn index_of(&self, p: &Prims) -> u64 {
        let a = self.a_encode(p) as usize;
        let s = self.to_rep[a] as usize;
        let q = self.apply(s, p);
        self.canonical(self.cls_of[a], self.b_encode(&q))
    }

    /// The least `b` over the symmetries fixing the class representative.
    #[inline]
    fn canonical(&self, cls: u32, b: u64) -> u64 {
        let stab = &self.stab[cls as usize];
        let mut best = b;
        if !stab.is_empty() {
            let mut p = [0u32; MAX_PRIMS];
            self.b_decode(b, &mut p);
            for &t in stab {
                best = best.min(self.b_encode(&self.apply(t as usize, &p)));
            }
        }
        cls as u64 * self.b_size + best
    }

    /// Whether class `cls`'s representative is fixed by no symmetry but the identity: then
    /// every entry of the class is canonical with an orbit of [`Space::order`] positions (what
    /// [`Space::weight`] says of each), so a census can count its entries without decoding them.
    pub fn class_is_free(&self, cls: usize) -> bool {
        self.stab[cls].is_empty()
    }

    /// The symmetries (not the identity) fixing class `cls`'s representative. Entries of
    /// classes with the same stabiliser have the same weights at the same `B` value.
    pub fn stabiliser(&self, cls: usize) -> &[u8] {
        &self.stab[cls]
    }

    /// How many of the symmetries fix an entry with `B` value `b` in a class whose
    /// representative is fixed by `stab` (the identity included), or `None` when the entry is
    /// not canonical; its orbit has [`Space::order`] / that many positions.
    #[inline]
    pub fn fixers(&self, stab: &[u8], b: u64) -> Option<u64> {
        if stab.is_empty() {
            return Some(1);
        }
        let mut p = [0u32; MAX_PRIMS];
        self.b_decode(b, &mut p);
        let mut fixed = 1;
        for &t in stab {
            let c = self.b_encode(&self.apply(t as usize, &p));
            if c < b {
                return None;
            }
            if c == b {
                fixed += 1;
            }
        }
        Some(fixed)
    }

    /// What an entry stands for: `None` for entries that are not canonical (never positions),
    /// else one class and its orbit size.
    pub fn weight(&self, e: u64) -> Option<Tally> {
        let (cls, b) = ((e / self.b_size) as usize, e % self.b_size);
        let fixed = self.fixers(&self.stab[cls], b)?;
        Some(Tally {
            unique: 1,
            positions: self.order() / fixed,
        })
    }

    /// The coordinates of entry `e`'s representative position.
    pub fn decode(&self, e: u64, p: &mut Prims) {
        let (cls, b) = (e / self.b_size, e % self.b_size);
        self.a_decode(self.reps[cls as usize], p);
        self.b_decode(b, p);
    }

    /// Calls `f` with the entry of each neighbour (one turn away) of entry `e`'s position,
    /// stopping early when `f` returns true; returns whether it did.
    #[inline]
    pub fn any_neighbour(&self, e: u64, mut f: impl FnMut(u64) -> bool) -> bool {
        let mut p = [0u32; MAX_PRIMS];
        self.decode(e, &mut p);
        let a = self.reps[(e / self.b_size) as usize] as usize;
        let nm = self.nmoves;
        for k in 0..nm {
            let a2 = self.a_mtab[a * nm + k] as usize;
            let mut q = p;
            for (j, c) in self.stage.coords.iter().enumerate() {
                q[j] = c.step(p[j], k);
            }
            let s = self.to_rep[a2] as usize;
            let r = if s == 0 { q } else { self.apply(s, &q) };
            if f(self.canonical(self.cls_of[a2], self.b_encode(&r))) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::five_stage::stage::Stage;

    #[test]
    fn pair_codes_round_trip() {
        let st = Stage::new(3);
        let c = PairCode::new(&st, 0, 1).unwrap();
        assert_eq!(c.size(), 1820 * 495);
        for v in (0..c.size() as u32).step_by(997) {
            let (a, b) = c.decode(v);
            assert_eq!(c.encode(a, b), v);
        }
    }
}
