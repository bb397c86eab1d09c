//! `count --checkpoint` files, checked against the Soma cube's fingerprint.
use wurfel_pack::checkpoint::{Checkpoint, Fingerprint};
fn main() {
    let prep = wurfel_pack::Prepared::new(&wurfel_pack::catalog::get("soma").expect("soma"))
        .expect("prepares");
    let fp = Fingerprint::of(&prep).expect("fingerprint");
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            let _ = Checkpoint::parse(text, &prep, &fp);
        }
    });
}
