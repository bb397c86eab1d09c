//! Listings stream and every search stops on a cancel flag with what it has: the streamed
//! solutions are the listed ones in the same order, a stopped search says it is incomplete,
//! and its partial figures never exceed the complete ones.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use wurfel_snake::{catalog, survey, survey_until, Board, Chain, Problem, Pruning};

fn problem(id: &str) -> Problem {
    let e = catalog::find(id).unwrap();
    Problem::auto(e.chain(), Some(e.side)).unwrap()
}

/// A 3x3x3 chain with many solutions (142, the survey's largest), a palindrome.
fn many() -> Problem {
    Problem::auto(
        Chain::parse("2,2,2,2,2,2,2,2,2,2,2,2,3,3,3,3,2,2,2,2,2,2").unwrap(),
        None,
    )
    .unwrap()
}

#[test]
fn streamed_solutions_are_the_listed_ones() {
    for p in [problem("standard"), problem("mini"), many()] {
        let listed = p.solutions(None);
        let mut streamed = Vec::new();
        let complete = p.for_each_solution(None, |f| {
            streamed.push(f);
            ControlFlow::Continue(())
        });
        assert!(complete);
        assert_eq!(streamed, listed);
        assert_eq!(listed.len() as u64, p.count().solutions());
    }
}

#[test]
fn a_listing_stops_when_cancelled_with_what_it_found() {
    let p = many();
    let all = p.solutions(None);
    assert_eq!(all.len(), 142);
    let cancel = AtomicBool::new(false);
    let mut seen = Vec::new();
    let complete = p.for_each_solution(Some(&cancel), |f| {
        seen.push(f);
        if seen.len() == 10 {
            // As a signal handler would, from outside the visitor's control flow.
            cancel.store(true, Ordering::SeqCst);
        }
        ControlFlow::Continue(())
    });
    assert!(!complete);
    assert_eq!(seen.len(), 10, "the search stops at the next segment");
    assert_eq!(seen[..], all[..10]);
    // A listing stopped by its visitor is not complete either.
    assert!(!p.for_each_solution(None, |_| ControlFlow::Break(())));
}

#[test]
fn a_cancelled_count_is_partial_and_a_lower_bound() {
    let p = many();
    let full = p.count();
    for threads in [1, 2] {
        let (c, _, complete) = p.count_until(Pruning::default(), threads, None);
        assert!(complete);
        assert_eq!(c, full);
        let stop = AtomicBool::new(true);
        let (c, stats, complete) = p.count_until(Pruning::default(), threads, Some(&stop));
        assert!(!complete, "{threads} threads");
        assert_eq!(stats.leaves, 0);
        assert!(c.embeddings <= full.embeddings && c.solutions() <= full.solutions());
    }
}

#[test]
fn a_cancelled_survey_is_partial() {
    let b = Board::cube(3).unwrap();
    let (s, complete) = survey_until(&b, 2, None);
    assert!(complete);
    assert_eq!(s, survey(&b, 2));
    let stop = AtomicBool::new(true);
    let (partial, complete) = survey_until(&b, 2, Some(&stop));
    assert!(!complete);
    assert!(partial.path_classes < s.path_classes && partial.snakes <= s.snakes);
}
