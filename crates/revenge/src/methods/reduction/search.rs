//! The reduction's phases are searched by the toolkit's IDA* ([`crate::toolkit::ida`], the one
//! tree search of the crate); this module names it where the phases have always found it.

pub(crate) use crate::toolkit::ida::{
    keep_entries_within, keep_if, solutions, solutions_between, Kids, Phase,
};
