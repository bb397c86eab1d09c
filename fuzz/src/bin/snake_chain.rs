//! Snake chains as typed on the command line (segment lengths or letters).
fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            if let Ok(chain) = wurfel_snake::Chain::parse(text) {
                let _ = chain.letters();
                let _ = wurfel_snake::Problem::auto(chain, None);
            }
        }
    });
}
