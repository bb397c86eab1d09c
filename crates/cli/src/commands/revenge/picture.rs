//! Flat pictures of `wurfel revenge`: `revenge net` (the sticker order), and the SVG/PNG writer
//! the other subcommands draw with.

use super::args::NetArgs;
use anyhow::{bail, Result};
use wurfel_revenge::stickers;
use wurfel_revenge::Cube;

/// `revenge net`: the sticker order, drawn.
pub(super) fn net(a: NetArgs) -> Result<()> {
    chart_format(&a.render)?;
    let cube = match &a.facelets {
        Some(f) => stickers::read(f, None)?.cube,
        None => Cube::solved(),
    };
    let strip = wurfel_render::cube_net::NetStrip {
        title: "4x4x4 sticker order of --facelets: faces U R F D L B, rows as seen from outside"
            .into(),
        nets: vec![(String::new(), cube.facelets())],
        numbered: true,
    };
    write_picture(
        &a.render,
        || wurfel_render::cube_net::net_strip_svg(&strip),
        || wurfel_render::cube_net::net_strip_png(&strip),
    )
}

pub(super) fn chart_format(p: &std::path::Path) -> Result<bool> {
    match p.extension().and_then(|e| e.to_str()) {
        Some("svg") => Ok(false),
        Some("png") => Ok(true),
        _ => bail!("--render {}: use a .svg or .png file name", p.display()),
    }
}

/// Writes a flat picture to `path` whole (or not at all), as SVG or PNG by its extension.
pub(super) fn write_picture(
    path: &std::path::Path,
    svg: impl FnOnce() -> Result<String, wurfel_render::RenderError>,
    png: impl FnOnce() -> Result<Vec<u8>, wurfel_render::RenderError>,
) -> Result<()> {
    let bytes = if chart_format(path)? {
        png()?
    } else {
        svg()?.into_bytes()
    };
    crate::output::OutputPath::check(path)?.write_all(&bytes)?;
    crate::note!("drawn to {}", path.display());
    Ok(())
}
