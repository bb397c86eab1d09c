//! What went wrong, by kind: the command line turns a kind into an exit code, the server into
//! an HTTP status, each in one place (`cli/src/exit.rs`, `serve/src/error.rs`).

/// How an operation failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The request itself is wrong (options that do not go together, a value out of range):
    /// exit code 2, HTTP 400.
    Usage,
    /// The input was refused (a malformed puzzle, a method's limit): exit code 1, HTTP 422.
    Input,
    /// The work would need more memory than the budget allows: exit code 1, HTTP 422.
    Memory,
    /// Stopped on request before any answer: exit code 130, HTTP 409.
    Cancelled,
    /// Reading or writing a file (a checkpoint) failed: exit code 1, HTTP 500.
    Io,
    /// A check of wurfel's own output failed (a bug): exit code 1, HTTP 500.
    Internal,
}

/// An operation's error: its kind and the message a person reads (the same from every front
/// end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppError {
    pub kind: Kind,
    pub message: String,
}

impl AppError {
    pub fn new(kind: Kind, message: impl Into<String>) -> AppError {
        AppError {
            kind,
            message: message.into(),
        }
    }

    pub fn usage(message: impl Into<String>) -> AppError {
        AppError::new(Kind::Usage, message)
    }

    pub fn input(message: impl Into<String>) -> AppError {
        AppError::new(Kind::Input, message)
    }

    pub fn cancelled(message: impl Into<String>) -> AppError {
        AppError::new(Kind::Cancelled, message)
    }

    pub fn io(message: impl Into<String>) -> AppError {
        AppError::new(Kind::Io, message)
    }

    pub fn internal(message: impl Into<String>) -> AppError {
        AppError::new(Kind::Internal, message)
    }

    /// The library error `e` as input refused, with its causes joined by `: ` (as the command
    /// line prints an error chain).
    pub fn from_input(e: &dyn std::error::Error) -> AppError {
        AppError::input(chain(e))
    }
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for AppError {}

/// An error and its causes joined by `: `, each cause once.
pub fn chain(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut cause = err.source();
    while let Some(c) = cause {
        let s = c.to_string();
        if !text.ends_with(&s) {
            text.push_str(": ");
            text.push_str(&s);
        }
        cause = c.source();
    }
    text
}
