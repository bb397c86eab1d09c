//! BurrTools `.xmpuzzle` files: the reader (gzip or plain XML, problem choice by number and by
//! name) and, for small targets, preparation for the search.
fn main() {
    afl::fuzz!(|data: &[u8]| {
        for problem in [None, Some("2"), Some("#1"), Some("=P1")] {
            if let Ok(read) = wurfel_pack::burrtools::read_xmpuzzle(data, "fuzz.xmpuzzle", problem) {
                if read.puzzle.target.len() <= 64 {
                    let _ = wurfel_pack::Prepared::new(&read.puzzle);
                }
            }
        }
    });
}
