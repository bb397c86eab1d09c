//! What the commands print, rendered once for a command and for `shard merge` alike: text
//! here, JSON through `wurfel_present`'s shapes (`crate::report`). Command modules render
//! their own one-off lines; a result that more than one command prints lives here.

pub(crate) mod analysis;
pub(crate) mod count;
pub(crate) mod snake;
