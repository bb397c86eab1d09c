//! The chamfer: convex edges cut at 45°, concave edges left sharp.
//!
//! The bevelled piece is defined as `S = (P ⊖ C(g+b)) ⊕ O(b)`: the polycube eroded by a cube of
//! half-side `g + b`, then grown back by an octahedron of radius `b` (points within L1 distance
//! `b`). Growing by an octahedron keeps faces flat (they end up exactly `g` inside the cubes'
//! faces, as without a bevel), cuts every convex edge by a 45° strip of width `b√2`, turns convex
//! corners into small triangles, and leaves concave edges sharp. `S` lies inside the unbevelled
//! `Q`, so bevelled pieces still fit.
//!
//! The surface of `S` is the surface of `Q` on the refined grid with some vertices moved: a
//! vertex `v` of `Q`'s surface lies at L∞ distance `b` from the eroded solid `Q0`. Of the 26
//! probes `v + b·σ` (`σ ∈ {-1,0,1}³`) those in `Q0` with the fewest non-zero components (`k` of
//! them) tell the direction: `v` moves by `b(1 - 1/k)` along the union `s` of their signs, which
//! puts it at L1 distance `b` from `Q0`. `k = 1` (faces, concave edges) leaves it in place; a
//! convex edge (`k = 2`) moves to the middle of its strip; a convex corner (`k = 3`) to the
//! middle of its triangle; where a convex edge runs into a concave one the two probes of the
//! edge directions give a three-component `s` with `k = 2`, which puts the vertex on the concave
//! crease between the two chamfers. A quad of the grid whose moved corners are not coplanar is
//! split along the diagonal that lies on `S` (its middle at L1 distance `b` from `Q0`).
//!
//! One configuration is approximated, not followed exactly: where a convex edge ends on a flat
//! face (a pillar standing on a floor), `S` cuts a small right triangle (legs `b`) out of the
//! corner of the floor; here the floor keeps its corner and the chamfer tapers to it over the
//! last grid interval. The surface stays closed, inside `Q`, every vertex on `S`
//! (`tests/mesh.rs` checks this, that no triangle crosses another, and Steiner's volume for
//! box-shaped pieces, where `S` is followed exactly).

use super::MeshError;

/// The eroded solid `Q0` as a union of boxes, with the bevel size.
pub(super) struct Core {
    boxes: Vec<([f64; 3], [f64; 3])>,
    b: f64,
}

/// Slack for points that should lie exactly on a box face (cube units).
const EPS: f64 = 1e-9;

impl Core {
    pub fn new(boxes: Vec<([f64; 3], [f64; 3])>, b: f64) -> Core {
        Core { boxes, b }
    }

    fn contains(&self, p: [f64; 3]) -> bool {
        self.boxes
            .iter()
            .any(|(lo, hi)| (0..3).all(|k| p[k] >= lo[k] - EPS && p[k] <= hi[k] + EPS))
    }

    /// L1 distance from `p` to the eroded solid.
    pub fn l1_distance(&self, p: [f64; 3]) -> f64 {
        self.boxes
            .iter()
            .map(|(lo, hi)| {
                (0..3)
                    .map(|k| (lo[k] - p[k]).max(p[k] - hi[k]).max(0.0))
                    .sum::<f64>()
            })
            .fold(f64::INFINITY, f64::min)
    }

    /// Where vertex `v` of the unbevelled surface goes.
    pub fn moved(&self, v: [f64; 3]) -> Result<[f64; 3], MeshError> {
        let probes: Vec<[i8; 3]> = (0..27)
            .map(|code: i32| [code % 3, (code / 3) % 3, code / 9].map(|d| d as i8 - 1))
            .filter(|sigma| {
                sigma.iter().any(|&s| s != 0)
                    && self.contains([0, 1, 2].map(|i| v[i] + self.b * sigma[i] as f64))
            })
            .collect();
        let support = |s: &[i8; 3]| s.iter().filter(|&&x| x != 0).count();
        let Some(k) = probes.iter().map(support).min() else {
            return Err(MeshError::Geometry(
                "the bevel is too large for this piece (a surface point has no core within reach)"
                    .into(),
            ));
        };
        let mut sign = [0i8; 3];
        for sigma in probes.iter().filter(|s| support(s) == k) {
            for i in 0..3 {
                if sigma[i] != 0 {
                    if sign[i] == -sigma[i] {
                        return Err(MeshError::Geometry(
                            "the bevel is too large for this piece (a surface point is near two opposite walls)"
                                .into(),
                        ));
                    }
                    sign[i] = sigma[i];
                }
            }
        }
        let t = self.b * (1.0 - 1.0 / k as f64);
        Ok([0, 1, 2].map(|i| v[i] + t * sign[i] as f64))
    }

    /// For a quad `q` (corners in order), whether to split it along the diagonal 1–3 rather
    /// than 0–2: the diagonal whose middle lies on the bevelled surface.
    pub fn split_13(&self, q: [[f64; 3]; 4]) -> bool {
        let mid = |a: [f64; 3], c: [f64; 3]| [0, 1, 2].map(|k| (a[k] + c[k]) / 2.0);
        let off02 = (self.l1_distance(mid(q[0], q[2])) - self.b).abs();
        let off13 = (self.l1_distance(mid(q[1], q[3])) - self.b).abs();
        off13 + EPS < off02
    }
}
