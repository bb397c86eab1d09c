//! The rhombic-dodecahedron grid (BurrTools `gridType` 3) in the engine.
//!
//! - The corpus `tests/data/burr/rhombic/` (written by `make.py`): wurfel's
//!   `rotations_reflections` count equals the assemblies BurrTools 0.6.4's `burrTxt -q` printed
//!   (recorded in `NAME.burrtxt` by `record.sh`; burrTxt has no disassembler on this grid, so
//!   only assemblies are compared).
//! - BurrTools' own rhombic examples (`#[ignore]`: their files are GPL and not in this
//!   repository; `BURRTOOLS_EXAMPLES` names their folder) against `examples.burrtxt`.
//! - A brute-force reference on random small puzzles, independent of the engine's placement
//!   and symmetry code: every piece's images under the 24 rotations about a block centre and
//!   whole-block translations, a plain recursive exact cover, and orbits of its solutions under
//!   the target's grid symmetries.

mod common;

use common::grids::{brute, engine, Lattice};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wurfel_geom::Cell;
use wurfel_pack::grid::Grid;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/burr/rhombic");

#[test]
fn corpus_matches_burrtxt() {
    common::grids::corpus_matches_burrtxt(DIR, Grid::RhombicDodecahedra);
}

#[test]
#[ignore = "needs BurrTools' example files (GPL, not in this repository): BURRTOOLS_EXAMPLES"]
fn burrtools_examples_match_burrtxt() {
    common::grids::examples_match_burrtxt(DIR, Grid::RhombicDodecahedra);
}

// ---- brute-force reference ----

/// The rhombic grid as plain data: rotations about the block centre (2, 2, 2), translations
/// by whole 5×5×5 blocks.
const RHOMBIC: Lattice = Lattice {
    centre2: 4,
    basis: [[5, 0, 0], [0, 5, 0], [0, 0, 5]],
    reach: 3,
};

/// The four sub-voxels of the pyramid on face (`axis`, `side` 0 or 4) of `block`.
fn pyramid(block: Cell, axis: usize, side: i32) -> Vec<Cell> {
    let o: Vec<usize> = (0..3).filter(|&k| k != axis).collect();
    [(2, 1), (1, 2), (3, 2), (2, 3)]
        .iter()
        .map(|&(a, b)| {
            let mut c = [0; 3];
            c[axis] = side;
            c[o[0]] = a;
            c[o[1]] = b;
            [0, 1, 2].map(|k| 5 * block[k] + c[k])
        })
        .collect()
}

const BLOCK_SETS: [&[Cell]; 4] = [
    &[[0, 0, 0]],
    &[[0, 0, 0], [1, 0, 0]],
    &[[0, 0, 0], [1, 0, 0], [0, 1, 0]],
    &[[0, 0, 0], [1, 1, 0]],
];

#[test]
fn engine_matches_brute_force_on_random_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut solvable = 0;
    for round in 0..24 {
        let blocks = BLOCK_SETS[rng.gen_range(0..BLOCK_SETS.len())];
        let mut faces: Vec<(Cell, usize, i32)> = blocks
            .iter()
            .flat_map(|&b| (0..3).flat_map(move |a| [(b, a, 0), (b, a, 4)]))
            .collect();
        faces.shuffle(&mut rng);
        let mut pieces: Vec<Vec<Cell>> = Vec::new();
        let mut i = 0;
        while i < faces.len() {
            let n = rng.gen_range(1..=4).min(faces.len() - i);
            pieces.push(
                faces[i..i + n]
                    .iter()
                    .flat_map(|&(b, a, s)| pyramid(b, a, s))
                    .collect(),
            );
            i += n;
        }
        let target: Vec<Cell> = pieces.iter().flatten().copied().collect();
        let (raw, rot) = brute(&RHOMBIC, &target, &pieces);
        let c = engine(Grid::RhombicDodecahedra, &target, &pieces);
        println!(
            "round {round}: {} blocks {} pieces: brute raw {raw} rot {rot}; engine raw {} rot {}",
            blocks.len(),
            pieces.len(),
            c.0,
            c.1
        );
        assert_eq!(c, (raw, rot), "round {round}");
        solvable += (raw > 0) as u32;
    }
    assert_eq!(
        solvable, 24,
        "each puzzle is cut from its target, so solvable"
    );
}
