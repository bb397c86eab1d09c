//! Stage analyses as in Norskog's analysis: positions per distance from the stage's goal, and the
//! `unique` column (classes under the stage's symmetries), counted by Burnside's lemma.

use crate::analysis::reduced::{Part, Space, Tally};
use crate::cube::{facelet_geometry, geometry, V3};
use crate::methods::five_stage::stage::Stage;
use crate::symmetry::conjugate_cube;
use crate::toolkit::coord::Kind;
use crate::toolkit::prune::NibbleTable;
use std::collections::HashSet;
use wurfel_geom::Iso;

/// One row of an analysis.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Row {
    pub d: u32,
    pub positions: u64,
    pub unique: Option<u64>,
}

/// The 16 symmetries of the cube that keep the U-D axis (8 rotations, 8 with a mirror), the
/// identity first.
pub(crate) fn ud_symmetries() -> Vec<Iso> {
    Iso::all()
        .into_iter()
        .filter(|m| m.apply([0, 1, 0])[1] != 0)
        .collect()
}

/// Slot permutation of a symmetry: slot -> image slot, for wings and corners.
fn slot_maps(m: Iso) -> (Vec<usize>, Vec<usize>) {
    let g = geometry();
    let pos = |f: usize| facelet_geometry(f).0;
    let wings: Vec<V3> = (0..24).map(|s| pos(g.wings[s][0])).collect();
    let corners: Vec<V3> = (0..8).map(|s| pos(g.corners[s][0])).collect();
    let wmap = wings
        .iter()
        .map(|&p| {
            let q = m.apply(p);
            wings
                .iter()
                .position(|&x| x == q)
                .expect("wing slots map to wing slots")
        })
        .collect();
    let cmap = corners
        .iter()
        .map(|&p| {
            let q = m.apply(p);
            corners
                .iter()
                .position(|&x| x == q)
                .expect("corner slots map to corner slots")
        })
        .collect();
    (wmap, cmap)
}

/// Stage 1's `unique` column: classes of (wing set, twist) under the 16 U-D symmetries, by
/// Burnside: the average over symmetries of the positions each fixes, per distance.
pub fn stage1_unique(stage: &Stage, table: &NibbleTable, counts: &[u64]) -> Vec<u64> {
    let wc = &stage.coords[0];
    let tc = &stage.coords[1];
    let slots = match &wc.kind {
        Kind::WingSet { slots, .. } => slots.clone(),
        _ => unreachable!("stage 1 starts with the wing set"),
    };
    debug_assert_eq!(slots, (0..24u8).collect::<Vec<_>>());
    // Raw wing-set masks by rank, and raw twist digits.
    let mut masks = vec![0u32; wc.kind.raw_size()];
    for mask in 0u32..1 << 24 {
        if mask.count_ones() == 8 {
            masks[crate::toolkit::coord::subset_rank(mask) as usize] = mask;
        }
    }
    let depth_len = counts.len();
    let mut total = vec![0u64; depth_len];
    for (i, c) in counts.iter().enumerate() {
        total[i] += c; // the identity fixes everything
    }
    for m in ud_symmetries().into_iter().skip(1) {
        let mirror = !m.is_rotation();
        let (wmap, cmap) = slot_maps(m);
        let fixed_w: Vec<u32> = masks
            .iter()
            .enumerate()
            .filter(|(_, &mask)| {
                let img = (0..24)
                    .filter(|&s| mask >> s & 1 == 1)
                    .fold(0u32, |a, s| a | 1 << wmap[s]);
                img == mask
            })
            .map(|(raw, _)| wc.dense[raw])
            .collect();
        let fixed_t: Vec<u32> = (0..2187u32)
            .filter_map(|raw| {
                let mut co = [0u8; 8];
                let mut x = raw;
                for i in (0..7).rev() {
                    co[i] = (x % 3) as u8;
                    x /= 3;
                }
                co[7] = ((3 - co[..7].iter().map(|&t| t as u32).sum::<u32>() % 3) % 3) as u8;
                let mut img = [0u8; 8];
                for s in 0..8 {
                    img[cmap[s]] = if mirror { (3 - co[s]) % 3 } else { co[s] };
                }
                (img == co).then(|| tc.dense[raw as usize])
            })
            .collect();
        for &w in &fixed_w {
            for &t in &fixed_t {
                let d = table.get(w as usize * tc.size + t as usize) as usize;
                if d < depth_len {
                    total[d] += 1;
                }
            }
        }
    }
    let n = ud_symmetries().len() as u64;
    total.iter().map(|t| t / n).collect()
}

/// Positions per distance for the first `max_depth` distances of stage `k`, by a plain
/// breadth-first search over the stage's full coordinates (for tests and small checks).
pub fn first_depths(stage: &Stage, max_depth: u32) -> Vec<u64> {
    let mut seen: HashSet<Vec<u32>> = stage.goals.iter().flatten().cloned().collect();
    let mut frontier: Vec<Vec<u32>> = seen.iter().cloned().collect();
    let mut out = vec![frontier.len() as u64];
    for _ in 0..max_depth {
        let mut next = Vec::new();
        for t in &frontier {
            for k in 0..stage.moves.len() {
                let u: Vec<u32> = t
                    .iter()
                    .zip(&stage.coords)
                    .map(|(&id, c)| c.step(id, k))
                    .collect();
                if seen.insert(u.clone()) {
                    next.push(u);
                }
            }
        }
        out.push(next.len() as u64);
        frontier = next;
    }
    out
}

/// [`first_depths`] in Norskog's convention: stage 4's coordinates keep the full wing
/// arrangement, where Norskog counts classes of arrangements that half turns cannot tell
/// apart (cosets of the group of the 16 U/D-layer wings under half turns), so counts are
/// divided by that group's size, returned as the second value.
pub fn first_depths_seed_convention(stage: &Stage, max_depth: u32) -> (Vec<u64>, u64) {
    let counts = first_depths(stage, max_depth);
    let factor = if stage.number == 4 {
        let pairs: HashSet<(u32, u32)> = stage.goals[0].iter().map(|t| (t[2], t[3])).collect();
        pairs.len() as u64
    } else {
        1
    };
    (counts.iter().map(|c| c / factor).collect(), factor)
}

/// The `unique` column of a stage whose first projection covers the whole stage, by Burnside
/// over the 16 U-D symmetries: each symmetry acts on each coordinate separately (through a
/// representative cube), so its fixed positions are products of fixed coordinate values.
/// `table` may hold distances modulo 15 (see the toolkit's `bfs::Options`); the few shallow positions
/// that share a residue with deep ones are told apart by a small search from the goal.
pub fn stage_unique(stage: &Stage, table: &NibbleTable, counts: &[u64]) -> Vec<u64> {
    let p = &stage.projections[0];
    let coords: Vec<&crate::toolkit::coord::Coord> =
        p.coords.iter().map(|&c| &stage.coords[c]).collect();
    let sizes: Vec<usize> = coords.iter().map(|c| c.size).collect();
    let index = |ids: &[u32]| {
        ids.iter()
            .zip(&sizes)
            .fold(0usize, |i, (&x, &s)| i * s + x as usize)
    };
    // Positions at depths 0..shallow (where residues mod 15 are ambiguous), exactly.
    let shallow = counts.len().saturating_sub(15);
    let mut near: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    let mut frontier: Vec<Vec<u32>> = Vec::new();
    for g in stage.goals.iter().flatten() {
        let t: Vec<u32> = p.coords.iter().map(|&c| g[c]).collect();
        if near.insert(index(&t), 0).is_none() {
            frontier.push(t);
        }
    }
    for d in 1..shallow {
        let mut next = Vec::new();
        for t in &frontier {
            for k in 0..stage.moves.len() {
                let u: Vec<u32> = t.iter().zip(&coords).map(|(&x, c)| c.step(x, k)).collect();
                if let std::collections::hash_map::Entry::Vacant(e) = near.entry(index(&u)) {
                    e.insert(d);
                    next.push(u);
                }
            }
        }
        frontier = next;
    }
    let depth_of = |i: usize| -> usize {
        let v = table.get(i) as usize;
        if v < shallow && near.get(&i) != Some(&v) {
            v + 15
        } else {
            v
        }
    };
    let mut total: Vec<u64> = counts.to_vec();
    for m in ud_symmetries().into_iter().skip(1) {
        let fixed: Vec<Vec<u32>> = coords
            .iter()
            .map(|c| {
                (0..c.size as u32)
                    .filter(|&id| {
                        conjugate_cube(&c.reps[id as usize], m).and_then(|x| c.id(&x)) == Some(id)
                    })
                    .collect()
            })
            .collect();
        let mut ids = vec![0u32; coords.len()];
        let mut stack = vec![(0usize, 0usize)];
        // Walk the product of the fixed sets.
        while let Some((k, i)) = stack.pop() {
            if k == coords.len() {
                let d = depth_of(index(&ids));
                if d < total.len() {
                    total[d] += 1;
                }
                continue;
            }
            if i < fixed[k].len() {
                ids[k] = fixed[k][i];
                stack.push((k, i + 1));
                stack.push((k + 1, 0));
            }
        }
    }
    let n = ud_symmetries().len() as u64;
    total.iter().map(|t| t / n).collect()
}

/// Stage `k` (2, 3 or 5) as Norskog analysed it, as a symmetry-reduced space: stage 2 with
/// the first version's moves (l and r half turns only), the edge cosets as the class
/// coordinate and the front/back centres as one pair; stage 3 with the U/D-layer wing set and
/// parity as the class coordinate and the left/right centres as one pair; stage 5 with the
/// corners and the three centre orbits as the class coordinate and the three wing orbits as
/// the rest.
pub fn stage_space(k: usize) -> Result<Space, String> {
    match k {
        2 => Space::new(
            Stage::new(2).restricted(&crate::methods::five_stage::spec::stage2_seed_moves()),
            vec![2],
            vec![Part::Pair(0, 1)],
        ),
        3 => Space::new(Stage::new(3), vec![2, 3], vec![Part::Pair(0, 1)]),
        5 => Space::new(
            Stage::new(5),
            vec![0, 4, 5, 6],
            vec![Part::Plain(1), Part::Plain(2), Part::Plain(3)],
        ),
        _ => Err(format!("stage {k} has no symmetry-reduced analysis")),
    }
}

/// Small analyses within stages: a few of a stage's coordinates, with the stage's moves and
/// symmetries. Each completes in seconds, so a cluster run (or the machinery itself) can be
/// tried on them; (stage, name, what it is).
pub const VARIANTS: [(usize, &str, &str); 2] = [
    (3, "centres", "stage 3's centres and parity alone"),
    (5, "wings", "stage 5's three wing orbits alone"),
];

/// The symmetry-reduced space of stage `k` (2, 3 or 5; [`stage_space`]) or of one of its
/// [`VARIANTS`], and the analysis' name (what its state directory records).
pub fn reduced_space(k: usize, variant: Option<&str>) -> Result<(Space, String), String> {
    let Some(v) = variant else {
        return Ok((stage_space(k)?, format!("stage {k}")));
    };
    let space = match (k, v) {
        (3, "centres") => Space::new(
            Stage::new(3).with_coords(&[0, 1, 3]),
            vec![2],
            vec![Part::Pair(0, 1)],
        ),
        (5, "wings") => Space::new(
            Stage::new(5).with_coords(&[1, 2, 3]),
            vec![],
            vec![Part::Plain(0), Part::Plain(1), Part::Plain(2)],
        ),
        _ => {
            let known: Vec<String> = VARIANTS
                .iter()
                .map(|(s, n, _)| format!("`{n}` (stage {s})"))
                .collect();
            return Err(format!(
                "stage {k} has no variant `{v}` (variants: {})",
                known.join(", ")
            ));
        }
    }?;
    Ok((space, format!("stage {k} {v}")))
}

/// The first `depths + 1` rows of a reduced space's analysis by an in-memory search over its
/// entries (for checks: memory grows with the positions reached).
pub fn sparse_first_depths(space: &Space, depths: u32) -> Vec<Tally> {
    let mut seen: HashSet<u64> = space.goals.iter().copied().collect();
    let mut frontier: Vec<u64> = space.goals.clone();
    let row = |f: &[u64]| {
        let mut t = Tally::default();
        for &e in f {
            t += space.weight(e).expect("entries reached are canonical");
        }
        t
    };
    let mut rows = vec![row(&frontier)];
    for _ in 0..depths {
        let mut next = Vec::new();
        for &e in &frontier {
            space.any_neighbour(e, |x| {
                if seen.insert(x) {
                    next.push(x);
                }
                false
            });
        }
        rows.push(row(&next));
        frontier = next;
    }
    rows
}
