//! The high-level arguments (as ripgrep's `hiargs`): the flags the packing commands share,
//! turned once into what the library takes. `args` says what a flag *is* (its parser, its
//! help); this module says what it *means* for a run: the loaded puzzle, the worker count, the
//! output mode, the memory budget, the engine's search options. The packing commands (`solve`,
//! `count`, `estimate`, `shard plan`, `pieces`, `convert`) take a [`Packing`] or call
//! [`load`]/[`prepare`] here, never converting a flag themselves. Every command with
//! `--threads` (these, the snake and 4x4x4 commands, `shard run`, `serve`) gets its thread
//! count from [`threads`]; that flag, [`Threads`], is defined here rather than in `args`, so
//! that its range, its message and its default are decided in one module.

use crate::args::{Disassemble, Json, MergeEqualShapes, Problem, PuzzleArg};
use crate::note;
use anyhow::Result;
use wurfel_app::Ready;
use wurfel_pack::{Loaded, Puzzle};

/// `--threads N`: the flag of every command with worker threads; [`threads`] turns it into a
/// count. Its range, its error message and its default are decided in this module alone.
#[derive(clap::Args, Debug, Clone, Copy)]
pub(crate) struct Threads {
    /// Worker threads, 1 to 256 (default: all cores). Never changes a result.
    #[arg(long = "threads", value_name = "N", value_parser = threads_parser())]
    n: Option<u16>,
}

/// The most worker threads accepted: far above any machine wurfel targets, low enough that
/// spawning them (each with a 64 MiB stack reservation) cannot fail for lack of address space.
pub(crate) const MAX_THREADS: u16 = 256;

/// The parser of `--threads N`: 1 to [`MAX_THREADS`] (clap's message names the range).
fn threads_parser() -> clap::builder::RangedI64ValueParser<u16> {
    clap::value_parser!(u16).range(1..=i64::from(MAX_THREADS))
}

/// The worker threads of a run: `--threads N` as given, else all cores (at most
/// [`MAX_THREADS`]). The one place a command turns the flag into a count.
pub(crate) fn threads(flag: Threads) -> usize {
    match flag.n {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(usize::from(MAX_THREADS)),
    }
}

/// A packing command's run: the puzzle and the settings every such command shares.
pub(crate) struct Packing {
    /// The puzzle, loaded (`--problem`, `--merge-equal-shapes` applied; notes said).
    pub(crate) puzzle: Puzzle,
    /// Worker threads (`--threads`, default all cores).
    pub(crate) threads: usize,
    /// `--json`: machine-readable output.
    pub(crate) json: bool,
    /// `--disassemble` (false where the command has no such flag).
    pub(crate) disassemble: bool,
    /// The counts a BurrTools file stored for the problem, when BurrTools solved it.
    pub(crate) stored: Option<wurfel_pack::burrtools::Stored>,
}

impl Packing {
    /// Loads the puzzle of `PUZZLE [--problem] [--merge-equal-shapes]` and reads the shared
    /// flags.
    pub(crate) fn new(source: &PuzzleArg, threads: Threads, json: Json) -> Result<Packing> {
        Packing::of(&source.puzzle, &source.problem, source.merge, threads)
            .map(|p| p.with_json(json))
    }

    /// The same from a puzzle named apart from its `--problem`/`--merge-equal-shapes` (as
    /// `shard plan`, whose puzzle is optional, names it).
    pub(crate) fn of(
        name: &str,
        problem: &Problem,
        merge: MergeEqualShapes,
        threads_flag: Threads,
    ) -> Result<Packing> {
        let loaded = load(name, problem, merge)?;
        Ok(Packing {
            puzzle: loaded.puzzle,
            threads: threads(threads_flag),
            json: false,
            disassemble: false,
            stored: loaded.stored,
        })
    }

    fn with_json(self, json: Json) -> Packing {
        Packing {
            json: json.json,
            ..self
        }
    }

    /// With `--disassemble`.
    pub(crate) fn with_disassemble(self, d: Disassemble) -> Packing {
        Packing {
            disassemble: d.disassemble,
            ..self
        }
    }

    /// The puzzle prepared for a search by this run's threads ([`prepare`]).
    pub(crate) fn prepare(&self) -> Result<Ready> {
        prepare(&self.puzzle, self.threads)
    }

    /// The application layer's context for this run: its threads, the process's memory
    /// budget, the signal flag (listened to once the command asks for [`cancellation`]),
    /// events to `sink`.
    ///
    /// [`cancellation`]: crate::progress::cancellation
    pub(crate) fn context<'a>(&self, sink: &'a dyn wurfel_app::Sink) -> wurfel_app::Context<'a> {
        context(self.threads, sink)
    }
}

/// A built-in puzzle or a puzzle file (TOML or BurrTools, `problem` choosing among a BurrTools
/// file's problems), with the reader's notes and a warning about equal shapes declared apart,
/// which are distinct pieces unless `merge` makes them copies.
///
/// A catalog id always means the built-in puzzle, even when a file of that name exists in the
/// current directory (scripts that name a built-in puzzle must not change meaning with the
/// directory they run in); a warning says so and how to read the file (`./NAME`). A file
/// read is registered as an input ([`crate::inputs`]): no output may replace it.
pub(crate) fn load(name: &str, problem: &Problem, merge: MergeEqualShapes) -> Result<Loaded> {
    if wurfel_pack::catalog::ids().contains(&name) {
        if std::path::Path::new(name).exists() {
            note!(
                "warning: `{name}` is a built-in puzzle, used here; the file `{name}` in this \
                 directory is not read (name it `./{name}` to read the file)"
            );
        }
    } else {
        crate::inputs::file(std::path::Path::new(name), "the puzzle file");
    }
    let opts = wurfel_pack::LoadOptions {
        problem: problem.problem.clone(),
    };
    let mut loaded = wurfel_pack::load_with(name, &opts)?;
    for n in &loaded.notes {
        note!("note: {n}");
    }
    let (puzzle, warning) = wurfel_pack::merge_or_warn(loaded.puzzle, merge.merge_equal_shapes);
    loaded.puzzle = puzzle;
    if let Some(w) = warning {
        note!("warning: {w}");
    }
    Ok(loaded)
}

/// The application layer's context of a command with `threads` workers reporting to `sink`.
pub(crate) fn context(threads: usize, sink: &dyn wurfel_app::Sink) -> wurfel_app::Context<'_> {
    wurfel_app::Context {
        threads,
        budget: crate::memory::budget(),
        cancel: crate::progress::flag(),
        sink,
    }
}

/// Placements, symmetries and the engine problem of `puzzle`, with a spinner (a large puzzle
/// takes a while; Ctrl-C ends the process at once here, there is nothing to save yet); refused
/// first when it and a search by `threads` workers would exceed `--max-memory`
/// ([`wurfel_app::prepare`]).
pub(crate) fn prepare(puzzle: &Puzzle, threads: usize) -> Result<Ready> {
    let reporter = crate::progress::Reporter::new(true);
    Ok(wurfel_app::prepare(&context(threads, &reporter), puzzle)?)
}
