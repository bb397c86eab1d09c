//! Which piece sets could be the Steinhaus (Mikusinski) cube? The published facts name piece
//! sizes and a solving sequence, never the shapes (those are only drawn), so this searches every
//! set of the stated form and applies each published fact as a filter:
//!
//! - form: one achiral tetracube ("6"), both screw tetracubes ("11", "12", a mirror pair) and
//!   three distinct one-sided pentacubes ("30", "33", "40") fill a 3x3x3 cube;
//! - F1: exactly two solutions (Steinhaus; the Mathematics Magazine article "Solid polyomino
//!   constructions"). Counted up to rotation: a set with chiral pentacubes is not mirror-closed,
//!   so its reflected solutions solve a different puzzle;
//! - F2: two of the pentacubes "go together successfully in just one way", after which the
//!   third "has only two possible positions", each completing uniquely (the same article);
//! - F3: five of the six pieces are chiral (P. Penn's page on the puzzle);
//! - F4: of the twelve puzzles made by swapping chiral pieces for their mirror images, one has
//!   seven solutions and one has none (the same page).
//!
//! `cargo run --release -p wurfel-pack --example steinhaus_candidates`
use std::collections::{BTreeSet, HashSet};
use wurfel_geom::{neighbours, Cell, Iso, Shape};
use wurfel_pack::{Convention, Piece, Prepared, Puzzle};

/// All polycubes of `n` cells up to rotation (mirror images distinct), sorted.
fn polycubes(n: usize) -> Vec<Shape> {
    let mut level: BTreeSet<Shape> = BTreeSet::from([Shape::new([[0, 0, 0]]).expect("cell")]);
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for s in &level {
            for &c in s.cells() {
                for nb in neighbours(c) {
                    if !s.cells().contains(&nb) {
                        let cells = s.cells().iter().copied().chain([nb]);
                        next.insert(Shape::new(cells).expect("distinct").canonical());
                    }
                }
            }
        }
        level = next;
    }
    level.into_iter().collect()
}

fn is_planar(s: &Shape) -> bool {
    s.dims().contains(&1)
}

/// The usual name of a tetracube (the screws as "S+"/"S-", told apart by canonical order).
fn tetracube_name(s: &Shape, all: &[Shape]) -> &'static str {
    let set: HashSet<Cell> = s.cells().iter().copied().collect();
    let degree = |c: Cell| neighbours(c).iter().filter(|n| set.contains(*n)).count();
    let max_degree = s.cells().iter().map(|&c| degree(c)).max().unwrap_or(0);
    let straight3 = s.cells().iter().any(|&c| {
        (0..3).any(|a| {
            let mut p = c;
            let mut q = c;
            p[a] += 1;
            q[a] += 2;
            set.contains(&p) && set.contains(&q)
        })
    });
    match (
        s.dims().iter().max(),
        s.is_box(),
        is_planar(s),
        s.is_chiral(),
    ) {
        (Some(4), ..) => "I",
        (_, true, ..) => "O",
        (_, _, true, _) if max_degree == 3 => "T",
        (_, _, true, _) if straight3 => "L",
        (_, _, true, _) => "Z",
        (_, _, false, false) => "branch",
        _ if all.iter().position(|x| x == s)
            < all.iter().position(|x| *x == s.mirrored().canonical()) =>
        {
            "S+"
        }
        _ => "S-",
    }
}

fn piece(name: String, symbol: char, shape: &Shape) -> Piece {
    Piece {
        name,
        symbol,
        shape: shape.clone(),
        count: 1,
        min: 1,
        color: None,
        cell_colors: Vec::new(),
        groups: Vec::new(),
    }
}

/// The puzzle: tetracube, the two given screws, three pentacubes (names P<index>).
fn puzzle(tet: &Shape, screws: [&Shape; 2], pents: [(usize, &Shape); 3]) -> Puzzle {
    let mut pieces = vec![
        piece("T6".into(), 'A', tet),
        piece("S11".into(), 'B', screws[0]),
        piece("S12".into(), 'C', screws[1]),
    ];
    for (k, (i, s)) in pents.iter().enumerate() {
        pieces.push(piece(format!("P{i}"), (b'D' + k as u8) as char, s));
    }
    Puzzle {
        id: "steinhaus-candidate".into(),
        name: "candidate".into(),
        description: "candidate".into(),
        target: Shape::cuboid(3, 3, 3),
        optional: vec![],
        pieces,
        published: vec![],
        target_colors: vec![],
        color_rules: vec![],
        display_colors: Default::default(),
        grid: Default::default(),
    }
    // Two copies of one screw (a mirror variant) must count as one kind of two pieces.
    .merge_equal_shapes()
}

fn rotations_count(p: &Puzzle) -> u64 {
    Prepared::new(p).expect("prepares").count(1).rotations
}

/// A cell set mapped by a rotation of the 3x3x3 cube (about its centre cell).
fn rotate(cells: &[Cell], r: Iso) -> Vec<Cell> {
    let mut out: Vec<Cell> = cells
        .iter()
        .map(|&c| {
            let d = r.apply([c[0] - 1, c[1] - 1, c[2] - 1]);
            [d[0] + 1, d[1] + 1, d[2] + 1]
        })
        .collect();
    out.sort();
    out
}

/// F2 for pentacube kinds 3, 4, 5: is there a pair placed one way only (up to rotation) in all
/// solutions, such that, that pair held fixed, the third piece has exactly two positions, each
/// completed in one way? Returns the third piece's kind.
fn solving_sequence(p: &Puzzle) -> Option<u32> {
    let prep = Prepared::new(p).expect("prepares");
    let raw: Vec<Vec<Vec<Cell>>> = prep
        .solutions(Convention::Raw, 10_000, 1)
        .iter()
        .map(|s| {
            let mut cells = vec![vec![]; p.pieces.len()];
            for pp in prep.pieces_of(s) {
                let mut c = pp.cells;
                c.sort();
                cells[pp.kind as usize] = c;
            }
            cells
        })
        .collect();
    (3u32..6).find(|&third| {
        let pair: Vec<usize> = (3..6).filter(|&k| k != third as usize).collect();
        let key =
            |sol: &Vec<Vec<Cell>>, r: Iso| (rotate(&sol[pair[0]], r), rotate(&sol[pair[1]], r));
        let orbits: HashSet<_> = raw
            .iter()
            .map(|sol| {
                Iso::rotations()
                    .iter()
                    .map(|&r| key(sol, r))
                    .min()
                    .expect("24")
            })
            .collect();
        if orbits.len() != 1 {
            return false;
        }
        let fixed = key(&raw[0], Iso::IDENTITY);
        let with_pair: Vec<_> = raw
            .iter()
            .filter(|s| key(s, Iso::IDENTITY) == fixed)
            .collect();
        let places: HashSet<_> = with_pair
            .iter()
            .map(|s| s[third as usize].clone())
            .collect();
        places.len() == 2 && with_pair.len() == 2
    })
}

/// F4: the rotation counts of the twelve mirror variants (screws RL, RR, LL; each pentacube
/// either hand; a variant and its mirror image counted once), sorted.
fn mirror_variants(tet: &Shape, screws: [&Shape; 2], pents: [(usize, &Shape); 3]) -> Vec<u64> {
    let mut seen = HashSet::new();
    let mut counts = vec![];
    let mirrors: Vec<Shape> = pents
        .iter()
        .map(|(_, s)| s.mirrored().canonical())
        .collect();
    for sc in [
        [screws[0], screws[1]],
        [screws[0], screws[0]],
        [screws[1], screws[1]],
    ] {
        for mask in 0..8u32 {
            let pick = |k: usize| {
                if mask >> k & 1 == 1 {
                    &mirrors[k]
                } else {
                    pents[k].1
                }
            };
            let set = |flip: bool| {
                let mut v: Vec<Shape> = [sc[0], sc[1], pick(0), pick(1), pick(2)]
                    .iter()
                    .map(|s| {
                        if flip {
                            s.mirrored().canonical()
                        } else {
                            (*s).clone()
                        }
                    })
                    .collect();
                v.sort();
                v
            };
            if !seen.insert(set(false).min(set(true))) {
                continue;
            }
            let ps = [
                (pents[0].0, pick(0)),
                (pents[1].0, pick(1)),
                (pents[2].0, pick(2)),
            ];
            counts.push(rotations_count(&puzzle(tet, sc, ps)));
        }
    }
    counts.sort_unstable();
    counts
}

/// The survivors' variant counts in full: which pieces are mirrored, and all three conventions.
fn describe_variants(tet: &Shape, screws: [&Shape; 2], pents: [(usize, &Shape); 3]) {
    let mirrors: Vec<Shape> = pents
        .iter()
        .map(|(_, s)| s.mirrored().canonical())
        .collect();
    for (label, sc) in [
        ("S11 S12", [screws[0], screws[1]]),
        ("S11 S11", [screws[0], screws[0]]),
        ("S12 S12", [screws[1], screws[1]]),
    ] {
        for mask in 0..8u32 {
            let pick = |k: usize| {
                if mask >> k & 1 == 1 {
                    &mirrors[k]
                } else {
                    pents[k].1
                }
            };
            let ps = [
                (pents[0].0, pick(0)),
                (pents[1].0, pick(1)),
                (pents[2].0, pick(2)),
            ];
            let c = Prepared::new(&puzzle(tet, sc, ps))
                .expect("prepares")
                .count(1);
            let flipped: Vec<String> = (0..3)
                .filter(|k| mask >> k & 1 == 1)
                .map(|k| format!("P{}'", pents[k].0))
                .collect();
            println!(
                "    screws {label}, mirrored [{}]: raw {} rot {} rot+refl {}",
                flipped.join(" "),
                c.raw,
                c.rotations,
                c.rotations_reflections
            );
        }
    }
}

/// F5 (the article): with "6" and the pentacubes, the 3-cube can also be built from the pairs
/// 8+11, 8+12, 9+11, 9+12, where 8 and 9 are non-screw tetracubes (8 is I or O, since the
/// article's Soma pieces are 6, 7, 9-12). Prints which (tetracube, screw) pairs work.
fn pair_swaps(tets: &[Shape], tet: &Shape, screws: [&Shape; 2], pents: [(usize, &Shape); 3]) {
    for x in tets.iter().filter(|s| !s.is_chiral()) {
        let counts: Vec<u64> = screws
            .iter()
            .map(|&sc| rotations_count(&puzzle(tet, [x, sc], pents)))
            .collect();
        println!(
            "    {} with S11: {} solutions, with S12: {}",
            tetracube_name(x, tets),
            counts[0],
            counts[1]
        );
    }
}

/// Tallies of the sets passing each filter.
#[derive(Default)]
struct Tally {
    sets: u32,
    f1: u32,
    f1_refl_only: u32,
    f2: u32,
    f3: u32,
    f4: u32,
    all: u32,
}

/// Counts one candidate set and applies the filters, printing what it finds.
fn examine(
    tally: &mut Tally,
    tets: &[Shape],
    name: &str,
    tet: &Shape,
    screws: [&Shape; 2],
    ps: [(usize, &Shape); 3],
) {
    tally.sets += 1;
    let p = puzzle(tet, screws, ps);
    let counts = Prepared::new(&p).expect("prepares").count(1);
    if counts.rotations != 2 {
        // Only a mirror-closed pentacube triple can have rot+refl 2 with rotations 4; such a
        // set has a second mirror pair or an achiral pentacube, so fails F3 anyway.
        if counts.rotations_reflections == 2 {
            tally.f1_refl_only += 1;
        }
        return;
    }
    tally.f1 += 1;
    let third = solving_sequence(&p);
    let mirror_of = |s: &Shape| s.mirrored().canonical();
    let chiral = ps.iter().all(|(_, s)| s.is_chiral())
        && !ps
            .iter()
            .any(|(_, s)| ps.iter().any(|(_, t)| mirror_of(s) == **t));
    let variants = if chiral {
        mirror_variants(tet, screws, ps)
    } else {
        vec![]
    };
    let f4 = variants.len() == 12 && variants.contains(&7) && variants.contains(&0);
    tally.f2 += third.is_some() as u32;
    tally.f3 += chiral as u32;
    tally.f4 += f4 as u32;
    let label = |k: u32| p.pieces[k as usize].name.clone();
    println!(
        "F1 {name} P{} P{} P{}: raw {} rot {} rot+refl {}; F2 {}; F3 {chiral}; F4 {f4} {variants:?}",
        ps[0].0,
        ps[1].0,
        ps[2].0,
        counts.raw,
        counts.rotations,
        counts.rotations_reflections,
        third.map_or("no".to_string(), |k| format!("yes (third piece {})", label(k))),
    );
    if third.is_some() && chiral && f4 {
        tally.all += 1;
        println!("  SURVIVOR. tetracube {name}: {:?}", tet.cells());
        println!(
            "  screws S11 {:?}, S12 {:?}",
            screws[0].cells(),
            screws[1].cells()
        );
        for (i, s) in ps {
            println!("  pentacube P{i}: {:?}", s.cells());
        }
        let prep = Prepared::new(&p).expect("prepares");
        for s in prep.solutions(Convention::Rotations, 10, 1) {
            println!("  solution (layers top first):\n{}", prep.layers_text(&s));
        }
        describe_variants(tet, screws, ps);
        pair_swaps(tets, tet, screws, ps);
    }
}

fn main() {
    let started = std::time::Instant::now();
    let tets = polycubes(4);
    let pents = polycubes(5);
    let free = |v: &[Shape]| {
        v.iter()
            .map(|s| s.canonical_with_reflections())
            .collect::<HashSet<_>>()
            .len()
    };
    let planar = pents.iter().filter(|s| is_planar(s)).count();
    println!(
        "tetracubes: {} one-sided, {} free; pentacubes: {} one-sided ({planar} planar, {} not), {} free",
        tets.len(),
        free(&tets),
        pents.len(),
        pents.len() - planar,
        free(&pents)
    );
    assert_eq!(
        (tets.len(), pents.len(), planar, free(&pents)),
        (8, 29, 12, 23)
    );
    let screws: Vec<&Shape> = tets.iter().filter(|s| s.is_chiral()).collect();
    let screws = [screws[0], screws[1]];
    let mirror_index = |s: &Shape| {
        pents
            .iter()
            .position(|x| *x == s.mirrored().canonical())
            .expect("closed")
    };
    let mut tally = Tally::default();
    for tet in tets.iter().filter(|s| !s.is_chiral()) {
        let name = tetracube_name(tet, &tets);
        for a in 0..pents.len() {
            for b in a + 1..pents.len() {
                for c in b + 1..pents.len() {
                    // A set and its mirror image have the same counts: keep the smaller.
                    let mut m = [
                        mirror_index(&pents[a]),
                        mirror_index(&pents[b]),
                        mirror_index(&pents[c]),
                    ];
                    m.sort_unstable();
                    if m >= [a, b, c] {
                        let ps = [(a, &pents[a]), (b, &pents[b]), (c, &pents[c])];
                        examine(&mut tally, &tets, name, tet, screws, ps);
                    }
                }
            }
        }
    }
    let t = tally;
    println!(
        "{} candidate sets (up to mirror image): F1 two solutions up to rotation {} (rot+refl 2 but rotations not 2: {}); of those F2 {}, F3 {}, F4 {}, all three {}; {:.1} s",
        t.sets, t.f1, t.f1_refl_only, t.f2, t.f3, t.f4, t.all,
        started.elapsed().as_secs_f64()
    );
}
