//! Reading a snake as a user writes it: a built-in name, segment lengths or joint letters, and
//! a box (`3` or `2x2x3`). The `wurfel snake` commands and the web server read them alike.

use crate::{catalog, Board, BoxError, Chain, Problem, SnakeError};
use std::fmt;

/// Why a chain or a box cannot be read (the message names what was given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

impl From<BoxError> for InputError {
    fn from(e: BoxError) -> Self {
        InputError(e.to_string())
    }
}

impl From<SnakeError> for InputError {
    fn from(e: SnakeError) -> Self {
        InputError(e.to_string())
    }
}

/// Parses `--box`: `N` or `XxYxZ`.
pub fn parse_box(text: &str) -> Result<Board, InputError> {
    let parts: Vec<&str> = text.split(['x', 'X', '×']).map(str::trim).collect();
    let nums: Result<Vec<usize>, _> = parts.iter().map(|p| p.parse::<usize>()).collect();
    let dims = match (nums, parts.len()) {
        (Ok(v), 1) => [v[0], v[0], v[0]],
        (Ok(v), 3) => [v[0], v[1], v[2]],
        _ => {
            return Err(InputError(format!(
                "cannot read the box `{text}`: give a side (`3`) or dimensions (`2x2x3`)"
            )))
        }
    };
    Board::new(dims).map_err(InputError::from)
}

/// A chain as a user wrote it, with its catalog name if it is a built-in one.
#[derive(Debug)]
pub struct Named {
    pub name: Option<&'static str>,
    pub problem: Problem,
}

/// Resolves a chain as `wurfel snake` reads it: a built-in snake, segment lengths or joint
/// letters, in the box given (`N` or `XxYxZ`) or the one its cube count implies.
pub fn resolve(text: &str, board: Option<&str>) -> Result<Named, InputError> {
    let entry = catalog::find(text);
    let chain = match entry {
        Some(e) => e.chain(),
        None => Chain::parse(text).map_err(|err| {
            let looks_like_name = text.chars().any(|c| {
                c.is_ascii_alphabetic() && !matches!(c.to_ascii_uppercase(), 'E' | 'S' | 'C')
            });
            let close = close_ids(text);
            if looks_like_name && !close.is_empty() {
                let close: Vec<String> = close.iter().map(|id| format!("`{id}`")).collect();
                InputError(format!(
                    "`{text}` is neither a built-in snake nor a chain; did you mean {}? (`wurfel \
                     snake list` lists them)",
                    close.join(" or ")
                ))
            } else if looks_like_name {
                InputError(format!(
                    "`{text}` is neither a built-in snake (see `wurfel snake list`) nor a chain: {err}"
                ))
            } else {
                InputError(format!("cannot read the chain `{text}`: {err}"))
            }
        })?,
    };
    let problem = match (board, entry) {
        (Some(b), _) => Problem::new(chain, parse_box(b)?)?,
        (None, Some(e)) => Problem::auto(chain, Some(e.side))?,
        (None, None) => Problem::auto(chain, None)?,
    };
    // A chain typed out in full is still recognised as a built-in one, from either end (many
    // sources list a chain from its other end).
    let name = entry.map(|e| e.id).or_else(|| {
        catalog::CATALOG
            .iter()
            .find(|e| {
                let c = e.chain();
                e.side == problem.board().dims()[0]
                    && problem.board().dims().iter().all(|&d| d == e.side)
                    && (&c == problem.chain() || &c.reversed() == problem.chain())
            })
            .map(|e| e.id)
    });
    Ok(Named { name, problem })
}

/// Catalog ids within a small edit distance of `name` (as packing ids are suggested), closest
/// first.
fn close_ids(name: &str) -> Vec<&'static str> {
    let lower = name.trim().to_lowercase();
    let mut scored: Vec<(usize, &'static str)> = catalog::CATALOG
        .iter()
        .filter_map(|e| {
            let d = strsim::levenshtein(&lower, e.id);
            let near = d <= 2.max(e.id.len() / 4);
            (near || (lower.len() >= 3 && e.id.contains(lower.as_str()))).then_some((d, e.id))
        })
        .collect();
    scored.sort();
    scored.into_iter().take(3).map(|(_, id)| id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspelt_names_get_suggestions() {
        let e = resolve("standrad", None).unwrap_err().to_string();
        assert!(e.contains("did you mean `standard`?"), "{e}");
        let e = resolve("zzzzzz", None).unwrap_err().to_string();
        assert!(e.contains("neither a built-in snake"), "{e}");
        assert!(!e.contains("did you mean"), "{e}");
    }

    #[test]
    fn boxes_parse() {
        assert_eq!(parse_box("3").unwrap().dims(), [3, 3, 3]);
        assert_eq!(parse_box("2x2X3").unwrap().dims(), [2, 2, 3]);
        assert!(parse_box("3x3").is_err());
        assert!(parse_box("big").is_err());
        assert!(parse_box("5").unwrap_err().to_string().contains("64 cells"));
        assert!(parse_box("0").is_err());
    }

    #[test]
    fn names_and_notations_resolve() {
        let s = resolve("Standard", None).unwrap();
        assert_eq!(s.name, Some("standard"));
        assert_eq!(s.problem.board().dims(), [3, 3, 3]);
        let l = resolve("ESCCCSCCSCCCSCSCCCCSCSCSCSE", None).unwrap();
        assert_eq!(l.problem.chain(), s.problem.chain());
        assert_eq!(l.name, Some("standard"));
        // Read from the other end (as some sources list it), it is still the standard snake.
        let r = resolve("3,3,3,3,2,2,2,3,3,2,2,3,2,3,2,2,3", None).unwrap();
        assert_eq!(r.name, Some("standard"));
        let other = resolve("3,3,2,3,2,2,2,2,2,3,2,2,2,2,2,3,2,3,3", None).unwrap();
        assert_eq!(other.name, None);
        let msg = resolve("kingsnake", None).unwrap_err().to_string();
        assert!(msg.contains("neither a built-in snake"), "{msg}");
        let msg = resolve("3,2,2", Some("3")).unwrap_err().to_string();
        assert!(msg.contains("5 cubes") && msg.contains("27 cells"), "{msg}");
        let msg = resolve("3,2,1,2", None).unwrap_err().to_string();
        assert!(msg.contains("segment 3"), "{msg}");
    }
}
