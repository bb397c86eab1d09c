//! Tasks to shards.

use std::ops::Range;

/// Cuts `costs` (the estimated sizes of tasks in search order) into `shards` contiguous runs of
/// about equal total cost: run `j` ends where the running total first reaches `(j+1)/shards` of
/// the whole. Every run has at least one task (so `costs.len() >= shards` is required), and
/// keeping runs contiguous keeps the merged output in search order.
pub fn assign_contiguous(costs: &[f64], shards: usize) -> Vec<Range<usize>> {
    assert!(
        shards >= 1 && costs.len() >= shards,
        "need at least one task per shard"
    );
    let total: f64 = costs.iter().sum();
    let mut out = Vec::with_capacity(shards);
    let mut start = 0;
    let mut acc = 0.0;
    for j in 0..shards {
        let left = shards - j - 1;
        let goal = total * (j + 1) as f64 / shards as f64;
        let mut end = start + 1;
        acc += costs[start];
        // Take more while below the goal, leaving one task for each later shard.
        while end < costs.len() - left && acc + costs[end] / 2.0 < goal {
            acc += costs[end];
            end += 1;
        }
        if j + 1 == shards {
            end = costs.len();
        }
        out.push(start..end);
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_partition_and_balance() {
        let costs: Vec<f64> = (0..100).map(|i| 1.0 + (i % 7) as f64).collect();
        for shards in [1, 2, 7, 50, 100] {
            let runs = assign_contiguous(&costs, shards);
            assert_eq!(runs.len(), shards);
            assert_eq!(runs[0].start, 0);
            assert_eq!(runs.last().unwrap().end, costs.len());
            for w in runs.windows(2) {
                assert_eq!(w[0].end, w[1].start);
            }
            assert!(runs.iter().all(|r| !r.is_empty()));
            let sums: Vec<f64> = runs.iter().map(|r| costs[r.clone()].iter().sum()).collect();
            let mean = costs.iter().sum::<f64>() / shards as f64;
            let max = sums.iter().cloned().fold(0.0, f64::max);
            assert!(max <= mean + 7.0, "{shards}: max {max} mean {mean}");
        }
        // A huge task first still leaves one task for every other shard.
        let mut skew = vec![1000.0];
        skew.extend([1.0; 9]);
        let runs = assign_contiguous(&skew, 10);
        assert!(runs.iter().all(|r| r.len() == 1));
    }
}
