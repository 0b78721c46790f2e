//! Headless modes: `-e`, scripts and `--batch`.

use cgt_core::lang::Session;
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;

/// Evaluate one line; every failure, an internal one included, becomes an error message.
pub fn eval_to_string(session: &mut Session, line: &str) -> Result<String, String> {
    match catch_unwind(AssertUnwindSafe(|| session.run_line(line))) {
        Ok(Ok(s)) => Ok(s),
        Ok(Err(e)) => Err(e.one_line(line)),
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown".into());
            Err(format!("internal error: {msg}"))
        }
    }
}

/// Quiet the default panic message: panics are reported as error lines.
pub fn silence_panics() {
    std::panic::set_hook(Box::new(|_| {}));
}

pub fn expressions(exprs: &[String]) -> ExitCode {
    silence_panics();
    let mut session = Session::new();
    let mut ok = true;
    for e in exprs {
        match eval_to_string(&mut session, e) {
            Ok(s) => println!("{s}"),
            Err(_) => {
                let err = match session.eval_line(e) {
                    Err(err) => err.render(e),
                    Ok(_) => "error: internal error".into(),
                };
                eprintln!("{err}");
                ok = false;
            }
        }
    }
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
    for (n, line) in text.lines().enumerate() {
        if cgt_core::lang::is_blank(line) {
            continue;
        }
        match eval_to_string(&mut session, line) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("{path}:{}: error: {e}", n + 1);
                ok = false;
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// One output line per input line, in order; errors as `error: ...`.
pub fn batch() -> ExitCode {
    silence_panics();
    let mut session = Session::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut buf = Vec::new();
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
        let reply = match std::str::from_utf8(&buf) {
            Err(_) => "error: invalid UTF-8 in input line".to_string(),
            Ok(line) => match line
                .char_indices()
                .find(|(_, c)| c.is_control() && *c != '\t')
            {
                Some((k, c)) => format!(
                    "error: control character U+{:04X} (column {})",
                    c as u32,
                    line[..k].chars().count() + 1
                ),
                None => match eval_to_string(&mut session, line) {
                    Ok(s) => s.replace('\n', " "),
                    Err(e) => format!("error: {}", e.replace('\n', " ")),
                },
            },
        };
        if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}
