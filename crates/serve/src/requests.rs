//! The requests: the CLI's options by their long names (`{"limit": 2}`, `{"threads": 1}`), a
//! packing puzzle as `{"puzzle": "<catalog id>"}` or `{"puzzle_text": "...", "format":
//! "toml"|"xmpuzzle"}`. Unknown options are refused, as unknown flags are.

use crate::error::ApiError;
use serde::Deserialize;
use wurfel_pack::{Convention, LoadOptions, Puzzle};

/// The format of `puzzle_text`.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Toml,
    Xmpuzzle,
}

/// Declares a request on a packing puzzle: the puzzle's fields, `threads`, and its own.
macro_rules! pack_request {
    ($(#[$m:meta])* $name:ident { $($(#[$fm:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Debug, Default, Deserialize)]
        #[serde(deny_unknown_fields, default)]
        pub struct $name {
            /// A built-in puzzle id.
            pub puzzle: Option<String>,
            /// Or the text of a puzzle file.
            pub puzzle_text: Option<String>,
            /// The format of `puzzle_text` (default: by its content).
            pub format: Option<Format>,
            /// Which problem of a BurrTools file.
            pub problem: Option<String>,
            /// Equal shapes declared apart are copies.
            pub merge_equal_shapes: bool,
            /// Engine threads (default and maximum: the server's `--threads`).
            pub threads: Option<u64>,
            $($(#[$fm])* pub $field: $ty,)*
        }

        impl $name {
            /// The puzzle, as the CLI loads it (notes and warnings kept for the caller).
            pub fn source(&self) -> Source<'_> {
                Source {
                    puzzle: self.puzzle.as_deref(),
                    text: self.puzzle_text.as_deref(),
                    format: self.format,
                    problem: self.problem.as_deref(),
                    merge: self.merge_equal_shapes,
                }
            }
        }
    };
}

pack_request!(
    /// `POST /api/v1/solve` (and `/api/v1/view/solve`).
    SolveRequest {
        limit: Option<u64>,
        all: bool,
        distinct: Option<String>,
        disassemble: bool,
        plan: bool,
    }
);

pack_request!(
    /// `POST /api/v1/count`: `method` `auto` (the default), `search` or `frontier`; `layers`
    /// and `slices` as `count --layers --slices N`.
    CountRequest {
        disassemble: bool,
        method: Option<wurfel_app::count::Method>,
        layers: bool,
        slices: Option<u16>,
        /// `--check-stored`: BurrTools' stored counts checked, the answer's `stored`.
        check_stored: bool,
    }
);

pack_request!(
    /// `POST /api/v1/estimate`.
    EstimateRequest {
        probes: Option<u64>,
        seed: Option<u64>,
        exhaust_last: Option<u32>,
        calibrate: Option<f64>,
    }
);

pack_request!(
    /// `POST /api/v1/check`, `/api/v1/view/pieces`, `/api/v1/convert` (with `to`).
    PuzzleRequest {
        to: Option<String>,
    }
);

pack_request!(
    /// `POST /api/v1/plate`: `pieces --export F.3mf --plate`'s options by their long names
    /// (`unit`, `gap`, `bevel` in mm, `plate_size` for `--plate-size`).
    PlateRequest {
        unit: Option<f64>,
        gap: Option<f64>,
        bevel: Option<f64>,
        plate_size: Option<f64>,
    }
);

/// `POST /api/v1/snake/solve` and `/api/v1/snake/count`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SnakeRequest {
    /// A built-in snake, segment lengths or joint letters (as `wurfel snake`'s CHAIN).
    pub chain: Option<String>,
    /// `--box`.
    #[serde(rename = "box")]
    pub board: Option<String>,
    pub limit: Option<u64>,
    pub all: bool,
    pub threads: Option<u64>,
}

/// `POST /api/v1/revenge/solve` and `/api/v1/revenge/play`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RevengeRequest {
    pub scramble: Option<String>,
    pub facelets: Option<String>,
    /// With `facelets` in colours: the colours of the up and front faces, e.g. `"W,G"`.
    pub up_front: Option<String>,
    pub random: bool,
    pub seed: Option<u64>,
    pub slice_notation: bool,
    /// `reduction` (default) or `five-stage` (only with its tables already built).
    pub method: Option<String>,
    pub single: bool,
    /// Reduction method: its work budgets multiplied by this (above 0, at most 100).
    pub effort: Option<f64>,
    /// Five-stage method: milliseconds for combining stage solutions (default 700).
    pub budget_ms: Option<u64>,
    /// `play` only: the moves to play from the position.
    pub moves: Option<String>,
}

/// `POST /api/v1/view/scene`: scenes drawn as given (the designer's preview).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SceneRequest {
    pub scenes: Vec<SceneIn>,
    /// The grid's key as in puzzle files (`"spheres"`; default `"cubes"`).
    #[serde(default)]
    pub grid: Option<String>,
}

/// One scene of a [`SceneRequest`].
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SceneIn {
    pub title: String,
    pub pieces: Vec<PieceIn>,
}

/// One piece of a [`SceneIn`].
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceIn {
    pub name: String,
    pub cells: Vec<[i32; 3]>,
    /// Its colour, `#rrggbb` (default: the palette's for its place).
    #[serde(default)]
    pub color: Option<String>,
    /// The colour of each cell that has one of its own (parallel to `cells`: `#rrggbb` or
    /// `null`), e.g. the constraint colours of the designer's shape (default: none).
    #[serde(default)]
    pub cell_colors: Vec<Option<String>>,
}

/// A job for `POST /api/v1/jobs`: the command (as in the endpoint's path) and its request.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "command")]
pub enum JobRequest {
    #[serde(rename = "solve")]
    Solve(SolveRequest),
    #[serde(rename = "count")]
    Count(CountRequest),
    #[serde(rename = "estimate")]
    Estimate(EstimateRequest),
    #[serde(rename = "snake/solve")]
    SnakeSolve(SnakeRequest),
    #[serde(rename = "snake/count")]
    SnakeCount(SnakeRequest),
    #[serde(rename = "revenge/solve")]
    RevengeSolve(RevengeRequest),
}

/// Where a packing puzzle comes from.
pub struct Source<'a> {
    puzzle: Option<&'a str>,
    text: Option<&'a str>,
    format: Option<Format>,
    problem: Option<&'a str>,
    merge: bool,
}

/// A loaded puzzle with what the CLI would print on standard error about it.
pub struct LoadedPuzzle {
    pub puzzle: Puzzle,
    /// `note: ...` and `warning: ...` lines, without the prefix.
    pub notes: Vec<String>,
    pub warnings: Vec<String>,
    /// The counts a BurrTools file stored for the problem, when BurrTools solved it.
    pub stored: Option<wurfel_pack::burrtools::Stored>,
}

impl Source<'_> {
    /// Loads the puzzle as `wurfel`'s PUZZLE argument does, but never from a file: a
    /// `puzzle` is a catalog id only.
    pub fn load(&self) -> Result<LoadedPuzzle, ApiError> {
        let loaded =
            match (self.puzzle, self.text) {
                (Some(_), Some(_)) => {
                    return Err(ApiError::bad_request(
                        "give either `puzzle` (a built-in id) or `puzzle_text`, not both",
                    ))
                }
                (None, None) => return Err(ApiError::bad_request(
                    "give `puzzle` (a built-in id, see GET /api/v1/catalog) or `puzzle_text` (a \
                     TOML or .xmpuzzle file's text)",
                )),
                (Some(id), None) => {
                    if self.problem.is_some() || self.format.is_some() {
                        return Err(ApiError::bad_request(
                        "`problem` and `format` go with `puzzle_text`, not with a built-in puzzle",
                    ));
                    }
                    wurfel_pack::Loaded {
                        puzzle: wurfel_pack::source::builtin(id)
                            .map_err(|e| ApiError::input(e.to_string()))?,
                        notes: Vec::new(),
                        stored: None,
                    }
                }
                (None, Some(text)) => self.parse(text)?,
            };
        let (puzzle, warning) = wurfel_pack::merge_or_warn(loaded.puzzle, self.merge);
        let warnings: Vec<String> = warning.into_iter().collect();
        Ok(LoadedPuzzle {
            puzzle,
            notes: loaded.notes,
            warnings,
            stored: loaded.stored,
        })
    }

    fn parse(&self, text: &str) -> Result<wurfel_pack::Loaded, ApiError> {
        let xml = wurfel_pack::burrtools::looks_like_xmpuzzle(text.as_bytes());
        match (self.format, xml) {
            (Some(Format::Toml), true) => {
                return Err(ApiError::input(
                    "`puzzle_text` is a BurrTools file, not TOML: say \"format\": \"xmpuzzle\"",
                ))
            }
            (Some(Format::Xmpuzzle), false) => {
                return Err(ApiError::input(
                    "`puzzle_text` is not a BurrTools .xmpuzzle file (its XML, as `gunzip -c` \
                     prints it)",
                ))
            }
            _ => {}
        }
        let opts = LoadOptions {
            problem: self.problem.map(str::to_string),
        };
        wurfel_pack::source::from_bytes(text.as_bytes(), "puzzle_text", &opts)
            .map_err(|e| ApiError::input(e.to_string()))
    }
}

/// `threads`: 1 to the server's maximum, default the maximum.
pub fn threads(asked: Option<u64>, max: usize) -> Result<usize, ApiError> {
    match asked {
        None => Ok(max),
        Some(n) if n >= 1 && n <= max as u64 => Ok(n as usize),
        Some(n) => Err(ApiError::bad_request(format!(
            "`threads` must be 1 to {max} on this server (its --threads), not {n}"
        ))),
    }
}

/// `limit`/`all` as the CLI reads `--limit`/`--all`, held to the server's `--max-solutions`.
pub fn limit(limit: Option<u64>, all: bool, max: usize) -> Result<usize, ApiError> {
    let n = match (limit, all) {
        (Some(_), true) => {
            return Err(ApiError::bad_request(
                "`limit` and `all` cannot be used together",
            ))
        }
        (Some(0), _) => {
            return Err(ApiError::bad_request(
                "`limit` must be at least 1 (`all` lists every solution)",
            ))
        }
        (Some(n), false) => n,
        (None, true) => return Ok(max),
        (None, false) => 1,
    };
    if n > max as u64 {
        return Err(ApiError::bad_request(format!(
            "`limit` {n} is above this server's maximum of {max} solutions per request (its \
             --max-solutions); count them with /api/v1/count"
        )));
    }
    Ok(n as usize)
}

/// `distinct` as `--distinct` reads it (default `rotations`).
pub fn convention(s: Option<&str>) -> Result<Convention, ApiError> {
    match s {
        None => Ok(Convention::Rotations),
        Some(s) => Convention::from_key(s).ok_or_else(|| {
            ApiError::bad_request(format!(
                "unknown convention `{s}`: use raw, rotations or rotations_reflections"
            ))
        }),
    }
}
