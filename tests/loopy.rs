//! Stoppers: CGSuite's own facts (printed as CGSuite prints them), and laws
//! over random small game graphs checked against their raw, unsimplified
//! graphs.

use cgt_core::game::Arena;
use cgt_core::loopy::{order, ordinal, Graph, Loopy, Named, Pseudonumber};
use cgt_lang::print::Printer;
use cgt_lang::Session;
use proptest::prelude::*;

#[test]
fn cgsuite_stopper_facts_print_as_cgsuite_prints_them() {
    let data = include_str!("data/cgsuite-loopy.tsv");
    let mut s = Session::new();
    let (mut checked, mut reordered) = (0, 0);
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (expr, expected) = line.split_once('\t').expect("expression, tab, value");
        let got = s.run_line(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
        // A printed stopper reads back as itself.
        if !expr.contains(").") {
            assert_eq!(s.run_line(expected).unwrap(), expected, "read back");
        }
        if expr.ends_with(".Followers") {
            assert_eq!(set_items(&got), set_items(expected), "{expr}");
        } else if got != expected {
            // CGSuite lists two loopy options in the order of their hash
            // codes: the same options in another order are the same game.
            let chars = |t: &str| t.chars().collect::<Vec<_>>();
            let (mut a, mut b) = (chars(&got), chars(expected));
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{expr}: {got} is not {expected} reordered");
            let same = s.run_line(&format!("({got}) == ({expected})")).unwrap();
            assert_eq!(same, "true", "{expr}: {got} is not {expected}");
            reordered += 1;
        }
        checked += 1;
    }
    assert!(checked >= 460, "only {checked} facts");
    assert!(reordered <= 2, "{reordered} facts print in another order");
}

#[test]
fn varieties_cgsuite_refuses_are_errors() {
    let mut s = Session::new();
    for (expr, says) in [
        ("({0|||0||0|off}).IsStable", "idempotent"),
        ("({0|||0||0|off}).Variety", "idempotent"),
        ("(a{0|{0||||0,*2|||a|0||0}||0}).Variety", "not stable"),
        ("upsum_variety(1, 1over)", "idempotent"),
        ("on.Subordinate(*)", "cannot be subordinated"),
        ("^.Pow({pass|1})", "invalid exponent"),
        ("^.Pow(off)", "invalid exponent"),
        ("(+-1).Pow(on)", "invalid base"),
        ("^.Pow(^<on>)", "pseudonumber"),
    ] {
        let e = s.run_line(expr).expect_err(expr).to_string();
        assert!(e.contains(says), "{expr}: {e}");
    }
    // A sided value is not a stopper's argument.
    let e = s.run_line("degree(on + off)").unwrap_err().to_string();
    assert!(e.contains("sided value"), "{e}");
}

/// Upsums and downsums are the sides of the sum, and the varieties follow
/// their definitions (checked here by the sum's sides, computed apart).
#[test]
fn upsums_are_the_sides_of_sums() {
    let mut s = Session::new();
    for (g, h) in [
        ("on", "off"),
        ("over", "under"),
        ("upon", "-upon"),
        ("{pass|3/2}", "-{pass|3/2}"),
        ("a{0||||0|||a|*||*}", "^"),
    ] {
        let up = s.run_line(&format!("upsum({g}, {h})")).unwrap();
        let down = s.run_line(&format!("downsum({g}, {h})")).unwrap();
        let on = s.run_line(&format!("onside({g} + {h})")).unwrap();
        let off = s.run_line(&format!("offside({g} + {h})")).unwrap();
        assert_eq!((&up, &down), (&on, &off), "{g}, {h}");
        let deg = s.run_line(&format!("degree({g})")).unwrap();
        assert_eq!(deg, s.run_line(&format!("onside({g} - ({g}))")).unwrap());
    }
    assert_eq!(s.run_line("upsum(on, off)").unwrap(), "on");
    assert_eq!(s.run_line("degree(5/8)").unwrap(), "0");
    assert_eq!(s.run_line("variety(5/8)").unwrap(), "0");
}

/// An ordinal sum on a loopy base is CGSuite's (the base's canonical graph
/// under H): B : H = {B^L, B:H^L | B^R, B:H^R}, checked against that
/// definition for stoppers B and short and loopy H.
#[test]
fn ordinal_sums_on_a_loopy_base_follow_the_definition() {
    let mut s = Session::new();
    s.run_line(
        "def by_definition(b, h) = {[x for x in left_options(b)] + [ordinal_sum(b, y) for y in left_options(h)] | [x for x in right_options(b)] + [ordinal_sum(b, y) for y in right_options(h)]}",
    )
    .unwrap();
    let bases = [
        "on",
        "off",
        "over",
        "upon",
        "a{0||||0|||a|*||*}",
        "{0|{0|on}}",
        "{1|-1} + over",
    ];
    let tops = ["0", "1", "-1", "*", "{1|-1}", "^", "{2|*}", "over", "upon"];
    for b in bases {
        for h in tops {
            let same = s
                .run_line(&format!("({b}) : ({h}) == by_definition({b}, {h})"))
                .unwrap_or_else(|e| panic!("{b} : {h}: {e}"));
            assert_eq!(same, "true", "{b} : {h}");
        }
    }
    // Facts: on and upon absorb what Left adds on top.
    for (expr, want) in [
        ("on : 1", "on"),
        ("upon : 1", "^[on]"),
        ("ordinal_sum(on, -1)", "on"),
    ] {
        assert_eq!(s.run_line(expr).unwrap(), want, "{expr}");
    }
    // A sided base has no canonical graph.
    let e = s.run_line("dud : 1").unwrap_err().to_string();
    assert!(e.contains("sided value"), "{e}");
}

/// The items of a printed set `{a,b{c,d},...}`, split at its top-level
/// commas, sorted.
fn set_items(text: &str) -> Vec<String> {
    let inner = text
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .expect("a set");
    let (mut items, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (k, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(inner[start..k].to_string());
                start = k + 1;
            }
            _ => {}
        }
    }
    items.push(inner[start..].to_string());
    items.sort();
    items
}

#[test]
fn sums_that_are_not_stoppers_are_sided_values() {
    let mut s = Session::new();
    for (expr, want) in [
        ("on + off", "dud"),
        ("over - over", "over & under"),
        ("{pass|pass}", "dud"),
        ("is_idempotent(+-over)", "false"),
        ("is_idempotent(over)", "true"),
    ] {
        assert_eq!(s.run_line(expr).unwrap(), want, "{expr}");
    }
    assert_eq!(s.run_line("on + 1").unwrap(), "on");
}

/// A random graph of up to 5 vertices whose edges may loop, with the short
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The canonical form keeps the value (compared by survival with the
    /// raw graph both ways), is canonical again unchanged, and lies between
    /// off and on; G - G is 0 whenever it is a stopper.
    #[test]
    fn canonical_stoppers_keep_their_value(g in graph()) {
        prop_assume!(!g.has_alternating_cycle(0));
        let mut arena = Arena::new();
        let c = Loopy::of(&mut arena, &g, 0).expect("a stopper");
        let (cg, cs) = c.to_graph(&mut arena);
        prop_assert!(order::ge(&g, 0, &cg, cs) && order::ge(&cg, cs, &g, 0));
        prop_assert_eq!(Loopy::of(&mut arena, &cg, cs).expect("a stopper"), c.clone());
        let (on, off) = (Named::On.value(&mut arena), Named::Off.value(&mut arena));
        prop_assert!(Loopy::ge(&mut arena, &on, &c) && Loopy::ge(&mut arena, &c, &off));
        // Its text reads back as the same value (printed the same).
        let text = Printer::new(&mut arena).loopy(&c);
        prop_assert_eq!(Session::new().run_line(&text).unwrap(), text);
        let neg = c.neg(&mut arena);
        if let Ok(d) = Loopy::add(&mut arena, &c, &neg) {
            prop_assert_eq!(d, Loopy::Short(arena.zero()));
        }
    }

    /// Subordinating `B : H` to the base `B` gives `H` back, for the bases
    /// 1, * and ^; with a short `H` the sum is the short ordinal sum.
    #[test]
    fn subordinate_undoes_the_ordinal_sum(g in graph(), base in 0usize..3) {
        prop_assume!(!g.has_alternating_cycle(0));
        let mut arena = Arena::new();
        let h = Loopy::of(&mut arena, &g, 0).unwrap();
        let (zero, star) = (arena.zero(), arena.nimber(1));
        let (l, r) = match base {
            0 => (vec![zero], vec![]),
            1 => (vec![zero], vec![zero]),
            _ => (vec![zero], vec![star]),
        };
        let b = arena.construct(l.clone(), r.clone());
        let short = |v: Vec<_>| v.into_iter().map(Loopy::Short).collect::<Vec<_>>();
        let (l, r) = (short(l), short(r));
        let sum = ordinal::ordinal_sum(&mut arena, &l, &r, &h).unwrap();
        prop_assert_eq!(ordinal::subordinate(&mut arena, &sum, &l, &r), Some(h.clone()));
        if let Loopy::Short(x) = h {
            let form = cgt_core::form::Form::Value(b);
            let want = cgt_core::form::ordinal_sum(&mut arena, &form, x);
            prop_assert_eq!(sum, Loopy::Short(want));
        }
    }

    /// Canonical stoppers are unique: two games have equal canonical forms
    /// exactly when each is >= the other on their raw graphs, and equal
    /// forms have equal graph sizes and hashes.
    #[test]
    fn equal_stoppers_have_one_canonical_form(g in graph(), h in graph()) {
        prop_assume!(!g.has_alternating_cycle(0) && !h.has_alternating_cycle(0));
        let mut arena = Arena::new();
        let a = Loopy::of(&mut arena, &g, 0).unwrap();
        let b = Loopy::of(&mut arena, &h, 0).unwrap();
        let equal = order::ge(&g, 0, &h, 0) && order::ge(&h, 0, &g, 0);
        prop_assert_eq!(a == b, equal);
        // G + X - X, a different graph of the same value, has the same form.
        let (one, star) = (arena.integer(1), arena.nimber(1));
        let x = Loopy::Short(arena.construct(vec![one], vec![star]));
        let (xg, xs) = x.to_graph(&mut arena);
        let neg = x.neg(&mut arena);
        let (ng, ns) = neg.to_graph(&mut arena);
        let x_minus_x = Graph::sum(&xg, xs, &ng, ns);
        let padded = Graph::sum(&g, 0, &x_minus_x, 0);
        let c = Loopy::of(&mut arena, &padded, 0).unwrap();
        prop_assert_eq!(&c, &a);
        if let (Loopy::Stopper(x), Loopy::Stopper(y)) = (&a, &c) {
            prop_assert_eq!(x.graph().len(), y.graph().len());
        }
        if let (true, Loopy::Stopper(x), Loopy::Stopper(y)) = (equal, &a, &b) {
            prop_assert_eq!(x.graph().len(), y.graph().len());
            prop_assert_eq!(x.invariant(), y.invariant());
        }
    }

    /// Sums commute, and adding a short game agrees with the order:
    /// G + 1 >= G, and G + 1 > G when a stop of G is finite (one that is on
    /// or off absorbs the 1: {on|off} + 1 is {on|off}).
    #[test]
    fn sums_commute_and_respect_the_order(g in graph(), h in graph()) {
        prop_assume!(!g.has_alternating_cycle(0) && !h.has_alternating_cycle(0));
        let mut arena = Arena::new();
        let a = Loopy::of(&mut arena, &g, 0).unwrap();
        let b = Loopy::of(&mut arena, &h, 0).unwrap();
        if let (Ok(x), Ok(y)) = (Loopy::add(&mut arena, &a, &b), Loopy::add(&mut arena, &b, &a)) {
            prop_assert_eq!(x, y);
        }
        let one = Loopy::Short(arena.integer(1));
        let up = Loopy::add(&mut arena, &a, &one).unwrap();
        prop_assert!(Loopy::ge(&mut arena, &up, &a));
        let infinite = |p: Pseudonumber| matches!(p, Pseudonumber::On | Pseudonumber::Off);
        let stops = [a.stop(&mut arena, true), a.stop(&mut arena, false)];
        if !stops.into_iter().all(infinite) {
            prop_assert!(!Loopy::ge(&mut arena, &a, &up));
        }
    }
}
