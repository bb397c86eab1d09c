//! `wurfel count --method`: the flags that choose how to count, and a count by the frontier
//! counter (dynamic programming over the boundary between the filled and the empty part,
//! `wurfel_pack::frontier`) printed as `count` prints it (text: `wurfel_present::text::count`).

use anyhow::Result;
use wurfel_app::count::{self as app, CountRequest};
use wurfel_pack::frontier::FrontierReport;
use wurfel_pack::Prepared;

/// How `count` counts (`wurfel_app::count::Method`; the default is `auto`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Method {
    /// Backtracking search (resumable, shardable, any puzzle).
    Search,
    /// Dynamic programming over the filled/empty boundary: long boxes and many identical
    /// pieces, counts of any size.
    Frontier,
    /// The frontier method when its estimated work is far below the search's.
    Auto,
}

/// `--method` (the boundary states are held to the global `--max-memory`).
#[derive(clap::Args, Debug, Clone, Copy)]
pub(crate) struct MethodArgs {
    /// How to count: `search` (backtracking), `frontier` (dynamic programming over the
    /// boundary between the filled and the empty part along the longest axis: its work grows
    /// with the number of boundary states, not of solutions) or `auto`, the default (the
    /// frontier method when its estimated work is far below the search's; says which on
    /// standard error; with --disassemble, the search; resuming a --checkpoint, the method
    /// that wrote it).
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    method: Method,
    /// The frontier method a whole layer at a time, keeping boundary states only between
    /// layers, one per orbit under the cross-section's symmetries: far less memory and time
    /// on wide boxes of one kind of piece (T-tetracubes in 4x4x7: 5 times faster), slower on
    /// compact puzzles of many kinds; the same counts. Implies --method frontier under auto.
    #[arg(long)]
    layers: bool,
    /// With --layers: count the table after the middle layer boundary (or after the
    /// checkpoint's boundary, when resuming from a later one) in N slices by a hash of the
    /// state, one after the other: memory holds one slice, the layer into it is stepped N
    /// times.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256), requires = "layers")]
    slices: u16,
}

impl MethodArgs {
    /// The application layer's request.
    pub(crate) fn request(&self, disassemble: bool) -> CountRequest {
        CountRequest {
            method: match self.method {
                Method::Search => app::Method::Search,
                Method::Frontier => app::Method::Frontier,
                Method::Auto => app::Method::Auto,
            },
            layers: self.layers,
            slices: self.slices,
            disassemble,
        }
    }
}

/// What `count --method frontier` prints, for `r` counted in `seconds` on `threads`.
pub(crate) fn render_text(
    prep: &Prepared,
    r: &FrontierReport,
    seconds: f64,
    threads: usize,
) -> Result<String> {
    Ok(wurfel_present::text::count::frontier(
        prep, r, seconds, threads,
    )?)
}

/// What `count --method frontier --json` prints (`auto`: why `--method auto` chose it).
pub(crate) fn render_json(
    prep: &Prepared,
    r: &FrontierReport,
    auto: Option<String>,
    seconds: f64,
    threads: usize,
) -> Result<String> {
    let report = wurfel_app::count::frontier_json(prep, r, auto, seconds, threads);
    Ok(format!("{}\n", serde_json::to_string(&report)?))
}
