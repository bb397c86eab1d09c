//! Reading a `.xmpuzzle` file into a [`Puzzle`].

use super::{BurrError, MAX_XML_BYTES};
use crate::colors::colors_of;
use crate::file::{parse_puzzle, to_toml, MAX_COUNT};
use crate::grid::Grid;
use crate::model::{Piece, Puzzle};
use roxmltree::{Document, Node};
use std::collections::{HashMap, HashSet};
use std::io::Read as _;
use wurfel_geom::{Cell, Shape};

/// A puzzle read from a `.xmpuzzle` file, with notes on what was skipped.
#[derive(Clone, Debug)]
pub struct Read {
    /// The chosen problem as a puzzle.
    pub puzzle: Puzzle,
    /// Features present in the file that do not affect the count and were skipped.
    pub notes: Vec<String>,
    /// The counts BurrTools stored for the problem, when it solved it to the end.
    pub stored: Option<super::Stored>,
}

/// The names of grid types BurrTools knows, by its `gridType` number.
const GRID_TYPES: [&str; 5] = [
    "cubes",
    "triangular prisms",
    "spheres",
    "rhombic dodecahedra",
    "tetrahedra and octahedra",
];

/// Nodes allowed in the XML tree: far above any real puzzle, small enough to bound memory.
const MAX_NODES: u32 = 1 << 20;

/// One `<voxel>` shape: its filled and variable cells and the constraint colours of its
/// coloured voxels.
struct Voxels {
    name: String,
    filled: Vec<Cell>,
    variable: Vec<Cell>,
    colors: HashMap<Cell, u8>,
}

/// Decompresses (when gzip) and checks the size bound.
fn xml_text(bytes: &[u8], origin: &str) -> Result<String, BurrError> {
    let raw = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(bytes)
            .take(MAX_XML_BYTES + 1)
            .read_to_end(&mut out)
            .map_err(|e| err(origin, format!("is not a valid gzip file: {e}")))?;
        out
    } else {
        bytes.to_vec()
    };
    if raw.len() as u64 > MAX_XML_BYTES {
        return Err(err(
            origin,
            format!(
                "decompresses to more than {} MiB of XML; refusing to read it",
                MAX_XML_BYTES >> 20
            ),
        ));
    }
    // BurrTools writes names and comments in the platform's 8-bit encoding (ISO-8859-1 on the
    // files it ships), so text that is not UTF-8 is read as Latin-1, byte for character.
    Ok(String::from_utf8(raw)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| char::from(b)).collect()))
}

fn err(origin: &str, what: String) -> BurrError {
    BurrError {
        message: format!("{origin}: {what}"),
    }
}

fn parse<'i>(text: &'i str, origin: &str) -> Result<Document<'i>, BurrError> {
    let opts = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: MAX_NODES,
        ..Default::default()
    };
    let doc = Document::parse_with_options(text, opts)
        .map_err(|e| err(origin, format!("is not well-formed XML: {e}")))?;
    let root = doc.root_element();
    if root.tag_name().name() != "puzzle" {
        return Err(err(
            origin,
            format!(
                "is not a BurrTools puzzle: the root element is <{}>, not <puzzle>",
                root.tag_name().name()
            ),
        ));
    }
    Ok(doc)
}

fn child<'a, 'i>(n: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    n.children().find(|c| c.has_tag_name(name))
}

fn children<'a, 'i>(n: Node<'a, 'i>, name: &'a str) -> impl Iterator<Item = Node<'a, 'i>> + 'a {
    n.children().filter(move |c| c.has_tag_name(name))
}

fn number(n: Node<'_, '_>, attr: &str, origin: &str) -> Result<Option<u64>, BurrError> {
    match n.attribute(attr) {
        None => Ok(None),
        Some(s) => s.trim().parse().map(Some).map_err(|_| {
            err(
                origin,
                format!(
                    "attribute `{attr}` of <{}> is {s:?}, not a non-negative integer",
                    n.tag_name().name()
                ),
            )
        }),
    }
}

fn required(n: Node<'_, '_>, attr: &str, origin: &str) -> Result<u64, BurrError> {
    number(n, attr, origin)?.ok_or_else(|| {
        err(
            origin,
            format!("<{}> lacks its `{attr}` attribute", n.tag_name().name()),
        )
    })
}

/// Parses a `<voxel>`: `x*y*z` states (`_` empty, `#` filled, `+` variable), x fastest, each
/// optionally followed by a colour number. Never allocates by the declared size: the states
/// are counted as they are read and compared with it at the end.
fn voxels(n: Node<'_, '_>, index: usize, origin: &str) -> Result<Voxels, BurrError> {
    let dims = [
        required(n, "x", origin)?,
        required(n, "y", origin)?,
        required(n, "z", origin)?,
    ];
    let name = n
        .attribute("name")
        .filter(|s| !s.trim().is_empty())
        .map(str::to_string)
        .unwrap_or_else(|| format!("S{}", index + 1));
    if number(n, "type", origin)?.unwrap_or(0) != 0 {
        return Err(err(
            origin,
            format!("shape `{name}` uses an unknown voxel encoding (type is not 0)"),
        ));
    }
    let size = dims[0]
        .checked_mul(dims[1])
        .and_then(|v| v.checked_mul(dims[2]))
        .filter(|&v| v <= MAX_XML_BYTES)
        .ok_or_else(|| {
            err(
                origin,
                format!(
                    "shape `{name}` is {}x{}x{}: too large",
                    dims[0], dims[1], dims[2]
                ),
            )
        })?;
    let text = n.text().unwrap_or("").trim();
    let mut v = Voxels {
        name,
        filled: Vec::new(),
        variable: Vec::new(),
        colors: HashMap::new(),
    };
    let mut idx: u64 = 0;
    // The voxel the digits after it colour, and the colour read so far.
    let mut last: Option<Cell> = None;
    let mut color: u32 = 0;
    for ch in text.chars() {
        match ch {
            '_' | '#' | '+' => {
                if idx >= size {
                    return Err(err(
                        origin,
                        format!(
                            "shape `{}` has more voxels than its size {}x{}x{}",
                            v.name, dims[0], dims[1], dims[2]
                        ),
                    ));
                }
                let x = idx % dims[0];
                let y = (idx / dims[0]) % dims[1];
                let z = idx / (dims[0] * dims[1]);
                let cell = [x as i32, y as i32, z as i32];
                match ch {
                    '#' => v.filled.push(cell),
                    '+' => v.variable.push(cell),
                    _ => {}
                }
                idx += 1;
                last = Some(cell);
                color = 0;
            }
            '0'..='9' => {
                let Some(cell) = last else {
                    return Err(err(
                        origin,
                        format!("shape `{}` starts with a colour, not a voxel state", v.name),
                    ));
                };
                color = next_digit(color, ch, &v.name, origin)?;
                if color == 0 {
                    v.colors.remove(&cell);
                } else {
                    v.colors.insert(cell, color as u8);
                }
            }
            c => {
                return Err(err(
                    origin,
                    format!("shape `{}` contains {c:?}, not a voxel state", v.name),
                ))
            }
        }
    }
    if idx != size {
        return Err(err(
            origin,
            format!(
                "shape `{}` has {idx} voxels but its size {}x{}x{} needs {size}",
                v.name, dims[0], dims[1], dims[2]
            ),
        ));
    }
    Ok(v)
}

/// The colour read so far, `color`, followed by the digit `ch`: at most 63.
fn next_digit(color: u32, ch: char, name: &str, origin: &str) -> Result<u32, BurrError> {
    let color = color * 10 + ch.to_digit(10).unwrap_or(0);
    if color > 63 {
        return Err(err(
            origin,
            format!("shape `{name}` has a voxel of colour {color}, above 63"),
        ));
    }
    Ok(color)
}

/// The problems' names in file order (unnamed ones as `P1`, `P2`, ...).
pub fn problem_names(bytes: &[u8], origin: &str) -> Result<Vec<String>, BurrError> {
    let text = xml_text(bytes, origin)?;
    let doc = parse(&text, origin)?;
    Ok(problems(doc.root_element())
        .enumerate()
        .map(|(i, p)| problem_name(p, i))
        .collect())
}

fn problems<'a, 'i>(root: Node<'a, 'i>) -> impl Iterator<Item = Node<'a, 'i>> + 'a {
    child(root, "problems")
        .into_iter()
        .flat_map(|ps| children(ps, "problem"))
}

fn problem_name(p: Node<'_, '_>, i: usize) -> String {
    p.attribute("name")
        .filter(|s| !s.trim().is_empty())
        .map(str::to_string)
        .unwrap_or_else(|| format!("P{}", i + 1))
}

/// Reads problem `problem` (a 1-based number or a name; the first when `None`) of a
/// `.xmpuzzle` file as a puzzle. `origin` names the file in messages and gives the puzzle id.
pub fn read_xmpuzzle(bytes: &[u8], origin: &str, problem: Option<&str>) -> Result<Read, BurrError> {
    let text = xml_text(bytes, origin)?;
    let doc = parse(&text, origin)?;
    let root = doc.root_element();
    let grid = check_format(root, origin)?;
    let shapes: Vec<Voxels> = child(root, "shapes")
        .into_iter()
        .flat_map(|s| children(s, "voxel"))
        .enumerate()
        .map(|(i, v)| voxels(v, i, origin))
        .collect::<Result<_, _>>()?;
    let all: Vec<Node<'_, '_>> = problems(root).collect();
    let names: Vec<String> = all
        .iter()
        .enumerate()
        .map(|(i, p)| problem_name(*p, i))
        .collect();
    let chosen = match problem {
        None => 0,
        Some(sel) => choose_problem(sel, &names).map_err(|why| err(origin, why))?,
    };
    let Some(&p) = all.get(chosen) else {
        return Err(err(origin, "defines no problem".into()));
    };
    let pname = &names[chosen];
    let mut notes = Vec::new();
    if all.len() > 1 && problem.is_none() {
        notes.push(format!(
            "{origin} has {} problems; using the first, `{pname}` (choose with --problem): {}",
            all.len(),
            list_problems(&names)
        ));
    }
    let at = ShapeAt {
        shapes: &shapes,
        pname,
        origin,
    };
    let result = child(p, "result")
        .ok_or_else(|| err(origin, format!("problem `{pname}` has no result shape")))?;
    let target = at.get(required(result, "id", origin)?, "result")?;
    let target_voxels = target;
    // BurrTools ignores colour constraints when the file defines no colours.
    let colors = child(root, "colors");
    let colored = colors.is_some_and(|c| children(c, "color").next().is_some());
    let rules = if colored {
        color_rules(p, origin)?
    } else {
        Vec::new()
    };
    let (mut pieces, _grouped) = read_pieces(p, &at, colored)?;
    if child(p, "solutions").is_some_and(|s| s.children().any(|c| c.is_element())) {
        notes.push(format!(
            "{origin}: the solutions stored in the file were ignored (wurfel finds its own)"
        ));
    }
    assign_symbols(&mut pieces);
    let mut puzzle = assemble(root, p, target, pieces, origin)?;
    if colored {
        puzzle.target_colors = colors_of(puzzle.target.cells(), &target_voxels.colors);
        puzzle.color_rules = rules;
        if let Some(c) = colors {
            puzzle.display_colors =
                super::palette::read(c).map_err(|why| err(origin, format!("<colors> {why}")))?;
        }
    }
    // The TOML checker owns the rules (cells of the grid, connected pieces on cubes, volume,
    // sizes); reuse it so that a puzzle read from BurrTools is exactly as valid as one read
    // from TOML.
    puzzle.grid = grid;
    let checked = parse_puzzle(&to_toml(&puzzle), origin)
        .map_err(|e| err(origin, format!("problem `{pname}`: {}", e.message)))?;
    Ok(Read {
        puzzle: checked,
        notes,
        stored: super::stored::stored_counts(p, grid),
    })
}

/// The file's grid; refuses a format version other than 1 or 2 and a grid wurfel cannot read.
fn check_format(root: Node<'_, '_>, origin: &str) -> Result<Grid, BurrError> {
    let version = root.attribute("version").unwrap_or("");
    if version != "1" && version != "2" {
        return Err(err(
            origin,
            format!("has puzzle format version {version:?}; BurrTools 0.6 files are version 2"),
        ));
    }
    if let Some(g) = child(root, "gridType") {
        let t = required(g, "type", origin)?;
        match t {
            1 => return Ok(Grid::TriangularPrisms),
            2 => return Ok(Grid::Spheres),
            3 => return Ok(Grid::RhombicDodecahedra),
            4 => return Ok(Grid::TetrahedraOctahedra),
            _ => {}
        }
        if t != 0 {
            let name = GRID_TYPES
                .get(t as usize)
                .copied()
                .unwrap_or("an unknown grid");
            return Err(err(
                origin,
                format!(
                    "uses the grid of {name} (type {t}); wurfel supports cubes, triangular \
                     prisms, spheres, rhombic dodecahedra, and tetrahedra and octahedra"
                ),
            ));
        }
    }
    Ok(Grid::Cubes)
}

/// The file's shapes, looked up by the ids problem `pname` names.
struct ShapeAt<'a> {
    shapes: &'a [Voxels],
    pname: &'a str,
    origin: &'a str,
}

impl<'a> ShapeAt<'a> {
    /// Shape `id`, named as the problem's `what` (result or piece) in the error.
    fn get(&self, id: u64, what: &str) -> Result<&'a Voxels, BurrError> {
        self.shapes.get(id as usize).ok_or_else(|| {
            err(
                self.origin,
                format!(
                    "problem `{}` names {what} shape {id}, but the file has {} shapes",
                    self.pname,
                    self.shapes.len()
                ),
            )
        })
    }
}

/// The allowed (piece colour, result colour) pairs of problem `p`'s `<bitmap>`, as wurfel's
/// 1-based colours (the file numbers colours from 0 there).
fn color_rules(p: Node<'_, '_>, origin: &str) -> Result<Vec<(u8, u8)>, BurrError> {
    let mut rules = Vec::new();
    for pair in child(p, "bitmap")
        .into_iter()
        .flat_map(|b| children(b, "pair"))
    {
        let a = required(pair, "piece", origin)?;
        let b = required(pair, "result", origin)?;
        if a >= 63 || b >= 63 {
            return Err(err(
                origin,
                format!(
                    "a colour pair names colour {} (at most 63 colours)",
                    a.max(b) + 1
                ),
            ));
        }
        rules.push((a as u8 + 1, b as u8 + 1));
    }
    rules.sort_unstable();
    rules.dedup();
    Ok(rules)
}

/// A piece's groups as (group, copies): the `group` attribute (every copy), or the `<group
/// group=".." count=".."/>` elements (BurrTools' copies split among groups; group 0 is none).
fn piece_groups(
    s: Node<'_, '_>,
    name: &str,
    count: u64,
    origin: &str,
) -> Result<Vec<(u32, u32)>, BurrError> {
    let limit = |g: u64| {
        u32::try_from(g)
            .map_err(|_| err(origin, format!("piece `{name}` has group {g}: too large")))
    };
    if let Some(g) = number(s, "group", origin)? {
        return Ok(if g == 0 || count == 0 {
            Vec::new()
        } else {
            vec![(limit(g)?, limit(count)?)]
        });
    }
    let mut out: Vec<(u32, u32)> = Vec::new();
    for g in children(s, "group") {
        let (group, copies) = (
            limit(required(g, "group", origin)?)?,
            limit(required(g, "count", origin)?)?,
        );
        if group == 0 || copies == 0 {
            continue;
        }
        match out.iter_mut().find(|(h, _)| *h == group) {
            Some(e) => e.1 = e.1.saturating_add(copies),
            None => out.push((group, copies)),
        }
    }
    if out.iter().map(|&(_, c)| u64::from(c)).sum::<u64>() > count {
        return Err(err(
            origin,
            format!("piece `{name}` puts more copies into groups than its {count} copies"),
        ));
    }
    Ok(out)
}

/// The pieces of problem `p` (those of count 0 left out), and how many belong to piece groups;
/// `colored` says whether the file's colours count (else every voxel is neutral).
fn read_pieces(
    p: Node<'_, '_>,
    at: &ShapeAt<'_>,
    colored: bool,
) -> Result<(Vec<Piece>, usize), BurrError> {
    let origin = at.origin;
    let mut pieces = Vec::new();
    let mut grouped = 0;
    for s in child(p, "shapes")
        .into_iter()
        .flat_map(|s| children(s, "shape"))
    {
        let voxels = at.get(required(s, "id", origin)?, "piece")?;
        let (min, count) = piece_counts(s, voxels, at)?;
        let groups = piece_groups(s, &voxels.name, count, origin)?;
        if !groups.is_empty() {
            grouped += 1;
        }
        if !voxels.variable.is_empty() {
            return Err(err(
                origin,
                format!(
                    "piece `{}` has variable voxels; variable voxels are supported in result shapes only",
                    voxels.name
                ),
            ));
        }
        if count == 0 {
            continue;
        }
        let shape = Shape::new(voxels.filled.iter().copied())
            .map_err(|e| err(origin, format!("piece `{}`: {e}", voxels.name)))?;
        pieces.push(Piece {
            name: voxels.name.clone(),
            symbol: ' ',
            count: count as u32,
            min: min as u32,
            color: None,
            cell_colors: if colored {
                colors_of(shape.cells(), &voxels.colors)
            } else {
                Vec::new()
            },
            shape,
            groups,
        });
    }
    Ok((pieces, grouped))
}

/// A piece's (minimum, count): `count`, or BurrTools' range `min`..`max` (the TOML checker
/// bounds it later), else one.
fn piece_counts(
    s: Node<'_, '_>,
    voxels: &Voxels,
    at: &ShapeAt<'_>,
) -> Result<(u64, u64), BurrError> {
    let (origin, pname) = (at.origin, at.pname);
    let (min, count) = match (
        number(s, "count", origin)?,
        number(s, "min", origin)?,
        number(s, "max", origin)?,
    ) {
        (Some(c), _, _) => (c, c),
        (None, Some(lo), Some(hi)) if lo <= hi => (lo, hi),
        (None, Some(lo), Some(hi)) => {
            return Err(err(
                origin,
                format!(
                    "problem `{pname}`: piece `{}` has min {lo} above max {hi}",
                    voxels.name
                ),
            ))
        }
        _ => (1, 1),
    };
    // Checked here, before any conversion: a count beyond the format's limit is an error
    // naming the number in the file, never a saturated or wrapped one.
    if count > MAX_COUNT as u64 {
        return Err(err(
            origin,
            format!(
                "problem `{pname}`: piece `{}` has count {count}, above the limit of \
                 {MAX_COUNT}",
                voxels.name
            ),
        ));
    }
    Ok((min, count))
}

/// The puzzle of problem `p`: its result shape as the target, named after the problem (else
/// the file), described by the file's comment.
fn assemble(
    root: Node<'_, '_>,
    p: Node<'_, '_>,
    target: &Voxels,
    pieces: Vec<Piece>,
    origin: &str,
) -> Result<Puzzle, BurrError> {
    // Variable voxels are target cells that may stay empty.
    let mut optional = target.variable.clone();
    optional.sort_unstable();
    let target = Shape::new(target.filled.iter().chain(&target.variable).copied())
        .map_err(|e| err(origin, format!("result shape `{}`: {e}", target.name)))?;
    let stem = std::path::Path::new(origin)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| origin.to_string());
    let comment = child(root, "comment")
        .and_then(|c| c.text())
        .unwrap_or("")
        .trim()
        .to_string();
    Ok(Puzzle {
        id: stem.clone(),
        name: p
            .attribute("name")
            .filter(|s| !s.trim().is_empty())
            .map(str::to_string)
            .unwrap_or(stem),
        description: comment,
        target,
        optional,
        pieces,
        published: Vec::new(),
        target_colors: Vec::new(),
        color_rules: Vec::new(),
        display_colors: Default::default(),
        grid: Grid::Cubes,
    })
}

/// The index of the problem `sel` names: `#N` is the N-th problem (from 1), `=NAME` the problem
/// named NAME; anything else either, and an error when it is both (a problem named `2` that is
/// not the second) or neither.
fn choose_problem(sel: &str, names: &[String]) -> Result<usize, String> {
    let number = |s: &str| {
        s.parse::<usize>()
            .ok()
            .filter(|&n| (1..=names.len()).contains(&n))
            .map(|n| n - 1)
    };
    let name = |s: &str| names.iter().position(|n| n == s);
    let (by_number, by_name) = if let Some(n) = sel.strip_prefix('#') {
        (number(n), None)
    } else if let Some(n) = sel.strip_prefix('=') {
        (None, name(n))
    } else {
        (number(sel), name(sel))
    };
    match (by_number, by_name) {
        (Some(a), Some(b)) if a != b => Err(format!(
            "has a problem named `{sel}` (problem {}) and a problem number {sel} (`{}`): say \
             --problem '#{sel}' for the number or --problem '={sel}' for the name",
            b + 1,
            names[a]
        )),
        (Some(i), _) | (None, Some(i)) => Ok(i),
        (None, None) => Err(format!(
            "has no problem {sel:?}; its problems are: {}",
            list_problems(names)
        )),
    }
}

fn list_problems(names: &[String]) -> String {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} `{n}`", i + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Symbols for layered text: the name's first character when free, else the first free of
/// A-Z, a-z, 0-9.
fn assign_symbols(pieces: &mut [Piece]) {
    let mut used = HashSet::new();
    let mut pool = ('A'..='Z').chain('a'..='z').chain('0'..='9');
    for p in pieces.iter_mut() {
        let first = p.name.chars().next().filter(|c| c.is_alphanumeric());
        p.symbol = match first {
            Some(c) if used.insert(c) => c,
            _ => pool.by_ref().find(|c| used.insert(*c)).unwrap_or('?'),
        };
    }
}
