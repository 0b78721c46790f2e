//! The reply to one input line in the headless modes: a value, an error, or
//! (with `--json`) a JSON object — always exactly one line for `--batch`.
//! Depends on the library only, so the fuzz targets replay it as it is.

use cgt_lang::{Error, Session};

/// The one-line reply of `--batch` to one raw input line (its line break
/// already removed): the value with line breaks turned into spaces, or
/// `error: ...`.
pub fn batch_reply(session: &mut Session, raw: &[u8], json: bool) -> String {
    let line = match std::str::from_utf8(raw) {
        Err(_) => return "error: invalid UTF-8 in input line".to_string(),
        Ok(line) => line,
    };
    if let Some((k, c)) = line
        .char_indices()
        .find(|(_, c)| c.is_control() && *c != '\t')
    {
        return format!(
            "error: control character U+{:04X} (column {})",
            c as u32,
            line[..k].chars().count() + 1
        );
    }
    if json {
        return json_line(session, line);
    }
    match eval_to_string(session, line) {
        Ok(s) => one_line(&s),
        Err(e) => format!("error: {}", one_line(&e.one_line(line))),
    }
}

/// Evaluate one line, or run it if it is a command; every failure, an
/// internal one included, becomes an error (the session catches stops itself).
pub fn eval_to_string(session: &mut Session, line: &str) -> Result<String, Error> {
    match session.command(line) {
        Some(r) => r,
        None => session.run_line(line),
    }
}

/// Text on one line: line breaks (also Unicode's) as spaces.
fn one_line(s: &str) -> String {
    s.replace(['\n', '\r', '\u{2028}', '\u{2029}', '\u{85}'], " ")
}

/// One result as a JSON object: the input, the value in all three styles,
/// its type, and for games and forms the outcome, birthday, stops, temperature and
/// atomic weight (when defined).
pub fn json_line(session: &mut Session, line: &str) -> String {
    use cgt_lang::style::{restyle, Style};
    use cgt_lang::Value;
    if let Some(r) = session.command(line) {
        return match r {
            Ok(text) => serde_json::json!({ "input": line, "type": "text", "value": text }),
            Err(e) => serde_json::json!({ "input": line, "error": e.one_line(line) }),
        }
        .to_string();
    }
    // Every text of the object is plain; the other styles are derived.
    let style = session.style();
    session.set_style(Style::Plain);
    let result = session.guard(|session| -> Result<serde_json::Value, Error> {
        let v = match session.eval_line(line)? {
            None | Some(Value::Nil) => return Ok(serde_json::json!({ "input": line })),
            Some(v) => v,
        };
        let plain = session.show(&v);
        let mut obj = serde_json::json!({ "input": line, "type": v.type_name() });
        obj["value"] = plain.as_str().into();
        // A string is data: never restyled. The other styles are the
        // printer's own (text that is not game notation stays as it is).
        if !matches!(v, Value::Str(_)) {
            for (key, style) in [("unicode", Style::Unicode), ("latex", Style::Latex)] {
                session.set_style(style);
                obj[key] = session.show(&v).into();
            }
            session.set_style(Style::Plain);
        }
        // A position is data, shown as its text at once as in plain output
        // (its value can take long: `value(P)` asks for it).
        let game = match &v {
            Value::Game(g) => Some(*g),
            Value::Form(_) | Value::Sum(_) => Some(session.to_game(&v, Default::default())?),
            _ => None,
        };
        if let Some(g) = game {
            let value = session.game_text(g);
            if value != plain {
                // A form kept as written: its text here, its value in all
                // three styles as for a game.
                obj["form"] = plain.into();
                obj["unicode"] = restyle(&value, Style::Unicode).into();
                obj["latex"] = restyle(&value, Style::Latex).into();
                obj["value"] = value.into();
            }
            let a = &mut session.world().arena;
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
    });
    session.set_style(style);
    let mut obj = match result {
        Ok(obj) => obj,
        Err(e) => serde_json::json!({ "input": line, "error": e.one_line(line) }),
    };
    let printed = session.take_output();
    if !printed.is_empty() {
        obj["printed"] = printed.into();
    }
    obj.to_string()
}
