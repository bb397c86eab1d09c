//! One module per command (family).

pub mod convert;
pub mod count;
pub mod count_frontier;
pub mod estimate;
pub mod pack;
pub mod print;
pub mod render;
pub mod revenge;
pub mod serve;
pub mod shard;
pub mod shell;
pub mod snake;
pub mod snake_survey;
pub mod solve;
