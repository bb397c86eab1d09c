//! The random numbers of the crate's tests.

/// A tiny deterministic generator (the engine crate has no dependencies), for every test
/// module of the crate.
pub(crate) struct Lcg(pub u64);
impl Lcg {
    /// The next whole 64-bit state.
    pub(crate) fn word(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0
    }
    /// The next 31 high bits (the better half of the generator).
    pub(crate) fn next(&mut self) -> u64 {
        self.word() >> 33
    }
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
