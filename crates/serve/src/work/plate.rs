//! `POST /api/v1/plate`: every piece of a puzzle laid on one print plate, as
//! `wurfel pieces PUZZLE --export plate.3mf --plate` writes it (the same pieces, colours, layout
//! and mesh checks).

use crate::error::ApiError;
use crate::pool::Answer;
use crate::requests::PlateRequest;
use wurfel_render::mesh::{check::check, plate::plate, threemf::threemf, PrintOptions};

/// The largest plate side the server lays out, in mm (a 1 m bed is already far beyond any
/// printer's; the bound keeps a request from asking for an absurd layout).
const MAX_PLATE_MM: f64 = 1000.0;

/// The 3MF package of `r`'s puzzle on a plate (defaults as the CLI's: 10 mm cubes, 0.2 mm
/// gap, no bevel, a 200 mm plate).
pub fn plate_3mf(r: &PlateRequest) -> Result<Answer, ApiError> {
    let opts = PrintOptions {
        unit: r.unit.unwrap_or(10.0),
        gap: r.gap.unwrap_or(0.2),
        bevel: r.bevel.unwrap_or(0.0),
    };
    let size = r.plate_size.unwrap_or(200.0);
    if !(size.is_finite() && size > 0.0 && size <= MAX_PLATE_MM) {
        return Err(ApiError::bad_request(format!(
            "`plate_size` is the plate's side in mm, above 0 and at most {MAX_PLATE_MM}, not {size}"
        )));
    }
    opts.validate()
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let l = r.source().load()?;
    l.puzzle.grid.check_drawing().map_err(ApiError::input)?;
    let pieces = wurfel_present::scene::plate_pieces(&l.puzzle);
    let lattice = wurfel_present::scene::lattice(l.puzzle.grid);
    let objects = plate(lattice, &pieces, &opts, size)
        .map_err(|e| ApiError::input(format!("cannot lay the pieces on the plate: {e}")))?;
    for o in &objects {
        check(&o.mesh).map_err(|e| {
            ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                format!("the mesh of piece {} failed its check (a bug): {e}", o.name),
            )
        })?;
    }
    let bytes = threemf(&l.puzzle.name, &objects)
        .map_err(|e| ApiError::input(format!("cannot write the 3MF package: {e}")))?;
    Ok(Answer::File {
        content_type: "model/3mf",
        name: format!("{}-plate.3mf", file_stem(&l.puzzle.id)),
        bytes,
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
