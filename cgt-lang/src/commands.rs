//! The commands every front end understands, in the REPL, scripts,
//! `--batch` and Python alike: `help [NAME | TOPIC]`, `:help`, `:time EXPR`,
//! `:format STYLE`, `:vars`, `:defs`, `:load FILE`, `:set max_memory SIZE`,
//! `:print` and `:write FILE`. Each answers with text (its lines joined by
//! line breaks; `--batch` puts them on one line).

use crate::error::Error;
use crate::library::{self, Builtin};
use crate::session::Session;
use crate::style::Style;
use std::time::Instant;

/// The commands, each with what it does (`:help` lists them).
pub const COMMANDS: &[(&str, &str)] = &[
    (":help", "this list"),
    (
        "help [NAME | TOPIC]",
        "the functions by topic, one function, or a topic's functions",
    ),
    (":load FILE", "run a script in this session"),
    (
        ":time EXPR",
        "evaluate, then show wall time and arena statistics",
    ),
    (":format plain|unicode|latex", "how values are printed"),
    (
        ":set max_memory SIZE",
        "stop computations that grow memory past SIZE (e.g. 8G, 500M)",
    ),
    (
        ":set threads N",
        "threads for one big value (0: every core, the default)",
    ),
    (
        ":set check_keys on|off",
        "check user rulesets' keys on a sample as positions are made",
    ),
    (":print", "print the last value in full"),
    (":write FILE", "write the last value's full text to FILE"),
    (":vars", "the variables defined so far"),
    (":defs", "the functions defined so far, as written"),
];

/// Parse sizes like `8G`, `500M`, `64K` or a number of bytes.
pub fn parse_size(s: &str) -> Option<usize> {
    let s = s.trim();
    let (num, mult) = match s.chars().last()?.to_ascii_uppercase() {
        'K' => (&s[..s.len() - 1], 1usize << 10),
        'M' => (&s[..s.len() - 1], 1 << 20),
        'G' => (&s[..s.len() - 1], 1 << 30),
        'T' => (&s[..s.len() - 1], 1 << 40),
        _ => (s, 1),
    };
    num.trim().parse::<usize>().ok()?.checked_mul(mult)
}

/// True if `line` is a command rather than statements of the language.
pub fn is_command(line: &str) -> bool {
    let t = line.trim();
    t.starts_with(':') || t == "help" || t.starts_with("help ")
}

impl Session {
    /// Run `line` if it is a command (see the module's documentation);
    /// `None` if it is not one.
    pub fn command(&mut self, line: &str) -> Option<Result<String, Error>> {
        let t = line.trim();
        if !is_command(t) {
            return None;
        }
        let (name, arg) = t
            .split_once(char::is_whitespace)
            .map_or((t, ""), |(a, b)| (a, b.trim()));
        Some(match name {
            "help" => Ok(self.help(arg)),
            ":help" => Ok(COMMANDS
                .iter()
                .map(|(c, what)| format!("  {c:<30} {what}"))
                .collect::<Vec<_>>()
                .join("\n")),
            ":time" => self.time(arg),
            ":format" => arg
                .parse::<Style>()
                .map(|style| {
                    self.set_style(style);
                    String::new()
                })
                .map_err(Error::plain),
            ":vars" => Ok(self.variables().join(", ")),
            ":defs" => Ok(self
                .functions()
                .iter()
                .map(|f| f.source.clone())
                .collect::<Vec<_>>()
                .join("\n")),
            ":load" => self.load_file(arg),
            ":set" => self.set(arg),
            ":print" | ":write" => self.last_value(name, arg),
            _ => Err(Error::plain(format!(
                "unknown command `{name}` (:help lists them)"
            ))),
        })
    }

    /// `:time EXPR`: the value, then the wall time and the arena's size.
    fn time(&mut self, line: &str) -> Result<String, Error> {
        let t = Instant::now();
        let value = self.run_line(line)?;
        let elapsed = t.elapsed().as_secs_f64();
        let s = self.world().arena.stats();
        let stats = format!(
            "time {elapsed:.6} s; arena: {} games, {} sums and {} comparisons cached; heap {:.1} MB (peak {:.1} MB)",
            s.games,
            s.sums_cached,
            s.comparisons_cached,
            cgt_core::interrupt::live_bytes() as f64 / 1e6,
            cgt_core::interrupt::peak_bytes() as f64 / 1e6
        );
        Ok(if value.is_empty() {
            stats
        } else {
            format!("{value}\n{stats}")
        })
    }

    /// `:load FILE`: the file's statements run in this session, in order;
    /// the outputs of those that succeed, and the errors of the others (a
    /// stop ends the file).
    fn load_file(&mut self, path: &str) -> Result<String, Error> {
        if path.is_empty() {
            return Err(Error::plain(":load needs a file name"));
        }
        let text = library::files::read_source(std::path::Path::new(path)).map_err(Error::plain)?;
        let mut out = Vec::new();
        let interrupts = cgt_core::interrupt::interrupts();
        for (n, group) in crate::syntax::script::statements(&text) {
            // A Ctrl-C during a statement too short to see it stops the file.
            if cgt_core::interrupt::interrupts() != interrupts {
                out.push(format!("{path}:{n}: stopped (Ctrl-C)"));
                out.push("(:load stopped)".into());
                break;
            }
            match self.run_line(&group) {
                Ok(s) if s.is_empty() => {}
                Ok(s) => out.push(s),
                Err(e) => {
                    let stopped = matches!(
                        e.kind,
                        crate::ErrorKind::Interrupted | crate::ErrorKind::MemoryLimit
                    );
                    out.push(format!("{path}:{n}: error: {}", e.one_line(&group)));
                    if stopped {
                        out.push("(:load stopped)".into());
                        break;
                    }
                }
            }
        }
        Ok(out.join("\n"))
    }

    /// `:set max_memory SIZE`, `:set threads N`, `:set check_keys on|off`,
    /// `:set max_print N`.
    fn set(&mut self, arg: &str) -> Result<String, Error> {
        let (key, value) = arg
            .split_once(char::is_whitespace)
            .map_or((arg, ""), |(a, b)| (a, b.trim()));
        match key {
            "max_memory" => match parse_size(value) {
                Some(0) => {
                    cgt_core::interrupt::set_memory_limit(0);
                    Ok("max_memory: no limit".into())
                }
                Some(bytes) => {
                    cgt_core::interrupt::set_memory_limit(bytes);
                    Ok(format!("max_memory = {bytes} bytes"))
                }
                None => Err(Error::plain("expected a size such as 8G or 500M")),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if n <= 256 => {
                    let in_force = cgt_core::ruleset::set_threads(n);
                    Ok(if n > in_force {
                        format!("threads = {in_force} (one per core: this machine has {in_force})")
                    } else {
                        format!("threads = {in_force}")
                    })
                }
                _ => Err(Error::plain(
                    "expected a number of threads from 0 (every core) to 256",
                )),
            },
            "check_keys" => {
                let on = match value {
                    "on" | "true" => true,
                    "off" | "false" => false,
                    _ => return Err(Error::plain("expected on or off")),
                };
                self.world().check_keys = on;
                Ok(format!("check_keys: {}", if on { "on" } else { "off" }))
            }
            "max_print" => match value.parse::<usize>() {
                Ok(n) => {
                    self.world().max_print = n;
                    Ok(format!("max_print = {n} characters"))
                }
                Err(_) => Err(Error::plain(
                    "max_print is a number of characters (0: no limit)",
                )),
            },
            _ => Err(Error::plain(format!(
                "unknown setting `{key}` (max_memory, threads, check_keys, max_print)"
            ))),
        }
    }

    /// `:print` and `:write FILE`: the last value in full.
    fn last_value(&mut self, name: &str, path: &str) -> Result<String, Error> {
        let Some(v) = self.variable("ans") else {
            return Err(Error::plain("no value yet"));
        };
        let text = self.guard(|s| Ok(s.show(&v)))?;
        if name == ":print" {
            return Ok(text);
        }
        if path.is_empty() {
            return Err(Error::plain(":write needs a file name"));
        }
        library::files::write_regular_file(path, &format!("{text}\n")).map_err(Error::plain)?;
        Ok(format!(
            "wrote {} characters to {path}",
            text.chars().count()
        ))
    }

    /// `help`, `help NAME` (a built-in with its example run, or a name the
    /// session defined) or `help TOPIC` (a topic's functions, a line each).
    pub fn help(&mut self, name: &str) -> String {
        let name = name.trim();
        if let Some(text) = self.function_help(name) {
            return text;
        }
        if name.is_empty() {
            let mut out: Vec<String> = library::topics()
                .into_iter()
                .map(|t| format!("{t}: {}", topic_names(t).join(", ")))
                .collect();
            let defined: Vec<String> = self.functions().iter().map(|f| f.signature()).collect();
            if !defined.is_empty() {
                out.push(format!("defined: {}", defined.join(", ")));
            }
            out.push("`help NAME` shows one function, `help TOPIC` a topic's functions; `:help` lists the commands.".into());
            return out.join("\n");
        }
        if let Some(b) = library::named(name).map(library::get) {
            return builtin_help(b);
        }
        if let Some(topic) = topic_named(name) {
            let mut out = vec![format!("{topic}:")];
            for b in library::builtins().iter().filter(|b| b.topic == topic) {
                out.push(format!("  {} — {}", b.signature, b.summary()));
            }
            return out.join("\n");
        }
        if let Some(text) = keyword_help(name) {
            let mut out = text.to_string();
            if let Some(example) = keyword_example(name) {
                out.push_str(&format!("\n  example: {example}"));
                if let Ok(result) = Session::new().run_line(example) {
                    out.push_str(&format!("\n  => {result}"));
                }
            }
            return out;
        }
        // A part of names (`help sensible`, `help outcome`): the functions
        // whose names contain it.
        let containing: Vec<&str> = library::builtins()
            .iter()
            .map(|b| b.name)
            .filter(|n| name.len() >= 3 && n.contains(&*name.to_lowercase()))
            .collect();
        if !containing.is_empty() {
            let mut out = vec![format!("functions whose names contain `{name}`:")];
            for b in library::builtins()
                .iter()
                .filter(|b| containing.contains(&b.name))
            {
                out.push(format!("  {} — {}", b.signature, b.summary()));
            }
            return out.join("\n");
        }
        match library::suggest(name) {
            Some(s) => format!("no function or topic `{name}`; did you mean `{s}`?"),
            None => format!(
                "no function or topic `{name}` (topics: {})",
                library::topics().join(", ")
            ),
        }
    }
}

/// The names of a topic's functions.
fn topic_names(topic: &str) -> Vec<&'static str> {
    library::builtins()
        .iter()
        .filter(|b| b.topic == topic)
        .map(|b| b.name)
        .collect()
}

/// The topic `name` means: a topic's name, or the start of exactly one.
fn topic_named(name: &str) -> Option<&'static str> {
    let lower = name.to_lowercase();
    let topics = library::topics();
    if let Some(t) = topics.iter().find(|t| **t == lower) {
        return Some(t);
    }
    let starts: Vec<&&str> = topics.iter().filter(|t| t.starts_with(&lower)).collect();
    match starts[..] {
        [t] => Some(t),
        _ => None,
    }
}

/// A built-in's help: signature, text, and its example with its output.
fn builtin_help(b: &Builtin) -> String {
    let mut out = format!("{}\n  {}\n  example: {}", b.signature, b.help, b.example);
    let mut s = Session::new();
    if let Ok(result) = s.run_line(b.example) {
        // Long results (pictures) show their first lines only.
        let lines: Vec<&str> = result.lines().collect();
        out.push_str(&format!(
            "\n  => {}",
            lines[..lines.len().min(6)].join("\n     ")
        ));
        if lines.len() > 6 {
            out.push_str(&format!("\n     … ({} more lines)", lines.len() - 6));
        }
    }
    out
}

/// The words of the statements that `help WORD` explains, one per entry.
pub(crate) const KEYWORDS_EXPLAINED: &[&str] = &[
    "def", "=>", "{=>}", "if", "for", "while", "begin", "return", "import", "let", ":=", "+=", ";",
];

/// An example of a statement word, run by the reference manual (and its
/// test) to show its output.
pub(crate) fn keyword_example(word: &str) -> Option<&'static str> {
    Some(match word {
        "def" => "def crumble(k) = ruleset(left = n => [n - j for j in 1..k if j <= n], right = n => [n - j for j in 2..k if j <= n]); [value(crumble(k)(6)) for k in 2..4]",
        "=>" => "adder := k => (x => x + k); [adder(1)(^), map(n => {n|0}, 1..3)]",
        "{=>}" => "m := {* => \"star\", ^ + * => \"up star\"}; m[2] := \"two\"; [m[^*], keys(m)]",
        "for" => "for n from 1 to 3 do print(n, \"\") end",
        "let" => "let x = ^, y = * in x + y",
        _ => return None,
    })
}

/// Help for the words of the language's statements.
pub(crate) fn keyword_help(word: &str) -> Option<&'static str> {
    Some(match word {
        "def" => "def f(a, b) [\"doc\"] = body: a function (recursion allowed; memoised when it calls itself). The body may be a block: def f(n) = begin ... return x ... end. A def inside a block is a local function that sees the names around it (its own name means itself). A function that makes a ruleset, def crumble(k) = ruleset(...), gives one ruleset (with its memo) per argument.",
        "=>" => "x => body, (a, b) => body, () => body: an anonymous function that captures the values of the names around it when it is made, as in map(n => n * n, L) or ruleset(left = n => ..., right = ...). A computed function is called directly: f(a)(b), (x => x)(1). Inside braces k => v is a map's entry. `->` stays the sequential compound of games.",
        "{=>}" => "{k => v, ...}: a map ({=>} is the empty one). m[k] is the value of key k (an error if none; get(m, k, default) gives a default); m[k] := v adds or replaces an entry; for k in m runs over the keys in the order they were put in; keys, values, entries, to_map, contains_key, without_key, len. Keys compare as values do: games by value, lists element by element.",
        "if" | "then" | "else" | "elseif" => "if c then a else b (also with elseif) on one line, or if c then ... elseif d then ... else ... end over several lines (statements in the branches; the value of the branch taken). An else that ends its line opens a block, closed by end.",
        "for" | "in" | "from" | "to" | "by" | "where" | "do" => "for x in L [where c] [while c] do ... end, or for x from a [to b] [by s] do ... end; [f(x) for x in L if c] makes a list.",
        "while" => "while c do ... end: runs the statements while c is true (break leaves, continue skips to the next round).",
        "begin" | "end" => "begin ... end: statements in order; the value of the last. `end` also closes if, for, while and do blocks.",
        "return" => "return [x]: leaves a function's body with x (nothing without it).",
        "import" | "as" => "import \"file.cgt\" as m: the file's definitions as the module m (m.f(x)); without `as`, its names directly. Names starting with _ stay private; a file is evaluated once per session.",
        "let" => "let x = e, y = f in body: local names for one expression.",
        ":=" | "=" => "x := e (or x = e): at the top level a new binding of x for the code written after it; inside a block, assignment to the x in scope (a function's own local inside a function). L[i] := e replaces element i of the list L (L := with_item(L, i, e)); L[i][j] := e inside L[i].",
        "+=" | "-=" | "*=" => "x += e is x := x + e (also -= and *=, and L[i] += e for an element).",
        ";" => "a; b runs a then b. A statement ending in ; prints nothing (as in CGScript): x := 5; is silent.",
        _ => return None,
    })
}
