//! The `[[published]]` tables: counts published for the puzzle, each with its convention and
//! its public source.

use super::{integer, Ctx, PuzzleFileError};
use crate::model::{Convention, Published};
use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPublished {
    convention: Spanned<String>,
    count: Spanned<toml::Value>,
    source: Option<String>,
}

/// Every `[[published]]` table, in file order.
pub(super) fn parse_all(
    cx: &Ctx<'_>,
    tables: &[Spanned<RawPublished>],
) -> Result<Vec<Published>, PuzzleFileError> {
    tables.iter().map(|t| parse(cx, t.get_ref())).collect()
}

fn parse(cx: &Ctx<'_>, p: &RawPublished) -> Result<Published, PuzzleFileError> {
    let convention = Convention::from_key(p.convention.get_ref()).ok_or_else(|| {
        cx.err(
            p.convention.span(),
            format!(
                "unknown convention {:?}: expected \"raw\", \"rotations\" or \"rotations_reflections\"",
                p.convention.get_ref()
            ),
        )
    })?;
    let count = integer(cx, &p.count, "published `count`")?;
    if count < 0 {
        return Err(cx.err(
            p.count.span(),
            format!("published count cannot be negative, found {count}"),
        ));
    }
    Ok(Published {
        convention,
        count: count as u64,
        source: p.source.clone().unwrap_or_default(),
    })
}
