//! The toolbox: sequential compounds (docs/spec/cgt.md §9), misère
//! outcomes computed two independent ways, atomic-weight and thermal laws,
//! and the help text of every function.

use cgt_core::analysis::Outcome;
use cgt_core::form::{misere_outcome_direct, Form, SequentialRule};
use cgt_core::game::{Arena, GameId};
use cgt_core::number::Dyadic;
use cgt_lang::builtins::builtins;
use cgt_lang::Session;
use cgt_tests::assert_outputs;
use proptest::prelude::*;
use std::sync::Arc;

#[test]
fn sequential_compound_table_of_the_spec() {
    // docs/spec/cgt.md §9: G -> H under joint end (J) and per player (P).
    let table = [
        ("*", "*", "0", "0"),
        ("*2", "*", "*2", "*2"),
        ("*", "*2", "0", "0"),
        ("*2", "*3", "*", "*"),
        ("*", "1", "1*", "1*"),
        ("^", "*", "v", "v"),
        ("0", "^", "^", "^"),
        ("^", "^", "^3", "^3"),
        ("1", "1", "2", "2"),
        ("1", "*", "0", "v"),
        ("1", "-1", "0", "-1/2"),
        ("2", "-1", "1", "-1/4"),
        ("-1", "1", "0", "1/2"),
    ];
    let mut cases = Vec::new();
    for (g, h, j, p) in table {
        cases.push((format!("{g} -> {h}"), j.to_string()));
        cases.push((format!("sequential({g}, {h})"), j.to_string()));
        cases.push((format!("sequential({g}, {h}, per_player)"), p.to_string()));
    }
    let cases: Vec<(&str, &str)> = cases
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    assert_outputs(&cases);
}

#[test]
fn sequential_compound_is_form_dependent_and_serial_nim_reduces_to_it() {
    assert_outputs(&[
        // '{*|*}' has value 0 but is not over: it is played before H
        // (* -> ^ = {^|^} = ^^*, as ^ reverses through *).
        ("'{*|*}' -> ^", "^3"),
        ("0 -> ^", "^"),
        ("* -> ^", "^^*"),
        // Serial-Nim (2,3) = *2 -> *3 = * (spec §9).
        ("*2 -> *3", "*"),
        // Serial-Nim (1,2,3): g(0,2,3) = 1, so g(1,2,3) = mex{1} = 0.
        ("*1 -> *2 -> *3", "0"),
        // Misère through the reduction (spec §9): o-(1) = R.
        ("misere_outcome(1)", "R"),
        ("misere_outcome(1, per_player)", "R"),
    ]);
}

#[test]
fn toolbox_values_from_the_literature() {
    assert_outputs(&[
        ("atomic_weight(^)", "1"),         // [WW ch. 8]
        ("atomic_weight(*7)", "0"),        // [WW ch. 8]
        ("atomic_weight({^^|v})", "1/2"),  // spec §6.5: G'' = {0|1}
        ("atomic_weight({^^|*})", "1"),    // spec §6.5
        ("atomic_weight({*|vv})", "-1"),   // spec §6.5
        ("atomic_weight({^^|vv})", "*"),   // spec §6.5
        ("atomic_weight({^3|v3})", "+-1"), // spec §6.5
        ("atomic_weight({0||0|v*})", "1"), // spec §6.5
        ("atomic_weight(Tiny(3/2))", "0"), // spec §6.5
        ("far_star(^*6)", "*8"),           // ^*6 = {0|*7}
        ("cool({3|-1}, 1)", "{2|0}"),      // [Si II.6]
        ("cool({3|-1}, 2)", "1*"),         // [Si II.6]
        ("heat(cool({3|-1}, 1), 1)", "{3|-1}"),
        ("heat(*, 1)", "+-1"),                      // [WW ch. 6]
        ("norton_product(2, ^)", "^^"),             // spec §7
        ("norton_product(3, *)", "*"),              // spec §7
        ("ordinal_sum(^, 1)", "^[2]"),              // spec §8
        ("* : 1", "^*"),                            // spec §8
        ("1 : -1", "1/2"),                          // spec §8
        ("count_games_born_by(2)", "22"),           // [WW ch. 4; Si III]
        ("count_games_born_by(2, all_small)", "7"), // 0, *, *2, ^, v, ^*, v*
    ]);
}

/// A random form: a leaf from a small pool, or `{L|R}` of forms, kept as written.
#[derive(Clone, Debug)]
enum Spec {
    Leaf(u8),
    Node(Vec<Spec>, Vec<Spec>),
}

fn leaf(a: &mut Arena, k: u8) -> GameId {
    match k % 6 {
        0 => a.zero(),
        1 => a.nimber(1),
        2 => a.integer(1),
        3 => a.integer(-1),
        4 => a.up(1),
        _ => a.number(Dyadic::parse("1/2").unwrap()),
    }
}

fn spec() -> impl Strategy<Value = Spec> {
    (0u8..6)
        .prop_map(Spec::Leaf)
        .prop_recursive(3, 20, 3, |inner| {
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner, 0..3),
            )
                .prop_map(|(l, r)| Spec::Node(l, r))
        })
}

/// Dicotic forms: `{|}` or both sides non-empty, at every node.
fn dicotic() -> impl Strategy<Value = Spec> {
    Just(Spec::Node(vec![], vec![])).prop_recursive(4, 20, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 1..3),
            prop::collection::vec(inner, 1..3),
        )
            .prop_map(|(l, r)| Spec::Node(l, r))
    })
}

fn form(a: &mut Arena, s: &Spec) -> Form {
    match s {
        Spec::Leaf(k) => Form::Value(leaf(a, *k)),
        Spec::Node(l, r) => Form::Node {
            left: l.iter().map(|x| Arc::new(form(a, x))).collect(),
            right: r.iter().map(|x| Arc::new(form(a, x))).collect(),
        },
    }
}

fn via_reduction(a: &mut Arena, f: &Form, rule: SequentialRule) -> Outcome {
    let star = a.nimber(1);
    let g = Form::Sequential(Arc::new(f.clone()), star, rule).canonical(a);
    a.outcome(g)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn misere_outcome_by_reduction_per_player_on_all_forms(s in spec()) {
        let mut a = Arena::new();
        let f = form(&mut a, &s);
        prop_assert_eq!(misere_outcome_direct(&mut a, &f), via_reduction(&mut a, &f, SequentialRule::PerPlayer));
    }

    #[test]
    fn misere_outcome_by_reduction_joint_end_on_dicotic_forms(s in dicotic()) {
        let mut a = Arena::new();
        let f = form(&mut a, &s);
        prop_assert_eq!(misere_outcome_direct(&mut a, &f), via_reduction(&mut a, &f, SequentialRule::JointEnd));
    }

    #[test]
    fn sequential_laws(s in spec(), t in spec()) {
        let mut a = Arena::new();
        let (f, h) = (form(&mut a, &s), form(&mut a, &t));
        let hv = h.canonical(&mut a);
        let gv = f.canonical(&mut a);
        for rule in [SequentialRule::JointEnd, SequentialRule::PerPlayer] {
            // 0 -> H = H, and G -> 0 = G.
            let zero = Arc::new(Form::Value(a.zero()));
            prop_assert_eq!(Form::Sequential(zero, hv, rule).canonical(&mut a), hv);
            prop_assert_eq!(Form::Sequential(Arc::new(f.clone()), a.zero(), rule).canonical(&mut a), gv);
        }
    }

    #[test]
    fn atomic_weight_is_additive_on_all_small_games(x in dicotic(), y in dicotic()) {
        let mut a = Arena::new();
        let (g, h) = (form(&mut a, &x).canonical(&mut a), form(&mut a, &y).canonical(&mut a));
        let s = a.add(g, h);
        let (wg, wh, ws) = (a.atomic_weight(g).unwrap(), a.atomic_weight(h).unwrap(), a.atomic_weight(s).unwrap());
        prop_assert_eq!(a.add(wg, wh), ws);
        let ng = a.neg(g);
        let wn = a.atomic_weight(ng).unwrap();
        prop_assert_eq!(wn, a.neg(wg));
    }

    #[test]
    fn atomic_weights_of_ups_and_stars(n in -40i64..40, k in 0u64..40) {
        let mut a = Arena::new();
        let up_n = a.up(n);
        let star = a.nimber(k);
        let g = a.add(up_n, star);
        prop_assert_eq!(a.atomic_weight(g), Some(a.integer(n)));
        prop_assert_eq!(a.atomic_weight(star), Some(a.zero()));
    }

    #[test]
    /// The outcome of a sum of all-small parts found by search on the parts
    /// (atomic weights deciding two ahead, moves ordered by weight) is the
    /// outcome of the canonical sum.
    fn outcome_of_an_all_small_sum_by_search(xs in prop::collection::vec(dicotic(), 2..7)) {
        let mut a = Arena::new();
        let parts: Vec<GameId> = xs.iter().map(|x| form(&mut a, x).canonical(&mut a)).collect();
        let sum = parts.iter().fold(a.zero(), |acc, &g| a.add(acc, g));
        let o = a.outcome(sum);
        prop_assert_eq!(a.sum_outcome(&parts), o);
    }

    #[test]
    fn two_ahead_rule(x in dicotic()) {
        // aw >= 2 implies G > 0; aw <= -2 implies G < 0 (spec §6.4).
        let mut a = Arena::new();
        let g = form(&mut a, &x).canonical(&mut a);
        let w = a.atomic_weight(g).unwrap();
        let two = a.integer(2);
        let minus_two = a.integer(-2);
        if a.le(two, w) {
            prop_assert_eq!(a.outcome(g), Outcome::L);
        }
        if a.le(w, minus_two) {
            prop_assert_eq!(a.outcome(g), Outcome::R);
        }
    }

    #[test]
    fn thermal_laws(x in spec(), n in -8i64..8, e in 0u32..3) {
        let mut a = Arena::new();
        let g = form(&mut a, &x).canonical(&mut a);
        let shift = a.number(Dyadic::new(n.into(), e));
        let moved = a.add(g, shift);
        if !a.is_number(g) {
            // Adding a number leaves the temperature alone and shifts the mean.
            prop_assert_eq!(a.temperature(moved), a.temperature(g));
        }
        prop_assert_eq!(a.mean(moved), &a.mean(g) + &Dyadic::new(n.into(), e));
        // Cooling and heating keep the mean.
        let t = Dyadic::from_i64(1);
        let c = a.cool(g, &t).unwrap();
        prop_assert_eq!(a.mean(c), a.mean(g));
        let one = a.integer(1);
        let h = a.heat(g, one);
        prop_assert_eq!(a.mean(h), a.mean(g));
    }
}

#[test]
fn every_function_has_help_and_a_working_example() {
    let mut s = Session::new();
    for b in builtins() {
        assert!(
            !b.help.is_empty() && b.signature.starts_with(b.name),
            "{}",
            b.name
        );
        assert!(
            s.run_line(b.example).is_ok(),
            "example of {}: {}",
            b.name,
            b.example
        );
    }
}
