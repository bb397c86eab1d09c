//! The packing puzzle model shared by files, the catalog, the solver and the writers.

use crate::colors::Colored;
use std::collections::BTreeMap;
use std::fmt;
use wurfel_geom::{Cell, Shape};

/// A counting convention (see the crate documentation and `docs/ARCHITECTURE.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Convention {
    /// Distinct solutions with the target held fixed (identical pieces interchangeable).
    Raw,
    /// Classes under the rotations that map the target onto itself.
    Rotations,
    /// Classes under all isometries of the target; a mirror image identifies two solutions only
    /// when it is again a solution of the same puzzle.
    RotationsReflections,
}

impl Convention {
    /// All conventions, in print order.
    pub const ALL: [Convention; 3] = [
        Convention::Raw,
        Convention::Rotations,
        Convention::RotationsReflections,
    ];

    /// The key used in JSON and on the command line.
    pub fn key(self) -> &'static str {
        match self {
            Convention::Raw => "raw",
            Convention::Rotations => "rotations",
            Convention::RotationsReflections => "rotations_reflections",
        }
    }

    /// Parses a key (also accepts `rotations+reflections` and `fixed`).
    pub fn from_key(s: &str) -> Option<Convention> {
        match s {
            "raw" | "fixed" => Some(Convention::Raw),
            "rotations" | "rotation" => Some(Convention::Rotations),
            "rotations_reflections" | "rotations+reflections" | "isometries" => {
                Some(Convention::RotationsReflections)
            }
            _ => None,
        }
    }
}

/// A published solution count and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Published {
    /// Which convention the figure uses.
    pub convention: Convention,
    /// The figure.
    pub count: u64,
    /// Where it was published (free text).
    pub source: String,
}

/// One kind of piece; `count` identical copies of it are in the set, of which a solution uses
/// between `min` and `count` (all of them unless a range is given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Name shown in outputs.
    pub name: String,
    /// One character used in layered text (unique within the puzzle).
    pub symbol: char,
    /// Its cells (any position; only the shape up to rotation and translation matters).
    pub shape: Shape,
    /// Number of identical copies (at least 1): the most a solution uses.
    pub count: u32,
    /// The fewest copies a solution uses (`count` for a piece without a range).
    pub min: u32,
    /// Optional display colour (`#rrggbb`).
    pub color: Option<String>,
    /// Constraint colours of the cells, in the order of `shape.cells()` (0 is neutral, as in
    /// BurrTools); empty when every cell is neutral. See [`Puzzle::color_rules`].
    pub cell_colors: Vec<u8>,
    /// BurrTools' piece groups as (group, copies) pairs, groups at least 1 (empty: none;
    /// copies beyond the listed ones belong to no group). Pieces of one group need not come
    /// apart from each other for an assembly to count as disassembled; when the copies are
    /// split among groups, a part that does not come apart must fit into one group's copies
    /// (see [`crate::disassembly::Grouping`]).
    pub groups: Vec<(u32, u32)>,
}

/// A packing puzzle: fill every cell of `target` except possibly the `optional` ones with the
/// pieces, each kind used between its `min` and `count` times (exactly `count` times, filling
/// the whole target, in a puzzle without optional cells or ranges), at least one piece in all
/// (the empty assembly, possible only when every cell is optional and every `min` is 0, is not
/// a solution).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Catalog id (for built-ins) or file stem.
    pub id: String,
    /// Human-readable name.
    pub name: String,
    /// Free-text description (designer, source).
    pub description: String,
    /// The cells pieces may occupy (the fixed and the optional ones).
    pub target: Shape,
    /// The cells of `target` that may stay empty (BurrTools' variable voxels), sorted; empty
    /// when every cell must be filled.
    pub optional: Vec<Cell>,
    /// The piece kinds.
    pub pieces: Vec<Piece>,
    /// Published counts for this puzzle.
    pub published: Vec<Published>,
    /// Constraint colours of the target's cells, in the order of `target.cells()` (0 neutral);
    /// empty when every cell is neutral.
    pub target_colors: Vec<u8>,
    /// Allowed (piece colour, target colour) pairs, both at least 1: a piece cell of colour
    /// `a` may cover a target cell of colour `b` only when `(a, b)` is listed; a neutral cell
    /// (colour 0) on either side matches anything (BurrTools' colour constraints).
    pub color_rules: Vec<(u8, u8)>,
    /// The display colour (RGB) of each constraint colour that has one: BurrTools'
    /// `<colors>`, TOML's `[colors]` table. Pictures and the viewer paint a cell of constraint
    /// colour `k` in [`Puzzle::display_color`]`(k)`; a colour without an entry gets
    /// [`crate::colors::default_display_color`]. They do not change the puzzle.
    pub display_colors: BTreeMap<u8, [u8; 3]>,
    /// The lattice the cells live on (cubes unless read from a BurrTools file of another grid).
    pub grid: crate::grid::Grid,
}

/// No choice of piece counts (each between its `min` and `count`) has a total volume between
/// the target's fixed cells and all its cells, so the pieces cannot fill it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VolumeMismatch {
    /// Volume of all pieces (at their `count`: the most they can cover).
    pub pieces: usize,
    /// Volume of the target (all its cells).
    pub target: usize,
    /// The least volume the pieces cover (at their `min`).
    pub pieces_min: usize,
    /// The target's fixed cells (those that must be filled).
    pub target_min: usize,
}

impl fmt::Display for VolumeMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let range = |lo: usize, hi: usize| {
            if lo == hi {
                format!("{hi}")
            } else {
                format!("between {lo} and {hi}")
            }
        };
        write!(
            f,
            "the pieces cover {} cells in total (counting copies) but the target has {} cells{}",
            range(self.pieces_min, self.pieces),
            range(self.target_min, self.target),
            if self.target_min < self.target {
                " to fill"
            } else {
                ""
            }
        )
    }
}

/// The volume check shared by the file reader and the solver: the pieces' volume range (each
/// kind used between `min` and `count` times) must meet the target's (its fixed cells to all
/// its cells). Without ranges and optional cells: the volumes must be equal.
pub fn check_volume(
    pieces: &[Piece],
    target: &Shape,
    optional: usize,
) -> Result<(), VolumeMismatch> {
    let volume = |n: fn(&Piece) -> u32| -> usize {
        pieces.iter().map(|p| p.shape.len() * n(p) as usize).sum()
    };
    let m = VolumeMismatch {
        pieces: volume(|p| p.count),
        target: target.len(),
        pieces_min: volume(|p| p.min),
        target_min: target.len().saturating_sub(optional),
    };
    if m.pieces_min <= m.target && m.target_min <= m.pieces {
        Ok(())
    } else {
        Err(m)
    }
}

impl Piece {
    /// The constraint colour of the `i`-th cell of `shape.cells()` (0 when neutral).
    pub fn cell_color(&self, i: usize) -> u8 {
        self.cell_colors.get(i).copied().unwrap_or(0)
    }

    /// The shape with its constraint colours.
    pub fn colored(&self) -> Colored {
        Colored::new(self.shape.clone(), &self.cell_colors)
    }
}

impl Puzzle {
    /// Whether some piece or target cell has a constraint colour (only then do
    /// [`Puzzle::color_rules`] restrict placements).
    pub fn has_colors(&self) -> bool {
        self.target_colors.iter().any(|&c| c != 0)
            || self
                .pieces
                .iter()
                .any(|p| p.cell_colors.iter().any(|&c| c != 0))
    }

    /// Whether a piece cell of colour `piece` may cover a target cell of colour `target`.
    pub fn color_allowed(&self, piece: u8, target: u8) -> bool {
        piece == 0 || target == 0 || self.color_rules.contains(&(piece, target))
    }

    /// The display colour of constraint colour `k` (at least 1): the file's, else the default
    /// palette's.
    pub fn display_color(&self, k: u8) -> [u8; 3] {
        self.display_colors
            .get(&k)
            .copied()
            .unwrap_or_else(|| crate::colors::default_display_color(k))
    }

    /// The highest constraint colour the puzzle names (in a cell, a rule or a display colour;
    /// 0 when none).
    pub fn highest_color(&self) -> u8 {
        self.pieces
            .iter()
            .flat_map(|q| q.cell_colors.iter().copied())
            .chain(self.target_colors.iter().copied())
            .chain(self.color_rules.iter().flat_map(|&(a, b)| [a, b]))
            .chain(self.display_colors.keys().copied())
            .max()
            .unwrap_or(0)
    }

    /// Whether some piece belongs to a group.
    pub fn has_groups(&self) -> bool {
        self.pieces.iter().any(|p| !p.groups.is_empty())
    }

    /// Whether the pieces' volume fits the target's (see [`check_volume`]).
    pub fn check_volume(&self) -> Result<(), VolumeMismatch> {
        check_volume(&self.pieces, &self.target, self.optional.len())
    }

    /// Whether some cell may stay empty or some piece has a range of counts.
    pub fn has_options(&self) -> bool {
        !self.optional.is_empty() || self.pieces.iter().any(|p| p.min != p.count)
    }

    /// Total number of pieces, counting copies.
    pub fn piece_count(&self) -> u32 {
        self.pieces.iter().map(|p| p.count).sum()
    }

    /// Total volume of the pieces, counting copies.
    pub fn piece_volume(&self) -> usize {
        self.pieces
            .iter()
            .map(|p| p.shape.len() * p.count as usize)
            .sum()
    }

    /// Groups of piece kinds (indices, in declaration order) that were declared separately but
    /// have the same shape up to a rotation of the puzzle's grid (and a translation of it).
    /// They count as distinct pieces (as in BurrTools); [`Puzzle::merge_equal_shapes`] reads
    /// them as copies instead.
    pub fn equal_shapes(&self) -> Vec<Vec<usize>> {
        // A shape's canonical form on the grid, its position's class, and its groups.
        type Key = ((Colored, Cell), Vec<(u32, u32)>);
        let canon: Vec<Key> = self
            .pieces
            .iter()
            .map(|p| {
                let shape = match self.grid {
                    crate::grid::Grid::Cubes => (p.colored().canonical(), [0; 3]),
                    grid => grid.canonical(&p.colored(), true),
                };
                (shape, p.groups.clone())
            })
            .collect();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (k, c) in canon.iter().enumerate() {
            match groups.iter_mut().find(|g| canon[g[0]] == *c) {
                Some(g) => g.push(k),
                None => groups.push(vec![k]),
            }
        }
        groups.retain(|g| g.len() > 1);
        groups
    }

    /// The same puzzle with every group of [`Puzzle::equal_shapes`] declared as one kind (the
    /// first of the group, its name joined with the others') whose count is the sum: the pieces
    /// become interchangeable copies.
    pub fn merge_equal_shapes(&self) -> Puzzle {
        let mut out = self.clone();
        let mut merged_into: Vec<Option<usize>> = vec![None; self.pieces.len()];
        for g in self.equal_shapes() {
            let names: Vec<&str> = g.iter().map(|&k| self.pieces[k].name.as_str()).collect();
            out.pieces[g[0]].name = names.join("+");
            out.pieces[g[0]].count = g.iter().map(|&k| self.pieces[k].count).sum();
            out.pieces[g[0]].min = g.iter().map(|&k| self.pieces[k].min).sum();
            // Equal shapes have equal group lists (see `equal_shapes`): the copies add up.
            for (i, entry) in out.pieces[g[0]].groups.iter_mut().enumerate() {
                entry.1 = g.iter().map(|&k| self.pieces[k].groups[i].1).sum();
            }
            for &k in &g[1..] {
                merged_into[k] = Some(g[0]);
            }
        }
        let mut k = 0;
        out.pieces.retain(|_| {
            k += 1;
            merged_into[k - 1].is_none()
        });
        out
    }
}

/// How every front end takes pieces declared separately with equal shapes: as copies when
/// `merge` says so (`--merge-equal-shapes`, `"merge_equal_shapes": true`), else as they are,
/// with [`equal_shapes_warning`] to show.
pub fn merge_or_warn(puzzle: Puzzle, merge: bool) -> (Puzzle, Option<String>) {
    if merge {
        (puzzle.merge_equal_shapes(), None)
    } else {
        let warning = equal_shapes_warning(&puzzle);
        (puzzle, warning)
    }
}

/// The warning for pieces declared separately with equal shapes (empty when there are none):
/// names each group and says how to declare copies instead.
pub fn equal_shapes_warning(puzzle: &Puzzle) -> Option<String> {
    let groups = puzzle.equal_shapes();
    if groups.is_empty() {
        return None;
    }
    let list: Vec<String> = groups
        .iter()
        .map(|g| {
            let names: Vec<String> = g
                .iter()
                .map(|&k| format!("`{}`", puzzle.pieces[k].name))
                .collect();
            names.join(", ")
        })
        .collect();
    Some(format!(
        "pieces with equal shapes are declared separately and counted as distinct pieces: {}. \
         To make them interchangeable copies, declare one piece with `count = k` (or pass \
         --merge-equal-shapes)",
        list.join("; ")
    ))
}
