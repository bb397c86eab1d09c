//! `wurfel revenge ...` — the 4x4x4 cube: Norskog's five-stage solver, the reduction solver in
//! the outer block turn metric, random-state scrambles, and stage analyses. One module per
//! subcommand; the flags are in `args`, the solvers' set-up (tables) in `setup`.

mod analyse;
mod args;
mod bench;
mod picture;
mod scramble;
mod setup;
mod solve;
mod tables;
mod verify;

use anyhow::Result;
use args::{AnalyseArgs, BenchArgs, NetArgs, PositionsArgs, ScrambleArgs, SolveArgs, TablesArgs};
pub(crate) use setup::table_store;

/// Arguments of `wurfel revenge`.
#[derive(clap::Args, Debug)]
pub(crate) struct RevengeArgs {
    #[command(subcommand)]
    command: Sub,
}

#[derive(clap::Subcommand, Debug)]
enum Sub {
    /// Solve a position: by reduction (short in outer block turns), or --method five-stage (Norskog's).
    Solve(SolveArgs),
    /// Solve many random positions and report lengths and times.
    Bench(BenchArgs),
    /// Random-state scrambles: a uniformly random position, then the inverse of a solution.
    Scramble(ScrambleArgs),
    /// Print the positions `revenge bench` solves, as facelets (to run another solver on them).
    ///
    /// The same --random and --seed as `revenge bench`; one line of 96 facelets per position,
    /// faces U R F D L B.
    Positions(PositionsArgs),
    /// Check another solver's solutions by applying them; print their OBTM and STM lengths.
    ///
    /// Reads lines FACELETS<TAB>SOLUTION[<TAB>MILLISECONDS] and prints each solution's length
    /// in OBTM and STM (counted as for wurfel's own solutions), then averages, maxima and times.
    /// Exits with code 1, printing no averages, if any solution is wrong or unreadable.
    Verify(verify::VerifyArgs),
    /// Build (or load and check) every distance table; print sizes and times.
    Tables(TablesArgs),
    /// Positions per distance of a stage, as in Norskog's five-stage analysis.
    Analyse(AnalyseArgs),
    /// Draw the unfolded net with every sticker numbered in the order --facelets reads them.
    Net(NetArgs),
}

/// Runs `wurfel revenge`.
pub(crate) fn run(args: RevengeArgs) -> Result<()> {
    match args.command {
        Sub::Solve(a) => solve::solve(a),
        Sub::Bench(a) => bench::bench(a),
        Sub::Scramble(a) => scramble::scramble(a),
        Sub::Positions(a) => bench::positions(&a),
        Sub::Verify(a) => verify::verify(a),
        Sub::Tables(a) => tables::tables(a),
        Sub::Analyse(a) => analyse::analyse_cmd(a),
        Sub::Net(a) => picture::net(a),
    }
}
