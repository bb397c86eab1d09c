//! The built-in catalog: every entry parses, matches the published piece tables, and round-trips.

use std::collections::HashSet;
use wurfel_geom::{Cell, Shape};
use wurfel_pack::{catalog, parse_puzzle, to_toml, Convention, Puzzle};

const IDS: [&str; 20] = [
    "soma",
    "cubissimo",
    "bedlam",
    "tetris-cube",
    "big-brother",
    "steinhaus",
    "diabolical",
    "slothouber-graatsma",
    "conway",
    "tetracubes-2x4x4",
    "pentominoes-6x10",
    "pentominoes-5x12",
    "pentominoes-4x15",
    "pentominoes-3x20",
    "pentominoes-8x8",
    "solid-pentominoes-2x3x10",
    "solid-pentominoes-2x5x6",
    "solid-pentominoes-3x4x5",
    "t-tetracubes-6x6x2",
    "t-tetracubes-6x6x6",
];

fn entry(id: &str) -> Puzzle {
    let text = catalog::source(id).unwrap_or_else(|| panic!("no catalog entry {id}"));
    parse_puzzle(text, &format!("catalog/{id}.toml")).unwrap_or_else(|e| panic!("{e}"))
}

fn published(p: &Puzzle, c: Convention) -> Option<u64> {
    p.published
        .iter()
        .find(|x| x.convention == c)
        .map(|x| x.count)
}

#[test]
fn ids_are_exactly_the_issue_list() {
    assert_eq!(catalog::ids(), IDS.to_vec());
}

#[test]
fn every_entry_parses_and_is_consistent() {
    for id in IDS {
        let p = entry(id);
        assert_eq!(p.id, id);
        assert_eq!(catalog::get(id).as_ref(), Some(&p));
        assert_eq!(p.piece_volume(), p.target.len(), "{id}");
        let symbols: HashSet<char> = p.pieces.iter().map(|x| x.symbol).collect();
        assert_eq!(symbols.len(), p.pieces.len(), "{id}: symbols distinct");
        for piece in &p.pieces {
            assert!(piece.color.is_some(), "{id}/{}: colour", piece.name);
            assert!(piece.shape.is_connected());
        }
        for pb in &p.published {
            assert!(!pb.source.is_empty(), "{id}: source of {:?}", pb.convention);
        }
        assert!(!p.description.is_empty());
    }
    assert_eq!(catalog::all().len(), IDS.len());
}

#[test]
fn published_counts() {
    use Convention::*;
    let want: &[(&str, &[(Convention, u64)])] = &[
        (
            "soma",
            &[(RotationsReflections, 240), (Rotations, 480), (Raw, 11_520)],
        ),
        (
            "cubissimo",
            &[(Rotations, 276), (RotationsReflections, 138)],
        ),
        ("bedlam", &[(Rotations, 19_186), (Raw, 460_464)]),
        ("tetris-cube", &[(Rotations, 9_839), (Raw, 236_136)]),
        ("big-brother", &[(Rotations, 14_177), (Raw, 340_248)]),
        ("steinhaus", &[(Rotations, 2), (Raw, 48)]),
        ("diabolical", &[(RotationsReflections, 13)]),
        (
            "slothouber-graatsma",
            &[(Rotations, 1), (RotationsReflections, 1)],
        ),
        ("tetracubes-2x4x4", &[(Rotations, 1_390)]),
        ("pentominoes-6x10", &[(RotationsReflections, 2_339)]),
        ("pentominoes-5x12", &[(RotationsReflections, 1_010)]),
        ("pentominoes-4x15", &[(RotationsReflections, 368)]),
        ("pentominoes-3x20", &[(RotationsReflections, 2)]),
        ("pentominoes-8x8", &[(RotationsReflections, 65)]),
        ("solid-pentominoes-2x3x10", &[(RotationsReflections, 12)]),
        ("solid-pentominoes-2x5x6", &[(RotationsReflections, 264)]),
        ("solid-pentominoes-3x4x5", &[(RotationsReflections, 3_940)]),
        (
            "t-tetracubes-6x6x2",
            &[(Raw, 136), (Rotations, 20), (RotationsReflections, 10)],
        ),
    ];
    for (id, counts) in want {
        let p = entry(id);
        for (c, n) in *counts {
            assert_eq!(published(&p, *c), Some(*n), "{id} {c:?}");
        }
    }
    assert!(entry("t-tetracubes-6x6x6").published.is_empty());
    assert!(entry("cubissimo")
        .published
        .iter()
        .any(|p| p.count == 138 && p.source.contains("no published source")));
}

fn shape(cells: &[Cell]) -> Shape {
    Shape::new(cells.iter().copied()).unwrap()
}

#[test]
fn bedlam_pieces_and_orientations() {
    let p = entry("bedlam");
    assert_eq!(p.target, Shape::cuboid(4, 4, 4));
    let names: String = p.pieces.iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names, "ABCDEFGHIJKLM");
    let mut counts: Vec<usize> = p
        .pieces
        .iter()
        .map(|x| x.shape.orientations().len())
        .collect();
    counts.sort_unstable();
    assert_eq!(counts, [3, 12, 12, 12, 12, 12, 24, 24, 24, 24, 24, 24, 24]);
    let k = &p.pieces[10];
    assert_eq!(k.name, "K");
    assert_eq!(k.shape.orientations().len(), 3);
    // Spot-check exact coordinates against the published piece tables.
    assert_eq!(
        p.pieces[0].shape,
        shape(&[[0, 0, 0], [0, 0, 1], [1, 0, 0], [1, 1, 0]])
    );
    assert_eq!(
        p.pieces[12].shape,
        shape(&[[0, 1, 0], [1, 0, 0], [0, 1, 1], [1, 1, 0], [1, 2, 0]])
    );
}

#[test]
fn soma_pieces_match_references() {
    let p = entry("soma");
    let want: [(&str, &[Cell]); 7] = [
        ("V", &[[0, 0, 0], [0, 1, 0], [1, 0, 0]]),
        ("L", &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [2, 0, 0]]),
        ("T", &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [0, -1, 0]]),
        ("Z", &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [1, -1, 0]]),
        ("A", &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [1, 0, 1]]),
        ("B", &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [1, 0, -1]]),
        ("P", &[[0, 0, 0], [0, 1, 0], [1, 0, 0], [0, 0, 1]]),
    ];
    for ((name, cells), piece) in want.iter().zip(&p.pieces) {
        assert_eq!(piece.name, *name);
        assert_eq!(piece.shape, shape(cells));
    }
    assert_eq!(
        p.pieces[4].shape.mirrored().canonical(),
        p.pieces[5].shape.canonical()
    );
    let c = entry("cubissimo");
    assert_eq!(c.pieces[0].shape, shape(&[[0, 0, 0], [1, 0, 0], [2, 0, 0]]));
    assert_eq!(c.pieces[1..], p.pieces[1..]);
}

#[test]
fn tetris_cube_pieces() {
    let p = entry("tetris-cube");
    assert_eq!(p.pieces.len(), 12);
    let sizes: Vec<usize> = p.pieces.iter().map(|x| x.shape.len()).collect();
    assert_eq!(sizes, [5, 5, 5, 5, 5, 5, 6, 5, 5, 6, 6, 6]);
    assert_eq!(p.pieces[6].name, "YelCross");
    assert_eq!(
        p.pieces[6].shape,
        shape(&[
            [1, 0, 0],
            [0, 1, 0],
            [1, 1, 0],
            [2, 1, 0],
            [1, 1, 1],
            [1, 2, 1]
        ])
    );
}

#[test]
fn pentominoes_are_the_twelve_free_pentominoes() {
    for id in [
        "pentominoes-6x10",
        "pentominoes-5x12",
        "pentominoes-4x15",
        "pentominoes-3x20",
        "pentominoes-8x8",
        "solid-pentominoes-2x3x10",
        "solid-pentominoes-2x5x6",
        "solid-pentominoes-3x4x5",
    ] {
        let p = entry(id);
        assert_eq!(p.target.len(), 60);
        let names: String = p.pieces.iter().map(|x| x.name.as_str()).collect();
        assert_eq!(names, "FILNPTUVWXYZ");
        let forms: HashSet<Shape> = p
            .pieces
            .iter()
            .map(|x| {
                assert_eq!(x.shape.len(), 5);
                assert_eq!(x.shape.dims()[2], 1, "flat");
                x.shape.canonical()
            })
            .collect();
        // Free pentominoes: distinct even when turning over (a rotation in 3-D).
        assert_eq!(forms.len(), 12);
        // X has 1 orientation in the plane but 3 in space; I has 3 in space.
        let x = &p.pieces[9];
        assert_eq!(x.shape.orientations().len(), 3);
    }
    assert_eq!(entry("pentominoes-6x10").target, Shape::cuboid(10, 6, 1));
    assert_eq!(
        entry("solid-pentominoes-3x4x5").target,
        Shape::cuboid(5, 4, 3)
    );
}

#[test]
fn other_entries() {
    let d = entry("diabolical");
    let sizes: Vec<usize> = d.pieces.iter().map(|x| x.shape.len()).collect();
    assert_eq!(sizes, [2, 3, 4, 5, 6, 7]);
    let sg = entry("slothouber-graatsma");
    assert_eq!(sg.piece_count(), 9);
    assert_eq!(sg.pieces[0].shape.dims(), [2, 2, 1]);
    let c = entry("conway");
    assert_eq!(c.target, Shape::cuboid(5, 5, 5));
    assert_eq!(c.piece_count(), 18);
    let mut dims: Vec<(u32, [i32; 3])> = c
        .pieces
        .iter()
        .map(|x| {
            let mut d = x.shape.dims();
            d.sort_unstable();
            (x.count, d)
        })
        .collect();
    dims.sort_unstable();
    assert_eq!(
        dims,
        [
            (1, [1, 2, 2]),
            (1, [2, 2, 2]),
            (3, [1, 1, 3]),
            (13, [1, 2, 4])
        ]
    );
    let t = entry("tetracubes-2x4x4");
    assert_eq!(t.target, Shape::cuboid(4, 4, 2));
    let forms: HashSet<Shape> = t.pieces.iter().map(|x| x.shape.canonical()).collect();
    assert_eq!(forms.len(), 8);
    assert!(t.pieces.iter().all(|x| x.shape.len() == 4));
    let t2 = entry("t-tetracubes-6x6x2");
    assert_eq!((t2.pieces.len(), t2.piece_count()), (1, 18));
    let t6 = entry("t-tetracubes-6x6x6");
    assert_eq!((t6.pieces.len(), t6.piece_count()), (1, 54));
    assert_eq!(t6.target.len(), 216);
}

#[test]
fn catalog_round_trips_through_to_toml() {
    for id in IDS {
        let p = entry(id);
        let text = to_toml(&p);
        let q =
            parse_puzzle(&text, "roundtrip.toml").unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
        assert_eq!(p, q, "{id}");
    }
}

fn check_published(id: &str, threads: usize) {
    let p = entry(id);
    let t = std::time::Instant::now();
    let counts = wurfel_pack::Prepared::new(&p).unwrap().count(threads);
    eprintln!("{id}: {counts:?} in {:.2?}", t.elapsed());
    assert!(!p.published.is_empty(), "{id} has published counts");
    for pb in &p.published {
        assert_eq!(
            counts.get(pb.convention),
            pb.count,
            "{id} {:?}",
            pb.convention
        );
    }
}

/// The solver reproduces every published count that takes under a second (about 2 s in all).
#[test]
fn catalog_published_counts_reproduced() {
    for id in [
        "soma",
        "cubissimo",
        "steinhaus",
        "diabolical",
        "slothouber-graatsma",
        "tetracubes-2x4x4",
        "t-tetracubes-6x6x2",
        "pentominoes-3x20",
        "pentominoes-4x15",
        "pentominoes-5x12",
        "pentominoes-6x10",
        "pentominoes-8x8",
        "solid-pentominoes-2x3x10",
        "solid-pentominoes-2x5x6",
    ] {
        check_published(id, 2);
    }
}

/// Big Brother's reconstructed piece set fits every fact Kurowski published: 13 pieces (12
/// pentacubes, one tetracube), orientation counts 6 × 24, 6 × 12 and 1 × 3, and the note says
/// it is a reconstruction. (Its counts are checked in the slow test below.)
#[test]
fn big_brother_fits_the_published_facts() {
    let p = entry("big-brother");
    assert_eq!(p.target, Shape::cuboid(4, 4, 4));
    let mut sizes: Vec<usize> = p.pieces.iter().map(|x| x.shape.len()).collect();
    sizes.sort_unstable();
    assert_eq!(sizes, [4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    let mut counts: Vec<usize> = p
        .pieces
        .iter()
        .map(|x| x.shape.orientations().len())
        .collect();
    counts.sort_unstable();
    assert_eq!(counts, [3, 12, 12, 12, 12, 12, 12, 24, 24, 24, 24, 24, 24]);
    let text = catalog::source("big-brother").unwrap();
    assert!(text.contains("RECONSTRUCTION") && text.contains("scottkurowski.com/BigBroCube"));
    assert!(p.name.contains("reconstructed"));
}

/// The Steinhaus cube's reconstructed set has the published form: tetracube "6" (an L, achiral),
/// the two screw tetracubes (mirror images of each other, Steinhaus's "congruent by symmetry"
/// pair), three pentacubes, all chiral and none the mirror image of another (five of the six
/// pieces chiral, as Penn's page says); its two solutions share the placement of two pentacubes
/// (the article's 30 and 40) and differ in the third (33); the note says it is a reconstruction.
#[test]
fn steinhaus_fits_the_published_facts() {
    let p = entry("steinhaus");
    assert_eq!(p.target, Shape::cuboid(3, 3, 3));
    let sizes: Vec<usize> = p.pieces.iter().map(|x| x.shape.len()).collect();
    assert_eq!(sizes, [4, 4, 4, 5, 5, 5]);
    let chiral: Vec<bool> = p.pieces.iter().map(|x| x.shape.is_chiral()).collect();
    assert_eq!(chiral, [false, true, true, true, true, true]);
    let mirror = |k: usize| p.pieces[k].shape.mirrored().canonical();
    assert_eq!(mirror(1), p.pieces[2].shape.canonical());
    for k in 3..6 {
        assert!((0..6).all(|j| p.pieces[j].shape.canonical() != mirror(k)));
    }
    let prep = wurfel_pack::Prepared::new(&p).unwrap();
    let sols = prep.solutions(Convention::Rotations, 10, 1);
    assert_eq!(sols.len(), 2);
    let cells = |s: &[u32], kind: u32| {
        prep.pieces_of(s)
            .into_iter()
            .find(|x| x.kind == kind)
            .map(|x| x.cells.into_iter().collect::<HashSet<Cell>>())
    };
    // Up to a rotation of the second solution, QA and QB sit alike and Q33 differs.
    let second = prep.solutions(Convention::Raw, 100, 1);
    let same_pair = second
        .iter()
        .filter(|s| cells(s, 4) == cells(&sols[0], 4) && cells(s, 5) == cells(&sols[0], 5));
    let q33: HashSet<Vec<Cell>> = same_pair
        .map(|s| {
            let mut c: Vec<Cell> = cells(s, 3).unwrap().into_iter().collect();
            c.sort();
            c
        })
        .collect();
    assert_eq!(q33.len(), 2);
    let text = catalog::source("steinhaus").unwrap();
    assert!(text.contains("RECONSTRUCTION") && text.contains("Mathematical Snapshots"));
    assert!(p.name.contains("reconstructed"));
}

/// Big Brother: 340,248 raw and 14,177 up to rotation, as Kurowski published (about 5 s of CPU;
/// run with `cargo test --release -p wurfel-pack --test file_catalog -- --ignored big_brother`).
#[test]
#[ignore]
fn big_brother_counts_reproduced() {
    check_published("big-brother", 2);
}

/// The long ones (run with `cargo test --release -- --ignored`; times in docs/PACKING.md).
#[test]
#[ignore]
fn catalog_slow_counts_reproduced() {
    for id in ["solid-pentominoes-3x4x5", "tetris-cube", "bedlam"] {
        check_published(id, 2);
    }
}

/// 54 T-tetracubes: no count is published, but a solution must be found fast (budgeted rounds).
#[test]
fn t_tetracubes_6x6x6_first_solution() {
    let prep = wurfel_pack::Prepared::new(&entry("t-tetracubes-6x6x6")).unwrap();
    for threads in [1, 2] {
        let sols = prep.solutions(Convention::Rotations, 1, threads);
        assert_eq!(sols.len(), 1);
        assert!(prep.is_solution(&sols[0]));
    }
    assert_eq!(
        prep.solutions(Convention::Rotations, 1, 1),
        prep.solutions(Convention::Rotations, 1, 2)
    );
}

/// `solve --all` streams from the same budgeted rounds: its first solution is `--limit 1`'s,
/// found within a small node budget (plain search order delivers a task's solutions only once
/// the task is searched to the end, and the first task here is far larger than that budget).
#[test]
fn t_tetracubes_6x6x6_listing_streams_its_first_solution_early() {
    use std::ops::ControlFlow;
    let prep = wurfel_pack::Prepared::new(&entry("t-tetracubes-6x6x6")).unwrap();
    let first = prep.solutions(Convention::Rotations, 1, 2);
    for threads in [1, 2] {
        let opts = wurfel_cover::SearchOptions {
            threads,
            ..Default::default()
        };
        let mut nodes = 0;
        let mut got = Vec::new();
        let rep = prep
            .list_with(&opts, Convention::Rotations, false, |_, out, st| {
                nodes += st.nodes;
                got.extend(out.solutions);
                if got.is_empty() {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            })
            .unwrap();
        assert!(!rep.complete);
        assert_eq!(got[..1], first[..], "{threads} threads");
        assert!(nodes < 5_000_000, "{nodes} nodes before the first solution");
        eprintln!("first solution after {nodes} nodes ({threads} threads)");
    }
    // The plain order's first task is not done within that many nodes.
    let opts = wurfel_cover::SearchOptions {
        node_budget: Some(5_000_000),
        ..Default::default()
    };
    let mut cut = None;
    prep.run(&opts, wurfel_pack::Want::Count, None, |_, _, st| {
        cut = Some(st.budget_cuts);
        ControlFlow::Break(())
    })
    .unwrap();
    assert_eq!(cut, Some(1), "the first task is cut by the budget");
}
