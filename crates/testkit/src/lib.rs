//! Helpers shared by the tests of several wurfel crates; a dev-dependency only, never part of
//! the binary.

pub mod browser;
