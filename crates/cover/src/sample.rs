//! What a random probe needs and yields: its generator ([`Rng`]) and the sums over the probes
//! of one task ([`Sample`]). Shared by the walk (`tree.rs`) and the estimate (`probe.rs`), so
//! neither imports the other's internals.

/// SplitMix64 (Steele, Lea and Flood 2014): a tiny, well-mixed generator. The engine takes no
/// dependencies, and probes need speed and reproducibility, not cryptographic quality.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    /// The generator for one task in one round: depends only on these, never on threads.
    pub(crate) fn new(seed: u64, task: usize, round: u32) -> Rng {
        let mut r = Rng(seed ^ 0x5851_f42d_4c95_7f2d);
        r.0 = r.next() ^ task as u64;
        r.0 = r.next() ^ u64::from(round).rotate_left(32);
        r
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (Lemire's multiply-shift; the bias, below 2^-50 for our n, is far
    /// under the estimator's own noise).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

/// Sums over the probes of one task.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sample {
    /// Probes taken.
    pub probes: u64,
    /// Sum and sum of squares of the node estimates.
    pub nodes: f64,
    /// See `nodes`.
    pub nodes_sq: f64,
    /// Sum and sum of squares of the (weighted) cover estimates.
    pub covers: f64,
    /// See `covers`.
    pub covers_sq: f64,
}

impl Sample {
    pub(crate) fn add(&mut self, nodes: f64, covers: f64) {
        self.probes += 1;
        self.nodes += nodes;
        self.nodes_sq += nodes * nodes;
        self.covers += covers;
        self.covers_sq += covers * covers;
    }
    pub(crate) fn merge(&mut self, o: &Sample) {
        self.probes += o.probes;
        self.nodes += o.nodes;
        self.nodes_sq += o.nodes_sq;
        self.covers += o.covers;
        self.covers_sq += o.covers_sq;
    }
    /// The estimated nodes below the task (its mean).
    pub fn mean_nodes(&self) -> f64 {
        self.nodes / self.probes.max(1) as f64
    }
    pub(crate) fn mean_covers(&self) -> f64 {
        self.covers / self.probes.max(1) as f64
    }
    /// Variance of the mean (sample variance / probes); 0 with fewer than 2 probes.
    pub(crate) fn var_of_mean(sum: f64, sq: f64, n: u64) -> f64 {
        if n < 2 {
            return 0.0;
        }
        let n = n as f64;
        let var = ((sq - sum * sum / n) / (n - 1.0)).max(0.0);
        var / n
    }
    pub(crate) fn sd_nodes(&self) -> f64 {
        (Self::var_of_mean(self.nodes, self.nodes_sq, self.probes) * self.probes as f64).sqrt()
    }
    pub(crate) fn sd_covers(&self) -> f64 {
        (Self::var_of_mean(self.covers, self.covers_sq, self.probes) * self.probes as f64).sqrt()
    }
}
