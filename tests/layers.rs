//! The language crate's modules import each other in layers, never in a
//! circle: parse -> resolve -> compile -> run, with the library below the
//! machine that calls it. Each file's references to `crate::m` and
//! `super::m` are read from its text; a circle between two of the crate's
//! top-level modules fails this test, naming it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level module a file of `src` belongs to (`library/data.rs` is
/// in `library`), and the module a `super` in it names.
fn modules_of(src: &Path, file: &Path) -> (String, String) {
    let rel = file.strip_prefix(src).unwrap();
    let parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    let top = parts[0].clone();
    // `super` in `library/data.rs` is `library`; in `library/mod.rs` or a
    // top-level file it is the crate root.
    let sup = if parts.len() > 1 && parts.last().map(String::as_str) != Some("mod") {
        top.clone()
    } else {
        "lib".to_string()
    };
    (top, sup)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every `prefix::name` in `text` (outside comments), by name.
fn references<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(k) = rest.find(prefix) {
            let after = &rest[k + prefix.len()..];
            let end = after
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            out.push(&after[..end]);
            rest = &after[end..];
        }
        // `use crate::{a, b}` names several modules at once.
        for opener in ["crate::{", "super::{"] {
            if let Some(k) = code.find(opener) {
                let inner = &code[k + opener.len()..];
                let inner = &inner[..inner.find('}').unwrap_or(inner.len())];
                for item in inner.split(',') {
                    let name = item.trim().split("::").next().unwrap_or("").trim();
                    if !name.is_empty()
                        && (opener.starts_with("crate") == prefix.starts_with("crate"))
                    {
                        out.push(name);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn the_language_crate_has_no_circle_of_imports() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("cgt-lang/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let tops: BTreeSet<String> = files.iter().map(|f| modules_of(&src, f).0).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in &files {
        let (top, sup) = modules_of(&src, f);
        if top == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        let mut targets: Vec<String> = references(&text, "crate::")
            .into_iter()
            .map(str::to_string)
            .collect();
        for name in references(&text, "super::") {
            // `super::x` from a file of a directory module is a sibling.
            targets.push(if sup == "lib" {
                name.to_string()
            } else {
                top.clone()
            });
        }
        for t in targets {
            if t != top && tops.contains(&t) {
                edges.entry(top.clone()).or_default().insert(t);
            }
        }
    }
    // Depth-first search for a circle.
    fn visit(
        m: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(m) {
            Some(2) => return None,
            Some(1) => {
                let k = path.iter().position(|p| p == m).unwrap();
                let mut circle = path[k..].to_vec();
                circle.push(m.to_string());
                return Some(circle);
            }
            _ => {}
        }
        state.insert(m.to_string(), 1);
        path.push(m.to_string());
        for t in edges.get(m).into_iter().flatten() {
            if let Some(c) = visit(t, edges, state, path) {
                return Some(c);
            }
        }
        path.pop();
        state.insert(m.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in &tops {
        if let Some(circle) = visit(m, &edges, &mut state, &mut Vec::new()) {
            panic!("modules import each other: {}", circle.join(" -> "));
        }
    }
    // The phases in order, and the library below the machine.
    let depends = |a: &str, b: &str| edges.get(a).is_some_and(|s| s.contains(b));
    assert!(depends("resolve", "syntax"));
    assert!(depends("compile", "resolve"));
    assert!(depends("toplevel", "compile") && depends("toplevel", "machine"));
    assert!(depends("machine", "library") && !depends("library", "machine"));
    for layer in ["syntax", "code", "value", "world", "context", "library"] {
        for above in ["resolve", "compile", "machine", "toplevel", "session"] {
            assert!(!depends(layer, above), "{layer} imports {above}");
        }
    }
}
