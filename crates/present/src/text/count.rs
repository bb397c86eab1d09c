//! A count as `count` prints it: by the search ([`search`]) or the frontier counter
//! ([`frontier`]), and `--stats`' lines; also what `shard merge` of a packing count prints.

use super::{plural, wrap, WIDTH};
use crate::count::Summary;
use crate::numbers::{fmt_digits, fmt_int};
use std::fmt::{self, Write as _};
use wurfel_cover::Stats;
use wurfel_pack::frontier::FrontierReport;
use wurfel_pack::{Convention, Prepared};

/// A count by the search.
pub fn search(prep: &Prepared, s: &Summary) -> Result<String, fmt::Error> {
    let mut out = String::new();
    let complete = s.complete;
    header(&mut out, prep)?;
    for c in Convention::ALL {
        let n = s.counts.get(c);
        count_line(&mut out, prep, c, &n.to_string(), |x| x == n, complete)?;
    }
    if let Some(d) = s.disassembly {
        writeln!(
            out,
            "  disassembly (rotations): {} assemblies, {} come apart (solutions){}",
            fmt_int(d.assemblies),
            fmt_int(d.solutions),
            if d.solutions > 0 {
                format!(", highest level {}", d.max_level)
            } else {
                String::new()
            }
        )?;
    }
    writeln!(
        out,
        "{} in {:.2} s with {} thread{}",
        if complete {
            "counted"
        } else {
            "INTERRUPTED — partial counts"
        },
        s.seconds,
        s.threads,
        plural(s.threads)
    )?;
    Ok(out)
}

/// A count by the frontier counter, `r` counted in `seconds` on `threads`.
pub fn frontier(
    prep: &Prepared,
    r: &FrontierReport,
    seconds: f64,
    threads: usize,
) -> Result<String, fmt::Error> {
    let mut out = String::new();
    header(&mut out, prep)?;
    for (c, digits) in Convention::ALL
        .into_iter()
        .zip(crate::count::frontier_counts(r))
    {
        count_line(
            &mut out,
            prep,
            c,
            &digits,
            |x| x.to_string() == digits,
            true,
        )?;
    }
    let raw = &r.runs[0];
    writeln!(
        out,
        "frontier method: {} boundary states at most (≈ {:.1} MiB), {}-cell window, {}; \
         {} runs ({} for the classes, {} of them shared with a symmetric one)",
        fmt_int(r.peak_states() as u64),
        r.peak_bytes() as f64 / f64::from(1u32 << 20),
        raw.window,
        raw.order,
        r.runs.len(),
        r.runs.len() - 1,
        r.runs.iter().filter(|x| x.same_as.is_some()).count()
    )?;
    writeln!(
        out,
        "counted in {seconds:.2} s with {threads} thread{}",
        plural(threads)
    )?;
    Ok(out)
}

/// The first line of a count: the puzzle and its target's symmetry.
fn header(out: &mut String, prep: &Prepared) -> fmt::Result {
    let p = &prep.puzzle;
    let sym = &prep.symmetry;
    let head = format!(
        "{} — {} pieces, {} cells; target symmetry: {} rotations, {} reflections{}",
        p.name,
        p.piece_count(),
        p.target.len(),
        sym.rotations.len(),
        sym.target_reflections,
        if sym.target_reflections == 0 {
            ""
        } else if sym.mirror_closed {
            " (piece set mirror-closed: mirror images are solutions)"
        } else {
            " (piece set not mirror-closed: a mirror image is never a solution)"
        }
    );
    writeln!(out, "{}", wrap(&head, WIDTH, 2))
}

/// One count line: the convention, the count (its decimal digits) and the published figures,
/// each marked by whether it `matches` a complete count.
fn count_line(
    out: &mut String,
    prep: &Prepared,
    c: Convention,
    digits: &str,
    matches: impl Fn(u64) -> bool,
    complete: bool,
) -> fmt::Result {
    let published: Vec<String> = prep
        .puzzle
        .published
        .iter()
        .filter(|x| x.convention == c)
        .map(|x| {
            let mark = if !complete {
                ""
            } else if matches(x.count) {
                " ✓"
            } else {
                " ✗ MISMATCH"
            };
            format!("published {} ({}){mark}", fmt_int(x.count), x.source)
        })
        .collect();
    // A count stopped early is a lower bound, never shown as a plain number.
    let shown = if complete {
        fmt_digits(digits)
    } else {
        format!("at least {}", fmt_digits(digits))
    };
    let line = format!("  {:<22} {:>14}   {}", c.key(), shown, published.join("; "));
    // Citations wrap under the column they start in.
    writeln!(out, "{}", wrap(line.trim_end(), WIDTH, 42))
}

/// `--stats` of a search: placements per piece and the search's statistics, one line each.
pub fn search_stats(prep: &Prepared, stats: &Stats) -> Vec<String> {
    let mut lines = vec!["placements per piece:".to_string()];
    for (k, n) in prep.placements_per_kind().iter().enumerate() {
        let p = &prep.puzzle.pieces[k];
        lines.push(format!(
            "  {} {:<12} x{:<3} {:>3} orientations {:>6} placements{}",
            p.symbol,
            p.name,
            p.count,
            p.shape.orientations().len(),
            n,
            if prep.restricted == Some(k as u32) {
                format!(
                    " (restricted to {} by symmetry)",
                    prep.restricted_placements()
                )
            } else {
                String::new()
            }
        ));
    }
    lines.push(format!(
        "nodes {}, placements tried {}, fitted {}, dead cells {}, pruned regions {}, engine covers {}",
        fmt_int(stats.nodes),
        fmt_int(stats.tried),
        fmt_int(stats.fitted),
        fmt_int(stats.dead_columns),
        fmt_int(stats.region_prunes),
        fmt_int(stats.solutions)
    ));
    lines
}

/// `--stats` of a frontier count: every run's statistics, one line each.
pub fn frontier_stats(r: &FrontierReport) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, x) in r.runs.iter().enumerate() {
        let layers: Vec<String> = x.layer_states.iter().map(|&n| fmt_int(n as u64)).collect();
        lines.push(format!(
            "run {}/{} ({}): {} fixed; {}",
            i + 1,
            r.runs.len(),
            x.symmetry,
            x.fixed,
            match x.same_as {
                Some(j) => format!("the same count as run {}", j + 1),
                None => format!(
                    "{} items, {}-bit states, {} transitions, {} states at most (≈ {:.1} MiB); \
                     states after each layer: {}",
                    fmt_int(x.items as u64),
                    x.state_bits,
                    fmt_int(x.transitions),
                    fmt_int(x.peak_states as u64),
                    x.peak_bytes as f64 / f64::from(1u32 << 20),
                    layers.join(", ")
                ),
            }
        ));
    }
    lines
}

/// The spinner's line for a frontier count's progress (`count` and a frontier shard).
pub fn frontier_progress(p: &wurfel_pack::frontier::FrontierProgress) -> String {
    format!(
        "frontier run {}/{}: cell {}/{}, {} boundary states",
        p.run + 1,
        p.runs,
        p.position,
        p.positions,
        fmt_int(p.states as u64)
    )
}
