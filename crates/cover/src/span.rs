//! Where a group's fitting rows lie on the search's stack of lists.

/// The fitting rows of one group at one node: `masks[start..end]` and `rows[start..end]` of
/// the search state's lists (`search.rs`), written by the filtering (`filter/`).
#[derive(Clone, Copy)]
pub(crate) struct Span {
    pub group: u32,
    pub start: u32,
    pub end: u32,
}
