//! `cgt explore [EXPR] [--port N] [--no-open]`: the explorer of EXPR
//! (Domineering 4×4 if none is given) in a session of its own, served on
//! 127.0.0.1 until Ctrl-C (or the page's quit).

use cgt_lang::{Session, Value};
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage: cgt explore [EXPR] [--port N] [--no-open]
  serves a page on 127.0.0.1 (a free port unless --port) showing EXPR (a position or game;
  domineering(4, 4) if none) with its value and every move, and opens it in the browser";

/// What `cgt explore` and `:explore` are asked: the expression (if any)
/// and how to serve.
struct Request {
    expr: Option<String>,
    options: cgt_explore::Options,
}

fn parse(args: &[&str]) -> Result<Request, String> {
    let mut options = cgt_explore::Options {
        port: 0,
        open: true,
    };
    let mut words: Vec<&str> = Vec::new();
    let mut it = args.iter();
    while let Some(&a) = it.next() {
        match a {
            "--no-open" => options.open = false,
            "--port" => match it.next().and_then(|p| p.parse().ok()) {
                Some(p) => options.port = p,
                None => return Err("--port needs a number".into()),
            },
            _ => words.push(a),
        }
    }
    let expr = (!words.is_empty()).then(|| words.join(" "));
    Ok(Request { expr, options })
}

/// The game `expr` means in `session`, or why it is none.
fn start(session: &mut Session, expr: &str) -> Result<Value, String> {
    match session.eval_with(expr, &[]) {
        Ok(v) if cgt_explore::explorable(&v) => Ok(v),
        Ok(v) => Err(format!(
            "{expr} is a {}, not a game to explore",
            v.type_name()
        )),
        Err(e) => Err(e.render(expr)),
    }
}

/// Serve `explorer`, printing its address.
fn serve(
    explorer: &mut cgt_explore::Explorer,
    options: cgt_explore::Options,
) -> Result<(), String> {
    cgt_explore::serve(explorer, options, |url| {
        println!("explorer: {url}  (Ctrl-C ends it)");
        let _ = std::io::stdout().flush();
    })
}

pub fn run(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let request = match parse(&args) {
        Ok(r) => r,
        Err(e) => return usage(&e),
    };
    let expr = request.expr.unwrap_or_else(|| "domineering(4, 4)".into());
    crate::run::silence_panics();
    let mut session = crate::run::new_session();
    let game = match start(&mut session, &expr) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut explorer = cgt_explore::Explorer::new(session, game);
    match serve(&mut explorer, request.options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// `:explore [EXPR] [--port N] [--no-open]` in the REPL: the explorer on
/// the REPL's own session (its variables and functions), the last value if
/// no EXPR is given; Ctrl-C ends it and the REPL goes on, with what the
/// page's expressions defined.
pub fn in_session(arg: &str, session: &mut Session) -> Result<(), String> {
    let words: Vec<&str> = arg.split_whitespace().collect();
    let request = parse(&words)?;
    let expr = request.expr.unwrap_or_else(|| "ans".into());
    let game = start(session, &expr)?;
    let own = std::mem::replace(session, Session::new());
    let mut explorer = cgt_explore::Explorer::new(own, game);
    let served = serve(&mut explorer, request.options);
    *session = explorer.into_session();
    served
}

fn usage(message: &str) -> ExitCode {
    eprintln!("error: {message}\n{USAGE}");
    ExitCode::from(2)
}
