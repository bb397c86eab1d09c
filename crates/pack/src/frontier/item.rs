//! What the counter puts down at once (its own module: the cross-section's symmetries and the
//! problem both need it, and neither needs the other for it).

/// Something the counter puts down at once: one placement, or one orbit of placements.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Item {
    /// Box cells, sorted.
    pub cells: Vec<u32>,
    /// The kind of each member placement (sorted).
    pub kinds: Vec<u32>,
}
