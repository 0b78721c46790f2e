//! `cgt`: the command line over cgt-core.
//!
//! `cgt` starts the REPL, `cgt -e EXPR` prints one value, `cgt FILE` runs a
//! script, `cgt --batch` answers one line of output per line of input, and
//! `cgt bench ...` runs the benchmark workloads.

mod bench;
mod check;
mod cli;
mod explore;
mod memory;
mod merge;
mod progress;
mod repl;
mod reply;
mod run;
mod sls_game;
mod tabulate;

#[global_allocator]
static ALLOCATOR: memory::Counting = memory::Counting;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cgt                  start the interactive REPL
       cgt -e EXPR          evaluate EXPR (may be repeated) and print the results
       cgt FILE             run a script, printing each result
       cgt --batch          read standard input, print exactly one line per input line
options: --json (results as JSON objects, with -e and --batch), --vi (Vi keys in the REPL),
         --quiet (no progress line for long computations),
         --check-keys (check user rulesets' keys on a sample; a key that lies is an error),
         --max-memory SIZE (stop a computation past SIZE, e.g. 8G; default 3/4 of RAM),
         --threads T (threads for one big value; default and at most every core)
       cgt check NAME ...   verify a paper's theorem exhaustively (`cgt check` lists them)
       cgt tabulate psn ... store every position's outcome, atomic weight and value in SQLite
       cgt sls-game ...     play four-player So Long Sucker at the terminal (`cgt sls-game --help`)
       cgt explore [EXPR]   explore a position in the browser: its value and every move marked
                            (--port N, --no-open; served on 127.0.0.1 only)
       cgt bench NAME ...   benchmark workloads (`cgt bench` lists them)
       cgt reference [--force] [FILE]
                            the reference manual as one HTML page (every example run);
                            FILE `-` is standard output; a file it did not write needs --force
       cgt --help           this text (cgt --version: the version)";

fn main() -> ExitCode {
    // Output piped into a program that stops reading (`| head -1`) ends cgt
    // quietly, as it ends any Unix tool, instead of failing a write.
    // SAFETY: setting a signal's disposition to its default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // Small jobs start without huge pages; large ones get them back.
    cgt_core::interrupt::lean_start(64 << 20);
    let args: Vec<String> = std::env::args().skip(1).collect();
    // All work runs on a thread with a 32 MB stack; the engine and the
    // language grow their stacks on the heap past it, where the memory
    // limit counts them (a 512 MB thread stack let deep nesting use half a
    // gigabyte that no limit saw).
    let worker = std::thread::Builder::new()
        .name("cgt".into())
        .stack_size(32 * 1024 * 1024)
        .spawn(move || dispatch(&args))
        .expect("spawn worker thread");
    match worker.join() {
        Ok(code) => code,
        // A stop that reached the top (Ctrl-C, the memory limit, a limit of
        // the engine inside `check` or `bench`): say why, never a raw panic.
        Err(payload) => match cgt_core::interrupt::payload_to_stop(payload) {
            stop @ cgt_core::interrupt::Stop::Internal(_) => {
                eprintln!("error: {stop}");
                ExitCode::from(70)
            }
            stop => {
                eprintln!("error: {stop}");
                ExitCode::from(1)
            }
        },
    }
}

fn dispatch(args: &[String]) -> ExitCode {
    // Global options, valid in every mode.
    let mut args: Vec<String> = args.to_vec();
    // A flag given twice means what it means once.
    let take_flag = |args: &mut Vec<String>, f: &str| -> bool {
        let before = args.len();
        args.retain(|a| a != f);
        args.len() < before
    };
    let json = take_flag(&mut args, "--json");
    let vi = take_flag(&mut args, "--vi");
    let quiet = take_flag(&mut args, "--quiet");
    if take_flag(&mut args, "--check-keys") {
        run::CHECK_KEYS.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    let mut limit = memory::default_limit();
    if let Some(k) = args.iter().position(|a| a == "--max-memory") {
        match args.get(k + 1).and_then(|s| repl::parse_size(s)) {
            Some(bytes) => limit = bytes,
            None => {
                eprintln!("error: --max-memory needs a size such as 8G or 500M");
                return ExitCode::from(2);
            }
        }
        args.drain(k..k + 2);
    }
    memory::set_limit(limit);
    // Threads for one value, anywhere on the line; `check`, `bench` and
    // `tabulate` read the same flag for their own workers.
    let threads = match cli::asked_threads(&args) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let in_force = cgt_core::ruleset::set_threads(threads.unwrap_or(0));
    if let Some(t) = threads.filter(|&t| t > in_force) {
        eprintln!("warning: --threads {t}: this machine has {in_force} cores; using {in_force}");
    }
    if let Some(k) = args.iter().position(|a| a == "--threads") {
        let flag: Vec<String> = args.drain(k..k + 2).collect();
        if ["bench", "check", "tabulate"].contains(&args.first().map_or("", String::as_str)) {
            args.extend(flag);
        }
    }
    match args.first().map(String::as_str) {
        None => repl::run(vi, quiet),
        Some("-h") | Some("--help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("-V") | Some("--version") => {
            println!("cgt {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some("--batch") => run::batch(json, quiet),
        Some("-e") => {
            let mut exprs = Vec::new();
            let mut it = args.iter();
            while let Some(a) = it.next() {
                match (a.as_str(), it.next()) {
                    ("-e", Some(e)) => exprs.push(e.clone()),
                    _ => {
                        eprintln!("{USAGE}");
                        return ExitCode::from(2);
                    }
                }
            }
            if json {
                run::json_expressions(&exprs, quiet)
            } else {
                run::expressions(&exprs, quiet)
            }
        }
        Some("bench") => bench::run(&args[1..]),
        Some("check") => check::run(&args[1..]),
        Some("tabulate") => tabulate::run(&args[1..]),
        Some("sls-game") => sls_game::run(&args[1..]),
        Some("explore") => explore::run(&args[1..]),
        Some("reference") => repl::reference_command(&args[1..]),
        Some(path) if !path.starts_with('-') && args.len() == 1 => run::script(path, quiet),
        Some(_) => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
