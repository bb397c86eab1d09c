//! Norskog's distance tables of the five stages, reproduced and extended:
//!
//! - [`stages`]: every stage's table (stages 1 and 4 by Burnside, stages 2, 3 and 5 as reduced
//!   spaces), the rows the seed prints;
//! - [`reduced`]: a stage's positions up to its symmetries as dense indices;
//! - [`layered`]: the resumable breadth-first analysis over a reduced space, depth by depth.

pub mod layered;
pub mod reduced;
pub mod stages;
