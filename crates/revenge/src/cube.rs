//! The cubie-level state of the 4x4x4 cube, its 36 single-slice turns, whole-cube rotations and
//! the 96-facelet representation.
//!
//! Geometry is computed once from 3D coordinates (doubled, so every sticker centre has integer
//! coordinates in {-3,-1,1,3}); the cubie move tables are derived from it, so the tables cannot
//! disagree with the facelet layout. Axes: `x` points to R, `y` to U, `z` to F.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::fmt;
use std::sync::OnceLock;

/// The six faces (and colours) in facelet order.
pub const FACE_CHARS: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];

pub(crate) type V3 = [i32; 3];

/// Outward normal of each face, in facelet order U R F D L B.
pub(crate) const NORMALS: [V3; 6] = [
    [0, 1, 0],
    [1, 0, 0],
    [0, 0, 1],
    [0, -1, 0],
    [-1, 0, 0],
    [0, 0, -1],
];
/// Direction of increasing column on each face as seen from outside.
const RIGHTS: [V3; 6] = [
    [1, 0, 0],
    [0, 0, -1],
    [1, 0, 0],
    [1, 0, 0],
    [0, 0, 1],
    [-1, 0, 0],
];
/// Direction of increasing row (U with B at the top edge, D with F at the top edge, sides with U
/// at the top).
const DOWNS: [V3; 6] = [
    [0, 0, 1],
    [0, -1, 0],
    [0, -1, 0],
    [0, 0, -1],
    [0, -1, 0],
    [0, -1, 0],
];

pub(crate) fn dot(a: V3, b: V3) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
pub(crate) fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
/// Clockwise quarter turn (seen from the tip of `n`) applied to `v`.
pub(crate) fn rot_cw(n: V3, v: V3) -> V3 {
    let d = dot(n, v);
    let c = cross(n, v);
    [n[0] * d - c[0], n[1] * d - c[1], n[2] * d - c[2]]
}

/// Position (doubled coordinates) and outward normal of facelet `f` (0..96).
pub(crate) fn facelet_geometry(f: usize) -> (V3, V3) {
    let face = f / 16;
    let row = ((f % 16) / 4) as i32;
    let col = (f % 4) as i32;
    let n = NORMALS[face];
    let r = RIGHTS[face];
    let d = DOWNS[face];
    let mut p = [0; 3];
    for i in 0..3 {
        p[i] = 3 * n[i] + (2 * col - 3) * r[i] + (2 * row - 3) * d[i];
    }
    (p, n)
}

pub(crate) fn facelet_at(p: V3, n: V3) -> usize {
    (0..96)
        .find(|&f| facelet_geometry(f) == (p, n))
        .expect("every sticker position is a facelet")
}

fn det(a: V3, b: V3, c: V3) -> i32 {
    dot(cross(a, b), c)
}

/// Slots of the three kinds of cubies, as facelet indices.
pub(crate) struct Geometry {
    /// Corner slot -> its 3 facelets, U/D facelet first, then clockwise seen from outside.
    pub corners: [[usize; 3]; 8],
    /// Wing slot -> its 2 facelets, ordered by a fixed handedness (so wings need no orientation).
    pub wings: [[usize; 2]; 24],
    /// Centre slot -> its facelet.
    pub centres: [usize; 24],
    /// Facelet -> (kind 0 corner / 1 wing / 2 centre, slot, index within slot).
    pub owner: [(u8, u8, u8); 96],
}

fn build_geometry() -> Geometry {
    let mut corners = Vec::new();
    let mut wings = Vec::new();
    let mut centres = Vec::new();
    // Enumerate cubie positions in a fixed order: U layer first.
    for f in 0..96 {
        let (p, n) = facelet_geometry(f);
        let big = p.iter().filter(|c| c.abs() == 3).count();
        match big {
            3 => {
                // A corner: take it when we meet its U/D facelet.
                if n[1] == 0 {
                    continue;
                }
                let axes: Vec<V3> = (0..3)
                    .map(|i| {
                        let mut v = [0; 3];
                        v[i] = p[i].signum();
                        v
                    })
                    .collect();
                let (a, b) = (axes[0], axes[2]); // x and z normals
                                                 // Clockwise seen from outside means det(n0, n1, n2) == -1 (checked on URF).
                let (n1, n2) = if det(n, a, b) == -1 { (a, b) } else { (b, a) };
                corners.push([f, facelet_at(p, n1), facelet_at(p, n2)]);
            }
            2 => {
                // A wing: two normals; order them so det(n0, n1, t) == 1 where t points along
                // the edge towards the wing's end.
                let idx: Vec<usize> = (0..3).filter(|&i| p[i].abs() == 3).collect();
                let mut na = [0; 3];
                na[idx[0]] = p[idx[0]].signum();
                let mut nb = [0; 3];
                nb[idx[1]] = p[idx[1]].signum();
                let k = (0..3)
                    .find(|&i| p[i].abs() == 1)
                    .expect("wing has a ±1 coordinate");
                let mut t = [0; 3];
                t[k] = p[k].signum();
                let (n0, n1) = if det(na, nb, t) == 1 {
                    (na, nb)
                } else {
                    (nb, na)
                };
                if n != n0 {
                    continue;
                }
                wings.push([f, facelet_at(p, n1)]);
            }
            _ => centres.push(f),
        }
    }
    let mut owner = [(0u8, 0u8, 0u8); 96];
    for (s, c) in corners.iter().enumerate() {
        for (i, &f) in c.iter().enumerate() {
            owner[f] = (0, s as u8, i as u8);
        }
    }
    for (s, w) in wings.iter().enumerate() {
        for (i, &f) in w.iter().enumerate() {
            owner[f] = (1, s as u8, i as u8);
        }
    }
    for (s, &f) in centres.iter().enumerate() {
        owner[f] = (2, s as u8, 0);
    }
    Geometry {
        corners: corners.try_into().expect("8 corners"),
        wings: wings.try_into().expect("24 wings"),
        centres: centres.try_into().expect("24 centres"),
        owner,
    }
}

pub(crate) fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(build_geometry)
}

/// A permutation of all cubies induced by a rigid motion of some stickers ("replaced-by" form:
/// after the motion, slot `i` holds what was in slot `src[i]`).
#[derive(Clone, Debug)]
pub(crate) struct CubiePerm {
    pub csrc: [u8; 8],
    pub ctw: [u8; 8],
    pub wsrc: [u8; 24],
    pub xsrc: [u8; 24],
}

/// The cubie permutation of a clockwise quarter turn about `n` of every sticker `p` with
/// `select(p)`.
fn perm_of_motion(n: V3, select: impl Fn(V3) -> bool) -> CubiePerm {
    let g = geometry();
    let dest = |f: usize| -> usize {
        let (p, m) = facelet_geometry(f);
        if select(p) {
            facelet_at(rot_cw(n, p), rot_cw(n, m))
        } else {
            f
        }
    };
    let mut c = CubiePerm {
        csrc: [0; 8],
        ctw: [0; 8],
        wsrc: [0; 24],
        xsrc: [0; 24],
    };
    for s in 0..8 {
        let (_, t, k) = g.owner[dest(g.corners[s][0])];
        c.csrc[t as usize] = s as u8;
        c.ctw[t as usize] = k;
    }
    for s in 0..24 {
        let (_, t, k) = g.owner[dest(g.wings[s][0])];
        debug_assert_eq!(k, 0);
        c.wsrc[t as usize] = s as u8;
        let (_, t, _) = g.owner[dest(g.centres[s])];
        c.xsrc[t as usize] = s as u8;
    }
    c
}

/// A single-slice turn: one of 12 slices (face U R F D L B, outer or the inner slice next to it)
/// turned a quarter, half or inverse quarter in that face's clockwise sense. Index
/// `(face * 2 + inner) * 3 + amount - 1`, 36 in all.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub u8);

impl Move {
    /// All 36 moves.
    pub fn all() -> impl Iterator<Item = Move> {
        (0..36).map(Move)
    }
    /// Builds a move from face (0..6 in U R F D L B), inner flag and amount (1, 2 or 3 quarter
    /// turns clockwise).
    pub fn new(face: usize, inner: bool, amount: u8) -> Move {
        debug_assert!(face < 6 && (1..=3).contains(&amount));
        Move(((face * 2 + inner as usize) * 3 + amount as usize - 1) as u8)
    }
    /// Face index 0..6 (U R F D L B).
    pub fn face(self) -> usize {
        self.0 as usize / 6
    }
    /// True for the inner slice next to the face.
    pub fn inner(self) -> bool {
        (self.0 / 3) % 2 == 1
    }
    /// Slice index 0..12 (face * 2 + inner).
    pub fn slice(self) -> usize {
        self.0 as usize / 3
    }
    /// Quarter turns clockwise (1, 2, 3).
    pub fn amount(self) -> u8 {
        self.0 % 3 + 1
    }
    /// Axis 0 (U-D), 1 (R-L), 2 (F-B).
    pub fn axis(self) -> usize {
        self.face() % 3
    }
    /// Layer index 0..4 along the axis, counted from the U, R or F face.
    pub fn layer(self) -> usize {
        let l = self.inner() as usize;
        if self.face() < 3 {
            l
        } else {
            3 - l
        }
    }
    /// Amount expressed in the clockwise sense of the U, R or F face of its axis (1..3).
    pub fn axis_amount(self) -> u8 {
        if self.face() < 3 {
            self.amount()
        } else {
            4 - self.amount()
        }
    }
    /// The move turning layer `layer` of axis `axis` by `amount` in the sense of the U/R/F face.
    pub fn from_axis(axis: usize, layer: usize, amount: u8) -> Move {
        if layer < 2 {
            Move::new(axis, layer == 1, amount)
        } else {
            Move::new(axis + 3, layer == 2, 4 - amount)
        }
    }
    /// The inverse turn.
    pub fn inverse(self) -> Move {
        Move::new(self.face(), self.inner(), 4 - self.amount())
    }
    /// Norskog's single-slice name: `U`, `u'`, `r2`, ...
    pub fn slice_name(self) -> String {
        let c = FACE_CHARS[self.face()];
        let c = if self.inner() {
            c.to_ascii_lowercase()
        } else {
            c
        };
        match self.amount() {
            1 => format!("{c}"),
            2 => format!("{c}2"),
            _ => format!("{c}'"),
        }
    }
    /// WCA name of this single-slice turn alone: `U`, `2U'`, `3R2` is never produced (the inner
    /// slice next to the opposite face is named from that face).
    pub fn wca_name(self) -> String {
        let c = FACE_CHARS[self.face()];
        let pre = if self.inner() { "2" } else { "" };
        match self.amount() {
            1 => format!("{pre}{c}"),
            2 => format!("{pre}{c}2"),
            _ => format!("{pre}{c}'"),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.slice_name())
    }
}

/// A whole-cube rotation about axis 0 (`y`, like U), 1 (`x`, like R) or 2 (`z`, like F), by
/// `amount` clockwise quarter turns.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rotation {
    pub axis: u8,
    pub amount: u8,
}

impl Rotation {
    /// WCA name (`x`, `y2`, `z'`).
    pub fn name(self) -> String {
        let c = ['y', 'x', 'z'][self.axis as usize];
        match self.amount % 4 {
            0 => String::new(),
            1 => format!("{c}"),
            2 => format!("{c}2"),
            _ => format!("{c}'"),
        }
    }
    /// The inverse rotation.
    pub fn inverse(self) -> Rotation {
        Rotation {
            axis: self.axis,
            amount: (4 - self.amount % 4) % 4,
        }
    }
}

pub(crate) struct Tables {
    /// Each of the 36 moves as one permutation.
    pub moves: Vec<CubiePerm>,
    /// Quarter rotation of the whole cube about each axis (y, x, z).
    pub rot: Vec<CubiePerm>,
}

pub(crate) fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut slice = Vec::new();
        for (face, &n) in NORMALS.iter().enumerate() {
            for inner in [false, true] {
                let level = if inner { 1 } else { 3 };
                let _ = face;
                slice.push(perm_of_motion(n, move |p| dot(p, n) == level));
            }
        }
        let rot = (0..3)
            .map(|a| perm_of_motion(NORMALS[a], |_| true))
            .collect();
        // Compose each move from its quarter turns by acting on the identity-labelled cube.
        let moves = (0..36)
            .map(|m| {
                let mv = Move(m);
                let mut c = Cube::identity_labels();
                for _ in 0..mv.amount() {
                    c.apply_perm(&slice[mv.slice()]);
                }
                c.as_perm()
            })
            .collect();
        Tables { moves, rot }
    })
}

/// A 4x4x4 cube state at cubie level, seen in a fixed frame.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cube {
    /// Corner slot -> corner cubie (the cubie's home slot).
    pub cp: [u8; 8],
    /// Corner slot -> twist: which facelet of the slot (0 = U/D facelet, then clockwise) shows
    /// the cubie's U/D sticker.
    pub co: [u8; 8],
    /// Wing slot -> wing cubie.
    pub wp: [u8; 24],
    /// Centre slot -> colour (face index 0..6).
    pub ct: [u8; 24],
}

impl Default for Cube {
    fn default() -> Self {
        Self::solved()
    }
}

impl Cube {
    /// The solved cube in the standard orientation.
    pub fn solved() -> Cube {
        let g = geometry();
        let mut ct = [0u8; 24];
        for (s, &f) in g.centres.iter().enumerate() {
            ct[s] = (f / 16) as u8;
        }
        Cube {
            cp: std::array::from_fn(|i| i as u8),
            co: [0; 8],
            wp: std::array::from_fn(|i| i as u8),
            ct,
        }
    }

    /// Every cubie labelled by its own slot (centres too, so a product of turns applied to it
    /// reads back as a permutation with [`Cube::as_perm`]).
    pub(crate) fn identity_labels() -> Cube {
        Cube {
            cp: std::array::from_fn(|i| i as u8),
            co: [0; 8],
            wp: std::array::from_fn(|i| i as u8),
            ct: std::array::from_fn(|i| i as u8),
        }
    }

    /// The permutation this cube has undergone, when it started from [`Cube::identity_labels`].
    pub(crate) fn as_perm(&self) -> CubiePerm {
        CubiePerm {
            csrc: self.cp,
            ctw: self.co,
            wsrc: self.wp,
            xsrc: self.ct,
        }
    }

    pub(crate) fn apply_perm(&mut self, p: &CubiePerm) {
        let old = *self;
        for i in 0..8 {
            let s = p.csrc[i] as usize;
            self.cp[i] = old.cp[s];
            self.co[i] = (old.co[s] + p.ctw[i]) % 3;
        }
        for i in 0..24 {
            self.wp[i] = old.wp[p.wsrc[i] as usize];
            self.ct[i] = old.ct[p.xsrc[i] as usize];
        }
    }

    /// Applies a single-slice turn.
    pub fn apply(&mut self, m: Move) {
        self.apply_perm(&tables().moves[m.0 as usize]);
    }

    /// Applies a sequence of single-slice turns.
    pub fn apply_all(&mut self, ms: &[Move]) {
        for &m in ms {
            self.apply(m);
        }
    }

    /// Rotates the whole cube (the stickers move; the frame stays).
    pub fn rotate(&mut self, r: Rotation) {
        let t = &tables().rot[r.axis as usize];
        for _ in 0..r.amount % 4 {
            self.apply_perm(t);
        }
    }

    /// True when every face shows one colour (in any orientation of the cube).
    pub fn is_solved_any_orientation(&self) -> bool {
        let f = self.facelets();
        f.as_bytes()
            .chunks(16)
            .all(|c| c.iter().all(|&x| x == c[0]))
    }

    /// Faces whose four centre stickers show one colour (6 when the centres are solved).
    pub fn uniform_centre_faces(&self) -> usize {
        let f = self.facelets().into_bytes();
        (0..6)
            .filter(|face| {
                let c = [5, 6, 9, 10].map(|i| f[face * 16 + i]);
                c.iter().all(|&x| x == c[0])
            })
            .count()
    }

    /// Edges whose two wings form a pair: the same two colours, facing the same way (12 when
    /// the cube is reduced to a 3x3x3).
    pub fn paired_edges(&self) -> usize {
        let g = geometry();
        let f = self.facelets().into_bytes();
        let mut paired = 0;
        for (s, a) in g.wings.iter().enumerate() {
            for b in &g.wings[s + 1..] {
                // The other wing slot of the same edge lies on the same two faces.
                let b = if [a[0] / 16, a[1] / 16] == [b[0] / 16, b[1] / 16] {
                    *b
                } else if [a[0] / 16, a[1] / 16] == [b[1] / 16, b[0] / 16] {
                    [b[1], b[0]]
                } else {
                    continue;
                };
                if f[a[0]] == f[b[0]] && f[a[1]] == f[b[1]] {
                    paired += 1;
                }
            }
        }
        paired
    }

    /// True for the solved cube in the standard orientation.
    pub fn is_solved(&self) -> bool {
        *self == Cube::solved()
    }

    /// The 96-character facelet string (faces U R F D L B).
    pub fn facelets(&self) -> String {
        let g = geometry();
        let mut out = ['?'; 96];
        for s in 0..8 {
            let c = self.cp[s] as usize;
            let t = self.co[s] as usize;
            for j in 0..3 {
                let colour = g.corners[c][j] / 16;
                out[g.corners[s][(j + t) % 3]] = FACE_CHARS[colour];
            }
        }
        for s in 0..24 {
            let w = self.wp[s] as usize;
            for j in 0..2 {
                out[g.wings[s][j]] = FACE_CHARS[g.wings[w][j] / 16];
            }
            out[g.centres[s]] = FACE_CHARS[self.ct[s] as usize];
        }
        out.iter().collect()
    }

    /// Parses a 96-character facelet string, validating it fully.
    pub fn from_facelets(s: &str) -> Result<Cube, FaceletError> {
        let chars: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != 96 {
            return Err(FaceletError::Length(chars.len()));
        }
        let mut col = [0u8; 96];
        let mut counts = [0usize; 6];
        for (i, &c) in chars.iter().enumerate() {
            let k = FACE_CHARS
                .iter()
                .position(|&f| f == c.to_ascii_uppercase())
                .ok_or(FaceletError::UnknownChar { pos: i, ch: c })?;
            col[i] = k as u8;
            counts[k] += 1;
        }
        for (k, &n) in counts.iter().enumerate() {
            if n != 16 {
                return Err(FaceletError::ColourCount {
                    colour: FACE_CHARS[k],
                    count: n,
                });
            }
        }
        let g = geometry();
        let name = |fs: &[usize]| -> String { fs.iter().map(|&f| FACE_CHARS[f / 16]).collect() };
        let mut cube = Cube::solved();
        let mut seen = [false; 8];
        for s in 0..8 {
            let got: Vec<u8> = g.corners[s].iter().map(|&f| col[f]).collect();
            let mut found = None;
            'search: for c in 0..8 {
                for t in 0..3 {
                    if (0..3).all(|j| got[(j + t) % 3] as usize == g.corners[c][j] / 16) {
                        found = Some((c, t));
                        break 'search;
                    }
                }
            }
            let (c, t) = found.ok_or_else(|| FaceletError::BadCorner {
                slot: name(&g.corners[s]),
                colours: got.iter().map(|&k| FACE_CHARS[k as usize]).collect(),
            })?;
            if seen[c] {
                return Err(FaceletError::DuplicateCorner(name(&g.corners[c])));
            }
            seen[c] = true;
            cube.cp[s] = c as u8;
            cube.co[s] = t as u8;
        }
        let twist: u32 = cube.co.iter().map(|&t| t as u32).sum();
        if !twist.is_multiple_of(3) {
            return Err(FaceletError::Twist(twist % 3));
        }
        let mut seen = [false; 24];
        for s in 0..24 {
            let got = [col[g.wings[s][0]], col[g.wings[s][1]]];
            let w = (0..24)
                .find(|&w| (0..2).all(|j| got[j] as usize == g.wings[w][j] / 16))
                .ok_or_else(|| FaceletError::BadWing {
                    slot: name(&g.wings[s]),
                    colours: got.iter().map(|&k| FACE_CHARS[k as usize]).collect(),
                })?;
            if seen[w] {
                return Err(FaceletError::DuplicateWing(name(&g.wings[w])));
            }
            seen[w] = true;
            cube.wp[s] = w as u8;
            cube.ct[s] = col[g.centres[s]];
        }
        Ok(cube)
    }

    /// A uniformly random state (any corner permutation with legal twist, any wing permutation,
    /// any centre arrangement), reproducible from `seed`.
    pub fn random(seed: u64) -> Cube {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        Self::random_with(&mut rng)
    }

    /// A uniformly random state drawn from `rng`.
    pub fn random_with<R: Rng>(rng: &mut R) -> Cube {
        let mut c = Cube::solved();
        c.cp.shuffle(rng);
        let mut sum = 0;
        for i in 0..7 {
            c.co[i] = rng.gen_range(0..3);
            sum += c.co[i];
        }
        c.co[7] = (3 - sum % 3) % 3;
        c.wp.shuffle(rng);
        c.ct.shuffle(rng);
        c
    }
}

/// Sticker `i` of a facelet string as the nets name it: its face and its place there, from 1
/// (`U1` … `B16`).
fn sticker_name(i: usize) -> String {
    format!("{}{}", FACE_CHARS[(i / 16).min(5)], i % 16 + 1)
}

/// Why a facelet string is not a 4x4x4 position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FaceletError {
    #[error("expected 96 facelets (faces U R F D L B, 16 each), got {0}")]
    Length(usize),
    #[error(
        "unknown character {ch:?} at sticker {} ({} of 96; use U R F D L B)",
        sticker_name(*pos),
        pos + 1
    )]
    UnknownChar { pos: usize, ch: char },
    #[error("colour {colour} appears {count} times, expected 16")]
    ColourCount { colour: char, count: usize },
    #[error("the corner at {slot} shows {colours}, which no corner has")]
    BadCorner { slot: String, colours: String },
    #[error("corner {0} appears twice")]
    DuplicateCorner(String),
    #[error("corner twists sum to {0} mod 3 (must be 0): a corner is twisted in place")]
    Twist(u32),
    #[error("the wing at {slot} shows {colours}, which no wing has (wings are handed: a flipped wing is impossible)")]
    BadWing { slot: String, colours: String },
    #[error("wing {0} appears twice")]
    DuplicateWing(String),
}
