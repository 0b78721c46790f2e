//! The interactive REPL: rustyline with history in the platform's data
//! directory, tab completion of functions and variables, hints, bracket-aware
//! multi-line input, Emacs or Vi keys, and `:` commands. Ctrl-C stops a
//! running computation and keeps the session; twice at an empty prompt exits.

use crate::run::{eval_to_string, silence_panics};
use cgt_lang::builtins::{builtins, lookup, option_words};
use cgt_lang::style::Style;
use cgt_lang::{ErrorKind, Session};
use rustyline::completion::{Completer, Pair};
use rustyline::config::Configurer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Config, Context, EditMode, Editor, Helper};
use std::cell::RefCell;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

const COMMANDS: &[(&str, &str)] = &[
    (":help", "this list"),
    (":load FILE", "run a script in this session"),
    (
        ":save FILE",
        "write this session's inputs (those that evaluated) to a script",
    ),
    (
        ":time EXPR",
        "evaluate, then show wall time and arena statistics",
    ),
    (":format plain|unicode|latex", "how values are printed"),
    (
        ":set max_memory SIZE",
        "stop computations that grow memory past SIZE (e.g. 8G, 500M)",
    ),
    (":set edit_mode vi|emacs", "key bindings"),
    (
        ":set max_print N",
        "values printing longer than N characters show a summary (default 20000; 0: always print)",
    ),
    (":print", "print the last value in full"),
    (":write FILE", "write the last value's full text to FILE"),
    (":vars", "the variables defined so far"),
    (":defs", "the functions defined so far, as written"),
    (
        ":quit",
        "leave (also Ctrl-D, or Ctrl-C twice at an empty prompt)",
    ),
];

/// Completion, hints and multi-line validation for the line editor.
struct CgtHelper {
    variables: Rc<RefCell<Vec<String>>>,
    hinter: HistoryHinter,
}

impl Completer for CgtHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = word_start(&line[..pos], |c| {
            c.is_alphanumeric() || c == '_' || c == ':'
        });
        let word = &line[start..pos];
        if word.is_empty() {
            return Ok((pos, vec![]));
        }
        let mut out: Vec<Pair> = Vec::new();
        if word.starts_with(':') {
            for (c, _) in COMMANDS {
                let name = c.split_whitespace().next().unwrap_or(c);
                if name.starts_with(word) {
                    out.push(Pair {
                        display: name.to_string(),
                        replacement: format!("{name} "),
                    });
                }
            }
        } else {
            for b in builtins() {
                if b.name.starts_with(word) {
                    let paren = if b.arity.start() > &0 { "(" } else { "" };
                    out.push(Pair {
                        display: b.signature.to_string(),
                        replacement: format!("{}{paren}", b.name),
                    });
                }
            }
            let words = ["Left", "Right", "help"].into_iter().chain(option_words());
            let words: Vec<String> = words.map(String::from).collect();
            for v in self.variables.borrow().iter().chain(words.iter()) {
                if v.starts_with(word) {
                    out.push(Pair {
                        display: v.clone(),
                        replacement: v.clone(),
                    });
                }
            }
        }
        out.sort_by(|a, b| a.display.cmp(&b.display));
        Ok((start, out))
    }
}

/// The byte offset where the trailing run of `in_word` characters of `s`
/// starts (always a character boundary, whatever precedes it).
fn word_start(s: &str, in_word: impl Fn(char) -> bool) -> usize {
    s.char_indices()
        .rev()
        .find(|&(_, c)| !in_word(c))
        .map_or(0, |(k, c)| k + c.len_utf8())
}

impl Hinter for CgtHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        // A function's signature once its name and `(` are typed; else history.
        let before = &line[..pos];
        if let Some(open) = before.strip_suffix('(') {
            let name_start = word_start(open, |c| c.is_alphanumeric() || c == '_');
            if let Some(b) = lookup(&open[name_start..]) {
                return Some(format!("  — {}", b.signature));
            }
        }
        self.hinter.hint(line, pos, ctx)
    }
}

impl Highlighter for CgtHelper {}

impl Validator for CgtHelper {
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        // An unclosed `{`, `(` or `[` continues on the next line.
        Ok(if cgt_lang::script::open_brackets(ctx.input()) > 0 {
            ValidationResult::Incomplete
        } else {
            ValidationResult::Valid(None)
        })
    }
}

impl Helper for CgtHelper {}

fn history_path() -> Option<std::path::PathBuf> {
    let dirs = directories::ProjectDirs::from("org", "cgt", "cgt")?;
    let dir = dirs.data_dir();
    std::fs::create_dir_all(dir).ok()?;
    Some(dir.join("history.txt"))
}

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

pub fn run(vi: bool, quiet: bool) -> ExitCode {
    crate::progress::start(quiet);
    silence_panics();
    let _ =
        ctrlc::set_handler(|| cgt_core::interrupt::request(cgt_core::interrupt::Stop::Interrupted));
    let config = Config::builder()
        .edit_mode(if vi { EditMode::Vi } else { EditMode::Emacs })
        .auto_add_history(false)
        .build();
    let mut editor: Editor<CgtHelper, rustyline::history::DefaultHistory> =
        match Editor::with_config(config) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("error: cannot start the line editor: {e}");
                return ExitCode::from(1);
            }
        };
    let variables = Rc::new(RefCell::new(Vec::new()));
    editor.set_helper(Some(CgtHelper {
        variables: variables.clone(),
        hinter: HistoryHinter::new(),
    }));
    let history = history_path();
    if let Some(h) = &history {
        let _ = editor.load_history(h);
    }
    println!(
        "cgt {} — combinatorial game calculator. `help` lists the functions, `:help` the commands, Tab completes.",
        env!("CARGO_PKG_VERSION")
    );
    let mut session = Session::new();
    let mut inputs: Vec<String> = Vec::new();
    let mut interrupted_once = false;
    loop {
        *variables.borrow_mut() = session.variables();
        match editor.readline("cgt> ") {
            Ok(line) => {
                interrupted_once = false;
                let trimmed = line.trim();
                if trimmed.is_empty() {
                    continue;
                }
                let _ = editor.add_history_entry(line.as_str());
                if let Some(h) = &history {
                    let _ = editor.append_history(h);
                }
                if matches!(trimmed, ":quit" | ":q" | "quit" | "exit") {
                    break;
                }
                if trimmed.starts_with(':') {
                    command(trimmed, &mut session, &mut inputs, &mut editor);
                    continue;
                }
                if trimmed == "help" || trimmed.starts_with("help ") {
                    print_help(&session, trimmed.strip_prefix("help").unwrap_or("").trim());
                    continue;
                }
                // Multi-line input joins into one statement (comments end at the line's end).
                let joined = line
                    .lines()
                    .map(cgt_lang::script::strip_comment)
                    .collect::<Vec<_>>()
                    .join(" ");
                if evaluate(&mut session, &joined).is_ok() {
                    inputs.push(joined);
                }
            }
            Err(ReadlineError::Interrupted) => {
                if interrupted_once {
                    break;
                }
                interrupted_once = true;
                println!("(Ctrl-C again or :quit to leave)");
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("error: {e}");
                break;
            }
        }
    }
    ExitCode::SUCCESS
}

/// A one-line hint for common mistakes.
fn hint(msg: &str) -> Option<&'static str> {
    if msg.contains("ambiguous slashes") {
        Some("the unique longest run of `|` splits first: write {3||2|1}, not {3|2|1}")
    } else if msg.contains("not a dyadic rational") {
        Some("short games have dyadic numbers only: denominators are powers of 2")
    } else if msg.contains("unknown function") {
        Some("`help` lists the functions by topic; Tab completes names")
    } else if msg.contains("unknown variable") {
        Some("assign with `name = expression`; `:vars` lists the variables")
    } else if msg.contains("unbalanced braces") || msg.contains("expected `)`") {
        Some("an unclosed `{`, `(` or `[` continues on the next line; close it to finish")
    } else if msg.contains("not atomic") {
        Some("atomic weights exist for infinitesimals (all-small games always have one)")
    } else {
        None
    }
}

/// Evaluate and print; errors show the line with a caret and, where it helps,
/// a hint. `Ok` if the line evaluated (only those are kept for `:save`).
fn evaluate(session: &mut Session, line: &str) -> Result<(), ErrorKind> {
    match crate::progress::during(|| shown(session, line)) {
        Ok(s) => {
            if !s.is_empty() {
                println!("{s}");
            }
            Ok(())
        }
        Err(e) => {
            eprintln!("{}", e.render(line));
            if let Some(h) = hint(&e.message) {
                eprintln!("  hint: {h}");
            }
            Err(e.kind)
        }
    }
}

fn command(
    cmd: &str,
    session: &mut Session,
    inputs: &mut Vec<String>,
    editor: &mut Editor<CgtHelper, rustyline::history::DefaultHistory>,
) {
    let (name, arg) = cmd
        .split_once(char::is_whitespace)
        .map_or((cmd, ""), |(a, b)| (a, b.trim()));
    match name {
        ":help" => {
            for (c, what) in COMMANDS {
                println!("  {c:<30} {what}");
            }
        }
        ":load" => match std::fs::read_to_string(arg) {
            Ok(text) => {
                let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
                for (_, line) in cgt_lang::script::statements(text) {
                    match evaluate(session, &line) {
                        Ok(()) => inputs.push(line),
                        // Ctrl-C stops the whole file, not only its current line.
                        Err(ErrorKind::Interrupted) => {
                            eprintln!("(:load stopped)");
                            break;
                        }
                        Err(_) => {}
                    }
                }
            }
            Err(e) => eprintln!("error: cannot read {arg}: {e}"),
        },
        ":save" => match std::fs::write(arg, inputs.join("\n") + "\n") {
            Ok(()) => println!("saved {} inputs to {arg}", inputs.len()),
            Err(e) => eprintln!("error: cannot write {arg}: {e}"),
        },
        ":time" => {
            let t = Instant::now();
            if evaluate(session, arg).is_ok() {
                inputs.push(arg.to_string());
            }
            let s = session.arena.stats();
            println!(
                "time {:.6} s; arena: {} games, {} sums and {} comparisons cached; heap {:.1} MB",
                t.elapsed().as_secs_f64(),
                s.games,
                s.sums_cached,
                s.comparisons_cached,
                crate::memory::live() as f64 / 1e6
            );
        }
        ":format" => match arg.parse::<Style>() {
            Ok(style) => session.style = style,
            Err(e) => eprintln!("error: {e}"),
        },
        ":vars" => println!("{}", session.variables().join(", ")),
        ":defs" => {
            for f in session.functions() {
                println!("{}", f.source);
            }
        }
        ":set" => {
            let (key, value) = arg
                .split_once(char::is_whitespace)
                .map_or((arg, ""), |(a, b)| (a, b.trim()));
            match key {
                "max_memory" => match parse_size(value) {
                    Some(bytes) => {
                        crate::memory::set_limit(bytes);
                        println!("max_memory = {bytes} bytes");
                    }
                    None => eprintln!("error: expected a size such as 8G or 500M"),
                },
                "edit_mode" => match value {
                    "vi" => editor.set_edit_mode(EditMode::Vi),
                    "emacs" => editor.set_edit_mode(EditMode::Emacs),
                    _ => eprintln!("error: edit_mode is vi or emacs"),
                },
                "max_print" => match value.parse::<usize>() {
                    Ok(n) => {
                        MAX_PRINT.store(n, Ordering::Relaxed);
                        println!("max_print = {n} characters");
                    }
                    Err(_) => eprintln!("error: max_print is a number of characters (0: no limit)"),
                },
                _ => eprintln!("error: unknown setting `{key}` (max_memory, edit_mode, max_print)"),
            }
        }
        ":print" | ":write" => {
            let Some(v) = session.variable("ans") else {
                eprintln!("error: no value yet");
                return;
            };
            let text = crate::progress::during(|| session.guard(|s| Ok(s.show(&v))));
            match (text, name) {
                (Err(e), _) => eprintln!("error: {}", e.message),
                (Ok(text), ":print") => println!("{text}"),
                (Ok(text), _) => match write_text(arg, &text) {
                    Ok(()) => println!("wrote {} characters to {arg}", text.chars().count()),
                    Err(e) => eprintln!("error: {e}"),
                },
            }
        }
        _ => eprintln!("error: unknown command `{name}` (:help lists them)"),
    }
}

/// Values printing longer than this many characters show a summary in the
/// REPL (0: no limit); `:print` shows them in full.
static MAX_PRINT: AtomicUsize = AtomicUsize::new(20_000);

/// The value of `line` as the REPL shows it: printed, or a summary when its
/// text would pass `max_print` (found without printing it).
fn shown(session: &mut Session, line: &str) -> Result<String, cgt_lang::Error> {
    let Some(v) = session.eval_line(line)? else {
        return Ok(String::new());
    };
    let limit = MAX_PRINT.load(Ordering::Relaxed);
    session.guard(|s| {
        if limit > 0 {
            if let Some(n) = s.printed_len(&v) {
                if n > limit {
                    return Ok(summary(s, &v, n));
                }
            }
        }
        Ok(s.show(&v))
    })
}

/// `a game of birthday B with D distinct subpositions, printed in N characters: ...`
fn summary(s: &mut Session, v: &cgt_lang::Value, chars: usize) -> String {
    let Ok(g) = s.to_game(v, Default::default()) else {
        return String::new();
    };
    let birthday = s.arena.birthday(g);
    let distinct = s
        .arena
        .follower_count(g, 100_000_000)
        .map_or_else(|_| "more than 10^8".to_string(), |n| n.to_string());
    format!(
        "(a game of birthday {birthday} with {distinct} distinct subpositions, printed in {chars} characters: \
         :print shows it, :write FILE writes it to a file, compact(ans) names its shared subgames, :set max_print 0 always prints)"
    )
}

/// Write `text` and a newline to `path` (a regular file only).
fn write_text(path: &str, text: &str) -> Result<(), String> {
    if path.is_empty() {
        return Err(":write needs a file name".into());
    }
    cgt_lang::builtins::write_regular_file(path, &format!("{text}\n"))
}

pub fn print_help(session: &Session, name: &str) {
    if let Some(text) = session.function_help(name) {
        println!("{text}");
        return;
    }
    if name.is_empty() {
        let mut topics: Vec<&str> = builtins().iter().map(|b| b.topic).collect();
        topics.sort();
        topics.dedup();
        for t in topics {
            let names: Vec<&str> = builtins()
                .iter()
                .filter(|b| b.topic == t)
                .map(|b| b.name)
                .collect();
            println!("{t}: {}", names.join(", "));
        }
        let defined: Vec<String> = session.functions().iter().map(|f| f.signature()).collect();
        if !defined.is_empty() {
            println!("defined: {}", defined.join(", "));
        }
        println!("`help NAME` shows one function; `:help` lists the REPL commands.");
        return;
    }
    match lookup(name) {
        Some(b) => {
            println!("{}\n  {}\n  example: {}", b.signature, b.help, b.example);
            let mut s = Session::new();
            if let Ok(out) = eval_to_string(&mut s, b.example) {
                // Long results (pictures) show their first lines only.
                let lines: Vec<&str> = out.lines().collect();
                println!("  => {}", lines[..lines.len().min(6)].join("\n     "));
                if lines.len() > 6 {
                    println!("     … ({} more lines)", lines.len() - 6);
                }
            }
        }
        None => match cgt_lang::builtins::suggest(name) {
            Some(s) => println!("no function `{name}`; did you mean `{s}`?"),
            None => println!("no function `{name}`"),
        },
    }
}
