//! A search's state at the root, its memory reserved before the search starts.

use super::{Compiled, Level, State};
use crate::bits::Bits;
use crate::problem::ProblemError;
use crate::span::Span;
use crate::stats::Stats;
use std::mem::size_of;
use std::sync::atomic::AtomicBool;

impl<const W: usize> Compiled<W> {
    /// A state at the root, its stacks reserved to the deepest search path (`depth` rows: the
    /// fitting rows of every level, `memory::stack_masks`; one node record and at most one
    /// span per group a level), or the system's refusal as an error: running out of memory is
    /// then found before the search starts, never as an abort in the middle of it, and the
    /// search's pushes never reallocate.
    pub(crate) fn root_state<'s>(
        &self,
        stop: &'s [&'s AtomicBool],
    ) -> Result<State<'s, W>, ProblemError> {
        let root = self.root_rows.len();
        let masks = crate::memory::stack_masks(root as u64, self.depth as u64);
        let masks = usize::try_from(masks).unwrap_or(usize::MAX);
        let depth = self.depth.min(self.columns);
        let levels = depth.min(root) + 1;
        let spans = levels.saturating_mul(self.root_spans.len().max(1));
        let bytes = (masks as u64)
            .saturating_mul((size_of::<Bits<W>>() + size_of::<u32>()) as u64)
            .saturating_add((levels * size_of::<Level<W>>()) as u64)
            .saturating_add((spans * size_of::<Span>()) as u64)
            .saturating_add((depth * size_of::<u32>()) as u64);
        let refused = |_| ProblemError::OutOfMemory {
            bytes,
            what: "the search stack",
        };
        let mut st = State {
            filled: self.init_filled,
            remaining: self.group_caps.clone(),
            stack: Vec::new(),
            stats: Stats::default(),
            stop,
            stopped: false,
            budget: u64::MAX,
            resume: Vec::new(),
            cut_path: Vec::new(),
            reach: Vec::new(),
            volume: self
                .region
                .as_ref()
                .map_or(0, |r| r.volume(&self.group_caps)),
            by_size: self
                .region
                .as_ref()
                .map_or(Vec::new(), |r| r.by_size(&self.group_caps)),
            masks: Vec::new(),
            rows: Vec::new(),
            spans: Vec::new(),
            levels: Vec::new(),
            counts: vec![0; self.columns],
        };
        st.stack.try_reserve_exact(depth).map_err(refused)?;
        st.masks.try_reserve_exact(masks).map_err(refused)?;
        st.rows.try_reserve_exact(masks).map_err(refused)?;
        st.spans.try_reserve_exact(spans).map_err(refused)?;
        st.levels.try_reserve_exact(levels).map_err(refused)?;
        st.masks.extend_from_slice(&self.root_masks);
        st.rows.extend_from_slice(&self.root_rows);
        st.spans.extend_from_slice(&self.root_spans);
        st.levels.push(Level {
            first_span: 0,
            end_span: st.spans.len() as u32,
            start: 0,
            end: st.rows.len() as u32,
            cover: self.root_cover,
        });
        Ok(st)
    }
}
