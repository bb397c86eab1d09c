//! The tetrahedra-octahedra grid (BurrTools `gridType` 4) in the engine.
//!
//! - The corpus `tests/data/burr/tetra-octa/` (written by `make.py`: stellated octahedra, large
//!   tetrahedra and octahedra, random clumps, cut into random connected pieces, congruent ones
//!   merged into one shape with a count): wurfel's `rotations_reflections` count equals the
//!   assemblies BurrTools 0.6.4's `burrTxt -q` printed (recorded in `NAME.burrtxt` by
//!   `record.sh`; burrTxt has no disassembler on this grid, so only assemblies are compared).
//! - BurrTools' own example on this grid (`#[ignore]`: the file is GPL and not in this
//!   repository; `BURRTOOLS_EXAMPLES` names its folder) against `examples.burrtxt`.
//! - A brute-force reference on random small puzzles, independent of the engine's placement
//!   and symmetry code: every piece's images under the 24 rotations about a block corner and
//!   the translations by `(3, 3, 0)`, `(3, 0, 3)`, `(0, 3, 3)`, a plain recursive exact cover,
//!   and orbits of its solutions under the target's grid symmetries.

mod common;

use common::grids::{brute, engine, Lattice};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wurfel_geom::Cell;
use wurfel_pack::grid::Grid;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/burr/tetra-octa");

#[test]
fn corpus_matches_burrtxt() {
    common::grids::corpus_matches_burrtxt(DIR, Grid::TetrahedraOctahedra);
}

#[test]
#[ignore = "needs BurrTools' example files (GPL, not in this repository): BURRTOOLS_EXAMPLES"]
fn burrtools_examples_match_burrtxt() {
    common::grids::examples_match_burrtxt(DIR, Grid::TetrahedraOctahedra);
}

// ---- brute-force reference ----

/// The grid as plain data: rotations about `(−½, −½, −½)`, translations by the face-centred
/// cubic lattice of 3×3×3 blocks.
const TETRA_OCTA: Lattice = Lattice {
    centre2: -1,
    basis: [[3, 3, 0], [3, 0, 3], [0, 3, 3]],
    reach: 4,
};

/// A unit of the honeycomb: a tetrahedron (the centre sub-voxel of block `p`) or an
/// octahedron (the eight corner sub-voxels around the vertex `p`, `p`'s coordinates summing
/// to an odd number).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Unit {
    Tetra(Cell),
    Octa(Cell),
}

impl Unit {
    fn cells(self) -> Vec<Cell> {
        match self {
            Unit::Tetra(b) => vec![b.map(|v| 3 * v + 1)],
            Unit::Octa(v) => (0..8)
                .map(|d: i32| [0, 1, 2].map(|k| 3 * v[k] - 1 + (d >> k & 1)))
                .collect(),
        }
    }

    /// The units sharing a face: a tetrahedron's four octahedra, an octahedron's eight
    /// tetrahedra.
    fn neighbours(self) -> Vec<Unit> {
        let corners = (0..8).map(|d: i32| [0, 1, 2].map(|k| d >> k & 1));
        match self {
            Unit::Tetra(b) => corners
                .map(|d| [0, 1, 2].map(|k| b[k] + d[k]))
                .filter(|v| (v[0] + v[1] + v[2]) & 1 == 1)
                .map(Unit::Octa)
                .collect(),
            Unit::Octa(v) => corners
                .map(|d| [0, 1, 2].map(|k| v[k] - d[k]))
                .map(Unit::Tetra)
                .collect(),
        }
    }
}

/// A random connected clump of `n` units, cut into `k` random connected pieces.
fn random_pieces(rng: &mut ChaCha8Rng, n: usize, k: usize) -> Vec<Vec<Cell>> {
    let mut units = vec![Unit::Tetra([0, 0, 0])];
    while units.len() < n {
        let next = units[rng.gen_range(0..units.len())].neighbours();
        let u = next[rng.gen_range(0..next.len())];
        if !units.contains(&u) {
            units.push(u);
        }
    }
    let mut parts: Vec<Vec<Unit>> = units[..k].iter().map(|&u| vec![u]).collect();
    let mut free: Vec<Unit> = units[k..].to_vec();
    while !free.is_empty() {
        let p = rng.gen_range(0..k);
        let grow: Vec<usize> = (0..free.len())
            .filter(|&i| parts[p].iter().any(|u| u.neighbours().contains(&free[i])))
            .collect();
        if !grow.is_empty() {
            let u = free.swap_remove(grow[rng.gen_range(0..grow.len())]);
            parts[p].push(u);
        }
    }
    parts
        .iter()
        .map(|p| p.iter().flat_map(|u| u.cells()).collect())
        .collect()
}

#[test]
fn engine_matches_brute_force_on_random_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut several = 0;
    for round in 0..24 {
        let n = rng.gen_range(3..=9);
        let k = rng.gen_range(2..=n.min(4));
        let pieces = random_pieces(&mut rng, n, k);
        let target: Vec<Cell> = pieces.iter().flatten().copied().collect();
        let (raw, rot) = brute(&TETRA_OCTA, &target, &pieces);
        let c = engine(Grid::TetrahedraOctahedra, &target, &pieces);
        println!(
            "round {round}: {n} units {k} pieces: brute raw {raw} rot {rot}; engine raw {} rot {}",
            c.0, c.1
        );
        assert_eq!(c, (raw, rot), "round {round}");
        assert!(raw > 0, "each puzzle is cut from its target, so solvable");
        several += (rot > 1) as u32;
    }
    assert!(several > 0, "some puzzles have more than one assembly");
}
