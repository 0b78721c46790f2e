//! Cutcake against Winning Ways' closed form (chapter 2): a cake h high and
//! w wide with w >= h is worth floor(w / 2^k) - 1 where 2^k <= h < 2^(k+1),
//! and the mirror image is its negative.
//! Eatcake has no closed form here: small cakes by hand and its symmetry.

use cgt_lang::Session;

fn closed_form(h: u32, w: u32) -> i64 {
    if w >= h {
        let k = 31 - h.leading_zeros(); // 2^k <= h < 2^(k+1)
        i64::from(w >> k) - 1
    } else {
        -closed_form(w, h)
    }
}

#[test]
fn cutcake_follows_the_closed_form() {
    let mut s = Session::new();
    for h in 1..=12 {
        for w in 1..=12 {
            let got = s.run_line(&format!("value(cutcake({h}, {w}))")).unwrap();
            assert_eq!(got, closed_form(h, w).to_string(), "{h} x {w}");
        }
    }
    // Several cakes add.
    assert_eq!(
        s.run_line("value(cutcake([(1,5), (2,8), (8,2)]))").unwrap(),
        "4"
    );
}

/// Eatcake by hand: a 1x1 cake is eaten by either player ({0|0} = *); in
/// 1x2 Left eats a column leaving 1x1 = * and Right eats the only row
/// ({*|0} = v); in 2x2 each side leaves its own up or down ({^|v} = *);
/// in 1x3 Left leaves 1x2 = v or two 1x1 cakes = 0 ({0|0} = *).
#[test]
fn eatcake_small_cakes_by_hand() {
    let mut s = Session::new();
    for (cake, value) in [
        ("1,1", "*"),
        ("1,2", "v"),
        ("2,1", "^"),
        ("2,2", "*"),
        ("1,3", "*"),
    ] {
        assert_eq!(
            s.run_line(&format!("value(eatcake({cake}))")).unwrap(),
            value,
            "{cake}"
        );
    }
}

/// Turning a cake a quarter turn swaps the players, and a position prints
/// as the call that makes it again (not as Cutcake's).
#[test]
fn eatcake_is_antisymmetric_and_reads_back() {
    let mut s = Session::new();
    for h in 1..=5 {
        for w in 1..=5 {
            let sum = format!("value(eatcake({h},{w})) + value(eatcake({w},{h}))");
            assert_eq!(s.run_line(&sum).unwrap(), "0", "{h} x {w}");
        }
    }
    assert_eq!(
        s.run_line("eatcake([(2,3),(1,1)])").unwrap(),
        "eatcake([(1,1),(2,3)])"
    );
    assert_eq!(
        s.run_line("value(eatcake([(2,3),(1,1)])) == value(eatcake(2,3)) + value(eatcake(1,1))")
            .unwrap(),
        "true"
    );
    assert_ne!(
        s.run_line("value(eatcake(3,5))").unwrap(),
        s.run_line("value(cutcake(3,5))").unwrap()
    );
}
