//! Output styles: the plain ASCII notation (CGSuite's, and our input syntax),
//! Unicode (↑ ↓ ⋆ ±) and LaTeX for papers. The styled forms are rewritten
//! from the plain text token by token, so all three always agree.

/// How values are printed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Style {
    #[default]
    /// ASCII, as CGSuite prints and our parser reads: `^^*`, `+-1`.
    Plain,
    /// Unicode arrows and stars: `⇑⋆`, `±1`.
    Unicode,
    /// LaTeX for papers: `\\Uparrow\\ast`, `\\pm 1`.
    Latex,
}

impl std::str::FromStr for Style {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "plain" => Ok(Style::Plain),
            "unicode" => Ok(Style::Unicode),
            "latex" => Ok(Style::Latex),
            other => Err(format!(
                "unknown format `{other}` (plain, unicode or latex)"
            )),
        }
    }
}

fn superscript(d: char) -> char {
    match d {
        '0' => '⁰',
        '1' => '¹',
        '2' => '²',
        '3' => '³',
        '4' => '⁴',
        '5' => '⁵',
        '6' => '⁶',
        '7' => '⁷',
        '8' => '⁸',
        '9' => '⁹',
        other => other,
    }
}

/// Rewrite plain output in another style.
///
/// ```
/// use cgt_lang::style::{restyle, Style};
/// assert_eq!(restyle("^^*", Style::Unicode), "⇑⋆");
/// assert_eq!(restyle("{1|-1}", Style::Latex), "\\{1 \\mid -1\\}");
/// ```
pub fn restyle(plain: &str, style: Style) -> String {
    match style {
        Style::Plain => plain.to_string(),
        Style::Unicode => to_unicode(plain),
        Style::Latex => to_latex(plain),
    }
}

fn take_digits(chars: &[char], mut k: usize) -> (String, usize) {
    let mut s = String::new();
    while k < chars.len() && chars[k].is_ascii_digit() {
        s.push(chars[k]);
        k += 1;
    }
    (s, k)
}

/// Reads an up/down token at `k`: (is_up, count text or run, power kind, next index).
enum UpToken {
    Run(bool, usize),
    Multiple(bool, String),
    Power(bool, String),
    PowerSum(bool, String),
}

fn up_token(chars: &[char], k: usize) -> Option<(UpToken, usize)> {
    let c = chars[k];
    if c != '^' && c != 'v' {
        return None;
    }
    // `v` is only a down when not part of a word (`over`, `value`).
    let letter = |i: Option<usize>| {
        i.and_then(|i| chars.get(i))
            .is_some_and(|c| c.is_ascii_alphabetic())
    };
    if c == 'v' && (letter(k.checked_sub(1)) || (letter(Some(k + 1)) && chars[k + 1] != 'v')) {
        return None;
    }
    let up = c == '^';
    let mut j = k;
    while j < chars.len() && chars[j] == c {
        j += 1;
    }
    let run = j - k;
    if run == 1 && j < chars.len() {
        if chars[j].is_ascii_digit() {
            let (d, e) = take_digits(chars, j);
            return Some((UpToken::Multiple(up, d), e));
        }
        if chars[j] == '<' || chars[j] == '[' {
            let (d, e) = take_digits(chars, j + 1);
            if d.is_empty() {
                // `^[on]`, `v<on>`: the arrow, then the exponent as written.
                return Some((UpToken::Run(up, 1), j));
            }
            let tok = if chars[j] == '<' {
                UpToken::Power(up, d)
            } else {
                UpToken::PowerSum(up, d)
            };
            return Some((tok, e + 1));
        }
    }
    Some((UpToken::Run(up, run), j))
}

fn to_unicode(plain: &str) -> String {
    let chars: Vec<char> = plain.chars().collect();
    let mut out = String::new();
    let mut k = 0;
    while k < chars.len() {
        if let Some((tok, next)) = up_token(&chars, k) {
            let arrow = |up: bool| if up { '↑' } else { '↓' };
            match tok {
                UpToken::Run(up, 2) => out.push(if up { '⇑' } else { '⇓' }),
                UpToken::Run(up, n) => (0..n).for_each(|_| out.push(arrow(up))),
                UpToken::Multiple(up, d) => {
                    out.push(arrow(up));
                    out.push_str(&d);
                }
                UpToken::Power(up, d) => {
                    out.push(arrow(up));
                    out.extend(d.chars().map(superscript));
                }
                UpToken::PowerSum(up, d) => {
                    out.push(arrow(up));
                    out.push('→');
                    out.extend(d.chars().map(superscript));
                }
            }
            k = next;
            continue;
        }
        match chars[k] {
            '*' => out.push('⋆'),
            '+' if chars.get(k + 1) == Some(&'-') => {
                out.push('±');
                k += 1;
            }
            c => out.push(c),
        }
        k += 1;
    }
    out
}

fn to_latex(plain: &str) -> String {
    let chars: Vec<char> = plain.chars().collect();
    latex_of(&chars).trim().to_string()
}

/// The index of the `)` closing the `(` at `open`.
fn closing(chars: &[char], open: usize) -> usize {
    let mut depth = 0;
    for (k, &c) in chars.iter().enumerate().skip(open) {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    chars.len()
}

/// LaTeX as a journal sets games: tiny-x and miny-x as `+_x` and `-_x`
/// (Winning Ways), n·↑ as `n\cdot\uparrow` (never a superscript, which is
/// a power of up), stars as `\ast`, fractions as `\frac`.
fn latex_of(chars: &[char]) -> String {
    let mut out = String::new();
    let mut k = 0;
    let word =
        |chars: &[char], k: usize, w: &str| chars[k..].iter().take(w.len()).copied().eq(w.chars());
    // After a number, a tiny, miny or multiple of up is added with `+`.
    let mut after_number = false;
    while k < chars.len() {
        // A string (a position's board): typewriter text, specials escaped.
        if chars[k] == '"' {
            let close = (k + 1..chars.len())
                .find(|&j| chars[j] == '"' && chars[j - 1] != '\\')
                .unwrap_or(chars.len());
            let inner: String = chars[k + 1..close].iter().collect();
            out.push_str(&format!("\\texttt{{\"{}\"}}", latex_text(&inner)));
            k = close + 1;
            after_number = false;
            continue;
        }
        // A name (a ruleset's, a thermograph's) upright; infinity as a symbol.
        if let Some((name, next)) = name_at(chars, k) {
            if name == "inf" {
                out.push_str("\\infty");
            } else {
                out.push_str(&format!("\\mathrm{{{}}}", name.replace('_', "\\_")));
            }
            k = next;
            after_number = false;
            continue;
        }
        if (word(chars, k, "Tiny(") || word(chars, k, "Miny(")) && chars.len() > k + 4 {
            let sign = if chars[k] == 'T' { '+' } else { '-' };
            let close = closing(chars, k + 4);
            let inner = latex_of(&chars[k + 5..close.min(chars.len())]);
            if after_number {
                out.push('+');
            }
            out.push_str(&format!("{{{sign}}}_{{{inner}}}"));
            k = close + 1;
            after_number = false;
            continue;
        }
        // The upon forms: ^[on] and ^<on> with "on" as the exponent.
        let on_power = [
            ("[on]", "[\\mathrm{on}]"),
            ("<on>", "\\langle\\mathrm{on}\\rangle"),
        ]
        .into_iter()
        .find(|(w, _)| matches!(chars[k], '^' | 'v') && word(chars, k + 1, w));
        if let Some((w, tex)) = on_power {
            let arrow = if chars[k] == '^' {
                "\\uparrow"
            } else {
                "\\downarrow"
            };
            if after_number {
                out.push('+');
            }
            out.push_str(&format!("{arrow}^{{{tex}}}"));
            k += 1 + w.len();
            after_number = false;
            continue;
        }
        if let Some((tok, next)) = up_token(chars, k) {
            let arrow = |up: bool| if up { "\\uparrow" } else { "\\downarrow" };
            let plus = if after_number { "+" } else { "" };
            match tok {
                UpToken::Run(up, 2) => out.push_str(if up { "\\Uparrow" } else { "\\Downarrow" }),
                UpToken::Run(up, n) if n >= 3 => {
                    out.push_str(&format!("{plus}{n}\\cdot{{{}}}", arrow(up)))
                }
                UpToken::Run(up, n) => (0..n).for_each(|_| out.push_str(arrow(up))),
                UpToken::Multiple(up, d) => {
                    out.push_str(&format!("{plus}{d}\\cdot{{{}}}", arrow(up)))
                }
                UpToken::Power(up, d) => out.push_str(&format!("{}^{{{d}}}", arrow(up))),
                UpToken::PowerSum(up, d) => {
                    out.push_str(&format!("{}^{{\\rightarrow {d}}}", arrow(up)))
                }
            }
            k = next;
            after_number = false;
            continue;
        }
        after_number = false;
        match chars[k] {
            '{' => out.push_str("\\{"),
            '}' => out.push_str("\\}"),
            '|' => {
                let mut j = k;
                while j < chars.len() && chars[j] == '|' {
                    j += 1;
                }
                out.push(' ');
                out.push_str(&vec!["\\mid"; j - k].join(""));
                out.push(' ');
                k = j;
                continue;
            }
            '*' => out.push_str("{\\ast}"),
            '+' if chars.get(k + 1) == Some(&'-') => {
                out.push_str("\\pm ");
                k += 1;
            }
            c if c.is_ascii_digit() => {
                // a/b -> \frac{a}{b}
                let (num, j) = take_digits(chars, k);
                if chars.get(j) == Some(&'/')
                    && chars.get(j + 1).is_some_and(|c| c.is_ascii_digit())
                {
                    let (den, e) = take_digits(chars, j + 1);
                    out.push_str(&format!("\\frac{{{num}}}{{{den}}}"));
                    k = e;
                } else {
                    out.push_str(&num);
                    k = j;
                }
                // A number (not a star's index) directly before a multiple
                // of up or a tiny is added to it.
                let before = &out[..out.len() - num.len()];
                after_number = !before.ends_with("{\\ast}");
                continue;
            }
            c => out.push(c),
        }
        k += 1;
    }
    out
}

/// A name at `k` (letters, digits and `_`, at least two letters, not
/// inside a word) that calls (`psn(`, `Thermograph(`) or is `inf`; `Tiny(`
/// and `Miny(` are games, and `v3` or `vv` are downs, so they are not names.
fn name_at(chars: &[char], k: usize) -> Option<(String, usize)> {
    let inside = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let letter = |c: char| c.is_ascii_alphabetic() || c == '_';
    if !chars[k].is_ascii_alphabetic() || (k > 0 && letter(chars[k - 1])) {
        return None;
    }
    let end = (k..chars.len())
        .find(|&j| !inside(chars[j]))
        .unwrap_or(chars.len());
    let name: String = chars[k..end].iter().collect();
    // The words of loopy games, also after their number (`2over`).
    let loopy = matches!(name.as_str(), "on" | "off" | "over" | "under" | "pass");
    if k > 0 && chars[k - 1].is_ascii_digit() && !loopy {
        return None;
    }
    let letters = name.chars().filter(|c| c.is_ascii_alphabetic()).count();
    let calls = chars.get(end) == Some(&'(') && name != "Tiny" && name != "Miny";
    (letters >= 2
        && !name.chars().all(|c| c == 'v' || c.is_ascii_digit())
        && (calls || name == "inf" || loopy))
        .then_some((name, end))
}

/// Text with LaTeX's special characters escaped (for text mode).
pub fn latex_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unicode_and_latex() {
        assert_eq!(restyle("^^*", Style::Unicode), "⇑⋆");
        assert_eq!(restyle("+-1", Style::Unicode), "±1");
        assert_eq!(restyle("{0|^<2>}", Style::Unicode), "{0|↑²}");
        assert_eq!(restyle("v[4]*", Style::Unicode), "↓→⁴⋆");
        assert_eq!(restyle("{1|-1}", Style::Latex), "\\{1 \\mid -1\\}");
        assert_eq!(restyle("+-1", Style::Latex), "\\pm 1");
        assert_eq!(restyle("^", Style::Latex), "\\uparrow");
        assert_eq!(
            restyle("{3||2|1}", Style::Latex),
            "\\{3 \\mid\\mid 2 \\mid 1\\}"
        );
        assert_eq!(
            restyle("3/4v[3]*", Style::Latex),
            "\\frac{3}{4}\\downarrow^{\\rightarrow 3}{\\ast}"
        );
        // As a journal sets them: tiny-x and miny-x as +_x and -_x, n·↑ with
        // a dot (a superscript would be a power of up).
        assert_eq!(restyle("2Tiny(2)", Style::Latex), "2+{+}_{2}");
        assert_eq!(restyle("Miny(2)", Style::Latex), "{-}_{2}");
        assert_eq!(
            restyle("Tiny({2|1})", Style::Latex),
            "{+}_{\\{2 \\mid 1\\}}"
        );
        assert_eq!(
            restyle("v3*2", Style::Latex),
            "3\\cdot{\\downarrow}{\\ast}2"
        );
        assert_eq!(
            restyle("1/2^3*", Style::Latex),
            "\\frac{1}{2}+3\\cdot{\\uparrow}{\\ast}"
        );
        assert_eq!(restyle("^^^", Style::Latex), "3\\cdot{\\uparrow}");
        assert_eq!(restyle("*3^", Style::Latex), "{\\ast}3\\uparrow");
        assert_eq!(restyle("^<2>", Style::Latex), "\\uparrow^{2}");
        // Names upright, boards in typewriter text, infinity a symbol.
        assert_eq!(
            restyle("psn([3,3],[1,2])", Style::Latex),
            "\\mathrm{psn}([3,3],[1,2])"
        );
        assert_eq!(
            restyle("toads_and_frogs(\"T_#.F\")", Style::Latex),
            "\\mathrm{toads\\_and\\_frogs}(\\texttt{\"T\\_\\#.F\"})"
        );
        assert_eq!(
            restyle("Thermograph(1,[2],[0,-inf])", Style::Latex),
            "\\mathrm{Thermograph}(1,[2],[0,-\\infty])"
        );
        assert_eq!(restyle("vv3", Style::Latex), "\\Downarrow3");
    }
}
