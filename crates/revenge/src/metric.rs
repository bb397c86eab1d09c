//! Lengths of a turn sequence, written once for every method and printer: the slice turn
//! metric (STM: any single-layer turn is one move) and the outer block turn metric (OBTM: outer
//! or wide turns one, an inner slice alone two), both after merging turns of one axis. The printers
//! ([`crate::notation`]) use the same axis runs and blocks, so a WCA text has as many tokens as
//! its OBTM length.

use crate::cube::Move;

/// Splits a sequence of single-slice turns into maximal runs on one axis, each given as the net
/// amount per layer (layer 0 next to U/R/F, in that face's clockwise sense, mod 4).
pub(crate) fn axis_runs(moves: &[Move]) -> Vec<(usize, [u8; 4])> {
    let mut runs: Vec<(usize, [u8; 4])> = Vec::new();
    for &m in moves {
        let a = m.axis();
        match runs.last_mut() {
            Some((ra, amt)) if *ra == a => {
                amt[m.layer()] = (amt[m.layer()] + m.axis_amount()) % 4;
            }
            _ => {
                let mut amt = [0u8; 4];
                amt[m.layer()] = m.axis_amount();
                runs.push((a, amt));
            }
        }
    }
    runs.retain(|(_, amt)| amt.iter().any(|&x| x != 0));
    // Merging may leave two runs on the same axis next to each other; merge again.
    let mut merged: Vec<(usize, [u8; 4])> = Vec::new();
    for (a, amt) in runs {
        match merged.last_mut() {
            Some((ra, ramt)) if *ra == a => {
                for l in 0..4 {
                    ramt[l] = (ramt[l] + amt[l]) % 4;
                }
                if ramt.iter().all(|&x| x == 0) {
                    merged.pop();
                }
            }
            _ => merged.push((a, amt)),
        }
    }
    merged
}

/// Normalises a single-slice sequence: turns on one axis are merged and cancelled, each axis
/// run printed in a fixed layer order.
pub fn simplify(moves: &[Move]) -> Vec<Move> {
    let mut out = Vec::new();
    for (a, amt) in axis_runs(moves) {
        for (l, &x) in amt.iter().enumerate() {
            if x != 0 {
                out.push(Move::from_axis(a, l, x));
            }
        }
    }
    out
}

/// Slice turn metric: every single-layer turn is one move (after merging turns of one slice).
pub fn stm(moves: &[Move]) -> usize {
    axis_runs(moves)
        .iter()
        .map(|(_, amt)| amt.iter().filter(|&&x| x != 0).count())
        .sum()
}

/// One block turn of an axis run: layers `lo..=hi` turned by `amount` (U/R/F sense).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Block {
    pub lo: usize,
    pub hi: usize,
    pub amount: u8,
}

/// The fewest outer or wide turns (never a whole-cube rotation, so the frame never changes)
/// producing the per-layer amounts: [`search_blocks`] for each of the 256 patterns, once (the
/// solvers measure every candidate's length).
pub(crate) fn best_blocks(amt: [u8; 4]) -> &'static [Block] {
    static ALL: std::sync::OnceLock<Vec<Vec<Block>>> = std::sync::OnceLock::new();
    let all = ALL.get_or_init(|| {
        (0..256usize)
            .map(|i| search_blocks([i >> 6, i >> 4 & 3, i >> 2 & 3, i & 3].map(|x| x as u8)))
            .collect()
    });
    &all[amt.iter().fold(0, |i, &x| i << 2 | (x & 3) as usize)]
}

/// [`best_blocks`] by trying every combination of the six block shapes' amounts.
fn search_blocks(amt: [u8; 4]) -> Vec<Block> {
    // Blocks from the U/R/F side: 1..=3 layers; from the D/L/B side: 1..=3 layers.
    let shapes: [(usize, usize); 6] = [(0, 0), (0, 1), (0, 2), (3, 3), (2, 3), (1, 3)];
    let mut best: Option<(usize, [u8; 6])> = None;
    for code in 0..4096u32 {
        let mut k = [0u8; 6];
        let mut c = code;
        for x in k.iter_mut() {
            *x = (c % 4) as u8;
            c /= 4;
        }
        let mut got = [0u8; 4];
        for (s, &(lo, hi)) in shapes.iter().enumerate() {
            for g in got.iter_mut().take(hi + 1).skip(lo) {
                *g = (*g + k[s]) % 4;
            }
        }
        if got != amt {
            continue;
        }
        let n = k.iter().filter(|&&x| x != 0).count();
        if best.is_none_or(|(b, _)| n < b) {
            best = Some((n, k));
        }
    }
    let (_, k) = best.expect("outer and wide turns generate every layer pattern");
    shapes
        .iter()
        .zip(k)
        .filter(|(_, x)| *x != 0)
        .map(|(&(lo, hi), amount)| Block { lo, hi, amount })
        .collect()
}

/// Outer block turn metric: outer or wide turns count one, an inner slice alone two.
pub fn obtm(moves: &[Move]) -> usize {
    axis_runs(moves)
        .iter()
        .map(|(_, amt)| best_blocks(*amt).len())
        .sum()
}
