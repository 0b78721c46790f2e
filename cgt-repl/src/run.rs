//! Headless modes: `-e`, scripts and `--batch`. Each runs the language's
//! commands (`help NAME`, `:time EXPR`, ...) as the REPL does; notes go to
//! standard error; a long computation shows the progress line (when standard
//! error is a terminal), and Ctrl-C stops it with a clear error.

use crate::reply::eval_to_string;
use cgt_lang::{Error, ErrorKind, Session};
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// `--check-keys`: every session checks user rulesets' keys on a sample.
pub static CHECK_KEYS: AtomicBool = AtomicBool::new(false);

/// A session with the command line's settings.
pub fn new_session() -> Session {
    let mut session = Session::new();
    session.world().check_keys = CHECK_KEYS.load(Ordering::Relaxed);
    session
}

/// The process is about to exit: leave the session's memory to the
/// operating system instead of freeing millions of games one by one.
fn finish(session: Session) {
    std::mem::forget(session);
}

/// Quiet the default panic message: panics are reported as error lines.
pub fn silence_panics() {
    std::panic::set_hook(Box::new(|_| {}));
}

/// True while a line is being evaluated (Ctrl-C then stops it).
static BUSY: AtomicBool = AtomicBool::new(false);
/// When Ctrl-C was last pressed (ms since the epoch).
static LAST_CTRL_C: AtomicU64 = AtomicU64::new(0);

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Ctrl-C stops the computation running (its line answers with the
/// interrupted error); pressed again within two seconds, or while nothing
/// runs, it ends the program (exit status 130).
fn handle_ctrl_c() {
    let _ = ctrlc::set_handler(|| {
        let now = now_ms();
        let last = LAST_CTRL_C.swap(now, Ordering::Relaxed);
        if !BUSY.load(Ordering::Relaxed) || now.saturating_sub(last) < 2000 {
            std::process::exit(130);
        }
        cgt_core::interrupt::request(cgt_core::interrupt::Stop::Interrupted);
    });
}

/// Evaluate a line as a busy computation (progress line, Ctrl-C).
fn busy<R>(f: impl FnOnce() -> R) -> R {
    BUSY.store(true, Ordering::Relaxed);
    let r = crate::progress::during(f);
    BUSY.store(false, Ordering::Relaxed);
    r
}

/// Print the session's notes on standard error, each after `prefix`.
fn notes(session: &mut Session, prefix: &str) {
    for note in session.take_notes() {
        eprintln!("{prefix}note: {note}");
    }
}

/// Printed text goes to standard output at once.
fn print_at_once(session: &mut Session) {
    session.set_output(Some(Box::new(|text: &str| {
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
    })));
}

pub fn json_expressions(exprs: &[String], quiet: bool) -> ExitCode {
    silence_panics();
    crate::progress::start(quiet);
    handle_ctrl_c();
    let mut session = new_session();
    for e in exprs {
        let line = busy(|| crate::reply::json_line(&mut session, e));
        notes(&mut session, "");
        println!("{line}");
    }
    finish(session);
    ExitCode::SUCCESS
}

pub fn expressions(exprs: &[String], quiet: bool) -> ExitCode {
    silence_panics();
    crate::progress::start(quiet);
    handle_ctrl_c();
    let mut session = new_session();
    print_at_once(&mut session);
    let mut ok = true;
    for e in exprs {
        let r = busy(|| eval_to_string(&mut session, e));
        notes(&mut session, "");
        match r {
            Ok(s) if s.is_empty() => {}
            Ok(s) => println!("{s}"),
            Err(err) => {
                eprintln!("{}", err.render(e));
                ok = false;
            }
        }
    }
    finish(session);
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The line (from 1) and column of an error in a statement that starts on
/// line `first` and may span several lines.
fn position(e: &Error, text: &str, first: usize) -> (usize, Option<usize>) {
    if !e.has_span {
        return (first, None);
    }
    let at = e.start.min(text.len());
    let before = &text[..at];
    let line = first + before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |k| k + 1);
    let this_line = &text[start..];
    let mut moved = e.clone();
    moved.start -= start;
    (line, Some(moved.column(this_line)))
}

pub fn script(path: &str, quiet: bool) -> ExitCode {
    let text = match cgt_lang::library::files::read_source(std::path::Path::new(path)) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    silence_panics();
    crate::progress::start(quiet);
    handle_ctrl_c();
    let mut session = new_session();
    // As in the REPL, a long value shows a summary (`:print`, or
    // `:set max_print 0` in the script, prints it in full).
    session.world().max_print = 20_000;
    let dir = std::path::Path::new(path)
        .parent()
        .map(std::path::Path::to_path_buf);
    session.set_base_dir(dir.filter(|d| !d.as_os_str().is_empty()));
    print_at_once(&mut session);
    let mut ok = true;
    let interrupts = cgt_core::interrupt::interrupts();
    for (n, group) in cgt_lang::script::statements(&text) {
        // A Ctrl-C during a statement too short to see it still stops the
        // script before the next one.
        if cgt_core::interrupt::interrupts() != interrupts {
            eprintln!("{path}: stopped before line {n} (Ctrl-C)");
            ok = false;
            break;
        }
        let r = busy(|| eval_to_string(&mut session, &group));
        notes(&mut session, &format!("{path}:{n}: "));
        match r {
            Ok(s) if s.is_empty() => {}
            Ok(s) => println!("{s}"),
            Err(e) => {
                let (line, column) = position(&e, &group, n);
                match column {
                    Some(c) => eprintln!("{path}:{line}: error: {} (column {c})", e.message),
                    None => eprintln!("{path}:{line}: error: {}", e.message),
                }
                ok = false;
                if e.kind == ErrorKind::Interrupted {
                    eprintln!("{path}: stopped at line {line} (Ctrl-C)");
                    break;
                }
            }
        }
    }
    finish(session);
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// One output line per input line, in order; errors as `error: ...`
/// (with `json`, one JSON object per line).
pub fn batch(json: bool, quiet: bool) -> ExitCode {
    silence_panics();
    crate::progress::start(quiet);
    handle_ctrl_c();
    let mut session = new_session();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut buf = Vec::new();
    let mut first_line = true;
    let mut number = 0;
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                let _ = writeln!(out, "error: cannot read input: {e}");
                break;
            }
        }
        number += 1;
        if buf.last() == Some(&b'\n') {
            buf.pop();
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        if first_line {
            first_line = false;
            if buf.starts_with("\u{feff}".as_bytes()) {
                buf.drain(..3);
            }
        }
        let reply = busy(|| crate::reply::batch_reply(&mut session, &buf, json));
        notes(&mut session, &format!("line {number}: "));
        if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    finish(session);
    ExitCode::SUCCESS
}
