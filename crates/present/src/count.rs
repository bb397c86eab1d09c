//! A count's outcome and its JSON (`wurfel count --json`, `shard merge --json`, `POST
//! /api/v1/count`).

use crate::report::{
    CountJson, DisassemblyJson, PublishedJson, SearchCountJson, SearchJson, StatsJson,
};
use wurfel_cover::Stats;
use wurfel_pack::frontier::FrontierReport;
use wurfel_pack::{Convention, Counts, DisassemblyCounts, Prepared};

/// What a count found, however it was run (here, or merged from shards).
pub struct Summary {
    /// The counts.
    pub counts: Counts,
    /// Whether every task was counted.
    pub complete: bool,
    /// Search statistics.
    pub stats: Stats,
    /// Seconds (wall clock here; the sum of the shards' for a merge).
    pub seconds: f64,
    /// Worker threads (per shard for a merge).
    pub threads: usize,
    /// With `--disassemble`: assemblies and those that come apart.
    pub disassembly: Option<DisassemblyCounts>,
}

impl<'a> SearchCountJson<'a> {
    /// The JSON object of a count of `prep`'s puzzle.
    pub fn new(prep: &'a Prepared, s: &Summary) -> Self {
        let c = &s.counts;
        let complete = s.complete;
        let p = &prep.puzzle;
        CountJson {
            puzzle: &p.id,
            name: &p.name,
            raw: c.raw,
            rotations: c.rotations,
            rotations_reflections: c.rotations_reflections,
            complete,
            seconds: s.seconds,
            threads: s.threads,
            target_rotations: prep.symmetry.rotations.len(),
            target_reflections: prep.symmetry.target_reflections,
            mirror_closed: prep.symmetry.mirror_closed,
            published: p
                .published
                .iter()
                .map(|x| PublishedJson::new(x, complete.then_some(c)))
                .collect(),
            method: "search",
            by_method: SearchJson {
                stats: StatsJson::from(&s.stats),
                disassembly: s.disassembly.map(|d| DisassemblyJson {
                    convention: Convention::Rotations.key(),
                    assemblies: d.assemblies,
                    solutions: d.solutions,
                    max_level: d.max_level,
                }),
            },
        }
    }
}

/// A frontier count's three counts, in print order (empty where a convention was not counted).
pub fn frontier_counts(r: &FrontierReport) -> [String; 3] {
    Convention::ALL.map(|c| r.get(c).map_or_else(String::new, |n| n.to_string()))
}
