//! One module per command family.

pub mod convert;
pub mod pack;
pub mod render;
pub mod revenge;
pub mod shell;
pub mod snake;
