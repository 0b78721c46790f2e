//! Headless modes: `-e`, scripts and `--batch`.

use cgt_lang::{Error, Session};
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// Evaluate one line; every failure, an internal one included, becomes an
/// error (the session catches stops itself).
pub fn eval_to_string(session: &mut Session, line: &str) -> Result<String, Error> {
    session.run_line(line)
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

pub fn json_expressions(exprs: &[String]) -> ExitCode {
    silence_panics();
    let mut session = Session::new();
    for e in exprs {
        println!("{}", crate::reply::json_line(&mut session, e));
    }
    finish(session);
    ExitCode::SUCCESS
}

pub fn expressions(exprs: &[String]) -> ExitCode {
    silence_panics();
    let mut session = Session::new();
    let mut ok = true;
    for e in exprs {
        match eval_to_string(&mut session, e) {
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

pub fn script(path: &str) -> ExitCode {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    silence_panics();
    let mut session = Session::new();
    let mut ok = true;
    // A UTF-8 byte order mark (some editors write one) is not part of the script.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    for (n, line) in cgt_lang::script::statements(text) {
        match eval_to_string(&mut session, &line) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("{path}:{n}: error: {}", e.one_line(&line));
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

/// One output line per input line, in order; errors as `error: ...`
/// (with `json`, one JSON object per line).
pub fn batch(json: bool) -> ExitCode {
    silence_panics();
    let mut session = Session::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut buf = Vec::new();
    let mut first_line = true;
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
        let reply = crate::reply::batch_reply(&mut session, &buf, json);
        if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    finish(session);
    ExitCode::SUCCESS
}
