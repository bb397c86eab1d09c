//! What wurfel shows, built once for every front end: the `wurfel` binary prints these objects
//! with `--json`, and `wurfel serve` answers with exactly the same ones.
//!
//! - [`report`]: every JSON shape as a `Serialize` type (field order = output order), with
//!   constructors from the library results;
//! - [`count`]: a count's outcome however it was run ([`count::Summary`]) and its JSON;
//! - [`numbers`]: thousands separators;
//! - [`text`]: the text printer (what the binary prints without `--json`), one module per
//!   kind of result;
//! - [`scene`]: the 3D viewer's scenes of packing solutions, pieces, disassemblies and snake
//!   foldings (drawn by `wurfel_render`).
//!
//! Pure, as the core crates are: data in, data out, no files and no terminal.

pub mod count;
pub mod numbers;
pub mod report;
pub mod scene;
pub mod text;
