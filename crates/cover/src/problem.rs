//! The input of the engine: columns to cover, rows that cover them, groups with capacities.

use std::fmt;

/// One candidate row: a set of columns, belonging to a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The group (e.g. the piece kind) this row uses one unit of.
    pub group: u32,
    /// The columns it covers (distinct, each `< columns`).
    pub columns: Vec<u32>,
}

/// An exact-cover problem: cover every column not in `prefilled` exactly once with rows, using
/// at most `group_caps[g]` rows of group `g`.
///
/// Two generalisations (Knuth's XCC "secondary items", and BurrTools' variable voxels and piece
/// ranges): columns listed in `secondary` may be covered at most once but need not be covered,
/// and `group_min` lets a group be used between a minimum and its capacity.
///
/// Groups are how identical pieces are handled: the rows of a piece kind with `count = 3` form
/// one group of capacity 3, so swapping two identical pieces is not a different solution.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problem {
    /// Number of columns.
    pub columns: usize,
    /// Columns covered before the search starts (e.g. holes in a target's bounding box).
    pub prefilled: Vec<u32>,
    /// Capacity of each group.
    pub group_caps: Vec<u32>,
    /// The rows.
    pub rows: Vec<Row>,
    /// When the columns are the cells of an `X×Y×Z` box numbered `x + X*(y + Y*z)`: enables
    /// pruning of empty regions that no combination of the remaining groups can fill.
    pub grid: Option<[usize; 3]>,
    /// Every unit of every group must be used (as in a packing whose pieces fill the target
    /// exactly). Makes groups columns of the cover: a group with no fitting row is a dead end
    /// and a group may be branched on. When false, capacities are upper bounds.
    pub exact_groups: bool,
    /// How the search picks the next column to cover.
    pub branching: Branching,
    /// Secondary columns: covered at most once, but a cover may leave them empty. The search
    /// branches on primary columns only. Empty for plain exact cover.
    pub secondary: Vec<u32>,
    /// The fewest rows of each group a cover must use (at most its capacity). `None`: every
    /// unit when `exact_groups`, else none.
    pub group_min: Option<Vec<u32>>,
}

/// How the search picks the column to branch on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Branching {
    /// The empty column with the fewest fitting rows (and, with exact groups, the group with
    /// the fewest places): few nodes, but each node scans every empty column.
    #[default]
    MostConstrained,
    /// The first empty column in scan order (on a grid, the shortest axis varies fastest).
    /// Only rows whose first column is that column can cover it, so each node is a short list
    /// walk: many more nodes, each much cheaper. Wins on snug packings of small pieces.
    FirstEmpty,
}

/// Why a problem cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemError {
    /// A row names a column that does not exist.
    ColumnOutOfRange { row: usize, column: u32 },
    /// A row names a group that does not exist.
    GroupOutOfRange { row: usize, group: u32 },
    /// A row covers the same column twice or no column at all.
    BadRow { row: usize },
    /// The grid does not match the number of columns.
    BadGrid,
    /// More columns than the widest board supports.
    TooManyColumns { columns: usize, max: usize },
    /// A secondary column does not exist or is listed twice.
    BadSecondary { column: u32 },
    /// `group_min` does not have one entry per group, or a minimum exceeds its capacity.
    BadGroupMin { group: usize },
    /// The system refused `bytes` of memory for `what` (a big table or a search's stacks,
    /// reserved fallibly before they are filled, so that running out is this error, not an
    /// abort).
    OutOfMemory { bytes: u64, what: &'static str },
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::ColumnOutOfRange { row, column } => {
                write!(f, "row {row} covers column {column}, which does not exist")
            }
            ProblemError::GroupOutOfRange { row, group } => {
                write!(
                    f,
                    "row {row} belongs to group {group}, which does not exist"
                )
            }
            ProblemError::BadRow { row } => {
                write!(f, "row {row} is empty or covers a column twice")
            }
            ProblemError::BadGrid => write!(f, "the grid size does not match the columns"),
            ProblemError::TooManyColumns { columns, max } => {
                write!(
                    f,
                    "{columns} columns is more than the engine supports ({max})"
                )
            }
            ProblemError::BadSecondary { column } => {
                write!(
                    f,
                    "secondary column {column} does not exist or is listed twice"
                )
            }
            ProblemError::BadGroupMin { group } => {
                write!(
                    f,
                    "group {group} has no minimum or a minimum above its capacity"
                )
            }
            ProblemError::OutOfMemory { bytes, what } => {
                write!(
                    f,
                    "out of memory: the system refused {:.1} MB for {what} \
                     (an address-space or memory limit is lower than the puzzle needs)",
                    *bytes as f64 / 1e6
                )
            }
        }
    }
}

impl std::error::Error for ProblemError {}

/// Makes room in `v` for `more` items, or the system's refusal as
/// [`ProblemError::OutOfMemory`] naming `what`: the big tables of a puzzle (placements, rows,
/// bitboards) are reserved this way before they are filled, so that a puzzle too big for the
/// memory the process may use is an error, never an abort in the middle of filling them.
pub fn try_room<T>(v: &mut Vec<T>, more: usize, what: &'static str) -> Result<(), ProblemError> {
    v.try_reserve_exact(more)
        .map_err(|_| ProblemError::OutOfMemory {
            bytes: (more as u64).saturating_mul(std::mem::size_of::<T>() as u64),
            what,
        })
}

/// An empty vector with room for `n` items (see [`try_room`]).
pub fn try_vec<T>(n: usize, what: &'static str) -> Result<Vec<T>, ProblemError> {
    let mut v = Vec::new();
    try_room(&mut v, n, what)?;
    Ok(v)
}

impl Problem {
    /// Checks the problem's consistency.
    pub fn validate(&self) -> Result<(), ProblemError> {
        if self.columns > crate::MAX_COLUMNS {
            return Err(ProblemError::TooManyColumns {
                columns: self.columns,
                max: crate::MAX_COLUMNS,
            });
        }
        if let Some([x, y, z]) = self.grid {
            if x * y * z != self.columns {
                return Err(ProblemError::BadGrid);
            }
        }
        for (i, r) in self.rows.iter().enumerate() {
            if r.group as usize >= self.group_caps.len() {
                return Err(ProblemError::GroupOutOfRange {
                    row: i,
                    group: r.group,
                });
            }
            if r.columns.is_empty() {
                return Err(ProblemError::BadRow { row: i });
            }
            let mut cols = r.columns.clone();
            cols.sort_unstable();
            if cols.windows(2).any(|w| w[0] == w[1]) {
                return Err(ProblemError::BadRow { row: i });
            }
            if let Some(&c) = cols.iter().find(|&&c| c as usize >= self.columns) {
                return Err(ProblemError::ColumnOutOfRange { row: i, column: c });
            }
        }
        for &c in &self.prefilled {
            if c as usize >= self.columns {
                return Err(ProblemError::ColumnOutOfRange {
                    row: usize::MAX,
                    column: c,
                });
            }
        }
        let mut seen = vec![false; self.columns];
        for &c in &self.secondary {
            match seen.get_mut(c as usize) {
                Some(s) if !*s => *s = true,
                _ => return Err(ProblemError::BadSecondary { column: c }),
            }
        }
        if let Some(min) = &self.group_min {
            if min.len() != self.group_caps.len() {
                return Err(ProblemError::BadGroupMin {
                    group: min.len().min(self.group_caps.len()),
                });
            }
            if let Some(g) = (0..min.len()).find(|&g| min[g] > self.group_caps[g]) {
                return Err(ProblemError::BadGroupMin { group: g });
            }
        }
        Ok(())
    }

    /// How many units of each group a cover may leave unused: `cap - min`.
    pub fn group_slack(&self) -> Vec<u32> {
        match &self.group_min {
            Some(min) => self
                .group_caps
                .iter()
                .zip(min)
                .map(|(&c, &m)| c.saturating_sub(m))
                .collect(),
            None if self.exact_groups => vec![0; self.group_caps.len()],
            None => self.group_caps.clone(),
        }
    }
}
