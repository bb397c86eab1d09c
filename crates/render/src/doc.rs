//! A small drawing model written out as SVG (and rasterized for PNG, text drawn separately).

use crate::palette::Rgb;
use std::fmt::Write;

/// Formats a coordinate with two decimals, trailing zeros dropped (deterministic, compact).
pub fn num(x: f64) -> String {
    let x = if x.is_finite() { x } else { 0.0 };
    let mut s = format!("{:.2}", x);
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" {
        s = "0".into();
    }
    s
}

/// Text alignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is the left end.
    Start,
    /// `x` is the middle.
    Middle,
    /// `x` is the right end.
    End,
}

/// One text run.
#[derive(Clone, Debug)]
pub struct Text {
    /// Anchor point x.
    pub x: f64,
    /// Baseline y.
    pub y: f64,
    /// Font size in px.
    pub size: f64,
    /// Alignment.
    pub anchor: Anchor,
    /// Bold.
    pub bold: bool,
    /// Colour.
    pub fill: Rgb,
    /// Content.
    pub text: String,
}

/// Width of a monospace text run (advance 0.6 em).
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.6
}

/// Drawing elements in order.
#[derive(Clone, Debug)]
pub enum Item {
    /// A path (`d` in SVG syntax).
    Path {
        /// Path data.
        d: String,
        /// Fill colour.
        fill: Option<Rgb>,
        /// Stroke colour and width.
        stroke: Option<(Rgb, f64)>,
        /// Opacity of fill and stroke.
        opacity: f64,
        /// Dashed stroke.
        dashed: bool,
    },
    /// Text.
    Text(Text),
}

/// A picture.
#[derive(Clone, Debug)]
pub struct Doc {
    /// Width in px.
    pub width: f64,
    /// Height in px.
    pub height: f64,
    /// Elements, back to front.
    pub items: Vec<Item>,
}

/// Path data of a closed polygon.
pub fn polygon(pts: &[(f64, f64)]) -> String {
    let mut d = polyline(pts);
    d.push('Z');
    d
}

/// Path data of an open polyline.
pub fn polyline(pts: &[(f64, f64)]) -> String {
    let mut d = String::new();
    for (i, (x, y)) in pts.iter().enumerate() {
        let _ = write!(
            d,
            "{}{} {}",
            if i == 0 { "M" } else { "L" },
            num(*x),
            num(*y)
        );
    }
    d
}

/// Escapes text for XML.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

impl Doc {
    /// An empty picture.
    pub fn new(width: f64, height: f64) -> Doc {
        Doc {
            width,
            height,
            items: Vec::new(),
        }
    }

    /// Adds a filled (and optionally stroked) path.
    pub fn fill(&mut self, d: String, fill: Rgb, stroke: Option<(Rgb, f64)>) {
        self.items.push(Item::Path {
            d,
            fill: Some(fill),
            stroke,
            opacity: 1.0,
            dashed: false,
        });
    }

    /// Adds a stroked path.
    pub fn stroke(&mut self, d: String, colour: Rgb, width: f64) {
        self.items.push(Item::Path {
            d,
            fill: None,
            stroke: Some((colour, width)),
            opacity: 1.0,
            dashed: false,
        });
    }

    /// Adds any item.
    pub fn push(&mut self, item: Item) {
        self.items.push(item);
    }

    /// Adds text.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        x: f64,
        y: f64,
        size: f64,
        anchor: Anchor,
        bold: bool,
        fill: Rgb,
        text: &str,
    ) {
        self.items.push(Item::Text(Text {
            x,
            y,
            size,
            anchor,
            bold,
            fill,
            text: text.to_string(),
        }));
    }

    /// The text runs (drawn separately onto rasters).
    pub fn texts(&self) -> impl Iterator<Item = &Text> {
        self.items.iter().filter_map(|i| match i {
            Item::Text(t) => Some(t),
            _ => None,
        })
    }

    /// Writes SVG; text is left out when `with_text` is false.
    pub fn to_svg(&self, with_text: bool) -> String {
        let mut s = String::with_capacity(64 * self.items.len() + 512);
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
            w = num(self.width),
            h = num(self.height)
        );
        let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
        s.push_str(r#"<g stroke-linejoin="round" stroke-linecap="round">"#);
        s.push('\n');
        for item in &self.items {
            match item {
                Item::Path {
                    d,
                    fill,
                    stroke,
                    opacity,
                    dashed,
                } => {
                    let _ = write!(s, r#"<path d="{d}""#);
                    match fill {
                        Some(c) => {
                            let _ = write!(s, r#" fill="{c}""#);
                        }
                        None => s.push_str(r#" fill="none""#),
                    }
                    if let Some((c, w)) = stroke {
                        let _ = write!(s, r#" stroke="{c}" stroke-width="{}""#, num(*w));
                        if *dashed {
                            let _ = write!(
                                s,
                                r#" stroke-dasharray="{} {}""#,
                                num(*w * 3.0),
                                num(*w * 3.0)
                            );
                        }
                    }
                    if *opacity < 1.0 {
                        let _ = write!(s, r#" opacity="{}""#, num(*opacity));
                    }
                    s.push_str("/>\n");
                }
                Item::Text(t) => {
                    if !with_text {
                        continue;
                    }
                    let anchor = match t.anchor {
                        Anchor::Start => "start",
                        Anchor::Middle => "middle",
                        Anchor::End => "end",
                    };
                    let _ = writeln!(
                        s,
                        r#"<text x="{}" y="{}" font-family="DejaVu Sans Mono,Noto Sans Mono,Menlo,Consolas,monospace" font-size="{}" text-anchor="{anchor}"{} fill="{}">{}</text>"#,
                        num(t.x),
                        num(t.y),
                        num(t.size),
                        if t.bold { r#" font-weight="bold""# } else { "" },
                        t.fill,
                        xml_escape(&t.text)
                    );
                }
            }
        }
        s.push_str("</g>\n</svg>\n");
        s
    }
}
