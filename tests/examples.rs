//! Every script in examples/ runs and prints exactly its `.out` file.

use cgt_lang::{is_blank, Session};

#[test]
fn examples_reproduce_their_expected_output() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("cgt") {
            continue;
        }
        let script = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("out"))
            .expect("every example has a .out file");
        let mut session = Session::new();
        let mut got = String::new();
        for line in script.lines().filter(|l| !is_blank(l)) {
            let out = session
                .run_line(line)
                .unwrap_or_else(|e| panic!("{}: {line}: {}", path.display(), e.message));
            got.push_str(&out);
            got.push('\n');
        }
        assert_eq!(got, expected, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 2, "examples/ lost its scripts");
}
