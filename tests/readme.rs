//! The README's tour is real: every `cgt> input` line and the output line
//! under it are replayed in one session.

use cgt_lang::Session;

#[test]
fn readme_tour_outputs_are_real() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let lines: Vec<&str> = readme.lines().collect();
    let mut session = Session::new();
    let mut checked = 0;
    for (k, line) in lines.iter().enumerate() {
        if let Some(input) = line.strip_prefix("cgt> ") {
            let expected = lines[k + 1];
            let got = session
                .run_line(input)
                .unwrap_or_else(|e| format!("error: {}", e.message));
            assert_eq!(got, expected, "README input `{input}`");
            checked += 1;
        }
    }
    assert!(checked >= 15, "the tour lost its examples ({checked})");
}
