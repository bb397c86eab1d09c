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
pub(crate) struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub(crate) shell: Shell,
}

/// Arguments of `wurfel man`.
#[derive(Args, Debug)]
pub(crate) struct ManArgs {
    /// The subcommand whose page to print, e.g. `solve` or `revenge solve` (default: the page of
    /// `wurfel` itself, which lists the others).
    pub(crate) command: Vec<String>,
    /// Write every page (`wurfel.1`, `wurfel-solve.1`, `wurfel-revenge-solve.1`, ...) into this
    /// existing directory instead of printing one, e.g. `--dir /usr/local/share/man/man1`.
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub(crate) dir: Option<PathBuf>,
}

/// Prints the completion script for `args.shell` (e.g. `wurfel completions bash >
/// ~/.local/share/bash-completion/completions/wurfel`).
pub(crate) fn completions(args: CompletionsArgs, mut cmd: clap::Command) -> anyhow::Result<()> {
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
pub(crate) fn man(args: ManArgs, mut cmd: clap::Command) -> anyhow::Result<()> {
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
            OutputPath::check(&path)?.write_all(&render(&man, page)?)?;
            written += 1;
        }
        crate::note!("{written} man pages written to {}", dir.display());
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
    let roff = render(&clap_mangen::Man::new(page.clone()), page)?;
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

/// A page in roff, with its EXAMPLES section (before VERSION, where man pages keep it).
fn render(man: &clap_mangen::Man, cmd: &clap::Command) -> anyhow::Result<Vec<u8>> {
    let mut roff = Vec::new();
    man.render(&mut roff).context("cannot render a man page")?;
    let name = cmd.get_display_name().unwrap_or(cmd.get_name());
    let Some((_, examples)) = EXAMPLES.iter().find(|(page, _)| *page == name) else {
        return Ok(roff);
    };
    let mut section = String::from(".SH EXAMPLES\n");
    for (line, what) in *examples {
        section.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}\n",
            roff_text(line),
            roff_text(what)
        ));
    }
    let text = String::from_utf8(roff).context("a man page is text")?;
    Ok(match text.find("\n.SH VERSION") {
        Some(at) => format!("{}\n{}{}", &text[..at], section, &text[at + 1..]),
        None => text + &section,
    }
    .into_bytes())
}

/// `s` as roff text: backslashes and hyphens escaped, no line starting a request.
fn roff_text(s: &str) -> String {
    let t = s.replace('\\', "\\e").replace('-', "\\-");
    if t.starts_with(['.', '\'']) {
        format!("\\&{t}")
    } else {
        t
    }
}

/// A few command lines per main page, with what they do (every one parses: see the tests).
pub(crate) const EXAMPLES: &[(&str, &[(&str, &str)])] = &[
    (
        "wurfel",
        &[
            (
                "wurfel list",
                "The built-in packing puzzles with their published counts.",
            ),
            (
                "wurfel solve bedlam",
                "The first solution of the Bedlam cube, drawn as layers.",
            ),
            (
                "wurfel count soma",
                "Every solution of the Soma cube, under each convention.",
            ),
            (
                "wurfel snake solve standard",
                "The foldings of the standard snake cube.",
            ),
            (
                "wurfel revenge solve --scramble \"Rw U2 F' L\"",
                "A 4x4x4 position solved by the reduction method.",
            ),
            ("wurfel serve --open", "The web app, opened in the browser."),
        ],
    ),
    (
        "wurfel-solve",
        &[
            ("wurfel solve soma", "The first solution of the Soma cube."),
            (
                "wurfel solve bedlam --all --distinct rotations --json --out bedlam.jsonl",
                "Every solution up to rotation, one JSON line each, written to a file atomically.",
            ),
            (
                "wurfel solve my-puzzle.toml --render solution.html",
                "A puzzle file solved, the solution in the interactive 3D viewer.",
            ),
            (
                "wurfel solve diabolical --disassemble --plan",
                "A solution that comes apart, with the moves that take it apart.",
            ),
        ],
    ),
    (
        "wurfel-count",
        &[
            (
                "wurfel count soma",
                "480 solutions up to rotation, 240 with reflections.",
            ),
            (
                "wurfel count bedlam --threads 2 --checkpoint bedlam.ckpt",
                "A long count on two threads that resumes after Ctrl-C.",
            ),
            ("wurfel count soma --json", "The counts as one JSON object."),
        ],
    ),
    (
        "wurfel-estimate",
        &[
            (
                "wurfel estimate bedlam",
                "How long a count of Bedlam would take, before running it.",
            ),
            (
                "wurfel estimate bedlam --probes 200000 --seed 7",
                "A narrower estimate.",
            ),
        ],
    ),
    (
        "wurfel-pieces",
        &[
            (
                "wurfel pieces soma",
                "The pieces of the Soma cube, drawn as layers.",
            ),
            (
                "wurfel pieces soma --export pieces",
                "Printable meshes of the pieces, one file each.",
            ),
        ],
    ),
    (
        "wurfel-snake-solve",
        &[
            (
                "wurfel snake solve standard",
                "The foldings of the standard 3x3x3 snake cube.",
            ),
            (
                "wurfel snake solve 3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3",
                "A chain as segment lengths.",
            ),
        ],
    ),
    (
        "wurfel-snake-count",
        &[(
            "wurfel snake count king-39",
            "The foldings of a 4x4x4 snake, under each convention.",
        )],
    ),
    (
        "wurfel-revenge-solve",
        &[
            (
                "wurfel revenge solve --random --seed 1",
                "A random position solved by reduction.",
            ),
            (
                "wurfel revenge solve --scramble \"Rw U2 F' L\" --method five-stage",
                "Five stages, with tables built once (2.3 GB).",
            ),
            (
                "wurfel revenge solve --facelets STICKERS --json",
                "96 stickers, faces U R F D L B, and the answer as JSON.",
            ),
        ],
    ),
    (
        "wurfel-serve",
        &[
            (
                "wurfel serve --open",
                "The app at http://127.0.0.1:8023/, opened in the browser.",
            ),
            (
                "wurfel serve --port 0 --jobs 1",
                "Any free port (printed), one job at a time.",
            ),
        ],
    ),
];
