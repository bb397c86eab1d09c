//! Deterministic demo scenes (random partitions of boxes, a folded chain), for tests, benches and
//! the gallery example. Not a solver: the pieces are whatever the random growth produces.

use crate::{Scene, ScenePiece};
use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;
use wurfel_geom::BoxGrid;

/// The demo scenes' generator: seeded, so a scene is the same on every platform and run.
struct Rng(ChaCha8Rng);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A uniform index below `n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.0.gen_range(0..n)
        }
    }
}

fn piece_name(i: usize) -> String {
    let letters = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if i < 26 {
        (letters[i] as char).to_string()
    } else {
        format!(
            "{}{}",
            letters[(i / 26 - 1) % 26] as char,
            letters[i % 26] as char
        )
    }
}

/// Partitions the box `x`×`y`×`z` into `n` connected pieces grown from random seeds, each
/// piece aiming at `cells / n` cells.
pub fn partition(title: &str, x: i32, y: i32, z: i32, n: usize, seed: u64) -> Scene {
    let grid = BoxGrid::new([x.max(1) as usize, y.max(1) as usize, z.max(1) as usize]);
    let total = grid.len();
    let n = n.clamp(1, total);
    let mut rng = Rng::new(seed);
    let mut owner: Vec<Option<usize>> = vec![None; total];
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut k = 0;
    while k < n {
        let c = rng.below(total);
        if owner[c].is_none() {
            owner[c] = Some(k);
            members[k].push(c);
            k += 1;
        }
    }
    let target = total / n;
    let mut remaining = total - n;
    let mut stalled = 0;
    while remaining > 0 && stalled < 4 {
        let mut grew = false;
        for (p, mem) in members.iter_mut().enumerate() {
            if stalled == 0 && mem.len() >= target {
                continue;
            }
            // Frontier cells of this piece.
            let mut frontier = Vec::new();
            for &m in mem.iter() {
                frontier.extend(
                    (0..6)
                        .filter_map(|d| grid.step(m, d))
                        .filter(|&q| owner[q].is_none()),
                );
            }
            if frontier.is_empty() {
                continue;
            }
            let pick = frontier[rng.below(frontier.len())];
            owner[pick] = Some(p);
            mem.push(pick);
            remaining -= 1;
            grew = true;
            if remaining == 0 {
                break;
            }
        }
        stalled = if grew { 0 } else { stalled + 1 };
    }
    // Any cell left (walled in) joins a neighbour.
    for i in 0..total {
        if owner[i].is_none() {
            let p = (0..6)
                .find_map(|d| grid.step(i, d).and_then(|q| owner[q]))
                .unwrap_or(0);
            owner[i] = Some(p);
            members[p].push(i);
        }
    }
    Scene {
        lattice: crate::cells::Lattice::Cubes,
        title: title.to_string(),
        pieces: members
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let mut cells: Vec<[i32; 3]> = m.iter().map(|&j| grid.cell(j)).collect();
                cells.sort_unstable();
                ScenePiece {
                    name: piece_name(i),
                    label: None,
                    cells,
                    colour: None,
                    cell_colours: Vec::new(),
                }
            })
            .collect(),
        path: None,
        text: None,
        moves: None,
        colour_key: Vec::new(),
    }
}

/// A chain folded through an `n`×`n`×`n` cube in boustrophedon order, one piece per layer.
pub fn snake(n: i32) -> Scene {
    let n = n.max(1);
    let mut path = Vec::new();
    for z in 0..n {
        for yy in 0..n {
            let y = if z % 2 == 0 { yy } else { n - 1 - yy };
            for xx in 0..n {
                let forward = (yy % 2 == 0) == (z % 2 == 0);
                let x = if forward { xx } else { n - 1 - xx };
                path.push([x, y, z]);
            }
        }
    }
    let pieces = (0..n)
        .map(|z| ScenePiece {
            name: format!("layer {}", z + 1),
            label: None,
            cells: path.iter().copied().filter(|c| c[2] == z).collect(),
            colour: None,
            cell_colours: Vec::new(),
        })
        .collect();
    Scene {
        lattice: crate::cells::Lattice::Cubes,
        title: format!("snake {n}×{n}×{n}"),
        pieces,
        path: Some(path),
        text: None,
        moves: None,
        colour_key: Vec::new(),
    }
}
