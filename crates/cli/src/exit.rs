//! Exit codes, and how an error becomes a message and a code.
//!
//! | code | meaning |
//! |---|---|
//! | 0 | success (also a count of 0, and a reader that closed the pipe early) |
//! | 1 | error (bad input, unwritable output, full disk, refused checkpoint) |
//! | 2 | usage (unknown flag, invalid flag value) |
//! | 3 | `solve` or `snake solve` proved that no solution exists |
//! | 130 | interrupted (Ctrl-C, SIGTERM): results so far printed, checkpoint saved |

use std::io;
use std::process::ExitCode;

/// The exit codes, also printed by `wurfel --help`.
pub(crate) const HELP: &str =
    "Exit codes: 0 success (a count of 0 too; a closed output pipe ends quietly \
with 0), 1 error, 2 usage error, 3 `solve` (or `snake solve`) found that no solution exists, 130 interrupted \
(Ctrl-C or SIGTERM: what was found so far is printed, a --checkpoint is saved).";

/// Wrong use of the command line found after parsing (clap reports the rest with code 2).
#[derive(Debug)]
pub(crate) struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// Ends a command with a non-zero code whose reason was already reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// `solve`, `snake solve`: the search was exhaustive and found nothing.
    NoSolution,
    /// Interrupted by a signal after reporting what was done.
    Interrupted,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stop::NoSolution => "no solution",
            Stop::Interrupted => "interrupted",
        })
    }
}

impl std::error::Error for Stop {}

/// The message (if any) and exit code for `err`.
pub(crate) fn report(err: &anyhow::Error) -> ExitCode {
    if let Some(stop) = err.downcast_ref::<Stop>() {
        return ExitCode::from(match stop {
            Stop::NoSolution => 3,
            Stop::Interrupted => 130,
        });
    }
    // A reader that stops reading (`wurfel list | head`) is not an error, as for Unix tools.
    let broken_pipe = err.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    });
    if broken_pipe {
        return ExitCode::SUCCESS;
    }
    let kind = err
        .chain()
        .find_map(|c| c.downcast_ref::<wurfel_app::AppError>())
        .map(|e| e.kind);
    if kind == Some(wurfel_app::Kind::Cancelled) {
        crate::note!("{err:#}");
        return ExitCode::from(130);
    }
    // A write past `ulimit -f` (SIGXFSZ is ignored: see `progress`) fails with EFBIG.
    let too_large = err.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::FileTooLarge)
    });
    if too_large {
        crate::note!("error: {err:#}\n(the file size limit was reached: see `ulimit -f`)");
    } else {
        crate::note!("error: {err:#}");
    }
    if err.downcast_ref::<Usage>().is_some() || kind == Some(wurfel_app::Kind::Usage) {
        ExitCode::from(2)
    } else {
        ExitCode::FAILURE
    }
}

/// `println!` that returns the error (to the enclosing `anyhow::Result` function) instead of
/// panicking when standard output is closed or full; control characters are escaped
/// ([`crate::terminal`]: names from a puzzle file cannot restyle the terminal).
#[macro_export]
macro_rules! outln {
    () => { $crate::outln!("") };
    ($($arg:tt)*) => {
        ::anyhow::Context::context(
            ::std::io::Write::write_fmt(
                &mut $crate::terminal::stdout(),
                format_args!("{}\n", format_args!($($arg)*)),
            ),
            "cannot write to standard output",
        )?
    };
}

/// `eprintln!` for status messages: a closed standard error is no reason to fail or panic.
/// Control characters are escaped ([`crate::terminal`]): errors may quote the input.
#[macro_export]
macro_rules! note {
    ($($arg:tt)*) => {{
        let _ = ::std::io::Write::write_fmt(
            &mut $crate::terminal::stderr(),
            format_args!("{}\n", format_args!($($arg)*)),
        );
    }};
}
