//! The shares of a count in slices ([`super::FrontierOptions::slice`]), counted apart (by
//! shards, on other machines), added up into the whole count.
//!
//! The number of solutions is a sum over the states of the boundary cut into slices, so every
//! run's fixed points are the sums of its shares; the classes then come from Burnside's lemma
//! on the sums, as [`super::count`] makes them.

use super::layered::layers_before_cut;
use super::{classes, jobs, FrontierError, FrontierOptions, FrontierReport, RunStats};
use crate::Prepared;

/// Adds up `shares`, each the report of [`super::count`] on `prep` with `opts` and its own
/// range of slices (`opts.slice` is ignored here): every slice of `0..opts.slices` exactly once
/// is the caller's to check. The statistics are the whole work's: transitions summed, peaks
/// the largest, the states after each layer before the cut the same in every share (checked)
/// and summed after it. Refuses shares of another programme (other runs) with
/// [`FrontierError::Inconsistent`].
pub fn merge_slices(
    prep: &Prepared,
    opts: &FrontierOptions<'_>,
    shares: &[FrontierReport],
) -> Result<FrontierReport, FrontierError> {
    let labels: Vec<String> = jobs(prep, opts.classes)
        .into_iter()
        .map(|j| j.label)
        .collect();
    let mismatch = |why: String| Err(FrontierError::Inconsistent(why));
    let Some(first) = shares.first() else {
        return mismatch("no shares to merge".into());
    };
    for (i, s) in shares.iter().enumerate() {
        let got: Vec<&str> = s.runs.iter().map(|r| r.symmetry.as_str()).collect();
        if got != labels {
            return mismatch(format!(
                "share {i} has the runs {got:?}, the puzzle's are {labels:?}"
            ));
        }
    }
    let mut runs = Vec::with_capacity(labels.len());
    for (k, run) in first.runs.iter().enumerate() {
        let mut sum = RunStats {
            fixed: Default::default(),
            transitions: 0,
            peak_states: 0,
            peak_bytes: 0,
            layer_states: Vec::new(),
            ..run.clone()
        };
        let before = layers_before_cut(run.layer_states.len());
        for (i, s) in shares.iter().map(|s| &s.runs[k]).enumerate() {
            if s.same_as != run.same_as || s.layer_states.len() != run.layer_states.len() {
                return mismatch(format!("share {i}, run {k}: another programme"));
            }
            if s.layer_states[..before] != run.layer_states[..before] {
                return mismatch(format!(
                    "share {i}, run {k}: other states before the cut into slices"
                ));
            }
            sum.fixed += &s.fixed;
            sum.transitions += s.transitions;
            sum.peak_states = sum.peak_states.max(s.peak_states);
            sum.peak_bytes = sum.peak_bytes.max(s.peak_bytes);
            if i == 0 {
                sum.layer_states = s.layer_states.clone();
            } else {
                let after = sum
                    .layer_states
                    .iter_mut()
                    .zip(&s.layer_states)
                    .skip(before);
                after.for_each(|(a, b)| *a += b);
            }
        }
        runs.push(sum);
    }
    let fixed: Vec<_> = runs.iter().map(|r| r.fixed.clone()).collect();
    let (rotations, rotations_reflections) = if opts.classes {
        let (r, rr) = classes::burnside(&prep.symmetry, &fixed)?;
        (Some(r), Some(rr))
    } else {
        (None, None)
    };
    Ok(FrontierReport {
        raw: fixed[0].clone(),
        rotations,
        rotations_reflections,
        runs,
    })
}
