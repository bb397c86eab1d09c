//! The reduced cube as a 3x3x3 (corners and paired edges), solved by Kociemba's two-phase
//! algorithm with outer face turns only: phase A reaches the subgroup <U, D, R2, L2, F2, B2>
//! (corners untwisted, edges unflipped, middle-layer edges in the middle layer), phase B solves
//! within it. The 3x3x3 turns are derived from the 4x4x4 model, so they cannot disagree with it.

use super::cube3::{Cube3, Reader, CORNERS, EDGES8, FLIP, N_SP, SLICE, SLICE_PERM, TWIST};
#[cfg(test)]
use super::cube3::{N_FLIP, N_SLICE, N_TWIST};
use super::moves::{apply, Turn};
use super::search::{solutions, solutions_between, Phase};
use super::sym3::{rotations, sym_table, AXIS_KEEPING};
use super::table::TableStore;
use crate::cube::Cube;
use crate::toolkit::bfs::bfs_indexed;
use crate::toolkit::prune::{NibbleTable, Nibbles, SymTable, SymView, UNSEEN as UNREACHED};
use crate::toolkit::ranked::{Classes, Conj};
use std::cell::Cell;

/// Move tables and distance tables of the two phases.
pub(crate) struct TwoPhase {
    pub reader: Reader,
    turns_a: Vec<Turn>,
    turns_b: Vec<Turn>,
    moves: Vec<Cube3>,
    mv: CoordMoves,
    /// The cube as it is, turned so R-L is the U-D axis, and so F-B is.
    views: Vec<View>,
    solved_slice: u16,
    /// Phase A's tables, reduced by the rotations that keep the U-D axis ([`super::sym3`]).
    twist_slice: SymTable,
    flip_slice: SymTable,
    twist_flip: SymTable,
    corner_sp: NibbleTable,
    edge_sp: NibbleTable,
}

/// Each coordinate's move table: value -> its value after each of the 18 outer turns.
struct CoordMoves {
    twist: Vec<[u16; 18]>,
    flip: Vec<[u16; 18]>,
    slice: Vec<[u16; 18]>,
    corner: Vec<[u16; 18]>,
    edge8: Vec<[u16; 18]>,
    sp: Vec<[u8; 18]>,
}

impl CoordMoves {
    fn new(moves: &[Cube3]) -> CoordMoves {
        CoordMoves {
            twist: TWIST.moves(moves),
            flip: FLIP.moves(moves),
            slice: SLICE.moves(moves),
            corner: CORNERS.moves(moves),
            edge8: EDGES8.moves(moves),
            sp: SLICE_PERM.moves(moves),
        }
    }
}

/// The distance table of a pair of coordinates (entry `a * |B| + b`) under `moves`, from
/// the pair of their solved values; cached as `name`.
fn pair_table<A: Copy + Into<usize> + Sync, B: Copy + Into<usize> + Sync>(
    store: &TableStore,
    name: &str,
    (mv_a, solved_a): (&[[A; 18]], A),
    (mv_b, solved_b): (&[[B; 18]], B),
    moves: &[usize],
) -> NibbleTable {
    let n_b = mv_b.len();
    let len = mv_a.len() * n_b;
    let index = |a: A, b: B| a.into() * n_b + b.into();
    store.get_or_build(name, len, || {
        bfs_indexed(len, &[index(solved_a, solved_b)], |i, out| {
            let (a, b) = (i / n_b, i % n_b);
            for &m in moves {
                if out(index(mv_a[a][m], mv_b[b][m])) {
                    return;
                }
            }
        })
    })
}

impl TwoPhase {
    pub(crate) fn new(store: &TableStore) -> TwoPhase {
        let reader = Reader::new();
        let outer: Vec<Turn> = Turn::all().filter(|t| !t.wide()).collect();
        let moves: Vec<Cube3> = outer
            .iter()
            .map(|&t| {
                let mut c = Cube::solved();
                apply(&mut c, t);
                reader.read(&c).expect("outer turns keep edges paired")
            })
            .collect();
        let turns_b: Vec<Turn> = outer
            .iter()
            .copied()
            .filter(|t| t.axis() == 0 || t.amount() == 2)
            .collect();
        let mv = CoordMoves::new(&moves);
        let solved_slice = Cube3::solved().slice();
        let a_idx: Vec<usize> = outer.iter().map(|t| t.0 as usize).collect();
        let b_idx: Vec<usize> = turns_b.iter().map(|t| t.0 as usize).collect();
        // The full tables are built only to be reduced (in memory, not cached).
        let full = TableStore::default();
        let rot = rotations(&reader);
        let (twist, flip, slice) = (
            |r| Conj::new(r, &TWIST),
            |r| Conj::new(r, &FLIP),
            |r| Conj::new(r, &SLICE),
        );
        let axis_keeping = &rot[..AXIS_KEEPING];
        let twist_slice = sym_table(
            store,
            "3x3-twist-slice-sym8",
            Classes::new(&twist(&rot)),
            slice(&rot),
            || {
                let (t, s) = ((&mv.twist[..], 0), (&mv.slice[..], solved_slice));
                pair_table(&full, "", t, s, &a_idx)
            },
        );
        let flip_slice = sym_table(
            store,
            "3x3-flip-slice-sym4",
            Classes::new(&flip(axis_keeping)),
            slice(axis_keeping),
            || {
                let (f, s) = ((&mv.flip[..], 0), (&mv.slice[..], solved_slice));
                pair_table(&full, "", f, s, &a_idx)
            },
        );
        // Twist and flip together (Chen Shuang's min2phase prunes with it too): it catches
        // positions whose twist and flip are each near solved in their slice tables.
        let twist_flip = sym_table(
            store,
            "3x3-twist-flip-sym4",
            Classes::new(&twist(axis_keeping)),
            flip(axis_keeping),
            || pair_table(&full, "", (&mv.twist, 0), (&mv.flip, 0), &a_idx),
        );
        let corner_sp = pair_table(
            store,
            "3x3-corners-slice",
            (&mv.corner, 0),
            (&mv.sp, 0),
            &b_idx,
        );
        let edge_sp = pair_table(
            store,
            "3x3-edges-slice",
            (&mv.edge8, 0),
            (&mv.sp, 0),
            &b_idx,
        );
        let wide = |face, amount| Turn::new(face, true, amount);
        // z = Fw Bw', x = Rw Lw' (faces U R F D L B).
        let views = [
            vec![],
            vec![wide(2, 1), wide(5, 3)],
            vec![wide(1, 1), wide(4, 3)],
        ]
        .iter()
        .map(|r| View::new(&reader, &moves, r))
        .collect();
        TwoPhase {
            views,
            reader,
            turns_a: outer,
            turns_b,
            moves,
            mv,
            solved_slice,
            twist_slice,
            flip_slice,
            twist_flip,
            corner_sp,
            edge_sp,
        }
    }

    pub(crate) fn bytes(&self) -> usize {
        self.twist_slice.bytes()
            + self.flip_slice.bytes()
            + self.twist_flip.bytes()
            + self.corner_sp.bytes()
            + self.edge_sp.bytes()
    }

    /// The cube of outer turn `t` (what it makes from the solved cube).
    pub(crate) fn move_cube(&self, t: Turn) -> Cube3 {
        self.moves[t.0 as usize]
    }

    /// True when the outer turns `sol` solve `c` (checked by applying them).
    pub(crate) fn solves(&self, c: &Cube3, sol: &[Turn]) -> bool {
        sol.iter()
            .try_fold(*c, |x, t| (!t.wide()).then(|| x.then(&self.move_cube(*t))))
            == Some(Cube3::solved())
    }

    /// A lower bound on the 3x3x3 solution length: the largest phase A bound over the six
    /// views (a solution's length is the same in every view).
    pub(crate) fn lower_bound(&self, c: &Cube3) -> u8 {
        let pa = PhaseA(Lookups::new(self));
        let inv = c.inverse();
        self.views
            .iter()
            .flat_map(|v| [v.of(c), v.of(&inv)])
            .map(|y| pa.bound(&a_state(&y)))
            .max()
            .unwrap_or(0)
    }

    /// The shortest solution found with at most `max_len` turns within `nodes` visited
    /// positions of both phases (the first one found is then shortened while the budget
    /// lasts).
    ///
    /// As in Kociemba's Cube Explorer and Chen Shuang's min2phase, phase A runs on six views
    /// of the cube — the cube and its inverse, each seen with the U-D, R-L and F-B axis as the
    /// phase's axis — interleaved by phase A length, so the short phase A solutions of every
    /// view come first; each phase B only looks for a total shorter than the best so far.
    #[cfg(test)]
    pub(crate) fn solve(&self, c: &Cube3, max_len: usize, nodes: &mut u64) -> Option<Vec<Turn>> {
        self.solve_until(c, max_len, nodes, u64::MAX).0
    }

    /// [`TwoPhase::solve`], also stopping once a solution exists and `soft` positions have
    /// been visited (checked at each phase A solution, so it may run over by one phase B
    /// search). Returns the solution and the positions visited: a budget counted in visits
    /// rather than time makes the result the same on every machine.
    pub(crate) fn solve_until(
        &self,
        c: &Cube3,
        max_len: usize,
        nodes: &mut u64,
        soft: u64,
    ) -> (Option<Vec<Turn>>, u64) {
        let cap = *nodes;
        let a_left = Cell::new(cap);
        // Phase B visits: all of them, and those charged to `nodes` (only once a solution
        // exists, so that a small budget still finds one: phase A's visits alone bound the
        // work until then).
        let b_all = Cell::new(0u64);
        let b_charged = Cell::new(0u64);
        let work = || cap - a_left.get() + b_all.get();
        let mut best: Option<Vec<Turn>> = None;
        let mut limit = max_len + 1;
        let pa = PhaseA(Lookups::new(self));
        let pb = PhaseB(pa.0);
        let inv = c.inverse();
        let starts: Vec<(usize, bool, Cube3)> = (0..self.views.len())
            .flat_map(|v| {
                [
                    (v, false, self.views[v].of(c)),
                    (v, true, self.views[v].of(&inv)),
                ]
            })
            .collect();
        let lo = starts
            .iter()
            .map(|s| pa.bound(&a_state(&s.2)) as usize)
            .min()
            .unwrap_or(0);
        'outer: for d1 in lo..=max_len {
            for &(v, inverted, y) in &starts {
                // Phase A of length d1 plus at least one phase B turn (or none when d1 solves
                // it) must stay below the best total.
                if d1 >= limit || a_left.get() == 0 || (best.is_some() && work() >= soft) {
                    break 'outer;
                }
                solutions_between(&pa, a_state(&y), d1, d1, &a_left, &mut |p1: &[Turn]| {
                    // A phase A solution ending in a phase B turn is a shorter one plus that
                    // turn (already tried).
                    if let Some(&l) = p1.last() {
                        if l.axis() == 0 || l.amount() == 2 {
                            return false;
                        }
                    }
                    if p1.len() >= limit || (best.is_some() && work() >= soft) {
                        return true;
                    }
                    let x = p1.iter().fold(y, |x, t| x.then(&self.moves[t.0 as usize]));
                    let sb = (x.corners(), x.edges8(), x.slice_perm());
                    let room = limit - 1 - p1.len();
                    let given = if best.is_some() {
                        PHASE_B_NODES.min(a_left.get().saturating_sub(b_charged.get()))
                    } else {
                        PHASE_B_NODES
                    };
                    let budget_b = Cell::new(given);
                    let mut found: Option<Vec<Turn>> = None;
                    // Shortest phase B first: stop at the first.
                    solutions(&pb, sb, room, &budget_b, &mut |p2: &[Turn]| {
                        found = Some(p2.to_vec());
                        true
                    });
                    let used = given - budget_b.get();
                    b_all.set(b_all.get() + used);
                    if best.is_some() {
                        b_charged.set(b_charged.get() + used);
                    }
                    if let Some(p2) = found {
                        let mut all = p1.to_vec();
                        all.extend(p2);
                        let sol = self.views[v].back(&all, inverted);
                        debug_assert!(self.solves(c, &sol));
                        limit = sol.len();
                        best = Some(sol);
                        // Every other phase A solution of this length gives no shorter total.
                        return p1.len() + 1 >= limit;
                    }
                    false
                });
                // Phase B's charged visits come off what phase A has left (the closure could
                // not take them while the search ran).
                a_left.set(a_left.get().saturating_sub(b_charged.replace(0)));
            }
        }
        *nodes = a_left.get();
        (best, work())
    }
}

/// Visited positions allowed to one phase B search (a phase A solution whose phase B is not
/// found within it is dropped: others are more promising).
const PHASE_B_NODES: u64 = 8_000;

fn a_state(c: &Cube3) -> (u16, u16, u16) {
    (c.twist(), c.flip(), c.slice())
}

/// The cube seen from another orientation: `X -> R⁻¹ X R` for the whole-cube rotation `R`
/// (its corner and edge part, read from the 4x4x4 model), and each view turn's original.
struct View {
    rot: Cube3,
    rot_inv: Cube3,
    /// View turn -> the original turn it is the image of.
    back: [Turn; 18],
}

impl View {
    /// `rotation`: block turns making a whole-cube rotation of the 4x4x4.
    fn new(reader: &Reader, moves: &[Cube3], rotation: &[Turn]) -> View {
        let mut c = Cube::solved();
        for &t in rotation {
            apply(&mut c, t);
        }
        let rot = reader.read(&c).expect("a rotation keeps edges paired");
        let mut v = View {
            rot,
            rot_inv: rot.inverse(),
            back: [Turn(0); 18],
        };
        for (s, m) in moves.iter().enumerate() {
            let t = (0..18)
                .find(|&t| v.of(&moves[t]) == *m)
                .expect("a rotation carries face turns to face turns");
            v.back[s] = Turn(t as u8);
        }
        v
    }
    fn of(&self, c: &Cube3) -> Cube3 {
        self.rot_inv.then(c).then(&self.rot)
    }
    /// The original cube's solution from a solution `s` of this view of it (`inverted`: of
    /// its inverse).
    fn back(&self, s: &[Turn], inverted: bool) -> Vec<Turn> {
        let s = s.iter().map(|t| self.back[t.0 as usize]);
        if inverted {
            let mut r: Vec<Turn> = s.map(Turn::inverse).collect();
            r.reverse();
            r
        } else {
            s.collect()
        }
    }
}

/// The tables both phases read, as plain slices.
#[derive(Copy, Clone)]
struct Lookups<'a> {
    tp: &'a TwoPhase,
    twist_slice: SymView<'a>,
    flip_slice: SymView<'a>,
    twist_flip: SymView<'a>,
    corner_sp: Nibbles<'a>,
    edge_sp: Nibbles<'a>,
}

impl<'a> Lookups<'a> {
    fn new(tp: &'a TwoPhase) -> Lookups<'a> {
        Lookups {
            tp,
            twist_slice: tp.twist_slice.view(),
            flip_slice: tp.flip_slice.view(),
            twist_flip: tp.twist_flip.view(),
            corner_sp: tp.corner_sp.nibbles(),
            edge_sp: tp.edge_sp.nibbles(),
        }
    }
}

struct PhaseA<'a>(Lookups<'a>);
struct PhaseB<'a>(Lookups<'a>);

#[inline]
fn bound_of(d: u8) -> u8 {
    if d == UNREACHED {
        u8::MAX
    } else {
        d
    }
}

impl PhaseA<'_> {
    fn bounds(&self, s: &(u16, u16, u16)) -> [u8; 3] {
        let tp = self.0;
        [
            tp.twist_slice.get(s.0 as usize, s.2 as usize),
            tp.flip_slice.get(s.1 as usize, s.2 as usize),
            tp.twist_flip.get(s.0 as usize, s.1 as usize),
        ]
    }
}

impl Phase for PhaseA<'_> {
    type State = (u16, u16, u16);
    type Turn = Turn;
    #[inline]
    fn turns(&self) -> &[Turn] {
        &self.0.tp.turns_a
    }
    #[inline]
    fn step(&self, s: &Self::State, t: Turn) -> Self::State {
        let m = t.0 as usize;
        let tp = self.0.tp;
        (
            tp.mv.twist[s.0 as usize][m],
            tp.mv.flip[s.1 as usize][m],
            tp.mv.slice[s.2 as usize][m],
        )
    }
    #[inline]
    fn bound(&self, s: &Self::State) -> u8 {
        self.bounds(s).into_iter().map(bound_of).max().unwrap_or(0)
    }
    #[inline]
    fn within(&self, s: &Self::State, limit: usize) -> bool {
        let tp = self.0;
        // Smaller tables first (cache); stop at the first over the limit.
        (bound_of(tp.twist_slice.get(s.0 as usize, s.2 as usize)) as usize) <= limit
            && (bound_of(tp.flip_slice.get(s.1 as usize, s.2 as usize)) as usize) <= limit
            && (bound_of(tp.twist_flip.get(s.0 as usize, s.1 as usize)) as usize) <= limit
    }
    #[inline]
    fn is_goal(&self, s: &Self::State) -> bool {
        s.0 == 0 && s.1 == 0 && s.2 == self.0.tp.solved_slice
    }
}

impl Phase for PhaseB<'_> {
    type State = (u16, u16, u8);
    type Turn = Turn;
    #[inline]
    fn turns(&self) -> &[Turn] {
        &self.0.tp.turns_b
    }
    #[inline]
    fn step(&self, s: &Self::State, t: Turn) -> Self::State {
        let m = t.0 as usize;
        let tp = self.0.tp;
        (
            tp.mv.corner[s.0 as usize][m],
            tp.mv.edge8[s.1 as usize][m],
            tp.mv.sp[s.2 as usize][m],
        )
    }
    #[inline]
    fn bound(&self, s: &Self::State) -> u8 {
        let tp = self.0;
        let a = tp.corner_sp.get(s.0 as usize * N_SP + s.2 as usize);
        let b = tp.edge_sp.get(s.1 as usize * N_SP + s.2 as usize);
        bound_of(a).max(bound_of(b))
    }
    #[inline]
    fn is_goal(&self, s: &Self::State) -> bool {
        s.0 == 0 && s.1 == 0 && s.2 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn two_phase() -> &'static TwoPhase {
        static T: std::sync::OnceLock<TwoPhase> = std::sync::OnceLock::new();
        T.get_or_init(|| TwoPhase::new(&TableStore::default()))
    }

    /// Seeing a cube from another orientation commutes with turning it: the view of `X m` is
    /// the view of `X` turned by the view's image of `m`, a face turn on another axis.
    #[test]
    fn views_carry_turns_to_turns_on_their_axes() {
        let tp = two_phase();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let x = Cube3::random_with(&mut rng);
        for (k, v) in tp.views.iter().enumerate() {
            let mut axes = [usize::MAX; 3];
            for s in 0..18u8 {
                let t = v.back[s as usize];
                assert_eq!(
                    v.of(&x.then(&tp.moves[t.0 as usize])),
                    v.of(&x).then(&tp.moves[s as usize])
                );
                axes[Turn(s).axis()] = t.axis();
                assert_eq!(Turn(s).amount() == 2, t.amount() == 2);
            }
            // View k has the original's axis k as its U-D axis.
            assert_eq!(axes[0], k);
        }
    }

    /// The symmetry-reduced phase A tables give the full tables' entry for every pair.
    #[test]
    fn reduced_phase_a_tables_read_as_the_full_ones() {
        let tp = two_phase();
        let a_idx: Vec<usize> = tp.turns_a.iter().map(|t| t.0 as usize).collect();
        let full = |a, b| pair_table(&TableStore::default(), "", a, b, &a_idx);
        let (twist, flip, slice) = (
            (&tp.mv.twist[..], 0),
            (&tp.mv.flip[..], 0),
            (&tp.mv.slice[..], tp.solved_slice),
        );
        for (reduced, f, n_a, n_b) in [
            (&tp.twist_slice, full(twist, slice), N_TWIST, N_SLICE),
            (&tp.flip_slice, full(flip, slice), N_FLIP, N_SLICE),
            (&tp.twist_flip, full(twist, flip), N_TWIST, N_FLIP),
        ] {
            let r = reduced.view();
            for a in 0..n_a {
                for b in 0..n_b {
                    assert_eq!(r.get(a, b), f.get(a * n_b + b), "entry ({a}, {b})");
                }
            }
        }
    }

    /// Every solution found (small budgets, tight limits and generous ones alike) solves the
    /// cube when applied turn by turn, respects the length limit and is at least the lower
    /// bound; a solution exists within 22 turns for every position tried.
    #[test]
    fn solutions_solve_random_cubes_and_respect_the_bounds() {
        let tp = two_phase();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..12 {
            let c = Cube3::random_with(&mut rng);
            let lb = tp.lower_bound(&c) as usize;
            let mut nodes = 50_000;
            let first = tp
                .solve(&c, 22, &mut nodes)
                .expect("a solution of at most 22");
            assert!(tp.solves(&c, &first));
            assert!(first.len() <= 22 && first.len() >= lb);
            // A tighter limit: shorter or nothing, never a wrong one.
            let mut nodes = 50_000;
            if let Some(s) = tp.solve(&c, first.len() - 1, &mut nodes) {
                assert!(tp.solves(&c, &s));
                assert!(s.len() < first.len() && s.len() >= lb);
            }
        }
    }

    /// A position a few turns from solved is solved optimally (the phase A search over all
    /// lengths from the bound finds the direct route), by each view.
    #[test]
    fn short_scrambles_get_solutions_no_longer_than_the_scramble() {
        let tp = two_phase();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        for n in 1..=7 {
            let mut c = Cube3::solved();
            for _ in 0..n {
                c = c.then(&tp.moves[rng.gen_range(0..18)]);
            }
            let mut nodes = 200_000;
            let s = tp.solve(&c, 20, &mut nodes).expect("solved");
            assert!(tp.solves(&c, &s) && s.len() <= n);
        }
    }

    /// Reading solutions back from the views: a solution `s` of `X` seen in a view (and, for
    /// the inverse views, `s` reversed and inverted, which solves `X⁻¹`) solves the view's
    /// cube, and [`View::back`] gives a solution of `X` again.
    #[test]
    fn solutions_read_back_from_every_view_solve_the_cube() {
        let tp = two_phase();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        let c = Cube3::random_with(&mut rng);
        let mut nodes = 100_000;
        let s = tp.solve(&c, 24, &mut nodes).expect("solved");
        let s_inv: Vec<Turn> = s.iter().rev().map(|t| t.inverse()).collect();
        assert!(tp.solves(&c.inverse(), &s_inv));
        for v in &tp.views {
            for inverted in [false, true] {
                let (x, sol) = if inverted {
                    (c.inverse(), &s_inv)
                } else {
                    (c, &s)
                };
                let in_view: Vec<Turn> = sol
                    .iter()
                    .map(|t| Turn((0..18u8).find(|&k| v.back[k as usize] == *t).unwrap()))
                    .collect();
                assert!(tp.solves(&v.of(&x), &in_view));
                assert!(tp.solves(&c, &v.back(&in_view, inverted)));
            }
        }
    }
}
