//! A count's result as `count` prints it, text or JSON; also what `shard merge` of a packing
//! count prints, and the lines `count --method frontier` shares.

use crate::output::{fmt_digits, fmt_int, wrap, TEXT_WIDTH};
use crate::report::CountJson;
use anyhow::Result;
use std::fmt::Write as _;
use wurfel_pack::{Convention, Prepared};

pub(crate) use wurfel_present::count::Summary;

/// A count's result as `count` prints it.
pub(crate) fn render(prep: &Prepared, s: &Summary, json: bool) -> Result<String> {
    let mut out = String::new();
    if json {
        print_json(&mut out, prep, s)?;
    } else {
        print_text(&mut out, prep, s)?;
    }
    Ok(out)
}

fn print_json(out: &mut String, prep: &Prepared, s: &Summary) -> Result<()> {
    writeln!(out, "{}", serde_json::to_string(&CountJson::new(prep, s))?)?;
    Ok(())
}

fn print_text(out: &mut String, prep: &Prepared, s: &Summary) -> Result<()> {
    let counts = &s.counts;
    let complete = s.complete;
    let (secs, threads) = (s.seconds, s.threads);
    write_header(out, prep)?;
    for c in Convention::ALL {
        let n = counts.get(c);
        write_count(out, prep, c, &n.to_string(), |x| x == n, complete)?;
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
        "{} in {:.2} s with {threads} thread{}",
        if complete {
            "counted"
        } else {
            "INTERRUPTED — partial counts"
        },
        secs,
        if threads == 1 { "" } else { "s" }
    )?;
    Ok(())
}

/// The first line of `count`'s text: the puzzle and its target's symmetry.
pub(crate) fn write_header(out: &mut String, prep: &Prepared) -> Result<()> {
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
    writeln!(out, "{}", wrap(&head, TEXT_WIDTH, 2))?;
    Ok(())
}

/// One count line of `count`'s text: the convention, the count (its decimal digits) and the
/// published figures, each marked by whether it `matches` a complete count.
pub(crate) fn write_count(
    out: &mut String,
    prep: &Prepared,
    c: Convention,
    digits: &str,
    matches: impl Fn(u64) -> bool,
    complete: bool,
) -> Result<()> {
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
    writeln!(out, "{}", wrap(line.trim_end(), TEXT_WIDTH, 42))?;
    Ok(())
}
