//! Sided values: CGSuite's facts (printed as CGSuite prints them), and the
//! sides found for random loopy graphs checked against the definition: the
//! onside `S` of `G` must give every short game `X` the outcome of `G + X`
//! when play that never ends counts for Left (the offside: for Right),
//! found here by a plain retrograde analysis of the sum's own graph.

use cgt_core::game::{Arena, GameId};
use cgt_core::loopy::{Graph, Loopy, Sides};
use cgt_lang::Session;
use proptest::prelude::*;

/// CGSuite's tests (EvalTest, SidedValueTestCase, GameTest, the loopy
/// games tutorial): each expression and the text CGSuite prints.
#[test]
fn cgsuite_sided_facts_print_as_cgsuite_prints_them() {
    let facts = [
        ("dud", "dud"),
        ("{pass|pass}", "dud"),
        ("on + off", "dud"),
        ("a{{|a}|}", "1 & 0"),
        ("{0|{dud|},*}", "^ & v*"),
        ("a{1||a|0}", "2 & +-1"),
        ("over & v", "over & v"),
        ("{2&-2|1&-2}", "{2|1} & -2*"),
        (
            "9 * (upon & v)",
            "{0||||0|||0||0|{0||||0|||0||0|^[on]}} & v9",
        ),
        ("10 * upon", "{0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}"),
        // GameStripTest.
        (
            "value(backsliding_toads_and_frogs(\"TTT..FFF\"))",
            "{on||0|-1/2} & {1/2|0||off}",
        ),
        // SidedValueTestCase's properties.
        ("outcome_class(dud)", "D"),
        ("outcome_class(a{{|a}|})", "PHat"),
        ("outcome_class({0|{dud|},*})", "NHat"),
        // The loopy classes are outcome classes, compared as the short ones,
        // by CGSuite's names and spelling.
        ("outcome_class(dud) == D", "true"),
        // CGSuite's infix Upsum and Downsum (its loopy-games tutorial), with
        // the precedence of +.
        ("upon Upsum -upon", "^<on>"),
        ("(upon Upsum -upon) == degree(upon)", "true"),
        ("on Downsum off", "off"),
        ("on Upsum off", "on"),
        ("^ Upsum * + 1", "1^*"),
        (
            "(upon Upsum {0|-upon+*}) == upsum(upon, {0|-upon+*})",
            "true",
        ),
        ("over Downsum under == downsum(over, under)", "true"),
        ("outcome_class(a{{|a}|}) == OutcomeClass.PHat", "true"),
        ("outcome_class(a{{|a}|}) == PHat", "true"),
        ("outcome_class({0|{dud|},*}) == NHat", "true"),
        ("outcome_class(-{0|{dud|},*}) == NCheck", "true"),
        ("outcome_class(-a{{|a}|}) == PCheck", "true"),
        ("outcome_class(dud) == P", "false"),
        ("[D, PHat, L]", "[D,PHat,L]"),
        ("len({outcome_class(dud), D, outcome_class(on + off)})", "1"),
        ("onside(a{{|a}|})", "1"),
        ("offside(a{{|a}|})", "0"),
        ("onside({0|{dud|},*})", "^"),
        ("offside({0|{dud|},*})", "v*"),
        ("onside(dud)", "on"),
        ("offside(dud)", "off"),
        ("is_idempotent(dud)", "true"),
        ("is_idempotent(a{{|a}|})", "false"),
        ("is_infinitesimal({0|{dud|},*})", "true"),
        ("is_infinitesimal(dud)", "false"),
        ("is_numberish({0|{dud|},*})", "true"),
        ("is_numberish(a{{|a}|})", "false"),
        ("is_stopper_sided(dud)", "true"),
        ("is_stopper(dud)", "false"),
        ("is_loopfree(dud)", "false"),
        ("is_plumtree(dud)", "false"),
        ("is_number(a{{|a}|})", "false"),
        ("is_zero(dud)", "false"),
        ("is_pseudonumber(dud)", "false"),
    ];
    let mut s = Session::new();
    for (expr, want) in facts {
        let got = s.run_line(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
        assert_eq!(got, want, "{expr}");
    }
    // A printed sided value reads back as itself.
    for text in ["1 & 0", "^ & v*", "2 & +-1", "over & v", "{2|1} & -2*"] {
        assert_eq!(s.run_line(text).unwrap(), text);
    }
}

/// Backsliding Toads-and-Frogs: a strip where neither player can ever be
/// stranded is dud; one piece each facing across a gap is a short game (the
/// backslides are reversed at once); sums of positions are sided sums.
#[test]
fn backsliding_toads_and_frogs() {
    let mut s = Session::new();
    for (expr, want) in [
        ("value(backsliding_toads_and_frogs(\"T.F\"))", "0"),
        ("value(backsliding_toads_and_frogs(\"T..F\"))", "*"),
        ("value(backsliding_toads_and_frogs(\"T.\"))", "on"),
        ("value(backsliding_toads_and_frogs(\"TTTT..FFFF\"))", "dud"),
        (
            "outcome_class(backsliding_toads_and_frogs(\"TTT..FFF\"))",
            "D",
        ),
        (
            "backsliding_toads_and_frogs(\"T..F\") + backsliding_toads_and_frogs(\"T..F\")",
            "0",
        ),
        ("backsliding_toads_and_frogs(\"T.\") + (1 & 0)", "on"),
    ] {
        let got = s.run_line(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
        assert_eq!(got, want, "{expr}");
    }
}

#[test]
fn sums_negatives_and_order_of_sided_values() {
    let mut s = Session::new();
    for (expr, want) in [
        // dud absorbs every stopper-sided value.
        ("dud + 5", "dud"),
        ("dud + (1 & 0)", "dud"),
        ("-(over & v)", "^ & under"),
        ("(1 & 0) + (1 & 0)", "2 & 0"),
        ("(1 & 0) - (1 & 0)", "1 & -1"),
        ("-2 * (1 & 0)", "0 & -2"),
        ("on + off == dud", "true"),
        ("dud >= 0", "false"),
        ("dud <> 0", "true"),
        ("(1 & 0) >= 0", "true"),
        ("(1 & 0) <= 1", "true"),
        ("(1 & 0) > (1/2 & 0)", "true"),
        ("is_stopper(onside(over - over))", "true"),
    ] {
        let got = s.run_line(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
        assert_eq!(got, want, "{expr}");
    }
    for (expr, needle) in [
        ("1 & 2", "offside (right of `&`) must be at most the onside"),
        ("dud & 0", "each side of `&` must be a stopper"),
        ("left_options(dud)", "sided value"),
        (
            "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
            "no stopper found for a side of this game",
        ),
    ] {
        let e = s.run_line(expr).expect_err(expr).to_string();
        assert!(e.contains(needle), "{expr}: {e}");
    }
    // The session goes on.
    assert_eq!(s.run_line("dud + 1").unwrap(), "dud");
}

/// Whether Left wins `(g, v)` with Left to move first (`left_first`) or
/// Right, where play that never ends is a win for Left (`left_wins_draws`)
/// or for Right: finite wins by retrograde analysis, the rest to the side.
fn wins(g: &Graph, v: u32, left_first: bool, left_wins_draws: bool) -> bool {
    let n = g.len();
    // State 2w + r, r = 1 with Right to move. The player who loses draws
    // must win in finitely many moves.
    let hunter_left = !left_wins_draws;
    let mut won = vec![false; 2 * n];
    let mut count = vec![0usize; 2 * n];
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); 2 * n];
    let mut queue = Vec::new();
    for w in 0..n {
        for r in 0..2 {
            let s = 2 * w + r;
            let left = r == 0;
            let opts = g.options(w as u32, left);
            for &x in opts {
                preds[2 * x as usize + (1 - r)].push(s);
            }
            count[s] = opts.len();
            // The mover with no move loses: a win for the hunter if the
            // mover is the other player.
            if opts.is_empty() && left != hunter_left {
                won[s] = true;
                queue.push(s);
            }
        }
    }
    while let Some(t) = queue.pop() {
        for &s in &preds[t] {
            if won[s] {
                continue;
            }
            let hunter_moves = (s.is_multiple_of(2)) == hunter_left;
            if hunter_moves {
                won[s] = true;
                queue.push(s);
            } else {
                count[s] -= 1;
                if count[s] == 0 {
                    won[s] = true;
                    queue.push(s);
                }
            }
        }
    }
    let s = 2 * v as usize + usize::from(!left_first);
    won[s] != left_wins_draws
}

/// A few short games to add: 0, 1, -1, *, ^, v, 1/2, -1/2, {1|-1}, {0|-1}, {1|0}.
fn probes(arena: &mut Arena) -> Vec<GameId> {
    let (zero, one, minus) = (arena.zero(), arena.integer(1), arena.integer(-1));
    let half = arena.number(cgt_core::number::Dyadic::new(1.into(), 1));
    let neg_half = arena.neg(half);
    let (up, star) = (arena.up(1), arena.nimber(1));
    let down = arena.neg(up);
    let switch = arena.construct(vec![one], vec![minus]);
    let a = arena.construct(vec![zero], vec![minus]);
    let b = arena.construct(vec![one], vec![zero]);
    let two = arena.integer(2);
    let c = arena.construct(vec![two], vec![half]);
    vec![
        zero, one, minus, star, up, down, half, neg_half, switch, a, b, c,
    ]
}

/// Random graphs of up to 5 vertices whose edges may loop, with the short
/// games 0, 1, -1 and * as extra vertices.
fn graph() -> impl Strategy<Value = Graph> {
    (1usize..=5)
        .prop_flat_map(|n| {
            let edges = proptest::collection::vec((0..n, any::<bool>(), 0..n + 4), 0..3 * n);
            (Just(n), edges)
        })
        .prop_map(|(n, edges)| {
            let mut arena = Arena::new();
            let mut g = Graph::default();
            for _ in 0..n {
                g.add_vertex();
            }
            let mut memo = Default::default();
            let shorts: Vec<u32> = [
                arena.zero(),
                arena.integer(1),
                arena.integer(-1),
                arena.nimber(1),
            ]
            .into_iter()
            .map(|x| g.insert_short(&mut arena, x, &mut memo))
            .collect();
            for (v, left, w) in edges {
                let to = if w < n { w as u32 } else { shorts[w - n] };
                g.add_edge(v as u32, left, to);
            }
            g
        })
}

/// A random graph as [`graph`] makes, with one alternating cycle added:
/// a Left move from `a` to `b` and a Right move back.
fn cyclic_graph() -> impl Strategy<Value = Graph> {
    (graph(), 0usize..5, 0usize..5).prop_map(|(mut g, a, b)| {
        let n = g.len() - 4;
        let (a, b) = ((a % n) as u32, (b % n) as u32);
        g.add_edge(a, true, b);
        g.add_edge(b, false, a);
        g
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Each side found plays as the game does on that side: with every
    /// probe X added, G + X and side + X have the same winner for each
    /// player moving first, play that never ends counted for that side's
    /// player. The offside is at most the onside, and -G has the sides
    /// negated and exchanged.
    #[test]
    fn sides_play_as_the_game_does(g in cyclic_graph()) {
        let mut arena = Arena::new();
        let Ok(sides) = Sides::of(&mut arena, &g, 0) else {
            return Ok(());
        };
        prop_assert!(Loopy::ge(&mut arena, &sides.onside, &sides.offside));
        for x in probes(&mut arena) {
            let mut memo = Default::default();
            let mut xg = Graph::default();
            let xv = xg.insert_short(&mut arena, x, &mut memo);
            let sum = Graph::sum(&g, 0, &xg, xv);
            for (side, left_draws) in [(&sides.onside, true), (&sides.offside, false)] {
                let (sg, sv) = side.to_graph(&mut arena);
                let side_sum = Graph::sum(&sg, sv, &xg, xv);
                for left_first in [true, false] {
                    prop_assert_eq!(
                        wins(&sum, 0, left_first, left_draws),
                        wins(&side_sum, 0, left_first, left_draws),
                        "side {:?}, Left first {}", side, left_first
                    );
                }
            }
        }
        let neg = Sides::of(&mut arena, &g.negated(), 0).unwrap();
        prop_assert_eq!(neg, sides.neg(&mut arena));
    }

    /// The sides of a sum are the upsum and downsum of the terms' sides.
    #[test]
    fn sides_of_a_sum_are_the_sums_of_sides(g in cyclic_graph(), h in graph()) {
        let mut arena = Arena::new();
        let (Ok(a), Ok(b)) = (Sides::of(&mut arena, &g, 0), Sides::of(&mut arena, &h, 0)) else {
            return Ok(());
        };
        let sum = Graph::sum(&g, 0, &h, 0);
        prop_assume!(sum.len() <= 40);
        let (Ok(whole), Ok(parts)) = (Sides::of(&mut arena, &sum, 0), Sides::add(&mut arena, &a, &b)) else {
            return Ok(());
        };
        prop_assert_eq!(whole, parts);
    }
}

/// The sides are found for nearly every random graph (Bach's carousel and
/// its kind are rare): the laws above check real sides, not skips.
#[test]
fn sides_are_found_for_most_random_loopy_graphs() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new(Config::default());
    let strategy = cyclic_graph();
    let (mut found, mut stoppers, total) = (0, 0, 500);
    for _ in 0..total {
        let g = strategy.new_tree(&mut runner).unwrap().current();
        let mut arena = Arena::new();
        if let Ok(s) = Sides::of(&mut arena, &g, 0) {
            found += 1;
            stoppers += usize::from(s.as_stopper().is_some());
        }
    }
    println!("{found} of {total} found, {stoppers} stoppers");
    assert!(found * 100 >= total * 95, "only {found} of {total}");
    assert!(stoppers * 2 <= total, "{stoppers} of {total} are stoppers");
}

/// Every position of Backsliding Toads-and-Frogs from `TTT..FFF` (valued
/// component by component, exits by their sides) plays as its sides do:
/// with each probe added, the rules' own graph and each side have the same
/// winner, play that never ends counted for the side's player.
#[test]
fn backsliding_positions_play_as_their_sides() {
    use cgt_core::ruleset::toads::{Strip, Toads};
    use cgt_core::ruleset::{Evaluator, Ruleset};
    use std::collections::HashMap;
    let rules = Toads::BACKSLIDING;
    let start = Strip::from_slice(&[1, 1, 1, 0, 0, 2, 2, 2]);
    // The rules' graph, every position reachable from the start.
    let mut index: HashMap<Strip, u32> = HashMap::new();
    let mut strips = vec![start.clone()];
    let mut g = Graph::default();
    index.insert(start, g.add_vertex());
    let mut i = 0;
    while i < strips.len() {
        let p = strips[i].clone();
        for (left, next) in [
            (true, rules.left_options(&p)),
            (false, rules.right_options(&p)),
        ] {
            for q in next {
                let w = *index.entry(q.clone()).or_insert_with(|| {
                    strips.push(q);
                    g.add_vertex()
                });
                g.add_edge(i as u32, left, w);
            }
        }
        i += 1;
    }
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(&rules);
    let probes = probes(&mut arena);
    let mut checked = 0;
    for (v, p) in strips.iter().enumerate().step_by(7) {
        let sides = ev.loopy_value(&mut arena, p).expect("sides");
        for &x in &probes {
            let mut xg = Graph::default();
            let xv = xg.insert_short(&mut arena, x, &mut Default::default());
            let sum = Graph::sum(&g, v as u32, &xg, xv);
            for (side, left_draws) in [(&sides.onside, true), (&sides.offside, false)] {
                let (sg, sv) = side.to_graph(&mut arena);
                let side_sum = Graph::sum(&sg, sv, &xg, xv);
                for left_first in [true, false] {
                    assert_eq!(
                        wins(&sum, 0, left_first, left_draws),
                        wins(&side_sum, 0, left_first, left_draws),
                        "{p:?} + probe, side {side:?}, Left first {left_first}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(
        strips.len() > 300 && checked > 2000,
        "{} {checked}",
        strips.len()
    );
}
