//! Which shards are done.

use serde::Serialize;

/// What is found for one shard in the plan directory.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum Observed {
    /// A valid result.
    Done,
    /// Started (a marker names where), no result yet: running, or killed.
    Started {
        /// Host and process id of the run.
        by: String,
    },
    /// The run failed (its error), or a result file is there but refused (why).
    Failed {
        /// Why.
        why: String,
    },
    /// Nothing yet.
    Missing,
}

/// The status of every shard of a plan.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Status {
    /// Shards with a valid result.
    pub done: Vec<usize>,
    /// Shards started without a result (running or killed).
    pub started: Vec<usize>,
    /// Shards whose run failed or whose result was refused.
    pub failed: Vec<usize>,
    /// Shards not started.
    pub missing: Vec<usize>,
}

impl Status {
    /// Sorts observations by state.
    pub fn of(observed: &[Observed]) -> Status {
        let mut s = Status::default();
        for (i, o) in observed.iter().enumerate() {
            match o {
                Observed::Done => s.done.push(i),
                Observed::Started { .. } => s.started.push(i),
                Observed::Failed { .. } => s.failed.push(i),
                Observed::Missing => s.missing.push(i),
            }
        }
        s
    }

    /// Every shard without a valid result, in order.
    pub fn not_done(&self) -> Vec<usize> {
        let mut v: Vec<usize> = [&self.started, &self.failed, &self.missing]
            .into_iter()
            .flatten()
            .copied()
            .collect();
        v.sort_unstable();
        v
    }
}

/// Indices as Slurm's `--array` syntax: sorted runs as `a-b`, joined by commas (`0-3,7,9-10`).
pub fn index_ranges(indices: &[usize]) -> String {
    let mut v = indices.to_vec();
    v.sort_unstable();
    v.dedup();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            v[i].to_string()
        } else {
            format!("{}-{}", v[i], v[j])
        });
        i = j + 1;
    }
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(index_ranges(&[]), "");
        assert_eq!(index_ranges(&[5]), "5");
        assert_eq!(index_ranges(&[9, 0, 1, 2, 3, 7, 10]), "0-3,7,9-10");
    }
}
