//! Bar charts (e.g. positions per distance of a puzzle stage), as SVG or PNG.

use crate::doc::{num, Anchor, Doc};
use crate::palette::Rgb;
use crate::{raster, RenderError};

/// A bar chart: one bar per label, heights on a logarithmic scale (such distributions span
/// many orders of magnitude), each bar labelled with its value.
#[derive(Clone, Debug)]
pub struct BarChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub bars: Vec<(String, u64)>,
}

const BAR: f64 = 34.0;
const PLOT_H: f64 = 300.0;
const LEFT: f64 = 70.0;
const TOP: f64 = 50.0;

fn layout(c: &BarChart) -> Result<Doc, RenderError> {
    if c.bars.is_empty() {
        return Err(RenderError::Empty);
    }
    let max = c.bars.iter().map(|b| b.1).max().unwrap_or(1).max(1) as f64;
    let decades = max.log10().ceil().max(1.0);
    let height = |v: u64| -> f64 {
        if v == 0 {
            0.0
        } else {
            // log10(v) + 1 so that a value of 1 still shows.
            PLOT_H * ((v as f64).log10() + 1.0) / (decades + 1.0)
        }
    };
    let width = LEFT + BAR * c.bars.len() as f64 + 30.0;
    let mut d = Doc::new(width, TOP + PLOT_H + 60.0);
    let ink = Rgb(40, 40, 40);
    let grid = Rgb(220, 220, 220);
    d.text(width / 2.0, 24.0, 16.0, Anchor::Middle, true, ink, &c.title);
    let base = TOP + PLOT_H;
    for k in 0..=decades as u32 {
        let y = base - PLOT_H * (k as f64 + 1.0) / (decades + 1.0);
        d.stroke(
            format!("M{} {}H{}", num(LEFT), num(y), num(width - 20.0)),
            grid,
            1.0,
        );
        d.text(
            LEFT - 6.0,
            y + 4.0,
            10.0,
            Anchor::End,
            false,
            ink,
            &format!("1e{k}"),
        );
    }
    for (i, (label, v)) in c.bars.iter().enumerate() {
        let x = LEFT + BAR * i as f64 + 4.0;
        let h = height(*v);
        d.fill(
            format!(
                "M{} {}h{}v{}h{}z",
                num(x),
                num(base),
                num(BAR - 8.0),
                num(-h),
                num(-(BAR - 8.0))
            ),
            Rgb(70, 110, 180),
            None,
        );
        let cx = x + (BAR - 8.0) / 2.0;
        d.text(cx, base + 14.0, 11.0, Anchor::Middle, false, ink, label);
        let short = short_count(*v);
        d.text(cx, base - h - 4.0, 9.0, Anchor::Middle, false, ink, &short);
    }
    d.stroke(
        format!("M{} {}H{}", num(LEFT), num(base), num(width - 20.0)),
        ink,
        1.0,
    );
    d.text(
        width / 2.0,
        base + 36.0,
        12.0,
        Anchor::Middle,
        false,
        ink,
        &c.x_label,
    );
    d.text(8.0, TOP - 12.0, 11.0, Anchor::Start, false, ink, &c.y_label);
    Ok(d)
}

/// 3 significant digits with k/M/G suffixes.
fn short_count(v: u64) -> String {
    let (x, s) = match v {
        0..=9_999 => return v.to_string(),
        10_000..=999_999 => (v as f64 / 1e3, "k"),
        1_000_000..=999_999_999 => (v as f64 / 1e6, "M"),
        _ => (v as f64 / 1e9, "G"),
    };
    format!("{}{s}", num((x * 10.0).round() / 10.0))
}

/// The chart as an SVG document.
pub fn bar_chart_svg(c: &BarChart) -> Result<String, RenderError> {
    Ok(layout(c)?.to_svg(true))
}

/// The chart as a PNG image (2 pixels per unit).
pub fn bar_chart_png(c: &BarChart) -> Result<Vec<u8>, RenderError> {
    let (w, h, rgb) = raster::rasterize(&layout(c)?, 2.0)?;
    raster::encode_png(w, h, &rgb)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charts_have_one_bar_per_value_and_render_to_png() {
        let c = BarChart {
            title: "t".into(),
            x_label: "distance".into(),
            y_label: "positions".into(),
            bars: vec![("0".into(), 4), ("1".into(), 48), ("2".into(), 0)],
        };
        let svg = bar_chart_svg(&c).unwrap();
        assert_eq!(svg.matches("fill=\"#466eb4\"").count(), 3);
        assert!(svg.contains(">48<"));
        let png = bar_chart_png(&c).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert_eq!(short_count(146_767_085_568), "146.8G");
        assert_eq!(short_count(4_761_203_264), "4.8G");
        assert_eq!(short_count(9_527_856), "9.5M");
        assert!(matches!(
            bar_chart_svg(&BarChart { bars: vec![], ..c }),
            Err(RenderError::Empty)
        ));
    }
}
