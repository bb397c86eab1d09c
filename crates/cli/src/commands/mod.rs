//! One module per command (family).

pub(crate) mod convert;
pub(crate) mod count;
pub(crate) mod count_frontier;
pub(crate) mod estimate;
pub(crate) mod pack;
pub(crate) mod print;
pub(crate) mod render;
pub(crate) mod revenge;
pub(crate) mod serve;
pub(crate) mod shard;
pub(crate) mod shell;
pub(crate) mod snake;
pub(crate) mod snake_survey;
pub(crate) mod solve;
