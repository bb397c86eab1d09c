//! `wurfel revenge solve`: a position read, solved by either method, printed (text, JSON,
//! explained, drawn).

use super::args::SolveArgs;
use super::picture::{chart_format, write_picture};
use super::setup::load;
use crate::outln;
use anyhow::{bail, Result};
use wurfel_app::revenge::{self, Position};
use wurfel_present::text::revenge as text;
use wurfel_revenge::{Cube, Move};

/// The request's position, as the application layer reads it.
fn position(a: &SolveArgs) -> Result<Position> {
    Ok(if let Some(s) = &a.scramble {
        Position::Scramble {
            text: s.clone(),
            slice_notation: a.slice_notation,
        }
    } else if let Some(f) = &a.facelets {
        Position::Facelets {
            stickers: f.clone(),
            up_front: a.up_front.clone(),
        }
    } else if a.random {
        Position::Random { seed: a.seed }
    } else {
        bail!("give a position: --scramble \"...\", --facelets ... or --random --seed N")
    })
}

pub(super) fn solve(a: SolveArgs) -> Result<()> {
    if let Some(p) = &a.render {
        chart_format(p)?;
        // The path too, before tables load and the search runs.
        crate::output::OutputPath::check(p)?;
    }
    let method = a.search.method.one("solve")?;
    let opts = a.search.options()?;
    // The position before the tables: a bad one is refused at once, not after a table build.
    let reporter = crate::progress::Reporter::new(true);
    let ctx = crate::hiargs::context(1, &reporter);
    let cube = revenge::position(&position(&a)?, &ctx)?;
    let solver = load(method, &a.common)?;
    let solved = revenge::solve_cube(cube, &opts, &*solver)?;
    let (cube, sol, json) = (solved.cube, solved.solution, solved.json);
    // The parts' turns in the position's own frame, so every net keeps its orientation.
    let part = method.part();
    draw_solution(
        &a,
        &format!("{method} solution"),
        &cube,
        sol.phases
            .iter()
            .map(|p| (format!("after {part} {}", p.number), p.moves.clone())),
    )?;
    if a.json {
        outln!("{}", serde_json::to_string(&json)?);
        return Ok(());
    }
    let mut lines = text::solution(method, &cube.facelets(), &json);
    if a.explain {
        lines.extend(text::explain(&cube, method, &sol));
    }
    for line in lines {
        outln!("{line}");
    }
    Ok(())
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
