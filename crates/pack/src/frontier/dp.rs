//! The dynamic programme: a table from state to the number of ways of reaching it, carried
//! cell by cell through the visiting order.
//!
//! At position `p` every state either has `p` filled already (it moves on), or `p` is optional
//! and stays empty, or an item whose first cell is `p` is put down where it fits and keeps the
//! counts within range. The counts start as `u64`; before a step whose counts might not fit
//! (the sum of all counts, times the most successors a state has, does not) the table is
//! widened (to `u128`, then to big integers), so every count is exact and nothing wraps. The
//! table being read is freed part by part as the step goes, so a step holds little more than
//! the larger of the two tables.
//!
//! A step (one cell, or a whole layer with [`FrontierOptions::layers`]) is `step`'s.

use super::problem::Dp;
use super::saved::WriteWays;
use super::step::{step, Control, Moves, Reached, Source, Stepped};
use super::table::{AnyTable, AnyWays, State, Table, Tally};
use super::{FrontierError, FrontierOptions, RunStats};
use num_bigint::BigUint;
use num_traits::Zero;

/// Counts the ways to reach the end with every tracked kind within range, from `start` (a
/// position and the table there, from a checkpoint) or from the beginning.
pub(crate) fn run(
    dp: &Dp,
    opts: &FrontierOptions<'_>,
    stats: &mut RunStats,
    done: &[RunStats],
    run: (usize, usize),
    start: Option<(usize, AnyTable)>,
) -> Result<BigUint, FrontierError> {
    let mut ctl = Control {
        opts,
        stats,
        done,
        run,
        transitions: 0,
        saving: true,
    };
    ctl.transitions = ctl.stats.transitions;
    match start {
        None if dp.bits <= 64 => run_keyed::<u64>(dp, &mut ctl, None),
        None => run_keyed::<u128>(dp, &mut ctl, None),
        Some((p, AnyTable::Narrow(t))) => run_keyed::<u64>(dp, &mut ctl, Some((p, t))),
        Some((p, AnyTable::Wide(t))) => run_keyed::<u128>(dp, &mut ctl, Some((p, t))),
    }
}

fn run_keyed<K: State>(
    dp: &Dp,
    ctl: &mut Control<'_, '_>,
    start: Option<(usize, AnyWays<K>)>,
) -> Result<BigUint, FrontierError>
where
    Table<K, u64>: WriteWays,
    Table<K, u128>: WriteWays,
    Table<K, BigUint>: WriteWays,
{
    let items: Vec<Vec<(K, K)>> = dp
        .items_at
        .iter()
        .map(|v| v.iter().map(|&(m, d)| (K::of(m), K::of(d))).collect())
        .collect();
    let (mut p, mut cur) = match start {
        Some(s) => s,
        None => {
            let t = Table::single(K::of(dp.initial()), 1u64);
            ctl.save(0, &t)?;
            (0, AnyWays::U64(t))
        }
    };
    loop {
        cur = match cur {
            AnyWays::U64(t) => match advance(dp, &items, p, t, ctl)? {
                Reached::Done(t) => return Ok(total(dp, &t)),
                Reached::Widen(q, t) => {
                    p = q;
                    AnyWays::U128(t.widen(u128::from))
                }
            },
            AnyWays::U128(t) => match advance(dp, &items, p, t, ctl)? {
                Reached::Done(t) => return Ok(total(dp, &t)),
                Reached::Widen(q, t) => {
                    p = q;
                    AnyWays::Big(t.widen(BigUint::from))
                }
            },
            AnyWays::Big(t) => match advance(dp, &items, p, t, ctl)? {
                Reached::Done(t) => return Ok(total(dp, &t)),
                Reached::Widen(..) => unreachable!("big integers always have room"),
            },
        };
    }
}

/// The sum over the final states whose counts reach every minimum.
fn total<K: State, V: Tally>(dp: &Dp, t: &Table<K, V>) -> BigUint {
    t.iter()
        .filter(|(k, _)| dp.complete(k.wide()))
        .fold(BigUint::zero(), |s, (_, v)| s + v.big())
}

/// Runs positions `from..` starting with `cur`: cell by cell, or a layer at a time with
/// [`FrontierOptions::layers`].
fn advance<K: State, V: Tally>(
    dp: &Dp,
    items: &[Vec<(K, K)>],
    from: usize,
    cur: Table<K, V>,
    ctl: &mut Control<'_, '_>,
) -> Result<Reached<K, V>, FrontierError>
where
    Table<K, V>: WriteWays,
{
    if ctl.opts.layers {
        super::layered::steps(dp, items, from, cur, ctl)
    } else {
        steps(dp, items, from, cur, ctl)
    }
}

/// Runs positions `from..` starting with `cur`.
fn steps<K: State, V: Tally>(
    dp: &Dp,
    items: &[Vec<(K, K)>],
    from: usize,
    mut cur: Table<K, V>,
    ctl: &mut Control<'_, '_>,
) -> Result<Reached<K, V>, FrontierError>
where
    Table<K, V>: WriteWays,
{
    for (p, at) in items.iter().enumerate().skip(from) {
        if ctl.cancelled() {
            return Err(FrontierError::Cancelled);
        }
        if !V::room(&cur, at.len() as u64 + 1) {
            return Ok(Reached::Widen(p, cur));
        }
        let moves = Moves::new(dp, at, p);
        let Stepped::Next(next, bytes) = step(dp, &moves, p, Source::Owned(cur, None), ctl)? else {
            unreachable!("a step that does not keep its table reports an overflow as an error")
        };
        cur = next;
        ctl.after(dp, p, &cur, bytes)?;
    }
    Ok(Reached::Done(cur))
}
