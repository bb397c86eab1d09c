//! PNG: the SVG (without text) rasterized by resvg, then text drawn from an embedded bitmap font
//! (Noto Sans Mono, pre-rasterized), so no system fonts are needed.

use crate::doc::{Anchor, Doc, Text};
use crate::RenderError;
use noto_sans_mono_bitmap::{get_raster, get_raster_width, FontWeight, RasterHeight};
use resvg::{tiny_skia, usvg};

/// Largest picture we agree to rasterize, in pixels.
const MAX_PIXELS: u64 = 64 * 1024 * 1024;

/// Rasterizes `doc` at `scale` pixels per SVG unit into RGB bytes: (width, height, rgb).
pub fn rasterize(doc: &Doc, scale: f64) -> Result<(u32, u32, Vec<u8>), RenderError> {
    let scale = if scale.is_finite() && scale > 0.0 {
        scale
    } else {
        1.0
    };
    let w = (doc.width * scale).ceil().max(1.0);
    let h = (doc.height * scale).ceil().max(1.0);
    if w * h > MAX_PIXELS as f64 || w > 30000.0 || h > 30000.0 {
        return Err(RenderError::TooLarge(format!(
            "a {w}×{h} pixel picture is too large to rasterize"
        )));
    }
    let (w, h) = (w as u32, h as u32);
    let svg = doc.to_svg(false);
    let tree = usvg::Tree::from_str(&svg, &usvg::Options::default())
        .map_err(|e| RenderError::Unsupported(format!("internal SVG error: {e}")))?;
    let mut pixmap = tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| RenderError::TooLarge(format!("cannot allocate {w}×{h} pixels")))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale as f32, scale as f32),
        &mut pixmap.as_mut(),
    );
    // The background is opaque, so premultiplied and straight colours agree.
    let rgba = pixmap.take();
    let mut rgb = Vec::with_capacity(rgba.len() / 4 * 3);
    for px in rgba.chunks_exact(4) {
        rgb.extend_from_slice(&px[..3]);
    }
    for t in doc.texts() {
        draw_text(&mut rgb, w as usize, h as usize, t, scale);
    }
    Ok((w, h, rgb))
}

/// Encodes RGB bytes as PNG.
pub fn encode_png(w: u32, h: u32, rgb: &[u8]) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Fast);
        let err = |e: png::EncodingError| RenderError::Unsupported(format!("PNG encoding: {e}"));
        let mut wr = enc.write_header().map_err(err)?;
        wr.write_image_data(rgb).map_err(err)?;
        wr.finish().map_err(err)?;
    }
    Ok(out)
}

/// Draws one text run, scaling the nearest larger bitmap size bilinearly.
fn draw_text(rgb: &mut [u8], w: usize, h: usize, t: &Text, scale: f64) {
    let size = t.size * scale; // em in pixels
    if size.is_nan() || size <= 0.5 {
        return;
    }
    let line = size * 1.362; // the raster height covers ascender + descender
    let raster = if line <= 16.5 {
        RasterHeight::Size16
    } else if line <= 20.5 {
        RasterHeight::Size20
    } else {
        RasterHeight::Size24
    };
    let weight = if t.bold {
        FontWeight::Bold
    } else {
        FontWeight::Regular
    };
    let rh = raster.val() as f64;
    let rw = get_raster_width(weight, raster) as f64;
    let f = line / rh;
    let adv = rw * f;
    let n = t.text.chars().count() as f64;
    let x0 = t.x * scale
        - match t.anchor {
            Anchor::Start => 0.0,
            Anchor::Middle => n * adv / 2.0,
            Anchor::End => n * adv,
        };
    let top = t.y * scale - 1.069 * size;
    let col = [t.fill.0 as f64, t.fill.1 as f64, t.fill.2 as f64];
    for (i, ch) in t.text.chars().enumerate() {
        let ch = match ch {
            '…' => '.',
            '–' | '—' | '−' => '-',
            '‘' | '’' => '\'',
            '“' | '”' => '"',
            c => c,
        };
        let Some(g) = get_raster(ch, weight, raster).or_else(|| get_raster('?', weight, raster))
        else {
            continue;
        };
        let gx = x0 + i as f64 * adv;
        let (gw, gh) = (g.width(), g.height());
        let px0 = gx.floor().max(0.0) as usize;
        let px1 = ((gx + gw as f64 * f).ceil().max(0.0) as usize).min(w);
        let py0 = top.floor().max(0.0) as usize;
        let py1 = ((top + gh as f64 * f).ceil().max(0.0) as usize).min(h);
        for py in py0..py1 {
            for px in px0..px1 {
                // Sample the glyph at the pixel centre.
                let sx = ((px as f64 + 0.5 - gx) / f) - 0.5;
                let sy = ((py as f64 + 0.5 - top) / f) - 0.5;
                let a = bilinear(&g, sx, sy) / 255.0;
                if a <= 0.0 {
                    continue;
                }
                let o = (py * w + px) * 3;
                for k in 0..3 {
                    let v = rgb[o + k] as f64;
                    rgb[o + k] = (v + (col[k] - v) * a).round().clamp(0.0, 255.0) as u8;
                }
            }
        }
    }
}

fn bilinear(g: &noto_sans_mono_bitmap::RasterizedChar, x: f64, y: f64) -> f64 {
    let at = |xi: i64, yi: i64| -> f64 {
        if xi < 0 || yi < 0 {
            return 0.0;
        }
        g.pixel(xi as usize, yi as usize).unwrap_or(0) as f64
    };
    let x0 = x.floor();
    let y0 = y.floor();
    let (fx, fy) = (x - x0, y - y0);
    let (xi, yi) = (x0 as i64, y0 as i64);
    let top = at(xi, yi) * (1.0 - fx) + at(xi + 1, yi) * fx;
    let bot = at(xi, yi + 1) * (1.0 - fx) + at(xi + 1, yi + 1) * fx;
    top * (1.0 - fy) + bot * fy
}
