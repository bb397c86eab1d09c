//! The `wurfel` command line: a thin layer over the library crates.
//!
//! Layers, as in ripgrep: `args` (flags shared by subcommands, one meaning each), `hiargs`
//! (those flags turned once into the library's options: the loaded puzzle, threads, budgets), `commands/`
//! (one module per command, each parse → validate outputs → search → report), `report` (every
//! JSON shape as a type, from the `wurfel-present` crate), `output` (the one atomic file writer),
//! `inputs` (what a command reads, which no output may replace), `progress` (bars, spinners,
//! signals), `terminal` (standard output and error, control characters escaped), `exit` (exit
//! codes), `memory` (the `--max-memory` budget). This file only parses
//! and turns errors into exit codes.

mod args;
mod commands;
mod exit;
mod hiargs;
mod inputs;
mod memory;
mod output;
mod present;
mod progress;
mod terminal;

// Every JSON shape lives in the presentation layer, shared with `wurfel serve`.
use wurfel_present::report;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// Solve cube puzzles fast and exactly: packings, snake cubes and the 4x4x4 cube.
#[derive(Parser, Debug)]
// The doc comment is the `about` (the man page's NAME line: "wurfel - Solve cube ...").
#[command(name = "wurfel", version, long_about = None, after_help = exit::HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[arg(long, global = true, value_name = "SIZE", value_parser = memory::parse_size,
          help = memory::HELP, long_help = memory::LONG_HELP)]
    max_memory: Option<u64>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the built-in packing puzzles with their published counts.
    List(commands::pack::ListArgs),
    /// Solve a packing puzzle (built-in name or puzzle file): first solution, or more.
    #[command(after_help = exit::HELP)]
    Solve(commands::solve::SolveArgs),
    /// Count all solutions of a packing puzzle under every convention.
    #[command(after_help = exit::HELP)]
    Count(commands::count::CountArgs),
    /// Estimate the size of a count before running it (nodes, solutions, CPU time).
    Estimate(commands::estimate::EstimateArgs),
    /// Cut a count into shards for a cluster (Slurm, GNU parallel, Kubernetes); merge exactly.
    Shard(commands::shard::ShardArgs),
    /// Show the pieces of a packing puzzle.
    Pieces(commands::pack::PiecesArgs),
    /// Convert a packing puzzle between TOML and BurrTools .xmpuzzle (by the output's extension).
    Convert(commands::convert::ConvertArgs),
    /// Snake cubes (chain puzzles): solve, count, survey.
    Snake(commands::snake::SnakeArgs),
    /// The 4x4x4 cube: solve (five stages or reduction), analyse stages, build tables.
    Revenge(commands::revenge::RevengeArgs),
    /// Serve the web app on this machine: design, solve, count and watch in a browser.
    Serve(commands::serve::ServeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(commands::shell::CompletionsArgs),
    /// Print a man page (roff): `wurfel man > wurfel.1`, `wurfel man solve`, or all with `--dir DIR`.
    Man(commands::shell::ManArgs),
}

fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::List(a) => commands::pack::list(a),
        Command::Solve(a) => commands::solve::solve(a),
        Command::Count(a) => commands::count::count(a),
        Command::Estimate(a) => commands::estimate::estimate(a),
        Command::Shard(a) => commands::shard::run(a),
        Command::Pieces(a) => commands::pack::pieces(a),
        Command::Convert(a) => commands::convert::run(a),
        Command::Snake(a) => commands::snake::run(a),
        Command::Revenge(a) => commands::revenge::run(a),
        Command::Serve(a) => commands::serve::run(a),
        Command::Completions(a) => commands::shell::completions(a, Cli::command()),
        Command::Man(a) => commands::shell::man(a, Cli::command()),
    }?;
    // Standard output is line-buffered; an error in its last write must not go unnoticed.
    std::io::Write::flush(&mut std::io::stdout())
        .map_err(|e| anyhow::Error::new(e).context("cannot write to standard output"))
}

fn main() -> ExitCode {
    progress::install_signal_handler();
    let cli = Cli::parse();
    memory::set_limit(cli.max_memory);
    // The command runs on a thread with the stack an operation needs (`JOB_STACK`), not on
    // the main thread's 8 MiB: a line of 1,500 unit cubes must be an answer, not an abort.
    let command = cli.command;
    let worker = std::thread::Builder::new()
        .name("wurfel".into())
        .stack_size(wurfel_app::JOB_STACK)
        .spawn(move || run(command));
    let result = match worker {
        Ok(handle) => handle
            .join()
            .unwrap_or_else(|_| Err(anyhow::anyhow!("internal error: the command panicked"))),
        Err(e) => Err(anyhow::Error::new(e).context("cannot start the command's thread")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => exit::report(&e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shell words of an example line (double quotes group, as a shell reads them here).
    fn words(line: &str) -> Vec<String> {
        let mut out = vec![String::new()];
        let mut quoted = false;
        for c in line.chars() {
            match c {
                '"' => quoted = !quoted,
                ' ' if !quoted => out.push(String::new()),
                c => out.last_mut().unwrap().push(c),
            }
        }
        out
    }

    #[test]
    fn every_man_page_example_parses() {
        for (page, examples) in commands::shell::EXAMPLES {
            for (line, _) in *examples {
                let w = words(line);
                assert_eq!(w[0], "wurfel", "{line}");
                let sub = page.strip_prefix("wurfel-").map(|p| p.replace('-', " "));
                let shown = w[1..].join(" ");
                assert!(sub.is_none_or(|s| shown.starts_with(&s)), "{page}: {line}");
                if let Err(e) = Cli::try_parse_from(&w) {
                    panic!("{page}: `{line}` does not parse: {e}");
                }
            }
        }
    }
}
