//! Headless modes: `-e`, scripts and `--batch`.

use cgt_core::interrupt::Stop;
use cgt_core::lang::Session;
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;

/// Evaluate one line; every failure, an internal one included, becomes an error message.
pub fn eval_to_string(session: &mut Session, line: &str) -> Result<String, String> {
    cgt_core::interrupt::clear();
    match catch_unwind(AssertUnwindSafe(|| session.run_line(line))) {
        Ok(Ok(s)) => Ok(s),
        Ok(Err(e)) => Err(e.one_line(line)),
        Err(panic) if panic.downcast_ref::<Stop>().is_some() => {
            let stop = *panic.downcast_ref::<Stop>().expect("checked");
            if stop == Stop::MemoryLimit {
                // Give the caches' memory back; the games and variables stay.
                session.arena.clear_caches();
            }
            Err(stop.to_string())
        }
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

/// One result as a JSON object: the input, the value in all three styles,
/// its type, and for games the outcome, birthday, stops, temperature and
/// atomic weight (when defined).
pub fn json_line(session: &mut Session, line: &str) -> String {
    use cgt_core::lang::style::{restyle, Style};
    use cgt_core::lang::Value;
    cgt_core::interrupt::clear();
    let result = catch_unwind(AssertUnwindSafe(|| -> Result<serde_json::Value, String> {
        let v = match session.eval_line(line) {
            Ok(Some(v)) => v,
            Ok(None) => return Ok(serde_json::json!({ "input": line })),
            Err(e) => return Err(e.one_line(line)),
        };
        session.style = Style::Plain;
        let plain = session.show(&v);
        let mut obj = serde_json::json!({
            "input": line,
            "type": v.type_name(),
            "value": plain,
            "unicode": restyle(&plain, Style::Unicode),
            "latex": restyle(&plain, Style::Latex),
        });
        let game = match &v {
            Value::Game(g) => Some(*g),
            Value::Form(_) | Value::Position(_) => session.to_game(&v, Default::default()).ok(),
            _ => None,
        };
        if let Some(g) = game {
            let a = &mut session.arena;
            obj["outcome"] = a.outcome(g).to_string().into();
            obj["birthday"] = a.birthday(g).to_string().into();
            obj["left_stop"] = a.left_stop(g).to_string().into();
            obj["right_stop"] = a.right_stop(g).to_string().into();
            obj["mean"] = a.mean(g).to_string().into();
            obj["temperature"] = a.temperature(g).to_string().into();
            if let Some(w) = a.atomic_weight(g) {
                obj["atomic_weight"] = session.game_text(w).into();
            }
        }
        Ok(obj)
    }));
    let obj = match result {
        Ok(Ok(obj)) => obj,
        Ok(Err(e)) => serde_json::json!({ "input": line, "error": e }),
        Err(p) => {
            let msg = p
                .downcast_ref::<Stop>()
                .map_or("internal error".to_string(), |s| s.to_string());
            serde_json::json!({ "input": line, "error": msg })
        }
    };
    obj.to_string()
}

pub fn json_expressions(exprs: &[String]) -> ExitCode {
    silence_panics();
    let mut session = Session::new();
    for e in exprs {
        println!("{}", json_line(&mut session, e));
    }
    ExitCode::SUCCESS
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
                None if json => json_line(&mut session, line),
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
