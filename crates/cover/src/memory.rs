//! How much memory a search takes, known before it starts, so that a caller can refuse one that
//! would not fit instead of finding out from the system.
//!
//! Most of it is the stack of fitting rows: every node on the search path keeps the masks of
//! the rows that still fit (`search.rs`), so a path of `depth` placements over `rows` rows holds
//! up to `rows + (rows - 1) + ... ` masks. For puzzles of a few pieces that is nothing; for
//! thousands of small pieces in a large box it is gigabytes (4,096 unit cubes in a 16x16x16
//! box: 8.4 million masks of 512 bytes, 4.3 GB). The bound assumes each placement rules out only
//! the row placed: a real search usually filters more, so this is an upper bound that the
//! large, loosely constrained searches it exists for come close to.

use crate::bits::Bits;
use crate::counter::Counter;
use crate::problem::Problem;
use crate::search::Level;
use crate::span::Span;
use std::mem::size_of;

/// The memory of a search, in bytes: `tables` once, `per_worker` for each worker thread.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchMemory {
    /// The rows as bitboards (all of them, and those fitting the empty board), with their ids.
    pub tables: u64,
    /// One worker's search state: the stack of fitting rows and one node record per level.
    pub per_worker: u64,
}

impl SearchMemory {
    /// The bytes of a search by `threads` workers.
    pub fn total(&self, threads: usize) -> u64 {
        self.tables
            .saturating_add(self.per_worker.saturating_mul(threads.max(1) as u64))
    }

    /// The memory of a search with `rows` rows in `groups` groups over `columns` columns, at
    /// most `depth` rows deep (the units of all groups, or fewer if the columns run out first).
    pub fn of(columns: usize, rows: u64, groups: u64, depth: u64) -> SearchMemory {
        macro_rules! at_width {
            ($($w:literal),*) => {{
                $(if columns <= 64 * $w {
                    return sizes::<$w>(rows, groups, depth);
                })*
                sizes::<64>(rows, groups, depth)
            }};
        }
        // The widths `with_compiled!` compiles for.
        at_width!(1, 2, 3, 4, 8, 16, 32, 64)
    }
}

impl Problem {
    /// The memory a search of this problem takes at most (see [`SearchMemory`]).
    pub fn search_memory(&self) -> SearchMemory {
        let groups = self.group_caps.len() as u64;
        SearchMemory::of(
            self.columns,
            self.rows.len() as u64,
            groups,
            self.search_depth(),
        )
    }

    /// The most rows a search path places: the units of all groups, or fewer if the open
    /// columns run out first (rows are disjoint and none is empty, `validate`). At most
    /// [`crate::MAX_COLUMNS`]: the depth of the search's recursion is bounded by a constant.
    pub(crate) fn search_depth(&self) -> u64 {
        let units: u64 = self.group_caps.iter().map(|&c| u64::from(c)).sum();
        let smallest = self.rows.iter().map(|r| r.columns.len()).min().unwrap_or(1);
        let open = self.columns.saturating_sub(self.prefilled.len());
        units.min((open / smallest.max(1)) as u64)
    }
}

/// The masks a search path of at most `depth` placements holds on its stack of fitting rows
/// when `root` rows fit the empty board: level k keeps at most `root - k` of them (the row
/// placed never fits its own child), and the child being filtered is given room for as many
/// as its parent has, plus the AVX2 loop's `LEVEL_SLACK`.
pub(crate) fn stack_masks(root: u64, depth: u64) -> u64 {
    let levels = depth.min(root) + 1;
    let kept = levels.saturating_mul(root) - levels.saturating_mul(levels - 1) / 2;
    kept + 1 + crate::filter::LEVEL_SLACK as u64
}

/// [`SearchMemory::of`] for board width `W`.
fn sizes<const W: usize>(rows: u64, groups: u64, depth: u64) -> SearchMemory {
    let mask = size_of::<Bits<W>>() as u64;
    let row = mask + size_of::<u32>() as u64;
    // Rows as masks with their group, and again those fitting the empty board with their ids.
    let tables = rows.saturating_mul(2 * row);
    // Level k keeps at most `rows - k` rows: sum over the levels (the root's copy included).
    let levels = depth.min(rows) + 1;
    let kept = stack_masks(rows, depth);
    let per_level = (size_of::<Level<W>>() as u64)
        .saturating_add(groups.saturating_mul(size_of::<Span>() as u64))
        .saturating_add(size_of::<Counter<W>>() as u64);
    let per_worker = kept
        .saturating_mul(row)
        .saturating_add(levels.saturating_mul(per_level));
    SearchMemory { tables, per_worker }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_cubes_in_a_16_cube_need_gigabytes() {
        // 4,096 rows of 4,096 columns (64 words), 4,096 deep: 8.4 million masks of 516 bytes.
        let m = SearchMemory::of(4096, 4096, 1, 4096);
        let masks = 4097 * 4096 - 4097 * 4096 / 2;
        assert!(m.per_worker >= masks * 516);
        assert!(m.per_worker < masks * 516 + (64 << 20));
        assert_eq!(m.total(2), m.tables + 2 * m.per_worker);
        // Bedlam-sized: a few megabytes at most.
        let small = SearchMemory::of(64, 6_000, 13, 13);
        assert!(small.total(8) < 8 << 20, "{small:?}");
    }
}
