//! Counts and surveys cut into tasks, run in separate groups (as shards would be) and merged,
//! equal the single-run results; edited tasks are refused, never counted.

use wurfel_snake::{
    catalog, check_survey_cut, survey, survey_cut, survey_tasks, Board, Chain, CountTally, Problem,
    SurveyTally, TaskError,
};

/// Runs `tasks` in `groups` contiguous groups on separate calls and merges the tallies by
/// name, as the shard merge does (through the maps written to result files).
fn sharded_count(p: &Problem, tasks: &[Vec<u32>], groups: usize) -> wurfel_snake::Counts {
    let mut sums = std::collections::BTreeMap::<String, u64>::new();
    let per = tasks.len().div_ceil(groups);
    for g in tasks.chunks(per) {
        let (tally, _) = p.run_tasks(g, 1).expect("valid tasks");
        for (k, v) in tally.to_map() {
            *sums.entry(k).or_default() += v;
        }
    }
    CountTally::from_map(&sums)
        .expect("same names")
        .counts(p.chain().is_palindrome())
}

/// The 3x3x3 snake with the most solutions (142).
const MANY: &str = "2,2,2,2,2,2,2,2,2,2,2,2,3,3,3,3,2,2,2,2,2,2";

/// Another 3x3x3 snake, starting with other segments than [`MANY`].
const CHAIN_B: &str = "3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3";

#[test]
fn sharded_counts_equal_single_counts() {
    let mut problems: Vec<Problem> = catalog::CATALOG
        .iter()
        .map(|e| Problem::auto(e.chain(), Some(e.side)).unwrap())
        .collect();
    // A palindrome in a non-cubic box, a chain with many foldings and a palindrome with
    // several (from `wurfel snake survey`).
    for (chain, dims) in [
        ("2,2,2,2,2,2,2,2,2,2,2", [2, 2, 3]),
        (MANY, [3, 3, 3]),
        ("2,2,2,2,3,3,2,3,2,3,2,3,2,3,3,2,2,2,2", [3, 3, 3]),
    ] {
        let b = Board::new(dims).unwrap();
        problems.push(Problem::new(Chain::parse(chain).unwrap(), b).unwrap());
    }
    for p in &problems {
        let single = p.count();
        for min in [1, 7, 40, 300] {
            let tasks = p.cut(min);
            p.check_cut(&tasks).expect("its own cut");
            for groups in [1, 3, 8] {
                assert_eq!(
                    sharded_count(p, &tasks, groups),
                    single,
                    "{} in {}: {min} tasks wanted, {groups} groups",
                    p.chain(),
                    p.board()
                );
            }
        }
    }
}

#[test]
fn cuts_grow_with_the_request() {
    let p = Problem::auto(catalog::find("king-46").unwrap().chain(), Some(4)).unwrap();
    for min in [1, 10, 100, 1000] {
        let tasks = p.cut(min);
        assert!(tasks.len() >= min, "{min}: {}", tasks.len());
    }
}

#[test]
fn edited_tasks_are_refused() {
    let p = Problem::auto(Chain::parse(MANY).unwrap(), None).unwrap();
    let tasks = p.cut(20);
    assert!(tasks.len() >= 20);
    let single = p.count();
    // Every single-cell edit of every task: refused when run, or when checked as a cut; never
    // a different count accepted.
    for i in 0..tasks.len() {
        for j in 0..tasks[i].len() {
            for delta in [1u32, 3, 9, 200, u32::MAX - tasks[i][j]] {
                let mut t = tasks.clone();
                t[i][j] = t[i][j].wrapping_add(delta);
                let run = p.run_tasks(&t, 1);
                let check = p.check_cut(&t);
                assert!(run.is_err() || check.is_err(), "task {i} cell {j} +{delta}");
                if let Err(e) = run {
                    assert!(matches!(e, TaskError::Invalid { index, .. } if index == i));
                }
            }
        }
    }
    // Dropped, repeated, reordered, shortened or extended tasks are not the cut.
    let mut dropped = tasks.clone();
    dropped.remove(3);
    let mut repeated = tasks.clone();
    repeated.push(tasks[0].clone());
    let mut swapped = tasks.clone();
    swapped.swap(0, 1);
    let mut short = tasks.clone();
    short[2].pop();
    let mut long = tasks.clone();
    long[2] = p.cut(tasks.len() * 50).remove(0);
    for t in [&dropped, &repeated, &swapped, &short, &long] {
        assert!(p.check_cut(t).is_err());
    }
    assert!(p.check_cut(&[]).is_err());
    assert!(p.run_tasks(&[vec![]], 1).is_err());
    // A cut of another chain in the same box is refused, unless its prefixes are those of
    // this chain's cut (the chains agree on their first segments), when it counts right.
    for text in [CHAIN_B, "2,2,2,2,3,3,2,3,2,3,2,3,2,3,3,2,2,2,2"] {
        let other = Problem::new(Chain::parse(text).unwrap(), p.board().clone()).unwrap();
        let t = other.cut(20);
        if let (Ok((tally, _)), Ok(())) = (p.run_tasks(&t, 1), p.check_cut(&t)) {
            assert_eq!(tally.counts(false), single, "{text}");
        }
    }
    let other = Problem::new(Chain::parse(CHAIN_B).unwrap(), p.board().clone()).unwrap();
    let t = other.cut(20);
    assert!(p.run_tasks(&t, 1).is_err() || p.check_cut(&t).is_err());
    // And the untouched cut still counts right.
    assert_eq!(sharded_count(&p, &tasks, 4), single);
}

fn sharded_survey(b: &Board, min: usize, groups: usize) -> wurfel_snake::Survey {
    let tasks = survey_cut(b, min);
    check_survey_cut(b, &tasks).expect("its own cut");
    let per = tasks.len().div_ceil(groups);
    let mut total = SurveyTally::default();
    for g in tasks.chunks(per) {
        total.merge(&survey_tasks(b, g, 1).unwrap()).unwrap();
    }
    total.summary(b)
}

#[test]
fn sharded_surveys_equal_single_surveys() {
    for dims in [[2, 2, 2], [2, 2, 3], [2, 3, 3], [3, 3, 3]] {
        let b = Board::new(dims).unwrap();
        let single = survey(&b, 2);
        for (min, groups) in [(1, 1), (10, 3), (200, 16)] {
            let s = sharded_survey(&b, min, groups);
            assert_eq!(s, single, "{dims:?} {min} {groups}");
        }
    }
}

#[test]
fn edited_survey_tasks_are_refused() {
    let b = Board::new([2, 3, 3]).unwrap();
    let tasks = survey_cut(&b, 30);
    for i in 0..tasks.len() {
        for j in 0..tasks[i].len() {
            for delta in [1u32, 2, 5, 100] {
                let mut t = tasks.clone();
                t[i][j] = t[i][j].wrapping_add(delta);
                let run = survey_tasks(&b, &t, 1);
                assert!(run.is_err() || check_survey_cut(&b, &t).is_err());
            }
        }
    }
    let mut repeated = tasks.clone();
    repeated.push(tasks[1].clone());
    assert!(check_survey_cut(&b, &repeated).is_err());
    assert!(check_survey_cut(&b, &tasks[1..]).is_err());
}

/// `solutions_until` lists what `solutions` lists, and stops at once on a set flag.
#[test]
fn solutions_until_stops_on_its_flag() {
    use std::sync::atomic::AtomicBool;
    let p =
        Problem::auto(catalog::find("king-46").expect("built in").chain(), Some(4)).expect("fits");
    let free = AtomicBool::new(false);
    let (all, complete) = p.solutions_until(None, Some(&free));
    assert!(complete);
    assert_eq!(all.len(), p.solutions(None).len());
    assert_eq!(all.len() as u64, p.count().solutions());
    let stop = AtomicBool::new(true);
    let (some, complete) = p.solutions_until(None, Some(&stop));
    assert!(!complete);
    assert!(some.len() < all.len(), "a set flag did not stop the search");
}
