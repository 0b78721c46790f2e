//! Impartial heap games: Nim, subtraction and octal games and Grundy's game, against the
//! literature (Winning Ways, chapter 4) and against each other (the engine's
//! canonical values of positions vs. the mex rule on nim-values).

use cgt_core::ruleset::heaps::Heaps;
use cgt_lang::Session;
use proptest::prelude::*;

fn run(s: &mut Session, line: &str) -> String {
    s.run_line(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

#[test]
fn kayles_and_dawsons_kayles_as_published() {
    // Kayles (0.77): G(0..=16) and the period 12 from n = 71 (last exception G(70)).
    let kayles = Heaps::octal("0.77").unwrap();
    assert_eq!(
        kayles.nim_sequence(16),
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1]
    );
    assert_eq!(kayles.period(1000), Some((71, 12)));
    // Dawson's Kayles (0.07): period 34, the last exceptions at n = 52 (Dawson's
    // chess 0.137, one pin shorter, is periodic from 52).
    let dawson = Heaps::octal("0.07").unwrap();
    assert_eq!(
        dawson.nim_sequence(12),
        [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]
    );
    assert_eq!(dawson.period(1000), Some((53, 34)));
    assert_eq!(Heaps::octal("0.137").unwrap().period(1000), Some((52, 34)));
    // Subtraction game {1,2,3}: G(n) = n mod 4.
    assert_eq!(
        Heaps::subtraction(&[1, 2, 3]).unwrap().period(100),
        Some((0, 4))
    );
    let mut s = Session::new();
    assert_eq!(run(&mut s, "octal_period(\"0.77\")"), "[71,12]");
    assert!(s.run_line("octal_period(\"0.6\", 200)").is_err()); // Officers: no period known
}

#[test]
fn grundys_game_as_published() {
    // Winning Ways, chapter 4 (OEIS A002188): G(0..=20).
    assert_eq!(
        Heaps::grundy().nim_sequence(20),
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
    let mut s = Session::new();
    assert_eq!(run(&mut s, "nim_sequence(\"grundy\", 5)"), "[0,0,0,*,0,*2]");
    // Heaps of one or two tokens cannot be split.
    assert_eq!(run(&mut s, "value(grundy([1,2,2]))"), "0");
}

#[test]
fn engine_values_equal_the_mex_rule() {
    let mut s = Session::new();
    for (code, call) in [
        ("0.77", "octal(\"0.77\", "),
        ("0.07", "octal(\"0.07\", "),
        ("0.137", "octal(\"0.137\", "),
        ("0.51", "octal(\"0.51\", "),
        ("0.7", "octal(\"0.7\", "),
        ("0.4", "octal(\"0.4\", "),
        ("0.156", "octal(\"0.156\", "),
        ("grundy", "grundy("),
    ] {
        let g = Heaps::named(code).unwrap().nim_sequence(24);
        for (n, v) in g.iter().enumerate() {
            let want = if *v == 0 {
                "0".to_string()
            } else if *v == 1 {
                "*".into()
            } else {
                format!("*{v}")
            };
            assert_eq!(
                run(&mut s, &format!("value({call}[{n}]))")),
                want,
                "{code} heap {n}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn nim_is_the_nim_sum(heaps in proptest::collection::vec(0u64..40, 0..5)) {
        let mut s = Session::new();
        let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let x = heaps.iter().fold(0, |a, b| a ^ b);
        let got = run(&mut s, &format!("value(nim([{}])) == *{x}", list.join(",")));
        prop_assert_eq!(got, "true");
    }

    #[test]
    fn octal_positions_add_heap_values(heaps in proptest::collection::vec(0u64..30, 1..4)) {
        let mut s = Session::new();
        let g = Heaps::octal("0.77").unwrap().nim_sequence(30);
        let x = heaps.iter().fold(0, |a, &b| a ^ g[b as usize]);
        let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let got = run(&mut s, &format!("value(octal(\"0.77\", [{}])) == *{x}", list.join(",")));
        prop_assert_eq!(got, "true");
    }

    /// The outcome of an impartial position comes from nim values (the
    /// engine's mex over its options, component by component); it must be
    /// P exactly when the heaps' published sequence values XOR to 0.
    #[test]
    fn outcomes_of_heap_games_follow_their_nim_values(
        code in prop::sample::select(vec!["0.77", "0.07", "0.137", "0.51", "0.6"]),
        heaps in proptest::collection::vec(0u64..60, 1..5),
    ) {
        let mut s = Session::new();
        let g = Heaps::octal(code).unwrap().nim_sequence(60);
        let x = heaps.iter().fold(0, |a, &b| a ^ g[b as usize]);
        let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let got = run(&mut s, &format!("outcome_class(octal(\"{code}\", [{}]))", list.join(",")));
        prop_assert_eq!(got, if x == 0 { "P" } else { "N" });
    }
}

/// Kayles with 2,000 pins: by search the outcome took seconds from about
/// 40 pins on; by nim values it is the period's value (G(2000) = G(2000 - 12k)).
#[test]
fn the_outcome_of_a_long_kayles_row_comes_from_nim_values() {
    let mut s = Session::new();
    let g = Heaps::octal("0.77").unwrap().nim_sequence(2000);
    assert_ne!(g[2000], 0);
    assert_eq!(run(&mut s, "outcome_class(kayles(2000))"), "N");
    assert_eq!(
        run(&mut s, "outcome_class(kayles(2000) + kayles(2000))"),
        "P"
    );
    // Two rows of equal nim value, of different lengths: a P-position.
    let b = (1001..2000).find(|&n| g[n] == g[1000]).unwrap();
    assert_eq!(
        run(
            &mut s,
            &format!("outcome_class(octal(\"0.77\", [1000, {b}]))")
        ),
        "P"
    );
    assert_eq!(
        run(
            &mut s,
            &format!("outcome_class(octal(\"0.77\", [1000, {}]))", b + 1)
        ),
        if g[b + 1] == g[1000] { "P" } else { "N" }
    );
}
