//! Scripts: lines grouped into statements. A line with an unclosed `{`,
//! `(` or `[` continues on the next one (the REPL's rule too), so a long
//! definition can be written over several lines; `#` comments end at the
//! end of their line.

/// How many brackets `text` leaves open (strings and comments skipped).
pub fn open_brackets(text: &str) -> i64 {
    let mut depth: i64 = 0;
    for line in text.lines() {
        let mut quoted = false;
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' if quoted => {
                    chars.next();
                }
                '"' => quoted = !quoted,
                '#' if !quoted => break,
                '{' | '(' | '[' if !quoted => depth += 1,
                '}' | ')' | ']' if !quoted => depth -= 1,
                _ => {}
            }
        }
    }
    depth
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

/// The statements of a script: each with the number (from 1) of its first
/// line and its text, continued lines joined by spaces with their comments
/// removed. Blank and comment-only lines are skipped.
pub fn statements(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (k, line) in text.lines().enumerate() {
        let code = strip_comment(line);
        match &mut current {
            None if code.trim().is_empty() => continue,
            None => current = Some((k + 1, code.to_string())),
            Some((_, s)) => {
                s.push(' ');
                s.push_str(code);
            }
        }
        if let Some((_, s)) = &current {
            if open_brackets(s) <= 0 {
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
    fn unclosed_brackets_continue_a_statement() {
        let text = "# a comment\nx = 1\ndef f(n) = [k for k in 0..n   # up to n\n  if k != 1]\n\n\"{[(\" + \"#\"\nf(3)\n";
        let got = statements(text);
        let lines: Vec<usize> = got.iter().map(|(n, _)| *n).collect();
        assert_eq!(lines, vec![2, 3, 6, 7]);
        assert_eq!(got[1].1, "def f(n) = [k for k in 0..n      if k != 1]");
        assert_eq!(got[2].1, "\"{[(\" + \"#\"");
        assert_eq!(open_brackets("[\"\\\"[\"]"), 0);
        assert_eq!(open_brackets("{(["), 3);
    }
}
