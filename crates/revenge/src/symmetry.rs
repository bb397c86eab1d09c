//! Symmetries of the cube acting on positions: `X ↦ g X g⁻¹` for an isometry `g` of the cube
//! (one of the 48 of [`wurfel_geom::Iso`], mirrors included), colours carried along.
//!
//! A symmetry maps stickers to stickers and colours to colours; everything here is derived
//! from that facelet map once, then applied cubie by cubie (so conjugating a position costs
//! a few hundred nanoseconds, not a facelet-string round trip).

use crate::cube::{
    facelet_at, facelet_geometry, geometry, Cube, Move, Rotation, FACE_CHARS, NORMALS,
};
use wurfel_geom::Iso;

/// A symmetry of the cube prepared for conjugating positions.
#[derive(Clone, Debug)]
pub struct CubeSym {
    pub iso: Iso,
    /// Facelet -> image facelet.
    fmap: [u8; 96],
    /// Colour (face index) -> image colour.
    colour: [u8; 6],
    /// Ordered corner colours (base-6 number of the three facelets of a slot, in slot order)
    /// -> (corner, twist), or 255 when no corner shows them.
    corner_of: Vec<(u8, u8)>,
    /// Ordered wing colours (base 6) -> wing, or 255.
    wing_of: [u8; 36],
}

fn face(f: usize) -> usize {
    f / 16
}

impl CubeSym {
    /// Prepares `iso` (acting on the doubled sticker coordinates, axes x to R, y to U, z to F).
    pub fn new(iso: Iso) -> CubeSym {
        let g = geometry();
        let mut fmap = [0u8; 96];
        for (f, slot) in fmap.iter_mut().enumerate() {
            let (p, n) = facelet_geometry(f);
            *slot = facelet_at(iso.apply(p), iso.apply(n)) as u8;
        }
        let mut colour = [0u8; 6];
        for (k, c) in colour.iter_mut().enumerate() {
            let n = iso.apply(NORMALS[k]);
            *c = NORMALS
                .iter()
                .position(|&x| x == n)
                .expect("an isometry maps face normals to face normals") as u8;
        }
        let mut corner_of = vec![(255u8, 255u8); 216];
        for c in 0..8 {
            for t in 0..3 {
                // Cubie c with twist t shows its colour j at the slot's facelet (j + t) % 3.
                let mut cols = [0usize; 3];
                for j in 0..3 {
                    cols[(j + t) % 3] = face(g.corners[c][j]);
                }
                corner_of[cols[0] * 36 + cols[1] * 6 + cols[2]] = (c as u8, t as u8);
            }
        }
        let mut wing_of = [255u8; 36];
        for w in 0..24 {
            wing_of[face(g.wings[w][0]) * 6 + face(g.wings[w][1])] = w as u8;
        }
        CubeSym {
            iso,
            fmap,
            colour,
            corner_of,
            wing_of,
        }
    }

    /// `g X g⁻¹`: the position `c` seen in the mirror or rotated frame of `g`.
    pub fn conjugate(&self, c: &Cube) -> Cube {
        let g = geometry();
        // Colour shown at each facelet of the image, filled cubie by cubie.
        let mut col = [0u8; 96];
        for s in 0..8 {
            let (x, t) = (c.cp[s] as usize, c.co[s] as usize);
            for j in 0..3 {
                let f = g.corners[s][(j + t) % 3];
                col[self.fmap[f] as usize] = self.colour[face(g.corners[x][j])];
            }
        }
        for s in 0..24 {
            let w = c.wp[s] as usize;
            for j in 0..2 {
                col[self.fmap[g.wings[s][j]] as usize] = self.colour[face(g.wings[w][j])];
            }
            col[self.fmap[g.centres[s]] as usize] = self.colour[c.ct[s] as usize];
        }
        let mut out = Cube::solved();
        for s in 0..8 {
            let f = g.corners[s];
            let key = col[f[0]] as usize * 36 + col[f[1]] as usize * 6 + col[f[2]] as usize;
            let (x, t) = self.corner_of[key];
            debug_assert!(x != 255, "a symmetry maps corners to corners");
            out.cp[s] = x;
            out.co[s] = t;
        }
        for s in 0..24 {
            let f = g.wings[s];
            let w = self.wing_of[col[f[0]] as usize * 6 + col[f[1]] as usize];
            debug_assert!(w != 255, "a symmetry maps wings to wings");
            out.wp[s] = w;
            out.ct[s] = col[g.centres[s]];
        }
        out
    }

    /// The colour (face index) colour `c` becomes.
    pub fn colour_image(&self, c: u8) -> u8 {
        self.colour[c as usize]
    }

    /// Wing slot -> the slot it is carried to (as an unordered pair of facelets: a mirror
    /// reverses the handedness the slots' facelet order follows).
    pub fn wing_map(&self) -> [u8; 24] {
        let g = geometry();
        std::array::from_fn(|s| {
            let [a, b] = g.wings[s].map(|f| self.fmap[f] as usize);
            (0..24)
                .find(|&t| g.wings[t] == [a, b] || g.wings[t] == [b, a])
                .expect("a symmetry maps wing slots to wing slots") as u8
        })
    }

    /// The turn `m'` with `g (X m) g⁻¹ = (g X g⁻¹) m'` for every `X`: the image of a turn.
    pub fn conjugate_move(&self, m: Move) -> Move {
        move_image(m, |x| self.conjugate(x))
    }
}

/// The turn `m'` with `f(X m) = f(X) m'` for a map `f` of positions that carries turns to
/// turns (a rotation or a symmetry of the cube), found by trying every turn on a random
/// position (one where different turns give different results).
pub(crate) fn move_image(m: Move, f: impl Fn(&Cube) -> Cube) -> Move {
    let x = Cube::random(0x5eed);
    let mut xm = x;
    xm.apply(m);
    let (a, b) = (f(&x), f(&xm));
    Move::all()
        .find(|&k| {
            let mut y = a;
            y.apply(k);
            y == b
        })
        .expect("the map carries single-slice turns to single-slice turns")
}

/// The symmetries (of the 48) that map the move set `moves` onto itself, identity first.
pub(crate) fn move_set_symmetries(moves: &[Move]) -> Vec<CubeSym> {
    Iso::all()
        .into_iter()
        .map(CubeSym::new)
        .filter(|s| moves.iter().all(|&m| moves.contains(&s.conjugate_move(m))))
        .collect()
}

// ---- Whole-cube rotations as turn sequences (the five-stage method's one-time rotations) ----

/// A whole-cube rotation as a short sequence of quarter rotations.
pub(crate) type Rot = Vec<Rotation>;

pub(crate) fn r(axis: u8, amount: u8) -> Rotation {
    Rotation { axis, amount }
}

/// All 24 rotations, the identity first.
pub fn all_rotations() -> Vec<Rot> {
    let mut out: Vec<Rot> = Vec::new();
    let mut seen: Vec<Cube> = Vec::new();
    let tilts: [Rot; 6] = [
        vec![],
        vec![r(1, 1)],
        vec![r(1, 2)],
        vec![r(1, 3)],
        vec![r(2, 1)],
        vec![r(2, 3)],
    ];
    for t in &tilts {
        for k in 0..4u8 {
            let mut seq = t.clone();
            if k > 0 {
                seq.push(r(0, k));
            }
            let mut c = Cube::random(0);
            for &q in &seq {
                c.rotate(q);
            }
            if !seen.contains(&c) {
                seen.push(c);
                out.push(seq);
            }
        }
    }
    out
}

/// `c` turned by `rot`.
pub(crate) fn rotated(c: &Cube, rot: &Rot) -> Cube {
    let mut x = *c;
    for &q in rot {
        x.rotate(q);
    }
    x
}

/// True when `a` and `b` are the same position seen in two orientations (a 4x4x4 has no fixed
/// centres, so a whole-cube rotation does not change the position).
pub fn same_up_to_rotation(a: &Cube, b: &Cube) -> bool {
    all_rotations()
        .iter()
        .any(|rot| rotated(a, rot).facelets() == b.facelets())
}

/// The move `m'` with `rot(c)·m' = rot(c·m)` for every cube `c`.
pub(crate) fn conjugate(m: Move, rot: &Rot) -> Move {
    move_image(m, |c| {
        let mut x = *c;
        for &q in rot {
            x.rotate(q);
        }
        x
    })
}

/// The image of a position under a symmetry of the cube (a rotation or a reflection given as a
/// signed permutation matrix), colours carried along: `g X g⁻¹`. Computed on facelets, so it
/// needs no cubie-level rule for mirrored wings.
pub(crate) fn conjugate_cube(c: &Cube, m: Iso) -> Option<Cube> {
    let f: Vec<usize> = c
        .facelets()
        .chars()
        .map(|ch| FACE_CHARS.iter().position(|&x| x == ch).unwrap_or(0))
        .collect();
    let colour: Vec<usize> = (0..6)
        .map(|k| {
            let n = m.apply(NORMALS[k]);
            NORMALS.iter().position(|&x| x == n).unwrap_or(0)
        })
        .collect();
    let mut out = vec!['?'; 96];
    for (i, &k) in f.iter().enumerate() {
        let (p, n) = facelet_geometry(i);
        out[facelet_at(m.apply(p), m.apply(n))] = FACE_CHARS[colour[k]];
    }
    Cube::from_facelets(&out.iter().collect::<String>()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conjugation_matches_the_facelet_level_definition() {
        for (k, iso) in Iso::all().into_iter().enumerate() {
            let s = CubeSym::new(iso);
            let mut c = Cube::solved();
            // A position with every kind of piece moved (a legal one: mirrors of illegal
            // positions need not be representable).
            c.apply_all(&[Move(0), Move(7), Move(13), Move(20), Move(28), Move(35)]);
            c.apply_all(&[Move(4), Move(10), Move(17), Move(31)]);
            let want = conjugate_cube(&c, iso).expect("legal image");
            assert_eq!(s.conjugate(&c), want, "symmetry {k}");
        }
    }

    #[test]
    fn conjugation_is_a_homomorphism_on_turns() {
        for iso in Iso::all() {
            let s = CubeSym::new(iso);
            let x = Cube::random(3);
            for m in Move::all() {
                let mut xm = x;
                xm.apply(m);
                let mut y = s.conjugate(&x);
                y.apply(s.conjugate_move(m));
                assert_eq!(y, s.conjugate(&xm));
            }
        }
    }
}
