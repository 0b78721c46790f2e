//! The interactive REPL: rustyline with history, a thin shell over the library.

use crate::run::{eval_to_string, silence_panics};
use cgt_core::lang::Session;
use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;
use std::process::ExitCode;

fn history_path() -> Option<std::path::PathBuf> {
    let home = std::env::var_os("HOME")?;
    Some(std::path::Path::new(&home).join(".cgt_history"))
}

pub fn run() -> ExitCode {
    silence_panics();
    let mut editor = match DefaultEditor::new() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot start the line editor: {e}");
            return ExitCode::from(1);
        }
    };
    let history = history_path();
    if let Some(h) = &history {
        let _ = editor.load_history(h);
    }
    println!(
        "cgt {} — combinatorial game calculator. Type an expression, `help`, or `:quit`.",
        env!("CARGO_PKG_VERSION")
    );
    let mut session = Session::new();
    loop {
        match editor.readline("cgt> ") {
            Ok(line) => {
                let trimmed = line.trim();
                if trimmed.is_empty() {
                    continue;
                }
                let _ = editor.add_history_entry(line.as_str());
                if matches!(trimmed, ":quit" | ":q" | "quit" | "exit") {
                    break;
                }
                if trimmed == "help" || trimmed.starts_with("help ") {
                    print_help(trimmed.strip_prefix("help").unwrap_or("").trim());
                    continue;
                }
                match eval_to_string(&mut session, &line) {
                    Ok(s) if !s.is_empty() => println!("{s}"),
                    Ok(_) => {}
                    Err(_) => match session.eval_line(&line) {
                        Err(e) => eprintln!("{}", e.render(&line)),
                        Ok(_) => eprintln!("error: internal error"),
                    },
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("error: {e}");
                break;
            }
        }
    }
    if let Some(h) = &history {
        let _ = editor.save_history(h);
    }
    ExitCode::SUCCESS
}

fn print_help(name: &str) {
    use cgt_core::lang::builtins::{lookup, BUILTINS};
    if name.is_empty() {
        let mut topics: Vec<&str> = BUILTINS.iter().map(|b| b.topic).collect();
        topics.dedup();
        topics.sort();
        topics.dedup();
        for t in topics {
            let names: Vec<&str> = BUILTINS
                .iter()
                .filter(|b| b.topic == t)
                .map(|b| b.name)
                .collect();
            println!("{t}: {}", names.join(", "));
        }
        println!("Type `help NAME` for one function.");
        return;
    }
    match lookup(name) {
        Some(b) => {
            println!("{}\n  {}\n  example: {}", b.signature, b.help, b.example);
            let mut s = Session::new();
            if let Ok(out) = eval_to_string(&mut s, b.example) {
                println!("  => {out}");
            }
        }
        None => println!("no function `{name}`"),
    }
}
