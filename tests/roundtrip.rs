//! Everything cgt prints as a value reads back as the same value: games
//! (with explicit forms and sums), strings (quotes and backslashes), lists
//! and sets of them, booleans, players, thermographs and their walls,
//! uptimal expansions, and ruleset positions (their rule variants: tests/registry.rs).

use cgt_lang::Session;
use proptest::prelude::*;

/// A random game expression: small numbers, nimbers, ups, switches, braces.
fn game() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("0".to_string()),
        Just("1".to_string()),
        Just("-1/2".to_string()),
        Just("*".to_string()),
        Just("*2".to_string()),
        Just("^".to_string()),
        Just("v*".to_string()),
        Just("+-1".to_string()),
        Just("^<2>".to_string()),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner.clone(), 0..3)
            )
                .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(","), r.join(","))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a} + {b}")),
            (
                prop::collection::vec(inner.clone(), 0..2),
                prop::collection::vec(inner, 0..2)
            )
                .prop_map(|(l, r)| format!("'{{{}|{}}}'", l.join(","), r.join(","))),
        ]
    })
}

fn string() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec!["a", "\\\"", "\\\\", "|", "#", "é", " ", "x."]),
        0..5,
    )
    .prop_map(|parts| format!("\"{}\"", parts.concat()))
}

fn value() -> impl Strategy<Value = String> {
    let atom = prop_oneof![
        game(),
        string(),
        Just("true".to_string()),
        Just("Left".to_string()),
        game().prop_map(|g| format!("thermograph({g})")),
        game().prop_map(|g| format!("thermograph_wall({g}, Right)")),
        prop::sample::select(vec!["xo.", "xxo|o..", "x.o|.ox"])
            .prop_map(|b| format!("clobber(\"{b}\")")),
    ];
    atom.prop_recursive(2, 8, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3)
                .prop_map(|xs| format!("[{}]", xs.join(", "))),
            prop::collection::vec(game(), 1..3).prop_map(|xs| format!("{{{}}}", xs.join(", "))),
            inner.prop_map(|x| format!("[{x}]")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn printed_values_read_back_as_the_same_value(expr in value()) {
        let mut s = Session::new();
        let printed = s.run_line(&expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
        let again = s.run_line(&printed).unwrap_or_else(|e| panic!("{printed} (from {expr}): {e}"));
        prop_assert_eq!(&again, &printed, "{} printed as {}", expr, printed);
        let same = s.run_line(&format!("({printed}) == ({expr})")).unwrap();
        prop_assert_eq!(same, "true", "{} printed as {}", expr, printed);
    }

    #[test]
    fn uptimal_expansions_read_back_as_their_games(coeffs in prop::collection::vec(-3i64..4, 1..5), nim in 0u64..4, num in -8i64..9, halvings in 0u32..3) {
        // The number part too: printing recognises uptimals from their
        // options, and must still recognise these.
        let mut s = Session::new();
        let terms: Vec<String> = coeffs.iter().enumerate().map(|(k, c)| format!("{c} * ^<{}>", k + 1)).collect();
        let g = format!("{num}/{} + *{nim} + {}", 1u64 << halvings, terms.join(" + "));
        let text = s.run_line(&format!("uptimal_expansion({g})")).unwrap();
        prop_assert_eq!(s.run_line(&format!("{text} == {g}")).unwrap(), "true", "{} as {}", g, text);
    }
}

/// A canonical game inside an explicit form prints without slash runs: its
/// braces read back as form nodes, which print none.
#[test]
fn canonical_games_inside_forms_print_as_they_read_back() {
    let mut s = Session::new();
    for expr in [
        "'{|^<2> + ^<2>}'",
        "'{1, {2||1|0} | *}'",
        "['{|{3|||2||1|0}}']",
    ] {
        let printed = s.run_line(expr).unwrap();
        assert_eq!(s.run_line(&printed).unwrap(), printed, "{expr}");
        assert_eq!(
            s.run_line(&format!("({printed}) == ({expr})")).unwrap(),
            "true"
        );
    }
    assert_eq!(
        s.run_line("'{|^<2> + ^<2>}'").unwrap(),
        "'{|{0|{0,v*|vv}}}'"
    );
    // Inside a form, braces are forms, also within expressions.
    assert_eq!(
        s.run_line("'{ {|} + 0, {1|*2} + * | }'").unwrap(),
        "'{0,{1*|*3}|}'"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The printed length found without printing is the printed text's.
    #[test]
    fn printed_length_without_printing(expr in game()) {
        let mut s = Session::new();
        let Ok(Some(v)) = s.eval_line(&format!("value({expr})")) else {
            return Err(TestCaseError::reject("not a game"));
        };
        let text = s.run_line(&format!("value({expr})")).unwrap();
        prop_assert_eq!(s.printed_len(&v), Some(text.chars().count()), "{}", text);
    }
}

#[test]
fn printed_length_of_switches_tinies_and_uptimals() {
    let mut s = Session::new();
    for expr in [
        "+-{3||2|1}",
        "+-{1,{2|1}}",
        "2Tiny({3|1})",
        "Miny(1/2)",
        "^<3>*",
        "{^^|v}",
        "+-(^^*)",
        "{0|{0|{0|-5}}}",
        "sum([{n|-n} for n in 1..12])",
    ] {
        let v = s.eval_line(expr).unwrap().unwrap();
        let text = s.run_line(expr).unwrap();
        assert_eq!(
            s.printed_len(&v),
            Some(text.chars().count()),
            "{expr}: {text}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `compact(G)` (shared subgames named with `let`) reads back as G.
    #[test]
    fn compact_forms_read_back(expr in game()) {
        let mut s = Session::new();
        let Ok(text) = s.run_line(&format!("compact({expr})")) else {
            return Err(TestCaseError::reject("not a game"));
        };
        let same = s.run_line(&format!("({text}) == ({expr})")).unwrap();
        prop_assert_eq!(same, "true", "{} as {}", expr, text);
    }
}

/// A sum whose printed form is 3 million characters has a compact form of
/// about 10,000 that reads back as it.
#[test]
fn compact_forms_are_short_where_printing_is_long() {
    let mut s = Session::new();
    s.run_line("g = sum([{n|-n} + {n+1|n} + {n+2|{n|-n}} for n in 1..8]); 0")
        .unwrap();
    let g = s.variable("g").unwrap();
    let printed = s.printed_len(&g).unwrap();
    let compact = s.run_line("compact(g)").unwrap();
    assert_eq!(printed, 3_036_466);
    assert!(
        compact.starts_with("let g1 = ") && compact.len() < 11_000,
        "{}",
        compact.len()
    );
    assert_eq!(s.run_line(&format!("({compact}) == g")).unwrap(), "true");
}

/// Printing tells uptimals apart without building sums for games with an
/// option that is not one (an uptimal's options are uptimals): the value of
/// an alternating Clobber strip of 18 stones (5,749 characters, CGSuite's
/// text up to notation) prints leaving about 500 games in the arena, where
/// recognising each subgame left 8,757 (and the strip of 22 stones took 80 s
/// and 2.6 GB to print, 0.1 s to value).
#[test]
fn printing_long_values_builds_few_games() {
    let mut s = Session::new();
    let printed = s
        .run_line("value(clobber(\"XOXOXOXOXOXOXOXOXO\"))")
        .unwrap();
    assert!(printed.len() > 5_000, "{printed}");
    let games = s.world().arena.stats().games;
    assert!(games < 1_000, "{games} games after printing");
}
