//! Cutcake against Winning Ways' closed form (chapter 2): a cake h high and
//! w wide with w >= h is worth floor(w / 2^k) - 1 where 2^k <= h < 2^(k+1),
//! and the mirror image is its negative.

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
