//! `wurfel revenge solve`: a position read, solved by either method, printed (text, JSON,
//! explained, drawn).

use super::args::{Method, SolveArgs};
use super::explain;
use super::load::{load_reduction, load_solver};
use super::picture::{chart_format, write_picture};
use crate::outln;
use anyhow::{bail, Context, Result};
use std::time::Instant;
use wurfel_revenge::notation::{self, Notation};
use wurfel_revenge::stickers;
use wurfel_revenge::Method as _;
use wurfel_revenge::{Cube, Move, FACE_CHARS};

fn position(a: &SolveArgs) -> Result<Cube> {
    if let Some(s) = &a.scramble {
        let nt = if a.slice_notation {
            Notation::Slice
        } else {
            Notation::Wca
        };
        let steps = notation::parse(s, nt)?;
        let mut c = Cube::solved();
        notation::apply_steps(&mut c, &steps);
        Ok(c)
    } else if let Some(f) = &a.facelets {
        let up_front = match &a.up_front {
            Some(uf) => Some(uf.split_once(',').with_context(|| {
                format!("--up-front {uf:?}: give two colours separated by a comma, e.g. W,G")
            })?),
            None => None,
        };
        let read = stickers::read(f, up_front.map(|(u, f)| (u.trim(), f.trim())))?;
        if read.frame != stickers::Frame::FaceLetters {
            let faces: Vec<String> = FACE_CHARS
                .iter()
                .zip(&read.scheme)
                .map(|(face, colour)| format!("{face}={colour}"))
                .collect();
            crate::note!(
                "stickers read as {} ({})",
                faces.join(" "),
                read.frame.describe()
            );
        }
        Ok(read.cube)
    } else if a.random {
        Ok(Cube::random(a.seed))
    } else {
        bail!("give a position: --scramble \"...\", --facelets ... or --random --seed N")
    }
}

pub(super) fn solve(a: SolveArgs) -> Result<()> {
    if let Some(p) = &a.render {
        chart_format(p)?;
        // The path too, before tables load and the search runs.
        crate::output::OutputPath::check(p)?;
    }
    match a.search.method {
        Method::FiveStage => {}
        Method::Reduction => return solve_reduction(a),
        Method::Both => bail!("--method both is for bench; solve takes five-stage or reduction"),
    }
    let cube = position(&a)?;
    let opts = a.search.options()?;
    let (solver, _) = load_solver(&a.common)?;
    let t = Instant::now();
    let sol = solver.solve(&cube, &opts)?;
    let secs = t.elapsed().as_secs_f64();
    // The stages' turns in the position's own frame, so every net keeps its orientation.
    draw_solution(
        &a,
        "five-stage solution",
        &cube,
        sol.phases
            .iter()
            .map(|s| (format!("after stage {}", s.number), s.moves.clone())),
    )?;
    if a.json {
        outln!(
            "{}",
            serde_json::to_string(&crate::report::RevengeSolution::new(&sol, secs))?
        );
        return Ok(());
    }
    outln!("position: {}", cube.facelets());
    for s in &sol.phases {
        let rot: Vec<String> = s.rotation.iter().map(|r| r.name()).collect();
        let rot = if rot.is_empty() {
            String::new()
        } else {
            format!("[{}] ", rot.join(" "))
        };
        outln!(
            "stage {}: {rot}{}  ({} STM)",
            s.number,
            or_nothing(notation::to_slice(&s.searched)),
            notation::stm(&s.searched)
        );
    }
    outln!("single-slice: {}", or_nothing(sol.slice_notation()));
    outln!("WCA:          {}", or_nothing(sol.wca()));
    outln!(
        "length: {} STM (slice turns), {} OBTM (outer block turns); checked by applying it; {:.3} s",
        sol.stm(),
        sol.obtm(),
        secs
    );
    if a.explain {
        let parts: Vec<_> = sol
            .phases
            .iter()
            .map(|s| explain::Part {
                moves: s.moves.clone(),
            })
            .collect();
        for line in explain::explain(&cube, "five-stage", &parts) {
            outln!("{line}");
        }
    }
    Ok(())
}

fn solve_reduction(a: SolveArgs) -> Result<()> {
    let cube = position(&a)?;
    let opts = a.search.options()?;
    let (solver, _) = load_reduction(&a.common)?;
    let t = Instant::now();
    let sol = solver.solve(&cube, &opts)?;
    let secs = t.elapsed().as_secs_f64();
    draw_solution(
        &a,
        "reduction solution",
        &cube,
        sol.phases
            .iter()
            .map(|p| (format!("after phase {}", p.number), p.moves.clone())),
    )?;
    if a.json {
        outln!(
            "{}",
            serde_json::to_string(&crate::report::ReductionSolution::new(&sol, secs))?
        );
        return Ok(());
    }
    outln!("position: {}", cube.facelets());
    for p in &sol.phases {
        outln!(
            "phase {} ({}): {}  ({} OBTM)",
            p.number,
            p.goal,
            or_nothing(notation::to_wca(&p.moves)),
            notation::obtm(&p.moves)
        );
    }
    outln!("WCA:          {}", or_nothing(sol.wca()));
    outln!("single-slice: {}", or_nothing(sol.slice_notation()));
    outln!(
        "length: {} OBTM (outer block turns), {} STM (slice turns); checked by applying it; {:.3} s",
        sol.obtm(),
        sol.stm(),
        secs
    );
    if a.explain {
        let parts: Vec<_> = sol
            .phases
            .iter()
            .map(|p| explain::Part {
                moves: p.moves.clone(),
            })
            .collect();
        for line in explain::explain(&cube, "reduction", &parts) {
            outln!("{line}");
        }
    }
    Ok(())
}

/// A stage's or phase's turns as printed: an already solved one says so rather than
/// printing nothing.
fn or_nothing(turns: String) -> String {
    if turns.is_empty() {
        "nothing to do".to_string()
    } else {
        turns
    }
}

/// Draws `--render`, if given: the position, then the cube after each step's turns.
fn draw_solution(
    a: &SolveArgs,
    title: &str,
    cube: &Cube,
    steps: impl Iterator<Item = (String, Vec<Move>)>,
) -> Result<()> {
    let Some(path) = &a.render else {
        return Ok(());
    };
    let mut c = *cube;
    let mut nets = vec![("position".to_string(), c.facelets())];
    for (label, moves) in steps {
        c.apply_all(&moves);
        nets.push((label, c.facelets()));
    }
    // Solved, though perhaps turned as a whole (the solutions end with free rotations).
    if let Some(last) = nets.last_mut().filter(|_| c.is_solved_any_orientation()) {
        last.0 = format!("solved ({})", last.0);
    }
    let strip = wurfel_render::cube_net::NetStrip {
        title: format!("4x4x4 {title}"),
        nets,
        numbered: false,
    };
    write_picture(
        path,
        || wurfel_render::cube_net::net_strip_svg(&strip),
        || wurfel_render::cube_net::net_strip_png(&strip),
    )
}
