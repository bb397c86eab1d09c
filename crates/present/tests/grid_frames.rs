//! Off the cube grid the last frame of a disassembly leaves every two pieces apart in space:
//! a plane across one of the plan's directions has one piece's solids on one side and the
//! other's on the other, with at least half a unit of space (a block, a ball, an edge) between.
//! Designs of the BurrTools corpora of `wurfel-pack`, one a grid (on prisms a corridor whose
//! bars slide twice before they leave).

use wurfel_pack::burrtools::read_xmpuzzle;
use wurfel_pack::{Convention, Prepared};
use wurfel_present::scene::{disassembly_frames, lattice};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../pack/tests/data/burr");

#[test]
fn the_last_frame_leaves_pieces_apart_in_space() {
    for design in [
        "triangle/corridor6-3-s267.xmpuzzle",
        "spheres/square3-4.xmpuzzle",
        "rhombic/ell-6x3.xmpuzzle",
        "tetra-octa/tetra3-4.xmpuzzle",
    ] {
        let bytes = std::fs::read(format!("{DATA}/{design}")).unwrap();
        let puzzle = read_xmpuzzle(&bytes, design, None).unwrap().puzzle;
        let l = lattice(puzzle.grid);
        let prep = Prepared::new(&puzzle).unwrap();
        let mut checked = 0;
        for s in prep.solutions(Convention::Rotations, 3, 1) {
            let Some(sep) = prep.disassemble(&s).unwrap() else {
                continue;
            };
            let frames = disassembly_frames(&prep, &s, &sep);
            let last = frames.last().unwrap();
            let solids: Vec<Vec<[f64; 3]>> = prep
                .pieces_of(&s)
                .iter()
                .zip(last)
                .map(|(p, o)| {
                    p.cells
                        .iter()
                        .flat_map(|c| l.cell([0, 1, 2].map(|k| c[k] + o[k])).unwrap().vertices)
                        .map(|v| l.space(v))
                        .collect()
                })
                .collect();
            // The plan's directions in space.
            let ways: Vec<[f64; 3]> = sep
                .plan()
                .iter()
                .map(|step| {
                    let c = prep.pieces_of(&s)[step.pieces[0]].cells[0];
                    let u = step.direction.unit();
                    let a = l.cell(c).unwrap().vertices[0];
                    let b = l.cell([0, 1, 2].map(|k| c[k] + u[k])).unwrap().vertices[0];
                    l.space([0, 1, 2].map(|k| b[k] - a[k]))
                })
                .collect();
            for i in 0..solids.len() {
                for j in i + 1..solids.len() {
                    let apart = ways.iter().any(|w| {
                        let n = (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]).sqrt();
                        let span = |ps: &[[f64; 3]]| {
                            ps.iter()
                                .map(|p| (p[0] * w[0] + p[1] * w[1] + p[2] * w[2]) / n)
                                .fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
                        };
                        let ((alo, ahi), (blo, bhi)) = (span(&solids[i]), span(&solids[j]));
                        ahi + 0.5 <= blo || bhi + 0.5 <= alo
                    });
                    assert!(apart, "{design}: pieces {i} and {j} end close together");
                }
            }
            checked += 1;
        }
        assert!(checked > 0, "{design}: something comes apart");
    }
}
