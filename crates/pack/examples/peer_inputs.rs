//! Writes catalog puzzles in the input formats of two peer programs, for side-by-side timing
//! (`scripts/peers.sh`): BurrTools' `.xmpuzzle` XML (the pieces and the target as voxel
//! shapes; BurrTools does its own placements and symmetry breaking) and the item/option lines
//! of Knuth's DLX1, SSXCC and DLX6 (exactly the rows wurfel's engine searches, with the same
//! symmetry breaking: their solution count equals the engine covers `wurfel count --stats`
//! reports).
//!
//! `cargo run --release -p wurfel-pack --example peer_inputs -- OUT_DIR ID...`
use std::fmt::Write as _;
use std::path::Path;
use wurfel_geom::Shape;
use wurfel_pack::{catalog, Prepared, Puzzle};

fn voxel(shape: &Shape) -> String {
    let (lo, _) = shape.bounds();
    let [x, y, z] = shape.dims();
    let mut s = format!("<voxel x=\"{x}\" y=\"{y}\" z=\"{z}\" type=\"0\">");
    for k in 0..z {
        for j in 0..y {
            for i in 0..x {
                let c = [lo[0] + i, lo[1] + j, lo[2] + k];
                s.push(if shape.cells().contains(&c) { '#' } else { '_' });
            }
        }
    }
    s + "</voxel>"
}

fn burrtools(p: &Puzzle) -> String {
    let mut x = String::from("<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n<gridType type=\"0\"/>\n<colors/>\n<shapes>\n");
    x += &voxel(&p.target);
    x.push('\n');
    for piece in &p.pieces {
        x += &voxel(&piece.shape);
        x.push('\n');
    }
    let _ = write!(
        x,
        "</shapes>\n<problems>\n<problem name=\"{}\" state=\"0\" assemblies=\"0\" solutions=\"0\" time=\"0\">\n<shapes>\n",
        p.id
    );
    for (i, piece) in p.pieces.iter().enumerate() {
        let _ = writeln!(x, "<shape id=\"{}\" count=\"{}\"/>", i + 1, piece.count);
    }
    x + "</shapes>\n<result id=\"0\"/>\n<bitmap/>\n</problem>\n</problems>\n<comment/>\n</puzzle>\n"
}

/// DLX1 input (also read by SSXCC and DLX6), or why the puzzle has none (these programs have
/// no piece multiplicities). Items right of `|` are secondary (covered at most once): the
/// engine's optional cells, and the pieces a cover may leave out (piece ranges, or capacities
/// that are only upper bounds); everything else must be covered exactly once.
fn dlx1(prep: &Prepared) -> Result<String, String> {
    let pr = prep.problem();
    if pr.group_caps.iter().any(|&c| c != 1) {
        return Err("a piece occurs more than once".into());
    }
    let piece_required = |g: usize| match &pr.group_min {
        Some(min) => min[g] == 1,
        None => pr.exact_groups,
    };
    let cells: Vec<u32> = (0..pr.columns as u32)
        .filter(|c| !pr.prefilled.contains(c))
        .collect();
    let mut primary = String::new();
    let mut secondary = String::new();
    for &c in &cells {
        let side = if pr.secondary.contains(&c) {
            &mut secondary
        } else {
            &mut primary
        };
        let _ = write!(side, "c{c} ");
    }
    for g in 0..pr.group_caps.len() {
        let side = if piece_required(g) {
            &mut primary
        } else {
            &mut secondary
        };
        let _ = write!(side, "p{g} ");
    }
    let mut d = format!(
        "| {}: wurfel's engine rows (one piece restricted by symmetry)\n{primary}",
        prep.puzzle.id
    );
    if !secondary.is_empty() {
        let _ = write!(d, "| {secondary}");
    }
    d.push('\n');
    for r in &pr.rows {
        let _ = write!(d, "p{}", r.group);
        for c in &r.columns {
            let _ = write!(d, " c{c}");
        }
        d.push('\n');
    }
    Ok(d)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(out) = args.next() else {
        eprintln!("usage: peer_inputs OUT_DIR ID...");
        std::process::exit(2);
    };
    let out = Path::new(&out);
    std::fs::create_dir_all(out).expect("create the output directory");
    for id in args {
        let Some(puzzle) = catalog::get(&id) else {
            eprintln!("unknown catalog id {id}");
            std::process::exit(2);
        };
        let prep = Prepared::new(&puzzle).expect("catalog puzzles prepare");
        std::fs::write(out.join(format!("{id}.xmpuzzle")), burrtools(&puzzle))
            .expect("write xmpuzzle");
        match dlx1(&prep) {
            Ok(d) => std::fs::write(out.join(format!("{id}.dlx")), d).expect("write dlx"),
            Err(why) => eprintln!("{id}: no DLX1 input ({why})"),
        }
    }
}
