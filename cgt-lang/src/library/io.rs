//! Output and files from the language: `print`, `println` (in order with
//! the session's other output; in `--batch` on the input's one line) and
//! `load` (a file's definitions as a module).

use super::{Args, Builtin, Run};
use crate::context::Context;
use crate::error::Error;
use crate::value::Value;

/// The values' texts separated by spaces (strings without their quotes).
fn texts(s: &mut dyn Context, a: &Args) -> String {
    let parts: Vec<String> = a
        .values
        .iter()
        .map(|v| match v {
            Value::Str(t) => t.to_string(),
            other => s.show(other),
        })
        .collect();
    parts.join(" ")
}

/// The functions of input and output.
pub static IO: &[Builtin] = &[
    Builtin {
        name: "print",
        signature: "print(x, ...)",
        arity: 0..=64,
        topic: "programming",
        help: "Print the values (strings without quotes) separated by spaces, without a line break; println adds one. In scripts and the REPL the text appears as it is printed; in --batch it goes on the input line's one output line.",
        example: "print(\"value:\", ^ + ^)",
        run: Run::Native(|s, a| {
            let text = texts(s, a);
            s.emit(&text);
            Ok(Value::Nil)
        }),
    },
    Builtin {
        name: "println",
        signature: "println(x, ...)",
        arity: 0..=64,
        topic: "programming",
        help: "Print the values (strings without quotes) separated by spaces, then a line break.",
        example: "println(\"temperature\", temperature({3|-1}))",
        run: Run::Native(|s, a| {
            let mut text = texts(s, a);
            text.push('\n');
            s.emit(&text);
            Ok(Value::Nil)
        }),
    },
    Builtin {
        name: "load",
        signature: "load(\"file.cgt\")",
        arity: 1..=1,
        topic: "programming",
        help: "The module of a file of definitions (as import \"file.cgt\" as m gives it): m = load(\"file.cgt\") then m.f(x). A file is evaluated once per session (again only if it has changed); names starting with _ stay private to it. A relative path is relative to the file that loads it (or the current directory).",
        example: "len(\"load\")",
        run: Run::Native(|s, a| match &a.values[0] {
            Value::Str(path) => s.load(path, a.spans[0]),
            other => Err(Error::spanned(
                a.spans[0],
                format!("expected a file name in quotes, found a {}", other.type_name()),
            )),
        }),
    },
];
