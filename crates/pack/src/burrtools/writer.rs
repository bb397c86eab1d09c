//! Writing a [`Puzzle`] as a `.xmpuzzle` file that BurrTools 0.6 opens.

use crate::grid::Grid;
use crate::model::Puzzle;
use flate2::write::GzEncoder;
use std::collections::{HashMap, HashSet};
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
/// `variable`, which may stay empty) and `_` empty, x fastest; a coloured cell's state is
/// followed by its colour number (`colors` in the order of the shape's cells). The voxel space
/// starts at a translation of the grid (the bounding box's corner on cubes), so that cells
/// read back as cells of the grid.
fn voxel(grid: Grid, shape: &Shape, colors: &[u8], variable: &[Cell], name: &str) -> String {
    let (lo, hi) = shape.bounds();
    let lo = grid.aligned_corner(lo);
    let d = [hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1];
    let cells: HashSet<Cell> = shape.cells().iter().copied().collect();
    let color: HashMap<Cell, u8> = shape
        .cells()
        .iter()
        .copied()
        .zip(colors.iter().copied())
        .filter(|&(_, k)| k != 0)
        .collect();
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
                if let Some(k) = color.get(&c) {
                    let _ = write!(states, "{k}");
                }
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
    let mut xml = format!(
        "<?xml version=\"1.0\"?>\n<puzzle version=\"2\"><gridType type=\"{}\"/>",
        p.grid.burrtools_type()
    );
    xml.push_str(&super::palette::write(p));
    xml.push_str("<shapes>");
    for piece in &p.pieces {
        xml.push_str(&voxel(
            p.grid,
            &piece.shape,
            &piece.cell_colors,
            &[],
            &piece.name,
        ));
    }
    xml.push_str(&voxel(
        p.grid,
        &p.target,
        &p.target_colors,
        &p.optional,
        &format!("{} (target)", p.name),
    ));
    let _ = write!(
        xml,
        "</shapes><problems><problem name=\"{}\" state=\"0\"><shapes>",
        escape(&p.name)
    );
    for (id, piece) in p.pieces.iter().enumerate() {
        // One group holding every copy as an attribute (as BurrTools writes it), else one
        // `<group>` element per group.
        let (group, inner) = match piece.groups.as_slice() {
            [] => (String::new(), String::new()),
            [(g, c)] if *c >= piece.count => (format!(" group=\"{g}\""), String::new()),
            list => (
                String::new(),
                list.iter()
                    .map(|(g, c)| format!("<group group=\"{g}\" count=\"{c}\"/>"))
                    .collect(),
            ),
        };
        let counts = if piece.min == piece.count {
            format!("count=\"{}\"", piece.count)
        } else {
            format!("min=\"{}\" max=\"{}\"", piece.min, piece.count)
        };
        if inner.is_empty() {
            let _ = write!(xml, "<shape id=\"{id}\" {counts}{group}/>");
        } else {
            let _ = write!(xml, "<shape id=\"{id}\" {counts}>{inner}</shape>");
        }
    }
    let _ = write!(xml, "</shapes><result id=\"{}\"/><bitmap>", p.pieces.len());
    for (a, b) in &p.color_rules {
        // The file numbers colours from 0 in pairs.
        let _ = write!(
            xml,
            "<pair piece=\"{}\" result=\"{}\"/>",
            a.saturating_sub(1),
            b.saturating_sub(1)
        );
    }
    let _ = writeln!(
        xml,
        "</bitmap></problem></problems><comment>{}</comment></puzzle>",
        escape(&p.description)
    );
    let mut enc = GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(xml.as_bytes())
        .expect("writing to a Vec cannot fail");
    enc.finish().expect("writing to a Vec cannot fail")
}
