//! 4x4x4 positions as 96 facelets.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            if let Ok(cube) = wurfel_revenge::Cube::from_facelets(text) {
                let _ = cube.facelets();
            }
        }
    });
}
