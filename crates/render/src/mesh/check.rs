//! What a slicer checks before printing a mesh: closed, 2-manifold, consistently oriented
//! outwards, no degenerate triangles, no two vertices at one place.

use super::Mesh;
use crate::vec3::{cross, sub};
use std::collections::HashMap;

/// The first problem found, if any (an empty mesh is a problem too).
pub fn check(mesh: &Mesh) -> Result<(), String> {
    if mesh.triangles.is_empty() {
        return Err("the mesh has no triangles".into());
    }
    let n = mesh.vertices.len();
    for (i, t) in mesh.triangles.iter().enumerate() {
        if t.iter().any(|&v| v as usize >= n) {
            return Err(format!("triangle {i} names a vertex that does not exist"));
        }
        if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
            return Err(format!("triangle {i} repeats a vertex"));
        }
    }
    distinct_positions(mesh)?;
    edges_paired(mesh)?;
    vertex_fans(mesh)?;
    let scale = extent(mesh).max(f64::MIN_POSITIVE);
    for (i, t) in mesh.triangles.iter().enumerate() {
        if area(mesh, *t) <= 1e-9 * scale * scale {
            return Err(format!("triangle {i} is degenerate (no area)"));
        }
    }
    if volume(mesh) <= 0.0 {
        return Err("the surface is oriented inwards (negative volume)".into());
    }
    Ok(())
}

/// Every directed edge once and its reverse once: closed, each edge in exactly two triangles,
/// the two triangles oriented alike.
fn edges_paired(mesh: &Mesh) -> Result<(), String> {
    let mut directed: HashMap<(u32, u32), usize> = HashMap::new();
    for t in &mesh.triangles {
        for k in 0..3 {
            *directed.entry((t[k], t[(k + 1) % 3])).or_default() += 1;
        }
    }
    for (&(a, b), &count) in &directed {
        if count != 1 {
            return Err(format!(
                "edge {a}-{b} is used {count} times in one direction (non-manifold or flipped triangles)"
            ));
        }
        if directed.get(&(b, a)) != Some(&1) {
            return Err(format!(
                "edge {a}-{b} has no triangle on its other side (hole or flipped triangle)"
            ));
        }
    }
    Ok(())
}

/// The triangles around each vertex form one fan (no two surface sheets meet at a point).
fn vertex_fans(mesh: &Mesh) -> Result<(), String> {
    // For each vertex: next[a] = b for each triangle (v, a, b) around it; one cycle through all.
    let mut next: HashMap<u32, HashMap<u32, u32>> = HashMap::new();
    for t in &mesh.triangles {
        for k in 0..3 {
            let (v, a, b) = (t[k], t[(k + 1) % 3], t[(k + 2) % 3]);
            next.entry(v).or_default().insert(a, b);
        }
    }
    for (v, ring) in &next {
        let Some(&start) = ring.keys().next() else {
            continue;
        };
        let mut at = start;
        let mut steps = 0;
        loop {
            at = match ring.get(&at) {
                Some(&b) => b,
                None => return Err(format!("the triangles around vertex {v} do not close")),
            };
            steps += 1;
            if at == start {
                break;
            }
            if steps > ring.len() {
                return Err(format!("vertex {v} is non-manifold"));
            }
        }
        if steps != ring.len() {
            return Err(format!(
                "vertex {v} joins two separate fans of triangles (non-manifold vertex)"
            ));
        }
    }
    Ok(())
}

fn distinct_positions(mesh: &Mesh) -> Result<(), String> {
    let mut seen: HashMap<[u64; 3], usize> = HashMap::new();
    for (i, p) in mesh.vertices.iter().enumerate() {
        // Positions rounded to a nanometre: vertices closer than that are one for a slicer.
        let key = p.map(|c| (c * 1e6).round() as i64 as u64);
        if let Some(j) = seen.insert(key, i) {
            return Err(format!("vertices {j} and {i} are at the same place"));
        }
    }
    Ok(())
}

/// The (unnormalised) normal of a triangle: twice its area, pointing outwards.
pub fn normal(mesh: &Mesh, t: [u32; 3]) -> [f64; 3] {
    let [a, b, c] = t.map(|i| mesh.vertices[i as usize]);
    cross(sub(b, a), sub(c, a))
}

fn area(mesh: &Mesh, t: [u32; 3]) -> f64 {
    let n = normal(mesh, t);
    0.5 * (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt()
}

fn extent(mesh: &Mesh) -> f64 {
    (0..3)
        .map(|k| {
            let lo = mesh.vertices.iter().map(|p| p[k]).fold(f64::MAX, f64::min);
            let hi = mesh.vertices.iter().map(|p| p[k]).fold(f64::MIN, f64::max);
            hi - lo
        })
        .fold(0.0, f64::max)
}

/// The enclosed volume (divergence theorem; positive when the triangles face outwards).
pub fn volume(mesh: &Mesh) -> f64 {
    mesh.triangles
        .iter()
        .map(|t| {
            let [a, b, c] = t.map(|i| mesh.vertices[i as usize]);
            let n = cross(b, c);
            (a[0] * n[0] + a[1] * n[1] + a[2] * n[2]) / 6.0
        })
        .sum()
}
