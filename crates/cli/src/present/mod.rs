//! What the commands print, rendered once for a command and for `shard merge` alike: text
//! here, JSON through `wurfel_present`'s shapes (`crate::report`). Command modules render
//! their own one-off lines; a result that more than one command prints lives here.

pub mod analysis;
pub mod count;
pub mod snake;
