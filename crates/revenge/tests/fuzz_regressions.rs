//! Inputs found by fuzzing (`fuzz/run.sh`) that once panicked or were misread.

use wurfel_revenge::notation::{parse, Notation};

/// A layer prefix of many digits overflowed (a panic in debug builds; in release it wrapped,
/// and `18446744073709551617R` = 2^64 + 1 would have been read as `R`).
#[test]
fn huge_layer_prefixes_are_errors() {
    for text in [
        "R U' 2222222222222222222222222222222222Lw2 3Rw F2",
        "R 44444444444444444444444444444444",
        "18446744073709551617R",
        "18446744073709551617Rw",
    ] {
        for nt in [Notation::Wca, Notation::Slice] {
            assert!(parse(text, nt).is_err(), "{text}");
        }
    }
    assert!(parse("2R 3Rw", Notation::Wca).is_ok());
}
