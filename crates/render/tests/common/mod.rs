//! Checks the mesh tests share.

use wurfel_render::mesh::Mesh;

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// Whether segment `p`–`q` passes through the inside of triangle `t` (touching its boundary or
/// ending on it does not count: neighbouring triangles may touch).
fn segment_pierces(p: [f64; 3], q: [f64; 3], t: [[f64; 3]; 3]) -> bool {
    let n = cross(sub(t[1], t[0]), sub(t[2], t[0]));
    let (dp, dq) = (dot(n, sub(p, t[0])), dot(n, sub(q, t[0])));
    let eps = 1e-9 * dot(n, n).sqrt();
    if dp.abs() <= eps || dq.abs() <= eps || (dp > 0.0) == (dq > 0.0) {
        return false;
    }
    let x = [0, 1, 2].map(|k| p[k] + (q[k] - p[k]) * dp / (dp - dq));
    (0..3).all(|i| {
        let (a, b) = (t[i], t[(i + 1) % 3]);
        dot(cross(sub(b, a), sub(x, a)), n) > eps * dot(sub(b, a), sub(b, a)).sqrt()
    })
}

/// No edge of one triangle passes through another triangle that shares no vertex with it.
pub fn no_self_intersection(m: &Mesh) -> Result<(), String> {
    let tri = |t: &[u32; 3]| t.map(|i| m.vertices[i as usize]);
    // Bounding boxes first: triangles whose boxes are apart cannot cross.
    let boxes: Vec<([f64; 3], [f64; 3])> = m
        .triangles
        .iter()
        .map(|t| {
            let p = tri(t);
            let lo = [0, 1, 2].map(|k| p.iter().map(|v| v[k]).fold(f64::MAX, f64::min));
            let hi = [0, 1, 2].map(|k| p.iter().map(|v| v[k]).fold(f64::MIN, f64::max));
            (lo, hi)
        })
        .collect();
    for (i, a) in m.triangles.iter().enumerate() {
        for (j, b) in m.triangles.iter().enumerate() {
            let apart =
                (0..3).any(|k| boxes[i].1[k] < boxes[j].0[k] || boxes[j].1[k] < boxes[i].0[k]);
            if i == j || apart || a.iter().any(|v| b.contains(v)) {
                continue;
            }
            let (ta, tb) = (tri(a), tri(b));
            for k in 0..3 {
                if segment_pierces(ta[k], ta[(k + 1) % 3], tb) {
                    return Err(format!(
                        "an edge of triangle {i} passes through triangle {j}"
                    ));
                }
            }
        }
    }
    Ok(())
}
