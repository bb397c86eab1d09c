//! The `wurfel` command line: a thin layer over the library crates.
//!
//! Each family of puzzles has its own module under `commands/`; this file only parses the
//! top-level arguments and turns errors into a message and an exit code.

mod commands;
mod output;
mod progress;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// Solve cube puzzles fast and exactly: packings, snake cubes and the 4x4x4 cube.
#[derive(Parser, Debug)]
#[command(name = "wurfel", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the built-in packing puzzles with their published counts.
    List(commands::pack::ListArgs),
    /// Solve a packing puzzle (built-in name or puzzle file): first solution, or more.
    Solve(commands::pack::SolveArgs),
    /// Count all solutions of a packing puzzle under every convention.
    Count(commands::pack::CountArgs),
    /// Show the pieces of a packing puzzle.
    Pieces(commands::pack::PiecesArgs),
    /// Convert a packing puzzle between TOML and BurrTools .xmpuzzle (by the output's extension).
    Convert(commands::convert::ConvertArgs),
    /// Snake cubes (chain puzzles): solve, count, survey.
    Snake(commands::snake::SnakeArgs),
    /// The 4x4x4 cube: solve with Norskog's five stages, analyse stages, build tables.
    Revenge(commands::revenge::RevengeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(commands::shell::CompletionsArgs),
    /// Print the man page (roff), e.g. `wurfel man > wurfel.1`.
    Man(commands::shell::ManArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::List(a) => commands::pack::list(a),
        Command::Solve(a) => commands::pack::solve(a),
        Command::Count(a) => commands::pack::count(a),
        Command::Pieces(a) => commands::pack::pieces(a),
        Command::Convert(a) => commands::convert::run(a),
        Command::Snake(a) => commands::snake::run(a),
        Command::Revenge(a) => commands::revenge::run(a),
        Command::Completions(a) => commands::shell::completions(a, Cli::command()),
        Command::Man(a) => commands::shell::man(a, Cli::command()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
