//! An independent sticker-level simulator: 96 stickers, each a (cubie position, outward normal)
//! pair in 0..=3 grid coordinates, turned by explicit rotation matrices. It shares no code with
//! the library's cubie model.
#![allow(dead_code)]

use std::collections::HashMap;

type V = [i32; 3];

/// Clockwise quarter turns seen from +x, +y, +z, as matrices acting on column vectors.
const ROT_X: [[i32; 3]; 3] = [[1, 0, 0], [0, 0, 1], [0, -1, 0]]; // (x,y,z) -> (x, z, -y)
const ROT_Y: [[i32; 3]; 3] = [[0, 0, -1], [0, 1, 0], [1, 0, 0]]; // (x,y,z) -> (-z, y, x)
const ROT_Z: [[i32; 3]; 3] = [[0, 1, 0], [-1, 0, 0], [0, 0, 1]]; // (x,y,z) -> (y, -x, z)

fn mul(m: &[[i32; 3]; 3], v: V) -> V {
    [
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    ]
}

/// Where each facelet index lives: (cubie in 0..=3 coordinates, normal), from the text of the
/// layout (U with B on top, D with F on top, sides with U on top, each seen from outside).
fn layout() -> Vec<(V, V)> {
    let mut v = Vec::new();
    for face in 0..6 {
        for r in 0..4 {
            for c in 0..4 {
                v.push(match face {
                    0 => ([c, 3, r], [0, 1, 0]),          // U
                    1 => ([3, 3 - r, 3 - c], [1, 0, 0]),  // R
                    2 => ([c, 3 - r, 3], [0, 0, 1]),      // F
                    3 => ([c, 0, 3 - r], [0, -1, 0]),     // D
                    4 => ([0, 3 - r, c], [-1, 0, 0]),     // L
                    _ => ([3 - c, 3 - r, 0], [0, 0, -1]), // B
                });
            }
        }
    }
    v
}

pub struct Sim {
    stickers: HashMap<(V, V), char>,
    layout: Vec<(V, V)>,
}

impl Sim {
    pub fn from_facelets(s: &str) -> Sim {
        let layout = layout();
        let stickers = layout.iter().cloned().zip(s.chars()).collect();
        Sim { stickers, layout }
    }
    pub fn solved() -> Sim {
        Sim::from_facelets(
            &"URFDLB"
                .chars()
                .flat_map(|c| std::iter::repeat_n(c, 16))
                .collect::<String>(),
        )
    }
    pub fn facelets(&self) -> String {
        self.layout.iter().map(|k| self.stickers[k]).collect()
    }
    /// Turns the layers with `coord[axis] in layers` by `q` clockwise quarter turns about the
    /// positive axis.
    pub fn turn(&mut self, axis: usize, layers: &[i32], q: usize) {
        let m = [&ROT_X, &ROT_Y, &ROT_Z][axis];
        for _ in 0..q % 4 {
            let mut next = HashMap::new();
            for (&(p, n), &c) in &self.stickers {
                if layers.contains(&p[axis]) {
                    let centred = [2 * p[0] - 3, 2 * p[1] - 3, 2 * p[2] - 3];
                    let r = mul(m, centred);
                    let back = [(r[0] + 3) / 2, (r[1] + 3) / 2, (r[2] + 3) / 2];
                    next.insert((back, mul(m, n)), c);
                } else {
                    next.insert((p, n), c);
                }
            }
            self.stickers = next;
        }
    }
    /// Applies one Norskog single-slice token (`U`, `u'`, `r2`, ...) or rotation (`x`, `y'`).
    pub fn token(&mut self, t: &str) {
        let mut ch = t.chars();
        let letter = ch.next().unwrap();
        let q = match ch.as_str() {
            "" => 1,
            "2" => 2,
            "'" => 3,
            other => panic!("sim token {other}"),
        };
        // (axis, layer, whether clockwise about the face equals clockwise about +axis)
        let (axis, layers, same): (usize, Vec<i32>, bool) = match letter {
            'U' => (1, vec![3], true),
            'u' => (1, vec![2], true),
            'd' => (1, vec![1], false),
            'D' => (1, vec![0], false),
            'R' => (0, vec![3], true),
            'r' => (0, vec![2], true),
            'l' => (0, vec![1], false),
            'L' => (0, vec![0], false),
            'F' => (2, vec![3], true),
            'f' => (2, vec![2], true),
            'b' => (2, vec![1], false),
            'B' => (2, vec![0], false),
            'x' => (0, vec![0, 1, 2, 3], true),
            'y' => (1, vec![0, 1, 2, 3], true),
            'z' => (2, vec![0, 1, 2, 3], true),
            _ => panic!("sim letter {letter}"),
        };
        self.turn(axis, &layers, if same { q } else { 4 - q });
    }
}

/// Checks a solution with the simulator: applying `wca` (WCA notation) to `start` gives the
/// solved facelets.
pub fn sim_solves(start: &str, wca: &str) -> bool {
    let mut s = Sim::from_facelets(start);
    for tok in wca.split_whitespace() {
        sim_wca_token(&mut s, tok);
    }
    s.facelets() == Sim::solved().facelets()
}

/// The simulator's own reading of a WCA token (outer, `2X`, `Xw`, `3Xw`, rotations).
pub fn sim_wca_token(s: &mut Sim, tok: &str) {
    let (body, q) = if let Some(b) = tok.strip_suffix('\'') {
        (b, 3)
    } else if let Some(b) = tok.strip_suffix('2') {
        (b, 2)
    } else {
        (tok, 1)
    };
    let suffix = ["", "", "2", "'"][q];
    let (n, rest) = match body.chars().next() {
        Some(d) if d.is_ascii_digit() => (d.to_digit(10).unwrap() as usize, &body[1..]),
        _ => (0, body),
    };
    let letter = rest.chars().next().unwrap();
    let wide = rest.ends_with('w');
    if "xyz".contains(letter) {
        s.token(&format!("{letter}{suffix}"));
        return;
    }
    let lower = letter.to_ascii_lowercase();
    let opposite = match letter {
        'U' => 'D',
        'D' => 'U',
        'R' => 'L',
        'L' => 'R',
        'F' => 'B',
        _ => 'F',
    };
    let inv = ["", "", "2", "'"][4 - q];
    let mut layers: Vec<String> = Vec::new();
    let count = if wide {
        if n == 0 {
            2
        } else {
            n
        }
    } else {
        0
    };
    if wide {
        let all = [
            format!("{letter}{suffix}"),
            format!("{lower}{suffix}"),
            format!("{}{inv}", opposite.to_ascii_lowercase()),
            format!("{opposite}{inv}"),
        ];
        layers.extend(all.into_iter().take(count));
    } else if n == 2 {
        layers.push(format!("{lower}{suffix}"));
    } else {
        layers.push(format!("{letter}{suffix}"));
    }
    for l in layers {
        s.token(&l);
    }
}
