//! The vertices of a polyhedral piece's surface: which triangle corners at one point of space
//! become one vertex, and where a point must become several.
//!
//! Around a point `a` the triangles with a corner there are linked into cycles: a triangle's
//! edge leaving `a` is paired (by `polyhedral::pair_edges`) with a triangle whose edge enters
//! `a`, the next one of the cycle. Each cycle is one sheet of the surface through `a`; two cells
//! of a piece that meet only at `a` give two cycles, and so two vertices that move apart when
//! the surface shrinks.
//!
//! A cycle can also pass twice along one edge `a → b`: where two parts of a piece meet along
//! that edge and are joined elsewhere around `a` (a prism standing between two gaps in a row of
//! prisms, on a full layer). One vertex for the cycle would use the edge twice. Shrunk, the two
//! parts move apart along the edge and the gap between them opens at its end: so the cycle is
//! cut into arcs, each using every edge once, and each arc is one vertex. A cut goes through a
//! triangle of the cycle (its corner at `a` becomes two corners, the one on its incoming edge's
//! side and the one on its outgoing edge's side: the triangle becomes a quadrilateral in its own
//! plane, which fills the bottom of the opened gap). Of the ways to cut, the one whose arcs'
//! vertices fit their faces' planes best is taken (an arc holding a wall of each part would put
//! its vertex half-way between them, closing the gap), with every cut face's two new corners in
//! the order of its sides; among equals, faces most across the edge (capping the gap's end).
//! A cycle that would need three arcs or more is refused with an error (no piece of the grids'
//! corpora or of BurrTools' examples needs it; a BurrTools example's assembled shape does, and
//! a face closing the hole between three copies let them cross over).

use super::MeshError;
use crate::vec3::{dot, sub, unit, P3};
use std::collections::HashMap;

/// The corners' vertices: corner `3 t + k` (of triangle `t`) has vertex `inside[c]` on its
/// incoming edge's side and `outside[c]` on its outgoing edge's side (equal unless the corner
/// was cut).
pub(super) struct Vertices {
    pub inside: Vec<usize>,
    pub outside: Vec<usize>,
    pub count: usize,
}

/// Groups the corners of `tris` (over `points`, with outward unit `normals`) into vertices
/// given the edge pairing `partner` (see the module documentation).
pub(super) fn vertices(
    points: &[P3],
    tris: &[[u32; 3]],
    normals: &[P3],
    partner: &[usize],
) -> Result<Vertices, MeshError> {
    let n = 3 * tris.len();
    let bug =
        || MeshError::Geometry("the cells' surface does not close around a corner (a bug)".into());
    // The next corner around the same point: across the corner's outgoing edge.
    let mut next = vec![usize::MAX; n];
    for c in 0..n {
        let (t, k) = (c / 3, c % 3);
        let u = partner[c];
        let j = tris[u]
            .iter()
            .position(|&v| v == tris[t][k])
            .ok_or_else(bug)?;
        next[c] = 3 * u + j;
    }
    let mut label_in = vec![usize::MAX; n];
    let mut label_out = vec![usize::MAX; n];
    let mut labels = 0;
    for start in 0..n {
        if label_out[start] != usize::MAX {
            continue;
        }
        let mut cycle = vec![start];
        let mut c = next[start];
        while c != start {
            if cycle.len() > n || label_out[c] != usize::MAX {
                return Err(bug());
            }
            cycle.push(c);
            c = next[c];
        }
        let cuts = cuts(points, tris, normals, &cycle);
        if cuts.is_empty() {
            for &c in &cycle {
                (label_in[c], label_out[c]) = (labels, labels);
            }
            labels += 1;
            continue;
        }
        // Arc m runs from cut m to just before cut m + 1 (cyclically).
        let m = cycle.len();
        let mut arc = labels + cuts.len() - 1;
        for i in 0..m {
            let c = cycle[(cuts[0] + i) % m];
            let previous = arc;
            if let Ok(at) = cuts.binary_search(&((cuts[0] + i) % m)) {
                arc = labels + at;
            }
            (label_in[c], label_out[c]) = (previous, arc);
        }
        if cuts.len() > 2 {
            // Three vertices or more from one sheet would need a face between them; where
            // that was tried (a BurrTools example's whole shape, never a piece of the corpora)
            // the copies crossed over: refused rather than written self-intersecting.
            return Err(MeshError::Geometry(
                "the piece's cells meet at a corner in a way the mesher cannot split (more than two sheets along one edge's end)".into(),
            ));
        }
        labels += cuts.len();
    }
    // Number the vertices in order of first corner, so the output is deterministic.
    let mut id = vec![usize::MAX; labels];
    let mut count = 0;
    let mut number = |l: usize| {
        if id[l] == usize::MAX {
            id[l] = count;
            count += 1;
        }
        id[l]
    };
    let mut inside = vec![0; n];
    let mut outside = vec![0; n];
    for c in 0..n {
        inside[c] = number(label_in[c]);
        outside[c] = number(label_out[c]);
    }
    Ok(Vertices {
        inside,
        outside,
        count,
    })
}

/// How far the vertex of a set of faces' planes is from lying `1` inside each of them
/// (squared; 0 where at most three independent planes meet).
fn misfit(normals: &[P3]) -> f64 {
    let d = inward(normals, 1.0);
    normals.iter().map(|n| (dot(*n, d) + 1.0).powi(2)).sum()
}

/// Positions in `cycle` (corners around one point, in order) where it is cut so that no arc
/// leaves the point twice along one edge: none, or at least two, sorted. Of the ways to cut
/// a repeat apart, the one whose arcs' vertices fit their planes best; then the faces most
/// across the repeated edge (capping the opened gap's end).
fn cuts(points: &[P3], tris: &[[u32; 3]], normals: &[P3], cycle: &[usize]) -> Vec<usize> {
    let m = cycle.len();
    let from = |i: usize| tris[cycle[i % m] / 3][cycle[i % m] % 3];
    let to = |i: usize| tris[cycle[i % m] / 3][(cycle[i % m] % 3 + 1) % 3];
    let plane = |i: usize| normals[cycle[i % m] / 3];
    let first_repeat = |cuts: &[usize]| -> Option<(usize, usize)> {
        let arcs = if cuts.is_empty() {
            vec![(0, m)]
        } else {
            arcs(cuts, m)
        };
        for (s, e) in arcs {
            let mut seen: HashMap<u32, usize> = HashMap::new();
            for p in s..e {
                if let Some(&q) = seen.get(&to(p)) {
                    return Some((q, p));
                }
                seen.insert(to(p), p);
            }
        }
        None
    };
    // Cost of a set of cuts: the worst arc's misfit (and a cut face whose two new corners
    // would come in the wrong order counts as no fit at all), then how little the cut faces
    // cross `d`.
    let cost = |cuts: &[usize], d: P3| -> (f64, f64) {
        let mut worst: f64 = 0.0;
        let mut moved = Vec::new();
        for (s, e) in arcs(cuts, m) {
            let mut set: Vec<P3> = Vec::new();
            for p in s..=e {
                let n = plane(p);
                if !set.iter().any(|q| dot(*q, n) > 1.0 - 1e-12) {
                    set.push(n);
                }
            }
            worst = worst.max(misfit(&set));
            moved.push(inward(&set, 1.0));
        }
        for (a, &c) in cuts.iter().enumerate() {
            // Corner `c` becomes the previous arc's vertex (towards the face's previous
            // corner) then this arc's (towards its next corner).
            let (t, k) = (cycle[c] / 3, cycle[c] % 3);
            let along = sub(
                points[tris[t][(k + 1) % 3] as usize],
                points[tris[t][(k + 2) % 3] as usize],
            );
            let step = sub(moved[a], moved[(a + cuts.len() - 1) % cuts.len()]);
            if dot(step, along) <= 1e-9 {
                worst = f64::INFINITY;
            }
        }
        let across: f64 = cuts.iter().map(|&c| dot(plane(c), d).abs()).sum();
        (worst, -across)
    };
    let better =
        |a: (f64, f64), b: (f64, f64)| a.0 < b.0 - 1e-9 || (a.0 <= b.0 + 1e-9 && a.1 < b.1 - 1e-9);
    let mut cuts: Vec<usize> = Vec::new();
    while let Some((i, j)) = first_repeat(&cuts) {
        let d = sub(points[to(i) as usize], points[from(i) as usize]);
        let mut best: Option<(Vec<usize>, (f64, f64))> = None;
        let mut consider = |trial: Vec<usize>| {
            let c = cost(&trial, d);
            if best.as_ref().is_none_or(|b| better(c, b.1)) {
                best = Some((trial, c));
            }
        };
        if cuts.is_empty() {
            for p in i + 1..=j {
                for q in j + 1..=i + m {
                    let mut trial = vec![p % m, q % m];
                    trial.sort_unstable();
                    consider(trial);
                }
            }
        } else {
            for p in i + 1..=j {
                let mut trial = cuts.clone();
                trial.push(p % m);
                trial.sort_unstable();
                consider(trial);
            }
        }
        match best {
            Some((trial, _)) => cuts = trial,
            None => break,
        }
    }
    cuts
}

/// The arcs between sorted cut positions in a cycle of `m`: `(start, end)` with the corners
/// `start..end` leaving the point in the arc and corner `end` (mod `m`) entering it last.
fn arcs(cuts: &[usize], m: usize) -> Vec<(usize, usize)> {
    (0..cuts.len())
        .map(|a| {
            let (s, e) = (cuts[a], cuts[(a + 1) % cuts.len()]);
            (s, if e <= s { e + m } else { e })
        })
        .collect()
}

/// The displacement that puts a vertex `g` inside each of the planes with unit normals
/// `normals` (least squares within their span).
pub(super) fn inward(normals: &[P3], g: f64) -> P3 {
    // An orthonormal basis of the normals' span.
    let mut basis: Vec<P3> = Vec::new();
    for &n in normals {
        let mut r = n;
        for q in &basis {
            r = sub(r, q.map(|x| x * dot(r, *q)));
        }
        if dot(r, r) > 1e-12 {
            basis.push(unit(r));
        }
    }
    let m = basis.len();
    // Normal equations in that basis: sum_i (n_i . q_j)(n_i . q_k) beta_k = -g sum_i n_i . q_j.
    let mut a = [[0.0; 4]; 3];
    for &n in normals {
        for j in 0..m {
            for k in 0..m {
                a[j][k] += dot(n, basis[j]) * dot(n, basis[k]);
            }
            a[j][3] -= g * dot(n, basis[j]);
        }
    }
    let beta = solve(&mut a, m);
    let mut d = [0.0; 3];
    for (j, q) in basis.iter().enumerate() {
        for i in 0..3 {
            d[i] += beta[j] * q[i];
        }
    }
    d
}

/// Gaussian elimination with partial pivoting on the `m × m` system in `a` (last column the
/// right-hand side); the system is positive definite in the span's basis.
fn solve(a: &mut [[f64; 4]; 3], m: usize) -> [f64; 3] {
    for col in 0..m {
        let piv = (col..m)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .unwrap_or(col);
        a.swap(col, piv);
        let pivot = a[col];
        for row in a.iter_mut().take(m).skip(col + 1) {
            let f = row[col] / pivot[col];
            for (x, p) in row.iter_mut().zip(pivot).skip(col) {
                *x -= f * p;
            }
        }
    }
    let mut x = [0.0; 3];
    for row in (0..m).rev() {
        let s: f64 = (row + 1..m).map(|k| a[row][k] * x[k]).sum();
        x[row] = (a[row][3] - s) / a[row][row];
    }
    x
}
