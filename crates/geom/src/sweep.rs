//! Whether a cell sliding in a straight line passes through another cell, decided exactly.
//!
//! A cell moving by `t·v` for `t` in `(0, 1]` (one step of a slide; `t = 0` is where it stands)
//! *sweeps* another cell when their interiors meet for some such `t`: touching along a face,
//! edge or corner is allowed, as pieces of a puzzle slide along each other.
//!
//! - Polyhedra ([`polyhedron_sweeps`]): two convex polyhedra have disjoint interiors iff a
//!   plane separates them (weakly), and such a plane can be taken parallel to a face of one of
//!   them or to an edge of each (the faces of their Minkowski difference): the separating axis
//!   test. Along each candidate axis `n` the projections overlap for the `t` of an open
//!   interval (the moving one's projection shifts by `t·(n·v)`), so the interiors meet for the
//!   `t` where every axis' interval holds: an open interval, intersected with `(0, 1]`, with
//!   rational ends compared exactly in integers. Separation is an affine notion, so the test
//!   holds in any integer coordinates that are an affine image of space (the prism grid's).
//! - Balls ([`ball_sweeps`]): the distance between the centres along the segment, squared, is
//!   a quadratic in `t` whose minimum over `(0, 1]` is compared exactly with the squared
//!   diameter.

use crate::solid::Polyhedron;

type V = [i64; 3];

fn sub(a: V, b: V) -> V {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: V, b: V) -> i64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The polyhedron's face normals (not normalized) and edge directions.
fn normals_and_edges(p: &Polyhedron) -> (Vec<V>, Vec<V>) {
    let mut normals = Vec::new();
    let mut edges: Vec<V> = Vec::new();
    for f in &p.faces {
        let at = |i: usize| p.vertices[f[i % f.len()]];
        normals.push(cross(sub(at(1), at(0)), sub(at(2), at(0))));
        for i in 0..f.len() {
            let e = sub(at(i + 1), at(i));
            if !edges.iter().any(|&g| cross(g, e) == [0; 3]) {
                edges.push(e);
            }
        }
    }
    (normals, edges)
}

/// The smallest and largest projection of the vertices on `n`.
fn project(p: &Polyhedron, n: V) -> (i64, i64) {
    let mut lo = i64::MAX;
    let mut hi = i64::MIN;
    for &v in &p.vertices {
        let x = dot(v, n);
        lo = lo.min(x);
        hi = hi.max(x);
    }
    (lo, hi)
}

/// A fraction `num / den` with `den > 0`.
#[derive(Clone, Copy)]
struct Ratio(i64, i64);

impl Ratio {
    fn new(num: i64, den: i64) -> Ratio {
        if den < 0 {
            Ratio(-num, -den)
        } else {
            Ratio(num, den)
        }
    }

    fn lt(self, o: Ratio) -> bool {
        i128::from(self.0) * i128::from(o.1) < i128::from(o.0) * i128::from(self.1)
    }
}

/// Whether `p`, moved by `t·v` for some `t` in `(0, 1]`, overlaps the interior of `q` (both
/// convex, faces as [`Polyhedron`] says).
pub fn polyhedron_sweeps(p: &Polyhedron, v: V, q: &Polyhedron) -> bool {
    Moving::new(p, v).sweeps(q)
}

/// A convex polyhedron moving by `t·v`, its face normals and edges found once for the many
/// polyhedra it is tested against.
pub struct Moving<'a> {
    p: &'a Polyhedron,
    v: V,
    normals: Vec<V>,
    edges: Vec<V>,
}

impl<'a> Moving<'a> {
    /// `p` moving by `t·v`.
    pub fn new(p: &'a Polyhedron, v: V) -> Moving<'a> {
        let (normals, edges) = normals_and_edges(p);
        Moving {
            p,
            v,
            normals,
            edges,
        }
    }

    /// Whether it overlaps the interior of `q` for some `t` in `(0, 1]`.
    pub fn sweeps(&self, q: &Polyhedron) -> bool {
        let (p, v) = (self.p, self.v);
        let (nq, eq) = normals_and_edges(q);
        let crossed = self
            .edges
            .iter()
            .flat_map(|&a| eq.iter().map(move |&b| cross(a, b)));
        // The interiors meet for t in (lo, hi) of every axis; t > 0 and t <= 1 besides.
        let mut lo = Ratio(0, 1);
        let mut hi: Option<Ratio> = None;
        for n in self.normals.iter().copied().chain(nq).chain(crossed) {
            if n == [0; 3] {
                continue;
            }
            let (pmin, pmax) = project(p, n);
            let (qmin, qmax) = project(q, n);
            let k = dot(n, v);
            // Overlap at t: qmin - pmax < t·k < qmax - pmin.
            if k == 0 {
                if qmin >= pmax || qmax <= pmin {
                    return false;
                }
                continue;
            }
            let (a, b) = (Ratio::new(qmin - pmax, k), Ratio::new(qmax - pmin, k));
            let (low, high) = if k > 0 { (a, b) } else { (b, a) };
            if lo.lt(low) {
                lo = low;
            }
            if hi.is_none_or(|h| high.lt(h)) {
                hi = Some(high);
            }
        }
        lo.lt(Ratio(1, 1)) && hi.is_none_or(|h| lo.lt(h))
    }
}

/// Whether a ball of squared diameter `diameter2` centred at the origin, moved by `t·v` for
/// some `t` in `(0, 1]`, overlaps the interior of the equal ball centred at `d`.
pub fn ball_sweeps(v: V, d: V, diameter2: i64) -> bool {
    // |d - t·v|² = |d|² - 2t(d·v) + t²|v|², smallest at t* = (d·v) / |v|².
    let (dv, vv, dd) = (dot(d, v), dot(v, v), dot(d, d));
    if vv == 0 {
        return dd < diameter2;
    }
    if dv <= 0 {
        // Growing on (0, 1]: below the bound somewhere iff just after t = 0.
        dd < diameter2
    } else if dv >= vv {
        dot(sub(d, v), sub(d, v)) < diameter2
    } else {
        // |d|² - (d·v)² / |v|² < diameter², times |v|².
        i128::from(dd) * i128::from(vv) - i128::from(dv) * i128::from(dv)
            < i128::from(diameter2) * i128::from(vv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solid::{cube, tetra_octa};

    #[test]
    fn a_cube_sweeps_the_cube_ahead_only() {
        let c = cube([0; 3]);
        assert!(polyhedron_sweeps(&c, [1, 0, 0], &cube([1, 0, 0])));
        assert!(!polyhedron_sweeps(&c, [1, 0, 0], &cube([1, 1, 0])));
        assert!(!polyhedron_sweeps(&c, [1, 0, 0], &cube([2, 0, 0])));
        assert!(!polyhedron_sweeps(&c, [1, 0, 0], &cube([-1, 0, 0])));
        // Diagonally it clips the two cubes it passes between.
        assert!(polyhedron_sweeps(&c, [1, 1, 0], &cube([1, 0, 0])));
        assert!(!polyhedron_sweeps(&c, [1, 1, 0], &cube([1, 0, 1])));
        assert!(polyhedron_sweeps(&c, [2, 0, 0], &cube([2, 0, 0])));
    }

    #[test]
    fn balls_touching_do_not_sweep() {
        // Sliding along a neighbour that it touches all the way.
        assert!(!ball_sweeps([1, 1, 0], [1, -1, 0], 2));
        // Between the four balls around the gap it must pass.
        assert!(ball_sweeps([1, 1, 0], [1, 0, 1], 2));
        assert!(ball_sweeps([1, 1, 0], [1, 1, 0], 2));
        assert!(!ball_sweeps([1, 1, 0], [2, 0, 0], 2));
        assert!(!ball_sweeps([1, 1, 0], [-1, -1, 0], 2));
    }

    #[test]
    fn a_tetrahedron_sweeps_itself_only_when_moving() {
        let t = tetra_octa([1, 1, 1]).unwrap();
        assert!(polyhedron_sweeps(&t, [0, 0, 1], &t));
        assert!(!polyhedron_sweeps(
            &t,
            [0, 0, 0],
            &tetra_octa([2, 2, 2]).unwrap()
        ));
    }
}
