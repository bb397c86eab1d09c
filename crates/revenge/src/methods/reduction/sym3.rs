//! The 3x3x3 finish's phase A tables reduced by symmetry, as in Kociemba's and Chen Shuang's
//! solvers: a position `X` and its conjugate `s⁻¹ X s` by a whole-cube rotation `s` that keeps
//! the U-D axis are equally far from phase A's goal (the rotation carries face turns to face
//! turns and the goal to itself). So a table of a coordinate pair `(a, b)` keeps one row per
//! class of `a` (its values under conjugation), and a lookup first conjugates the pair by the
//! rotation that takes `a` to its class's representative. The entries are the full table's,
//! so every bound, and every solution found, is the same; the tables are a quarter to an
//! eighth of the size and stay in a core's second-level cache.

use super::cube3::{Cube3, Reader};
use super::moves::{apply, Turn};
use super::table::TableStore;
use crate::cube::Cube;
use crate::toolkit::prune::{NibbleTable, SymTable};
use crate::toolkit::ranked::{Classes, Conj};

/// The distance table of a coordinate pair `(a, b)` reduced by `classes` (of `a`) and
/// `conj_b` (of `b`, under the same rotations), cached as `name`; its entries read from
/// `full()` (entry `a * |b| + b`) when it is built.
pub(super) fn sym_table(
    store: &TableStore,
    name: &str,
    classes: Classes,
    conj_b: Conj,
    full: impl FnOnce() -> NibbleTable,
) -> SymTable {
    let n_b = conj_b.len;
    let len = classes.len() * n_b;
    let dist = store.get_or_build(name, len, || {
        let f = full();
        NibbleTable::from_fn(len, |i| {
            f.get(classes.reps[i / n_b] as usize * n_b + i % n_b)
        })
    });
    SymTable::new(classes.of, conj_b.table, n_b, dist)
}

/// The rotations that keep the U-D axis, as 3x3x3s read from the 4x4x4 model: first the four
/// that keep each axis (identity, y2, x2, z2), under which the edge flip is a coordinate of its
/// own (it is measured against the F-B axis, which a quarter turn about U-D moves), then y, y',
/// y x2 and y' x2.
pub(super) fn rotations(reader: &Reader) -> Vec<Cube3> {
    let read = |turns: &[Turn]| {
        let mut c = Cube::solved();
        for &t in turns {
            apply(&mut c, t);
        }
        reader.read(&c).expect("a rotation keeps edges paired")
    };
    // y = Uw Dw', x2 = Rw2 Lw2 (faces U R F D L B).
    let y = read(&[Turn::new(0, true, 1), Turn::new(3, true, 3)]);
    let x2 = read(&[Turn::new(1, true, 2), Turn::new(4, true, 2)]);
    let e = Cube3::solved();
    let y2 = y.then(&y);
    let y3 = y2.then(&y);
    vec![e, y2, x2, y2.then(&x2), y, y3, y.then(&x2), y3.then(&x2)]
}

/// The first rotations of [`rotations`], a group under which the flip (as well as the twist
/// and the slice, coordinates under all eight) is a coordinate of its own.
pub(super) const AXIS_KEEPING: usize = 4;

#[cfg(test)]
mod tests {
    use super::super::cube3::{FLIP, N_TWIST, SLICE, TWIST};
    use super::*;
    use rand::SeedableRng;

    /// The rotations form a group whose first [`AXIS_KEEPING`] form a subgroup, each carries
    /// the outer face turns to outer face turns (so distances to phase A's goal are kept), and
    /// the twist and slice (under all eight) and the flip (under the first four) are
    /// coordinates: a conjugate's coordinate depends only on the cube's. The flip is not one
    /// under a quarter turn about U-D, which is why its tables use the smaller group.
    #[test]
    fn rotations_keep_the_phase_a_coordinates() {
        let reader = Reader::new();
        let rot = rotations(&reader);
        for (n, group) in [(8, &rot[..]), (AXIS_KEEPING, &rot[..AXIS_KEEPING])] {
            assert_eq!(group.len(), n);
            for a in group {
                for b in group {
                    assert!(group.contains(&a.then(b)));
                }
            }
        }
        let outer: Vec<Cube3> = Turn::all()
            .filter(|t| !t.wide())
            .map(|t| {
                let mut c = Cube::solved();
                apply(&mut c, t);
                reader.read(&c).expect("paired")
            })
            .collect();
        for s in &rot {
            for m in &outer {
                assert!(outer.contains(&s.inverse().then(m).then(s)));
            }
        }
        let twist = Conj::new(&rot, &TWIST);
        let slice = Conj::new(&rot, &SLICE);
        let flip = Conj::new(&rot, &FLIP);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut flip_breaks_under_quarter_turns = false;
        for _ in 0..200 {
            let c = Cube3::random_with(&mut rng);
            for (k, s) in rot.iter().enumerate() {
                let x = s.inverse().then(&c).then(s);
                assert_eq!(x.twist(), twist.get(k, c.twist() as usize));
                assert_eq!(x.slice(), slice.get(k, c.slice() as usize));
                let flip_kept = x.flip() == flip.get(k, c.flip() as usize);
                assert!(flip_kept || k >= AXIS_KEEPING);
                flip_breaks_under_quarter_turns |= !flip_kept;
            }
        }
        assert!(flip_breaks_under_quarter_turns);
    }

    /// Every value's recorded rotation takes it to its class's representative, the smallest
    /// value of the class.
    #[test]
    fn classes_lead_each_value_to_its_smallest_conjugate() {
        let rot = rotations(&Reader::new());
        let twist = Conj::new(&rot, &TWIST);
        let classes = Classes::new(&twist);
        for x in 0..N_TWIST {
            let cs = classes.of[x] as usize;
            let rep = classes.reps[cs >> 3];
            assert_eq!(twist.get(cs & 7, x), rep);
            assert!((0..8).all(|s| twist.get(s, x) >= rep));
        }
        // Far fewer classes than values (a class has at most eight members).
        assert!(classes.len() * 8 >= N_TWIST && classes.len() < N_TWIST / 6);
    }
}
