//! Algebraic laws on random games (proptest), each checked against an
//! independent computation where one exists: a naive game-tree search on
//! the uncanonicalised forms, or the general recursion without nus shortcuts.

use cgt_core::game::{Arena, GameId, Nus};
use cgt_core::number::Dyadic;
use cgt_lang::print::Printer;
use cgt_lang::{Session, Value};
use proptest::prelude::*;
use std::collections::HashMap;

/// A random game form: a leaf from a small pool, or `{L|R}` of forms.
#[derive(Clone, Debug)]
enum Spec {
    Leaf(u8),
    Node(Vec<Spec>, Vec<Spec>),
}

const POOL: usize = 10;

fn leaf(a: &mut Arena, k: u8) -> GameId {
    match k as usize % POOL {
        0 => a.zero(),
        1 => a.nimber(1),
        2 => a.integer(1),
        3 => a.integer(-1),
        4 => a.up(1),
        5 => a.up(-1),
        6 => a.number(Dyadic::parse("1/2").unwrap()),
        7 => a.nimber(2),
        8 => a.integer(2),
        _ => a.number(Dyadic::parse("-1/4").unwrap()),
    }
}

fn spec() -> impl Strategy<Value = Spec> {
    let leaf = (0..POOL as u8).prop_map(Spec::Leaf);
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Spec::Node(l, r))
    })
}

/// A random dicotic (all-small) form: `{|}` or `{L|R}` with both sides non-empty.
fn dicotic_spec() -> impl Strategy<Value = Spec> {
    let leaf = Just(Spec::Leaf(0));
    leaf.prop_recursive(4, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 1..3),
            prop::collection::vec(inner, 1..3),
        )
            .prop_map(|(l, r)| Spec::Node(l, r))
    })
}

fn build(a: &mut Arena, s: &Spec) -> GameId {
    match s {
        Spec::Leaf(k) => leaf(a, *k),
        Spec::Node(l, r) => {
            let l = l.iter().map(|x| build(a, x)).collect();
            let r = r.iter().map(|x| build(a, x)).collect();
            a.construct(l, r)
        }
    }
}

/// A form as an explicit tree, with pool leaves expanded to their canonical trees.
#[derive(Clone)]
struct Tree(Vec<Tree>, Vec<Tree>);

fn tree_of_game(a: &mut Arena, g: GameId) -> Tree {
    let l = a.left_options(g).to_vec();
    let r = a.right_options(g).to_vec();
    Tree(
        l.into_iter().map(|x| tree_of_game(a, x)).collect(),
        r.into_iter().map(|x| tree_of_game(a, x)).collect(),
    )
}

fn tree(a: &mut Arena, s: &Spec) -> Tree {
    match s {
        Spec::Leaf(k) => {
            let g = leaf(a, *k);
            tree_of_game(a, g)
        }
        Spec::Node(l, r) => Tree(
            l.iter().map(|x| tree(a, x)).collect(),
            r.iter().map(|x| tree(a, x)).collect(),
        ),
    }
}

fn neg_tree(t: &Tree) -> Tree {
    Tree(
        t.1.iter().map(neg_tree).collect(),
        t.0.iter().map(neg_tree).collect(),
    )
}

/// Naive search on the sum of two trees: can Left (or Right) win moving first?
fn wins_first(g: &Tree, h: &Tree, left: bool) -> bool {
    let (gs, hs) = if left { (&g.0, &h.0) } else { (&g.1, &h.1) };
    gs.iter().any(|x| !wins_first(x, h, !left)) || hs.iter().any(|y| !wins_first(g, y, !left))
}

/// Is the form `g - h` (naively) zero, i.e. a second-player win?
fn naive_equal(g: &Tree, h: &Tree) -> bool {
    let nh = neg_tree(h);
    !wins_first(g, &nh, true) && !wins_first(g, &nh, false)
}

/// `a + b` by the definition, never using the nus closed form.
fn naive_add(ar: &mut Arena, a: GameId, b: GameId) -> GameId {
    naive_add_seen(ar, a, b, &mut HashMap::new())
}

/// The sum by the definition, each pair of subpositions added once (the
/// recursion alone is exponential in the birthdays).
fn naive_add_seen(
    ar: &mut Arena,
    a: GameId,
    b: GameId,
    seen: &mut HashMap<(GameId, GameId), GameId>,
) -> GameId {
    if let Some(&s) = seen.get(&(a, b)) {
        return s;
    }
    let (al, ar_) = (ar.left_options(a).to_vec(), ar.right_options(a).to_vec());
    let (bl, br) = (ar.left_options(b).to_vec(), ar.right_options(b).to_vec());
    let mut l: Vec<GameId> = al.iter().map(|&x| naive_add_seen(ar, x, b, seen)).collect();
    l.extend(bl.iter().map(|&y| naive_add_seen(ar, a, y, seen)));
    let mut r: Vec<GameId> = ar_
        .iter()
        .map(|&x| naive_add_seen(ar, x, b, seen))
        .collect();
    r.extend(br.iter().map(|&y| naive_add_seen(ar, a, y, seen)));
    let s = ar.construct(l, r);
    seen.insert((a, b), s);
    s
}

/// `a <= b` by the definition, never using closed forms or number avoidance
/// (each pair compared once).
fn naive_le(ar: &mut Arena, a: GameId, b: GameId) -> bool {
    naive_le_seen(ar, a, b, &mut HashMap::new())
}

fn naive_le_seen(
    ar: &mut Arena,
    a: GameId,
    b: GameId,
    seen: &mut HashMap<(GameId, GameId), bool>,
) -> bool {
    if let Some(&v) = seen.get(&(a, b)) {
        return v;
    }
    let al = ar.left_options(a).to_vec();
    let br = ar.right_options(b).to_vec();
    let v = al.iter().all(|&x| !naive_le_seen(ar, b, x, seen))
        && br.iter().all(|&y| !naive_le_seen(ar, y, a, seen));
    seen.insert((a, b), v);
    v
}

fn naive_birthday(ar: &mut Arena, a: GameId) -> u64 {
    let mut o = ar.left_options(a).to_vec();
    o.extend(ar.right_options(a).iter());
    o.iter()
        .map(|&x| naive_birthday(ar, x) + 1)
        .max()
        .unwrap_or(0)
}

fn nus() -> impl Strategy<Value = (i64, u32, i64, u64)> {
    (-2i64..=2, 0u32..=2, -3i64..=3, 0u64..=3)
}

fn make_nus(a: &mut Arena, (n, e, ups, nim): (i64, u32, i64, u64)) -> GameId {
    let number = Dyadic::new(n.into(), e);
    a.nus(Nus { number, ups, nim })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn sum_with_negative_is_zero(s in spec()) {
        let mut a = Arena::new();
        let g = build(&mut a, &s);
        let n = a.neg(g);
        prop_assert_eq!(a.add(g, n), a.zero());
    }

    #[test]
    fn sum_is_commutative_and_associative(x in spec(), y in spec(), z in spec()) {
        let mut a = Arena::new();
        let (g, h, k) = (build(&mut a, &x), build(&mut a, &y), build(&mut a, &z));
        prop_assert_eq!(a.add(g, h), a.add(h, g));
        let gh = a.add(g, h);
        let hk = a.add(h, k);
        prop_assert_eq!(a.add(gh, k), a.add(g, hk));
    }

    #[test]
    fn canonical_form_is_idempotent_and_keeps_the_value(s in spec()) {
        let mut a = Arena::new();
        let g = build(&mut a, &s);
        let (l, r) = (a.left_options(g).to_vec(), a.right_options(g).to_vec());
        prop_assert_eq!(a.construct(l, r), g);
        // The uncanonicalised form and the canonical form differ by 0 in a naive search.
        let form = tree(&mut a, &s);
        let canon = tree_of_game(&mut a, g);
        prop_assert!(naive_equal(&form, &canon));
    }

    #[test]
    fn order_agrees_with_outcome_of_difference(x in spec(), y in spec()) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &x), build(&mut a, &y));
        let d = a.sub(h, g);
        let o = a.outcome(d);
        use cgt_core::analysis::Outcome;
        prop_assert_eq!(a.le(g, h), matches!(o, Outcome::L | Outcome::P));
        prop_assert_eq!(a.le(g, h), naive_le(&mut a, g, h));
    }

    /// Translating both games by a number keeps their order, also by one
    /// whose stops do not fit in the words of fixed point the comparisons
    /// use for most games (beyond 2^31, or finer than 2^-32).
    #[test]
    fn order_is_invariant_under_adding_a_number(x in spec(), y in spec(), k in 0usize..4) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &x), build(&mut a, &y));
        let shift = ["0", "1099511627776", "1/1099511627776", "-2147483649/2"][k];
        let d = Dyadic::parse(shift).unwrap();
        let n = a.number(d.clone());
        let (gs, hs) = (a.add(g, n), a.add(h, n));
        prop_assert_eq!(a.le(gs, hs), a.le(g, h));
        prop_assert_eq!(a.le(hs, gs), a.le(h, g));
        let (ls, rs) = a.stops(gs);
        let (l, r) = a.stops(g);
        prop_assert_eq!((ls, rs), (&l + &d, &r + &d));
    }

    /// The outcome of a sum found by search on its parts (numbers folded,
    /// negatives cancelled, stops, pairs compared) is the outcome of the
    /// canonical sum; copies and negatives of parts are mixed in so the
    /// shortcuts are taken.
    #[test]
    fn outcome_of_a_sum_by_search_is_the_outcome_of_the_sum(
        xs in prop::collection::vec(spec(), 1..6),
        copies in prop::collection::vec(0usize..8, 0..3),
    ) {
        let mut a = Arena::new();
        let mut parts: Vec<GameId> = xs.iter().map(|x| build(&mut a, x)).collect();
        for (k, &c) in copies.iter().enumerate() {
            let g = parts[c % parts.len()];
            parts.push(if k % 2 == 0 { g } else { a.neg(g) });
        }
        let sum = parts.iter().fold(a.zero(), |acc, &g| a.add(acc, g));
        let o = a.outcome(sum);
        prop_assert_eq!(a.sum_outcome(&parts), o);
    }

    #[test]
    fn printed_forms_parse_back(s in spec()) {
        let mut session = Session::new();
        let g = build(&mut session.world().arena, &s);
        let text = Printer::new(&mut session.world().arena).game(g);
        let back = session.eval_line(&text).unwrap_or_else(|e| panic!("{text}: {}", e.message));
        prop_assert_eq!(back, Some(Value::Game(g)), "{}", text);
    }

    #[test]
    fn nus_closed_forms_agree_with_the_general_recursion(p in nus(), q in nus()) {
        let mut a = Arena::new();
        let (g, h) = (make_nus(&mut a, p), make_nus(&mut a, q));
        prop_assert_eq!(a.add(g, h), naive_add(&mut a, g, h));
        prop_assert_eq!(a.le(g, h), naive_le(&mut a, g, h));
        prop_assert_eq!(a.birthday(g), naive_birthday(&mut a, g).into());
    }

    #[test]
    fn sums_of_dicotic_games_stay_infinitesimal(x in dicotic_spec(), y in dicotic_spec()) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &x), build(&mut a, &y));
        let s = a.add(g, h);
        prop_assert!(a.is_all_small(s));
        prop_assert!(a.is_infinitesimal(s));
    }

    #[test]
    fn mean_is_additive(x in spec(), y in spec()) {
        let mut a = Arena::new();
        let (g, h) = (build(&mut a, &x), build(&mut a, &y));
        let s = a.add(g, h);
        prop_assert_eq!(a.mean(s), &a.mean(g) + &a.mean(h));
    }
}

#[test]
fn nus_canonical_options_match_the_definitions() {
    // ↑n*k built from {0|*} by naive sums equals the closed-form nus for small n, k.
    let mut a = Arena::new();
    let up = {
        let (z, s) = (a.zero(), a.nimber(1));
        a.construct(vec![z], vec![s])
    };
    assert_eq!(up, a.up(1));
    let mut acc = a.zero();
    for n in 0..6i64 {
        for k in 0..6u64 {
            let star = a.nimber(k);
            let v = naive_add(&mut a, acc, star);
            assert_eq!(
                v,
                a.nus(Nus {
                    number: Dyadic::zero(),
                    ups: n,
                    nim: k
                }),
                "↑{n}*{k}"
            );
        }
        acc = naive_add(&mut a, acc, up);
    }
}
