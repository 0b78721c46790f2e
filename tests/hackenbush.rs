//! Hackenbush stalks: blue-red stalks against Berlekamp's rule (an
//! independent computation), green stalks as nimbers, Winning Ways' examples.

use cgt_lang::Session;

/// Berlekamp's rule: edges up to the first change of colour count ±1 each;
/// from the first change on, ±1/2, ±1/4, ... Returns numerator over 2^den_exp.
fn berlekamp(stalk: &[u8]) -> (i64, u32) {
    let n = stalk.len() as u32;
    let one = 1i64 << n; // work in units of 2^-n
    let (mut v, mut step, mut changed) = (0i64, one, false);
    for (i, &e) in stalk.iter().enumerate() {
        if i > 0 && e != stalk[i - 1] {
            changed = true;
        }
        if changed {
            step /= 2;
        }
        v += if e == b'B' { step } else { -step };
    }
    (v, n)
}

fn dyadic(num: i64, exp: u32) -> String {
    let (mut n, mut e) = (num, exp);
    while e > 0 && n % 2 == 0 {
        n /= 2;
        e -= 1;
    }
    if e == 0 {
        n.to_string()
    } else {
        format!("{n}/{}", 1i64 << e)
    }
}

#[test]
fn blue_red_stalks_follow_berlekamps_rule() {
    let mut s = Session::new();
    let mut checked = 0;
    for len in 0..=9u32 {
        for bits in 0..(1u32 << len) {
            let stalk: Vec<u8> = (0..len)
                .map(|i| if bits >> i & 1 == 1 { b'B' } else { b'R' })
                .collect();
            let text = String::from_utf8(stalk.clone()).unwrap();
            let (num, exp) = berlekamp(&stalk);
            let got = s
                .run_line(&format!("value(hackenbush(\"{text}\"))"))
                .unwrap();
            assert_eq!(got, dyadic(num, exp), "{text}");
            checked += 1;
        }
    }
    assert_eq!(checked, 1023);
}

#[test]
fn green_stalks_are_nimbers_and_winning_ways_examples() {
    let mut s = Session::new();
    let mut run = |l: &str| s.run_line(l).unwrap();
    assert_eq!(run("value(hackenbush(\"GGGGG\"))"), "*5");
    assert_eq!(run("value(hackenbush([\"GG\", \"GGG\"]))"), "*");
    assert_eq!(run("value(hackenbush(\"BR\"))"), "1/2");
    assert_eq!(run("value(hackenbush(\"BRB\"))"), "3/4");
    assert_eq!(run("value(hackenbush([\"BR\", \"BR\", \"R\"]))"), "0");
    // Green on blue: {0, 1 | 1} = 1*. Blue on green: Left cuts the green edge
    // (to 0) or the blue one (to *), Right the green one: {0, * | 0} = ^*.
    assert_eq!(run("value(hackenbush(\"BG\"))"), "1*");
    assert_eq!(run("value(hackenbush(\"GB\"))"), "^*");
}
