//! The plan: what to compute and how it is cut into shards.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The `format` field of every plan.
pub const PLAN_FORMAT: &str = "wurfel-shard-plan";
/// Bumped whenever the meaning of a field changes.
pub const PLAN_VERSION: u32 = 1;

/// What the shards compute, for the caller to interpret: a kind (e.g. `count`), the puzzle
/// (a catalog id, or a file name inside the plan directory) and options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    /// The computation, e.g. `count`, `snake-count`.
    pub kind: String,
    /// The puzzle, as the job kind understands it.
    pub puzzle: String,
    /// Options of the job (names and values as the job kind understands them).
    pub options: BTreeMap<String, String>,
}

/// One shard: the tasks it searches, in order, and their estimated nodes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardSpec {
    /// Task prefixes (opaque to this crate).
    pub tasks: Vec<Vec<u32>>,
    /// Estimated search nodes of the shard (for balance and progress; never for counts).
    pub estimated_nodes: u64,
}

/// A plan file's contents. Field order is the file's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// Always [`PLAN_FORMAT`].
    pub format: String,
    /// Always [`PLAN_VERSION`].
    pub version: u32,
    /// The wurfel version that made the plan; shards refuse to run under another, whose
    /// search tree (and so the meaning of the tasks) may differ.
    pub wurfel: String,
    /// What to compute.
    pub job: Job,
    /// Content hash of the compiled problem the tasks belong to.
    pub problem: String,
    /// Random probes taken to balance the shards, and the seed they used.
    pub probes: u64,
    /// See `probes`.
    pub seed: u64,
    /// The shards, by index.
    pub shards: Vec<ShardSpec>,
    /// SHA-256 over every field above; also the plan's identity in shard results.
    pub checksum: String,
}

impl wurfel_files::Sealed for Plan {
    const FORMAT: &'static str = PLAN_FORMAT;
    const VERSION: u32 = PLAN_VERSION;
    const WHAT: &'static str = "shard plan";
    fn checksum_mut(&mut self) -> &mut String {
        &mut self.checksum
    }
}

/// Why a plan was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// Not a plan (not JSON, missing or unknown fields, wrong format or version).
    Malformed(String),
    /// The checksum does not match: edited or damaged.
    Checksum,
    /// Made by another wurfel version.
    Version {
        /// The plan's.
        plan: String,
        /// Ours.
        ours: String,
    },
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::Malformed(why) => write!(f, "{why}"),
            PlanError::Checksum => write!(
                f,
                "its checksum does not match its contents: the plan was edited or damaged"
            ),
            PlanError::Version { plan, ours } => write!(
                f,
                "the plan was made by wurfel {plan}, this is wurfel {ours}: its tasks may mean \
                 something else here (run every shard with wurfel {plan}, or make a new plan)"
            ),
        }
    }
}

impl std::error::Error for PlanError {}

impl Plan {
    /// A sealed plan.
    pub fn new(
        wurfel: &str,
        job: Job,
        problem: String,
        probes: u64,
        seed: u64,
        shards: Vec<ShardSpec>,
    ) -> Plan {
        let mut plan = Plan {
            format: PLAN_FORMAT.to_string(),
            version: PLAN_VERSION,
            wurfel: wurfel.to_string(),
            job,
            problem,
            probes,
            seed,
            shards,
            checksum: String::new(),
        };
        wurfel_files::seal(&mut plan);
        plan
    }

    /// The file's text (one line of JSON: plans of many thousand tasks stay small).
    pub fn to_text(&self) -> String {
        wurfel_files::sealed::to_line(self)
    }

    /// Parses and checks a plan file for wurfel version `ours`.
    pub fn parse(text: &str, ours: &str) -> Result<Plan, PlanError> {
        let plan: Plan = wurfel_files::open(text).map_err(|e| match e {
            wurfel_files::SealError::Checksum { .. } => PlanError::Checksum,
            other => PlanError::Malformed(other.to_string()),
        })?;
        if plan.wurfel != ours {
            return Err(PlanError::Version {
                plan: plan.wurfel,
                ours: ours.to_string(),
            });
        }
        if plan.shards.is_empty() {
            return Err(PlanError::Malformed(
                "not a wurfel shard plan: it has no shards".into(),
            ));
        }
        Ok(plan)
    }

    /// All tasks of all shards, in order.
    pub fn all_tasks(&self) -> Vec<Vec<u32>> {
        self.shards.iter().flat_map(|s| s.tasks.clone()).collect()
    }
}
