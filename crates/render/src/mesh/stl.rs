//! Binary STL: an 80-byte header, the triangle count, then per triangle its unit normal, three
//! corners (little-endian `f32`, millimetres) and two zero bytes.

use super::check::normal;
use super::Mesh;

/// The mesh as a binary STL file. The header names the object; it never starts with `solid`
/// (readers take such files for ASCII STL).
pub fn stl_binary(name: &str, mesh: &Mesh) -> Vec<u8> {
    let mut out = Vec::with_capacity(84 + 50 * mesh.triangles.len());
    let mut header = format!("wurfel piece {name}").into_bytes();
    header.resize(80, b' ');
    out.extend_from_slice(&header);
    out.extend_from_slice(&(mesh.triangles.len() as u32).to_le_bytes());
    for &t in &mesh.triangles {
        let n = normal(mesh, t);
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        let unit = if len > 0.0 {
            n.map(|c| c / len)
        } else {
            [0.0; 3]
        };
        for c in unit {
            out.extend_from_slice(&(c as f32).to_le_bytes());
        }
        for v in t {
            for c in mesh.vertices[v as usize] {
                out.extend_from_slice(&(c as f32).to_le_bytes());
            }
        }
        out.extend_from_slice(&[0, 0]);
    }
    out
}
