//! Vectors in space as `[f64; 3]`: the few operations the views, the solids and the meshes
//! share, written once.

/// A point or a vector in space.
pub(crate) type P3 = [f64; 3];

pub(crate) fn add(a: P3, b: P3) -> P3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

pub(crate) fn sub(a: P3, b: P3) -> P3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

pub(crate) fn scale(a: P3, s: f64) -> P3 {
    a.map(|x| x * s)
}

pub(crate) fn dot(a: P3, b: P3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

pub(crate) fn cross(a: P3, b: P3) -> P3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The length of `a`.
pub(crate) fn length(a: P3) -> f64 {
    dot(a, a).sqrt()
}

/// `a` scaled to length 1 (`a` must not be zero).
pub(crate) fn unit(a: P3) -> P3 {
    let l = length(a);
    a.map(|x| x / l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_operations_agree_with_their_definitions() {
        let (a, b) = ([1.0, 2.0, 3.0], [-2.0, 0.5, 4.0]);
        assert_eq!(add(a, b), [-1.0, 2.5, 7.0]);
        assert_eq!(sub(a, b), [3.0, 1.5, -1.0]);
        assert_eq!(scale(a, 2.0), [2.0, 4.0, 6.0]);
        assert_eq!(dot(a, b), 11.0);
        let c = cross(a, b);
        assert_eq!((dot(c, a), dot(c, b)), (0.0, 0.0));
        assert_eq!(cross([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]), [0.0, 0.0, 1.0]);
        assert_eq!(length([3.0, 4.0, 0.0]), 5.0);
        assert_eq!(unit([0.0, 0.0, -2.0]), [0.0, 0.0, -1.0]);
    }
}
