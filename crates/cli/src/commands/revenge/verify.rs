//! `wurfel revenge verify`: another program's solutions read from a file or standard input,
//! checked and measured by [`wurfel_app::revenge::verify`], printed as JSON or text.

use crate::outln;
use anyhow::{bail, Context, Result};
use std::io::Read;
use std::path::PathBuf;
use wurfel_revenge::notation::Notation;

/// Arguments of `wurfel revenge verify`.
#[derive(clap::Args, Debug)]
pub(crate) struct VerifyArgs {
    /// File of lines `FACELETS<TAB>SOLUTION` or `FACELETS<TAB>SOLUTION<TAB>MILLISECONDS`
    /// (96 facelets, faces U R F D L B; the solution in WCA/SiGN notation, whole-cube
    /// rotations x y z allowed anywhere); `-` or nothing: standard input. Empty lines and
    /// lines starting with `#` are skipped.
    input: Option<PathBuf>,
    /// Read lower-case letters as Norskog's single inner slices (u = the slice next to U)
    /// instead of SiGN wide turns (u = Uw).
    #[arg(long)]
    slice_notation: bool,
    /// Print only the averages and maxima, not one line per solution.
    #[arg(long)]
    summary: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The most input read (a million solutions fit easily).
const MAX_INPUT_BYTES: u64 = 512 << 20;

fn read_input(input: Option<&PathBuf>) -> Result<(String, String)> {
    match input {
        Some(p) if p.as_os_str() != "-" => {
            let text = wurfel_files::read_text_bounded(p, MAX_INPUT_BYTES)
                .with_context(|| format!("cannot read {}", p.display()))?;
            Ok((text, p.display().to_string()))
        }
        _ => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .take(MAX_INPUT_BYTES + 1)
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
            if bytes.len() as u64 > MAX_INPUT_BYTES {
                bail!("standard input is larger than {MAX_INPUT_BYTES} bytes");
            }
            let text = String::from_utf8(bytes).context("standard input is not UTF-8 text")?;
            Ok((text, "standard input".to_string()))
        }
    }
}

/// Runs `wurfel revenge verify`: the input read here, checked by
/// [`wurfel_app::revenge::verify`] (each failing line said on standard error), the summary
/// printed as JSON or text.
pub(crate) fn verify(a: VerifyArgs) -> Result<()> {
    let nt = if a.slice_notation {
        Notation::Slice
    } else {
        Notation::Wca
    };
    let (text, source) = read_input(a.input.as_ref())?;
    let reporter = crate::progress::Reporter::new(false);
    let j = wurfel_app::revenge::verify(&text, &source, nt, &crate::hiargs::context(1, &reporter))?;
    if a.json {
        outln!("{}", serde_json::to_string(&j)?);
        return Ok(());
    }
    for line in wurfel_present::text::revenge::verified(&j, a.summary) {
        outln!("{line}");
    }
    Ok(())
}
