//! A layer at a time: states only at layer boundaries.
//!
//! Cell by cell, the table after a cell in the middle of a layer can hold far more states than
//! the tables at the layer's two ends (T-tetracubes in 4x6x6: 41.6 M states at the end of the
//! second layer, 90 M and growing five cells into the third). Here each state at a boundary
//! is carried through the whole layer by a depth-first walk over the same per-cell moves, so
//! only boundary tables exist; and those are kept up to the cross-section's symmetries
//! ([`super::cross`]) when [`super::FrontierOptions::canonical`] asks for it. The walk does
//! not merge equal states in the middle of a layer, so it makes more transitions: memory,
//! not time, is what bounds the method.
//!
//! The number of successors of a state over a whole layer has no useful bound before the
//! step, so the table being read is kept whole during a step: when a count overflows, the
//! table is widened and the layer stepped again.

use super::cross::Canon;
use super::dp::{step, Control, Moves, Reached, Stepped, Successors};
use super::problem::Dp;
use super::saved::WriteWays;
use super::table::{State, Table, Tally};
use super::FrontierError;

/// The moves of one layer (positions `from..to`), ending in the canonical form.
pub(super) struct LayerMoves<K> {
    moves: Vec<Moves<K>>,
    canon: Canon<K>,
}

impl<K: State> LayerMoves<K> {
    pub fn new(dp: &Dp, items: &[Vec<(K, K)>], from: usize, to: usize, canonical: bool) -> Self {
        let perms: &[Vec<u32>] = if canonical { &dp.cross } else { &[] };
        LayerMoves {
            moves: (from..to).map(|p| Moves::new(dp, &items[p], p)).collect(),
            canon: Canon::new(perms, dp.window, dp.order.layer, dp.top),
        }
    }

    /// The walk from position `i` of the layer.
    fn walk<F: FnMut(K)>(&self, i: usize, key: K, f: &mut F) {
        let Some(m) = self.moves.get(i) else {
            return f(self.canon.of(key));
        };
        let last = i + 1 == self.moves.len();
        // The last cell's states are checked when they enter the new table.
        m.each(key, |s| {
            if last || m.alive(s) {
                self.walk(i + 1, s, f);
            }
        });
    }
}

impl<K: State> Successors<K> for LayerMoves<K> {
    fn each(&self, key: K, mut f: impl FnMut(K)) {
        self.walk(0, key, &mut f);
    }

    fn alive(&self, k: K) -> bool {
        // A canonical image is alive exactly when the state is: both have the same completions,
        // and the test only drops states that have none.
        self.moves.last().is_none_or(|m| m.alive(k))
    }
}

/// Runs the layers from position `from` (a layer boundary, or the start) with `cur`.
pub(super) fn steps<K: State, V: Tally>(
    dp: &Dp,
    items: &[Vec<(K, K)>],
    from: usize,
    mut cur: Table<K, V>,
    ctl: &mut Control<'_, '_>,
) -> Result<Reached<K, V>, FrontierError>
where
    Table<K, V>: WriteWays,
{
    let (layer, n) = (dp.order.layer, dp.positions());
    let mut p = from;
    while p < n {
        if ctl.cancelled() {
            return Err(FrontierError::Cancelled);
        }
        let to = ((p / layer + 1) * layer).min(n);
        let moves = LayerMoves::new(dp, items, p, to, ctl.opts.canonical);
        match step(dp, &moves, p, cur, ctl, true)? {
            Stepped::Next(t, bytes) => {
                cur = t;
                ctl.after(dp, to - 1, &cur, bytes)?;
                p = to;
            }
            Stepped::Overflow(t) => return Ok(Reached::Widen(p, t)),
        }
    }
    Ok(Reached::Done(cur))
}
