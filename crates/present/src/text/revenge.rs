//! The 4x4x4 as `revenge solve` (with `--explain`), `revenge bench` and `revenge verify` print
//! it. `--explain` names each phase (or stage) of a solution, with what it is for and what it
//! achieved, measured on the cube after it (centre faces in one colour, paired edges, solved),
//! so that a person can follow the solution on a real cube.

use crate::report::{RevengeBench, RevengeSolution, VerifyJson};
use wurfel_revenge::{notation, Cube, Method, Move, Solution};

/// A solution as `revenge solve` prints it: the position, each phase (or stage), the whole in
/// both notations, its length in both metrics, each method's own first.
pub fn solution(method: Method, facelets: &str, json: &RevengeSolution) -> Vec<String> {
    let mut lines = vec![format!("position: {facelets}")];
    for p in &json.phases {
        let rotation = if p.rotation.is_empty() {
            String::new()
        } else {
            format!("[{}] ", p.rotation)
        };
        // Five-stage: as searched, in slice turns; reduction: in block turns.
        lines.push(match method {
            Method::FiveStage => format!(
                "stage {}: {rotation}{}  ({} STM)",
                p.phase,
                or_nothing(&p.moves_slice),
                p.stm
            ),
            Method::Reduction => format!(
                "phase {} ({}): {}  ({} OBTM)",
                p.phase,
                p.goal,
                or_nothing(&p.moves),
                p.obtm
            ),
        });
    }
    let wca = format!("WCA:          {}", or_nothing(&json.moves));
    let slice = format!("single-slice: {}", or_nothing(&json.moves_slice));
    let stm = format!("{} STM (slice turns)", json.stm);
    let obtm = format!("{} OBTM (outer block turns)", json.obtm);
    let (first, second, length) = match method {
        Method::FiveStage => (slice, wca, format!("{stm}, {obtm}")),
        Method::Reduction => (wca, slice, format!("{obtm}, {stm}")),
    };
    lines.extend([
        first,
        second,
        format!(
            "length: {length}; checked by applying it; {:.3} s",
            json.seconds
        ),
    ]);
    lines
}

/// A stage's or phase's turns as printed: an already solved one says so rather than
/// printing nothing.
fn or_nothing(turns: &str) -> &str {
    if turns.is_empty() {
        "nothing to do"
    } else {
        turns
    }
}

/// What each phase of the reduction method does (in the solver's own words, expanded).
const REDUCTION: [&str; 4] = [
    "gather the centres of one pair of opposite colours on one pair of opposite faces \
     (outer and wide turns)",
    "bring the other centres onto their pairs of faces, fix the wing parity (so no parity \
     algorithm is needed later) and sort the wings for the next phase",
    "solve the centres and pair the wings into 12 edges, with turns that keep the work of \
     phases 1 and 2: the cube is now a 3x3x3",
    "solve it as a 3x3x3 with outer turns only (Kociemba's two phases)",
];

/// Norskog's stages (seed 003), each reaching positions the next stage's moves can finish.
const FIVE_STAGE: [&str; 5] = [
    "orient the corners and put the u- and d-layer edges into those two layers",
    "put the front and back centres onto F and B, and the u/d edges into one of the \
     arrangements half turns can solve",
    "put the left and right centres onto L and R, turn the top and bottom edges' U/D \
     stickers up or down, in an even permutation",
    "put corners, U/D centres and edges into arrangements half turns can solve",
    "solve everything with half turns",
];

/// `--explain`: one line per phase (or stage) plus the start, for `sol` of `start`.
pub fn explain(start: &Cube, method: Method, sol: &Solution) -> Vec<String> {
    let reduction = method == Method::Reduction;
    let (noun, goals, unit) = if reduction {
        ("phase", &REDUCTION[..], "OBTM")
    } else {
        ("stage", &FIVE_STAGE[..], "STM")
    };
    let metric = |m: &[Move]| {
        if reduction {
            notation::obtm(m)
        } else {
            notation::stm(m)
        }
    };
    let mut lines = vec![
        if reduction {
            "How it works: reduction: centres first, then the wings paired into edges, then the \
             cube solved as a 3x3x3."
                .to_string()
        } else {
            "How it works: Norskog's five stages, each allowing fewer moves than the one before, \
             the last only half turns."
                .to_string()
        },
        format!("  start: {}", state(start)),
    ];
    let mut cube = *start;
    for (i, part) in sol.phases.iter().enumerate() {
        cube.apply_all(&part.moves);
        let goal = goals.get(i).copied().unwrap_or("");
        lines.push(format!(
            "  {noun} {} ({} {unit}): {goal}",
            i + 1,
            metric(&part.moves)
        ));
        lines.push(format!("    after it: {}", state(&cube)));
    }
    lines
}

/// What a position shows a person: centres, edges, solved.
fn state(c: &Cube) -> String {
    if c.is_solved_any_orientation() {
        return "solved".to_string();
    }
    format!(
        "centres: {} of 3 pairs of opposite faces hold only one pair of opposite colours, \
         {} of 6 faces one colour; {} of 12 edges paired",
        centre_axes(c),
        c.uniform_centre_faces(),
        c.paired_edges()
    )
}

/// Pairs of opposite faces (U-D, R-L, F-B) whose eight centre stickers all belong to one pair
/// of opposite colours: what phase 1 of the reduction achieves for one pair, phase 2 for all.
fn centre_axes(c: &Cube) -> usize {
    const CENTRE: [usize; 4] = [5, 6, 9, 10];
    let f = c.facelets().into_bytes();
    let opposite = |x: u8| match x {
        b'U' => b'D',
        b'D' => b'U',
        b'R' => b'L',
        b'L' => b'R',
        b'F' => b'B',
        _ => b'F',
    };
    (0..3)
        .filter(|&face| {
            let mut centres = CENTRE
                .iter()
                .flat_map(|&i| [f[face * 16 + i], f[(face + 3) * 16 + i]]);
            let first = centres.next().expect("eight centres");
            centres.all(|x| x == first || x == opposite(first))
        })
        .count()
}

fn positions_line(j: &RevengeBench) -> String {
    format!(
        "{} random positions (seeds {}..{}), every solution checked",
        j.positions,
        j.seed,
        j.seed + j.positions as u64
    )
}

fn stm_line(avg: f64, max: usize) -> String {
    format!("STM  (slice turns):       average {avg:.2}, max {max}")
}

fn obtm_line(avg: f64, max: usize) -> String {
    format!("OBTM (outer block turns): average {avg:.2}, max {max}")
}

fn times(avg: f64, median: f64, max: f64) -> String {
    format!("time per solve: average {avg:.3} s, median {median:.3} s, max {max:.3} s")
}

/// `revenge bench` of `method`.
pub fn bench(method: Method, j: &RevengeBench) -> Vec<String> {
    let (stm, obtm) = (
        stm_line(j.stm_avg, j.stm_max),
        obtm_line(j.obtm_avg, j.obtm_max),
    );
    let times = times(j.seconds_avg, j.seconds_median, j.seconds_max);
    if method == Method::Reduction {
        return vec![
            format!("reduction: {}", positions_line(j)),
            obtm,
            stm,
            format!(
                "{times} (tables {:.1} MB, ready in {:.2} s)",
                j.table_mb.unwrap_or(0.0),
                j.table_load_seconds
            ),
            format!(
                "work per solve: average {:.0}k units (what the budgets count: the solutions do \
                 not depend on the machine's speed)",
                j.work_avg.unwrap_or(0.0) / 1e3
            ),
        ];
    }
    let mut lines = vec![positions_line(j), stm, obtm];
    if let (Some(avg), Some(max)) = (&j.stage_stm_avg, &j.stage_stm_max) {
        for (k, (avg, max)) in avg.iter().zip(max).enumerate() {
            lines.push(format!(
                "  stage {}: average {avg:.2} STM, max {max}",
                k + 1
            ));
        }
    }
    lines.push(format!(
        "{times} (tables loaded in {:.1} s)",
        j.table_load_seconds
    ));
    lines
}

/// The line after `revenge bench --method both`: the reduction's figures beside the five
/// stages' printed last.
pub fn bench_both(reduction: &RevengeBench) -> String {
    format!(
        "(reduction above: {:.2} OBTM / {:.2} STM average, {:.3} s per solve (median {:.3} s))",
        reduction.obtm_avg, reduction.stm_avg, reduction.seconds_avg, reduction.seconds_median
    )
}

/// `revenge verify`: a line per solution (unless `summary`), then the averages and maxima.
pub fn verified(j: &VerifyJson, summary: bool) -> Vec<String> {
    let mut lines = Vec::new();
    if !summary {
        for p in &j.lines {
            let t = p
                .seconds
                .map_or(String::new(), |s| format!(", {:.1} ms", s * 1000.0));
            lines.push(format!(
                "line {}: {} OBTM, {} STM{t}",
                p.line, p.obtm, p.stm
            ));
        }
    }
    lines.extend([
        format!(
            "{} solutions checked (each applied to its position: solved, in some orientation)",
            j.solutions
        ),
        obtm_line(j.obtm_avg, j.obtm_max),
        stm_line(j.stm_avg, j.stm_max),
    ]);
    if let (Some(avg), Some(med), Some(max)) = (j.seconds_avg, j.seconds_median, j.seconds_max) {
        lines.push(times(avg, med, max));
    }
    lines
}
