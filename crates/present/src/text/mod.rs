//! The text printer: what the `wurfel` binary prints without `--json` (the JSON printer is
//! [`crate::report`]'s shapes through `serde_json`), one module per kind of result. Each
//! function returns the text; the front end decides where it goes (standard output, standard
//! error, a file). `shard merge` prints a merged result through the same functions.

pub mod analysis;
pub mod count;
pub mod pack;
pub mod revenge;
pub mod snake;

/// Text lines are wrapped to this many characters (citations, long headers).
pub const WIDTH: usize = 100;

/// `line` broken at spaces into lines of at most `width` characters, continuation lines
/// indented by `indent` spaces (a word longer than a line, e.g. a URL, stays whole).
pub fn wrap(line: &str, width: usize, indent: usize) -> String {
    let body = line.trim_start_matches(' ');
    let lead = line.len() - body.len();
    let mut out = " ".repeat(lead);
    let mut len = lead;
    for (i, word) in body.split(' ').enumerate() {
        let w = word.chars().count();
        if i > 0 && len > indent && len + 1 + w > width {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            len = indent;
        } else if i > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(word);
        len += w;
    }
    out
}

/// "s" unless `n` is one: `thread{}`.
pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_wrap_at_spaces_under_their_column() {
        let line = format!("{:<10}{}", "key", "word ".repeat(40).trim_end());
        let wrapped = wrap(&line, 40, 10);
        assert!(
            wrapped.lines().all(|l| l.chars().count() <= 40),
            "{wrapped}"
        );
        assert!(wrapped
            .lines()
            .skip(1)
            .all(|l| l.starts_with("          word")));
        assert_eq!(wrapped.split_whitespace().count(), 41);
        assert_eq!(wrap("short line", 40, 4), "short line");
        let url = format!("see {}", "x".repeat(50));
        assert_eq!(wrap(&url, 40, 2), format!("see\n  {}", "x".repeat(50)));
    }
}
