//! The process's memory budget (`--max-memory`), set once at start-up from the flag. What the
//! budget means, its default and its messages are the application layer's
//! (`wurfel_app::budget`): the command line only holds the one value every command shares.

use std::sync::OnceLock;
use wurfel_app::Budget;

pub use wurfel_app::budget::{parse_size, HELP, LONG_HELP};

static BUDGET: OnceLock<Budget> = OnceLock::new();

/// Sets the budget from `--max-memory` (once, at start-up): the default when not given; `0`
/// is no limit.
pub fn set_limit(arg: Option<u64>) {
    let _ = BUDGET.set(Budget::from_flag(arg));
}

/// The process's budget.
pub fn budget() -> &'static Budget {
    BUDGET.get_or_init(|| Budget::from_flag(None))
}

/// Refuses `what` when `need` bytes exceed the budget; `detail` says where they go.
pub fn check(what: &str, need: u64, detail: &str) -> anyhow::Result<()> {
    Ok(budget().check(what, need, detail)?)
}
