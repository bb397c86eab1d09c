//! The columns of a grid renumbered for the search (see [`renumbered`]).

use crate::problem::Problem;

/// The problem with its columns renumbered so that a grid is scanned with its shortest axis
/// varying fastest. Rows keep their indices, so covers need no translating back.
pub(crate) fn renumbered(p: &Problem) -> Problem {
    let Some(dims) = p.grid else {
        return p.clone();
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
    let mut q = p.clone();
    q.grid = Some(nd);
    q.prefilled = p
        .prefilled
        .iter()
        .map(|&c| perm[c as usize] as u32)
        .collect();
    q.secondary = p
        .secondary
        .iter()
        .map(|&c| perm[c as usize] as u32)
        .collect();
    for r in &mut q.rows {
        for c in &mut r.columns {
            *c = perm[*c as usize] as u32;
        }
    }
    q
}
