//! What one shard's run leaves behind, and the exact merge of all of them.

use crate::plan::Plan;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use wurfel_files::sha256_hex;

/// The `format` field of every shard result.
pub const RESULT_FORMAT: &str = "wurfel-shard-result";
/// Bumped whenever the meaning of a field changes.
pub const RESULT_VERSION: u32 = 1;

/// A file of solutions a shard kept (one line per solution), identified by its hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolutionsFile {
    /// File name, in the same directory as the result.
    pub file: String,
    /// Lines (solutions) in it.
    pub lines: u64,
    /// SHA-256 of its bytes.
    pub sha256: String,
}

impl SolutionsFile {
    /// Describes `bytes`, to be stored as `file`.
    pub fn of(file: &str, bytes: &[u8]) -> SolutionsFile {
        SolutionsFile {
            file: file.to_string(),
            lines: bytes.iter().filter(|&&b| b == b'\n').count() as u64,
            sha256: sha256_hex(bytes),
        }
    }

    /// Whether `bytes` are the file this describes.
    pub fn matches(&self, bytes: &[u8]) -> bool {
        *self == SolutionsFile::of(&self.file, bytes)
    }
}

/// A shard result file's contents. Field order is the file's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardResult {
    /// Always [`RESULT_FORMAT`].
    pub format: String,
    /// Always [`RESULT_VERSION`].
    pub version: u32,
    /// The checksum of the plan this shard belongs to.
    pub plan: String,
    /// The shard's index in the plan.
    pub index: usize,
    /// The counts, by name (e.g. `raw`, `rotations`, `rotations_reflections`).
    pub counts: BTreeMap<String, u64>,
    /// Search statistics by name (e.g. `nodes`), summed by the merge.
    pub stats: BTreeMap<String, u64>,
    /// Wall-clock milliseconds of the shard's search.
    pub millis: u64,
    /// Worker threads it used.
    pub threads: usize,
    /// Where it ran (for people).
    pub host: String,
    /// The solutions it kept, if the plan asked for them.
    pub solutions: Option<SolutionsFile>,
    /// SHA-256 over every field above.
    pub checksum: String,
}

impl wurfel_files::Sealed for ShardResult {
    const FORMAT: &'static str = RESULT_FORMAT;
    const VERSION: u32 = RESULT_VERSION;
    const WHAT: &'static str = "shard result";
    fn checksum_mut(&mut self) -> &mut String {
        &mut self.checksum
    }
}

impl ShardResult {
    /// A sealed result.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        plan: &Plan,
        index: usize,
        counts: BTreeMap<String, u64>,
        stats: BTreeMap<String, u64>,
        millis: u64,
        threads: usize,
        host: String,
        solutions: Option<SolutionsFile>,
    ) -> ShardResult {
        let mut r = ShardResult {
            format: RESULT_FORMAT.to_string(),
            version: RESULT_VERSION,
            plan: plan.checksum.clone(),
            index,
            counts,
            stats,
            millis,
            threads,
            host,
            solutions,
            checksum: String::new(),
        };
        wurfel_files::seal(&mut r);
        r
    }

    /// The file's text (pretty JSON, newline-terminated).
    pub fn to_text(&self) -> String {
        wurfel_files::sealed::to_pretty(self)
    }

    /// Parses a result file and checks that it is shard `index` of `plan`, intact.
    pub fn parse(text: &str, plan: &Plan, index: usize) -> Result<ShardResult, String> {
        let r: ShardResult = wurfel_files::open(text).map_err(|e| e.to_string())?;
        if r.plan != plan.checksum {
            return Err("it belongs to another plan".into());
        }
        if r.index != index {
            return Err(format!(
                "it is the result of shard {}, not {index}",
                r.index
            ));
        }
        Ok(r)
    }
}

/// The merged results of a whole plan.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Merged {
    /// Counts summed over all shards.
    pub counts: BTreeMap<String, u64>,
    /// Statistics summed over all shards.
    pub stats: BTreeMap<String, u64>,
    /// Wall-clock milliseconds summed over all shards.
    pub millis: u64,
    /// The slowest shard's milliseconds.
    pub max_millis: u64,
    /// The solution files, in shard order (empty unless kept).
    pub solutions: Vec<SolutionsFile>,
}

/// Merges `results` (one per shard, any order) of `plan`: every shard exactly once, every
/// result of this plan and with the same count names, the sums without overflow.
pub fn merge(plan: &Plan, results: &[ShardResult]) -> Result<Merged, String> {
    let n = plan.shards.len();
    let mut by_index: Vec<Option<&ShardResult>> = vec![None; n];
    for r in results {
        if r.plan != plan.checksum {
            return Err(format!(
                "the result of shard {} belongs to another plan",
                r.index
            ));
        }
        let slot = by_index
            .get_mut(r.index)
            .ok_or_else(|| format!("shard {} is not in the plan ({n} shards)", r.index))?;
        if slot.is_some() {
            return Err(format!("shard {} has two results", r.index));
        }
        *slot = Some(r);
    }
    let missing: Vec<usize> = (0..n).filter(|&i| by_index[i].is_none()).collect();
    if !missing.is_empty() {
        return Err(format!(
            "{} of {n} shards have no result: {}",
            missing.len(),
            crate::index_ranges(&missing)
        ));
    }
    let mut m = Merged::default();
    let names: Vec<&String> = by_index[0].expect("checked").counts.keys().collect();
    let overflow = || "a sum does not fit in 64 bits".to_string();
    for r in by_index.into_iter().map(|r| r.expect("checked")) {
        if r.counts.keys().collect::<Vec<_>>() != names {
            return Err(format!(
                "shard {} counts other things than shard 0",
                r.index
            ));
        }
        for (k, v) in &r.counts {
            let e = m.counts.entry(k.clone()).or_insert(0);
            *e = e.checked_add(*v).ok_or_else(overflow)?;
        }
        for (k, v) in &r.stats {
            let e = m.stats.entry(k.clone()).or_insert(0);
            *e = e.checked_add(*v).ok_or_else(overflow)?;
        }
        m.millis = m.millis.saturating_add(r.millis);
        m.max_millis = m.max_millis.max(r.millis);
        m.solutions.extend(r.solutions.clone());
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Job, ShardSpec};

    fn plan() -> Plan {
        let job = Job {
            kind: "count".into(),
            puzzle: "p".into(),
            options: BTreeMap::new(),
        };
        let shard = |t: u32| ShardSpec {
            tasks: vec![vec![t]],
            estimated_nodes: 10,
        };
        Plan::new(
            "1.0",
            job,
            "hash".into(),
            100,
            1,
            vec![shard(0), shard(1), shard(2)],
        )
    }

    fn result(p: &Plan, i: usize, raw: u64) -> ShardResult {
        let counts = BTreeMap::from([("raw".to_string(), raw)]);
        let stats = BTreeMap::from([("nodes".to_string(), 5)]);
        ShardResult::new(
            p,
            i,
            counts,
            stats,
            100 * (i as u64 + 1),
            1,
            "h".into(),
            None,
        )
    }

    #[test]
    fn plans_and_results_refuse_edits() {
        let p = plan();
        assert_eq!(Plan::parse(&p.to_text(), "1.0").unwrap(), p);
        let edited = p
            .to_text()
            .replace("\"estimated_nodes\":10", "\"estimated_nodes\":11");
        assert_eq!(Plan::parse(&edited, "1.0"), Err(crate::PlanError::Checksum));
        assert!(matches!(
            Plan::parse(&p.to_text(), "2.0"),
            Err(crate::PlanError::Version { .. })
        ));
        assert!(Plan::parse("{}", "1.0").is_err());
        let r = result(&p, 1, 7);
        assert_eq!(ShardResult::parse(&r.to_text(), &p, 1).unwrap(), r);
        assert!(ShardResult::parse(&r.to_text(), &p, 2).is_err());
        let edited = r.to_text().replace("\"raw\": 7", "\"raw\": 8");
        assert!(ShardResult::parse(&edited, &p, 1)
            .unwrap_err()
            .contains("checksum"));
        let mut other = plan();
        other.checksum = "x".into();
        assert!(ShardResult::parse(&r.to_text(), &other, 1).is_err());
    }

    #[test]
    fn merge_needs_every_shard_once() {
        let p = plan();
        let rs = vec![result(&p, 2, 1), result(&p, 0, 2), result(&p, 1, 4)];
        let m = merge(&p, &rs).unwrap();
        assert_eq!(m.counts["raw"], 7);
        assert_eq!(m.stats["nodes"], 15);
        assert_eq!((m.millis, m.max_millis), (600, 300));
        assert!(merge(&p, &rs[..2]).unwrap_err().contains("no result: 1"));
        let twice = vec![rs[0].clone(), rs[1].clone(), rs[2].clone(), rs[0].clone()];
        assert!(merge(&p, &twice).unwrap_err().contains("two results"));
        let big = vec![result(&p, 0, u64::MAX), result(&p, 1, 1), result(&p, 2, 0)];
        assert!(merge(&p, &big).unwrap_err().contains("64 bits"));
    }
}
