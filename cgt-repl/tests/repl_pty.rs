//! The REPL driven through a pseudo-terminal, as a new user would: Tab
//! completion, `help`, a PSN atomic weight, Ctrl-C during a long computation
//! (the session and its variables survive), and a LaTeX form for a paper.

use rexpect::session::spawn_command;
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
    p.exp_string("cgt> ").unwrap();

    p.send_line("a = ^").unwrap();
    p.exp_string("^").unwrap();

    // Tab completes a function name.
    p.send("atomic_w").unwrap();
    p.send("\t").unwrap();
    p.flush().unwrap();
    let seen = p.exp_string("weight(");
    assert!(seen.is_ok(), "{seen:?}");
    p.send_line("psn([3,3,3,3],[3,2,4,1]))").unwrap();
    p.exp_regex("\\r\\n1\\r\\n").unwrap();

    p.send_line("help psn").unwrap();
    p.exp_string("Partizan-Serial-Nim").unwrap();

    // Ctrl-C stops a long computation (Domineering 5x6 takes ~20 s) ...
    p.send_line("value(domineering(5,6))").unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    p.send_control('c').unwrap();
    p.exp_string("interrupted").unwrap();
    // ... and the session keeps its variables.
    p.send_line("a + a").unwrap();
    p.exp_string("^^").unwrap();

    // A LaTeX form to paste into a paper.
    p.exp_string("cgt> ").unwrap();
    p.send_line(":format latex").unwrap();
    p.exp_string(":format latex").unwrap();
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

    // Errors show a caret and a hint, and keep the session.
    p.send_line("{3|2|1}").unwrap();
    p.exp_string("ambiguous").unwrap();
    p.exp_string("hint:").unwrap();
    p.exp_string("cgt> ").unwrap();
    p.send_line(":quit").unwrap();
    p.exp_eof().unwrap();
    let _ = std::fs::remove_dir_all(&home);
}
