//! `wurfel revenge tables`: every table built (or loaded and checked), sizes and times.

use super::args::TablesArgs;
use super::setup::{cache_dir, load_reduction, load_solver, table_store};
use crate::outln;
use anyhow::{anyhow, bail, Result};
use std::time::Instant;
use wurfel_revenge::Method;

pub(super) fn tables(a: TablesArgs) -> Result<()> {
    match a.method.one("tables")? {
        Method::FiveStage => {}
        Method::Reduction if a.verify => {
            bail!("--verify is for --method five-stage (the reduction's tables are checked as they load)")
        }
        Method::Reduction => {
            let (_, secs) = load_reduction(&a.common)?;
            outln!("cache directory: {}", cache_dir().display());
            outln!("reduction tables ready in {secs:.1} s");
            return Ok(());
        }
    }
    let (solver, secs) = load_solver(&a.common)?;
    outln!("cache directory: {}", cache_dir().display());
    let mut total = 0usize;
    for s in &solver.stages {
        for i in 0..s.tables() {
            let len = s.table_len(i);
            let bytes = len.div_ceil(2);
            total += bytes;
            outln!(
                "stage {}: {:<40} {:>13} entries  {:>8.1} MB",
                s.number(),
                s.table_name(i),
                len,
                bytes as f64 / 1e6
            );
        }
    }
    outln!(
        "total {:.1} MB of 4-bit tables; ready in {secs:.1} s",
        total as f64 / 1e6
    );
    if a.verify {
        let t = Instant::now();
        solver
            .verify_cache(&table_store())
            .map_err(|e| anyhow!("{e}; delete it to rebuild"))?;
        outln!(
            "every checksum verified in {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
