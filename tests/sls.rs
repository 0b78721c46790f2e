//! Two-player So Long Sucker endgames (De Carufel & Jerade, arXiv:2403.17302;
//! docs/spec/sls.md): the spec's test vectors, the rule variants, state
//! validation, and the paper's theorems checked on small ranges.

use cgt_core::checks::sls as checks;
use cgt_core::ruleset::sls::Sls;
use cgt_lang::Session;

fn eval(s: &mut Session, input: &str) -> String {
    s.run_line(input)
        .unwrap_or_else(|e| panic!("{input}: {}", e.message))
}

#[test]
fn spec_test_vectors() {
    // sls.md §5: piles (bottom→top), empty slots, Blue (b,r), Red (b,r), value, Bf wins, Rf wins.
    let rows: &[(&str, u32, &str, &str, &str, bool, bool)] = &[
        ("", 1, "(1,0)", "(0,0)", "1", true, false),
        ("", 1, "(0,0)", "(0,1)", "-1", false, true),
        ("", 1, "(0,0)", "(1,0)", "0", false, false),
        ("", 1, "(1,0)", "(0,1)", "0", false, false),
        ("", 2, "(2,0)", "(0,1)", "1", true, false),
        ("", 2, "(1,0)", "(0,2)", "-1", false, true),
        ("\"br\"", 1, "(1,0)", "(0,1)", "-1/2", false, true),
        ("\"rb\"", 0, "(1,0)", "(0,1)", "1/2", true, false),
        ("\"brb\"", 0, "(1,0)", "(0,1)", "1*", true, false),
        ("\"rb\"", 0, "(1,0)", "(0,2)", "-1^", false, true),
        ("\"br\"", 0, "(2,0)", "(0,1)", "1v", true, false),
        ("\"rbr\"", 0, "(1,0)", "(0,1)", "-1*", false, true),
        ("\"rbr\"", 0, "(2,2)", "(0,1)", "{{4|1}|0}", true, true),
        (
            "\"b\",\"rbr\"",
            0,
            "(2,1)",
            "(0,1)",
            "{{5|1}|-1/2}",
            true,
            true,
        ),
        (
            "\"rb\"",
            0,
            "(1,2)",
            "(1,2)",
            "{{{-1|{-1|-2}}|{-1|-2}}|{-1|-2}}",
            false,
            true,
        ),
        ("\"b\",\"r\",\"br\"", 2, "(2,0)", "(0,1)", "", true, false),
        (
            "\"rb\",\"br\",\"rbr\"",
            1,
            "(2,0)",
            "(1,3)",
            "",
            false,
            true,
        ),
        (
            "\"brb\",\"rbr\",\"rbr\"",
            1,
            "(2,0)",
            "(0,3)",
            "",
            false,
            true,
        ),
    ];
    let mut s = Session::new();
    for (piles, empty, blue, red, value, bf, rf) in rows {
        let p = format!("sls([{piles}], {empty}, {blue}, {red})");
        if !value.is_empty() {
            let same = eval(&mut s, &format!("value({p}) == {value}"));
            assert_eq!(
                same,
                "true",
                "{p}: value {}",
                eval(&mut s, &format!("value({p})"))
            );
        }
        let o = eval(&mut s, &format!("outcome_class({p})"));
        let expected = match (bf, rf) {
            (true, true) => "N",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "P",
        };
        assert_eq!(o, expected, "{p}");
    }
}

#[test]
fn rule_variants() {
    let mut s = Session::new();
    // A1': killing only one's own colour changes the result (spec §4): Blue now loses.
    assert_eq!(eval(&mut s, "value(sls([\"rb\"], 0, (1,0), (0,1)))"), "1/2");
    assert_eq!(
        eval(
            &mut s,
            "outcome_class(sls([\"rb\"], 0, (1,0), (0,1), own_colour_only))"
        ),
        "P"
    );
    // A1 and A5: at-least-one kills and the extra actions leave values unchanged (spec §3.3).
    for p in [
        "[\"rbr\"], 0, (2,2), (0,1)",
        "[\"b\",\"rbr\"], 0, (2,1), (0,1)",
        "[\"rb\"], 0, (1,2), (1,2)",
    ] {
        let base = eval(&mut s, &format!("value(sls({p}))"));
        assert_eq!(
            eval(&mut s, &format!("value(sls({p}, at_least_one))")),
            base,
            "{p}"
        );
        assert_eq!(
            eval(&mut s, &format!("value(sls({p}, extra_actions))")),
            base,
            "{p}"
        );
    }
    // A2: an unbounded table is a fixed one with a slot for every chip (spec §3.4).
    for p in [
        "[\"rb\"], 0, (1,0), (0,2)",
        "[\"b\",\"rbr\"], 0, (2,1), (0,1)",
    ] {
        let plenty = p.replacen(", 0,", ", 9,", 1);
        assert_eq!(
            eval(&mut s, &format!("value(sls({p}, unbounded))")),
            eval(&mut s, &format!("value(sls({plenty}))")),
            "{p}"
        );
    }
}

#[test]
fn impossible_states_are_errors_naming_the_problem() {
    let mut s = Session::new();
    for (input, needle) in [
        ("sls([\"rbb\"], 0, (1,0), (0,1))", "adjacent"),
        ("sls([\"rxb\"], 0, (1,0), (0,1))", "only b and r"),
        ("sls([\"rb\"], -1, (1,0), (0,1))", "empty slots"),
        ("sls([\"rb\"], 0, (-1,0), (0,1))", "Blue"),
        ("sls([\"rb\"], 0, (1,0), (0))", "Red"),
        ("sls([\"\"], 0, (1,0), (0,1))", "at least one chip"),
    ] {
        let e = s.eval_line(input).expect_err(input);
        assert!(e.message.contains(needle), "{input}: {}", e.message);
    }
}

#[test]
fn a_winning_line_is_shown() {
    let mut s = Session::new();
    let line = eval(&mut s, "sls_play(sls([\"rb\"], 0, (1,0), (0,1)))");
    assert!(line.starts_with("Blue moving first wins"), "{line}");
    assert!(
        line.contains("kill 1 r") && line.ends_with("Red has no move and loses"),
        "{line}"
    );
}

#[test]
fn theorems_hold_on_small_ranges() {
    let sls = Sls::default();
    // Final theorem and value-vs-solver: k <= 2, piles <= 3, hands <= 2 (2,835 states, as in the spec).
    let states = checks::all_states(2, 3, 2);
    assert_eq!(states.len(), 2835);
    if let Err(c) = checks::final_theorem(&states, &sls, &Default::default()) {
        panic!("final theorem fails at {}: {}", c.state, c.detail);
    }
    if let Err(c) = checks::values(&states, &sls, &Default::default()) {
        panic!("value and solver disagree at {}: {}", c.state, c.detail);
    }
    // Type I theorem with strategy Σ: k <= 3, |ρ| <= 3, hands <= 2.
    let type_one = checks::type_one_states(3, 3, 2, 2);
    if let Err(c) = checks::type_one(&type_one, &sls, &Default::default()) {
        panic!("type I theorem fails at {}: {}", c.state, c.detail);
    }
}

#[test]
fn type_one_check_tells_a_lost_state_from_a_failing_strategy() {
    // Outside the type I range the check must fail, and say why: where Blue
    // loses, or where Blue wins but Σ does not find the win. A Σ that wins is
    // a proof that Blue wins: the search must agree on every state.
    let sls = Sls::default();
    let memos = checks::Memos::default();
    let (mut lost, mut sigma_fails, mut proved) = (0, 0, 0);
    for s in checks::all_states(3, 3, 3) {
        let blue_wins = sls.mover_wins(&s, cgt_core::ruleset::sls::Colour::B, &memos.wins);
        match checks::type_one(std::slice::from_ref(&s), &sls, &memos) {
            Ok(_) => {
                assert!(
                    blue_wins,
                    "Σ wins from {} but the search says Blue loses",
                    s.text()
                );
                proved += 1;
            }
            Err(c) if c.detail.contains("does not win") => {
                assert!(!blue_wins, "{}: {}", c.state, c.detail);
                lost += 1;
            }
            Err(c) => {
                assert!(c.detail.contains("Σ loses"), "{}: {}", c.state, c.detail);
                assert!(blue_wins, "{}: {}", c.state, c.detail);
                sigma_fails += 1;
            }
        }
    }
    assert!(
        lost > 0 && sigma_fails > 0 && proved > 0,
        "{lost} {sigma_fails} {proved}"
    );
}

#[test]
fn type_one_check_refuses_a_strategy_turn_the_rules_do_not_allow() {
    // Σ kills a red chip when it captures one; where only the capturer's
    // own colour may be killed, that turn is not a legal turn, and a Σ that
    // wins with it proves nothing: the check must say so.
    use cgt_core::ruleset::sls::{Kill, Rules};
    let sls = Sls {
        rules: Rules {
            kill: Kill::OwnColourOnly,
            ..Default::default()
        },
    };
    let refused = checks::type_one_states(3, 3, 2, 2).into_iter().any(|s| {
        matches!(
            checks::type_one(std::slice::from_ref(&s), &sls, &checks::Memos::default()),
            Err(c) if c.detail.contains("not a legal Blue turn")
        )
    });
    assert!(refused);
}
