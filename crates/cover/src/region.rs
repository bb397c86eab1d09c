//! Region pruning on a grid: an empty region that no sub-multiset of the remaining groups can
//! fill (by size) is a dead end, however many rows still fit into it.

use crate::bits::Bits;
use crate::problem::Problem;

/// Grid geometry and group sizes for region pruning.
pub(crate) struct Region<const W: usize> {
    dims: [usize; 3],
    /// Cells with x > 0, x < X-1, y > 0, y < Y-1 (for masking shifted boards).
    not_x0: Bits<W>,
    not_xl: Bits<W>,
    not_y0: Bits<W>,
    not_yl: Bits<W>,
    /// Size of every group's rows (all rows of a group have the same size).
    group_size: Vec<u32>,
    /// The one size of every group with units, when they all have the same (then a region
    /// is fillable by size exactly when that size divides it).
    uniform: Option<u32>,
    /// Bit `k`: whether `k` is a multiple of the uniform size (counts of one-word boards are
    /// below 128): read instead of dividing, which was a percent of the search on solid
    /// pentominoes.
    multiples: u128,
    /// The distinct group sizes, and each group's index among them: the subset sums below
    /// loop over the sizes (Bedlam: 2) rather than the groups (13).
    class_size: Vec<u32>,
    class_of: Vec<usize>,
    /// Whether [`Region::fillable_after`] may look only at the regions a placement touches:
    /// all groups have one size and the empty board passes the test (see there).
    local: bool,
}

impl<const W: usize> Region<W> {
    /// The region data of a (renumbered) problem, or `None` when it has no grid or some group
    /// mixes row sizes (pruning by size would not be sound).
    pub fn new(p: &Problem) -> Option<Self> {
        let dims = p.grid?;
        let mut group_size = vec![0u32; p.group_caps.len()];
        for r in &p.rows {
            let s = &mut group_size[r.group as usize];
            if *s != 0 && *s != r.columns.len() as u32 {
                return None;
            }
            *s = r.columns.len() as u32;
        }
        let mut sizes = (0..p.group_caps.len())
            .filter(|&g| p.group_caps[g] > 0)
            .map(|g| group_size[g]);
        let first = sizes.next();
        let uniform = first.filter(|&s| s > 0 && sizes.all(|t| t == s));
        let mut class_size = Vec::new();
        let class_of = group_size
            .iter()
            .map(|s| {
                class_size.iter().position(|c| c == s).unwrap_or_else(|| {
                    class_size.push(*s);
                    class_size.len() - 1
                })
            })
            .collect();
        let [x, y, _] = dims;
        let mut m = [Bits::<W>::zero(); 4];
        for c in 0..p.columns {
            let (cx, cy) = (c % x, (c / x) % y);
            if cx > 0 {
                m[0].set(c);
            }
            if cx + 1 < x {
                m[1].set(c);
            }
            if cy > 0 {
                m[2].set(c);
            }
            if cy + 1 < y {
                m[3].set(c);
            }
        }
        let mut region = Region {
            dims,
            not_x0: m[0],
            not_xl: m[1],
            not_y0: m[2],
            not_yl: m[3],
            group_size,
            uniform,
            multiples: uniform.map_or(0, |u| (0..128).step_by(u as usize).map(|k| 1 << k).sum()),
            class_size,
            class_of,
            local: false,
        };
        let mut filled = Bits::<W>::zero();
        for &c in &p.prefilled {
            filled.set(c as usize);
        }
        region.local = uniform.is_some_and(|s| {
            region.regions_divisible(&Bits::<W>::low(p.columns).andnot(&filled), s)
        });
        Some(region)
    }

    /// The remaining units of each size (indexed like `class_size`; kept up to date by the
    /// caller with [`Region::class`], like the volume).
    pub fn by_size(&self, remaining: &[u32]) -> Vec<u32> {
        let mut n = vec![0; self.class_size.len()];
        for (g, &r) in remaining.iter().enumerate() {
            n[self.class_of[g]] += r;
        }
        n
    }

    /// The index of group `g`'s size in [`Region::by_size`].
    #[inline]
    pub fn class(&self, g: usize) -> usize {
        self.class_of[g]
    }

    /// The cells the `remaining` units of every group would cover.
    pub fn volume(&self, remaining: &[u32]) -> u64 {
        remaining
            .iter()
            .zip(&self.group_size)
            .map(|(&r, &s)| r as u64 * s as u64)
            .sum()
    }

    /// The size of group `g`'s rows.
    #[inline]
    pub fn size(&self, g: usize) -> u64 {
        self.group_size[g] as u64
    }

    /// `b` and its face neighbours.
    #[inline]
    pub fn grow(&self, b: &Bits<W>) -> Bits<W> {
        self.next_to(b).or(b)
    }

    /// The cells next to a cell of `b` (some of them may be in `b`; on a board of one layer,
    /// also some past the board's last cell, which every caller masks off).
    #[inline(always)]
    fn next_to(&self, b: &Bits<W>) -> Bits<W> {
        if W == 1 {
            let b = b.0[0];
            return word(if self.dims[0] > 1 {
                WordStep::<true>::new(self, !0).next_to(b)
            } else {
                WordStep::<false>::new(self, !0).next_to(b)
            });
        }
        let [x, y, _] = self.dims;
        let xy = x * y;
        let mut n = b.shl(1).and(&self.not_x0);
        n = n.or(&b.shr(1).and(&self.not_xl));
        n = n.or(&b.shl(x).and(&self.not_y0));
        n = n.or(&b.shr(x).and(&self.not_yl));
        n = n.or(&b.shl(xy));
        n.or(&b.shr(xy))
    }

    /// [`Region::fillable`] for the cells `empty` left after placing `m` on a node that passed
    /// it. With one piece size `s` and as many empty cells as the remaining units fill, only
    /// the regions `m` touches need a look, and not even the last of them: the regions `m`
    /// does not touch are the parent's (each a multiple of `s`), and so is the total. Flooding
    /// from the cells next to `m` stops as soon as one flood holds all of them that are left,
    /// usually a few steps around the piece instead of a flood of the whole board.
    #[inline(always)]
    pub fn fillable_after(
        &self,
        empty: &Bits<W>,
        m: &Bits<W>,
        by_size: &[u32],
        volume: u64,
        reach: &mut Vec<u64>,
    ) -> bool {
        match self.uniform {
            Some(s) if self.local && volume == empty.count() as u64 => {
                self.touched_regions_divisible(empty, m, s)
            }
            _ if self.has_lone_cell(empty, by_size) => false,
            _ => self.fillable(empty, by_size, volume, reach),
        }
    }

    /// Whether `empty` has a cell with no empty neighbour while no remaining unit is one cell:
    /// the commonest unfillable region, found without a flood (Bedlam, Tetris Cube: about 5%
    /// of the time; docs/PERFORMANCE.md). [`Region::fillable`] would reject it too, unless
    /// it lies past the eight regions that test looks at: then it is rejected a little sooner.
    #[inline(always)]
    fn has_lone_cell(&self, empty: &Bits<W>, by_size: &[u32]) -> bool {
        let one = self
            .class_size
            .iter()
            .zip(by_size)
            .any(|(&s, &n)| s == 1 && n > 0);
        !one && !empty.andnot(&self.next_to(empty)).is_zero()
    }

    /// Whether every connected region of `empty` has a multiple of `s` cells (for the empty
    /// board: [`Region::fillable`] looks at eight regions at most).
    fn regions_divisible(&self, empty: &Bits<W>, s: u32) -> bool {
        let mut rest = *empty;
        while !rest.is_zero() {
            let comp = self.region_of(rest.lowest(), empty);
            if !comp.count().is_multiple_of(s) {
                return false;
            }
            rest = rest.andnot(&comp);
        }
        true
    }

    /// The connected region of `empty` that holds `seed` (a cell of it).
    #[inline]
    fn region_of(&self, seed: Bits<W>, empty: &Bits<W>) -> Bits<W> {
        self.flood(seed, empty, |_| false)
            .expect("a flood that is never stopped ends with its region")
    }

    /// Grows `seed` within `empty` until it is a whole connected region, which it returns;
    /// or `None` as soon as `stop` holds for the part flooded so far (checked before each
    /// step). The one flood of every region test.
    #[inline(always)]
    fn flood(
        &self,
        seed: Bits<W>,
        empty: &Bits<W>,
        stop: impl Fn(&Bits<W>) -> bool,
    ) -> Option<Bits<W>> {
        if W == 1 {
            let empty = empty.0[0];
            return if self.dims[0] > 1 {
                flood_word(WordStep::<true>::new(self, empty), seed.0[0] & empty, stop)
            } else {
                flood_word(WordStep::<false>::new(self, empty), seed.0[0] & empty, stop)
            };
        }
        let mut comp = seed;
        loop {
            if stop(&comp) {
                return None;
            }
            let next = self.grow(&comp).and(empty);
            if next == comp {
                return Some(comp);
            }
            comp = next;
        }
    }

    /// See [`Region::fillable_after`].
    #[inline(always)]
    fn touched_regions_divisible(&self, empty: &Bits<W>, m: &Bits<W>, s: u32) -> bool {
        let mut rest = self.grow(m).and(empty);
        while !rest.is_zero() {
            let left = rest;
            let Some(comp) = self.flood(rest.lowest(), empty, |c| left.andnot(c).is_zero()) else {
                return true;
            };
            if !self.divisible(comp.count(), s) {
                return false;
            }
            rest = rest.andnot(&comp);
        }
        true
    }

    /// Whether `n` is a multiple of the uniform size `s`.
    #[inline(always)]
    fn divisible(&self, n: u32, s: u32) -> bool {
        if n < 128 {
            self.multiples >> n & 1 != 0
        } else {
            n.is_multiple_of(s)
        }
    }

    /// Whether every connected region of `empty` could be filled by some sub-multiset of the
    /// remaining units, `by_size` of each size (by size only; a necessary condition). `volume`
    /// is theirs ([`Region::volume`]); both are kept up to date by the caller: recomputing
    /// them from the groups here cost about a third of this test. `reach` is scratch space.
    #[inline(always)]
    pub fn fillable(
        &self,
        empty: &Bits<W>,
        by_size: &[u32],
        volume: u64,
        reach: &mut Vec<u64>,
    ) -> bool {
        let mut rest = *empty;
        let mut sizes: [u32; 8] = [0; 8];
        let mut ncomp = 0;
        while !rest.is_zero() {
            let comp = self.region_of(rest.lowest(), empty);
            rest = rest.andnot(&comp);
            if ncomp == 0 && rest.is_zero() {
                // One region: fine by size when the remaining pieces exactly fill it (always
                // so for packings; capacities may also be upper bounds, hence the check).
                if volume == comp.count() as u64 {
                    return true;
                }
            }
            if ncomp < sizes.len() {
                sizes[ncomp] = comp.count();
            }
            ncomp += 1;
        }
        if let Some(s) = self.uniform {
            return volume > 0 && sizes[..ncomp.min(8)].iter().all(|&c| c % s == 0);
        }
        let total = empty.count() as usize;
        // Sizes of the remaining pieces.
        let mut single = 0u32;
        let mut mixed = false;
        for (&s, &r) in self.class_size.iter().zip(by_size) {
            if r > 0 {
                if single == 0 {
                    single = s;
                } else if s != single {
                    mixed = true;
                }
            }
        }
        if !mixed {
            return single != 0 && sizes[..ncomp.min(8)].iter().all(|&s| s % single == 0);
        }
        // Bounded subset sums of the remaining sizes, as a bitset of reachable totals.
        let words = total / 64 + 1;
        reach.clear();
        reach.resize(words, 0);
        reach[0] = 1;
        for (&s, &r) in self.class_size.iter().zip(by_size) {
            let s = s as usize;
            let mut left = r as usize;
            let mut chunk = 1;
            while left > 0 {
                let k = chunk.min(left);
                shift_or(reach, s * k);
                left -= k;
                chunk *= 2;
            }
        }
        sizes[..ncomp.min(8)].iter().all(|&s| {
            let s = s as usize;
            reach[s / 64] >> (s % 64) & 1 == 1
        })
    }
}

/// The set of one-word board cells `b`, as the `Bits` of a width that is one word.
#[inline(always)]
fn word<const W: usize>(b: u64) -> Bits<W> {
    let mut r = Bits::zero();
    r.0[0] = b;
    r
}

/// [`Region::flood`] on a board of one word, with the same steps (`seed` within the cells
/// `step` may reach).
#[inline(always)]
fn flood_word<const W: usize, const ROWS: bool>(
    step: WordStep<ROWS>,
    seed: u64,
    stop: impl Fn(&Bits<W>) -> bool,
) -> Option<Bits<W>> {
    let mut comp = seed;
    loop {
        if stop(&word(comp)) {
            return None;
        }
        let next = comp | step.next_to(comp);
        if next == comp {
            return Some(word(comp));
        }
        comp = next;
    }
}

/// [`Region::next_to`] on a board of one word (all four classics: 6x10, 3x4x5, 4x4x4), for
/// the flood: every shift is known to be below 64, where `Bits::shl` and `shr` take any
/// shift and cost a few branches each; the masks are cut to the cells the flood may reach
/// once per flood, not once per step; and a board one cell wide (`ROWS` false: the search
/// renumbers a flat board so, 6x10 as 1x6x10) has no steps along x. Made per flood, so
/// that it lives in registers.
#[derive(Clone, Copy)]
struct WordStep<const ROWS: bool> {
    x: u32,
    xy: u32,
    not_x0: u64,
    not_xl: u64,
    not_y0: u64,
    not_yl: u64,
    /// The cells a step may reach (the empty cells, for a flood), or none across layers on
    /// a board of one layer (a shift there can only leave the board, or, by 64 on an 8x8
    /// board, not shift at all).
    layers: u64,
}

impl<const ROWS: bool> WordStep<ROWS> {
    #[inline(always)]
    fn new<const W: usize>(r: &Region<W>, within: u64) -> Self {
        let [x, y, z] = r.dims;
        WordStep {
            x: x as u32 % 64,
            xy: (x * y) as u32 % 64,
            not_x0: r.not_x0.0[0] & within,
            not_xl: r.not_xl.0[0] & within,
            not_y0: r.not_y0.0[0] & within,
            not_yl: r.not_yl.0[0] & within,
            layers: if z > 1 { within } else { 0 },
        }
    }

    /// The cells of `within` next to a cell of `b`.
    #[inline(always)]
    fn next_to(&self, b: u64) -> u64 {
        let n = (b << self.x & self.not_y0)
            | (b >> self.x & self.not_yl)
            | ((b << self.xy | b >> self.xy) & self.layers);
        if ROWS {
            n | (b << 1 & self.not_x0) | (b >> 1 & self.not_xl)
        } else {
            n
        }
    }
}

/// `reach |= reach << k` over a little-endian multiword bitset (bits past the end are dropped).
fn shift_or(reach: &mut [u64], k: usize) {
    let (words, bits) = (k / 64, k % 64);
    let n = reach.len();
    for i in (words..n).rev() {
        let src = i - words;
        let mut v = reach[src] << bits;
        if bits != 0 && src > 0 {
            v |= reach[src - 1] >> (64 - bits);
        }
        reach[i] |= v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Lcg;

    /// The face neighbours of the cells of `b` on a board of `dims`, cell by cell.
    fn plain_next_to(dims: [usize; 3], b: u64) -> u64 {
        let [x, y, z] = dims;
        let mut n = 0u64;
        for c in (0..x * y * z).filter(|&c| b >> c & 1 == 1) {
            let (cx, cy, cz) = (c % x, c / x % y, c / (x * y));
            let steps = [
                (cx > 0, c.wrapping_sub(1)),
                (cx + 1 < x, c + 1),
                (cy > 0, c.wrapping_sub(x)),
                (cy + 1 < y, c + x),
                (cz > 0, c.wrapping_sub(x * y)),
                (cz + 1 < z, c + x * y),
            ];
            for (ok, d) in steps {
                if ok {
                    n |= 1 << d;
                }
            }
        }
        n
    }

    /// The one-word step and flood ([`WordStep`], [`flood_word`]) against the cells'
    /// neighbours one by one and against the flood of two-word boards (`Bits::shl`, `shr`),
    /// on random cells of flat, solid and one-line boards of up to 64 cells.
    #[test]
    fn one_word_flood_is_the_plain_flood() {
        let boards = [
            [1, 6, 10],
            [3, 4, 5],
            [4, 4, 4],
            [8, 8, 1],
            [1, 1, 64],
            [64, 1, 1],
            [2, 4, 8],
            [1, 1, 1],
            [5, 3, 2],
        ];
        let mut rng = Lcg(7);
        for dims in boards {
            let cells = dims.iter().product::<usize>();
            let p = Problem {
                columns: cells,
                grid: Some(dims),
                ..Default::default()
            };
            let one = Region::<1>::new(&p).expect("a grid");
            let two = Region::<2>::new(&p).expect("a grid");
            let board = Bits::<1>::low(cells).0[0];
            for _ in 0..2000 {
                // Sparse and dense boards: one to three random words ANDed.
                let mut empty = board;
                for _ in 0..rng.below(3) + 1 {
                    empty &= rng.word() ^ rng.word() << 17;
                }
                let b = rng.word() & board;
                let near = one.next_to(&word(b)).0[0] & board;
                assert_eq!(near, plain_next_to(dims, b), "{dims:?} {b:#x}");
                let wide = two.next_to(&Bits([b, 0])).0[0] & board;
                assert_eq!(near, wide, "{dims:?} {b:#x}");
                let Some(first) = (empty != 0).then(|| 1u64 << empty.trailing_zeros()) else {
                    continue;
                };
                let region = one.region_of(word(first), &word(empty)).0[0];
                let mut plain = first;
                loop {
                    let next = (plain | plain_next_to(dims, plain)) & empty;
                    if next == plain {
                        break;
                    }
                    plain = next;
                }
                assert_eq!(region, plain, "{dims:?} {empty:#x}");
                let wide = two.region_of(Bits([first, 0]), &Bits([empty, 0])).0[0];
                assert_eq!(region, wide, "{dims:?} {empty:#x}");
                // A flood stopped at a size returns nothing exactly when the region is larger.
                let limit = rng.below(8) as u32 + 1;
                let stopped = one.flood(word(first), &word(empty), |c| c.count() > limit);
                assert_eq!(stopped.is_some(), plain.count_ones() <= limit);
            }
        }
    }
}
