//! Numbers as people read them: thousands separators, for every front end's text.

/// `1234567` as `1,234,567`.
pub fn fmt_int(n: u64) -> String {
    fmt_digits(&n.to_string())
}

/// A decimal integer of any size (its digits) with thousands separators.
pub fn fmt_digits(s: &str) -> String {
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn separators() {
        assert_eq!(super::fmt_int(1_234_567), "1,234,567");
        assert_eq!(super::fmt_int(999), "999");
        assert_eq!(super::fmt_digits("1000"), "1,000");
    }
}
