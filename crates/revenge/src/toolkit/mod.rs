//! The machinery the methods and analyses share: coordinates with move tables ([`coord`]),
//! arrays owned or mapped ([`words`]), 4-bit distance tables by breadth-first search
//! ([`prune`]), the one IDA* of both methods, its work counted ([`ida`]), and the table files
//! ([`cache`]).

pub(crate) mod cache;
pub(crate) mod coord;
pub(crate) mod ida;
pub(crate) mod prune;
pub(crate) mod words;
