//! One module per command (family).

pub mod convert;
pub mod count;
pub mod pack;
pub mod render;
pub mod revenge;
pub mod shell;
pub mod snake;
pub mod solve;
