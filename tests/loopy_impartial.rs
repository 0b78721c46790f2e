//! Loopy impartial games: the generalized Sprague-Grundy values of random
//! small game graphs (loops and cycles allowed) predict the outcome of
//! every sum of two or three of them, checked against a retrograde
//! win/lose/draw analysis of the sum's own graph.

// The sums are indexed by the vertices of each graph in mixed radix.
#![allow(clippy::needless_range_loop)]

use cgt_core::loopy::impartial::{values, GeneralizedNim, ImpartialOutcome};
use proptest::prelude::*;

/// A random impartial game graph of 1 to 6 vertices.
fn graph() -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1usize..=6).prop_flat_map(|n| {
        proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..=3), n)
    })
}

/// The outcome of every state of the sum of the graphs, by retrograde
/// analysis: a state without moves is lost, a state with a move to a lost
/// state is won, a state all of whose moves go to won states is lost, and
/// every state never decided is a draw. States are numbered in mixed radix.
fn retrograde(graphs: &[&Vec<Vec<u32>>]) -> Vec<ImpartialOutcome> {
    let sizes: Vec<usize> = graphs.iter().map(|g| g.len()).collect();
    let total: usize = sizes.iter().product();
    let decode = |mut s: usize| -> Vec<usize> {
        let mut out = vec![0; sizes.len()];
        for i in (0..sizes.len()).rev() {
            out[i] = s % sizes[i];
            s /= sizes[i];
        }
        out
    };
    let encode = |v: &[usize]| v.iter().zip(&sizes).fold(0, |acc, (&x, &n)| acc * n + x);
    let moves: Vec<Vec<usize>> = (0..total)
        .map(|s| {
            let v = decode(s);
            let mut out = Vec::new();
            for (i, g) in graphs.iter().enumerate() {
                for &w in &g[v[i]] {
                    let mut next = v.clone();
                    next[i] = w as usize;
                    out.push(encode(&next));
                }
            }
            out
        })
        .collect();
    let mut outcome: Vec<Option<ImpartialOutcome>> = vec![None; total];
    loop {
        let mut changed = false;
        for s in 0..total {
            if outcome[s].is_some() {
                continue;
            }
            if moves[s]
                .iter()
                .any(|&t| outcome[t] == Some(ImpartialOutcome::Previous))
            {
                outcome[s] = Some(ImpartialOutcome::Next);
                changed = true;
            } else if moves[s]
                .iter()
                .all(|&t| outcome[t] == Some(ImpartialOutcome::Next))
            {
                outcome[s] = Some(ImpartialOutcome::Previous);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    outcome
        .into_iter()
        .map(|o| o.unwrap_or(ImpartialOutcome::Draw))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every vertex alone, and every pair of vertices of two graphs.
    #[test]
    fn values_predict_the_outcomes_of_sums_of_two(g in graph(), h in graph()) {
        let (vg, vh) = (values(&g), values(&h));
        let alone = retrograde(&[&g]);
        for (a, value) in vg.iter().enumerate() {
            prop_assert_eq!(value.outcome(), alone[a], "vertex {} of {:?}: {:?}", a, g, value);
        }
        let sum = retrograde(&[&g, &h]);
        for a in 0..g.len() {
            for b in 0..h.len() {
                let v = vg[a].add(&vh[b]);
                prop_assert_eq!(
                    v.outcome(),
                    sum[a * h.len() + b],
                    "{:?} at {} + {:?} at {}: {:?} + {:?}", g, a, h, b, vg[a], vh[b]
                );
            }
        }
    }

    /// Sums of three: the sum rule applied twice.
    #[test]
    fn values_predict_the_outcomes_of_sums_of_three(g in graph(), h in graph(), k in graph()) {
        let (vg, vh, vk) = (values(&g), values(&h), values(&k));
        let sum = retrograde(&[&g, &h, &k]);
        for a in 0..g.len() {
            for b in 0..h.len() {
                for c in 0..k.len() {
                    let v = vg[a].add(&vh[b]).add(&vk[c]);
                    let s = (a * h.len() + b) * k.len() + c;
                    prop_assert_eq!(v.outcome(), sum[s]);
                }
            }
        }
    }
}

/// Winning Ways' examples of ch. 12: a heap that may also be passed on
/// for ever by both players is a draw unless it can be left to 0.
#[test]
fn finite_values_are_nim_heaps_and_loops_are_infinite() {
    // A nim heap of 3: options to heaps 0, 1, 2.
    let heap = vec![vec![], vec![0], vec![0, 1], vec![0, 1, 2]];
    let v = values(&heap);
    assert_eq!(v, (0..4).map(GeneralizedNim::Finite).collect::<Vec<_>>());
    // Heap 3 with a pass (a loop): ∞ with exits 0, 1, 2, a first-player win.
    let mut passing = heap.clone();
    passing[3].push(3);
    let v = values(&passing);
    assert_eq!(v[3], GeneralizedNim::Infinite(vec![0, 1, 2]));
    // Two of them: ∞ without exits, a draw.
    assert_eq!(v[3].add(&v[3]).outcome(), ImpartialOutcome::Draw);
    assert_eq!(
        retrograde(&[&passing, &passing])[3 * 4 + 3],
        ImpartialOutcome::Draw
    );
    // ∞_{0,1,2} + *1 = ∞_{0,1,3}: the mover wins (to 0).
    assert_eq!(
        v[3].add(&GeneralizedNim::Finite(1)),
        GeneralizedNim::Infinite(vec![0, 1, 3])
    );
}

/// In the language: `nim_value` of positions of impartial rules that
/// repeat, and of their sums with each other and with nimbers.
#[test]
fn nim_value_of_positions_that_repeat() {
    let mut s = cgt_lang::Session::new();
    // A nim heap of 3 that may also be passed.
    s.run_line("def heapp(n) = if n == 3 then [0, 1, 2, 3] else [k for k in 0..n-1]")
        .unwrap();
    s.run_line("HP = ruleset(heapp, heapp)").unwrap();
    for (expr, want) in [
        ("[nim_value(HP(n)) for n in 0..3]", "[0,1,2,inf[0,1,2]]"),
        ("nim_value(HP(3) + HP(3))", "inf"),
        ("nim_value(HP(3) + HP(1))", "inf[0,1,3]"),
        ("nim_value(HP(3) + *2)", "inf[0,2,3]"),
        ("nim_value(HP(2) + HP(1))", "3"),
    ] {
        assert_eq!(s.run_line(expr).unwrap(), want, "{expr}");
    }
    // Rules whose players move differently.
    s.run_line("def around(n) = [(n + 1) % 3]").unwrap();
    s.run_line("def nothing(n) = []").unwrap();
    s.run_line("LOOP = ruleset(around, nothing)").unwrap();
    let e = s.run_line("nim_value(LOOP(0))").unwrap_err().to_string();
    assert!(e.contains("not an impartial game"), "{e}");
}

/// Every partition of `n` into heaps, each in increasing order.
fn partitions(n: u64) -> Vec<Vec<u64>> {
    fn parts(n: u64, least: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if n == 0 {
            out.push(prefix.clone());
            return;
        }
        for h in least..=n {
            prefix.push(h);
            parts(n - h, h, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    parts(n, 1, &mut Vec::new(), &mut out);
    out
}

/// The game graph of Fair Shares and Varied Pairs on the partitions of
/// `n`, read from the rules here (not from the ruleset): q is an option of
/// p when p becomes q by splitting one heap into equal heaps or by joining
/// two heaps of different sizes.
fn fair_shares_graph(n: u64) -> (Vec<Vec<u64>>, Vec<Vec<u32>>) {
    let all = partitions(n);
    let sorted = |mut v: Vec<u64>| {
        v.sort_unstable();
        v
    };
    let mut options = Vec::new();
    for p in &all {
        let mut reached = Vec::new();
        for i in 0..p.len() {
            let mut rest = p.clone();
            let h = rest.remove(i);
            for d in 1..h {
                if h % d == 0 {
                    let mut q = rest.clone();
                    q.extend(std::iter::repeat_n(d, (h / d) as usize));
                    reached.push(sorted(q));
                }
            }
            for j in 0..p.len() {
                if j != i && p[j] != h {
                    let mut q: Vec<u64> = (0..p.len())
                        .filter(|&k| k != i && k != j)
                        .map(|k| p[k])
                        .collect();
                    q.push(h + p[j]);
                    reached.push(sorted(q));
                }
            }
        }
        let mut ids: Vec<u32> = reached
            .iter()
            .map(|q| all.iter().position(|r| r == q).unwrap() as u32)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        options.push(ids);
    }
    (all, options)
}

/// Fair Shares and Varied Pairs (Winning Ways ch. 12), the built-in loopy
/// impartial ruleset: its generalized Sprague-Grundy values predict the
/// outcome of every sum of two positions of up to 12 coins each, checked
/// by retrograde analysis of the sum's graph as read from the rules.
#[test]
fn fair_shares_values_predict_the_outcomes_of_sums() {
    use cgt_core::ruleset::fair_shares::FairShares;
    use cgt_core::ruleset::Evaluator;
    let mut ev = Evaluator::new(&FairShares);
    let graphs: Vec<_> = (1..=12).map(fair_shares_graph).collect();
    let values: Vec<Vec<GeneralizedNim>> = graphs
        .iter()
        .map(|(all, _)| {
            all.iter()
                .map(|p| ev.generalized_nim_value(p).unwrap())
                .collect()
        })
        .collect();
    let mut infinite = 0;
    for (a, (pa, ga)) in graphs.iter().enumerate() {
        // Each position alone, and its value against the graph's own.
        let alone = retrograde(&[ga]);
        assert_eq!(values[a], cgt_core::loopy::impartial::values(ga));
        for (i, v) in values[a].iter().enumerate() {
            assert_eq!(v.outcome(), alone[i], "{:?}", pa[i]);
            infinite += usize::from(matches!(v, GeneralizedNim::Infinite(_)));
        }
        for (b, (_, gb)) in graphs.iter().enumerate().skip(a) {
            let sum = retrograde(&[ga, gb]);
            for i in 0..ga.len() {
                for j in 0..gb.len() {
                    let v = values[a][i].add(&values[b][j]);
                    assert_eq!(
                        v.outcome(),
                        sum[i * gb.len() + j],
                        "{:?} + {:?}",
                        pa[i],
                        graphs[b].0[j]
                    );
                }
            }
        }
    }
    // The loops matter: some positions are infinite.
    assert!(infinite > 0);
}

/// The value of a Fair Shares position read from its sides agrees with
/// its generalized value: a position of finite value n is `*n` on both
/// sides, and the outcome of the sides is that of the value. Ten coins in
/// one heap need a reversible move bypassed on the way to `*2` (deleting
/// moves alone leaves an alternating cycle).
#[test]
fn fair_shares_sides_and_generalized_values_agree() {
    use cgt_core::game::Arena;
    use cgt_core::loopy::{Loopy, LoopyOutcome};
    use cgt_core::ruleset::fair_shares::FairShares;
    use cgt_core::ruleset::Evaluator;
    let mut ev = Evaluator::new(&FairShares);
    let mut arena = Arena::new();
    let (mut sided, mut compared) = (0, 0);
    // Every position of up to 10 coins, and 12 coins in one heap, whose
    // value is sided.
    let positions = (1..=10).flat_map(partitions).chain([vec![12]]);
    for p in positions {
        let g = ev.generalized_nim_value(&p).unwrap();
        let sides = ev
            .loopy_value(&mut arena, &p)
            .unwrap_or_else(|_| panic!("no stopper found for a side of {p:?}"));
        if let GeneralizedNim::Finite(n) = g {
            let star = arena.nimber(n);
            assert_eq!(sides.as_stopper(), Some(&Loopy::Short(star)), "{p:?}");
        }
        let want: LoopyOutcome = g.outcome().into();
        assert_eq!(sides.outcome(&mut arena), want, "{p:?}: {g:?}");
        compared += 1;
        sided += usize::from(sides.as_stopper().is_none());
    }
    assert!(
        compared > 100 && sided > 0,
        "{compared} compared, {sided} sided"
    );
    let mut s = cgt_lang::Session::new();
    for (expr, want) in [
        ("nim_value(fair_shares_and_varied_pairs(10))", "2"),
        ("nim_value(fair_shares_and_varied_pairs(12))", "inf[0]"),
        ("outcome_class(fair_shares_and_varied_pairs(10))", "N"),
        ("value(fair_shares_and_varied_pairs(10))", "*2"),
        ("outcome_class(fair_shares_and_varied_pairs(12))", "N"),
        ("value(fair_shares_and_varied_pairs([3, 1]))", "*2"),
        (
            "fair_shares_and_varied_pairs([1, 3, 1])",
            "fair_shares_and_varied_pairs([1,1,3])",
        ),
    ] {
        assert_eq!(s.run_line(expr).unwrap(), want, "{expr}");
    }
    let e = s
        .run_line("fair_shares_and_varied_pairs([2, 0])")
        .unwrap_err()
        .to_string();
    assert!(e.contains("at least one coin"), "{e}");
}
