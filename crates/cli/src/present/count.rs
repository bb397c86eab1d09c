//! A count's result as `count` prints it, text (`wurfel_present::text::count`) or JSON; also
//! what `shard merge` of a packing count prints.

use crate::report::CountJson;
use anyhow::Result;
use wurfel_pack::Prepared;

pub(crate) use wurfel_present::count::Summary;

/// A count's result as `count` prints it.
pub(crate) fn render(prep: &Prepared, s: &Summary, json: bool) -> Result<String> {
    if json {
        return Ok(format!(
            "{}\n",
            serde_json::to_string(&CountJson::new(prep, s))?
        ));
    }
    Ok(wurfel_present::text::count::search(prep, s)?)
}
