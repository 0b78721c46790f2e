//! The ruleset registry: every registered ruleset's positions print as text
//! that reads back as the same position (rule variants included), with the
//! same value; the language takes its functions and words from the registry.

use cgt_core::ruleset::registry::{AnyPosition, RULESETS};
use cgt_lang::{builtins, Session, Value};
use std::sync::Arc;

fn position(s: &mut Session, text: &str) -> Arc<dyn AnyPosition> {
    match s.eval_line(text) {
        Ok(Some(Value::Position(p))) => p.shared(),
        other => panic!("{text}: expected a position, got {other:?}"),
    }
}

/// Print `p`, read it back, and check it is the same position with the same value.
fn reads_back(s: &mut Session, p: &Arc<dyn AnyPosition>) {
    let text = p.text();
    let q = position(s, &text);
    assert!(p.same(&*q), "{text} read back as {}", q.text());
    assert_eq!(q.text(), text);
    let (a, b) = (Value::position(p.clone()), Value::position(q));
    let span = Default::default();
    if p.repeats() {
        // A loopy value: the same stopper.
        let (ga, gb) = (
            s.world().to_loopy(&a, span).unwrap(),
            s.world().to_loopy(&b, span).unwrap(),
        );
        assert_eq!(ga, gb, "{text}");
        return;
    }
    let (ga, gb) = (s.to_game(&a, span).unwrap(), s.to_game(&b, span).unwrap());
    assert_eq!(ga, gb, "{text}");
}

const POSITIONS: &[&str] = &[
    "domineering(3, 3)",
    "domineering(\"..#/.../#..\")",
    "domineering(\"\")",
    "psn([3,3,3,3], [3,2,4,1])",
    "psn([2,0,1], [1,3,2], [2,1,3])",
    "serial_nim([3,5,2])",
    "end_nim([1,2,3])",
    "sls([\"rbr\"], 0, (2,2), (0,1))",
    "sls([\"rb\"], 3, (2,2), (2,2), own_colour_only)",
    "sls([\"rb\",\"b\"], 1, (1,0), (0,1), [at_least_one, unbounded])",
    "sls([\"rb\"], 2, (1,1), (1,0), extra_actions)",
    "clobber(\"xox|o.x\")",
    "clobber(\"xxo\")",
    "nogo(\"x..|.o.\")",
    "toads_and_frogs(\"TT.F.F\")",
    "toads_and_frogs(\"T..TF.F\", [1,2,2,1])",
    "nim([1,2,3])",
    "octal(\"0.77\", [3,4])",
    "subtraction([2,5], [7])",
    "kayles(4)",
    "dawsons_kayles(5)",
    "grundy([3,4,7])",
    "hackenbush(\"BRG\")",
    "hackenbush([\"BR\",\"G\"])",
    "hackenbush_graph(\"B0-1 R1-2 G0-2\")",
    "cutcake(3, 4)",
    "cutcake([(1,2),(2,3)])",
    "eatcake(2, 3)",
    "eatcake([(1,1),(2,3)])",
    "col(\"x..|.#o\")",
    "snort(\"..x|o..\")",
    "snort_graph(\"L..\", \"0-1 1-2\")",
    "col_graph(\"..R\", \"0-1 0-2\")",
    "elephants(\"X.X..O.O\")",
    "fission(\"...|.x.|..#\")",
    "amazons(\"x.#|..o\")",
    "konane(\"xo.|.ox\")",
    "ski_jumps(\"L.r.|.R..|....\")",
    "toppling_dominoes(\"BRGB\")",
    "fox_and_geese([(4,2),(4,4),(4,6),(4,8)], (2,8))",
    "fox_and_geese([(3,1),(3,3)], (1,1), [6, 2])",
    "backsliding_toads_and_frogs(\"TT.F.F\")",
    "fair_shares_and_varied_pairs([1,2,4])",
    "partizan_subtraction([1,3], [2,3], [2,5])",
    "partizan_take_and_break(\"0.77\", \"0.07\", [3,4])",
];

#[test]
fn every_constructor_is_read_back_below() {
    for info in cgt_core::ruleset::registry::RULESETS {
        for c in info.constructors {
            assert!(
                POSITIONS
                    .iter()
                    .any(|p| p.starts_with(&format!("{}(", c.name))),
                "no position of {} in POSITIONS",
                c.name
            );
        }
    }
}

#[test]
fn positions_and_their_options_read_back() {
    let mut s = Session::new();
    for text in POSITIONS {
        let p = position(&mut s, text);
        reads_back(&mut s, &p);
        for q in p.left_options().iter().chain(p.right_options().iter()) {
            // A capture pending until the capturer's next turn has no
            // constructor argument yet: those options are not checked.
            if !q.text().contains("[pending:") {
                reads_back(&mut s, q);
            }
        }
    }
}

#[test]
fn a_rule_variant_is_part_of_the_printed_position() {
    let mut s = Session::new();
    let own = "sls([\"rb\"], 3, (2,2), (2,2), own_colour_only)";
    let plain = "sls([\"rb\"], 3, (2,2), (2,2))";
    assert_eq!(
        s.run_line(own).unwrap(),
        "sls([\"rb\"], 3, (2,2), (2,2), [own_colour_only])"
    );
    assert_eq!(s.run_line(&format!("value({own})")).unwrap(), "0");
    assert_eq!(s.run_line(&format!("value({plain})")).unwrap(), "7/8");
    assert_eq!(s.run_line(&format!("{own} == {plain}")).unwrap(), "false");
}

#[test]
fn the_language_takes_constructors_and_words_from_the_registry() {
    for r in RULESETS {
        for c in r.constructors {
            let b = builtins::lookup(c.name).expect(c.name);
            assert_eq!(b.topic, "rulesets");
            assert_eq!(b.help, c.help);
        }
        for w in r.words {
            assert!(builtins::is_option_word(w), "{w}");
        }
    }
    assert!(!builtins::is_option_word("own_color_only"));
}

#[test]
fn memos_are_dropped_with_a_stopped_line() {
    // The line values Domineering positions (memoised for the session), then
    // stops (a pile too big to list its options): the arena loses the line's
    // games, and the memos must not name them afterwards.
    let mut fresh = Session::new();
    let want: Vec<String> = [
        "value(domineering(2, 3))",
        "value(domineering(3, 3))",
        "value(domineering(\".../.#./...\"))",
    ]
    .iter()
    .map(|l| fresh.run_line(l).unwrap())
    .collect();
    let mut s = Session::new();
    let stopped = s.run_line(
        "value(domineering(3, 3)) + value(domineering(2, 3)) + value(psn([2000000],[1]))",
    );
    assert_eq!(stopped.unwrap_err().kind, cgt_lang::ErrorKind::Unsupported);
    s.run_line("x = {1|-1}").unwrap(); // new games reuse the freed ids
    for (line, want) in [
        "value(domineering(2, 3))",
        "value(domineering(3, 3))",
        "value(domineering(\".../.#./...\"))",
    ]
    .iter()
    .zip(&want)
    {
        assert_eq!(&s.run_line(line).unwrap(), want, "{line}");
    }
}

/// The explorer shows every ruleset's positions: the value the engine
/// gives, both players' moves (each one an option of the position), and a
/// board drawn with exactly the rows the notation writes, for the
/// rulesets written as a quoted board; heaps as heaps.
#[test]
fn the_explorer_shows_every_ruleset() {
    for text in POSITIONS {
        let mut s = Session::new();
        let want = s.run_line(&format!("value({text})")).unwrap();
        let lefts = s.run_line(&format!("len(left_options({text}))")).unwrap();
        let p = s.eval_with(text, &[]).unwrap();
        let mut e = cgt_explore::Explorer::new(s, p);
        let state = e.state();
        assert_eq!(state["facts"]["value"], want.as_str(), "{text}");
        let moves = state["left"]["moves"].as_array().expect(text).len();
        assert_eq!(moves.to_string(), lefts, "{text}");
        // Every move has its role, positions that repeat included.
        for side in ["left", "right"] {
            assert!(
                state[side]["note"].is_null(),
                "{text}: {}",
                state[side]["note"]
            );
            for m in state[side]["moves"].as_array().unwrap() {
                assert!(m["role"].is_string(), "{text}: {m}");
            }
        }
        let picture = &state["picture"];
        let shown = state["text"].as_str().unwrap();
        if let Some(board) = shown
            .split_once('"')
            .and_then(|(_, r)| r.split_once('"'))
            .map(|(b, _)| b)
            .filter(|_| picture["kind"] == "board")
        {
            let rows: Vec<&str> = board.split('|').collect();
            assert_eq!(picture["rows"], serde_json::json!(rows), "{text}");
            for row in rows {
                for ch in row.chars() {
                    assert!(
                        picture["legend"][ch.to_string()].is_string(),
                        "{text}: {ch}"
                    );
                }
            }
        }
        let board_rulesets = [
            "domineering",
            "clobber",
            "nogo",
            "toads_and_frogs",
            "col(",
            "snort(",
            "elephants",
            "fission",
            "amazons",
            "konane",
            "ski_jumps",
            "toppling_dominoes",
            "fox_and_geese",
            "backsliding",
        ];
        if board_rulesets.iter().any(|b| text.starts_with(b)) && !text.contains("\"\"") {
            assert_eq!(picture["kind"], "board", "{text}");
        }
        if ["nim(", "octal(", "grundy(", "partizan_"]
            .iter()
            .any(|h| text.starts_with(h))
        {
            assert_eq!(picture["kind"], "heaps", "{text}");
        }
        if text.starts_with("hackenbush") || text.contains("_graph(") {
            assert_graph_drawn(shown, picture);
        }
    }
}

/// A graph position's picture has the vertices and edges its notation
/// writes, in their colours: Hackenbush's edges on the ground (vertex 0;
/// a stalk's edges one above another), Col's and Snort's vertices free or
/// one side's.
fn assert_graph_drawn(shown: &str, picture: &serde_json::Value) {
    assert_eq!(picture["kind"], "graph", "{shown}");
    let quoted: Vec<&str> = shown.split('"').skip(1).step_by(2).collect();
    let colour = |c: char| match c {
        'B' | 'L' => "left",
        'R' => "right",
        'G' => "both",
        _ => "empty",
    };
    let edges: Vec<(u64, u64, &str)> = picture["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e[0].as_u64().unwrap(),
                e[1].as_u64().unwrap(),
                e[2].as_str().unwrap(),
            )
        })
        .collect();
    let vertices: Vec<&str> = picture["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    if shown.starts_with("hackenbush_graph") {
        assert_eq!(picture["ground"], 0, "{shown}");
        let written: Vec<(u64, u64, &str)> = quoted[0]
            .split(' ')
            .map(|t| {
                let (a, b) = t[1..].split_once('-').unwrap();
                (
                    a.parse().unwrap(),
                    b.parse().unwrap(),
                    colour(t.chars().next().unwrap()),
                )
            })
            .collect();
        assert_eq!(edges, written, "{shown}");
    } else if shown.starts_with("hackenbush") {
        assert_eq!(picture["ground"], 0, "{shown}");
        // Stalk by stalk, edge by edge from the ground up.
        let mut want = Vec::new();
        let mut top = 0;
        for stalk in &quoted {
            let mut below = 0;
            for c in stalk.chars() {
                top += 1;
                want.push((below, top, colour(c)));
                below = top;
            }
        }
        assert_eq!(edges, want, "{shown}");
        assert_eq!(vertices.len() as u64, top + 1, "{shown}");
    } else {
        assert!(picture["ground"].is_null(), "{shown}");
        let who: Vec<&str> = quoted[0].chars().map(colour).collect();
        assert_eq!(vertices, who, "{shown}");
        let written: Vec<(u64, u64, &str)> = quoted
            .get(1)
            .map(|e| {
                e.split(' ')
                    .map(|t| {
                        let (a, b) = t.split_once('-').unwrap();
                        (a.parse().unwrap(), b.parse().unwrap(), "empty")
                    })
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(edges, written, "{shown}");
    }
}

/// A ruleset written in the language is explored too, drawn by its text.
#[test]
fn the_explorer_shows_a_language_ruleset() {
    let mut s = Session::new();
    s.run_line("def take(n) = [n - k for k in [1, 2] if k <= n]")
        .unwrap();
    s.run_line("S = ruleset(take, take)").unwrap();
    let p = s.eval_with("S(4)", &[]).unwrap();
    let mut e = cgt_explore::Explorer::new(s, p);
    let state = e.state();
    assert_eq!(state["text"], "S(4)");
    assert_eq!(state["facts"]["value"], "*");
    assert_eq!(state["picture"]["kind"], "text");
    let texts: Vec<&str> = state["left"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["S(3)", "S(2)"]);
    e.play(true, 0).unwrap();
    assert_eq!(e.state()["text"], "S(3)");
}
