//! Disassembly of more pieces than the analysis handles is refused before any search, by every
//! entry point, with the limit named (issue "Trust, round three", item 1): skipping such an
//! assembly as "does not come apart" would make `solve` claim that no solution comes apart.

use std::ops::ControlFlow;
use wurfel_cover::SearchOptions;
use wurfel_pack::count::{CountError, CountRequest};
use wurfel_pack::limits::max_pieces;
use wurfel_pack::{parse_puzzle, Convention, Prepared, SearchError, Want};

/// `n` unit cubes in an `n`x1x1 box: one solution, `n` pieces, comes apart.
fn line(n: usize) -> Prepared {
    let text = format!(
        "name = \"line\"\n[target]\nbox = [{n}, 1, 1]\n[[piece]]\nname = \"U\"\n\
         cells = [[0,0,0]]\ncount = {n}\n"
    );
    Prepared::new(&parse_puzzle(&text, "line").unwrap()).unwrap()
}

fn refused(e: &SearchError) {
    assert!(matches!(e, SearchError::TooManyPieces(_)), "{e:?}");
    let text = e.to_string();
    assert!(text.contains("at most 64 pieces"), "{text}");
    assert!(text.contains("`line` has 65"), "{text}");
}

#[test]
fn sixty_five_pieces_are_refused_by_every_search() {
    let prep = line(65);
    let opts = SearchOptions::default();
    refused(
        &prep
            .find_with(&opts, Convention::Rotations, true, 1)
            .unwrap_err(),
    );
    refused(
        &prep
            .list_with(&opts, Convention::Rotations, true, |_, _, _| {
                ControlFlow::Continue(())
            })
            .unwrap_err(),
    );
    let want = Want::List(Convention::Rotations);
    refused(
        &prep
            .run_with(&opts, want, true, None, |_, _, _| ControlFlow::Continue(()))
            .unwrap_err(),
    );
    let request = CountRequest {
        disassemble: true,
        ..CountRequest::all()
    };
    match prep.count_with(&opts, &request, |_, _, _| Ok(())) {
        Err(CountError::Refused(e)) => refused(&e),
        other => panic!("{:?}", other.map(|o| o.progress.counts)),
    }
    // Without disassembly nothing is refused.
    let (sols, _) = prep
        .find_with(&opts, Convention::Rotations, false, 1)
        .unwrap();
    assert_eq!(sols.len(), 1);
}

#[test]
fn sixty_four_pieces_come_apart() {
    let prep = line(64);
    let opts = SearchOptions::default();
    let (sols, report) = prep
        .find_with(&opts, Convention::Rotations, true, 5)
        .unwrap();
    assert_eq!(sols.len(), 1);
    assert!(report.complete);
}

#[test]
fn the_bound_counts_the_smallest_pieces_that_fit() {
    // 100 unit cubes may be used but only 10 cells exist: at most 10 pieces.
    let text = "name = \"r\"\n[target]\nbox = [10, 1, 1]\n[[piece]]\nname = \"U\"\n\
                cells = [[0,0,0]]\nmin = 0\nmax = 100\n";
    let p = parse_puzzle(text, "r").unwrap();
    assert_eq!(max_pieces(&p), 10);
    assert_eq!(max_pieces(&line(65).puzzle), 65);
}
