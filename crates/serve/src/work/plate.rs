//! `POST /api/v1/plate`: every piece of a puzzle laid on one print plate, as
//! `wurfel pieces PUZZLE --export plate.3mf --plate` writes it (`wurfel_app::mesh::plate`: the
//! same pieces, colours, layout, mesh checks and refusals).

use crate::error::ApiError;
use crate::pool::Answer;
use crate::requests::PlateRequest;
use wurfel_app::mesh;

/// The 3MF package of `r`'s puzzle on a plate (defaults as the CLI's: 10 mm cubes, 0.2 mm
/// gap, no bevel, a 200 mm plate).
pub fn plate_3mf(r: &PlateRequest) -> Result<Answer, ApiError> {
    // The request's own fields wrong is a bad request (400), named as the request names them.
    let opts = mesh::options(
        r.unit.unwrap_or(10.0),
        r.gap.unwrap_or(0.2),
        r.bevel.unwrap_or(0.0),
    )
    .map_err(|e| ApiError::bad_request(e.message))?;
    let size = r.plate_size.unwrap_or(200.0);
    if !(size.is_finite() && size > 0.0 && size <= mesh::MAX_PLATE_MM) {
        return Err(ApiError::bad_request(format!(
            "`plate_size` is the plate's side in mm, above 0 and at most {}, not {size}",
            mesh::MAX_PLATE_MM
        )));
    }
    let l = r.source().load()?;
    let plate = mesh::plate(&l.puzzle, mesh::Format::ThreeMf, &opts, size)?;
    Ok(Answer::File {
        content_type: "model/3mf",
        name: format!("{}-plate.3mf", file_stem(&l.puzzle.id)),
        bytes: plate.bytes,
    })
}

/// A file name's stem from a puzzle id: letters, digits, `-` and `_` only.
fn file_stem(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() {
        "puzzle".into()
    } else {
        s
    }
}
