//! What each of Norskog's five stages is: its move set, its coordinates and which products of
//! them get distance tables, and the whole-cube rotations that may end it.
//!
//! Each stage k has a move set `M_k` (nested: `M_1 ⊃ M_2 ⊃ ... ⊃ M_5`) and is solved when the
//! position lies in the set reachable from the solved cube by the next stage's moves `M_{k+1}`
//! (the stage's goal), up to the one-time whole-cube rotations Norskog allows. Goals are
//! therefore *computed* (closure of the solved cube under `M_{k+1}`, [`super::stage`]), not
//! hand-written, and the rotations become extra goal sources: for stage 1 the cube may end with
//! its corners oriented about any axis (Norskog's 120° turns about UFL–DBR), for stage 2 turned
//! 90° about U–D, for stage 5 turned 180° about any axis.

use crate::cube::{Cube, Move};
use crate::symmetry::{r, Rot};
use crate::toolkit::coord::{relabel_coset_table, slots, Coord, Kind};

/// A stage's coordinate kinds, each with whether it is reduced modulo the next stage's
/// permutation subgroup, and the projections (lists of coordinate indices) given tables.
pub(crate) type Spec = (Vec<(Kind, bool)>, Vec<Vec<usize>>);

/// The moves of stage `k` (1..=5); stage 6 means none.
pub(crate) fn stage_moves(k: usize) -> Vec<Move> {
    let q = |f: usize, inner: bool, amts: &[u8]| -> Vec<Move> {
        amts.iter().map(|&a| Move::new(f, inner, a)).collect()
    };
    let all: &[u8] = &[1, 2, 3];
    let half: &[u8] = &[2];
    let (u, r, f, d, l, b) = (0, 1, 2, 3, 4, 5);
    let mut v = Vec::new();
    match k {
        1 => return Move::all().collect(),
        2 => {
            for x in [u, d] {
                v.extend(q(x, false, all));
                v.extend(q(x, true, all));
            }
            for x in [r, l] {
                v.extend(q(x, false, half));
                // Norskog's later version: l and r quarter turns too (worst case 16, not 18).
                v.extend(q(x, true, all));
            }
            for x in [f, b] {
                v.extend(q(x, false, half));
                v.extend(q(x, true, all));
            }
        }
        3 => {
            for x in [u, d] {
                v.extend(q(x, false, all));
                v.extend(q(x, true, half));
            }
            for x in [r, l] {
                v.extend(q(x, false, half));
                v.extend(q(x, true, half));
            }
            for x in [f, b] {
                v.extend(q(x, false, half));
                v.extend(q(x, true, all));
            }
        }
        4 => {
            for x in [u, d] {
                v.extend(q(x, false, all));
                v.extend(q(x, true, half));
            }
            for x in [r, l, f, b] {
                v.extend(q(x, false, half));
                v.extend(q(x, true, half));
            }
        }
        5 => {
            for x in 0..6 {
                v.extend(q(x, false, half));
                v.extend(q(x, true, half));
            }
        }
        _ => {}
    }
    v.sort();
    v
}

/// Stage 2 as Norskog's table counts it (the first version: l and r only as half turns, worst
/// case 18); the solver uses the later version with l and r quarter turns.
pub fn stage2_seed_moves() -> Vec<Move> {
    stage_moves(2)
        .into_iter()
        .filter(|m| !(m.inner() && m.axis() == 1 && m.amount() != 2))
        .collect()
}

/// Rotations that may end stage `k` (applied as goal sources).
pub(crate) fn stage_rotations(k: usize) -> Vec<Rot> {
    match k {
        // Corners oriented about x or z instead of y: Norskog's 120° turns about UFL-DBR
        // bring either axis to U-D.
        1 => vec![vec![], vec![r(2, 1)], vec![r(1, 1)]],
        2 => vec![vec![], vec![r(0, 1)]],
        5 => vec![vec![], vec![r(1, 2)], vec![r(0, 2)], vec![r(2, 2)]],
        _ => vec![vec![]],
    }
}

pub(crate) fn colour_set(colour: u8, axes: &[usize]) -> Kind {
    Kind::ColourSet {
        colour,
        slots: slots::centres_on(axes),
    }
}

/// Stage 4 in Norskog's coordinates: 420 corner cosets x 70 centre configurations x 88,200
/// wing cosets (2,593,080,000 positions), for the analysis.
pub(crate) fn stage4_seed_spec() -> Spec {
    (
        vec![
            (Kind::CornerPerm, true),
            (colour_set(0, &[0]), false),
            (ud_wing_coset(), false),
        ],
        vec![vec![0, 1, 2]],
    )
}

/// Norskog's stage-4 wing coordinate (88,200 cosets of the half-turn group).
pub(crate) fn ud_wing_coset() -> Kind {
    let slots_ud = slots::ud_wings();
    let lr = slots::ud_wings_in_slices(0);
    let fb = slots::ud_wings_in_slices(2);
    let group = |sl: &[u8]| -> Vec<Vec<u8>> {
        let kind = Kind::WingPerm { slots: sl.to_vec() };
        let c = Coord::build(kind, None, &[Cube::solved()], &stage_moves(5));
        c.dense
            .iter()
            .enumerate()
            .filter(|(_, &d)| d != u32::MAX)
            .map(|(r, _)| crate::toolkit::coord::perm_unrank(r as u32, sl.len()))
            .collect()
    };
    Kind::UdWingCoset {
        is_lr: slots_ud.iter().map(|s| lr.contains(s)).collect(),
        slots: slots_ud,
        canon_lr: relabel_coset_table(&group(&lr), lr.len()),
        canon_fb: relabel_coset_table(&group(&fb), fb.len()),
    }
}

/// The coordinates and projections of stage `k` as the solver uses it.
pub(crate) fn stage_spec(k: usize) -> Spec {
    let (cu, cr, cf, _cd, cl, cb) = (0u8, 1u8, 2u8, 3u8, 4u8, 5u8);
    match k {
        1 => (
            vec![
                (
                    Kind::WingSet {
                        set: slots::e_wings(),
                        slots: (0..24).collect(),
                    },
                    false,
                ),
                (Kind::Twist, false),
            ],
            vec![vec![0, 1]],
        ),
        2 => (
            vec![
                (colour_set(cf, &[0, 1, 2]), false),
                (colour_set(cb, &[0, 1, 2]), false),
                (
                    Kind::WingPerm {
                        slots: slots::e_wings(),
                    },
                    true,
                ),
            ],
            vec![vec![0, 2], vec![1, 2], vec![0, 1]],
        ),
        3 => (
            vec![
                (colour_set(cl, &[0, 1]), false),
                (colour_set(cr, &[0, 1]), false),
                (
                    Kind::WingSet {
                        set: slots::ud_wings_class(true),
                        slots: slots::ud_wings(),
                    },
                    false,
                ),
                (
                    Kind::WingParity {
                        slots: slots::ud_wings(),
                    },
                    false,
                ),
            ],
            vec![vec![0, 1], vec![2, 3, 0], vec![2, 3, 1]],
        ),
        4 => (
            vec![
                (Kind::CornerPerm, true),
                (colour_set(cu, &[0]), false),
                (
                    Kind::WingPerm {
                        slots: slots::ud_wings_class(true),
                    },
                    false,
                ),
                (
                    Kind::WingPerm {
                        slots: slots::ud_wings_class(false),
                    },
                    false,
                ),
                (
                    Kind::WingPerm {
                        slots: slots::ud_wings_class(true),
                    },
                    true,
                ),
                (
                    Kind::WingPerm {
                        slots: slots::ud_wings_class(false),
                    },
                    true,
                ),
                (ud_wing_coset(), false),
            ],
            // The whole stage in Norskog's coordinates (2,593,080,000 entries, 1.3 GB): exact
            // up to 14 (deeper entries read 14), so stage-4 searches are nearly instant.
            vec![vec![0, 1, 6]],
        ),
        _ => (
            // Half turns keep every piece in its orbit: corners, the middle-layer wings, the
            // U/D-layer wings of the l/r slices and of the f/b slices each take 96
            // arrangements, the centres of each axis 12.
            vec![
                (Kind::CornerPerm, false),
                (
                    Kind::WingPerm {
                        slots: slots::e_wings(),
                    },
                    false,
                ),
                (
                    Kind::WingPerm {
                        slots: slots::ud_wings_in_slices(0),
                    },
                    false,
                ),
                (
                    Kind::WingPerm {
                        slots: slots::ud_wings_in_slices(2),
                    },
                    false,
                ),
                (colour_set(cu, &[0]), false),
                (colour_set(cl, &[1]), false),
                (colour_set(cf, &[2]), false),
            ],
            vec![
                vec![0, 1, 2, 3],
                vec![0, 1, 4, 5, 6],
                vec![0, 2, 4, 5, 6],
                vec![1, 3, 4, 5, 6],
                vec![2, 3, 4, 5, 6],
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toolkit::coord::perm_unrank;
    use std::collections::HashSet;

    /// The wing coset key as first written: the least 16-nibble string over every relabelling
    /// of each family (slow: a minimum over the whole group per lookup).
    fn reference_key(c: &Cube, slots: &[u8], is_lr: &[bool], groups: [&[Vec<u8>]; 2]) -> u64 {
        let a: Vec<u8> = slots
            .iter()
            .map(|&s| slots.iter().position(|&h| h == c.wp[s as usize]).unwrap() as u8)
            .collect();
        let mut fam = [0u8; 16];
        let (mut nl, mut nf) = (0u8, 0u8);
        for (l, &x) in is_lr.iter().enumerate() {
            let n = if x { &mut nl } else { &mut nf };
            fam[l] = *n;
            *n += 1;
        }
        let canon = |lr: bool, group: &[Vec<u8>]| -> u64 {
            group
                .iter()
                .map(|h| {
                    a.iter().fold(0u64, |k, &l| {
                        let l = l as usize;
                        k << 4
                            | if is_lr[l] == lr {
                                u64::from(h[fam[l] as usize])
                            } else {
                                15
                            }
                    })
                })
                .min()
                .unwrap()
        };
        let (x, y) = (canon(true, groups[0]), canon(false, groups[1]));
        let mut key = 0u64;
        for i in (0..a.len()).rev() {
            let (p, q) = ((x >> (4 * i)) & 15, (y >> (4 * i)) & 15);
            key = key << 4 | if p != 15 { p } else { 8 + q };
        }
        key
    }

    /// The fast key splits positions into exactly the classes the reference key does: the
    /// 88,200 values of the coordinate have distinct reference keys, and the move table built
    /// with the fast key agrees with the reference key of every move's result.
    #[test]
    fn wing_coset_key_has_the_reference_classes() {
        let kind = ud_wing_coset();
        let Kind::UdWingCoset { slots, is_lr, .. } = &kind else {
            unreachable!()
        };
        let group = |sl: &[u8]| -> Vec<Vec<u8>> {
            let k = Kind::WingPerm { slots: sl.to_vec() };
            let c = Coord::build(k, None, &[Cube::solved()], &stage_moves(5));
            c.dense
                .iter()
                .enumerate()
                .filter(|(_, &d)| d != u32::MAX)
                .map(|(r, _)| perm_unrank(r as u32, sl.len()))
                .collect()
        };
        let (h_lr, h_fb) = (
            group(&slots::ud_wings_in_slices(0)),
            group(&slots::ud_wings_in_slices(2)),
        );
        let (slots, is_lr) = (slots.clone(), is_lr.clone());
        let moves = stage_moves(4);
        let coord = Coord::build(kind, None, &[Cube::solved()], &moves);
        assert_eq!(coord.size, 88_200);
        let refkey = |c: &Cube| reference_key(c, &slots, &is_lr, [&h_lr, &h_fb]);
        let keys: Vec<u64> = coord.reps.iter().map(refkey).collect();
        let distinct: HashSet<u64> = keys.iter().copied().collect();
        assert_eq!(distinct.len(), keys.len());
        for (id, rep) in coord.reps.iter().enumerate().step_by(7) {
            for (k, &m) in moves.iter().enumerate() {
                let mut n = *rep;
                n.apply(m);
                assert_eq!(refkey(&n), keys[coord.step(id as u32, k) as usize]);
            }
        }
    }

    #[test]
    fn stage_move_sets_have_the_expected_symmetry_groups() {
        use crate::symmetry::move_set_symmetries;
        assert_eq!(move_set_symmetries(&stage_moves(1)).len(), 48);
        assert_eq!(move_set_symmetries(&stage2_seed_moves()).len(), 8);
        assert_eq!(move_set_symmetries(&stage_moves(3)).len(), 8);
        assert_eq!(move_set_symmetries(&stage_moves(4)).len(), 16);
        assert_eq!(move_set_symmetries(&stage_moves(5)).len(), 48);
    }
}
