//! The reduction solver: many candidate solutions of each phase, ranked by their length so far
//! plus a lower bound on what follows (a funnel in the style of Chen Shuang's three-phase
//! solver), then several 3x3x3 finishes, the shortest total kept; every result checked by
//! applying its printed form to the cube.
//!
//! Phase 1 is tried in nine [`Frame`]s (any colour pair onto any pair of faces).

use super::centres::{half_rotations, Phase1, Phase2, P2};
use super::edges::{Phase3, P3};
use super::frame::{orientation_fix, turn_image, up_to_orientation, Frame};
use super::moves::{apply, to_slices, Turn};
use super::search::{solutions_between, Phase};
use super::table::TableStore;
use super::three::TwoPhase;
use super::walk::Walk;
use crate::cube::{Cube, Move};
use crate::methods::{self, verify, Method, Options, Solution, SolveError, Solver};
use crate::notation::Line;
use crate::notation::Step;
use std::cell::Cell;
use std::collections::HashSet;

/// Names of the phases, in order.
pub(crate) const PHASE_NAMES: [&str; 4] = [
    "one pair of centres onto opposite faces",
    "all centres to their pairs of faces, edges separated, wing parity",
    "centres solved, edges paired",
    "3x3x3",
];

/// The funnel's settings (what [`crate::methods::Options`] chooses among: [`Tuning::for_options`]).
#[derive(Clone, Debug)]
pub struct Tuning {
    /// Phase 1 solutions listed (over the three axes, shortest first).
    pub phase1: usize,
    /// Of those, how many go on to phase 2 (best first by length plus phase 2 bound).
    pub phase2: usize,
    /// Phase 1 + 2 solutions collected (edges separated, so phase 3 can follow).
    pub phase3: usize,
    /// Phase 1-3 solutions collected (shortest first) and given to the 3x3x3 finish.
    pub phase4: usize,
    /// Visited positions allowed to each 3x3x3 finish (a cap; `finish` normally decides).
    pub nodes4: u64,
    /// The budgets below count work (visited positions weighted by their cost, see `COST`),
    /// not time, so that a position's solution is the same on every machine and in every run.
    ///
    /// Soft limit of phases 1-3: after it, each phase takes what it has (at least one
    /// candidate).
    pub budget: u64,
    /// After `budget`, how much more work phase 3 may spend completing other candidates of the
    /// length it reached (a few visits each), so the finishes have more to choose from (over
    /// the bench positions, 48 in 100 still reach the finish with one completion, the others
    /// with 2 to 8).
    pub phase3_extra: u64,
    /// Shared by the 3x3x3 finishes (after the rest); each stops at its share once it has a
    /// solution.
    pub finish: u64,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            phase1: 10_000,
            phase2: 500,
            // Tuned with `examples/reduction_tune.rs` over the positions of `revenge bench
            // --random 100 --seed 1` (OBTM average, thousands of work units per solve):
            //   budget 650k, phase-3 extra 520k, finish 390k, phase 3 60: 44.45, 1,895k
            //   (the former 100/80/60 ms); finish 200k: 44.71; 600k: 44.31; 1,000k: 44.26;
            //   budget 500k: 44.53; extra 300k: 44.51; 800k: 44.43; phase 3 100: 44.37;
            //   these: 44.34 at 1,914k. On seeds 1001-1100 the former 44.38 at 1,769k, these
            //   44.27 at 1,833k (finish 600k: 44.20 at 1,905k). Finishes pay the most.
            //   With phase 3's pairing bound knowing the parity (fewer phase 3 visits): 44.31
            //   at 1,608k; seeds 1001-1100 44.26 at 1,592k (docs/REVENGE.md, fifth pass).
            //   Finishes that may only beat the best capped at 50k visits instead of 100k
            //   (nodes4 2,500k; hopeless ones skipped): 44.30 at 1,525k; seeds 1001-1100
            //   44.29 at 1,515k (sixth pass; 150k: 44.27 at 1,611k, 44.17 at 1,590k).
            phase3: 100,
            phase4: 8,
            nodes4: 2_500_000,
            budget: 650_000,
            phase3_extra: 300_000,
            finish: 500_000,
        }
    }
}

impl Tuning {
    /// The settings for the method's common options: [`Tuning::single`], else the defaults
    /// with every work budget multiplied by the effort.
    pub fn for_options(o: &Options) -> Tuning {
        if o.single {
            return Tuning::single();
        }
        let d = Tuning::default();
        Tuning {
            budget: o.scale(d.budget),
            phase3_extra: o.scale(d.phase3_extra),
            finish: o.scale(d.finish),
            // The finishes' cap scales too: with a larger finishing budget, a longer look at
            // each candidate pays (effort 2: 44.11 OBTM at 2,485k units per solve, against
            // 44.17 at 2,389k with the cap of effort 1).
            nodes4: o.scale(d.nodes4),
            ..d
        }
    }

    /// One candidate per phase: fastest, longest.
    pub fn single() -> Tuning {
        Tuning {
            phase1: 1,
            phase2: 1,
            phase3: 1,
            phase4: 1,
            nodes4: 200_000,
            budget: 0,
            phase3_extra: 0,
            finish: 0,
        }
    }
}

/// The four phases with their tables, and the frames phase 1 is tried in.
pub struct Reduction {
    p1: Phase1,
    p2: Phase2,
    p3: Phase3,
    p4: TwoPhase,
    frames: Vec<Frame>,
    /// For each of [`half_rotations`], each turn of the cube turned by it as the turn of the
    /// cube before (the 3x3x3 finish solves the turned cube).
    unturn: Vec<Vec<Turn>>,
}

/// A candidate: the position after some phases (as seen in its frames) and the turns so far.
#[derive(Clone)]
struct Partial {
    /// The frames `cube` is seen in, outermost first (indices into `Reduction::frames`).
    chain: Vec<u8>,
    /// After phase 3: which of [`half_rotations`] turned `cube` to bring its centres home.
    turned: usize,
    cube: Cube,
    /// The position after those turns in its own frame.
    own: Cube,
    /// The turns of each phase so far, carried back to the position's own frame.
    phases: Vec<Vec<Turn>>,
    len: usize,
    /// `len` plus a lower bound on the next phase.
    value: usize,
}

fn after(c: &Cube, ts: &[Turn]) -> Cube {
    let mut x = *c;
    for &t in ts {
        apply(&mut x, t);
    }
    x
}

/// The work of one solve so far: positions visited, each weighted by its phase's [`COST`].
#[derive(Default)]
struct Meter(Cell<u64>);

/// What a visited position of each phase costs, in units of a 3x3x3 finish's (which looks up
/// three small tables): a phase 1 visit expands 36 turns, phase 2's update the wings, phase
/// 3's read the 15.5 MB pairing table. Measured over `revenge bench --random 30 --seed 1` on
/// the 2-core development machine: 1,578, 2,835, 1,189 and 6,482 visits per millisecond. So a
/// unit of work is about 0.15 µs there, and the budgets track time without depending on it.
const COST: [u64; 4] = [4, 2, 5, 1];

impl Meter {
    fn spent(&self) -> u64 {
        self.0.get()
    }
    fn charge(&self, visits: u64) {
        self.0.set(self.0.get() + visits);
    }
    /// [`solutions_between`] within `cap` visits, charged here at `cost` each.
    fn search<P: Phase<Turn = Turn>>(
        &self,
        p: &P,
        cost: u64,
        start: P::State,
        len: usize,
        cap: u64,
        visit: &mut dyn FnMut(&[Turn]) -> bool,
    ) {
        let nodes = Cell::new(cap);
        solutions_between(p, start, len, len, &nodes, visit);
        self.charge(cost * (cap - nodes.get()));
    }
}

/// Shortest 3x3x3 finish worth searching for to beat the best total (one that may only beat
/// it within fewer turns is skipped): over the bench positions, capped finishes that had to
/// find 17 turns or fewer never did (0 of 31), while 4 of 58 found 18 (docs/REVENGE.md, sixth
/// pass).
const MIN_BEATING_FINISH: usize = 18;

/// Visits allowed to each further phase 3 search once the budget is spent.
const LATE_PHASE3_NODES: u64 = 20_000;

/// Longest phase solutions looked at (they only bound the searches).
const MAX_LEN: [usize; 4] = [12, 14, 16, 24];

/// The frames (see [`Frame::all`]) that keep every colour on its own pair of faces and make
/// the U-D, R-L or F-B axis the one phase 3 restricts, by axis.
const AXIS_VIEW: [u8; 3] = [3, 0, 6];

impl Reduction {
    /// Which colour pair (0 U-D, 1 R-L, 2 F-B, of the position's colours) plays R-L in the
    /// innermost of `chain`'s frames.
    fn rl_colours(&self, chain: &[u8]) -> u8 {
        (0..6u8)
            .find(|&c| {
                chain
                    .iter()
                    .fold(c, |x, &f| self.frames[f as usize].colour(x))
                    == 1
            })
            .expect("some colour becomes R")
            % 3
    }

    /// Turns found in the innermost of `chain`'s frames, as turns of the position.
    fn carry_back(&self, chain: &[u8], ts: &[Turn]) -> Vec<Turn> {
        ts.iter()
            .map(|&t| {
                chain
                    .iter()
                    .rev()
                    .fold(t, |t, &f| self.frames[f as usize].back(t))
            })
            .collect()
    }

    /// Loads or builds every table (cached through `store`).
    pub fn new(store: &TableStore) -> Reduction {
        let unturn = half_rotations()
            .iter()
            .map(|&r| {
                // A half turn is its own inverse: f(X t') = f(X) t for t' = image of t.
                let f = |x: &Cube| {
                    let mut y = *x;
                    y.rotate(r);
                    y
                };
                Turn::all().map(|t| turn_image(t, f)).collect()
            })
            .collect();
        Reduction {
            unturn,
            p1: Phase1::new(store),
            p2: Phase2::new(store),
            p3: Phase3::new(store),
            p4: TwoPhase::new(store),
            frames: Frame::all(),
        }
    }

    /// Bytes of distance tables held.
    pub fn table_bytes(&self) -> usize {
        self.p1.bytes() + self.p2.bytes() + self.p3.bytes() + self.p4.bytes()
    }

    /// Phase 1 on every axis, shortest first: the `opts.phase2` best by length plus phase-2
    /// bound among the first `opts.phase1` solutions.
    fn phase1(&self, cube: &Cube, opts: &Tuning, meter: &Meter) -> Vec<Partial> {
        let late = || meter.spent() > opts.budget;
        let starts: Vec<(Cube, u32)> = self
            .frames
            .iter()
            .map(|f| {
                let c = f.view(cube);
                (c, self.p1.start(&c))
            })
            .collect();
        let lo = starts
            .iter()
            .map(|(_, s)| self.p1.bound(s) as usize)
            .min()
            .unwrap_or(0);
        let mut out: Vec<Partial> = Vec::new();
        // Different turns (Dw and Uw with a whole-cube turn, the same solution seen in another
        // frame) often reach one position up to orientation: keep one of each, per colour
        // pair on R-L, so the candidates differ.
        let mut seen: HashSet<(Cube, u8)> = HashSet::new();
        let want = opts.phase1.max(1);
        for len in lo..=MAX_LEN[0] {
            for (frame, (c, s1)) in starts.iter().enumerate() {
                let chain = [frame as u8];
                let pair = self.rl_colours(&chain);
                let f = &self.frames[frame];
                // The position in the frame and in its own, along each solution.
                let mut walk = Walk::new((*c, *cube));
                meter.search(&self.p1, COST[0], *s1, len, u64::MAX, &mut |p| {
                    let (&(c1, own), _) =
                        walk.follow(p, |(c, own), t| (after(c, &[t]), after(own, &[f.back(t)])));
                    let b2 = self.p2.bound(&self.p2.start(&c1));
                    if b2 != u8::MAX {
                        let back = self.carry_back(&chain, p);
                        if seen.insert((up_to_orientation(&own), pair)) {
                            out.push(Partial {
                                chain: chain.to_vec(),
                                turned: 0,
                                cube: c1,
                                own,
                                phases: vec![back],
                                len,
                                value: len + b2 as usize,
                            });
                        }
                    }
                    out.len() >= want
                });
                if out.len() >= want {
                    break;
                }
            }
            if out.len() >= want || (late() && !out.is_empty()) {
                break;
            }
        }
        out.sort_by_key(|p| (p.value, p.len));
        out.truncate(opts.phase2.max(1));
        out
    }

    /// Phase 2 by total length, over the phase 1 candidates: the first `opts.phase3` whose
    /// edges end separated (about one phase 2 solution in 1,800 over the bench positions).
    fn phase2(&self, p1s: &[Partial], opts: &Tuning, meter: &Meter) -> Vec<Partial> {
        let late = || meter.spent() > opts.budget;
        let starts: Vec<P2> = p1s.iter().map(|p| self.p2.start(&p.cube)).collect();
        let mut out: Vec<Partial> = Vec::new();
        let mut seen: HashSet<(Cube, u8)> = HashSet::new();
        let want = opts.phase3.max(1);
        let lo = p1s.iter().map(|p| p.value).min().unwrap_or(0);
        let mut max2 = 9;
        while out.is_empty() && max2 <= MAX_LEN[1] {
            'total: for total in lo..=MAX_LEN[0] + max2 {
                for (p, s2) in p1s.iter().zip(&starts) {
                    if p.value > total || total - p.len > max2 {
                        continue;
                    }
                    let mut walk = Walk::new(p.cube.wp);
                    // Which axes the wings before the last turn are separated for, as far as
                    // asked (a turn keeping an axis's wing classes keeps the answer).
                    let mut known = [None; 3];
                    meter.search(&self.p2, COST[1], *s2, total - p.len, u64::MAX, &mut |t| {
                        // Cheap test first: wings only, and each axis phase 3 could restrict;
                        // the last turn's wings are not made (the test reads them from the
                        // wings before it).
                        let (last, prefix) = match t.split_last() {
                            Some((&l, p)) => (Some(l), p),
                            None => (None, t),
                        };
                        let (wings, changed) =
                            walk.follow(prefix, |w, turn| self.p3.separation.wings_turned(w, turn));
                        if changed {
                            known = [None; 3];
                        }
                        let mut c2 = None;
                        for (axis, &f) in AXIS_VIEW.iter().enumerate() {
                            let separated = match last {
                                Some(l) if !self.p3.separation.keeps_classes(l, axis) => {
                                    self.p3.separation.separated_after(wings, l, axis)
                                }
                                _ => *known[axis].get_or_insert_with(|| {
                                    self.p3.separation.separated(wings, axis)
                                }),
                            };
                            if !separated {
                                continue;
                            }
                            let c2 = *c2.get_or_insert_with(|| after(&p.cube, t));
                            let view = self.frames[f as usize].view(&c2);
                            let Some(s3) = self.p3.start(&view) else {
                                continue;
                            };
                            let b3 = self.p3.bound(&s3);
                            if b3 == u8::MAX {
                                continue;
                            }
                            let back = self.carry_back(&p.chain, t);
                            let own = after(&p.own, &back);
                            let mut chain = p.chain.clone();
                            chain.push(f);
                            let key = (up_to_orientation(&own), self.rl_colours(&chain));
                            if !seen.insert(key) {
                                continue;
                            }
                            let mut phases = p.phases.clone();
                            phases.push(back);
                            out.push(Partial {
                                chain,
                                turned: 0,
                                cube: view,
                                own,
                                phases,
                                len: total,
                                value: total + b3 as usize,
                            });
                        }
                        out.len() >= want
                    });
                    if out.len() >= want || (late() && !out.is_empty()) {
                        break 'total;
                    }
                }
                if late() && !out.is_empty() {
                    break;
                }
            }
            max2 += 1;
        }
        out.sort_by_key(|p| (p.value, p.len));
        out
    }

    /// Phase 3 by total length over the phase 1+2 candidates: up to `opts.phase4` of them
    /// completed, each by a shortest phase 3.
    fn phase3(&self, p12: &[Partial], opts: &Tuning, meter: &Meter) -> Vec<Partial> {
        let late = || meter.spent() > opts.budget;
        let starts: Vec<P3> = p12
            .iter()
            .map(|p| {
                self.p3
                    .start(&p.cube)
                    .expect("phase 2 kept separated edges only")
            })
            .collect();
        let mut done = vec![false; p12.len()];
        let mut out: Vec<Partial> = Vec::new();
        let want = opts.phase4.max(1);
        let lo = p12.iter().map(|p| p.value).min().unwrap_or(0);
        let max3 = MAX_LEN[2];
        let mut extra_from: Option<u64> = None;
        for total in lo..=MAX_LEN[0] + MAX_LEN[1] + MAX_LEN[2] {
            for (i, (p, s3)) in p12.iter().zip(&starts).enumerate() {
                if done[i] || p.value > total || total - p.len > max3 {
                    continue;
                }
                if let Some(from) = extra_from {
                    if meter.spent() - from > opts.phase3_extra {
                        return out;
                    }
                }
                let len3 = total - p.len;
                // Past the budget, with a completion in hand, the others of this total get a
                // small look each (more finishes to choose from, at the same length).
                let cap = if out.is_empty() || !late() {
                    u64::MAX
                } else {
                    LATE_PHASE3_NODES
                };
                let mut found = None;
                meter.search(&self.p3, COST[2], *s3, len3, cap, &mut |t| {
                    found = Some(t.to_vec());
                    true
                });
                if let Some(t) = found {
                    done[i] = true;
                    let mut c3 = after(&p.cube, &t);
                    let turned = self
                        .p3
                        .orientation(&c3)
                        .expect("phase 3 solves the centres");
                    c3.rotate(half_rotations()[turned]);
                    let three = self.p4.reader.read(&c3).expect("phase 3 pairs the edges");
                    let back = self.carry_back(&p.chain, &t);
                    let own = after(&p.own, &back);
                    let mut phases = p.phases.clone();
                    phases.push(back);
                    out.push(Partial {
                        own,
                        chain: p.chain.clone(),
                        turned,
                        cube: c3,
                        phases,
                        len: total,
                        value: total + self.p4.lower_bound(&three) as usize,
                    });
                    if out.len() >= want {
                        return out;
                    }
                    if extra_from.is_none() && late() {
                        extra_from = Some(meter.spent());
                    }
                }
            }
            if late() && !out.is_empty() {
                break;
            }
        }
        out
    }

    /// Solves `cube` with the funnel's settings spelled out (the tuning examples compare them).
    pub fn solve_with(&self, cube: &Cube, opts: &Tuning) -> Result<Solution, SolveError> {
        // Solved in another orientation: solved, as `revenge explain` and the facelet input
        // see it (the colours, not the frame, define it), so no turns, only the rotations.
        if cube.is_solved_any_orientation() {
            return answer(cube, vec![Vec::new(); PHASE_NAMES.len()], 0);
        }
        let meter = Meter::default();
        let p1 = self.phase1(cube, opts, &meter);
        if p1.is_empty() {
            return Err(SolveError::NotFound(1));
        }
        let p12 = self.phase2(&p1, opts, &meter);
        if p12.is_empty() {
            return Err(SolveError::NotFound(2));
        }
        let mut p123 = self.phase3(&p12, opts, &meter);
        if p123.is_empty() {
            return Err(SolveError::NotFound(3));
        }
        p123.sort_by_key(|p| (p.value, p.len));
        // The 3x3x3: each candidate may only beat the best total so far, and gets an equal
        // share of what is left of the finishing visits (the first runs until it has a
        // solution).
        let mut best: Option<(usize, Vec<Vec<Turn>>)> = None;
        let finish_end = meter.spent() + opts.finish;
        for (k, p) in p123.iter().enumerate() {
            // A later candidate must beat the best total by a turn; nothing beats 0 turns (a
            // solved cube, or one solved up to a whole-cube rotation).
            let limit = match &best {
                None => MAX_LEN[3] + p.len,
                Some((0, _)) => break,
                Some((b, _)) => b - 1,
            };
            if p.value > limit || (best.is_some() && limit - p.len < MIN_BEATING_FINISH) {
                continue;
            }
            let three = self
                .p4
                .reader
                .read(&p.cube)
                .ok_or(SolveError::NotFound(4))?;
            let share = finish_end.saturating_sub(meter.spent()) / (p123.len() - k) as u64;
            // Its share only stops a finish that has a solution: one that may only beat the
            // best (a much harder search) is capped too.
            let mut nodes = if best.is_some() {
                opts.nodes4 / 50
            } else {
                opts.nodes4
            };
            let (found, visits) = self
                .p4
                .solve_until(&three, limit - p.len, &mut nodes, share);
            meter.charge(COST[3] * visits);
            if let Some(t) = found {
                let mut phases = p.phases.clone();
                let t: Vec<Turn> = t
                    .iter()
                    .map(|t| self.unturn[p.turned][t.0 as usize])
                    .collect();
                phases.push(self.carry_back(&p.chain, &t));
                best = Some((p.len + phases[3].len(), phases));
            }
            if best.is_some() && meter.spent() >= finish_end {
                break;
            }
        }
        let (_, phases) = best.ok_or(SolveError::NotFound(4))?;
        answer(cube, phases, meter.spent())
    }
}

/// The solution of `cube` made of the phases' turns (then the whole-cube rotations that bring
/// the solved cube home), checked by applying it.
fn answer(cube: &Cube, phases: Vec<Vec<Turn>>, work: u64) -> Result<Solution, SolveError> {
    let moves: Vec<Move> = phases.iter().flat_map(|p| to_slices(p)).collect();
    let mut end = *cube;
    end.apply_all(&moves);
    let rotations = orientation_fix(&end).ok_or(SolveError::Verify)?;
    let mut steps: Vec<Step> = moves.iter().map(|&m| Step::Turn(m)).collect();
    steps.extend(rotations.iter().map(|&r| Step::Rotate(r)));
    let sol = Solution {
        phases: phases
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let m = to_slices(p);
                methods::Phase {
                    number: i + 1,
                    goal: PHASE_NAMES[i],
                    rotation: Vec::new(),
                    searched: m.clone(),
                    moves: m,
                }
            })
            .collect(),
        line: Line {
            moves,
            final_rotation: rotations,
        },
        steps,
        work,
    };
    verify(cube, &sol)?;
    Ok(sol)
}

impl Solver for Reduction {
    fn method(&self) -> Method {
        Method::Reduction
    }
    fn solve(&self, cube: &Cube, opts: &Options) -> Result<Solution, SolveError> {
        self.solve_with(cube, &Tuning::for_options(opts))
    }
}
