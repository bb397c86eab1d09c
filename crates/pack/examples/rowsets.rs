//! A prototype, measured and not integrated (docs/notes/2026-11-engine-speed.md, "Engine ideas
//! measured"): the live rows of a node as a bitset over the rows instead of filtered lists.
//! Every row has the bitset of the rows compatible with it, so a child's live rows are one AND
//! over the words; a group's live rows are a run of words (rows are numbered group by group); the
//! per-cell counts for the branching choice come from the live rows' masks through the
//! engine's kind of bit-sliced counter.
//!
//! To compare like with like, it makes exactly the decisions of the engine without a grid
//! (no region test, no tie-break next to the last piece): the fewest-covered empty cell (the
//! lowest on a tie) unless a group has strictly fewer rows, and rows in the engine's list
//! order. So both search the same tree, and the example prints both node counts and times.
//!
//! `cargo run --release -p wurfel-pack --example rowsets -- pentominoes-6x10`
use std::time::Instant;
use wurfel_cover::{search_tasks, Problem, SearchOptions};
use wurfel_pack::{catalog, Prepared};

struct Rowsets {
    words: usize,
    masks: Vec<u64>,
    group: Vec<usize>,
    /// `compat[r * words..][..words]`: the rows disjoint from row `r` and of another group.
    compat: Vec<u64>,
    /// The first and last word of each group's rows, and each group's rows as a bitset.
    group_words: Vec<(usize, usize)>,
    group_rows: Vec<u64>,
    /// The rows covering each cell, as a bitset.
    cell_rows: Vec<u64>,
    full: u64,
}

#[derive(Default)]
struct Count {
    nodes: u64,
    tried: u64,
    covers: u64,
}

impl Rowsets {
    fn new(p: &Problem) -> Self {
        assert!(p.columns <= 64, "the prototype handles up to 64 cells");
        assert!(p.group_caps.iter().all(|&c| c == 1) && p.prefilled.is_empty());
        let mut order: Vec<usize> = (0..p.rows.len()).collect();
        order.sort_by_key(|&r| p.rows[r].group);
        let masks: Vec<u64> = order
            .iter()
            .map(|&r| p.rows[r].columns.iter().fold(0, |m, &c| m | 1 << c))
            .collect();
        let group: Vec<usize> = order.iter().map(|&r| p.rows[r].group as usize).collect();
        let n = masks.len();
        let words = n.div_ceil(64);
        let mut compat = vec![0u64; n * words];
        for r in 0..n {
            for s in 0..n {
                if masks[r] & masks[s] == 0 && group[r] != group[s] {
                    compat[r * words + s / 64] |= 1 << (s % 64);
                }
            }
        }
        let groups = p.group_caps.len();
        let mut group_rows = vec![0u64; groups * words];
        let mut cell_rows = vec![0u64; p.columns * words];
        let mut group_words = vec![(words, 0); groups];
        for r in 0..n {
            let g = group[r];
            group_rows[g * words + r / 64] |= 1 << (r % 64);
            group_words[g] = (group_words[g].0.min(r / 64), r / 64 + 1);
            for c in 0..p.columns {
                if masks[r] >> c & 1 == 1 {
                    cell_rows[c * words + r / 64] |= 1 << (r % 64);
                }
            }
        }
        Rowsets {
            words,
            masks,
            group,
            compat,
            group_words,
            group_rows,
            cell_rows,
            full: if p.columns == 64 {
                u64::MAX
            } else {
                (1 << p.columns) - 1
            },
        }
    }

    /// The live rows of group `g` in `live`.
    fn group_count(&self, live: &[u64], g: usize) -> u32 {
        let (a, b) = self.group_words[g];
        let rows = &self.group_rows[g * self.words..];
        (a..b).map(|w| (live[w] & rows[w]).count_ones()).sum()
    }

    /// Whether group `g` has a live row in `live`.
    fn group_live(&self, live: &[u64], g: usize) -> bool {
        let (a, b) = self.group_words[g];
        let rows = &self.group_rows[g * self.words..];
        (a..b).any(|w| live[w] & rows[w] != 0)
    }

    /// The rows to branch on at a node with live rows `cur` (a cell's or a group's, as the
    /// engine chooses), or `None` when an empty cell has no live row left.
    fn choose(&self, cur: &[u64], empty: u64, left: &[bool]) -> Option<&[u64]> {
        // Most nodes die by a cell no live row covers: they pay for no more than this.
        let mut covered = 0u64;
        for (wi, &x) in cur.iter().enumerate() {
            let mut x = x;
            while x != 0 {
                covered |= self.masks[wi * 64 + x.trailing_zeros() as usize];
                x &= x - 1;
            }
        }
        if empty & !covered != 0 {
            return None;
        }
        // Per-cell counts, saturating at 15 as the engine's counter; exact below that.
        let mut bits = [0u64; 4];
        let mut over = 0u64;
        for (wi, &x) in cur.iter().enumerate() {
            let mut x = x;
            while x != 0 {
                let r = wi * 64 + x.trailing_zeros() as usize;
                x &= x - 1;
                let mut carry = self.masks[r];
                for b in &mut bits {
                    let next = *b & carry;
                    *b ^= carry;
                    carry = next;
                }
                over |= carry;
            }
        }
        let mut cells = empty & !over;
        let mut best = u32::MAX;
        if cells != 0 {
            best = 0;
            for i in (0..4).rev() {
                let zero = cells & !bits[i];
                if zero == 0 {
                    best |= 1 << i;
                } else {
                    cells = zero;
                }
            }
        }
        let mut best_group = usize::MAX;
        let mut best_group_n = u32::MAX;
        for (g, &l) in left.iter().enumerate() {
            if l {
                let k = self.group_count(cur, g);
                if k < best_group_n {
                    best_group_n = k;
                    best_group = g;
                }
            }
        }
        if best == u32::MAX && best_group_n == u32::MAX {
            // Every empty cell has more than 15 rows and no group is a candidate: count them
            // exactly. (With a candidate group, the engine takes it, as here.)
            let mut counts = [0u32; 64];
            for (wi, &x) in cur.iter().enumerate() {
                let mut x = x;
                while x != 0 {
                    let mut m = self.masks[wi * 64 + x.trailing_zeros() as usize];
                    x &= x - 1;
                    while m != 0 {
                        counts[m.trailing_zeros() as usize] += 1;
                        m &= m - 1;
                    }
                }
            }
            let mut e = empty;
            while e != 0 {
                let c = e.trailing_zeros() as usize;
                e &= e - 1;
                if counts[c] < best {
                    best = counts[c];
                    cells = 0;
                }
                if counts[c] == best {
                    cells |= 1 << c;
                }
            }
        }
        Some(if best_group_n < best {
            &self.group_rows[best_group * self.words..][..self.words]
        } else {
            let c = cells.trailing_zeros() as usize;
            &self.cell_rows[c * self.words..][..self.words]
        })
    }

    fn dfs(
        &self,
        live: &mut Vec<u64>,
        depth: usize,
        filled: u64,
        left: &mut [bool],
        n: &mut Count,
    ) {
        n.nodes += 1;
        let w = self.words;
        let empty = self.full & !filled;
        if empty == 0 {
            n.covers += 1;
            return;
        }
        let Some(select) = self.choose(&live[depth * w..(depth + 1) * w], empty, left) else {
            return;
        };
        live.resize(live.len().max((depth + 2) * w), 0);
        for wi in 0..w {
            let mut x = live[depth * w + wi] & select[wi];
            while x != 0 {
                let r = wi * 64 + x.trailing_zeros() as usize;
                x &= x - 1;
                let m = self.masks[r];
                let g = self.group[r];
                n.tried += 1;
                let (parent, child) = live.split_at_mut((depth + 1) * w);
                let compat = &self.compat[r * w..(r + 1) * w];
                for i in 0..w {
                    child[i] = parent[depth * w + i] & compat[i];
                }
                left[g] = false;
                // A group that must still be placed with no live row: dead while filtering, as
                // in the engine (counted as a node there too).
                let dead = left
                    .iter()
                    .enumerate()
                    .any(|(h, &l)| l && !self.group_live(&live[(depth + 1) * w..], h));
                if dead {
                    n.nodes += 1;
                } else {
                    self.dfs(live, depth + 1, filled | m, left, n);
                }
                left[g] = true;
            }
        }
    }
}

fn main() {
    let Some(id) = std::env::args().nth(1) else {
        eprintln!("usage: rowsets PUZZLE");
        std::process::exit(2);
    };
    let puzzle = catalog::get(&id).expect("a catalog id");
    let prep = Prepared::new(&puzzle).expect("catalog puzzles prepare");
    let mut p = prep.problem().clone();
    p.grid = None;
    let t = Instant::now();
    let opts = SearchOptions {
        threads: 1,
        ..Default::default()
    };
    // One task, the root: the engine's own plan would replay the prefixes of its tasks.
    let report = search_tasks(
        &p,
        &[Vec::new()],
        &opts,
        |_| 0u64,
        |_, _, _| std::ops::ControlFlow::Continue(()),
    )
    .expect("a valid problem");
    let engine = t.elapsed();
    let rs = Rowsets::new(&p);
    let t = Instant::now();
    let mut live = rs.full_live();
    let mut left = vec![true; p.group_caps.len()];
    let mut n = Count::default();
    rs.dfs(&mut live, 0, 0, &mut left, &mut n);
    let proto = t.elapsed();
    assert_eq!(
        (n.nodes, n.tried, n.covers),
        (
            report.stats.nodes,
            report.stats.tried,
            report.stats.solutions
        ),
        "the prototype must search the engine's tree"
    );
    println!(
        "{id}: {} rows ({} words); engine without grid: {} nodes, {} covers, {:.2} s; rowsets: {} nodes, {} covers, {:.2} s",
        rs.masks.len(),
        rs.words,
        report.stats.nodes,
        report.stats.solutions,
        engine.as_secs_f64(),
        n.nodes,
        n.covers,
        proto.as_secs_f64()
    );
}

impl Rowsets {
    fn full_live(&self) -> Vec<u64> {
        let n = self.masks.len();
        (0..self.words)
            .map(|w| {
                if (w + 1) * 64 <= n {
                    u64::MAX
                } else {
                    (1u64 << (n % 64)) - 1
                }
            })
            .collect()
    }
}
