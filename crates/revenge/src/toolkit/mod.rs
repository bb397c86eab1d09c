//! The machinery the methods and analyses share: coordinates with move tables ([`coord`];
//! rank-indexed ones with their symmetry classes, [`ranked`]),
//! arrays owned or mapped ([`words`]), 4-bit distance tables ([`prune`]) and the one
//! breadth-first search that fills them ([`bfs`], over products of coordinates row by row in
//! [`product`]), the one IDA* of both methods, its work counted ([`ida`]), and the table files
//! ([`cache`]).

pub(crate) mod bfs;
pub(crate) mod cache;
pub(crate) mod coord;
pub(crate) mod ida;
pub(crate) mod product;
pub(crate) mod prune;
pub(crate) mod ranked;
pub(crate) mod words;
