//! The cubie model checked move by move against the independent sticker simulator in
//! `common/`.

mod common;

use common::{sim_wca_token, Sim};
use rand::{Rng, SeedableRng};
use wurfel_revenge::notation::{self, Notation, Step};
use wurfel_revenge::{Cube, Move};

#[test]
fn sim_reproduces_the_published_u_r_position() {
    let mut s = Sim::solved();
    s.token("U");
    s.token("R");
    assert_eq!(
        s.facelets(),
        "UUURUUUFUUUFUUUFRRRBRRRBRRRBRRRBRRRDFFFDFFFDFFFDDDDBDDDBDDDBDDDLFFFFLLLLLLLLLLLLULLLUBBBUBBBUBBB"
    );
}

#[test]
fn model_reproduces_the_published_u_r_position_and_r_u_solves_it() {
    let expected = "UUURUUUFUUUFUUUFRRRBRRRBRRRBRRRBRRRDFFFDFFFDFFFDDDDBDDDBDDDBDDDLFFFFLLLLLLLLLLLLULLLUBBBUBBBUBBB";
    let mut c = Cube::solved();
    notation::apply_steps(&mut c, &notation::parse("U R", Notation::Wca).unwrap());
    assert_eq!(c.facelets(), expected);
    let mut d = Cube::from_facelets(expected).unwrap();
    assert_eq!(d, c);
    notation::apply_steps(&mut d, &notation::parse("R' U'", Notation::Wca).unwrap());
    assert!(d.is_solved());
}

const TOKENS: [&str; 15] = [
    "U", "u", "d", "D", "R", "r", "l", "L", "F", "f", "b", "B", "x", "y", "z",
];

#[test]
fn every_turn_and_rotation_matches_the_sim_move_by_move() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut cube = Cube::random(11);
    let mut sim = Sim::from_facelets(&cube.facelets());
    for _ in 0..400 {
        let t = TOKENS[rng.gen_range(0..TOKENS.len())];
        let suffix = ["", "2", "'"][rng.gen_range(0..3)];
        let tok = format!("{t}{suffix}");
        sim.token(&tok);
        notation::apply_steps(&mut cube, &notation::parse(&tok, Notation::Slice).unwrap());
        assert_eq!(cube.facelets(), sim.facelets(), "after {tok}");
    }
}

#[test]
fn wca_wide_and_numbered_turns_match_the_sim() {
    // (WCA token, the same as Norskog single-slice tokens for the sim)
    let cases: &[(&str, &[&str])] = &[
        ("Uw", &["U", "u"]),
        ("u", &["U", "u"]),
        ("2U", &["u"]),
        ("3U'", &["d"]),
        ("3Uw2", &["U2", "u2", "d'", "d'"]),
        ("Rw'", &["R'", "r'"]),
        ("2R2", &["r2"]),
        ("Lw", &["L", "l"]),
        ("3Fw", &["F", "f", "b'"]),
        ("Bw2", &["B2", "b2"]),
        ("4Dw", &["y'"]),
        ("x'", &["x'"]),
    ];
    for (wca, slices) in cases {
        let start = Cube::random(3);
        let mut c = start;
        notation::apply_steps(&mut c, &notation::parse(wca, Notation::Wca).unwrap());
        let mut s = Sim::from_facelets(&start.facelets());
        for t in *slices {
            s.token(t);
        }
        assert_eq!(c.facelets(), s.facelets(), "{wca}");
    }
}

#[test]
fn printed_wca_and_slice_notation_reparse_to_the_same_effect() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for _ in 0..50 {
        let moves: Vec<Move> = (0..30).map(|_| Move(rng.gen_range(0..36))).collect();
        let start = Cube::random(rng.gen());
        let mut sim = Sim::from_facelets(&start.facelets());
        for m in &moves {
            sim.token(&m.slice_name());
        }
        for (text, nt) in [
            (notation::to_wca(&moves), Notation::Wca),
            (notation::to_wca_slices(&moves), Notation::Wca),
            (notation::to_slice(&moves), Notation::Slice),
        ] {
            let steps = notation::parse(&text, nt).unwrap();
            let mut c = start;
            notation::apply_steps(&mut c, &steps);
            assert_eq!(c.facelets(), sim.facelets(), "{text}");
        }
        let wca = notation::to_wca(&moves);
        assert_eq!(wca.split_whitespace().count(), notation::obtm(&moves));
        assert_eq!(
            notation::to_slice(&moves).split_whitespace().count(),
            notation::stm(&moves)
        );
    }
}

#[test]
fn unrotate_keeps_the_effect() {
    let text = "R x U2 y' r F z 2B' Lw";
    let steps = notation::parse(text, Notation::Wca).unwrap();
    let (moves, rots) = notation::unrotate(&steps);
    let mut a = Cube::random(1);
    let mut b = a;
    notation::apply_steps(&mut a, &steps);
    b.apply_all(&moves);
    for r in rots {
        b.rotate(r);
    }
    assert_eq!(a, b);
}

#[test]
fn sim_wca_reader_agrees_with_the_library_parser() {
    let text = "Rw U2 2F' L Uw2 3Rw' B 2D2 x y' Fw z2 L' 2B";
    let start = Cube::random(77);
    let mut c = start;
    notation::apply_steps(&mut c, &notation::parse(text, Notation::Wca).unwrap());
    let mut s = Sim::from_facelets(&start.facelets());
    for t in text.split_whitespace() {
        sim_wca_token(&mut s, t);
    }
    assert_eq!(c.facelets(), s.facelets());
}

#[test]
fn facelets_round_trip_and_errors_are_clear() {
    for seed in 0..100 {
        let c = Cube::random(seed);
        assert_eq!(Cube::from_facelets(&c.facelets()).unwrap(), c);
    }
    let solved = Cube::solved().facelets();
    let err = |s: &str| Cube::from_facelets(s).unwrap_err().to_string();
    assert!(err(&solved[..95]).contains("expected 96"));
    let mut bad = solved.clone().into_bytes();
    bad[5] = b'X';
    assert!(err(std::str::from_utf8(&bad).unwrap()).contains("unknown character"));
    let mut bad = solved.clone().into_bytes();
    bad[5] = b'R';
    assert!(err(std::str::from_utf8(&bad).unwrap()).contains("appears"));
    // Twist one corner in place: rotate its three stickers.
    let mut c = Cube::solved();
    c.co[0] = 1;
    assert!(err(&c.facelets()).contains("twists"));
    // Swap the two stickers of one wing: a flipped wing cannot exist.
    let f = Cube::solved().facelets().into_bytes();
    // U face index 13 (bottom row) and F face index 1 (top row) form the UF wing at x = -1.
    let mut g = f.clone();
    g.swap(13, 32 + 1);
    assert!(err(std::str::from_utf8(&g).unwrap()).contains("wing"));
    // Two copies of one corner.
    let mut c = Cube::solved();
    c.cp[1] = 0;
    assert!(Cube::from_facelets(&c.facelets()).is_err());
}

#[test]
fn metrics_name_the_conventions() {
    let p = |s| notation::unrotate(&notation::parse(s, Notation::Wca).unwrap()).0;
    assert_eq!(notation::stm(&p("Uw")), 2);
    assert_eq!(notation::obtm(&p("Uw")), 1);
    assert_eq!(notation::stm(&p("2U")), 1);
    assert_eq!(notation::obtm(&p("2U")), 2);
    assert_eq!(notation::stm(&p("R L'")), 2);
    assert_eq!(notation::obtm(&p("R 2R")), 1);
    assert_eq!(notation::obtm(&p("R r")), 2);
    assert_eq!(notation::stm(&p("U U'")), 0);
    assert_eq!(notation::stm(&p("U D U")), 2);
    let steps = notation::parse("u", Notation::Slice).unwrap();
    assert_eq!(steps, vec![Step::Turn(Move::new(0, true, 1))]);
    assert!(notation::parse("Q", Notation::Wca).is_err());
    assert!(notation::parse("5Uw", Notation::Wca).is_err());
    assert!(notation::parse("U3'x", Notation::Wca).is_err());
}

#[test]
fn random_states_are_reproducible_and_varied() {
    assert_eq!(Cube::random(4), Cube::random(4));
    assert_ne!(Cube::random(4), Cube::random(5));
    // Twist is legal and every piece present.
    for s in 0..20 {
        let c = Cube::random(s);
        assert_eq!(c.co.iter().map(|&x| x as u32).sum::<u32>() % 3, 0);
    }
}

// The measures `revenge solve --explain` prints, checked on the simulator's stickers by hand
// counts: an outer turn keeps every centre face and edge pair; an inner slice, alone or in a
// wide turn, moves one wing of four edges and half the centres of four faces.
#[test]
fn centre_faces_and_paired_edges_count_what_the_stickers_show() {
    let after = |s: &str| {
        let mut sim = Sim::from_facelets(&Cube::solved().facelets());
        for t in s.split_whitespace() {
            sim_wca_token(&mut sim, t);
        }
        Cube::from_facelets(&sim.facelets()).unwrap()
    };
    let solved = Cube::solved();
    assert_eq!(
        (solved.uniform_centre_faces(), solved.paired_edges()),
        (6, 12)
    );
    let c = after("R U' F2");
    assert_eq!((c.uniform_centre_faces(), c.paired_edges()), (6, 12));
    let c = after("2R");
    assert_eq!((c.uniform_centre_faces(), c.paired_edges()), (2, 8));
    let c = after("Rw");
    assert_eq!((c.uniform_centre_faces(), c.paired_edges()), (2, 8));
    let c = after("Rw R' 2R'");
    assert_eq!((c.uniform_centre_faces(), c.paired_edges()), (6, 12));
}
