//! A problem compiled for one board width: its rows as bitboards, the rows fitting the empty
//! board grouped by group. The tables hold every row (a puzzle's placements: millions for a
//! large box and many kinds), so they are reserved fallibly: a system that refuses them
//! refuses the problem with an error, never with an abort.

use super::Compiled;
use crate::bits::Bits;
use crate::counter::Counter;
use crate::filter::Simd;
use crate::problem::{try_vec, Problem, ProblemError};
use crate::region::Region;
use crate::renumber::renumbered;
use crate::span::Span;

impl<const W: usize> Compiled<W> {
    pub fn new(p: &Problem) -> Result<Self, ProblemError> {
        let p = renumbered(p)?;
        let p = &*p;
        let full = Bits::<W>::low(p.columns);
        let mut secondary = Bits::<W>::zero();
        for &c in &p.secondary {
            secondary.set(c as usize);
        }
        let primary = full.andnot(&secondary);
        let mut init_filled = Bits::<W>::zero();
        for &c in &p.prefilled {
            init_filled.set(c as usize);
        }
        let mut row_mask: Vec<Bits<W>> = try_vec(p.rows.len(), "the rows' bitboards")?;
        row_mask.extend(p.rows.iter().map(|r| {
            let mut b = Bits::<W>::zero();
            for &c in &r.columns {
                b.set(c as usize);
            }
            b
        }));
        let mut row_group: Vec<u32> = try_vec(p.rows.len(), "the rows' groups")?;
        row_group.extend(p.rows.iter().map(|r| r.group));
        let fits = |i: usize| {
            p.group_caps[row_group[i] as usize] > 0 && !row_mask[i].intersects(&init_filled)
        };
        let fitting = (0..row_mask.len()).filter(|&i| fits(i)).count();
        let mut root_masks = try_vec(fitting, "the rows fitting the empty board")?;
        let mut root_rows = try_vec(fitting, "the rows fitting the empty board")?;
        let mut root_spans = Vec::new();
        for g in 0..p.group_caps.len() as u32 {
            if p.group_caps[g as usize] == 0 {
                continue;
            }
            let start = root_rows.len() as u32;
            for (i, m) in row_mask.iter().enumerate() {
                if row_group[i] == g && fits(i) {
                    root_masks.push(*m);
                    root_rows.push(i as u32);
                }
            }
            root_spans.push(Span {
                group: g,
                start,
                end: root_rows.len() as u32,
            });
        }
        // Region pruning assumes every empty cell must be filled: not so with secondary
        // columns, so it is off for them. (Group ranges are fine: it only uses the remaining
        // units as upper bounds.)
        let region = if p.secondary.is_empty() {
            Region::new(p)
        } else {
            None
        };
        let root_cover = Counter::of(&root_masks);
        Ok(Compiled {
            root_cover,
            full,
            primary,
            has_secondary: !p.secondary.is_empty(),
            slack: p.group_slack(),
            init_filled,
            row_mask,
            row_group,
            root_masks,
            root_rows,
            root_spans,
            branching: p.branching,
            group_caps: p.group_caps.clone(),
            region,
            columns: p.columns,
            simd: Simd::detect(W),
            depth: usize::try_from(p.search_depth()).unwrap_or(usize::MAX),
        })
    }
}
