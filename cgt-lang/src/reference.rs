//! The reference manual: one static HTML page made from the text the REPL's
//! `help` shows (every function's signature, help and example with its
//! output, run here), the commands, the statements' words and the grammar,
//! so the manual and the REPL never drift apart.

use crate::commands::{keyword_example, keyword_help, KEYWORDS_EXPLAINED};
use crate::library::{builtins, topics, Builtin};
use crate::{Session, COMMANDS};

/// The grammar the parser follows.
const GRAMMAR: &str = include_str!("../../grammars/cgt.ebnf");

/// The page, and the examples that did not run (each "name: error").
pub struct Reference {
    pub html: String,
    pub failures: Vec<String>,
}

/// Build the reference manual. `extra_commands` are the front end's own
/// commands (the REPL's), listed after the language's.
pub fn reference(extra_commands: &[(&str, &str)]) -> Reference {
    let mut failures = Vec::new();
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>cgt reference</title>\n<style>\n\
         body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em;line-height:1.4}\n\
         code,pre{font-family:monospace}pre{background:#f6f6f6;padding:.5em;overflow-x:auto}\n\
         dt{margin-top:1em;font-family:monospace;font-weight:bold}\n\
         .out{border-left:3px solid #8a8;padding-left:.5em}\n</style>\n</head>\n<body>\n\
         <h1>cgt reference</h1>\n<p>Every function of the language with its help and an example \
         run when this page was made (the same text as <code>help NAME</code> in the REPL), \
         the commands, the statements and the grammar.</p>\n",
    );
    // Contents.
    out.push_str("<h2>Contents</h2>\n<ul>\n");
    for t in topics() {
        out.push_str(&format!("<li><a href=\"#topic-{t}\">{t}</a></li>\n"));
    }
    out.push_str(
        "<li><a href=\"#commands\">commands</a></li>\n<li><a href=\"#statements\">statements</a></li>\n\
         <li><a href=\"#grammar\">grammar</a></li>\n</ul>\n",
    );
    for t in topics() {
        out.push_str(&format!("<h2 id=\"topic-{t}\">{t}</h2>\n<dl>\n"));
        for b in builtins().iter().filter(|b| b.topic == t) {
            out.push_str(&function(b, &mut failures));
        }
        out.push_str("</dl>\n");
    }
    out.push_str("<h2 id=\"commands\">commands</h2>\n<dl>\n");
    for (c, what) in COMMANDS.iter().chain(extra_commands) {
        out.push_str(&format!(
            "<dt>{}</dt><dd>{}</dd>\n",
            escape(c),
            escape(what)
        ));
    }
    out.push_str("</dl>\n<h2 id=\"statements\">statements</h2>\n<dl>\n");
    for w in KEYWORDS_EXPLAINED {
        let text = keyword_help(w).unwrap_or_default();
        let example = match keyword_example(w) {
            Some(e) => example(e, w, &mut failures),
            None => String::new(),
        };
        out.push_str(&format!(
            "<dt>{}</dt><dd><p>{}</p>{example}</dd>\n",
            escape(w),
            escape(text)
        ));
    }
    out.push_str(&format!(
        "</dl>\n<h2 id=\"grammar\">grammar</h2>\n<p>The grammar (EBNF) the parser follows, \
         <code>grammars/cgt.ebnf</code>:</p>\n<pre>{}</pre>\n</body>\n</html>\n",
        escape(GRAMMAR)
    ));
    Reference {
        html: out,
        failures,
    }
}

/// One function's entry: signature, help, example and its output.
fn function(b: &Builtin, failures: &mut Vec<String>) -> String {
    format!(
        "<dt id=\"{}\">{}</dt>\n<dd><p>{}</p>\n{}</dd>\n",
        b.name,
        escape(b.signature),
        escape(b.help),
        example(b.example, b.name, failures)
    )
}

/// An example and its output, run in a fresh session (a picture shown as
/// itself); a failure is noted under `name`.
fn example(input: &str, name: &str, failures: &mut Vec<String>) -> String {
    let mut s = Session::new();
    let result = match s.run_line(input) {
        Ok(r) if r.trim_start().starts_with("<svg") => format!("<div class=\"out\">{r}</div>"),
        Ok(r) => format!("<pre class=\"out\">{}</pre>", escape(&r)),
        Err(e) => {
            failures.push(format!("{name}: {}", e.message));
            format!("<pre class=\"out\">error: {}</pre>", escape(&e.message))
        }
    };
    format!("<pre>{}</pre>\n{result}", escape(input))
}

/// Text as HTML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every function is in the manual, with its example run without error.
    #[test]
    fn every_function_is_in_the_manual_and_its_example_runs() {
        let r = reference(&[]);
        assert!(r.failures.is_empty(), "{:?}", r.failures);
        for b in builtins() {
            assert!(
                r.html.contains(&format!("<dt id=\"{}\">", b.name)),
                "{}",
                b.name
            );
        }
        assert!(r.html.contains("<h2 id=\"grammar\">"));
        // The statements' examples run too: functions made by code, maps.
        assert!(r.html.contains("[1^,[{1|0},{2|0},{3|0}]]"), "lambdas");
        assert!(r.html.contains("[&quot;up star&quot;,[*,^*,2]]"), "maps");
        assert!(
            r.html.contains("[1*,{1|{1|1,{1|0}},{1,{1|0}|0}},1]"),
            "rulesets"
        );
        // An example's output: value(domineering(...)) or a picture.
        assert!(r.html.contains("<svg"));
    }
}
