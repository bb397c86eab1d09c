//! Shell integration: completion scripts and the man page, both generated from the same clap
//! definitions as the parser, so they cannot drift from the real options.

use anyhow::Context;
use clap::Args;
use clap_complete::Shell;
use std::io::Write;

const STDOUT: &str = "cannot write to standard output";

/// Arguments of `wurfel completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Arguments of `wurfel man`.
#[derive(Args, Debug)]
pub struct ManArgs {}

/// Prints the completion script for `args.shell` (e.g. `wurfel completions bash >
/// ~/.local/share/bash-completion/completions/wurfel`).
pub fn completions(args: CompletionsArgs, mut cmd: clap::Command) -> anyhow::Result<()> {
    let name = cmd.get_name().to_string();
    // Generated into memory: `generate` panics when its writer fails (closed or full stdout).
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, name, &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)
        .and_then(|()| out.flush())
        .context(STDOUT)?;
    Ok(())
}

/// Prints the man page in roff (e.g. `wurfel man > wurfel.1; man ./wurfel.1`).
pub fn man(_: ManArgs, cmd: clap::Command) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    clap_mangen::Man::new(cmd)
        .render(&mut out)
        .and_then(|()| out.flush())
        .context(STDOUT)?;
    Ok(())
}
