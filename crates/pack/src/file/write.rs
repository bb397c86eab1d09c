//! Writing a puzzle back as a file that [`super::parse_puzzle`] reads to an equal puzzle.

use crate::model::Puzzle;
use std::collections::HashSet;
use wurfel_geom::{Cell, Shape};

fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn cells_toml(shape: &Shape) -> String {
    let parts: Vec<String> = shape
        .cells()
        .iter()
        .map(|c| format!("[{}, {}, {}]", c[0], c[1], c[2]))
        .collect();
    format!("[{}]", parts.join(", "))
}

/// The target as `layers` text, if it can be written so exactly (minimum corner at the origin).
fn layers_toml(shape: &Shape) -> Option<String> {
    let (lo, hi) = shape.bounds();
    if lo != [0, 0, 0] {
        return None;
    }
    let set: HashSet<Cell> = shape.cells().iter().copied().collect();
    let mut layers = Vec::new();
    for z in (0..=hi[2]).rev() {
        let mut s = String::from("'''\n");
        for y in (0..=hi[1]).rev() {
            for x in 0..=hi[0] {
                s.push(if set.contains(&[x, y, z]) { '#' } else { '.' });
            }
            s.push('\n');
        }
        s.push_str("'''");
        layers.push(s);
    }
    Some(format!("[{}]", layers.join(", ")))
}

/// `cell_colors = [[x, y, z, colour], ...]` for the coloured cells, if any.
fn colors_toml(shape: &Shape, colors: &[u8]) -> Option<String> {
    let parts: Vec<String> = shape
        .cells()
        .iter()
        .zip(colors)
        .filter(|(_, &k)| k != 0)
        .map(|(c, k)| format!("[{}, {}, {}, {k}]", c[0], c[1], c[2]))
        .collect();
    (!parts.is_empty()).then(|| format!("[{}]", parts.join(", ")))
}

/// Writes a puzzle in the file format; [`parse_puzzle`] reads it back to an equal puzzle.
pub fn to_toml(p: &Puzzle) -> String {
    let mut s = String::new();
    s.push_str(&format!("id = {}\n", quote(&p.id)));
    s.push_str(&format!("name = {}\n", quote(&p.name)));
    if !p.description.is_empty() {
        s.push_str(&format!("description = {}\n", quote(&p.description)));
    }
    if p.grid != crate::grid::Grid::Cubes {
        s.push_str(&format!("grid = {}\n", quote(p.grid.key())));
    }
    if !p.color_rules.is_empty() {
        let rules: Vec<String> = p
            .color_rules
            .iter()
            .map(|(a, b)| format!("[{a}, {b}]"))
            .collect();
        s.push_str(&format!("color_rules = [{}]\n", rules.join(", ")));
    }
    if !p.display_colors.is_empty() {
        s.push_str("\n[colors]\n");
        for (k, c) in &p.display_colors {
            s.push_str(&format!("{k} = {}\n", quote(&crate::colors::hex(*c))));
        }
    }
    s.push_str("\n[target]\n");
    let d = p.target.dims();
    if p.target == Shape::cuboid(d[0], d[1], d[2]) {
        s.push_str(&format!("box = [{}, {}, {}]\n", d[0], d[1], d[2]));
    } else if let Some(l) = layers_toml(&p.target) {
        s.push_str(&format!("layers = {l}\n"));
    } else {
        s.push_str(&format!("cells = {}\n", cells_toml(&p.target)));
    }
    if let Ok(optional) = Shape::new(p.optional.iter().copied()) {
        s.push_str(&format!("optional = {}\n", cells_toml(&optional)));
    }
    if let Some(c) = colors_toml(&p.target, &p.target_colors) {
        s.push_str(&format!("cell_colors = {c}\n"));
    }
    for piece in &p.pieces {
        s.push_str("\n[[piece]]\n");
        s.push_str(&format!("name = {}\n", quote(&piece.name)));
        s.push_str(&format!("symbol = {}\n", quote(&piece.symbol.to_string())));
        if let Some(c) = &piece.color {
            s.push_str(&format!("color = {}\n", quote(c)));
        }
        if piece.min != piece.count {
            s.push_str(&format!("min = {}\nmax = {}\n", piece.min, piece.count));
        } else if piece.count != 1 {
            s.push_str(&format!("count = {}\n", piece.count));
        }
        s.push_str(&format!("cells = {}\n", cells_toml(&piece.shape)));
        if let Some(c) = colors_toml(&piece.shape, &piece.cell_colors) {
            s.push_str(&format!("cell_colors = {c}\n"));
        }
        match piece.groups.as_slice() {
            [] => {}
            [(g, c)] if *c >= piece.count => s.push_str(&format!("group = {g}\n")),
            list => {
                let pairs: Vec<String> = list.iter().map(|(g, c)| format!("[{g}, {c}]")).collect();
                s.push_str(&format!("groups = [{}]\n", pairs.join(", ")));
            }
        }
    }
    for pb in &p.published {
        s.push_str("\n[[published]]\n");
        s.push_str(&format!("convention = {}\n", quote(pb.convention.key())));
        s.push_str(&format!("count = {}\n", pb.count));
        if !pb.source.is_empty() {
            s.push_str(&format!("source = {}\n", quote(&pb.source)));
        }
    }
    s
}
