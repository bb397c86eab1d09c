//! BurrTools' `<colors>`: the display colour (RGB) of each constraint colour, the `i`-th
//! `<color red=".." green=".." blue=".."/>` giving colour `i` (from 1). Read into
//! [`Puzzle::display_colors`] and written back from it (the default palette for colours the
//! puzzle uses but gives no display colour), so that a file's colours survive a round trip.

use crate::model::Puzzle;
use roxmltree::Node;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The most colours a file may define (BurrTools' limit, as for colour numbers).
const MAX_COLORS: usize = 63;

/// The display colours of a `<colors>` element; the message says what is wrong.
pub(super) fn read(colors: Node<'_, '_>) -> Result<BTreeMap<u8, [u8; 3]>, String> {
    let mut out = BTreeMap::new();
    for (i, c) in colors
        .children()
        .filter(|c| c.has_tag_name("color"))
        .enumerate()
    {
        if i >= MAX_COLORS {
            return Err(format!("defines more than {MAX_COLORS} colours"));
        }
        let channel = |name: &str| -> Result<u8, String> {
            let v = c.attribute(name).unwrap_or("");
            v.trim().parse::<u8>().map_err(|_| {
                format!(
                    "colour {} has `{name}` {v:?}, not an integer from 0 to 255",
                    i + 1
                )
            })
        };
        let rgb = [channel("red")?, channel("green")?, channel("blue")?];
        out.insert(i as u8 + 1, rgb);
    }
    Ok(out)
}

/// `<colors>` with as many colours as the puzzle's highest constraint colour, each its display
/// colour (`<colors/>` when it has none).
pub(super) fn write(p: &Puzzle) -> String {
    let highest = p.highest_color();
    if highest == 0 {
        return "<colors/>".into();
    }
    let mut s = String::from("<colors>");
    for k in 1..=highest {
        let [r, g, b] = p.display_color(k);
        let _ = write!(s, "<color red=\"{r}\" green=\"{g}\" blue=\"{b}\"/>");
    }
    s.push_str("</colors>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(xml: &str) -> Result<BTreeMap<u8, [u8; 3]>, String> {
        let doc = roxmltree::Document::parse(xml).expect("well-formed");
        read(doc.root_element())
    }

    #[test]
    fn colours_are_numbered_from_one_in_order() {
        let got = parse(
            r#"<colors><color red="158" green="118" blue="45"/>
               <color red="77" green="157" blue="181"/></colors>"#,
        )
        .unwrap();
        assert_eq!(
            got.into_iter().collect::<Vec<_>>(),
            vec![(1, [158, 118, 45]), (2, [77, 157, 181])]
        );
    }

    #[test]
    fn bad_channels_are_named() {
        let e = parse(r#"<colors><color red="300" green="1" blue="2"/></colors>"#).unwrap_err();
        assert!(e.contains("colour 1 has `red` \"300\""), "{e}");
        let e = parse(r#"<colors><color red="3" blue="2"/></colors>"#).unwrap_err();
        assert!(e.contains("`green` \"\""), "{e}");
    }
}
