//! Scripts: lines grouped into statements. A statement continues on the
//! next line while its input is incomplete: an unclosed `{`, `(` or `[`, a
//! block (`for ... do`, `while ... do`, `begin`, a multi-line `if`) without
//! its `end`, or a line ending in an operator. The REPL follows the same rule
//! (with a `...>` prompt), so a file pasted into it reads the same.

/// How many brackets `text` leaves open (strings and comments skipped).
pub fn open_brackets(text: &str) -> i64 {
    let mut depth: i64 = 0;
    for_code(text, |word, c| {
        if word.is_none() {
            match c {
                '{' | '(' | '[' => depth += 1,
                '}' | ')' | ']' => depth -= 1,
                _ => {}
            }
        }
    });
    depth
}

/// How many `do` and `begin` blocks `text` leaves open (a cheap bound
/// before asking the parser; multi-line `if`s are left to the parser).
fn open_blocks(text: &str) -> i64 {
    let mut depth: i64 = 0;
    for_code(text, |word, _| match word {
        Some("do" | "begin") => depth += 1,
        Some("end") => depth -= 1,
        _ => {}
    });
    depth
}

/// Calls `f` for each character of code outside strings and comments
/// (with `None`), and for each word (with the word).
fn for_code(text: &str, mut f: impl FnMut(Option<&str>, char)) {
    for line in text.lines() {
        let mut quoted = false;
        let mut escaped = false;
        let mut word_start: Option<usize> = None;
        for (k, c) in line.char_indices() {
            let in_word = !quoted && (c.is_alphanumeric() || c == '_');
            if !in_word {
                if let Some(w) = word_start.take() {
                    f(Some(&line[w..k]), ' ');
                }
            }
            match c {
                _ if escaped => escaped = false,
                '\\' if quoted => escaped = true,
                '"' => quoted = !quoted,
                '#' if !quoted => break,
                _ if quoted => {}
                _ if in_word => {
                    if word_start.is_none() {
                        word_start = Some(k);
                    }
                }
                c => f(None, c),
            }
        }
        if let Some(w) = word_start.take() {
            if !quoted {
                f(Some(&line[w..]), ' ');
            }
        }
    }
}

/// Whether the statements end with `;` (comments aside): as in CGScript,
/// their value is then not printed.
pub fn silenced(text: &str) -> bool {
    text.lines()
        .map(|l| strip_comment(l).trim_end())
        .rfind(|l| !l.is_empty())
        .is_some_and(|l| l.ends_with(';'))
}

/// A line without its `#` comment (a `#` inside a string is kept).
pub fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    let mut escaped = false;
    for (k, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..k],
            _ => {}
        }
    }
    line
}

/// True if `text` needs more lines to be a whole statement (see the module's
/// documentation).
pub fn needs_more(text: &str) -> bool {
    if text.lines().all(|l| strip_comment(l).trim().is_empty()) {
        return false;
    }
    open_brackets(text) > 0 || open_blocks(text) > 0 || super::parser::is_incomplete(text)
}

/// The statements of a script: each with the number (from 1) of its first
/// line and its text, continued lines joined with their line breaks (so a
/// block's statements stay on their lines). Blank and comment-only lines
/// between statements are skipped.
pub fn statements(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (k, line) in text.lines().enumerate() {
        match &mut current {
            None if strip_comment(line).trim().is_empty() => continue,
            None => current = Some((k + 1, line.to_string())),
            Some((_, s)) => {
                s.push('\n');
                s.push_str(line);
            }
        }
        if let Some((_, s)) = &current {
            if !needs_more(s) {
                out.extend(current.take());
            }
        }
    }
    out.extend(current);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unclosed_brackets_and_blocks_continue_a_statement() {
        let text = "# a comment\nx = 1\ndef f(n) = [k for k in 0..n   # up to n\n  if k != 1]\n\n\"{[(\" + \"#\"\nf(3)\nfor k in 1..2 do\n  x := x + k\nend\nif x > 2 then\n  1\nelse\n  2\nend\nx +\n  1\n";
        let got = statements(text);
        let lines: Vec<usize> = got.iter().map(|(n, _)| *n).collect();
        assert_eq!(lines, vec![2, 3, 6, 7, 8, 11, 16]);
        assert_eq!(
            got[1].1,
            "def f(n) = [k for k in 0..n   # up to n\n  if k != 1]"
        );
        assert_eq!(got[2].1, "\"{[(\" + \"#\"");
        assert_eq!(got[4].1, "for k in 1..2 do\n  x := x + k\nend");
        assert_eq!(open_brackets("[\"\\\"[\"]"), 0);
        assert_eq!(open_brackets("{(["), 3);
        assert_eq!(open_blocks("for x in \"do\" do # do\nbegin end"), 1);
    }
}
