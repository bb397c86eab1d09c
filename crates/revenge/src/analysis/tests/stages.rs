//! Stage definitions checked against Norskog's published distance tables (first depths only:
//! the full tables take minutes), and stage searches on short scrambles.

use crate::analysis::stages::{first_depths, first_depths_seed_convention};
use crate::methods::five_stage::spec::{stage2_seed_moves, stage_moves};
use crate::methods::five_stage::Stage;
use crate::{notation, Cube};
use rand::{Rng, SeedableRng};
use std::sync::OnceLock;

fn stage(k: usize) -> &'static Stage {
    static S: [OnceLock<Stage>; 5] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    S[k - 1].get_or_init(|| Stage::new(k))
}

// Norskog's "positions" column, first rows.
const SEED: [&[u64]; 5] = [
    &[3, 6, 144, 2_796, 48_324, 745_302],
    &[24, 48, 684, 7_338, 68_276, 614_616],
    &[12, 24, 300, 3_112, 32_620, 338_480],
    &[12, 24, 204, 1_280, 7_548, 40_964],
    &[4, 48, 420, 3_456, 27_168, 203_752],
];

#[test]
fn stage1_first_depths_match_the_seed() {
    assert_eq!(first_depths(stage(1), 3), SEED[0][..4]);
}

#[test]
fn stage2_first_depths_match_the_seed() {
    // Norskog's table is for the first version of stage 2 (l, r only as half turns).
    let s = Stage::new(2).restricted(&stage2_seed_moves());
    assert_eq!(first_depths(&s, 4), SEED[1][..5]);
}

#[test]
fn stage2_with_l_r_quarter_turns_reaches_more_at_each_depth() {
    // Norskog's later version adds l, l', r, r': the same positions, reached sooner.
    let later = first_depths(stage(2), 2);
    assert_eq!(later[0], 24);
    assert!(later[1] > SEED[1][1]);
}

#[test]
fn stage3_first_depths_match_the_seed() {
    assert_eq!(first_depths(stage(3), 5), SEED[2][..6]);
}

#[test]
fn stage4_first_depths_match_the_seed() {
    let (counts, factor) = first_depths_seed_convention(stage(4), 1);
    assert_eq!(factor, 96 * 96);
    assert_eq!(counts, SEED[3][..2]);
}

#[test]
fn stage5_first_depths_match_the_seed() {
    assert_eq!(first_depths(stage(5), 5), SEED[4][..6]);
}

#[test]
fn move_sets_have_the_seed_sizes_and_are_nested() {
    let sizes: Vec<usize> = (1..=5).map(|k| stage_moves(k).len()).collect();
    assert_eq!(sizes, [36, 28, 20, 16, 12]);
    for k in 2..=5 {
        let (a, b) = (stage_moves(k - 1), stage_moves(k));
        assert!(b.iter().all(|m| a.contains(m)));
    }
}

#[test]
fn coordinate_sizes_are_the_seeds_factors() {
    let sizes = |k: usize| -> Vec<usize> { stage(k).coords.iter().map(|c| c.size).collect() };
    // Stage 1: C(24,8) wing sets x 3^7 twists.
    assert_eq!(sizes(1), [735_471, 2_187]);
    // Stage 2: C(24,4) x C(20,4) = C(24,8) C(8,4) centre configurations x 420 wing cosets.
    let s2 = sizes(2);
    assert_eq!(s2[2], 420);
    // Stage 3: C(16,4) C(12,4) = 900,900 centres, C(16,8) = 12,870 wing sets, 2 parities.
    assert_eq!(sizes(3), [1_820, 1_820, 12_870, 2]);
    // Stage 4: 420 corner cosets, C(8,4) = 70 centre configurations.
    assert_eq!(sizes(4)[..2], [420, 70]);
    // Stage 5: 96 corner and 96 middle-wing arrangements, 12 centre configurations per axis.
    assert_eq!(sizes(5)[..2], [96, 96]);
    assert_eq!(sizes(5)[4..], [12, 12, 12]);
}

/// Short scrambles inside a stage: IDA* (with whatever tables are small enough to build here,
/// or none) finds a stage solution no longer than the scramble, ending in the stage's goal.
#[test]
fn stage_searches_solve_short_scrambles_optimally() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for k in [2usize, 3, 4, 5] {
        let s = stage(k);
        let moves = stage_moves(k);
        for _ in 0..5 {
            let len = rng.gen_range(1..=4);
            let mut c = Cube::solved();
            for _ in 0..len {
                c.apply(moves[rng.gen_range(0..moves.len())]);
            }
            let ids = s.ids(&c).expect("a stage position");
            let sol = s
                .solve(&ids, len)
                .expect("found within the scramble's length");
            assert!(notation::stm(&sol) <= len);
            let mut d = c;
            d.apply_all(&sol);
            assert!(s.is_goal(&s.ids(&d).unwrap()));
        }
    }
}

#[test]
fn stage4_in_the_seed_coordinates_has_the_seed_factors_and_first_depths() {
    let s = Stage::stage4_seed();
    let sizes: Vec<usize> = s.coords.iter().map(|c| c.size).collect();
    assert_eq!(sizes, [420, 70, 88_200]);
    assert_eq!(first_depths(&s, 4), SEED[3][..5]);
}

#[test]
fn conjugating_by_a_symmetry_keeps_stage_distances_short() {
    // A mirror image of a one-move stage-4 position is again one move from the goal.
    use crate::analysis::stages::ud_symmetries;
    use crate::symmetry::conjugate_cube;
    let s = stage(4);
    for m in ud_symmetries() {
        let mut c = Cube::solved();
        c.apply(stage_moves(4)[0]);
        let x = conjugate_cube(&c, m).expect("a legal position");
        let ids = s.ids(&x).expect("a stage-4 position");
        assert!(s.solve(&ids, 1).is_some());
    }
}
