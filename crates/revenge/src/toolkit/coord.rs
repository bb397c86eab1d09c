//! Coordinates: small integers describing the part of a cube state a stage cares about, with
//! move tables over densely numbered reachable values ([`Coord`], the five stages), or over
//! the ranks of an encoding ([`crate::toolkit::ranked`], the reduction's 3x3x3).
//!
//! A coordinate is defined by a raw encoding of a [`Cube`] (a combinatorial rank). Its values
//! are discovered by a breadth-first exploration from the stage's start positions, keeping one
//! representative cube per value, so move tables are computed by applying real moves to real
//! cubes: they cannot disagree with the cubie model.

use crate::cube::{facelet_geometry, geometry, Cube, Move};
use crate::toolkit::words::Words;

/// Binomial coefficient (small arguments).
pub(crate) fn binom(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1usize;
    for i in 0..k {
        r = r * (n - i) / (i + 1);
    }
    r
}

fn binom_table() -> &'static [[u32; 25]; 25] {
    static T: std::sync::OnceLock<[[u32; 25]; 25]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[0u32; 25]; 25];
        for (n, row) in t.iter_mut().enumerate() {
            for (k, x) in row.iter_mut().enumerate() {
                *x = binom(n, k) as u32;
            }
        }
        t
    })
}

/// The set of `k` of at most 24 positions of colex rank `r`: the inverse of [`subset_rank`].
pub(crate) fn subset_unrank(mut r: u32, k: usize) -> u32 {
    let t = binom_table();
    let mut m = 0;
    for n in (1..=k).rev() {
        // The highest position p with C(p, n) <= r (C(n - 1, n) = 0 always fits).
        let mut p = n - 1;
        while p < 24 && t[p + 1][n] <= r {
            p += 1;
        }
        m |= 1 << p;
        r -= t[p][n];
    }
    m
}

/// Colex rank of a subset given as a bitmask over at most 24 positions.
pub(crate) fn subset_rank(mask: u32) -> u32 {
    let t = binom_table();
    let mut r = 0;
    let mut k = 0;
    let mut m = mask;
    while m != 0 {
        let p = m.trailing_zeros() as usize;
        k += 1;
        r += t[p][k];
        m &= m - 1;
    }
    r
}

/// Lehmer rank of a permutation of `0..n` (n ≤ 12).
pub(crate) fn perm_rank(p: &[u8]) -> u32 {
    let n = p.len();
    let mut r = 0u32;
    for i in 0..n {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count() as u32;
        r = r * (n - i) as u32 + smaller;
    }
    r
}

/// Inverse of [`perm_rank`].
pub(crate) fn perm_unrank(mut r: u32, n: usize) -> Vec<u8> {
    let mut digits = vec![0u32; n];
    for i in (0..n).rev() {
        let base = (n - i) as u32;
        digits[i] = r % base;
        r /= base;
    }
    let mut avail: Vec<u8> = (0..n as u8).collect();
    digits.iter().map(|&d| avail.remove(d as usize)).collect()
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// Parity (0 even, 1 odd) of a permutation given as an array of at most 64 entries (the
/// cube's longest, its wings, have 24). The searches ask it many times: the entries seen are
/// a bit set, not an allocated array.
pub(crate) fn parity(p: &[u8]) -> u32 {
    assert!(p.len() <= 64, "a permutation of at most 64 entries");
    let mut seen = 0u64;
    let mut par = 0;
    for i in 0..p.len() {
        if seen >> i & 1 == 1 {
            continue;
        }
        let mut j = i;
        let mut len = 0;
        while seen >> j & 1 == 0 {
            seen |= 1 << j;
            j = p[j] as usize;
            assert!(j < p.len(), "not a permutation");
            len += 1;
        }
        par ^= (len + 1) & 1;
    }
    par
}

/// Slot lists used by the stages.
pub(crate) mod slots {
    use super::*;

    fn wing_pos(s: usize) -> [i32; 3] {
        facelet_geometry(geometry().wings[s][0]).0
    }

    /// Wing slots of the u and d inner slices (the middle-layer edges).
    pub(crate) fn e_wings() -> Vec<u8> {
        (0..24)
            .filter(|&s| wing_pos(s)[1].abs() == 1)
            .map(|s| s as u8)
            .collect()
    }
    /// Wing slots of the U and D layers.
    pub(crate) fn ud_wings() -> Vec<u8> {
        (0..24)
            .filter(|&s| wing_pos(s)[1].abs() == 3)
            .map(|s| s as u8)
            .collect()
    }
    /// U/D-layer wing slots of the l and r slices (`axis` 0) or the f and b slices (`axis` 2).
    pub(crate) fn ud_wings_in_slices(axis: usize) -> Vec<u8> {
        ud_wings()
            .into_iter()
            .filter(|&s| wing_pos(s as usize)[axis].abs() == 1)
            .collect()
    }
    /// U/D-layer wing slots whose first facelet is a U or D facelet ("class A"): a wing sits
    /// with its U/D sticker up or down exactly when its class matches its slot's class.
    pub(crate) fn ud_wings_class(a: bool) -> Vec<u8> {
        ud_wings()
            .into_iter()
            .filter(|&s| (geometry().wings[s as usize][0] / 16).is_multiple_of(3) == a)
            .collect()
    }
    /// Centre slots on faces whose axis is in `axes` (0 U-D, 1 R-L, 2 F-B).
    pub(crate) fn centres_on(axes: &[usize]) -> Vec<u8> {
        (0..24)
            .filter(|&s| axes.contains(&(geometry().centres[s] / 16 % 3)))
            .map(|s| s as u8)
            .collect()
    }
}

/// How a coordinate reads a cube.
#[derive(Clone, Debug)]
pub(crate) enum Kind {
    /// Which of `slots` hold a centre of `colour`.
    ColourSet { colour: u8, slots: Vec<u8> },
    /// Which of `slots` hold one of the wings `set` (wing ids).
    WingSet { set: Vec<u8>, slots: Vec<u8> },
    /// Parity of the wing permutation on `slots` (all holding wings whose homes are `slots`).
    WingParity { slots: Vec<u8> },
    /// Arrangement of the wings whose homes are `slots` within `slots`.
    WingPerm { slots: Vec<u8> },
    /// The 16 U/D-layer wings modulo what half turns cannot tell apart (Norskog's stage-4
    /// edge coordinate, 88,200 values): relabelling the wings of the l/r slices by `h_lr` and
    /// those of the f/b slices by `h_fb` (the groups half turns generate on each) gives the
    /// same value. Keyed by which slots hold l/r wings and the canonical coset of each
    /// family's arrangement (`canon_lr`, `canon_fb`: permutation rank -> least rank of its
    /// relabellings, tables of 8! entries made once with [`relabel_coset_table`]).
    UdWingCoset {
        slots: Vec<u8>,
        is_lr: Vec<bool>,
        canon_lr: Vec<u32>,
        canon_fb: Vec<u32>,
    },
    /// Corner permutation.
    CornerPerm,
    /// Corner twist.
    Twist,
}

impl Kind {
    /// Number of raw values.
    pub(crate) fn raw_size(&self) -> usize {
        match self {
            Kind::ColourSet { slots, .. } => binom(slots.len(), 4),
            Kind::WingSet { set, slots } => binom(slots.len(), set.len()),
            Kind::WingParity { .. } => 2,
            Kind::WingPerm { slots } => factorial(slots.len()),
            Kind::CornerPerm => factorial(8),
            Kind::Twist => 2187,
            Kind::UdWingCoset { .. } => 0,
        }
    }

    /// The kind as words (a variant tag, then its fields with their lengths): with the coset
    /// table, moves and start positions, what a coordinate's numbering depends on
    /// ([`crate::methods::five_stage::setup`] keys cached coordinates by it).
    pub(crate) fn describe(&self, out: &mut Vec<u32>) {
        let mut list = |tag: u32, xs: &[u8]| {
            out.push(tag);
            out.push(xs.len() as u32);
            out.extend(xs.iter().map(|&x| u32::from(x)));
        };
        match self {
            Kind::ColourSet { colour, slots } => {
                list(1, slots);
                out.push(u32::from(*colour));
            }
            Kind::WingSet { set, slots } => {
                list(2, set);
                list(2, slots);
            }
            Kind::WingParity { slots } => list(3, slots),
            Kind::WingPerm { slots } => list(4, slots),
            Kind::UdWingCoset {
                slots,
                is_lr,
                canon_lr,
                canon_fb,
            } => {
                list(5, slots);
                out.extend(is_lr.iter().map(|&x| u32::from(x)));
                for t in [canon_lr, canon_fb] {
                    out.push(t.len() as u32);
                    out.extend_from_slice(t);
                }
            }
            Kind::CornerPerm => out.push(6),
            Kind::Twist => out.push(7),
        }
    }

    /// A 64-bit key for kinds too large for a dense raw range.
    pub(crate) fn key(&self, c: &Cube) -> Option<u64> {
        let Kind::UdWingCoset {
            slots,
            is_lr,
            canon_lr,
            canon_fb,
        } = self
        else {
            return self.raw(c).map(u64::from);
        };
        // Local label of each slot's wing; the slots holding l/r wings, and each family's
        // labels (numbered within the family) in slot order.
        let a = local_perm(&c.wp, slots)?;
        let mut fam = [0u8; 16];
        let (mut nl, mut nf) = (0u8, 0u8);
        for (l, &x) in is_lr.iter().enumerate() {
            let n = if x { &mut nl } else { &mut nf };
            fam[l] = *n;
            *n += 1;
        }
        let (mut lr, mut fb) = (Vec::with_capacity(8), Vec::with_capacity(8));
        let mut mask = 0u64;
        for (i, &l) in a.iter().enumerate() {
            if is_lr[l as usize] {
                mask |= 1 << i;
                lr.push(fam[l as usize]);
            } else {
                fb.push(fam[l as usize]);
            }
        }
        let x = u64::from(canon_lr[perm_rank(&lr) as usize]);
        let y = u64::from(canon_fb[perm_rank(&fb) as usize]);
        Some(mask << 32 | x << 16 | y)
    }

    /// The raw value of `c`, or `None` when `c` is outside the coordinate's domain (e.g. a wing
    /// of `slots` is elsewhere).
    pub(crate) fn raw(&self, c: &Cube) -> Option<u32> {
        match self {
            Kind::ColourSet { colour, slots } => {
                let mask = slots
                    .iter()
                    .enumerate()
                    .filter(|(_, &s)| c.ct[s as usize] == *colour)
                    .fold(0u32, |m, (i, _)| m | 1 << i);
                (mask.count_ones() == 4).then(|| subset_rank(mask))
            }
            Kind::WingSet { set, slots } => {
                let want = set.iter().fold(0u32, |m, &w| m | 1 << w);
                let mut mask = 0u32;
                for (i, &s) in slots.iter().enumerate() {
                    mask |= ((want >> c.wp[s as usize]) & 1) << i;
                }
                (mask.count_ones() as usize == set.len()).then(|| subset_rank(mask))
            }
            Kind::WingParity { slots } => {
                let p = local_perm(&c.wp, slots)?;
                Some(parity(&p))
            }
            Kind::WingPerm { slots } => {
                let p = local_perm(&c.wp, slots)?;
                Some(perm_rank(&p))
            }
            Kind::CornerPerm => Some(perm_rank(&c.cp)),
            Kind::UdWingCoset { .. } => None,
            Kind::Twist => Some(c.co[..7].iter().fold(0u32, |r, &t| r * 3 + t as u32)),
        }
    }
}

/// The permutation of the pieces whose homes are `slots`, numbered by their index in `slots`.
fn local_perm(arr: &[u8], slots: &[u8]) -> Option<Vec<u8>> {
    slots
        .iter()
        .map(|&s| {
            slots
                .iter()
                .position(|&h| h == arr[s as usize])
                .map(|i| i as u8)
        })
        .collect()
}

/// A coordinate over densely numbered values with a move table for a list of moves.
pub(crate) struct Coord {
    pub kind: Kind,
    /// Optional coset reduction: raw value -> canonical raw value (a permutation coordinate
    /// modulo a subgroup acting on piece labels).
    pub canon: Option<Vec<u32>>,
    /// Canonical raw value -> dense id (u32::MAX when never seen).
    pub dense: Words,
    /// For kinds without a dense raw range: key -> dense id.
    pub map: std::collections::HashMap<u64, u32>,
    /// A cube with each dense value (for symmetry actions in analyses). Empty when the
    /// coordinate was read from the cache ([`crate::methods::five_stage::setup`]): only analyses use
    /// representatives, and they build their coordinates.
    pub reps: Vec<Cube>,
    /// Number of dense values.
    pub size: usize,
    /// `mtab[id * nmoves + k]` = id after move k.
    pub mtab: Words,
    pub nmoves: usize,
}

impl Coord {
    fn canonical(&self, raw: u32) -> u32 {
        canonical(&self.canon, raw)
    }
    /// Dense id of a cube, or `None` outside the domain.
    pub(crate) fn id(&self, c: &Cube) -> Option<u32> {
        if self.kind.raw_size() == 0 {
            return self.map.get(&self.kind.key(c)?).copied();
        }
        let r = self.canonical(self.kind.raw(c)?);
        let d = *self.dense.get(r as usize)?;
        (d != u32::MAX).then_some(d)
    }

    /// Explores the values reachable from `starts` under `moves` and builds the move table.
    pub(crate) fn build(
        kind: Kind,
        canon: Option<Vec<u32>>,
        starts: &[Cube],
        moves: &[Move],
    ) -> Coord {
        Coord::explore(kind, canon, starts, moves, usize::MAX)
    }

    /// The first `rows` rows of [`Coord::build`]'s exploration (all of it when there are
    /// fewer): the values found so far are numbered as the full build numbers them, and the
    /// move table has a row for each of the first `rows`. A cheap check that cached
    /// coordinates are numbered as this code numbers them ([`crate::methods::five_stage::setup`]).
    pub(crate) fn explore(
        kind: Kind,
        canon: Option<Vec<u32>>,
        starts: &[Cube],
        moves: &[Move],
        rows: usize,
    ) -> Coord {
        let mut dense = vec![u32::MAX; kind.raw_size()];
        let mut map = std::collections::HashMap::new();
        let mut reps: Vec<Cube> = Vec::new();
        // Id of a cube's value, assigning a new one (and queueing the cube) when unseen.
        let mut lookup = |cube: &Cube, reps: &mut Vec<Cube>| -> u32 {
            let next = reps.len() as u32;
            let id = if kind.raw_size() == 0 {
                let k = kind.key(cube).expect("cube in the coordinate's domain");
                *map.entry(k).or_insert(next)
            } else {
                let raw = kind.raw(cube).expect("cube in the coordinate's domain");
                let r = canonical(&canon, raw) as usize;
                if dense[r] == u32::MAX {
                    dense[r] = next;
                }
                dense[r]
            };
            if id == next {
                reps.push(*cube);
            }
            id
        };
        for s in starts {
            lookup(s, &mut reps);
        }
        let mut mtab: Vec<u32> = Vec::new();
        // Ids are assigned in discovery order, so visiting representatives in id order fills
        // the move table row by row (a breadth-first exploration).
        let mut i = 0;
        while i < reps.len() && i < rows {
            debug_assert_eq!(mtab.len(), i * moves.len());
            for &m in moves {
                let mut n = reps[i];
                n.apply(m);
                let id = lookup(&n, &mut reps);
                mtab.push(id);
            }
            i += 1;
        }
        Coord {
            dense: dense.into(),
            map,
            size: reps.len(),
            reps,
            kind,
            canon,
            mtab: mtab.into(),
            nmoves: moves.len(),
        }
    }

    /// Next id after move index `k`.
    #[inline]
    pub(crate) fn step(&self, id: u32, k: usize) -> u32 {
        self.mtab[id as usize * self.nmoves + k]
    }
}

fn canonical(canon: &Option<Vec<u32>>, raw: u32) -> u32 {
    match canon {
        Some(t) => t[raw as usize],
        None => raw,
    }
}

/// The subgroup of permutations (of the pieces homed in `slots`) reachable from the solved
/// state by `moves`, as arrays; then a canonical-coset table over all permutations.
pub(crate) fn perm_coset_table(kind: &Kind, moves: &[Move]) -> Vec<u32> {
    let n = match kind {
        Kind::WingPerm { slots } => slots.len(),
        Kind::CornerPerm => 8,
        _ => panic!("coset tables are for permutation coordinates"),
    };
    let sub = Coord::build(kind.clone(), None, &[Cube::solved()], moves);
    let group: Vec<Vec<u8>> = sub
        .dense
        .iter()
        .enumerate()
        .filter(|(_, &d)| d != u32::MAX)
        .map(|(r, _)| perm_unrank(r as u32, n))
        .collect();
    relabel_coset_table(&group, n)
}

/// For every permutation `a` of `n` labels (by rank), the least rank in its coset `{h∘a}`
/// under the relabellings `group`.
pub(crate) fn relabel_coset_table(group: &[Vec<u8>], n: usize) -> Vec<u32> {
    let total = factorial(n);
    let mut canon = vec![u32::MAX; total];
    let mut buf = vec![0u8; n];
    for r in 0..total as u32 {
        if canon[r as usize] != u32::MAX {
            continue;
        }
        let a = perm_unrank(r, n);
        // The coset {h∘a}: relabel the pieces of `a` by each h; its least rank names it.
        let members: Vec<u32> = group
            .iter()
            .map(|h| {
                for i in 0..n {
                    buf[i] = h[a[i] as usize];
                }
                perm_rank(&buf)
            })
            .collect();
        let least = *members.iter().min().expect("group is non-empty");
        for m in members {
            canon[m as usize] = least;
        }
    }
    canon
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parity is that of the number of inversions.
    #[test]
    fn parity_counts_inversions() {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        for n in [1usize, 2, 8, 12, 24, 63, 64] {
            for _ in 0..50 {
                let mut p: Vec<u8> = (0..n as u8).collect();
                p.shuffle(&mut rng);
                let inversions = (0..n)
                    .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                    .filter(|&(i, j)| p[i] > p[j])
                    .count();
                assert_eq!(parity(&p), (inversions % 2) as u32, "{p:?}");
            }
        }
    }

    #[test]
    fn ranks_round_trip() {
        for r in [0u32, 1, 17, 40319] {
            assert_eq!(perm_rank(&perm_unrank(r, 8)), r);
        }
        assert_eq!(subset_rank(0b1111), 0);
        assert_eq!(subset_rank(0xff << 16), binom(24, 8) as u32 - 1);
        assert_eq!(parity(&[1, 0, 2]), 1);
        assert_eq!(parity(&[1, 2, 0]), 0);
    }

    #[test]
    fn slot_classes_have_the_expected_sizes() {
        assert_eq!(slots::e_wings().len(), 8);
        assert_eq!(slots::ud_wings().len(), 16);
        assert_eq!(slots::ud_wings_class(true).len(), 8);
        assert_eq!(slots::centres_on(&[0, 1]).len(), 16);
    }
}
