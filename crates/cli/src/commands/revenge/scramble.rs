//! `wurfel revenge scramble`: random-state scrambles, the inverse of a solution of a uniformly
//! random position, checked to rebuild it.

use super::args::ScrambleArgs;
use super::setup::load;
use crate::outln;
use anyhow::Result;
use wurfel_app::revenge;

pub(super) fn scramble(a: ScrambleArgs) -> Result<()> {
    // One solver for all scrambles.
    let solver = load(a.method.one("scramble")?, &a.common)?;
    for i in 0..a.count {
        let s = revenge::scramble(a.seed + i as u64, &*solver)?;
        if a.json {
            outln!("{}", serde_json::to_string(&s)?);
        } else {
            outln!("{}", s.scramble);
        }
    }
    Ok(())
}
