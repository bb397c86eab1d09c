//! Shell integration: completion scripts and the man pages, both generated from the same clap
//! definitions as the parser, so they cannot drift from the real options.

use crate::output::OutputPath;
use anyhow::{bail, Context};
use clap::Args;
use clap_complete::Shell;
use std::io::Write;
use std::path::PathBuf;

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
pub struct ManArgs {
    /// The subcommand whose page to print, e.g. `solve` or `revenge solve` (default: the page of
    /// `wurfel` itself, which lists the others).
    pub command: Vec<String>,
    /// Write every page (`wurfel.1`, `wurfel-solve.1`, `wurfel-revenge-solve.1`, ...) into this
    /// existing directory instead of printing one, e.g. `--dir /usr/local/share/man/man1`.
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub dir: Option<PathBuf>,
}

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

/// Prints one man page in roff (`wurfel man > wurfel.1`, `wurfel man solve > wurfel-solve.1`),
/// or writes all of them into `--dir`. The top page's SEE ALSO names one page per subcommand,
/// so every page it names can be had.
pub fn man(args: ManArgs, mut cmd: clap::Command) -> anyhow::Result<()> {
    // `build` gives every subcommand its display name (`wurfel-revenge-solve`), which is both the
    // page's title and its file name.
    cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    if let Some(dir) = args.dir {
        if !dir.is_dir() {
            bail!(
                "cannot write the man pages: {} is not a directory",
                dir.display()
            );
        }
        let mut written = 0;
        for page in pages(&cmd) {
            let man = clap_mangen::Man::new(page.clone());
            let path = dir.join(man.get_filename());
            OutputPath::check(&path)?.write_all(&render(&man)?)?;
            written += 1;
        }
        eprintln!("{written} man pages written to {}", dir.display());
        return Ok(());
    }
    let mut page = &cmd;
    for name in &args.command {
        page = page
            .get_subcommands()
            .find(|s| s.get_name() == name && !s.is_hide_set())
            .with_context(|| {
                let known: Vec<&str> = page
                    .get_subcommands()
                    .filter(|s| !s.is_hide_set())
                    .map(|s| s.get_name())
                    .collect();
                format!(
                    "no man page for `{} {name}`: its subcommands are {}",
                    page.get_display_name()
                        .unwrap_or(page.get_name())
                        .replace('-', " "),
                    known.join(", ")
                )
            })?;
    }
    let roff = render(&clap_mangen::Man::new(page.clone()))?;
    let mut out = std::io::stdout().lock();
    out.write_all(&roff)
        .and_then(|()| out.flush())
        .context(STDOUT)?;
    Ok(())
}

/// The command and all its visible subcommands, depth first.
fn pages(cmd: &clap::Command) -> Vec<&clap::Command> {
    let mut all = vec![cmd];
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        all.extend(pages(sub));
    }
    all
}

fn render(man: &clap_mangen::Man) -> anyhow::Result<Vec<u8>> {
    let mut roff = Vec::new();
    man.render(&mut roff).context("cannot render a man page")?;
    Ok(roff)
}
