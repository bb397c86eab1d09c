//! Wings and edges as the reduction's later phases see them: the orbits of the wing slots
//! under a set of turns (phase 3's wing classes) and the 12 edge positions, each a pair of
//! wing slots.

use super::moves::{turn_perms, Turn};
use crate::cube::geometry;

/// Orbits of the wing slots under `turns`: slot -> smallest slot of its orbit.
pub(crate) fn wing_orbits(turns: &[Turn]) -> [u8; 24] {
    let perms = turn_perms();
    let mut cls: [u8; 24] = std::array::from_fn(|i| i as u8);
    loop {
        let mut changed = false;
        for t in turns {
            let p = &perms[t.0 as usize];
            for i in 0..24 {
                let j = p.wsrc[i] as usize;
                let m = cls[i].min(cls[j]);
                if cls[i] != m || cls[j] != m {
                    cls[i] = m;
                    cls[j] = m;
                    changed = true;
                }
            }
        }
        if !changed {
            return cls;
        }
    }
}

/// The 12 edge positions (pairs of wing slots), those on the U and D faces first, so the last
/// four are the middle layer (where the 3x3x3 solver wants them).
pub(crate) struct EdgePositions {
    /// Wing slot -> edge position.
    pub pos: [u8; 24],
    /// Edge position -> its two wing slots.
    pub slots: [[u8; 2]; 12],
}

impl EdgePositions {
    pub(crate) fn new() -> EdgePositions {
        let g = geometry();
        let faces = |s: usize| {
            let mut f = [g.wings[s][0] / 16, g.wings[s][1] / 16];
            f.sort();
            f
        };
        let mut pairs: Vec<[usize; 2]> = (0..24).map(faces).collect();
        pairs.sort_by_key(|f| {
            let ud = f.iter().any(|&x| x == 0 || x == 3);
            (!ud, *f)
        });
        pairs.dedup();
        let mut pos = [0u8; 24];
        let mut slots = [[0u8; 2]; 12];
        let mut fill = [0usize; 12];
        for (s, ps) in pos.iter_mut().enumerate() {
            let p = pairs
                .iter()
                .position(|&f| f == faces(s))
                .expect("every wing is on an edge");
            *ps = p as u8;
            slots[p][fill[p]] = s as u8;
            fill[p] += 1;
        }
        EdgePositions { pos, slots }
    }
}

impl Default for EdgePositions {
    fn default() -> Self {
        Self::new()
    }
}
