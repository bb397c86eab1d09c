//! BurrTools' piece groups: which parts of an assembly may stay together.
//!
//! A part that does not come apart is still fine when its pieces can be said to be one group:
//! every piece belongs to the same single group (BurrTools does not count copies then), or, when
//! some piece's copies are split among groups, every stuck part found so far can be given a
//! group such that no group receives more copies of a piece than the puzzle puts in it
//! (BurrTools' `grouping_c`, an exhaustive search over the assignments). The first part that
//! cannot be grouped ends the analysis, as in BurrTools.
//!
//! Each assembly starts with every group's copies. BurrTools 0.6.4 does not quite: its
//! `grouping_c::reSet` forgets the stuck parts but not the copies they took, and burrTxt uses
//! one disassembler for all assemblies, so after the first few grouped assemblies its groups
//! run out of copies and its count depends on the assemblies' order (four rings in two
//! interlocked pairs, copies 2 + 2 in groups 1 and 2: burrTxt finds 1,791 solutions, 2 more
//! than without groups, where all four in one group give 1,951). The designs in
//! `tests/data/burr` with split copies have one grouped assembly, where both agree.

use std::collections::HashMap;

/// The groups of an assembly's pieces and the stuck parts grouped so far.
#[derive(Clone, Debug, Default)]
pub struct Grouping {
    /// Each assembly piece's kind (index into `groups`).
    kinds: Vec<usize>,
    /// Each kind's (group, copies) pairs (empty: no group).
    groups: Vec<Vec<(u32, u32)>>,
    /// The stuck parts so far, as their pieces' kinds.
    sets: Vec<Vec<usize>>,
    /// Whether some stuck part could not be grouped.
    failed: bool,
}

impl Grouping {
    /// No piece belongs to a group.
    pub fn none() -> Grouping {
        Grouping::default()
    }

    /// Piece `i` of the assembly is of kind `kinds[i]`, whose groups are `groups[kinds[i]]`.
    pub fn new(kinds: Vec<usize>, groups: Vec<Vec<(u32, u32)>>) -> Grouping {
        Grouping {
            kinds,
            groups,
            ..Grouping::default()
        }
    }

    fn groups_of(&self, piece: usize) -> &[(u32, u32)] {
        self.kinds
            .get(piece)
            .and_then(|&k| self.groups.get(k))
            .map_or(&[], Vec::as_slice)
    }

    /// Whether the pieces `ids` all belong to one and the same single group.
    pub fn one_group(&self, ids: &[usize]) -> bool {
        let single = |i: usize| match self.groups_of(i) {
            [(g, _)] => *g,
            _ => 0,
        };
        single(ids[0]) != 0 && ids.iter().all(|&i| single(i) == single(ids[0]))
    }

    /// Records the stuck part `ids` and says whether every stuck part so far can be given a
    /// group within the copies each group holds.
    pub fn admit(&mut self, ids: &[usize]) -> bool {
        if self.failed {
            return false;
        }
        self.sets.push(
            ids.iter()
                .map(|&i| self.kinds.get(i).copied().unwrap_or(usize::MAX))
                .collect(),
        );
        let mut left: HashMap<(usize, u32), u32> = HashMap::new();
        let mut all_groups: Vec<u32> = Vec::new();
        for (k, list) in self.groups.iter().enumerate() {
            for &(g, c) in list {
                *left.entry((k, g)).or_default() += c;
                all_groups.push(g);
            }
        }
        all_groups.sort_unstable();
        all_groups.dedup();
        if !assign(&self.sets, &all_groups, &mut left) {
            self.failed = true;
        }
        !self.failed
    }
}

/// Whether `sets` can each take one of `groups` with every (kind, group) used at most as many
/// times as `left` holds (backtracking, as BurrTools does).
fn assign(sets: &[Vec<usize>], groups: &[u32], left: &mut HashMap<(usize, u32), u32>) -> bool {
    let Some((set, rest)) = sets.split_first() else {
        return true;
    };
    for &g in groups {
        let mut taken = Vec::new();
        let fits = set.iter().all(|&k| match left.get_mut(&(k, g)) {
            Some(n) if *n > 0 => {
                *n -= 1;
                taken.push(k);
                true
            }
            _ => false,
        });
        if fits && assign(rest, groups, left) {
            return true;
        }
        for k in taken {
            *left.get_mut(&(k, g)).expect("taken from it") += 1;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_copies_fill_groups_up_to_their_counts() {
        // Kind 0 has 3 copies: 2 in group 1, 1 in group 2; kind 1 is wholly in group 2.
        let g = || Grouping::new(vec![0, 0, 0, 1], vec![vec![(1, 2), (2, 1)], vec![(2, 1)]]);
        let mut a = g();
        assert!(a.admit(&[0, 1])); // two copies of kind 0: group 1
        assert!(a.admit(&[2, 3])); // one copy with kind 1: group 2
        let mut b = g();
        assert!(b.admit(&[0, 3])); // group 2 takes kind 0's single copy there
        assert!(!b.admit(&[1, 2, 3])); // no group left for kind 1 alongside two of kind 0
        assert!(!b.admit(&[0, 1])); // a failure is final
        assert!(g().one_group(&[3]) && !g().one_group(&[0, 3]));
        assert!(!Grouping::none().admit(&[0, 1]));
    }
}
