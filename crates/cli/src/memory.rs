//! The process's memory budget (`--max-memory`), set once at start-up from the flag. What the
//! budget means, its default and its messages are the application layer's
//! (`wurfel_app::budget`): the command line only holds the one value every command shares.

use std::sync::OnceLock;
use wurfel_app::Budget;

pub(crate) use wurfel_app::budget::{parse_size, HELP, LONG_HELP};

static BUDGET: OnceLock<Budget> = OnceLock::new();

/// Sets the budget from `--max-memory` (once, at start-up): the default when not given; `0`
/// is no limit.
pub(crate) fn set_limit(arg: Option<u64>) {
    return_big_blocks();
    let _ = BUDGET.set(Budget::from_flag(arg));
}

/// Makes glibc's allocator give every block of 256 KiB or more back to the system when it is
/// freed. By default the threshold grows with the largest block freed (up to 32 MiB), after
/// which the frontier counter's tables, freed part by part as a step reads them, stay
/// resident in the heap: `--max-memory 200M` peaked at 247 MiB resident (issue 40, item 7).
fn return_big_blocks() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` takes two integers and only sets a tuning parameter of the allocator;
    // it is called once, at start-up, before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
    }
}

/// The process's budget.
pub(crate) fn budget() -> &'static Budget {
    BUDGET.get_or_init(|| Budget::from_flag(None))
}
