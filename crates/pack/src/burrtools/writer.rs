//! Writing a [`Puzzle`] as a `.xmpuzzle` file that BurrTools 0.6 opens.

use crate::model::Puzzle;
use flate2::write::GzEncoder;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write as _;
use wurfel_geom::{Cell, Shape};

/// XML-escapes text for an attribute value or element content.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// One `<voxel>` element: the shape in its bounding box, `#` filled, `+` variable (the cells in
/// `variable`, which may stay empty) and `_` empty, x fastest.
fn voxel(shape: &Shape, variable: &[Cell], name: &str) -> String {
    let (lo, hi) = shape.bounds();
    let d = [hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1];
    let cells: HashSet<Cell> = shape.cells().iter().copied().collect();
    let mut states = String::with_capacity((d[0] * d[1] * d[2]) as usize);
    for z in 0..d[2] {
        for y in 0..d[1] {
            for x in 0..d[0] {
                let c = [lo[0] + x, lo[1] + y, lo[2] + z];
                states.push(if variable.contains(&c) {
                    '+'
                } else if cells.contains(&c) {
                    '#'
                } else {
                    '_'
                });
            }
        }
    }
    format!(
        "<voxel x=\"{}\" y=\"{}\" z=\"{}\" type=\"0\" name=\"{}\">{states}</voxel>",
        d[0],
        d[1],
        d[2],
        escape(name)
    )
}

/// The puzzle as gzip-compressed BurrTools XML: one shape per piece kind, then the target as
/// the last shape, and one problem using them (each kind with its count or range).
pub fn write_xmpuzzle(p: &Puzzle) -> Vec<u8> {
    let mut xml = String::from(
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"0\"/><colors/><shapes>",
    );
    for piece in &p.pieces {
        xml.push_str(&voxel(&piece.shape, &[], &piece.name));
    }
    xml.push_str(&voxel(
        &p.target,
        &p.optional,
        &format!("{} (target)", p.name),
    ));
    let _ = write!(
        xml,
        "</shapes><problems><problem name=\"{}\" state=\"0\"><shapes>",
        escape(&p.name)
    );
    for (id, piece) in p.pieces.iter().enumerate() {
        if piece.min == piece.count {
            let _ = write!(xml, "<shape id=\"{id}\" count=\"{}\"/>", piece.count);
        } else {
            let _ = write!(
                xml,
                "<shape id=\"{id}\" min=\"{}\" max=\"{}\"/>",
                piece.min, piece.count
            );
        }
    }
    let _ = writeln!(
        xml,
        "</shapes><result id=\"{}\"/><bitmap/></problem></problems><comment>{}</comment></puzzle>",
        p.pieces.len(),
        escape(&p.description)
    );
    let mut enc = GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(xml.as_bytes())
        .expect("writing to a Vec cannot fail");
    enc.finish().expect("writing to a Vec cannot fail")
}
