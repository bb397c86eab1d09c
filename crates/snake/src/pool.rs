//! Running parallel work on exactly the number of threads the caller asked for.

/// Runs `f` (which uses rayon's parallel iterators) on a pool of `threads` threads, so that
/// `--threads` means what it says instead of rayon's global default. If the pool cannot be
/// started, `f` runs on the global pool: same results, other thread count.
pub(crate) fn install<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
    {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}
