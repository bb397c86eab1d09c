//! The columns of a grid renumbered for the search (see [`renumbered`]).

use crate::problem::{try_vec, Problem, ProblemError, Row};
use std::borrow::Cow;

/// The problem with its columns renumbered so that a grid is scanned with its shortest axis
/// varying fastest (a problem without a grid as it is). Rows keep their indices, so covers
/// need no translating back. The copy's rows are reserved fallibly, as every table of a
/// problem's size is (see [`try_vec`]).
pub(crate) fn renumbered(p: &Problem) -> Result<Cow<'_, Problem>, ProblemError> {
    let Some(dims) = p.grid else {
        return Ok(Cow::Borrowed(p));
    };
    let mut axes = [0usize, 1, 2];
    axes.sort_by_key(|&a| dims[a]);
    let nd = [dims[axes[0]], dims[axes[1]], dims[axes[2]]];
    let perm: Vec<usize> = (0..p.columns)
        .map(|c| {
            let v = [
                c % dims[0],
                (c / dims[0]) % dims[1],
                c / (dims[0] * dims[1]),
            ];
            v[axes[0]] + nd[0] * (v[axes[1]] + nd[1] * v[axes[2]])
        })
        .collect();
    let at = |c: &u32| perm[*c as usize] as u32;
    let mut rows = try_vec(p.rows.len(), "the renumbered rows")?;
    rows.extend(p.rows.iter().map(|r| Row {
        group: r.group,
        columns: r.columns.iter().map(at).collect(),
    }));
    Ok(Cow::Owned(Problem {
        columns: p.columns,
        prefilled: p.prefilled.iter().map(at).collect(),
        group_caps: p.group_caps.clone(),
        rows,
        grid: Some(nd),
        exact_groups: p.exact_groups,
        branching: p.branching,
        secondary: p.secondary.iter().map(at).collect(),
        group_min: p.group_min.clone(),
    }))
}
