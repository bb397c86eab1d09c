//! Symmetric boundary states: the symmetries of a layer's cross-section that map the whole
//! problem to itself, and the canonical form of a state under them.
//!
//! At a layer boundary the cells not yet decided are whole layers along the slowest axis. A
//! symmetry of the cross-section (flipping either of the two faster axes, and swapping them
//! when they are equally long) keeps every cell in its layer, so when it maps the target, the
//! optional cells and the set of items (cells and kinds) to themselves, it maps the items that
//! may still be put down after the boundary to themselves, and a state and its image have the
//! same number of completions. The counter then keeps one state per orbit (the smallest image)
//! and adds the counts: up to 4 times fewer states (8 for a square cross-section). Between
//! two boundaries the state window is not made of whole layers, so only boundary states are
//! mapped.

use super::item::Item;
use super::order::Order;
use super::table::State;
use crate::placements::BoxBoard;
use std::collections::HashMap;

/// The cross-section symmetries (as permutations of a layer's positions, identity left out)
/// that map the target, the optional cells and `items` to themselves.
pub(crate) fn symmetries(
    board: &BoxBoard,
    order: &Order,
    items: &[Item],
    optional: &[bool],
) -> Vec<Vec<u32>> {
    let d = board.grid.dims();
    let (a1, a2) = (order.axes[1], order.axes[2]);
    let (n1, n2) = (d[a1], d[a2]);
    let mut out = Vec::new();
    // Items as a multiset: with constraint colours two placements of a kind may cover the same
    // cells (orientations that differ only in colours), and a symmetry must keep how many.
    let mut multiset: HashMap<&Item, usize> = HashMap::new();
    for i in items {
        *multiset.entry(i).or_default() += 1;
    }
    for swap in [false, true] {
        if swap && n1 != n2 {
            continue;
        }
        for flips in 0..4u8 {
            if !swap && flips == 0 {
                continue; // the identity
            }
            let map = |c: u32| -> u32 {
                let mut x = board.grid.cell(c as usize);
                let (mut v1, mut v2) = (x[a1], x[a2]);
                if flips & 1 != 0 {
                    v1 = n1 as i32 - 1 - v1;
                }
                if flips & 2 != 0 {
                    v2 = n2 as i32 - 1 - v2;
                }
                if swap {
                    (v1, v2) = (v2, v1);
                }
                (x[a1], x[a2]) = (v1, v2);
                board
                    .grid
                    .index(x)
                    .expect("a cross-section symmetry stays in the box") as u32
            };
            let cells = 0..board.grid.len() as u32;
            let keeps_cells = cells.clone().all(|c| {
                let m = map(c) as usize;
                board.in_target[c as usize] == board.in_target[m]
                    && optional[order.rank[c as usize] as usize] == optional[order.rank[m] as usize]
            });
            let keeps_items = keeps_cells
                && multiset.iter().all(|(i, &n)| {
                    let mut cells: Vec<u32> = i.cells.iter().map(|&c| map(c)).collect();
                    cells.sort_unstable();
                    multiset.get(&Item {
                        cells,
                        kinds: i.kinds.clone(),
                    }) == Some(&n)
                });
            if keeps_items {
                // As a permutation of the positions of the first layer (every layer alike).
                let perm = (0..order.layer)
                    .map(|r| order.rank[map(order.cells[r]) as usize])
                    .collect();
                out.push(perm);
            }
        }
    }
    out
}

/// The canonical form of boundary states: the smallest image under a group of cross-section
/// symmetries, computed a byte of the window at a time.
pub(super) struct Canon<K> {
    /// Per symmetry, per byte of the window, the image of each byte value.
    images: Vec<Vec<[K; 256]>>,
    /// The window bits.
    low: K,
}

impl<K: State> Canon<K> {
    /// The canonical form for `perms` (layer permutations from [`symmetries`]) on a window of
    /// `window` bits and layers of `layer` positions; none (every state its own form) when a
    /// state at a boundary could hold a bit whose image leaves the window. `top` is the
    /// highest bit a boundary state can hold.
    pub fn new(perms: &[Vec<u32>], window: u32, layer: usize, top: u32) -> Canon<K> {
        let w = window as usize;
        let low = K::of(if w >= 128 {
            u128::MAX
        } else {
            (1u128 << w) - 1
        });
        let fits = (top as usize / layer + 1) * layer <= w;
        let bytes = w.div_ceil(8);
        let images = if fits { perms } else { &[][..] }
            .iter()
            .map(|perm| {
                let image = |b: usize| (b / layer) * layer + perm[b % layer] as usize;
                (0..bytes)
                    .map(|j| {
                        let mut t = [K::zero(); 256];
                        for (v, slot) in t.iter_mut().enumerate() {
                            let bits =
                                (0..8).filter(|i| v >> i & 1 == 1 && 8 * j + i <= top as usize);
                            *slot =
                                bits.fold(K::zero(), |m, i| m | K::of(1u128 << image(8 * j + i)));
                        }
                        t
                    })
                    .collect()
            })
            .collect();
        Canon { images, low }
    }

    /// The smallest image of `k` (the counts above the window unchanged).
    pub fn of(&self, k: K) -> K {
        let low = k & self.low;
        let mut best = low;
        for t in &self.images {
            let mut img = K::zero();
            let mut rest = low;
            for byte in t {
                let v = (rest & K::of(0xff)).wide() as usize;
                img = img | byte[v];
                rest = rest >> 8;
                if rest == K::zero() {
                    break;
                }
            }
            best = best.min(img);
        }
        best | (k & !self.low)
    }
}
