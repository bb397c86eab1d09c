//! 4x4x4 scrambles in both notations, applied to the cube.
use wurfel_revenge::notation::{self, Notation};
fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            for nt in [Notation::Wca, Notation::Slice] {
                if let Ok(steps) = notation::parse(text, nt) {
                    let mut c = wurfel_revenge::Cube::solved();
                    notation::apply_steps(&mut c, &steps);
                }
            }
        }
    });
}
