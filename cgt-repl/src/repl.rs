//! The interactive REPL: rustyline with history in the platform's data
//! directory, tab completion of functions and variables, hints, bracket-aware
//! multi-line input, Emacs or Vi keys, and `:` commands. Ctrl-C stops a
//! running computation and keeps the session; twice at an empty prompt exits.

use crate::run::silence_panics;
use cgt_lang::builtins::{builtins, lookup, option_words};
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

/// The REPL's own commands (the others are the language's: `cgt_lang::COMMANDS`).
pub(crate) const REPL_COMMANDS: &[(&str, &str)] = &[
    (
        ":save FILE",
        "write this session's inputs (those that evaluated) to a script",
    ),
    (
        ":explore [EXPR]",
        "explore EXPR (the last value if none) in the browser with this session; Ctrl-C returns",
    ),
    (":set edit_mode vi|emacs", "key bindings"),
    (
        ":set max_print N",
        "values printing longer than N characters show a summary (default 20000; 0: always print)",
    ),
    (
        ":quit",
        "leave (also Ctrl-D, or Ctrl-C twice at an empty prompt)",
    ),
];

/// Every command, the language's and the REPL's.
fn commands() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    cgt_lang::COMMANDS.iter().chain(REPL_COMMANDS.iter())
}

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
            for (c, _) in commands() {
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
    fn validate(&self, _ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        // Each line is taken as typed; an unfinished statement asks for the
        // next one at a `...>` prompt (see `read_statement`).
        Ok(ValidationResult::Valid(None))
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
    cgt_lang::parse_size(s)
}

/// Read one statement: a line, and more lines at a `...>` prompt while it
/// is unfinished (an open bracket or block, a trailing operator).
/// `Ok(None)` at the end of input.
fn read_statement(
    editor: &mut Editor<CgtHelper, rustyline::history::DefaultHistory>,
) -> Result<Option<String>, ReadlineError> {
    let mut text = editor.readline("cgt> ")?;
    while !text.trim_start().starts_with(':')
        && !cgt_lang::is_command(&text)
        && cgt_lang::script::needs_more(&text)
    {
        match editor.readline("...> ") {
            Ok(more) => {
                text.push('\n');
                text.push_str(&more);
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e),
        }
    }
    Ok(Some(text))
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
    let mut session = crate::run::new_session();
    // Long values show a summary (`:print` shows them in full).
    session.world().max_print = 20_000;
    // What `print` prints appears at once.
    session.set_output(Some(Box::new(|text: &str| {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
    })));
    let mut inputs: Vec<String> = Vec::new();
    let mut interrupted_once = false;
    loop {
        *variables.borrow_mut() = session.variables();
        match read_statement(&mut editor) {
            Ok(None) => break,
            Ok(Some(line)) => {
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
                if trimmed.starts_with(':') || cgt_lang::is_command(trimmed) {
                    command(trimmed, &mut session, &mut inputs, &mut editor);
                    continue;
                }
                if evaluate(&mut session, &line).is_ok() {
                    inputs.push(line);
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

/// Print the session's notes (a definition replacing another, ...).
fn print_notes(session: &mut Session) {
    for note in session.take_notes() {
        eprintln!("note: {note}");
    }
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
    // Printed text goes out at once (the session's sink); the value, or
    // its summary past max_print, comes back.
    let shown = crate::progress::during(|| session.run_line(line));
    print_notes(session);
    match shown {
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
    match (name, arg.split_whitespace().next()) {
        (":help", _) => {
            for (c, what) in commands() {
                println!("  {c:<30} {what}");
            }
        }
        (":explore", _) => {
            if let Err(e) = crate::explore::in_session(arg, session) {
                eprintln!("error: {e}");
            }
        }
        (":save", _) => {
            match cgt_lang::builtins::write_regular_file(arg, &(inputs.join("\n") + "\n")) {
                Ok(()) => println!("saved {} inputs to {arg}", inputs.len()),
                Err(e) => eprintln!("error: {e}"),
            }
        }
        (":set", Some("edit_mode")) => match arg.split_whitespace().nth(1) {
            Some("vi") => editor.set_edit_mode(EditMode::Vi),
            Some("emacs") => editor.set_edit_mode(EditMode::Emacs),
            _ => eprintln!("error: edit_mode is vi or emacs"),
        },
        (":set", Some(key))
            if !["max_memory", "threads", "check_keys", "max_print"].contains(&key) =>
        {
            eprintln!(
                "error: unknown setting `{key}` (max_memory, threads, check_keys, edit_mode, max_print)"
            )
        }
        _ => {
            let result = crate::progress::during(|| session.command(cmd));
            print_notes(session);
            match result {
                Some(Ok(text)) => {
                    if !text.is_empty() {
                        println!("{text}");
                    }
                    match name {
                        ":time" => inputs.push(arg.to_string()),
                        ":load" => inputs.push(cmd.to_string()),
                        _ => {}
                    }
                }
                Some(Err(e)) => eprintln!("error: {}", e.one_line(arg)),
                None => eprintln!("error: unknown command `{name}` (:help lists them)"),
            }
        }
    }
}

/// `cgt reference [FILE]`: the reference manual (the language's functions
/// with their examples run, the commands, the grammar) as one HTML page, on
/// standard output or into FILE; exit 1 if an example fails.
/// `cgt reference [--force] [FILE]`.
pub fn reference_command(args: &[String]) -> ExitCode {
    let force = args.iter().any(|a| a == "--force");
    let rest: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| *a != "--force")
        .collect();
    match rest.as_slice() {
        [] => write_reference(None, force),
        [path] if *path == "-" || !path.starts_with('-') => write_reference(Some(path), force),
        _ => {
            eprintln!("usage: cgt reference [--force] [FILE]  (FILE `-` is standard output)");
            ExitCode::from(2)
        }
    }
}

/// Whether the file at `path` is missing, empty or a reference manual this
/// command wrote (its title says so): the only files it overwrites
/// without `--force`.
fn ours_to_overwrite(path: &str) -> bool {
    use std::io::Read;
    let Ok(mut f) = std::fs::File::open(path) else {
        return true;
    };
    let mut head = [0u8; 512];
    let n = f.read(&mut head).unwrap_or(0);
    n == 0 || String::from_utf8_lossy(&head[..n]).contains("<title>cgt reference</title>")
}

pub fn write_reference(path: Option<&str>, force: bool) -> ExitCode {
    if let Some(p) = path.filter(|p| *p != "-") {
        // Refused before the manual is made (it runs every example).
        if std::fs::symlink_metadata(p).is_ok_and(|m| m.is_file())
            && !force
            && !ours_to_overwrite(p)
        {
            eprintln!("error: will not overwrite {p}: it is not a reference manual cgt wrote (use --force)");
            return ExitCode::FAILURE;
        }
    }
    let r = cgt_lang::reference::reference(REPL_COMMANDS);
    for f in &r.failures {
        eprintln!("error: example of {f}");
    }
    match path {
        None | Some("-") => print!("{}", r.html),
        Some(p) => {
            if let Err(e) = cgt_lang::builtins::write_regular_file(p, &r.html) {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
            eprintln!("wrote the reference manual to {p}");
        }
    }
    if r.failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
