//! Puzzle files: the TOML parser and, for small targets, preparation for the search.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            if let Ok(puzzle) = wurfel_pack::parse_puzzle(text, "fuzz.toml") {
                if puzzle.target.len() <= 64 {
                    let _ = wurfel_pack::Prepared::new(&puzzle);
                }
            }
        }
    });
}
