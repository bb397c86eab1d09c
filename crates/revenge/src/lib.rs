//! The 4x4x4 cube (Rubik's Revenge) and Norskog's five-stage solver.
//!
//! - [`cube`]: the cubie-level state (8 corners, 24 wings, 24 centres of indistinguishable
//!   colours), the 36 single-slice turns, whole-cube rotations, the 96-facelet form.
//! - [`notation`]: WCA/SiGN and Norskog's single-slice notation, STM and OBTM.

pub mod cube;
pub mod notation;

pub use cube::{Cube, FaceletError, Move, Rotation};
pub use notation::{Notation, NotationError, Step};
