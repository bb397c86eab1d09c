//! The offset polycube as a solid: which small boxes of a refined grid it fills.
//!
//! Work in cube units (a cube is `[k, k+1]` along each axis). The printed piece is the polycube
//! `P` shrunk by `g` (half the gap) on every outer face: `Q = {x : x + [-g, g]^3 ⊂ P}`, the
//! erosion of `P` by a cube. Along each axis `Q`'s faces lie on the planes `k ± g`, so a grid
//! cut at those planes splits space into *cores* (`[k+g, k+1-g]`, inside cube `k`) and *joints*
//! (`[k-g, k+g]`, straddling the plane between cubes `k-1` and `k`). A grid box lies in `Q`
//! exactly when every cube it needs is in `P`: a core needs its cube, a joint needs both cubes
//! beside it; so a box needs a 1×1×1, 2×1×1, 2×2×1 or 2×2×2 block of cubes.
//!
//! That rule is monotone (a joint needs a superset of what the cores beside it need), which is
//! what keeps the surface a 2-manifold: around a grid edge, the box that is a joint in both
//! directions is in `Q` only if both half-joint boxes are, and those only if the core box is, so
//! no two boxes of `Q` meet along an edge alone; the same order argument rules out boxes meeting
//! at a corner alone. Cubes of `P` that touch only along an edge end up `2g` apart.
//!
//! With a bevel `b` every core is cut twice more, `b` inside each of its faces, so that the
//! chamfer (see [`super::bevel`]) finds grid lines where its strips end.

use std::collections::HashSet;

/// One axis of the refined grid: plane positions, and for each interval between consecutive
/// planes the cubes (one or two) a box in that interval needs.
pub(super) struct Axis {
    /// Plane positions, increasing.
    pub planes: Vec<f64>,
    /// For interval `i` (between planes `i` and `i+1`): the cube coordinates it needs.
    pub needs: Vec<Needs>,
}

/// The cubes an interval needs along one axis.
#[derive(Clone, Copy, Debug)]
pub(super) enum Needs {
    /// A core: cube `k`.
    One(i32),
    /// A joint: cubes `k - 1` and `k`.
    Two(i32),
}

impl Needs {
    fn cubes(self) -> &'static [i32] {
        match self {
            Needs::One(_) => &[0],
            Needs::Two(_) => &[-1, 0],
        }
    }

    fn base(self) -> i32 {
        match self {
            Needs::One(k) | Needs::Two(k) => k,
        }
    }
}

impl Axis {
    /// The grid along one axis for cubes `lo..=hi`, with one cube of empty space on each side.
    pub fn new(lo: i32, hi: i32, g: f64, b: f64) -> Axis {
        let mut planes = Vec::new();
        let mut needs = Vec::new();
        for k in lo..=hi + 1 {
            // Joint around plane k, then the core of cube k (cut at k+g+b and k+1-g-b when
            // bevelled).
            if b > 0.0 && k > lo {
                planes.push(k as f64 - g - b);
                needs.push(Needs::One(k - 1));
            }
            planes.push(k as f64 - g);
            needs.push(Needs::Two(k));
            planes.push(k as f64 + g);
            if k == hi + 1 {
                break;
            }
            needs.push(Needs::One(k));
            if b > 0.0 {
                planes.push(k as f64 + g + b);
                needs.push(Needs::One(k));
            }
        }
        debug_assert_eq!(planes.len(), needs.len() + 1);
        Axis { planes, needs }
    }

    /// Number of intervals.
    pub fn len(&self) -> usize {
        self.needs.len()
    }
}

/// The refined grid over a piece's bounding box and which of its boxes are in `Q`.
pub(super) struct Solid {
    pub axes: [Axis; 3],
    inside: Vec<bool>,
}

impl Solid {
    /// The solid `Q` for `cells` (non-empty), shrunk by `g`, its grid cut for bevel `b`.
    pub fn new(cells: &HashSet<[i32; 3]>, g: f64, b: f64) -> Solid {
        let mut lo = [i32::MAX; 3];
        let mut hi = [i32::MIN; 3];
        for c in cells {
            for k in 0..3 {
                lo[k] = lo[k].min(c[k]);
                hi[k] = hi[k].max(c[k]);
            }
        }
        let axes = [0, 1, 2].map(|k| Axis::new(lo[k], hi[k], g, b));
        let [nx, ny, nz] = [0, 1, 2].map(|k| axes[k].len());
        let mut inside = vec![false; nx * ny * nz];
        for z in 0..nz {
            for y in 0..ny {
                for x in 0..nx {
                    let n = [axes[0].needs[x], axes[1].needs[y], axes[2].needs[z]];
                    inside[x + nx * (y + ny * z)] = block_full(cells, n);
                }
            }
        }
        Solid { axes, inside }
    }

    /// Whether box `i` (interval indices per axis) is in `Q`; outside the grid is empty.
    pub fn inside(&self, i: [isize; 3]) -> bool {
        let n = [0, 1, 2].map(|k| self.axes[k].len() as isize);
        if (0..3).any(|k| i[k] < 0 || i[k] >= n[k]) {
            return false;
        }
        let [x, y, z] = i.map(|v| v as usize);
        self.inside[x + n[0] as usize * (y + n[1] as usize * z)]
    }

    /// Number of intervals per axis.
    pub fn dims(&self) -> [usize; 3] {
        [0, 1, 2].map(|k| self.axes[k].len())
    }

    /// The position of grid point `p` (plane indices).
    pub fn point(&self, p: [usize; 3]) -> [f64; 3] {
        [0, 1, 2].map(|k| self.axes[k].planes[p[k]])
    }
}

/// Whether every cube the box with per-axis needs `n` needs is in `cells`.
fn block_full(cells: &HashSet<[i32; 3]>, n: [Needs; 3]) -> bool {
    let [a, b, c] = n;
    a.cubes().iter().all(|&dx| {
        b.cubes().iter().all(|&dy| {
            c.cubes()
                .iter()
                .all(|&dz| cells.contains(&[a.base() + dx, b.base() + dy, c.base() + dz]))
        })
    })
}

/// The solid shrunk further by `b` as a union of boxes: every block of 1, 2, 4 or 8 cubes of
/// `cells`, each shrunk by `s = g + b` on every side. (A box of the refined grid needs one such
/// block, so the union is the erosion of `P` by `s`.) Used by the bevel to find where the
/// chamfer's surface is.
pub(super) fn eroded_boxes(cells: &HashSet<[i32; 3]>, s: f64) -> Vec<([f64; 3], [f64; 3])> {
    let mut boxes = Vec::new();
    for c in cells {
        for pattern in 0..8u8 {
            let ext = [0, 1, 2].map(|k| ((pattern >> k) & 1) as i32);
            let full = (0..=ext[0]).all(|dx| {
                (0..=ext[1]).all(|dy| {
                    (0..=ext[2]).all(|dz| cells.contains(&[c[0] + dx, c[1] + dy, c[2] + dz]))
                })
            });
            if full {
                let lo = [0, 1, 2].map(|k| c[k] as f64 + s);
                let hi = [0, 1, 2].map(|k| (c[k] + ext[k] + 1) as f64 - s);
                boxes.push((lo, hi));
            }
        }
    }
    boxes
}
