//! Partizan-Serial-Nim (Hashimoto, arXiv:2608.19876; docs/spec/psn.md)
//! and Domineering: the paper's facts, the spec's test vectors, the paper's
//! theorems checked exhaustively on small ranges, and literature values.

use cgt_core::analysis::Outcome;
use cgt_core::checks::psn as checks;
use cgt_core::game::Arena;
use cgt_core::ruleset::psn::{Psn, Threshold};
use cgt_core::ruleset::Evaluator;
use cgt_lang::{Session, Value};

fn eval(s: &mut Session, input: &str) -> String {
    s.run_line(input)
        .unwrap_or_else(|e| panic!("{input}: {}", e.message))
}

fn same_value(s: &mut Session, a: &str, b: &str) -> bool {
    matches!(
        s.eval_line(&format!("({a}) == ({b})")),
        Ok(Some(Value::Bool(true)))
    )
}

fn list(v: &[u64]) -> String {
    format!(
        "[{}]",
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    )
}

#[test]
fn spec_test_vectors() {
    // psn.md §9: σ, w, class, (L,R), value, aw, outcome.
    let rows: &[(&str, &str, &str, &str, &str, &str, &str)] = &[
        ("[1]", "[3]", "=", "[0,0]", "*3", "0", "N"),
        ("[1,2]", "[1,1]", "=", "[1,1]", "0", "0", "P"),
        ("[1,2]", "[2,1]", "=", "[1,1]", "*2", "0", "N"),
        ("[1,2]", "[2,3]", "=", "[1,1]", "*", "0", "N"),
        ("[2,1]", "[1,1]", "!=", "[1,1]", "0", "0", "P"),
        ("[2,1]", "[1,2]", "!=", "[2,1]", "v*3", "-1", "R"),
        ("[2,1]", "[2,2]", "!=", "[2,2]", "0", "0", "P"),
        ("[2,1]", "[3,1]", "!=", "[1,3]", "^*2", "1", "L"),
        ("[2,1]", "[1,3]", "!=", "[3,1]", "v*2", "-1", "R"),
        ("[2,1]", "[2,3]", "!=", "[3,2]", "{v*2, *3|0}", "-1", "R"),
        ("[3,2,1]", "[1,1,1]", "!=", "[0,0]", "*", "0", "N"),
        ("[1,2,3]", "[2,1,3]", "=", "[0,0]", "*2", "0", "N"),
        ("[1,3,2]", "[1,1,2]", "=", "[inf,0]", "v2*2", "-2", "R"),
        ("[1,3,2]", "[1,2,1]", "=", "[0,inf]", "^2*2", "2", "L"),
        (
            "[2,3,1]",
            "[2,1,3]",
            "!=",
            "[3,2]",
            "{v2*3, v*2|0}",
            "-2",
            "R",
        ),
        ("[3,1,2]", "[1,2,3]", "!=", "[4,0]", "v", "-1", "R"),
        ("[3,2,4,1]", "[2,2,2,2]", "!=", "[0,0]", "*", "0", "N"),
        (
            "[3,2,4,1]",
            "[3,3,3,3]",
            "!=",
            "[0,0]",
            "{0,*|0,{0,*|0,^*}}",
            "1",
            "N",
        ),
    ];
    let mut s = Session::new();
    for (sigma, w, class, th, value, aw, o) in rows {
        let p = format!("psn({w}, {sigma})");
        let ctx = format!("σ={sigma} w={w}");
        assert_eq!(eval(&mut s, &format!("psn_thresholds({p})")), *th, "{ctx}");
        assert!(
            same_value(&mut s, &format!("value({p})"), value),
            "{ctx}: value {}",
            eval(&mut s, &format!("value({p})"))
        );
        assert_eq!(eval(&mut s, &format!("atomic_weight({p})")), *aw, "{ctx}");
        assert_eq!(eval(&mut s, &format!("psn_outcome({p})")), *o, "{ctx}");
        assert_eq!(eval(&mut s, &format!("outcome_class({p})")), *o, "{ctx}");
        // W= iff both players target the same pile.
        let sig: Vec<usize> = serde_like_list(sigma);
        let wv: Vec<u64> = serde_like_list(w);
        let psn = Psn::new(sig).unwrap();
        let shared = psn.left_target(&wv) == psn.right_target(&wv);
        assert_eq!(shared, *class == "=", "{ctx}");
    }
}

fn serde_like_list<T: std::str::FromStr>(s: &str) -> Vec<T>
where
    T::Err: std::fmt::Debug,
{
    s.trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .map(|x| x.trim().parse().unwrap())
        .collect()
}

#[test]
fn figure_one_position_and_play_sequence() {
    // psn.md §1: the Figure 1 position and its (legal, not optimal) play sequence.
    let sigma = vec![10, 1, 3, 9, 2, 5, 7, 6, 8, 4];
    let psn = Psn::new(sigma.clone()).unwrap();
    let mut w = vec![2, 3, 1, 5, 2, 3, 1, 3, 2, 3];
    let mut s = Session::new();
    let p = format!("psn({}, {})", list(&w), "[10,1,3,9,2,5,7,6,8,4]");
    assert_eq!(eval(&mut s, &format!("birthday({p})")), "23");
    assert_eq!(eval(&mut s, &format!("atomic_weight({p})")), "-6");
    assert_eq!(eval(&mut s, &format!("outcome_class({p})")), "R");
    use Threshold::*;
    // (mover, target pile (1-based), stones taken, thresholds after, outcome after)
    let moves: &[(char, usize, u64, (Threshold, Threshold))] = &[
        ('R', 2, 2, (Finite(8), Finite(0))),
        ('L', 1, 2, (Infinite, Finite(0))),
        ('R', 2, 1, (Infinite, Finite(0))),
        ('L', 3, 1, (Finite(11), Finite(0))),
        ('R', 5, 2, (Finite(9), Finite(0))),
        ('L', 4, 4, (Finite(9), Finite(0))),
        ('R', 10, 1, (Finite(8), Finite(0))),
    ];
    assert_eq!(
        psn.thresholds(&w),
        (Some((Finite(10), Finite(0))), Outcome::R)
    );
    for (mover, target, take, th) in moves {
        let t = if *mover == 'L' {
            psn.left_target(&w)
        } else {
            psn.right_target(&w)
        };
        assert_eq!(t, Some(target - 1), "{mover} targets pile {target}");
        w[target - 1] -= take;
        assert_eq!(
            psn.thresholds(&w),
            (Some(*th), Outcome::R),
            "after {mover} takes {take} from pile {target}"
        );
    }
}

#[test]
fn paper_facts() {
    let mut s = Session::new();
    // Section 5: m-dependence of the atomic weight, σ = (3,2,4,1).
    assert_eq!(
        eval(&mut s, "atomic_weight(psn([2,2,2,2], [3,2,4,1]))"),
        "0"
    );
    assert_eq!(
        eval(&mut s, "atomic_weight(psn([3,3,3,3], [3,2,4,1]))"),
        "1"
    );
    assert_eq!(
        eval(&mut s, "atomic_weight(psn([1,1,1,1], [3,2,4,1]))"),
        "0"
    );
    assert_eq!(
        eval(&mut s, "atomic_weight(psn([4,4,4,4], [3,2,4,1]))"),
        "1"
    );
    // Figure 2: Serial-Nim value *2; End-Nim outcome L with (0, 13) and aw 4.
    assert_eq!(eval(&mut s, "value(serial_nim([3,5,2,3,3,1,9]))"), "*2");
    assert_eq!(eval(&mut s, "psn_outcome(end_nim([3,5,2,3,3,1,9]))"), "L");
    assert_eq!(
        eval(&mut s, "psn_thresholds(end_nim([3,5,2,3,3,1,9]))"),
        "[0,13]"
    );
    assert_eq!(eval(&mut s, "atomic_weight(end_nim([3,5,2,3,3,1,9]))"), "4");
    // Two positions with one game tree (σ = (1,2)).
    assert!(same_value(
        &mut s,
        "value(psn([1,0],[1,2]))",
        "value(psn([0,1],[1,2]))"
    ));
    // The uniform all-3 Figure-1 position: o = L, aw = 1; all-2 likewise.
    let sig = "[10,1,3,9,2,5,7,6,8,4]";
    for m in [2, 3] {
        let p = format!("psn([{m},{m},{m},{m},{m},{m},{m},{m},{m},{m}], {sig})");
        assert_eq!(eval(&mut s, &format!("psn_uniform_outcome({p})")), "L");
        assert_eq!(eval(&mut s, &format!("psn_outcome({p})")), "L");
    }
    // The general two-permutation form normalises to σ^L = identity.
    assert!(same_value(
        &mut s,
        "value(psn([2,3,1], [1,2,3], [2,1,3]))",
        "value(psn([2,3,1], [2,1,3]))"
    ));
    // Old pile i becomes pile σL(i): w' = (3,1,2), σ = σR∘σL⁻¹ = (2,3,1).
    assert!(same_value(
        &mut s,
        "value(psn([1,2,3], [2,3,1], [3,1,2]))",
        "value(psn([3,1,2], [2,3,1]))"
    ));
}

#[test]
fn serial_nim_is_the_sequential_compound_of_heaps() {
    // psn.md §1.1 and cgt.md §9: σ = id gives *w1 -> *w2 -> ... -> *wn; and
    // Levine's closed form for its nimber.
    let mut s = Session::new();
    let mut count = 0;
    for a in 0..4u64 {
        for b in 0..4u64 {
            for c in 0..4u64 {
                let w = [a, b, c];
                let value = eval(&mut s, &format!("value(serial_nim({}))", list(&w)));
                let chain = eval(&mut s, &format!("*{a} -> *{b} -> *{c}"));
                assert_eq!(value, chain, "w={w:?}");
                let nonzero: Vec<u64> = w.iter().copied().filter(|&x| x > 0).collect();
                let expected = if nonzero.is_empty() {
                    0
                } else {
                    let mut ext = nonzero.clone();
                    ext.push(0);
                    let m = ext.iter().position(|&x| x != ext[0]).unwrap() + 1;
                    if (m % 2 == 1) ^ (ext[m - 1] < ext[0]) {
                        ext[0]
                    } else {
                        ext[0] - 1
                    }
                };
                let star = if expected == 0 {
                    "0".to_string()
                } else if expected == 1 {
                    "*".into()
                } else {
                    format!("*{expected}")
                };
                assert_eq!(value, star, "Levine's formula, w={w:?}");
                count += 1;
            }
        }
    }
    assert_eq!(count, 64);
}

#[test]
fn theorems_hold_exhaustively_on_small_ranges() {
    // The `cgt check` ranges N <= 5, M <= 3 (single-threaded here).
    for n in 1..=5 {
        for sigma in Psn::permutations(n) {
            let m = 3;
            for (name, r) in [
                (
                    "Theorem 5.4 (integer atomic weights)",
                    checks::aw_integral(&sigma, m),
                ),
                (
                    "Theorem 3.2 (outcome and thresholds)",
                    checks::outcome(&sigma, m),
                ),
                ("Theorem 4.2 (uniform case)", checks::uniform(&sigma, m)),
                ("Remark 2.4 (misère reduction)", checks::misere(&sigma, m)),
            ] {
                if let Err(c) = r {
                    panic!("{name} fails: σ={:?} w={:?}: {}", c.sigma, c.w, c.detail);
                }
            }
        }
    }
}

#[test]
fn psn_all_summaries_match_the_peer_harness() {
    // peers/cgt-crate/README.md: distinct values and outcome counts.
    for (n, m, distinct, outcomes) in [
        (3, 3, 50, [68, 68, 81, 167]),
        (4, 3, 280, [1499, 1499, 1057, 2089]),
    ] {
        let mut arena = Arena::new();
        let mut all = std::collections::HashSet::new();
        let mut counts = [0usize; 4];
        for sigma in Psn::permutations(n) {
            let psn = Psn::new(sigma).unwrap();
            for g in psn.box_values(&mut arena, m) {
                all.insert(g);
                counts[arena.outcome(g) as usize] += 1;
            }
        }
        assert_eq!(all.len(), distinct);
        assert_eq!(counts, outcomes, "L R P N for n={n} m={m}");
    }
}

#[test]
fn big_stone_counts_in_the_fast_algorithms() {
    let psn = Psn::new(vec![2, 1]).unwrap();
    let big = u64::MAX / 4;
    // Lemma 3.5 shape: equal excess gives P, larger Left excess gives L.
    assert_eq!(psn.outcome(&[big, big]), Outcome::P);
    assert_eq!(psn.outcome(&[big, big - 1]), Outcome::L);
    let uniform = Psn::new(vec![3, 2, 4, 1]).unwrap();
    assert_eq!(uniform.uniform_outcome(&[big; 4]), Ok(Outcome::N));
    let mut s = Session::new();
    assert_eq!(
        eval(
            &mut s,
            "psn_outcome(psn([18446744073709551615, 18446744073709551615], [2,1]))"
        ),
        "P"
    );
}

#[test]
fn generic_engine_outcome_search_and_forms_agree() {
    let psn = Psn::new(vec![3, 1, 2]).unwrap();
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(&psn);
    for w in [[1, 2, 3], [2, 2, 0], [0, 3, 1], [3, 3, 3]] {
        let g = ev.value(&mut arena, &w.to_vec());
        assert_eq!(ev.outcome(&w.to_vec()), arena.outcome(g));
        assert_eq!(ev.form(&w.to_vec()).canonical(&mut arena), g);
        assert_eq!(psn.outcome(&w), arena.outcome(g));
    }
}

#[test]
fn domineering_values_from_the_literature() {
    // Berlekamp, Conway, Guy; Lachmann, Moore, Rapaport; the CGSuite table.
    let mut s = Session::new();
    for (board, value) in [
        ("domineering(2, 2)", "+-1"),
        ("domineering(3, 3)", "+-1"),
        ("domineering(4, 4)", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"),
        ("domineering(4, 5)", "1"),
        ("domineering(5, 5)", "0"),
        ("domineering(3, 6)", "{-1|-7/2}"),
        ("domineering(\"../..\")", "+-1"),
        ("domineering(\"#./..\")", "*"), // one move each, both to a single square
        ("domineering(\"..\")", "-1"),
        ("domineering(\"./.\")", "1"),
    ] {
        assert_eq!(eval(&mut s, &format!("value({board})")), value, "{board}");
    }
}

/// Outcomes by a plain search on raw positions (no keys, no symmetry), for
/// normal and misère play: an independent check of the evaluator's search,
/// which folds symmetric positions and negated ones (Domineering's transpose).
fn raw_outcome<R: cgt_core::ruleset::Ruleset>(rs: &R, p: &R::Position, misere: bool) -> Outcome {
    fn wins<R: cgt_core::ruleset::Ruleset>(
        rs: &R,
        p: &R::Position,
        left: bool,
        misere: bool,
        memo: &mut std::collections::HashMap<(R::Position, bool), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(p.clone(), left)) {
            return w;
        }
        let options = if left {
            rs.left_options(p)
        } else {
            rs.right_options(p)
        };
        let w = (misere && options.is_empty())
            || options.iter().any(|o| !wins(rs, o, !left, misere, memo));
        memo.insert((p.clone(), left), w);
        w
    }
    let mut memo = std::collections::HashMap::new();
    match (
        wins(rs, p, true, misere, &mut memo),
        wins(rs, p, false, misere, &mut memo),
    ) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

#[test]
fn outcome_searches_fold_symmetric_and_negated_positions_correctly() {
    use cgt_core::form::misere_outcome_direct;
    use cgt_core::ruleset::domineering::{Board, Domineering};
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(&Domineering);
    let mut checked = 0;
    for (rows, cols) in [(3, 3), (2, 4), (3, 4)] {
        for mask in 0u32..(1 << (rows * cols)) {
            if mask % 7 != 0 && rows * cols > 9 {
                continue;
            }
            let text = cgt_tests::board_with_holes(rows, cols, mask);
            let b = Board::parse(&text).unwrap();
            let normal = raw_outcome(&Domineering, &b, false);
            assert_eq!(ev.outcome(&b), normal, "{text:?}");
            let g = ev.value(&mut arena, &b);
            assert_eq!(arena.outcome(g), normal, "{text:?}");
            let misere = raw_outcome(&Domineering, &b, true);
            assert_eq!(ev.misere_outcome(&b), misere, "misère {text:?}");
            let f = ev.form(&b);
            assert_eq!(
                misere_outcome_direct(&mut arena, &f),
                misere,
                "misère form {text:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 1000);
}

/// The outcome search on empty Domineering boards (moves counted, best
/// moves first, stopping at the first win) against the outcome of the
/// canonical value, on every board of up to 24 squares, and the literature
/// on square boards beyond: 6 x 6 and 7 x 7 are first-player wins (Breuker,
/// Uiterwijk and van den Herik 2000).
#[test]
fn domineering_outcomes_of_empty_boards() {
    use cgt_core::ruleset::domineering::{Board, Domineering};
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(&Domineering);
    for rows in 1..=6 {
        for cols in 1..=6 {
            if rows * cols > 24 {
                continue;
            }
            let b = Board::empty(rows, cols);
            let g = ev.value(&mut arena, &b);
            assert_eq!(
                Evaluator::new(&Domineering).outcome(&b),
                arena.outcome(g),
                "{rows} x {cols}"
            );
        }
    }
    // Published: square boards up to 8 x 8 are first-player wins (Breuker,
    // Uiterwijk and van den Herik 2000); 2k x 7 boards are Vertical's (Left's)
    // and 7 x 2k boards Horizontal's (Uiterwijk 2014).
    for n in [6, 7] {
        assert_eq!(ev.outcome(&Board::empty(n, n)), Outcome::N, "{n} x {n}");
    }
    assert_eq!(ev.outcome(&Board::empty(6, 7)), Outcome::L);
    assert_eq!(ev.outcome(&Board::empty(7, 6)), Outcome::R);
}

/// 7 x 8 (Horizontal's, 9 s) and 8 x 8 (a first-player win, 200 s).
#[test]
#[ignore = "exhaustive (210 s, 1.7 GB): cargo test --workspace --release -- --ignored"]
fn domineering_7x8_and_8x8_as_published() {
    use cgt_core::ruleset::domineering::{Board, Domineering};
    let mut ev = Evaluator::new(&Domineering);
    assert_eq!(ev.outcome(&Board::empty(7, 8)), Outcome::R);
    let outcome = Evaluator::new(&Domineering).outcome(&Board::empty(8, 8));
    assert_eq!(outcome, Outcome::N);
}

#[test]
fn domineering_outcomes_of_boards_with_squares_taken() {
    // The search decides positions by counts of safe, vulnerable and most
    // moves: on every board of 4 x 4 and 3 x 5 squares with any squares
    // taken, and on pseudo-random boards in both layouts (a row per byte up
    // to 8 x 8, packed rows beyond), it must agree with the value.
    use cgt_core::ruleset::domineering::{Board, Domineering};
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(&Domineering);
    let mut check = |text: &str| {
        let b = Board::parse(text).unwrap();
        let g = ev.value(&mut arena, &b);
        let expected = arena.outcome(g);
        assert_eq!(Evaluator::new(&Domineering).outcome(&b), expected, "{text}");
    };
    // Two moves of Vertical, of which one move of Horizontal takes either:
    // whoever moves first loses (the value is 0).
    check(".../.#.");
    for (rows, cols) in [(4, 4), (3, 5)] {
        for taken in 0u32..1 << (rows * cols) {
            check(&cgt_tests::board_with_holes(rows, cols, taken));
        }
    }
    let mut rng = cgt_tests::Xorshift(0x2545_F491_4F6C_DD1D);
    for (rows, cols, count) in [(5, 5, 40), (4, 6, 40), (3, 10, 20), (2, 12, 20)] {
        for _ in 0..count {
            // A third of the squares taken, drawn row by row.
            let taken =
                (0..rows * cols).fold(0u32, |mask, i| mask | u32::from(rng.below(3) == 0) << i);
            check(&cgt_tests::board_with_holes(rows, cols, taken));
        }
    }
}

/// A position whose only live group lies among dead stones is valued as that
/// group, so each scattering of dead stones is not valued anew: an `XXO`
/// strip of 21 stones keeps 1,234 positions in the memo, where it kept
/// 193,113 when they were valued apart (and 33 stones, 5× more per group,
/// were beyond 18 GB). `(XXO)^k` is ↑^⌈k/2⌉ (MCGS's facts, from CGSuite).
#[test]
fn dead_stones_are_not_valued_apart() {
    use cgt_core::ruleset::clobber::Clobber;
    use cgt_core::ruleset::grid::Grid;
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(&Clobber);
    for (k, most) in [(7, 2_000), (11, 10_000)] {
        let strip = Grid::parse(&"xxo".repeat(k), &['.', 'x', 'o']).unwrap();
        let g = ev.value(&mut arena, &strip);
        let kept = ev.memo_len();
        assert!(kept < most, "(xxo)^{k}: {kept} positions memoised");
        let ups = arena.up(k.div_ceil(2) as i64);
        assert_eq!(g, ups, "(xxo)^{k}");
    }
}

/// The outcome of a position that splits is searched whole when exactly
/// one part is too dear to value (the others only multiply its positions
/// by a few), and found from the parts' values when two or more are (the
/// search would range over the product of their positions).
#[test]
fn a_split_position_is_searched_whole_only_around_one_dear_part() {
    use cgt_core::ruleset::domineering::{Board, Domineering};
    use cgt_core::ruleset::searched_whole;
    let board = |text: &str| Board::parse(text).unwrap();
    // Two regions of 20 free squares each.
    let two_dear = board(".....#...../.....#...../.....#...../.....#.....");
    // One region of 20 and one of 4.
    let one_dear = board(".....#../.....#../.....#../.....#..");
    // Regions of 4 and 2.
    let all_cheap = board("..#./..#.");
    assert!(!searched_whole(&Domineering, &two_dear));
    assert!(searched_whole(&Domineering, &one_dear));
    assert!(!searched_whole(&Domineering, &all_cheap));
    assert!(searched_whole(&Domineering, &Board::empty(5, 5)));
    let mut arena = Arena::new();
    for b in [two_dear, one_dear, all_cheap] {
        let mut ev = Evaluator::new(&Domineering);
        let g = ev.value(&mut arena, &b);
        assert_eq!(ev.outcome_in(&mut arena, &b), arena.outcome(g), "{b:?}");
    }
}

/// Partizan heap games (CGSuite's PartizanSubtraction and
/// PartizanTakeAndBreak) against the same rules written in the language,
/// an independent path (graph exploration of language functions), and
/// against the impartial octal game when both codes are equal.
#[test]
fn partizan_heap_games_agree_with_the_rules_written_in_the_language() {
    let mut s = cgt_lang::Session::new();
    let run = |s: &mut cgt_lang::Session, line: &str| {
        s.run_line(line)
            .unwrap_or_else(|e| panic!("{line}: {}", e.render(line)))
    };
    for (l, r) in [
        ("[1, 3]", "[2, 3]"),
        ("[1, 2]", "[1, 4]"),
        ("[2, 5]", "[1]"),
    ] {
        run(
            &mut s,
            &format!("def l(n) = [n - k for k in {l} if k <= n]"),
        );
        run(
            &mut s,
            &format!("def r(n) = [n - k for k in {r} if k <= n]"),
        );
        run(&mut s, "T = ruleset(l, r)");
        let ours = run(
            &mut s,
            &format!("[value(partizan_subtraction({l}, {r}, [n])) for n in 0..14]"),
        );
        let theirs = run(&mut s, "[value(T(n)) for n in 0..14]");
        assert_eq!(ours, theirs, "{l} {r}");
        // Heaps add: a position of two heaps is their sum.
        assert_eq!(
            run(
                &mut s,
                &format!(
                    "value(partizan_subtraction({l}, {r}, [5, 9])) == value(T(5)) + value(T(9))"
                )
            ),
            "true"
        );
    }
    // Heap 1 with Left's {1, 3} and Right's {2, 3}: Left alone moves, to 0.
    assert_eq!(
        run(&mut s, "value(partizan_subtraction([1, 3], [2, 3], [1]))"),
        "1"
    );
    assert_eq!(
        run(&mut s, "[value(partizan_take_and_break(\"0.77\", \"0.77\", [n])) == value(octal(\"0.77\", [n])) for n in 0..12]"),
        format!("[{}]", vec!["true"; 13].join(","))
    );
    // Take-and-break by the language: Left plays Kayles, Right Dawson's Kayles.
    run(
        &mut s,
        "def kay(n) = [[a, n - k - a] for k in [1, 2] if k <= n for a in 0..(n - k)]",
    );
    run(
        &mut s,
        "def daw(n) = [[a, n - 2 - a] for a in 0..(n - 2) if n >= 2]",
    );
    run(&mut s, "def parts(p) = [h for h in p if h > 0]");
    run(
        &mut s,
        "def kays(p) = [p[:i] + o + p[i+1:] for i in 0..len(p)-1 for o in kay(p[i])]",
    );
    run(
        &mut s,
        "def daws(p) = [p[:i] + o + p[i+1:] for i in 0..len(p)-1 for o in daw(p[i])]",
    );
    run(&mut s, "K = ruleset(kays, daws, key = sort)");
    assert_eq!(
        run(
            &mut s,
            "[value(partizan_take_and_break(\"0.77\", \"0.07\", [n])) for n in 0..9]"
        ),
        run(&mut s, "[value(K([n])) for n in 0..9]")
    );
    assert_eq!(
        run(&mut s, "partizan_subtraction([3, 1], [2, 3], [4, 2])"),
        "partizan_subtraction([1,3], [2,3], [2,4])"
    );
}

/// CGSuite's ImpartialVariant and DicoticVariant of any ruleset, against
/// the same games written in the language: the impartial variant of
/// Domineering is Cram (examples/rulesets/cram.cgt), and the dicotic
/// variant of Domineering ends when either player cannot move.
#[test]
fn variants_of_rulesets_agree_with_the_games_written_in_the_language() {
    let mut s = cgt_lang::Session::new();
    let run = |s: &mut cgt_lang::Session, line: &str| {
        s.run_line(line)
            .unwrap_or_else(|e| panic!("{line}: {}", e.render(line)))
    };
    run(&mut s, "import \"examples/rulesets/cram.cgt\" as cram");
    run(&mut s, "def board(r, c) = join([\".\" * c] * r, \"|\")");
    let cases = "[[r, c] for r in 1..3 for c in 1..4]";
    assert_eq!(
        run(
            &mut s,
            &format!("[value(impartial_variant(domineering(p[0], p[1]))) for p in {cases}]")
        ),
        run(
            &mut s,
            &format!("[value(cram.C(board(p[0], p[1]))) for p in {cases}]")
        )
    );
    run(&mut s, "def vert(b) = grid_replace_each(b, \"..\", \"##\")");
    run(&mut s, "def horz(b) = replace_each(b, \"..\", \"##\")");
    run(
        &mut s,
        "def dv(b) = if len(vert(b)) == 0 or len(horz(b)) == 0 then [] else vert(b) end",
    );
    run(
        &mut s,
        "def dh(b) = if len(vert(b)) == 0 or len(horz(b)) == 0 then [] else horz(b) end",
    );
    run(&mut s, "D = ruleset(dv, dh)");
    assert_eq!(
        run(
            &mut s,
            &format!("[value(dicotic_variant(domineering(p[0], p[1]))) for p in {cases}]")
        ),
        run(
            &mut s,
            &format!("[value(D(board(p[0], p[1]))) for p in {cases}]")
        )
    );
    // Every value of a dicotic variant is all-small; of an impartial one, a nimber.
    assert_eq!(
        run(&mut s, "all([is_all_small(value(dicotic_variant(toads_and_frogs(t)))) for t in [\"TT.F\", \"T..FF\", \"TT..F\"]])"),
        "true"
    );
    assert_eq!(
        run(&mut s, "impartial_variant(domineering(2, 3))"),
        "impartial_variant(domineering(\"...|...\"))"
    );
}
