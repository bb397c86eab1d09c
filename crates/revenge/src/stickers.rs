//! Reading a cube from its stickers by colour: 96 stickers in the facelet order of
//! [`Cube::from_facelets`] (faces U R F D L B, each row by row as seen from outside), written
//! either as face letters or as any six colours (letters or names).
//!
//! A 4x4x4 has no fixed centres, so which colour belongs to which face is not on the face
//! itself: it is read from the corners, whose three colours fix the scheme (opposite colours
//! never share a corner; the clockwise order of a corner's colours fixes its handedness). Of
//! the 720 ways to give six colours to six faces, a real cube admits exactly the 24 that
//! differ by a whole-cube rotation. Which of those 24 is taken:
//! - face letters `U R F D L B` are read as themselves (the cube's own frame);
//! - the WCA colours (white, yellow, green, blue, red, orange) white up, green front, as the
//!   WCA holds its cubes (then red is right, by the corners; the WCA scheme's mirror image,
//!   orange right, is refused: no real cube shows it). Other schemes of these colours (blue
//!   opposite white, say) are read in the same frame when white and green are adjacent;
//! - `up_front` names the colours of the up and front faces explicitly;
//! - otherwise the frame in which most centre stickers already sit on their own face, so the
//!   solution moves the fewest centres (ties: the first in a fixed order).
//!
//! Every frame gives a correct solution: moves are named by position, and the solved state of
//! any of the 24 frames is a cube with one colour per face.

use crate::cube::{Cube, FaceletError, FACE_CHARS};

/// Face index (in `FACE_CHARS` order) → the colour on that face.
pub type Scheme = [String; 6];

/// A cube read from stickers, with the colour of each face.
#[derive(Clone, Debug)]
pub struct Stickers {
    pub cube: Cube,
    /// The colour taken for each face, in the order U R F D L B.
    pub scheme: Scheme,
    /// How the frame was chosen (for the user: "WCA scheme", "most centres in place", ...).
    pub frame: Frame,
}

/// How the colours were given faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frame {
    FaceLetters,
    Wca,
    UpFront,
    MostCentres,
}

impl Frame {
    pub fn describe(self) -> &'static str {
        match self {
            Frame::FaceLetters => "face letters",
            Frame::Wca => "white up and green front, as the WCA holds its cubes",
            Frame::UpFront => "the given up and front colours",
            Frame::MostCentres => "the frame with the most centres already in place",
        }
    }
}

/// Why stickers are not a cube.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StickerError {
    #[error("expected 96 stickers (faces U R F D L B, 16 each), got {0}")]
    Count(usize),
    #[error("expected 6 colours, 16 stickers each; got {0}")]
    Colours(String),
    #[error("no colour {0:?} among the stickers (they show {1})")]
    UnknownColour(String, String),
    #[error("{0}")]
    UpFront(String),
    #[error("the colours form a mirror image of the WCA scheme (red and orange swapped?): no real cube shows it")]
    MirrorWca,
    #[error("no assignment of the six colours to faces makes these stickers a cube; read with {frame}: {source}")]
    NotACube {
        frame: &'static str,
        source: FaceletError,
    },
    #[error(transparent)]
    Facelets(#[from] FaceletError),
}

/// WCA colours by face (U R F D L B): white, red, green, yellow, orange, blue.
const WCA: [&str; 6] = ["white", "red", "green", "yellow", "orange", "blue"];

/// Reads 96 stickers. Tokens are single characters (`WWWW...`, whitespace ignored) unless the
/// text contains a comma or a word of two letters or more, in which case it is a list of colour
/// names separated by commas and/or whitespace. Colours compare case-insensitively.
pub fn read(text: &str, up_front: Option<(&str, &str)>) -> Result<Stickers, StickerError> {
    let tokens = tokens(text);
    if tokens.len() != 96 {
        return Err(StickerError::Count(tokens.len()));
    }
    let mut colours: Vec<String> = Vec::new();
    let mut counts: Vec<usize> = Vec::new();
    let mut index = [0u8; 96];
    for (i, t) in tokens.iter().enumerate() {
        let k = match colours.iter().position(|c| c == t) {
            Some(k) => k,
            None => {
                colours.push(t.clone());
                counts.push(0);
                colours.len() - 1
            }
        };
        counts[k] += 1;
        index[i] = k.min(255) as u8;
    }
    if colours.len() != 6 || counts.iter().any(|&n| n != 16) {
        let list: Vec<String> = colours
            .iter()
            .zip(&counts)
            .map(|(c, n)| format!("{c} ×{n}"))
            .collect();
        return Err(StickerError::Colours(list.join(", ")));
    }
    let face_letters: Vec<String> = FACE_CHARS.iter().map(|c| c.to_string()).collect();
    if let Some(frame) = fixed_frame(&colours, &face_letters, up_front)? {
        if let Some(read) = read_in(&colours, &index, frame.0, frame.1)? {
            return Ok(read);
        }
    }
    // No fixed frame: every valid assignment, scored by the centres already home.
    let mut best: Option<(usize, [u8; 6])> = None;
    let mut first_error = None;
    for_each_assignment(|face_of| match build(&index, face_of) {
        Ok(cube) => {
            let home = home_centres(&cube);
            if best.is_none_or(|(b, _)| home > b) {
                best = Some((home, *face_of));
            }
        }
        Err(e) => {
            first_error.get_or_insert(e);
        }
    });
    match best {
        Some((_, face_of)) => {
            let scheme = scheme_of(&colours, &face_of);
            Ok(Stickers {
                cube: build(&index, &face_of)?,
                scheme,
                frame: Frame::MostCentres,
            })
        }
        None => Err(StickerError::NotACube {
            frame: Frame::MostCentres.describe(),
            source: first_error.expect("720 assignments were tried"),
        }),
    }
}

/// The colours (indices) on U and F.
type UpFront = (usize, usize);

/// The frame fixed by the colours themselves (face letters, WCA colours) or by `up_front`:
/// the colours of U and F, or `None` when it is to be chosen by the centres.
fn fixed_frame(
    colours: &[String],
    face_letters: &[String],
    up_front: Option<(&str, &str)>,
) -> Result<Option<(UpFront, Frame)>, StickerError> {
    let find = |name: &str| -> Result<usize, StickerError> {
        let want = normalise(name);
        colours
            .iter()
            .position(|c| *c == want || wca_name(c) == Some(want.as_str()))
            .ok_or_else(|| StickerError::UnknownColour(name.to_string(), colours.join(" ")))
    };
    if let Some((u, f)) = up_front {
        let (u, f) = (find(u)?, find(f)?);
        if u == f {
            return Err(StickerError::UpFront(
                "the up and front colours must differ".into(),
            ));
        }
        return Ok(Some(((u, f), Frame::UpFront)));
    }
    if face_letters.iter().all(|l| colours.contains(l)) {
        return Ok(Some(((find("U")?, find("F")?), Frame::FaceLetters)));
    }
    if WCA
        .iter()
        .all(|w| colours.iter().any(|c| wca_name(c) == Some(*w)))
    {
        return Ok(Some(((find("white")?, find("green")?), Frame::Wca)));
    }
    Ok(None)
}

/// Reads the stickers with colour `up` on U and `front` on F; the other faces follow from the
/// corners. Face letters keep their own meaning on every face. `Ok(None)`: no cube has these
/// colours on U and F (they are opposite, or the stickers are no cube in this frame).
fn read_in(
    colours: &[String],
    index: &[u8; 96],
    (up, front): UpFront,
    frame: Frame,
) -> Result<Option<Stickers>, StickerError> {
    let mut found = None;
    let mut first_error = None;
    for_each_assignment(|face_of| {
        if face_of[up] != 0 || face_of[front] != 2 {
            return;
        }
        if frame == Frame::FaceLetters && !is_identity(colours, face_of) {
            return;
        }
        match build(index, face_of) {
            Ok(cube) => found = Some((cube, *face_of)),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    });
    match found {
        // The WCA colours with red and orange swapped: a cube stickered as no real one is.
        Some((_, face_of)) if frame == Frame::Wca && is_wca_mirror(colours, &face_of) => {
            Err(StickerError::MirrorWca)
        }
        Some((cube, face_of)) => Ok(Some(Stickers {
            cube,
            scheme: scheme_of(colours, &face_of),
            frame,
        })),
        None if frame == Frame::FaceLetters => Err(first_error.expect("tried").into()),
        None if frame == Frame::UpFront => Err(StickerError::NotACube {
            frame: frame.describe(),
            source: first_error.unwrap_or(FaceletError::Length(0)),
        }),
        None => Ok(None),
    }
}

fn tokens(text: &str) -> Vec<String> {
    let words: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    // `UUUU RRRR ...` (letters grouped for reading) is letters; 96 words, one a real word, or
    // any comma, is a list of names.
    let named = text.contains(',') || (words.len() == 96 && words.iter().any(|w| w.len() > 1));
    if named {
        words.iter().map(|w| normalise(w)).collect()
    } else {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| normalise(&c.to_string()))
            .collect()
    }
}

/// Colours compare case-insensitively; single letters are kept upper case (face letters).
fn normalise(s: &str) -> String {
    if s.chars().count() == 1 {
        s.to_uppercase()
    } else {
        s.to_lowercase()
    }
}

/// The WCA colour a token stands for: its full name or its initial letter.
fn wca_name(token: &str) -> Option<&'static str> {
    let t = token.to_lowercase();
    WCA.iter()
        .copied()
        .find(|w| t == *w || (t.len() == 1 && w.starts_with(t.as_str())))
}

fn is_identity(colours: &[String], face_of: &[u8; 6]) -> bool {
    colours
        .iter()
        .zip(face_of)
        .all(|(c, &f)| *c == FACE_CHARS[f as usize].to_string())
}

/// The WCA scheme with red and orange (R and L) swapped: its mirror image.
fn is_wca_mirror(colours: &[String], face_of: &[u8; 6]) -> bool {
    const MIRROR: [usize; 6] = [0, 4, 2, 3, 1, 5];
    colours
        .iter()
        .zip(face_of)
        .all(|(c, &f)| wca_name(c) == Some(WCA[MIRROR[f as usize]]))
}

fn scheme_of(colours: &[String], face_of: &[u8; 6]) -> Scheme {
    let mut s: Scheme = Default::default();
    for (c, &f) in colours.iter().zip(face_of) {
        s[f as usize] = c.clone();
    }
    s
}

/// Calls `f` with every bijection colour index → face index, in lexicographic order.
fn for_each_assignment(mut f: impl FnMut(&[u8; 6])) {
    fn go(k: usize, used: u8, cur: &mut [u8; 6], f: &mut impl FnMut(&[u8; 6])) {
        if k == 6 {
            f(cur);
            return;
        }
        for face in 0..6u8 {
            if used & (1 << face) == 0 {
                cur[k] = face;
                go(k + 1, used | (1 << face), cur, f);
            }
        }
    }
    go(0, 0, &mut [0; 6], &mut f);
}

fn build(index: &[u8; 96], face_of: &[u8; 6]) -> Result<Cube, FaceletError> {
    let letters: String = index
        .iter()
        .map(|&k| FACE_CHARS[face_of[k as usize] as usize])
        .collect();
    Cube::from_facelets(&letters)
}

/// Centre stickers on the face of their own colour.
fn home_centres(cube: &Cube) -> usize {
    const CENTRE: [usize; 4] = [5, 6, 9, 10];
    let f = cube.facelets();
    let f = f.as_bytes();
    (0..6)
        .map(|face| {
            CENTRE
                .iter()
                .filter(|&&i| f[face * 16 + i] == FACE_CHARS[face] as u8)
                .count()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{apply_steps, parse, Notation};

    fn scrambled(s: &str) -> Cube {
        let mut c = Cube::solved();
        apply_steps(&mut c, &parse(s, Notation::Wca).unwrap());
        c
    }

    /// The face letters of `cube` recoloured face by face.
    fn recolour(cube: &Cube, colour: [&str; 6], sep: &str) -> String {
        cube.facelets()
            .chars()
            .map(|c| colour[FACE_CHARS.iter().position(|&f| f == c).unwrap()])
            .collect::<Vec<_>>()
            .join(sep)
    }

    const SCRAMBLE: &str = "Rw U2 2F' L Uw2 B' x Dw R2 3Fw y' L' f2 Bw";

    #[test]
    fn face_letters_read_as_themselves() {
        let c = scrambled(SCRAMBLE);
        let s = read(&c.facelets(), None).unwrap();
        assert_eq!(s.cube, c);
        assert_eq!(s.frame, Frame::FaceLetters);
    }

    #[test]
    fn wca_colours_as_letters_and_names_give_the_face_letters_cube() {
        let c = scrambled(SCRAMBLE);
        for (colours, sep) in [
            (["W", "R", "G", "Y", "O", "B"], ""),
            (["w", "r", "g", "y", "o", "b"], " "),
            (["white", "red", "green", "yellow", "orange", "blue"], ","),
            (["White", "RED", "green", "Yellow", "orange", "BLUE"], " "),
        ] {
            let s = read(&recolour(&c, colours, sep), None).unwrap();
            assert_eq!(s.cube, c, "{colours:?}");
            assert_eq!(s.frame, Frame::Wca);
        }
    }

    #[test]
    fn any_scheme_with_up_and_front_given_gives_the_same_cube() {
        let c = scrambled(SCRAMBLE);
        // The Japanese scheme: blue opposite white.
        let colours = ["W", "O", "G", "B", "R", "Y"];
        let s = read(&recolour(&c, colours, ""), Some(("W", "g"))).unwrap();
        assert_eq!(s.cube, c);
        assert_eq!(s.scheme[1], "O");
        // The same colours as the WCA's: held white up, green front without being told.
        let s = read(&recolour(&c, colours, ""), None).unwrap();
        assert_eq!((s.cube, s.frame), (c, Frame::Wca));
        // Told otherwise: another frame, another cube (the same position turned as a whole).
        let s = read(&recolour(&c, colours, ""), Some(("G", "W"))).unwrap();
        assert_ne!(s.cube, c);
        assert_eq!(s.scheme[0], "G");
    }

    #[test]
    fn unknown_colours_are_solved_in_the_frame_with_most_centres_home() {
        // A scramble that moves no centre: the face-letter frame keeps all 24 home.
        let c = scrambled("R U R' U' F2 D L2 B");
        let s = read(&recolour(&c, ["P", "Q", "X", "Y", "Z", "K"], ""), None).unwrap();
        assert_eq!(s.cube, c);
        assert_eq!(s.frame, Frame::MostCentres);
    }

    #[test]
    fn a_mirrored_wca_scheme_is_refused() {
        let c = scrambled(SCRAMBLE);
        let text = recolour(&c, ["W", "O", "G", "Y", "R", "B"], "");
        assert_eq!(read(&text, None).unwrap_err(), StickerError::MirrorWca);
    }

    #[test]
    fn wrong_counts_and_swapped_stickers_are_refused_with_messages() {
        let c = scrambled(SCRAMBLE);
        let text = recolour(&c, ["W", "R", "G", "Y", "O", "B"], "");
        let short = &text[1..];
        assert_eq!(read(short, None).unwrap_err(), StickerError::Count(95));
        let mut bad = text.clone().into_bytes();
        bad[0] = if bad[0] == b'W' { b'Y' } else { b'W' };
        let err = read(std::str::from_utf8(&bad).unwrap(), None).unwrap_err();
        assert!(matches!(err, StickerError::Colours(_)), "{err}");
        // Two corner stickers of one corner swapped: counts fine, no cube in any frame.
        let mut bad = c.facelets().into_bytes();
        bad.swap(0, 79);
        let text = String::from_utf8(bad).unwrap();
        let recoloured: String = text
            .chars()
            .map(|ch| match ch {
                'U' => 'P',
                'R' => 'Q',
                'F' => 'X',
                'D' => 'Y',
                'L' => 'Z',
                _ => 'K',
            })
            .collect();
        let err = read(&recoloured, None).unwrap_err();
        assert!(err.to_string().contains("no assignment"), "{err}");
        assert!(read("W".repeat(96).as_str(), None).is_err());
    }
}
