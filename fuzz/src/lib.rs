//! Shared pieces of the fuzz targets: a grammar-aware generator of
//! expressions (the whole alphabet: big literals, every function, ruleset
//! constructors), a watchdog that stops a computation after a time budget
//! (as Ctrl-C would), and the memory account behind `--max-memory`.

use arbitrary::{Result, Unstructured};
use cgt_lang::builtins::builtins;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Once;
use std::time::Duration;

/// The engine's counting allocator (the targets install it, as the binary does).
pub use cgt_core::interrupt::CountingAllocator as Counting;

static GENERATION: AtomicU64 = AtomicU64::new(0);

/// Start (once) a watchdog that interrupts any computation running longer
/// than `budget`, and set a memory limit: a slow or huge input then ends
/// with an error, as it would for a user pressing Ctrl-C.
pub fn watchdog(budget: Duration, memory: usize) {
    static START: Once = Once::new();
    START.call_once(|| {
        cgt_core::interrupt::set_memory_limit(memory);
        std::thread::spawn(move || loop {
            let seen = GENERATION.load(Ordering::Relaxed);
            std::thread::sleep(budget);
            if GENERATION.load(Ordering::Relaxed) == seen {
                cgt_core::interrupt::request(cgt_core::interrupt::Stop::Interrupted);
            }
        });
    });
    GENERATION.fetch_add(1, Ordering::Relaxed);
}

const ATOMS: &[&str] = &[
    "0",
    "1",
    "-1",
    "1/2",
    "-3/8",
    "5/1024",
    "*",
    "*2",
    "*3",
    "^",
    "v",
    "^^",
    "vv",
    "^*",
    "v*",
    "^3",
    "v7",
    "^<2>",
    "^[3]",
    "v<3>",
    "v[2]",
    "+-1",
    "±2",
    "↑",
    "↓",
    "⋆",
    "⇑",
    "⇓",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "*9223372036854775807",
    "*18446744073709551615",
    "*1048577",
    "*1000000",
    "^9223372036854775807",
    "v9223372036854775807",
    "^[100]",
    "^<100>",
    "1/3",
    "1/0",
    "0/0",
    "2.5",
    "*.12",
    "Tiny(1)",
    "Miny(2)",
    "2Tiny(2)",
    "{|}",
    "{0|}",
    "{|0}",
    "{0|0}",
    "{1|-1}",
    "{3||2|1}",
    "{0||0|-1}",
    "'{*|*}'",
    "'{0,*|0}'",
    "\"s\"",
    "Left",
    "Right",
    "ans",
    "x",
    "per_player",
    "joint_end",
    "all_small",
    "[]",
    "[1,2,3]",
    "(2,0)",
    "true",
    "false",
    "1e9",
    "1000000000000",
    "-0",
    "00",
    "*-1",
    "^-1",
];

const OPS: &[&str] = &[
    "+", "-", ":", "->", "==", "!=", "<=", ">=", "<", ">", "<>", "<|", "|>", "+-", "→", "±", " * ",
    " div ", " mod ", " and ", " or ", "..",
];

const RULESET_CALLS: &[&str] = &[
    "psn",
    "serial_nim",
    "end_nim",
    "psn_outcome",
    "psn_thresholds",
    "psn_uniform_outcome",
    "psn_misere_outcome",
    "domineering",
    "sls",
    "sls_play",
    "value",
    "outcome_class",
    "misere_outcome_class",
    "atomic_weight",
];

fn small_int(u: &mut Unstructured) -> Result<String> {
    Ok(match u.int_in_range(0..=9)? {
        0 => "18446744073709551615".into(),
        1 => "4294967296".into(),
        2 => "-1".into(),
        3 => "100000".into(),
        _ => u.int_in_range(0..=6u8)?.to_string(),
    })
}

fn list(u: &mut Unstructured, max: usize) -> Result<String> {
    let n = u.int_in_range(0..=max)?;
    let mut items = Vec::new();
    for _ in 0..n {
        items.push(small_int(u)?);
    }
    Ok(format!("[{}]", items.join(",")))
}

/// A call of any registered ruleset's constructor with arguments drawn from
/// the shapes constructors take (strings of board characters, integers,
/// lists of integers, of strings and of pairs).
fn any_constructor(u: &mut Unstructured) -> Result<String> {
    let r = u.choose(cgt_core::ruleset::registry::RULESETS)?;
    let c = u.choose(r.constructors)?;
    let n = u.int_in_range(*c.arity.start()..=*c.arity.end() + 1)?;
    let mut args = Vec::new();
    for _ in 0..n {
        let text = |u: &mut Unstructured| -> Result<String> {
            let len = u.int_in_range(0..=8)?;
            let mut s = String::new();
            for _ in 0..len {
                s.push(*u.choose(&[
                    '.', 'x', 'o', 'X', 'O', 'T', 'F', 'B', 'R', 'G', '#', '|', '/', '0', '7', 'é',
                ])?);
            }
            Ok(format!("\"{s}\""))
        };
        args.push(match u.int_in_range(0..=5)? {
            0 => text(u)?,
            1 => small_int(u)?,
            2 => list(u, 5)?,
            3 => format!("[{}, {}]", text(u)?, text(u)?),
            4 => format!(
                "[({}, {}), ({}, {})]",
                small_int(u)?,
                small_int(u)?,
                small_int(u)?,
                small_int(u)?
            ),
            _ => format!("\"0.{}\"", u.int_in_range(0..=777u32)?),
        });
    }
    Ok(format!("{}({})", c.name, args.join(", ")))
}

/// A ruleset constructor call with arguments good and bad.
pub fn ruleset_call(u: &mut Unstructured) -> Result<String> {
    let inner = match u.int_in_range(0..=7)? {
        6 | 7 => any_constructor(u)?,
        0 => format!("psn({}, {})", list(u, 5)?, list(u, 5)?),
        1 => format!("psn({}, {}, {})", list(u, 4)?, list(u, 4)?, list(u, 4)?),
        2 => format!("domineering({}, {})", small_int(u)?, small_int(u)?),
        3 => {
            let rows = u.int_in_range(0..=4)?;
            let mut r = Vec::new();
            for _ in 0..rows {
                let w = u.int_in_range(0..=4)?;
                let mut row = String::new();
                for _ in 0..w {
                    row.push(*u.choose(&['.', '#', 'x', '/', ' '])?);
                }
                r.push(row);
            }
            format!("domineering(\"{}\")", r.join("/"))
        }
        4 => {
            let piles: Vec<String> = (0..u.int_in_range(0..=3)?)
                .map(|_| {
                    let n = u.int_in_range(0..=3).unwrap_or(0);
                    let s: String = (0..n)
                        .map(|_| *u.choose(&['r', 'b', 'g', 'y']).unwrap_or(&'r'))
                        .collect();
                    format!("\"{s}\"")
                })
                .collect();
            let variant = *u.choose(&[
                "",
                ", at_least_one",
                ", own_colour_only",
                ", unbounded",
                ", extra_actions",
                ", 7",
            ])?;
            format!(
                "sls([{}], {}, ({}, {}), ({}, {}){variant})",
                piles.join(","),
                small_int(u)?,
                small_int(u)?,
                small_int(u)?,
                small_int(u)?,
                small_int(u)?
            )
        }
        _ => format!("serial_nim({})", list(u, 6)?),
    };
    let f = u.choose(RULESET_CALLS)?;
    Ok(match u.int_in_range(0..=2)? {
        0 => inner,
        _ => format!("{f}({inner})"),
    })
}

/// A random expression of the language, `depth` levels deep at most.
pub fn expression(u: &mut Unstructured, depth: u32) -> Result<String> {
    if depth == 0 || u.is_empty() {
        return Ok(u.choose(ATOMS)?.to_string());
    }
    Ok(match u.int_in_range(0..=10)? {
        0 | 1 => u.choose(ATOMS)?.to_string(),
        2 => format!(
            "{} {} {}",
            expression(u, depth - 1)?,
            u.choose(OPS)?,
            expression(u, depth - 1)?
        ),
        3 => format!("-{}", expression(u, depth - 1)?),
        4 => format!("({})", expression(u, depth - 1)?),
        5 => {
            let b = u.choose(builtins())?;
            let lo = *b.arity.start();
            let n = u.int_in_range(lo..=(*b.arity.end()).min(lo.max(3)))?;
            let mut args = Vec::new();
            for _ in 0..n {
                args.push(expression(u, depth - 1)?);
            }
            format!("{}({})", b.name, args.join(", "))
        }
        6 => {
            let bars = "|".repeat(u.int_in_range(1..=3)?);
            format!(
                "{{{}{bars}{}}}",
                expression(u, depth - 1)?,
                expression(u, depth - 1)?
            )
        }
        7 => format!(
            "[{} for i in {}..{}]",
            expression(u, depth - 1)?,
            small_int(u)?,
            small_int(u)?
        ),
        8 => ruleset_call(u)?,
        9 => language(u, depth - 1)?,
        _ => {
            // A raw fragment: bytes the grammar does not expect.
            let s: String = u.arbitrary()?;
            s.chars().take(12).collect()
        }
    })
}

/// The programmable language: conditionals, bindings, lists and strings
/// (repeated, split, joined, replaced, grown in loops), statements,
/// definitions (recursive ones too), rulesets defined by move functions and
/// their keys checked.
fn language(u: &mut Unstructured, depth: u32) -> Result<String> {
    let e = |u: &mut Unstructured| expression(u, depth);
    let text = |u: &mut Unstructured| -> Result<&str> {
        u.choose(&[
            "ab", "T.F", "x|o", "é", "", "..|#.", "\\\"", "\u{2028}", "xx.xxx",
        ])
        .copied()
    };
    Ok(match u.int_in_range(0..=15)? {
        0 => format!("if {} then {} else {}", e(u)?, e(u)?, e(u)?),
        1 => format!("let x = {}, y = x in {}", e(u)?, e(u)?),
        2 => format!("not {}", e(u)?),
        3 => format!("[{} for x in {} if {}]", e(u)?, e(u)?, e(u)?),
        4 => format!("{}[{}]", e(u)?, small_int(u)?),
        5 => format!("{}[{}:{}]", e(u)?, small_int(u)?, small_int(u)?),
        6 => format!(
            "def f(n) = if n <= 0 then {} else {{ f(n - 1) | {} }}; f({})",
            e(u)?,
            e(u)?,
            small_int(u)?
        ),
        7 => format!(
            "def m(p) = [p - k for k in [1, {}] if k <= p]; R = ruleset(m, m); {}(R({}))",
            small_int(u)?,
            u.choose(RULESET_CALLS)?,
            small_int(u)?
        ),
        8 => format!(
            "def m(s) = [replace_at(s, i, \".\") for i in find_all(s, {})]; S = ruleset(m, m, key = m); value(S({}))",
            e(u)?,
            e(u)?
        ),
        // Strings: repetition, splitting and joining, replacing, loops
        // that grow them, statements over them.
        9 => format!("\"{}\" * {}", text(u)?, e(u)?),
        10 => format!(
            "join(split(\"{}\", \"{}\"), str({}))",
            text(u)?,
            text(u)?,
            e(u)?
        ),
        11 => format!(
            "{}(\"{}\", \"{}\", \"{}\")",
            u.choose(&["replace_each", "translate", "grid_replace_each"])?,
            text(u)?,
            text(u)?,
            text(u)?
        ),
        12 => format!(
            "x := {}; while len(str(x)) < {} do x := str(x) + \"{}\" end; x",
            e(u)?,
            small_int(u)?,
            text(u)?
        ),
        13 => format!("for x in {} do print(x) end; strip(\"{}\")", e(u)?, text(u)?),
        14 => format!(
            "def m(s) = [replace_at(s, i, \".\") for i in find_all(s, \"x\")]; def k(s) = {}; S = ruleset(m, m, key = k); check_keys(S, \"{}\", {})",
            u.choose(&["len(s)", "s", "min(s, reverse(s))", "count(s, \"x\")", "1"])?,
            text(u)?,
            small_int(u)?
        ),
        _ => format!("\"{}\" + str({})", text(u)?, e(u)?),
    })
}

/// Evaluate one generated line in a fresh session: an error is fine, an
/// internal error is a finding, and the session must still evaluate `1+1`.
/// With `CGT_FUZZ_PRINT` set, the line is printed (to decode a finding).
pub fn check_line(line: &str) {
    if std::env::var_os("CGT_FUZZ_PRINT").is_some() {
        eprintln!("input: {line}");
    }
    let mut s = cgt_lang::Session::new();
    if let Err(e) = s.run_line(line) {
        assert!(
            e.kind != cgt_lang::ErrorKind::Internal,
            "internal error on {line:?}: {e}"
        );
    }
    assert_eq!(
        s.run_line("1+1").ok().as_deref(),
        Some("2"),
        "after {line:?}"
    );
}
