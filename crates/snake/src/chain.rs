//! Chains: the two notations, validation, reversal.
//!
//! A chain of `n` unit cubes is stored as its *segments*: maximal straight runs, each given by
//! the number of cubes it contains. Consecutive segments share their end cube (the corner where
//! the chain turns), so `cubes = sum(segments) - segments.len() + 1`. The letter notation gives
//! one letter per cube: `E` for the two ends, `S` where the chain goes straight through, `C`
//! where it turns. Both describe exactly the same information.

use std::fmt;

/// A chain of unit cubes, as segment lengths (each at least 2; end cubes shared).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Chain {
    segments: Vec<u32>,
}

/// Why a chain description is not a chain.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChainError {
    /// Nothing given.
    #[error("the chain is empty")]
    Empty,
    /// A segment shorter than 2 cubes.
    #[error(
        "segment {index} (at character {position}) has {length} cube(s); a segment has at least \
         2 cubes because its end cubes are shared with the neighbouring segments"
    )]
    SegmentTooShort {
        /// 1-based segment number.
        index: usize,
        /// 1-based character position in the input.
        position: usize,
        /// The length given.
        length: u64,
    },
    /// Two separators in a row, or a separator at an end.
    #[error("missing segment length at character {position}")]
    MissingSegment {
        /// 1-based character position.
        position: usize,
    },
    /// A number too large to be a segment of any supported box.
    #[error("segment {index} (at character {position}) is too long: {text}")]
    SegmentTooLong {
        /// 1-based segment number.
        index: usize,
        /// 1-based character position.
        position: usize,
        /// The digits given.
        text: String,
    },
    /// A character that belongs to neither notation.
    #[error(
        "unexpected `{found}` at character {position}: write segment lengths (`3,2,2,3`) or one \
         letter per cube (E end, S straight, C corner)"
    )]
    BadCharacter {
        /// The character.
        found: char,
        /// 1-based character position.
        position: usize,
    },
    /// Letter notation whose first or last cube is not `E`, or an `E` inside.
    #[error("cube {cube} is `{found}` but {expected}")]
    BadEnd {
        /// 1-based cube number.
        cube: usize,
        /// The letter found.
        found: char,
        /// What was expected there.
        expected: &'static str,
    },
    /// A single cube is not a chain.
    #[error("a chain needs at least 2 cubes (got {0})")]
    TooFewCubes(usize),
}

/// Longest segment accepted by the parser: nothing longer fits in any box the solver supports
/// (at most 64 cells), and the bound keeps all arithmetic far from overflow.
const MAX_SEGMENT: u64 = 64;

impl Chain {
    /// A chain from segment lengths; each must be at least 2.
    pub fn from_segments(segments: &[u32]) -> Result<Chain, ChainError> {
        if segments.is_empty() {
            return Err(ChainError::Empty);
        }
        for (i, &l) in segments.iter().enumerate() {
            if l < 2 {
                return Err(ChainError::SegmentTooShort {
                    index: i + 1,
                    position: 0,
                    length: l as u64,
                });
            }
        }
        Ok(Chain {
            segments: segments.to_vec(),
        })
    }

    /// A chain from its turn pattern: `corner[i]` tells whether interior cube `i + 1` is a
    /// corner; the chain has `corner.len() + 2` cubes.
    pub fn from_corners(corner: &[bool]) -> Chain {
        let mut segments = Vec::new();
        let mut len = 1;
        for &c in corner {
            len += 1;
            if c {
                segments.push(len);
                len = 1;
            }
        }
        segments.push(len + 1);
        Chain { segments }
    }

    /// Parses either notation. Digits mean segment lengths separated by commas, spaces,
    /// semicolons or dashes; letters `E`, `S`, `C` (any case, spaces ignored) give one letter per
    /// cube.
    pub fn parse(text: &str) -> Result<Chain, ChainError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(ChainError::Empty);
        }
        // Decide the notation by the first meaningful character, then report anything that does
        // not belong to it at its own position.
        let first = trimmed.chars().find(|c| !c.is_whitespace()).unwrap_or(' ');
        if first.is_ascii_digit() {
            Self::parse_segments(text)
        } else {
            Self::parse_letters(text)
        }
    }

    fn parse_segments(text: &str) -> Result<Chain, ChainError> {
        let mut segments = Vec::new();
        let mut digits = String::new();
        let mut start = 0usize;
        let mut last_sep: Option<usize> = None;
        let finish = |digits: &mut String, start: usize, segments: &mut Vec<u32>| {
            let index = segments.len() + 1;
            let value: Option<u64> = digits.parse().ok();
            match value {
                Some(v) if v > MAX_SEGMENT => Err(ChainError::SegmentTooLong {
                    index,
                    position: start,
                    text: std::mem::take(digits),
                }),
                None => Err(ChainError::SegmentTooLong {
                    index,
                    position: start,
                    text: std::mem::take(digits),
                }),
                Some(v) if v < 2 => Err(ChainError::SegmentTooShort {
                    index,
                    position: start,
                    length: v,
                }),
                Some(v) => {
                    digits.clear();
                    segments.push(v as u32);
                    Ok(())
                }
            }
        };
        for (i, ch) in text.chars().enumerate() {
            let pos = i + 1;
            if ch.is_ascii_digit() {
                if digits.is_empty() {
                    start = pos;
                }
                digits.push(ch);
            } else if matches!(ch, ',' | ';' | '-' | ' ' | '\t' | '\n' | '\r') {
                if !digits.is_empty() {
                    finish(&mut digits, start, &mut segments)?;
                    last_sep = None;
                }
                if !ch.is_whitespace() {
                    // Whitespace may repeat freely; a second hard separator means a missing
                    // number, as does one before the first number.
                    if last_sep.is_some() || segments.is_empty() {
                        return Err(ChainError::MissingSegment { position: pos });
                    }
                    last_sep = Some(pos);
                }
            } else {
                return Err(ChainError::BadCharacter {
                    found: ch,
                    position: pos,
                });
            }
        }
        if !digits.is_empty() {
            finish(&mut digits, start, &mut segments)?;
        } else if let Some(p) = last_sep {
            return Err(ChainError::MissingSegment { position: p + 1 });
        }
        if segments.is_empty() {
            return Err(ChainError::Empty);
        }
        Ok(Chain { segments })
    }

    fn parse_letters(text: &str) -> Result<Chain, ChainError> {
        let mut letters = Vec::new();
        for (i, ch) in text.chars().enumerate() {
            match ch.to_ascii_uppercase() {
                c @ ('E' | 'S' | 'C') => letters.push((c, i + 1)),
                ' ' | '\t' | '\n' | '\r' | '-' | ',' => {}
                _ => {
                    return Err(ChainError::BadCharacter {
                        found: ch,
                        position: i + 1,
                    })
                }
            }
        }
        let n = letters.len();
        if n < 2 {
            return Err(ChainError::TooFewCubes(n));
        }
        let mut corner = Vec::with_capacity(n - 2);
        for (k, &(c, _)) in letters.iter().enumerate() {
            let is_end = k == 0 || k == n - 1;
            match (c, is_end) {
                ('E', true) => {}
                (_, true) => {
                    return Err(ChainError::BadEnd {
                        cube: k + 1,
                        found: c,
                        expected: "the chain must start and end with E",
                    })
                }
                ('E', false) => {
                    return Err(ChainError::BadEnd {
                        cube: k + 1,
                        found: c,
                        expected: "only the first and last cubes are ends (use S or C inside)",
                    })
                }
                (c, false) => corner.push(c == 'C'),
            }
        }
        Ok(Chain::from_corners(&corner))
    }

    /// Segment lengths in cubes.
    pub fn segments(&self) -> &[u32] {
        &self.segments
    }

    /// Number of cubes.
    pub fn cubes(&self) -> usize {
        self.segments.iter().map(|&l| l as usize).sum::<usize>() - self.segments.len() + 1
    }

    /// One letter per cube: `E`, `S`, `C`.
    pub fn letters(&self) -> String {
        let mut s = String::with_capacity(self.cubes());
        s.push('E');
        for (i, &l) in self.segments.iter().enumerate() {
            for _ in 0..l - 2 {
                s.push('S');
            }
            s.push(if i + 1 == self.segments.len() {
                'E'
            } else {
                'C'
            });
        }
        s
    }

    /// Whether interior cube `k` (1-based index among all cubes, `1..cubes-1`) is a corner, as a
    /// vector over interior cubes.
    pub fn corners(&self) -> Vec<bool> {
        let mut v = Vec::with_capacity(self.cubes().saturating_sub(2));
        for (i, &l) in self.segments.iter().enumerate() {
            v.resize(v.len() + l as usize - 2, false);
            if i + 1 < self.segments.len() {
                v.push(true);
            }
        }
        v
    }

    /// The same chain read from its other end.
    pub fn reversed(&self) -> Chain {
        let mut segments = self.segments.clone();
        segments.reverse();
        Chain { segments }
    }

    /// Whether reading from either end gives the same chain.
    pub fn is_palindrome(&self) -> bool {
        self.segments.iter().eq(self.segments.iter().rev())
    }

    /// The representative of `{self, self.reversed()}`: the lexicographically smaller segment
    /// list, so that a snake has one name whichever end it is read from.
    pub fn canonical(&self) -> Chain {
        let r = self.reversed();
        if r.segments < self.segments {
            r
        } else {
            self.clone()
        }
    }
}

impl fmt::Display for Chain {
    /// Segment notation, `3,2,2,3,...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, l) in self.segments.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{l}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STANDARD: &str = "3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3";
    const STANDARD_LETTERS: &str = "ESCCCSCCSCCCSCSCCCCSCSCSCSE";

    #[test]
    fn both_notations_agree() {
        let a = Chain::parse(STANDARD).unwrap();
        let b = Chain::parse(STANDARD_LETTERS).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.cubes(), 27);
        assert_eq!(a.letters(), STANDARD_LETTERS);
        assert_eq!(a.to_string(), STANDARD);
        // Case and separators between letters do not matter.
        let spaced: String = STANDARD_LETTERS
            .to_lowercase()
            .chars()
            .enumerate()
            .flat_map(|(i, c)| [c, if i % 4 == 3 { '-' } else { ' ' }])
            .collect();
        assert_eq!(Chain::parse(&spaced).unwrap(), a);
        assert_eq!(
            Chain::parse(" 3 2 2 3;2,3,2,2,3,3,2,2,2,3,3,3,3 ").unwrap(),
            a
        );
    }

    #[test]
    fn corners_round_trip() {
        let a = Chain::parse(STANDARD).unwrap();
        assert_eq!(Chain::from_corners(&a.corners()), a);
        assert_eq!(Chain::parse("EE").unwrap().segments(), &[2]);
        assert_eq!(Chain::parse("ESE").unwrap().segments(), &[3]);
    }

    #[test]
    fn reversal() {
        let a = Chain::parse("3,2,4").unwrap();
        assert_eq!(a.reversed().to_string(), "4,2,3");
        assert!(!a.is_palindrome());
        assert_eq!(a.reversed().canonical(), a.canonical());
        assert!(Chain::parse("2,3,2").unwrap().is_palindrome());
    }

    #[test]
    fn errors_name_the_position() {
        assert_eq!(
            Chain::parse("3,2,1,3"),
            Err(ChainError::SegmentTooShort {
                index: 3,
                position: 5,
                length: 1
            })
        );
        assert_eq!(
            Chain::parse("3,,2"),
            Err(ChainError::MissingSegment { position: 3 })
        );
        assert_eq!(
            Chain::parse("3,2,"),
            Err(ChainError::MissingSegment { position: 5 })
        );
        assert_eq!(
            Chain::parse("3,2x"),
            Err(ChainError::BadCharacter {
                found: 'x',
                position: 4
            })
        );
        assert_eq!(
            Chain::parse("ESXE"),
            Err(ChainError::BadCharacter {
                found: 'X',
                position: 3
            })
        );
        assert!(matches!(
            Chain::parse("ESEE"),
            Err(ChainError::BadEnd { cube: 3, .. })
        ));
        assert!(matches!(
            Chain::parse("CSSE"),
            Err(ChainError::BadEnd { cube: 1, .. })
        ));
        assert_eq!(Chain::parse("E"), Err(ChainError::TooFewCubes(1)));
        assert_eq!(Chain::parse("   "), Err(ChainError::Empty));
        assert!(matches!(
            Chain::parse("99999999999999999999999"),
            Err(ChainError::SegmentTooLong { index: 1, .. })
        ));
        // Messages are readable sentences with the position.
        let msg = Chain::parse("3,2,1").unwrap_err().to_string();
        assert!(
            msg.contains("segment 3") && msg.contains("character 5"),
            "{msg}"
        );
    }
}
