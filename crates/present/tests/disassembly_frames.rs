//! The last frame of every catalog disassembly shows each piece apart from every other, as
//! BurrTools leaves a puzzle taken apart: no shared cell, and bounding boxes disjoint with an
//! empty layer between them ([`apart`]), so no two pieces touch even at a corner.

use std::time::{Duration, Instant};
use wurfel_pack::{catalog, Convention, Prepared};
use wurfel_present::scene::{apart, disassembly_frames};

/// Puzzles whose first solution or its disassembly takes long (or has too many pieces to take
/// apart): skipped to keep the test fast.
const SLOW: &[&str] = &["t-tetracubes-6x6x6", "conway", "diabolical"];

#[test]
fn the_last_frame_of_every_catalog_disassembly_has_every_piece_apart() {
    let mut checked = Vec::new();
    for id in catalog::ids() {
        if SLOW.contains(&id) {
            continue;
        }
        let started = Instant::now();
        let puzzle = catalog::get(id).unwrap();
        let prep = Prepared::new(&puzzle).unwrap();
        let Some(solution) = prep.solutions(Convention::Raw, 1, 1).into_iter().next() else {
            continue;
        };
        let Ok(Some(sep)) = prep.disassemble(&solution) else {
            continue;
        };
        let frames = disassembly_frames(&prep, &solution, &sep);
        let last = frames.last().unwrap();
        let moved: Vec<Vec<[i32; 3]>> = prep
            .pieces_of(&solution)
            .into_iter()
            .zip(last)
            .map(|(p, o)| {
                p.cells
                    .iter()
                    .map(|c| [c[0] + o[0], c[1] + o[1], c[2] + o[2]])
                    .collect()
            })
            .collect();
        for i in 0..moved.len() {
            for j in i + 1..moved.len() {
                assert!(
                    apart(&moved[i], &moved[j]),
                    "{id}: pieces {i} and {j} are not apart in the last frame"
                );
            }
        }
        // Every move translates only its group: the assembled frame first.
        assert!(frames[0].iter().all(|o| *o == [0, 0, 0]), "{id}");
        checked.push(id);
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{id} took {:?}: add it to SLOW",
            started.elapsed()
        );
    }
    assert!(checked.contains(&"soma"), "checked {checked:?}");
    assert!(checked.contains(&"bedlam"), "checked {checked:?}");
    eprintln!("checked {checked:?}");
}
