//! The averages benches and checks report over a set of solutions.

/// The mean (0 for none).
pub fn mean(v: impl ExactSizeIterator<Item = f64>) -> f64 {
    let n = v.len().max(1) as f64;
    v.sum::<f64>() / n
}

/// The median (the mean of the two middle values for an even count; 0 for none).
pub fn median(v: &[f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let k = s.len() / 2;
    if s.len() % 2 == 1 {
        s[k]
    } else {
        (s[k - 1] + s[k]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[]), 0.0);
        assert_eq!(mean([1.0, 2.0].into_iter()), 1.5);
    }
}
