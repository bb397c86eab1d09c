//! Disassembly on the grids where BurrTools has none (spheres, rhombic dodecahedra,
//! tetrahedra-octahedra): the directions are wurfel's ([`Grid::directions`]) and the sweeps
//! come from the cells' shapes, so there is no burrTxt to compare with. Instead:
//!
//! - `plans_replay_on_the_corpora`: every plan found on designs of the corpora
//!   `tests/data/burr/{spheres,rhombic,tetra-octa}/` is replayed step by step, each unit step
//!   of each moving cell checked against the cells it sweeps ([`Grid::swept`], itself checked
//!   against the solids in `grid/sweeps_tests.rs`): no move passes through a piece that stays,
//!   and every part that slides out goes on for ever (beyond every other piece, still free);
//! - `burrtools_examples_as_their_designers_say` (`#[ignore]`: the files are GPL, not in this
//!   repository; `BURRTOOLS_EXAMPLES` names their folder): BurrTools' `examples/README` says
//!   HexSticks "can be assembled in 33 ways, of those only 2 can really be assembled", and of
//!   BrokenSticks' two assemblies "only one has a solution"; wurfel takes apart exactly 2 of
//!   33 and 1 of 2. It prints what every design on these grids does (recorded in
//!   docs/PUZZLE-FORMAT.md).

mod common;

use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use wurfel_geom::Cell;
use wurfel_pack::burrtools::read_xmpuzzle;
use wurfel_pack::disassembly::Separation;
use wurfel_pack::grid::Grid;
use wurfel_pack::{Convention, Prepared};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/burr");

fn add(a: Cell, b: Cell) -> Cell {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// Replays `sep` (pieces `cells` at `at`), panicking on a move that passes through a piece
/// that stays or an "out" that does not get free.
fn replay(grid: Grid, cells: &[Vec<Cell>], at: &mut [Cell], sep: &Separation) {
    let mut before_out = at.to_vec();
    for (i, step) in sep.steps.iter().enumerate() {
        let d = step.direction;
        let u = d.unit();
        let moving: HashSet<usize> = step.pieces.iter().copied().collect();
        let staying: Vec<usize> = sep
            .pieces
            .iter()
            .copied()
            .filter(|p| !moving.contains(p))
            .collect();
        let fixed: HashSet<Cell> = staying
            .iter()
            .flat_map(|&p| cells[p].iter().map(|&c| add(c, at[p])).collect::<Vec<_>>())
            .collect();
        // Projections on `u`: out of the way once past every fixed cell with a block to spare.
        let proj = |c: Cell| c[0] * u[0] + c[1] * u[1] + c[2] * u[2];
        let uu = proj(u);
        let fixed_hi = fixed.iter().map(|&c| proj(c)).max().unwrap_or(0);
        if i + 1 == sep.steps.len() {
            before_out = at.to_vec();
            assert!(step.distance.is_none(), "a separation ends going out");
        }
        let mut taken = 0;
        loop {
            let lo = step
                .pieces
                .iter()
                .flat_map(|&p| {
                    cells[p]
                        .iter()
                        .map(|&c| proj(add(c, at[p])))
                        .collect::<Vec<_>>()
                })
                .min()
                .unwrap();
            match step.distance {
                Some(n) if taken == n => break,
                None if lo > fixed_hi + 2 * uu => break,
                _ => {}
            }
            for &p in &step.pieces {
                for &c in &cells[p] {
                    let w = add(c, at[p]);
                    for &o in grid.swept(d, w) {
                        assert!(
                            !fixed.contains(&add(w, o)),
                            "{grid:?}: pieces {:?} pass through a piece going {}",
                            step.pieces,
                            d.name()
                        );
                    }
                }
            }
            for &p in &step.pieces {
                at[p] = add(at[p], u);
            }
            taken += 1;
        }
    }
    // Both parts go on from where they stood before the last slide.
    for part in [&sep.stays, &sep.leaves].into_iter().flatten() {
        let mut here = before_out.clone();
        replay(grid, cells, &mut here, part);
    }
}

/// (assemblies, solutions, levels with how many have each) of one problem of an `.xmpuzzle`
/// file, every plan replayed.
fn apart(bytes: &[u8], origin: &str, problem: Option<&str>) -> (Grid, u64, u64, String) {
    let read = read_xmpuzzle(bytes, origin, problem).unwrap();
    let grid = read.puzzle.grid;
    let prep = Prepared::new(&read.puzzle).unwrap();
    let classes = prep.solutions(Convention::RotationsReflections, usize::MAX, 1);
    let mut tally = BTreeMap::<String, usize>::new();
    for s in &classes {
        let Some(sep) = prep.disassemble(s).unwrap() else {
            continue;
        };
        let cells: Vec<Vec<Cell>> = prep.pieces_of(s).into_iter().map(|p| p.cells).collect();
        replay(grid, &cells, &mut vec![[0; 3]; cells.len()], &sep);
        *tally.entry(sep.level_text()).or_default() += 1;
    }
    let solutions = tally.values().sum::<usize>() as u64;
    let tally: Vec<String> = tally.iter().map(|(l, n)| format!("{l}×{n}")).collect();
    (grid, classes.len() as u64, solutions, tally.join(" "))
}

#[test]
fn plans_replay_on_the_corpora() {
    let designs = [
        "spheres/square3-4.xmpuzzle",
        "rhombic/ell-6x3.xmpuzzle",
        "tetra-octa/tetra3-4.xmpuzzle",
    ];
    let mut stuck = 0;
    for d in designs {
        let f = Path::new(DATA).join(d);
        let (_, a, s, levels) = apart(&std::fs::read(&f).unwrap(), d, None);
        println!("{d}: {a} assemblies, {s} come apart, levels {levels}");
        assert!(s > 0, "{d}: some assembly comes apart");
        stuck += a - s;
    }
    assert!(stuck > 0, "some assemblies are stuck");
}

#[test]
#[ignore = "release mode, and BurrTools' example files (GPL, not in this repository): BURRTOOLS_EXAMPLES"]
fn burrtools_examples_as_their_designers_say() {
    let examples = std::env::var("BURRTOOLS_EXAMPLES")
        .unwrap_or_else(|_| "/work/peers/burrtools/examples".into());
    let mut found = BTreeMap::new();
    for dir in ["spheres", "rhombic", "tetra-octa"] {
        let dir = Path::new(DATA).join(dir);
        for f in &common::xmpuzzle_files(dir.to_str().unwrap()) {
            let t = std::time::Instant::now();
            let origin = f.file_name().unwrap().to_string_lossy().to_string();
            let (grid, a, s, levels) = apart(&std::fs::read(f).unwrap(), &origin, None);
            println!(
                "{} {origin}: {a} assemblies, {s} come apart, levels {levels} ({:.2} s)",
                grid.key(),
                t.elapsed().as_secs_f64()
            );
        }
        let table = std::fs::read_to_string(dir.join("examples.burrtxt")).unwrap();
        for line in table.lines().filter(|l| !l.starts_with('#')) {
            let w: Vec<&str> = line.split_whitespace().collect();
            let bytes = std::fs::read(Path::new(&examples).join(w[0])).unwrap();
            let t = std::time::Instant::now();
            let (grid, a, s, levels) = apart(&bytes, w[0], Some(&format!("#{}", w[1])));
            println!(
                "{} {} #{}: {a} assemblies, {s} come apart, levels {levels} ({:.2} s)",
                grid.key(),
                w[0],
                w[1],
                t.elapsed().as_secs_f64()
            );
            found.insert(format!("{} #{}", w[0], w[1]), (a, s));
        }
    }
    assert_eq!(found["HexSticks.xmpuzzle #1"], (33, 2));
    assert_eq!(found["BrokenSticks.xmpuzzle #1"], (2, 1));
}

/// A ball in a cage of its twelve neighbours (one piece) cannot get out; with one neighbour
/// gone it still cannot (it would pass between the four balls round the gap, closer than a
/// diameter to it: `√1.5 < √2`); with those four gone too it slides out that way in one move.
#[test]
fn a_ball_leaves_a_cage_only_through_a_wide_gap() {
    use wurfel_pack::disassembly::disassemble;
    let neighbours: Vec<Cell> = (0..27)
        .map(|i| [i % 3 - 1, (i / 3) % 3 - 1, i / 9 - 1])
        .filter(|c| c.iter().map(|v| v * v).sum::<i32>() == 2)
        .collect();
    assert_eq!(neighbours.len(), 12);
    let ball = vec![[0, 0, 0]];
    let cage = |gone: &[Cell]| -> Vec<Cell> {
        neighbours
            .iter()
            .copied()
            .filter(|c| !gone.contains(c))
            .collect()
    };
    let apart = |gone: &[Cell]| disassemble(Grid::Spheres, &[ball.clone(), cage(gone)]).unwrap();
    assert!(apart(&[]).is_none());
    assert!(apart(&[[1, 1, 0]]).is_none());
    let wide = [[1, 1, 0], [1, 0, 1], [1, 0, -1], [0, 1, 1], [0, 1, -1]];
    let sep = apart(&wide).expect("out through the wide gap");
    assert_eq!(sep.level(), 1);
    assert_eq!(sep.steps[0].direction.unit(), [1, 1, 0]);
}
