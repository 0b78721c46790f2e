//! Every script in examples/ (and examples/rulesets/) runs and prints
//! exactly its `.out` file.

use cgt_lang::{script, Session};

fn check_dir(dir: &std::path::Path) -> usize {
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("cgt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("out"))
            .expect("every example has a .out file");
        let mut session = Session::new();
        let mut got = String::new();
        for (n, line) in script::statements(&text) {
            // Scripts take the REPL's commands too (`help NAME`).
            let out = match session.command(&line) {
                Some(r) => r,
                None => session.run_line(&line),
            }
            .unwrap_or_else(|e| panic!("{}:{n}: {line}: {}", path.display(), e.message));
            got.push_str(&out);
            got.push('\n');
        }
        assert_eq!(got, expected, "{}", path.display());
        checked += 1;
    }
    checked
}

#[test]
fn examples_reproduce_their_expected_output() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    assert!(check_dir(&dir) >= 2, "examples/ lost its scripts");
    assert!(
        check_dir(&dir.join("rulesets")) >= 7,
        "examples/rulesets/ lost its scripts"
    );
}
