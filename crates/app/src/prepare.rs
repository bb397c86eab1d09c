//! A puzzle prepared for searching — placements, symmetries, the engine's problem — within the
//! memory budget: the puzzle's estimate is reserved before the preparation starts, and the
//! search's (tables and one stack per worker that will run) before it is handed out.

use crate::budget::{human, Reservation};
use crate::context::{Context, Event};
use crate::error::AppError;
use std::ops::Deref;
use wurfel_cover::SearchOptions;
use wurfel_pack::{Prepared, Puzzle, PuzzleMemory};

/// A prepared puzzle and the memory reserved for it and its search (given back when dropped).
pub struct Ready {
    pub prep: Prepared,
    /// Held for as long as the puzzle is: a server's other jobs see it as taken.
    pub reservation: Reservation,
}

impl Deref for Ready {
    type Target = Prepared;
    fn deref(&self) -> &Prepared {
        &self.prep
    }
}

/// Prepares `puzzle` for a search by `ctx.threads` workers, refused first when it would not fit
/// the budget. A piece that fits nowhere is an answer (no solution), not an error: a warning
/// says so.
pub fn prepare(ctx: &Context<'_>, puzzle: &Puzzle) -> Result<Ready, AppError> {
    let what = format!("`{}`", puzzle.id);
    let m = PuzzleMemory::of(puzzle);
    let detail = format!(
        "up to {} placements: {} to prepare them, {} for the search tables and {} for the \
         search stack",
        m.placements,
        human(m.preparation),
        human(m.search.tables),
        human(m.search.per_worker),
    );
    let mut reservation = ctx.budget.reserve(&what, m.total(1), &detail)?;
    ctx.sink.event(Event::Stage(&format!(
        "preparing {}: placements and symmetries",
        puzzle.id
    )));
    let prep = Prepared::new(puzzle)
        .map_err(|e| AppError::input(format!("cannot solve `{}`: {e}", puzzle.id)));
    ctx.sink.event(Event::Done);
    let prep = prep?;
    reserve_search(ctx, &prep, &mut reservation)?;
    for name in prep.unplaceable() {
        ctx.note(&format!(
            "warning: piece `{name}` fits nowhere in the target in any orientation: a proof, \
             before any search, that `{}` has no solution (count 0; solve exits with 3)",
            puzzle.name
        ));
    }
    Ok(Ready { prep, reservation })
}

/// Reserves a search of `prep` by `ctx.threads` workers. Each worker holds its own stack, but
/// there are no more workers than tasks (a puzzle of unit cubes is one task): the plan is made
/// only when all threads together would not fit.
fn reserve_search(
    ctx: &Context<'_>,
    prep: &Prepared,
    reservation: &mut Reservation,
) -> Result<(), AppError> {
    let m = PuzzleMemory::of(&prep.puzzle);
    let search = prep.problem().search_memory();
    let need = |workers: usize| m.preparation.saturating_add(search.total(workers));
    let what = format!("`{}`", prep.puzzle.id);
    let threads = ctx.threads.max(1);
    let fits = |workers: usize| {
        let others = reservation.bytes();
        (ctx.budget.available() as u64).saturating_add(others) >= need(workers)
    };
    let workers = if fits(threads) {
        threads
    } else {
        let tasks = wurfel_cover::task_plan(prep.problem(), SearchOptions::default().min_tasks)
            .map_err(|e| AppError::from_input(&e))?;
        threads.min(tasks.len()).max(1)
    };
    let detail = format!(
        "{} to prepare it, {} for the search tables and {} for the search stack of each of \
         {workers} worker thread{}; fewer --threads need less",
        human(m.preparation),
        human(search.tables),
        human(search.per_worker),
        if workers == 1 { "" } else { "s" }
    );
    reservation.resize(&what, need(workers), &detail)
}
