//! The frontier counter against the search (`Prepared::count`) on random small puzzles, under
//! all three conventions, and against published sequences.

mod common;
use common::random::{
    random_holed_target, random_optional_puzzle, random_pieces, random_puzzle, Declare, BOXES,
};
use common::{box_of, frontier_triple, search_triple, L_TRICUBE, T_TETRACUBE};
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wurfel_geom::Shape;
use wurfel_pack::frontier::{self, FrontierOptions};
use wurfel_pack::{Prepared, Puzzle};

/// Counts `p` both ways and asserts the three conventions agree.
fn check(p: &Puzzle) {
    let prep = Prepared::new(p).unwrap();
    let want = prep.count(1);
    let got = frontier::count(&prep, &FrontierOptions::default()).unwrap();
    assert_eq!(
        frontier_triple(&got),
        search_triple(&want),
        "target {:?}, optional {:?}, pieces {:?}",
        p.target.cells(),
        p.optional,
        p.pieces
            .iter()
            .map(|k| (k.shape.cells().to_vec(), k.min, k.count))
            .collect::<Vec<_>>()
    );
}

#[test]
fn frontier_matches_search_on_random_boxes() {
    let mut rng = ChaCha8Rng::seed_from_u64(4001);
    for _ in 0..60 {
        check(&random_puzzle(&mut rng));
    }
}

#[test]
fn frontier_matches_search_on_targets_with_holes() {
    let mut rng = ChaCha8Rng::seed_from_u64(4002);
    let mut symmetric = 0;
    for _ in 0..50 {
        let target = random_holed_target(&mut rng);
        let p = random_pieces(&mut rng, target, Declare::Copies);
        symmetric += usize::from(p.target.symmetries(&wurfel_geom::Iso::rotations()).len() > 1);
        check(&p);
    }
    assert!(
        symmetric >= 10,
        "only {symmetric} of 50 targets have a rotation"
    );
}

#[test]
fn frontier_matches_search_with_equal_shapes_declared_apart() {
    let mut rng = ChaCha8Rng::seed_from_u64(4003);
    let mut checked = 0;
    while checked < 40 {
        let dims = BOXES[rng.gen_range(0..BOXES.len())];
        let declare = if checked % 2 == 0 {
            Declare::Apart
        } else {
            Declare::Mixed
        };
        let p = random_pieces(&mut rng, Shape::cuboid(dims[0], dims[1], dims[2]), declare);
        // Labelled solutions are many: keep the search's side of the check quick.
        if p.target.len() > 18 {
            continue;
        }
        check(&p);
        checked += 1;
    }
}

#[test]
fn frontier_matches_search_with_optional_cells_and_ranges() {
    let mut rng = ChaCha8Rng::seed_from_u64(4004);
    let (mut checked, mut twinless) = (0, 0);
    while checked < 80 {
        let p = random_optional_puzzle(&mut rng);
        if p.check_volume().is_err() {
            continue;
        }
        let prep = Prepared::new(&p).unwrap();
        twinless += usize::from(!prep.symmetry.twinless.is_empty());
        check(&p);
        checked += 1;
    }
    assert!(twinless >= 1);
}

/// A random puzzle whose chiral pieces without a mirror twin may be left out, with monominoes
/// to take their place: reflections then merge only the solutions that leave them all out.
fn random_twinless_puzzle(rng: &mut ChaCha8Rng) -> Puzzle {
    const SMALL: [[i32; 3]; 4] = [[2, 2, 2], [2, 2, 3], [1, 3, 4], [2, 3, 3]];
    let dims = SMALL[rng.gen_range(0..SMALL.len())];
    let mut p = random_pieces(
        rng,
        Shape::cuboid(dims[0], dims[1], dims[2]),
        Declare::Copies,
    );
    let canon: Vec<Shape> = p.pieces.iter().map(|k| k.shape.canonical()).collect();
    let mut freed = 0;
    for k in &mut p.pieces {
        let mirror = k.shape.mirrored().canonical();
        if mirror != k.shape.canonical() && !canon.contains(&mirror) {
            k.min = 0;
            freed = freed.max(k.shape.len() as u32);
        }
    }
    let mut mono = common::piece("m", 'm', &[[0, 0, 0]], freed.max(1));
    mono.min = 0;
    p.pieces.push(mono);
    p
}

#[test]
fn frontier_matches_search_with_twinless_kinds() {
    let mut rng = ChaCha8Rng::seed_from_u64(4005);
    let mut checked = 0;
    while checked < 20 {
        let p = random_twinless_puzzle(&mut rng);
        // Only the puzzles this test is about: reflections act, some kind has no twin.
        let prep = Prepared::new(&p).unwrap();
        if prep.symmetry.twinless.is_empty() || prep.symmetry.reflections.is_empty() {
            continue;
        }
        check(&p);
        checked += 1;
    }
}

const DOMINO: [[i32; 3]; 2] = [[0, 0, 0], [1, 0, 0]];

fn raw(p: &Puzzle) -> BigUint {
    let opts = FrontierOptions {
        classes: false,
        ..Default::default()
    };
    frontier::count(&Prepared::new(p).unwrap(), &opts)
        .unwrap()
        .raw
}

/// OEIS A234833: L-tricube tilings of 2x2x3n (its listed terms, n = 1..13; the last ones need
/// 128-bit counts).
#[test]
fn l_tricubes_in_2x2x3n_match_a234833() {
    let terms: [u128; 13] = [
        44,
        2800,
        181952,
        11835136,
        769854464,
        50077757440,
        3257475448832,
        211893401092096,
        13783315988086784,
        896581954180218880,
        58321176214542221312,
        3793696247386269024256,
        246773678989074187157504,
    ];
    for (i, &t) in terms.iter().enumerate() {
        let n = 3 * (i as i32 + 1);
        assert_eq!(
            raw(&box_of(&L_TRICUBE, [2, 2, n])),
            BigUint::from(t),
            "2x2x{n}"
        );
    }
}

/// Beyond 128 bits: A234833's recurrence a(n) = 68 a(n-1) - 192 a(n-2) (L. Edson Jeffery) up
/// to 2x2x120, whose count has 73 digits.
#[test]
fn l_tricubes_follow_a234833_recurrence_beyond_128_bits() {
    let (mut a, mut b) = (BigUint::from(1u8), BigUint::from(44u8));
    for n in 2..=40 {
        let c = BigUint::from(68u8) * &b - BigUint::from(192u8) * &a;
        (a, b) = (b, c);
        if n % 13 == 0 || n == 40 {
            assert_eq!(raw(&box_of(&L_TRICUBE, [2, 2, 3 * n])), b, "2x2x{}", 3 * n);
        }
    }
    assert!(b.bits() > 128);
}

/// OEIS A028447: domino tilings of 2x3xn (perfect matchings of P2 x P3 x Pn), n = 1..11.
#[test]
fn dominoes_in_2x3xn_match_a028447() {
    let terms: [u64; 11] = [
        3, 32, 229, 1845, 14320, 112485, 880163, 6895792, 54003765, 422983905, 3312866080,
    ];
    for (i, &t) in terms.iter().enumerate() {
        let n = i as i32 + 1;
        assert_eq!(
            raw(&box_of(&DOMINO, [2, 3, n])),
            BigUint::from(t),
            "2x3x{n}"
        );
    }
}

/// Domino tilings of 2x2xn (OEIS A006253: 2, 9, 32, 121, ...), against the search as well.
#[test]
fn dominoes_in_2x2xn_match_a006253_and_the_search() {
    let terms: [u64; 8] = [2, 9, 32, 121, 450, 1681, 6272, 23409];
    for (i, &t) in terms.iter().enumerate() {
        let p = box_of(&DOMINO, [2, 2, i as i32 + 1]);
        assert_eq!(raw(&p), BigUint::from(t));
        if i < 7 {
            assert_eq!(Prepared::new(&p).unwrap().count(1).raw, t);
        }
    }
}

/// T-tetracubes in 4x4x6: 43,384 raw, as the search finds (`wurfel count`), with the classes
/// against the search too.
#[test]
fn t_tetracubes_4x4x6() {
    check(&box_of(&T_TETRACUBE, [4, 4, 6]));
}

/// A raw count checked by the fixed points of the rotations alone (how the 4x6x6 search count
/// is checked): the search's raw count implies exactly its rotation classes, and a raw count
/// one off is refused (the sum is then not a multiple of the group order, or other classes).
#[test]
fn raw_counts_check_against_the_rotations_fixed_points() {
    let mut rng = ChaCha8Rng::seed_from_u64(4001);
    let mut puzzles: Vec<Puzzle> = (0..40).map(|_| random_puzzle(&mut rng)).collect();
    puzzles.push(box_of(&T_TETRACUBE, [4, 4, 6]));
    let mut symmetric = 0;
    for p in &puzzles {
        let prep = Prepared::new(p).unwrap();
        let want = prep.count(1);
        let opts = FrontierOptions::default();
        let given =
            |raw: u64| frontier::rotation_classes_given_raw(&prep, &BigUint::from(raw), &opts);
        let (classes, runs) = given(want.raw).unwrap();
        assert_eq!(
            classes,
            BigUint::from(want.rotations),
            "{:?}",
            p.target.cells()
        );
        assert_eq!(runs.len(), prep.symmetry.rotations.len());
        if runs.len() > 1 {
            symmetric += 1;
            // `raw + 1` may still divide (a group of order 1 always does): then the classes
            // differ from the search's.
            let off = given(want.raw + 1).map(|(c, _)| c);
            assert_ne!(off.ok(), Some(BigUint::from(want.rotations)));
        }
    }
    assert!(symmetric >= 10, "only {symmetric} targets with rotations");
}

/// How the boundary states grow cell by cell for T-tetracubes in 4x6x6 and 6x6x6, up to a
/// memory bound (`FRONTIER_GIB`, default 2 GiB): the figures docs/FRONTIER.md quotes. Run with
/// `cargo test --release -p wurfel-pack --test frontier growth -- --ignored --nocapture`.
#[test]
#[ignore]
fn boundary_state_growth() {
    let gib: f64 = std::env::var("FRONTIER_GIB").map_or(2.0, |s| s.parse().unwrap());
    for dims in [[4, 6, 6], [6, 6, 6]] {
        let prep = Prepared::new(&box_of(&T_TETRACUBE, dims)).unwrap();
        let start = std::time::Instant::now();
        let tick = |p: &frontier::FrontierProgress| {
            eprintln!(
                "{dims:?} cell {:>3}/{}: {:>11} states, {:.1} s (window {})",
                p.position,
                p.positions,
                p.states,
                start.elapsed().as_secs_f64(),
                p.window
            )
        };
        let opts = FrontierOptions {
            max_bytes: (gib * f64::from(1u32 << 30)) as usize,
            classes: false,
            progress: Some(&tick),
            ..Default::default()
        };
        match frontier::count(&prep, &opts) {
            Ok(r) => eprintln!("{dims:?}: {} raw, peak {} states", r.raw, r.peak_states()),
            Err(e) => eprintln!("{dims:?}: {e}"),
        }
    }
}

#[test]
fn the_memory_bound_cancellation_and_budget_stop_the_count() {
    let prep = Prepared::new(&box_of(&T_TETRACUBE, [4, 4, 6])).unwrap();
    let err = |opts: FrontierOptions<'_>| frontier::count(&prep, &opts).unwrap_err();
    let e = err(FrontierOptions {
        max_bytes: 1 << 20,
        ..Default::default()
    });
    assert!(
        matches!(e, frontier::FrontierError::TooMuchMemory { limit, .. } if limit == 1 << 20),
        "{e:?}"
    );
    let cancel = std::sync::atomic::AtomicBool::new(true);
    let e = err(FrontierOptions {
        cancel: Some(&cancel),
        ..Default::default()
    });
    assert_eq!(e, frontier::FrontierError::Cancelled);
    let e = err(FrontierOptions {
        max_transitions: 1000,
        ..Default::default()
    });
    assert!(matches!(e, frontier::FrontierError::Budget { .. }), "{e:?}");
}

/// A state wider than 128 bits (every layer of a 12x12x12 box has 144 cells) is refused with
/// a clear error, not miscounted.
#[test]
fn states_wider_than_128_bits_are_refused() {
    let prep = Prepared::new(&box_of(&DOMINO, [12, 12, 12])).unwrap();
    let e = frontier::count(&prep, &FrontierOptions::default()).unwrap_err();
    assert!(
        matches!(e, frontier::FrontierError::StateTooWide { window, .. } if window > 128),
        "{e:?}"
    );
    assert!(e.to_string().contains("--method search"));
}
