//! The disassembler against a naive search: every subset of pieces, every direction, slid one
//! unit step at a time with the cells checked for overlap, a group counting as gone once it is
//! past the others' bounding box.

use proptest::prelude::*;
use std::collections::HashSet;
use wurfel_geom::Cell;
use wurfel_pack::disassembly::{disassemble, Separation};
use wurfel_pack::grid::Grid;

type Offsets = Vec<Cell>;

fn shifted(cells: &[Cell], o: Cell) -> impl Iterator<Item = Cell> + '_ {
    cells
        .iter()
        .map(move |c| [c[0] + o[0], c[1] + o[1], c[2] + o[2]])
}

/// How far (unit steps, `None` = out for good) the group `g` slides in direction `(axis,
/// sign)` before a cell would overlap, checking every step; `Some(0)` if not at all.
fn naive_slide(pieces: &[Vec<Cell>], at: &Offsets, g: u32, axis: usize, sign: i32) -> Option<i32> {
    let mut rest = HashSet::new();
    let (mut lo, mut hi) = (i32::MAX, i32::MIN);
    for (i, p) in pieces.iter().enumerate() {
        if g & (1 << i) == 0 {
            for c in shifted(p, at[i]) {
                lo = lo.min(c[axis]);
                hi = hi.max(c[axis]);
                rest.insert(c);
            }
        }
    }
    let mut step = 0;
    loop {
        let by = {
            let mut o = [0; 3];
            o[axis] = sign * (step + 1);
            o
        };
        let mut beyond = true;
        for (i, p) in pieces.iter().enumerate() {
            if g & (1 << i) == 0 {
                continue;
            }
            let o = [at[i][0] + by[0], at[i][1] + by[1], at[i][2] + by[2]];
            for c in shifted(p, o) {
                if rest.contains(&c) {
                    return Some(step);
                }
                beyond &= if sign > 0 { c[axis] > hi } else { c[axis] < lo };
            }
        }
        if beyond {
            return None;
        }
        step += 1;
    }
}

fn normalized(mut o: Offsets) -> Offsets {
    let b = o[0];
    for x in &mut o {
        *x = [x[0] - b[0], x[1] - b[1], x[2] - b[2]];
    }
    o
}

/// Breadth-first over all positions: the fewest moves (a slide of any length is one move)
/// until some group slides out, with the positions before each such separation at that depth.
fn naive_first(pieces: &[Vec<Cell>], start: Offsets) -> Option<(usize, Vec<(Offsets, u32)>)> {
    let n = pieces.len();
    let full = (1u32 << n) - 1;
    let mut seen = HashSet::new();
    let mut front = vec![normalized(start)];
    seen.insert(front[0].clone());
    let mut depth = 0;
    while !front.is_empty() {
        let mut seps = Vec::new();
        let mut next = Vec::new();
        for at in &front {
            for g in 1..full {
                for axis in 0..3 {
                    for sign in [1, -1] {
                        match naive_slide(pieces, at, g, axis, sign) {
                            None => seps.push((at.clone(), g)),
                            Some(len) => {
                                for s in 1..=len {
                                    let mut o = at.clone();
                                    for (i, x) in o.iter_mut().enumerate() {
                                        if g & (1 << i) != 0 {
                                            x[axis] += sign * s;
                                        }
                                    }
                                    let o = normalized(o);
                                    if seen.insert(o.clone()) {
                                        next.push(o);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if !seps.is_empty() {
            return Some((depth + 1, seps));
        }
        front = next;
        depth += 1;
    }
    None
}

/// Whether the pieces come apart completely: some shortest first separation whose two parts
/// (from where they stood) come apart too.
fn naive_apart(pieces: &[Vec<Cell>], start: Offsets) -> bool {
    if pieces.len() < 2 {
        return true;
    }
    let Some((_, seps)) = naive_first(pieces, start) else {
        return false;
    };
    seps.iter().any(|(at, g)| {
        let part = |inside: bool| {
            let idx: Vec<usize> = (0..pieces.len())
                .filter(|&i| (g & (1 << i) != 0) == inside)
                .collect();
            let p: Vec<Vec<Cell>> = idx.iter().map(|&i| pieces[i].clone()).collect();
            let o: Offsets = idx.iter().map(|&i| at[i]).collect();
            naive_apart(&p, o)
        };
        part(true) && part(false)
    })
}

fn check(pieces: &[Vec<Cell>]) -> Option<Separation> {
    let fast = disassemble(Grid::Cubes, pieces).expect("small assembly");
    let start = vec![[0; 3]; pieces.len()];
    let naive_level = naive_first(pieces, start.clone()).map(|(d, _)| d);
    if let Some(sep) = &fast {
        assert_eq!(Some(sep.level()), naive_level, "first separation level");
    }
    assert_eq!(
        fast.is_some(),
        naive_apart(pieces, start),
        "comes apart or not: {pieces:?}"
    );
    if fast.is_none() && naive_level.is_some() {
        // Stuck only in a part: the first level still has to agree.
        let first = wurfel_pack::disassembly::search::first_separation(
            Grid::Cubes,
            pieces,
            &vec![[0; 3]; pieces.len()],
        )
        .ok()
        .map(|f| f.slides.len());
        assert_eq!(first, naive_level);
    }
    fast
}

/// A square ring of 8 cells around `centre` in the plane normal to `normal`.
fn ring(centre: Cell, normal: usize) -> Vec<Cell> {
    let (u, v) = ((normal + 1) % 3, (normal + 2) % 3);
    let mut cells = Vec::new();
    for a in -1..=1 {
        for b in -1..=1 {
            if (a, b) != (0, 0) {
                let mut c = centre;
                c[u] += a;
                c[v] += b;
                cells.push(c);
            }
        }
    }
    cells
}

#[test]
fn two_linked_rings_do_not_come_apart() {
    // A ring in the z = 0 plane around (1,1,0), and one in the y = 1 plane around (2,1,0)
    // threaded through the first one's hole.
    let pieces = vec![ring([1, 1, 0], 2), ring([2, 1, 0], 1)];
    assert!(check(&pieces).is_none());
}

#[test]
fn unlinked_rings_come_apart_in_one_move() {
    let pieces = vec![ring([1, 1, 0], 2), ring([5, 1, 0], 1)];
    assert_eq!(check(&pieces).map(|s| s.level()), Some(1));
}

#[test]
fn a_bar_on_a_hook_comes_off_sideways() {
    // A C-shaped hook holding a bar in its mouth: the bar slides out along x (or the hook
    // along y) in one move.
    let bar = vec![[0, 0, 1], [1, 0, 1], [2, 0, 1]];
    let hook = vec![
        [0, 0, 0],
        [1, 0, 0],
        [-1, 0, 0],
        [-1, 0, 1],
        [-1, 0, 2],
        [0, 0, 2],
    ];
    let s = check(&[bar, hook]).expect("comes apart");
    assert_eq!(s.level_text(), "1");
    assert_eq!(s.plan().len(), 1);
}

#[test]
fn random_packings_agree_stuck_and_multi_move_ones_included() {
    // Pieces of scattered cells interlock often; some parts need several moves.
    let (mut stuck, mut multi) = (0, 0);
    for seed in 0..120u64 {
        match check(&random_assembly(seed, [3, 3, 2], 4, false)) {
            None => stuck += 1,
            Some(s) => multi += usize::from(s.level_text().contains('.')),
        }
    }
    assert!(stuck > 0 && multi > 0, "stuck {stuck}, multi-move {multi}");
}

/// A box of `dims` cut into `k` pieces grown from random seeds (connected, possibly
/// interlocked), by a small linear congruential generator so that failures replay.
fn random_assembly(seed: u64, dims: [i32; 3], k: usize, connected: bool) -> Vec<Vec<Cell>> {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut rnd = move |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % n
    };
    let mut cells = Vec::new();
    for x in 0..dims[0] {
        for y in 0..dims[1] {
            for z in 0..dims[2] {
                cells.push([x, y, z]);
            }
        }
    }
    let mut owner = vec![usize::MAX; cells.len()];
    let mut pieces: Vec<Vec<Cell>> = vec![Vec::new(); k];
    for (p, piece) in pieces.iter_mut().enumerate() {
        loop {
            let c = rnd(cells.len());
            if owner[c] == usize::MAX {
                owner[c] = p;
                piece.push(cells[c]);
                break;
            }
        }
    }
    let adjacent =
        |a: Cell, b: Cell| !connected || (0..3).map(|i| (a[i] - b[i]).abs()).sum::<i32>() == 1;
    let mut left = owner.iter().filter(|&&o| o == usize::MAX).count();
    while left > 0 {
        let c = rnd(cells.len());
        if owner[c] != usize::MAX {
            continue;
        }
        let p = rnd(k);
        if pieces[p].iter().any(|&q| adjacent(q, cells[c])) {
            owner[c] = p;
            pieces[p].push(cells[c]);
            left -= 1;
        }
    }
    pieces
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn agrees_with_the_naive_search(
        seed in any::<u64>(),
        k in 2usize..=4,
        dims in prop::sample::select(vec![[3, 2, 2], [3, 3, 2], [2, 2, 2], [4, 2, 2]]),
        connected in any::<bool>(),
        cage in any::<bool>(),
    ) {
        if cage {
            check(&caged_packing(seed, dims, k + 1));
        } else {
            check(&random_assembly(seed, dims, k, connected));
        }
    }
}

/// A box's shell without its +x face: the pieces inside can leave only that way.
fn caged(mut inside: Vec<Vec<Cell>>, dims: [i32; 3]) -> Vec<Vec<Cell>> {
    let mut cage = Vec::new();
    for x in -1..dims[0] {
        for y in -1..=dims[1] {
            for z in -1..=dims[2] {
                let inner = x >= 0 && (0..dims[1]).contains(&y) && (0..dims[2]).contains(&z);
                if !inner {
                    cage.push([x, y, z]);
                }
            }
        }
    }
    inside.insert(0, cage);
    inside
}

/// A random packing of a box whose first piece is welded to a cage around the box open on
/// +x: the others must leave that way, past the first piece's cells.
fn caged_packing(seed: u64, dims: [i32; 3], k: usize) -> Vec<Vec<Cell>> {
    let mut p = caged(random_assembly(seed, dims, k, seed.is_multiple_of(2)), dims);
    let obstacle = p.remove(1);
    p[0].extend(obstacle);
    p
}

#[test]
fn caged_packings_agree() {
    let (mut stuck, mut multi) = (0, 0);
    for seed in 0..60u64 {
        match check(&caged_packing(seed, [3, 3, 1], 4)) {
            None => stuck += 1,
            Some(s) => multi += usize::from(s.level_text().contains('.')),
        }
    }
    assert!(stuck > 0 && multi > 0, "stuck {stuck}, multi-move {multi}");
}

/// A solid block around the `corridor` cells (one cell thicker on every side), open where
/// `holes` are, as piece 0, then `contents` (inside the corridor).
fn framed(corridor: &[Cell], holes: &[Cell], contents: Vec<Vec<Cell>>) -> Vec<Vec<Cell>> {
    let lo = |a: usize| corridor.iter().map(|c| c[a]).min().unwrap() - 1;
    let hi = |a: usize| corridor.iter().map(|c| c[a]).max().unwrap() + 1;
    let mut frame = Vec::new();
    for x in lo(0)..=hi(0) {
        for y in lo(1)..=hi(1) {
            for z in lo(2)..=hi(2) {
                let c = [x, y, z];
                if !corridor.contains(&c) && !holes.contains(&c) {
                    frame.push(c);
                }
            }
        }
    }
    let mut pieces = vec![frame];
    pieces.extend(contents);
    pieces
}

#[test]
fn pieces_in_a_corridor_leave_one_by_one() {
    // Corridor x = 0..6, roof open above x = 4..6: the cube at the front slides and leaves, then
    // the bar, then the last cube, two moves each.
    let corridor: Vec<Cell> = (0..7).map(|x| [x, 0, 0]).collect();
    let holes: Vec<Cell> = (4..7).map(|x| [x, 0, 1]).collect();
    let contents = vec![vec![[0, 0, 0]], vec![[1, 0, 0], [2, 0, 0]], vec![[3, 0, 0]]];
    let s = check(&framed(&corridor, &holes, contents)).expect("comes apart");
    assert_eq!(s.level_text(), "2.2.2");
    // With the roof open above x = 6 only, the bar cannot get out.
    let contents = vec![vec![[0, 0, 0]], vec![[1, 0, 0], [2, 0, 0]], vec![[3, 0, 0]]];
    assert!(check(&framed(&corridor, &[[6, 0, 1]], contents)).is_none());
}

#[test]
fn a_cube_round_a_corner_needs_three_moves() {
    // Along x, round the corner along y, then up through the hole.
    let corridor = vec![[0, 0, 0], [1, 0, 0], [2, 0, 0], [2, 1, 0], [2, 2, 0]];
    let s = check(&framed(&corridor, &[[2, 2, 1]], vec![vec![[0, 0, 0]]])).expect("comes apart");
    assert_eq!(s.level(), 3);
    let plan = s.plan();
    assert_eq!(plan.len(), 3);
    // Two slides (the cube's, or the frame's the other way), then one of them leaves.
    assert!(plan[..2].iter().all(|p| p.distance == Some(2)), "{plan:?}");
    assert_eq!(plan[2].distance, None);
}
