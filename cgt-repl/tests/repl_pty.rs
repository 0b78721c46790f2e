//! The REPL driven through a pseudo-terminal, as a new user would: Tab
//! completion, `help`, a PSN atomic weight, Ctrl-C during a long computation
//! (the session and its variables survive), a definition over two lines with
//! its help, `:save` and `:load` keeping it, and a LaTeX form for a paper.

mod explorer;
mod pty;

use pty::{spawn_command, PtySession};
use std::process::Command;

#[test]
fn a_newcomer_session() {
    let home = std::env::temp_dir().join(format!("cgt-pty-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cgt"));
    cmd.env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("TERM", "xterm");
    let mut p = spawn_command(cmd, Some(30_000)).expect("spawn cgt in a pty");
    // Keys typed before the line editor is back in raw mode may be dropped
    // by the terminal, so each input waits for it (bracketed paste on).
    p.exp_string("\x1b[?2004h").unwrap();

    p.send_line("a = ^").unwrap();
    p.exp_string("\x1b[?2004l").unwrap();
    p.exp_string("^").unwrap();
    p.exp_string("\x1b[?2004h").unwrap();

    // Tab completes a function name.
    p.send("atomic_w").unwrap();
    p.send("\t").unwrap();
    p.flush().unwrap();
    let seen = p.exp_string("weight(");
    assert!(seen.is_ok(), "{seen:?}");
    p.send_line("psn([3,3,3,3],[3,2,4,1]))").unwrap();
    p.exp_string("\r\n1\r\n").unwrap();
    p.exp_string("\x1b[?2004h").unwrap();

    p.send_line("help psn").unwrap();
    p.exp_string("Partizan-Serial-Nim").unwrap();
    p.exp_string("\x1b[?2004h").unwrap();

    // Ctrl-C stops a long computation (Domineering 6x6 takes minutes) ...
    p.send_line("value(domineering(6,6))").unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    p.send_control('c').unwrap();
    p.exp_string("interrupted").unwrap();
    p.exp_string("cgt> ").unwrap();
    // ... and the session keeps its variables.
    p.send_line("a + a").unwrap();
    p.exp_string("^^").unwrap();

    // A definition over two lines (an unclosed bracket continues it), its
    // help and the list of definitions; each input waits for the editor.
    p.exp_string("\x1b[?2004h").unwrap();
    p.send_line("def f(n) \"a family\" = { [f(k) for k in")
        .unwrap();
    // An unfinished statement asks for more at a `...>` prompt.
    p.exp_string("...> ").unwrap();
    p.send_line("  0..n - 1] | }").unwrap();
    p.exp_string("\x1b[?2004l").unwrap();
    p.exp_string("f(n)").unwrap();
    p.exp_string("\x1b[?2004h").unwrap();
    p.send_line("f(3)").unwrap();
    p.exp_string("\r\n3\r\n").unwrap();
    p.exp_string("\x1b[?2004h").unwrap();
    p.send_line("help f").unwrap();
    p.exp_string("a family").unwrap();
    p.exp_string("\x1b[?2004h").unwrap();
    p.send_line(":defs").unwrap();
    p.exp_string("{ [f(k) for k in").unwrap();
    p.exp_string("\x1b[?2004h").unwrap();

    // A loop over three lines, its body at `...>` prompts; a topic's help.
    p.send_line("t := 0").unwrap();
    ready(&mut p);
    p.send_line("for k in 1..4 do").unwrap();
    p.exp_string("...> ").unwrap();
    p.send_line("  t := t + k").unwrap();
    p.exp_string("...> ").unwrap();
    p.send_line("end").unwrap();
    ready(&mut p);
    p.send_line("t").unwrap();
    p.exp_string("\r\n10\r\n").unwrap();
    p.exp_string("\x1b[?2004h").unwrap();
    p.send_line("help thermography").unwrap();
    p.exp_string("The temperature: where").unwrap();
    p.exp_string("\x1b[?2004h").unwrap();

    // A LaTeX form to paste into a paper.
    p.send_line(":format latex").unwrap();
    ready(&mut p);
    p.exp_string("cgt> ").unwrap();
    p.send_line("{1|-1}").unwrap();
    p.exp_string("\\pm 1").unwrap();

    // :save writes the session's inputs; :load replays a script.
    let script = home.join("session.cgt");
    p.send_line(&format!(":save {}", script.display())).unwrap();
    p.exp_string("saved").unwrap();
    p.exp_string("cgt> ").unwrap();
    p.send_line(&format!(":load {}", script.display())).unwrap();
    p.exp_string("\\Uparrow").unwrap(); // `a + a` replayed, printed in LaTeX
    p.exp_string("cgt> ").unwrap();
    // The definition came back with the script.
    p.send_line("f(4) == 4").unwrap();
    p.exp_string("true").unwrap();
    p.exp_string("cgt> ").unwrap();

    // Errors show a caret and a hint, and keep the session.
    p.send_line("{3|2|1}").unwrap();
    p.exp_string("ambiguous").unwrap();
    p.exp_string("hint:").unwrap();
    p.exp_string("cgt> ").unwrap();
    p.send_line(":quit").unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&home);
}

/// Wait until the line just sent was accepted and the next prompt reads
/// input (the editor leaves and re-enters bracketed-paste mode): keys typed
/// while a computation runs would be discarded.
fn ready(p: &mut PtySession) {
    p.exp_string("\x1b[?2004l").unwrap();
    p.exp_string("\x1b[?2004h").unwrap();
}

/// A REPL under a 256 MB limit in a home of its own, holding `keep = ^*`.
fn session_keeping_a_variable(tag: &str) -> (PtySession, std::path::PathBuf) {
    let home = std::env::temp_dir().join(format!("cgt-pty-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cgt"));
    cmd.env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("TERM", "xterm")
        .args(["--max-memory", "256M"]);
    let mut p = spawn_command(cmd, Some(60_000)).expect("spawn cgt in a pty");
    p.exp_string("cgt> ").unwrap();
    p.send_line("keep = ^*").unwrap();
    p.exp_string("^*").unwrap();
    p.exp_string("cgt> ").unwrap();
    (p, home)
}

/// The variable is still there, and the REPL leaves cleanly.
fn still_keeps_it(mut p: PtySession, home: std::path::PathBuf) {
    p.send_line("keep + keep").unwrap();
    p.exp_string("^^").unwrap();
    p.send_line(":quit").unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&home);
}

/// Multi-byte characters with the cursor at every position, Tab and the
/// signature hint after each: the REPL never dies and keeps its variables.
#[test]
fn multi_byte_characters_in_the_repl() {
    let (mut p, home) = session_keeping_a_variable("multibyte");
    for line in ["±(↑⋆→", "↑(", "⋆(", "→(", "±(", "ab↑c(d⋆"] {
        let chars = line.chars().count();
        for k in 0..=chars {
            p.send(line).unwrap();
            p.send("\x01").unwrap(); // Home
            for _ in 0..k {
                p.send("\x1b[C").unwrap(); // Right
            }
            p.send("\t").unwrap();
            p.send("\x05\x15").unwrap(); // End, then Ctrl-U drops the line
            p.send("\r").unwrap();
            p.flush().unwrap();
            ready(&mut p);
        }
    }
    // Tab after a multi-byte character at the end of the line, then Enter.
    p.send("↑\t").unwrap();
    p.send_line("").unwrap();
    p.exp_string("^").unwrap();
    p.exp_string("cgt> ").unwrap();
    still_keeps_it(p, home);
}

/// Hostile lines typed at the prompt: the REPL never dies and keeps its
/// variables.
#[test]
fn hostile_lines_in_the_repl() {
    let (mut p, home) = session_keeping_a_variable("hostile");
    let hostile = std::fs::read_to_string(format!(
        "{}/tests/data/hostile.in",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    for line in hostile
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#') && l.len() < 60)
        .filter(|l| !l.contains("4294967") && !l.contains("{^9223372036854775806*|0}"))
        .filter(|l| !l.starts_with("tiny(") && !l.starts_with("ordinal_sum(*, 1"))
        .take(120)
    {
        // Commands and lines that continue on the next line (an unclosed
        // bracket) are not single inputs here.
        let depth: i32 = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .map(|c| match c {
                '{' | '(' | '[' => 1,
                '}' | ')' | ']' => -1,
                _ => 0,
            })
            .sum();
        if line.starts_with(':') || line.trim() == "help" || depth > 0 || line.contains('"') {
            continue;
        }
        p.send_line(line).unwrap();
        ready(&mut p);
    }
    still_keeps_it(p, home);
}

/// A computation longer than a second shows one progress line, which is
/// gone when the result prints; `--quiet` shows none.
#[test]
fn long_computations_show_progress() {
    for quiet in [false, true] {
        let home = std::env::temp_dir().join(format!("cgt-pty-progress-{}", std::process::id()));
        std::fs::create_dir_all(&home).unwrap();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_cgt"));
        if quiet {
            cmd.arg("--quiet");
        }
        cmd.env("HOME", &home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("TERM", "xterm");
        let mut p = spawn_command(cmd, Some(60_000)).expect("spawn cgt in a pty");
        p.exp_string("\x1b[?2004h").unwrap();
        // Domineering 5x6 takes a few seconds.
        p.send_line("value(domineering(5,6))").unwrap();
        if quiet {
            let before = p.exp_string("\r\n-3/2\r\n").unwrap();
            assert!(!before.contains("computing"), "{before:?}");
        } else {
            // The line is erased (ESC [2K) before the result prints.
            let before = p.exp_string("\x1b[2K-3/2\r\n").unwrap();
            assert!(
                before.contains("computing") && before.contains("steps"),
                "{before:?}"
            );
        }
        p.exp_string("\x1b[?2004h").unwrap();
        p.send_line(":quit").unwrap();
        p.exp_eof().unwrap();
    }
}

/// The body of an HTTP POST to the explorer on `port`.
fn post(port: u16, path: &str, body: &str) -> String {
    explorer::request(port, "POST", path, body, &[]).1
}

/// `:explore` serves the REPL's own session: the page sees its variables
/// and what the page defines stays; Ctrl-C returns to the prompt.
#[test]
fn explore_from_the_repl_keeps_the_session() {
    let (mut p, home) = session_keeping_a_variable("explore");
    p.send_line(":explore domineering(2, 3) --no-open").unwrap();
    p.exp_string("explorer: http://127.0.0.1:").unwrap();
    let port: u16 = p.exp_string("/").unwrap().trim().parse().unwrap();
    let seen = post(port, "/api/eval", r#"{"line":"made := keep + *"}"#);
    assert!(seen.contains(r#""output":"^""#), "{seen}");
    let state = post(port, "/api/go", r#"{"at":0}"#);
    assert!(state.contains(r#""value":"{2|-1/2}""#), "{state}");
    p.send_control('c').unwrap();
    p.exp_string("cgt> ").unwrap();
    p.send_line("made + made").unwrap();
    p.exp_string("^^").unwrap();
    p.exp_string("cgt> ").unwrap();
    still_keeps_it(p, home);
}
