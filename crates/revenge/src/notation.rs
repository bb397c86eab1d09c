//! Move notation: WCA/SiGN parsing (default), Norskog's single-slice notation (explicit option),
//! printers for both (the lengths they print are the crate's one `metric` module's: [`stm`], [`obtm`]).
//!
//! Internally every turn is a single-slice [`Move`]; a wide turn is several single-slice turns
//! on one axis, so sequences are normalised per axis before counting or printing.

use crate::cube::{Cube, Move, Rotation, FACE_CHARS};
use crate::metric::{axis_runs, best_blocks};
pub use crate::metric::{obtm, simplify, stm};

/// One step of a parsed sequence.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A single-slice turn.
    Turn(Move),
    /// A whole-cube rotation (free in every metric).
    Rotate(Rotation),
}

/// Which convention lower-case face letters follow.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// WCA / SiGN: `u` = `Uw` (two outer layers), `2U` = the inner slice, `3Uw` three layers.
    #[default]
    Wca,
    /// Norskog's programs: `u` = the single inner slice next to U.
    Slice,
}

/// A notation error, with the offending token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("cannot read move {0:?}: expected e.g. U, U', U2, Uw, 2U, 3Uw, u (SiGN), x, y, z")]
    Token(String),
    #[error("move {token:?}: layer {layer} does not exist on a 4x4x4 (layers 1..4)")]
    Layer { token: String, layer: usize },
}

fn face_index(c: char) -> Option<usize> {
    FACE_CHARS.iter().position(|&f| f == c.to_ascii_uppercase())
}

/// Parses a move sequence. Tokens are separated by whitespace; parentheses are ignored.
pub fn parse(s: &str, notation: Notation) -> Result<Vec<Step>, NotationError> {
    let mut out = Vec::new();
    for tok in s
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ',')
        .filter(|t| !t.is_empty())
    {
        parse_token(tok, notation, &mut out)?;
    }
    Ok(out)
}

fn parse_token(tok: &str, notation: Notation, out: &mut Vec<Step>) -> Result<(), NotationError> {
    let bad = || NotationError::Token(tok.to_string());
    let chars: Vec<char> = tok.chars().collect();
    let mut i = 0;
    let mut prefix: Option<usize> = None;
    while i < chars.len() && chars[i].is_ascii_digit() {
        let digit = chars[i].to_digit(10).ok_or_else(bad)? as usize;
        // Checked: a wrapped prefix could turn a nonsense token into a valid layer.
        let value = prefix
            .unwrap_or(0)
            .checked_mul(10)
            .and_then(|p| p.checked_add(digit));
        prefix = Some(value.ok_or_else(bad)?);
        i += 1;
    }
    let letter = *chars.get(i).ok_or_else(bad)?;
    i += 1;
    let mut wide = false;
    if chars.get(i) == Some(&'w') {
        wide = true;
        i += 1;
    }
    // Amount suffix: "", "'", "2", "2'", "'2", "3" (= '), "1".
    let rest: String = chars[i..].iter().collect();
    let amount: u8 = match rest.as_str() {
        "" | "1" => 1,
        "'" | "3" | "1'" => 3,
        "2" | "2'" | "'2" => 2,
        _ => return Err(bad()),
    };
    if let Some(axis) = "yxz".find(letter) {
        if prefix.is_some() || wide {
            return Err(bad());
        }
        out.push(Step::Rotate(Rotation {
            axis: axis as u8,
            amount,
        }));
        return Ok(());
    }
    let face = face_index(letter).ok_or_else(bad)?;
    let lower = letter.is_ascii_lowercase();
    // Layers turned, counted from the named face (1 = outer).
    let layers: Vec<usize> = if lower && notation == Notation::Slice {
        if prefix.is_some() || wide {
            return Err(bad());
        }
        vec![2]
    } else if wide || lower {
        let n = prefix.unwrap_or(2);
        if n == 0 || n > 4 {
            return Err(NotationError::Layer {
                token: tok.into(),
                layer: n,
            });
        }
        (1..=n).collect()
    } else {
        let n = prefix.unwrap_or(1);
        if n == 0 || n > 4 {
            return Err(NotationError::Layer {
                token: tok.into(),
                layer: n,
            });
        }
        vec![n]
    };
    for l in layers {
        // Layer l from `face`: 1 outer, 2 inner, 3 = inner next to the opposite face turned
        // the other way, 4 = opposite outer face turned the other way.
        let m = match l {
            1 => Move::new(face, false, amount),
            2 => Move::new(face, true, amount),
            3 => Move::new((face + 3) % 6, true, 4 - amount),
            _ => Move::new((face + 3) % 6, false, 4 - amount),
        };
        out.push(Step::Turn(m));
    }
    Ok(())
}

/// Applies parsed steps to a cube.
pub fn apply_steps(cube: &mut Cube, steps: &[Step]) {
    for s in steps {
        match *s {
            Step::Turn(m) => cube.apply(m),
            Step::Rotate(r) => cube.rotate(r),
        }
    }
}

fn amount_suffix(a: u8) -> &'static str {
    match a % 4 {
        1 => "",
        2 => "2",
        3 => "'",
        _ => "",
    }
}

/// Prints a single-slice sequence in WCA notation with the fewest outer/wide turns (its token
/// count is the OBTM length). Never uses rotations, so the frame never changes.
pub fn to_wca(moves: &[Move]) -> String {
    let mut toks = Vec::new();
    for (a, amt) in axis_runs(moves) {
        for &b in best_blocks(amt) {
            // Name blocks from the side that contains the outer layer.
            let (face, n, amount) = if b.lo == 0 {
                (a, b.hi + 1, b.amount)
            } else {
                (a + 3, 4 - b.lo, (4 - b.amount) % 4)
            };
            let c = FACE_CHARS[face];
            let name = match n {
                1 => format!("{c}"),
                2 => format!("{c}w"),
                _ => format!("{n}{c}w"),
            };
            toks.push(format!("{name}{}", amount_suffix(amount)));
        }
    }
    toks.join(" ")
}

/// Prints a single-slice sequence in Norskog's notation (`u` = inner slice alone).
pub fn to_slice(moves: &[Move]) -> String {
    simplify(moves)
        .iter()
        .map(|m| m.slice_name())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Prints a sequence of single-slice turns one turn per token in WCA (`2U` for the inner slice).
pub fn to_wca_slices(moves: &[Move]) -> String {
    simplify(moves)
        .iter()
        .map(|m| m.wca_name())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A solution's single-slice turns in the original frame and the whole-cube rotation after
/// them (free in every metric: it only restores the standard orientation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    pub moves: Vec<Move>,
    pub final_rotation: Vec<Rotation>,
}

impl Line {
    /// Length in single-slice turns.
    pub fn stm(&self) -> usize {
        stm(&self.moves)
    }
    /// Length in outer block turns.
    pub fn obtm(&self) -> usize {
        obtm(&self.moves)
    }
    /// The whole line in WCA notation, the final rotation last (no rotation in the middle).
    pub fn wca(&self) -> String {
        self.with_rotation(to_wca(&self.moves))
    }
    /// The whole line in Norskog's single-slice notation.
    pub fn slice_notation(&self) -> String {
        self.with_rotation(to_slice(&self.moves))
    }
    fn with_rotation(&self, mut s: String) -> String {
        for r in &self.final_rotation {
            let n = r.name();
            if !n.is_empty() {
                if !s.is_empty() {
                    s.push(' ');
                }
                s.push_str(&n);
            }
        }
        s
    }
}

/// Converts steps with rotations into single-slice turns in the original frame plus the net
/// rotation to apply at the end (turns after a rotation are re-expressed in the frame before
/// it, so `x R` becomes `L x`... applied to any cube both give the same result).
pub fn unrotate(steps: &[Step]) -> (Vec<Move>, Vec<Rotation>) {
    // Track the current orientation as a map from frame face to original face.
    let mut map: [usize; 6] = [0, 1, 2, 3, 4, 5];
    let mut rots = Vec::new();
    let mut moves = Vec::new();
    for s in steps {
        match *s {
            Step::Turn(m) => moves.push(Move::new(map[m.face()], m.inner(), m.amount())),
            Step::Rotate(r) => {
                rots.push(r);
                for _ in 0..r.amount % 4 {
                    map = rotate_face_map(map, r.axis as usize);
                }
            }
        }
    }
    (moves, rots)
}

/// After a whole-cube quarter rotation about `axis` (y, x, z like U, R, F), the face now at
/// position p shows what was at position q: returns the updated frame-face -> original-face
/// map.
fn rotate_face_map(map: [usize; 6], axis: usize) -> [usize; 6] {
    use crate::cube::{rot_cw, NORMALS};
    let n = NORMALS[axis];
    let mut out = map;
    for (q, &nq) in NORMALS.iter().enumerate() {
        let p = NORMALS
            .iter()
            .position(|&v| v == rot_cw(n, nq))
            .expect("a rotation maps faces to faces");
        // The face that was at q is now at p.
        out[p] = map[q];
    }
    out
}
