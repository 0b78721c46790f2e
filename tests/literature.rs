//! Worked values from the literature, each with its source.
//! [WW] Berlekamp, Conway, Guy, Winning Ways vol. 1; [ONAG] Conway, On Numbers and Games;
//! [Si] Siegel, Combinatorial Game Theory (2013); [LIP] Albert, Nowakowski, Wolfe, Lessons in Play.

use cgt_tests::assert_outputs;

#[test]
fn infinitesimals() {
    assert_outputs(&[
        ("{0|*}", "^"),       // up [WW ch. 3; ONAG ch. 9]
        ("^ + ^ + *", "^^*"), // double-up-star [WW ch. 3]
        ("{0|^*}", "^^"),     // ⇑ = {0|↑*} [WW ch. 3]
        ("{0|^}", "^^*"),     // ⇑* = {0|↑} [WW ch. 3]
        ("{0,*|0}", "^*"),    // ↑* [WW ch. 3]
        ("{0|v}", "*"),       // reversible option bypassed [Si II.2]
        ("{*|*}", "0"),       // [ONAG]
        ("{0,*|0,*}", "*2"),  // nimber by mex [WW ch. 3]
        ("*5 + *6", "*3"),    // nim-sum [WW ch. 3]
        ("^ + v", "0"),
        ("{0||0|-1}", "Tiny(1)"),   // tiny-one [WW ch. 5]
        ("Tiny(2) + Miny(2)", "0"), // miny is the negative of tiny [WW ch. 5]
    ]);
}

#[test]
fn numbers() {
    assert_outputs(&[
        ("{0|1}", "1/2"),   // simplicity [ONAG ch. 0]
        ("{-1|1}", "0"),    // [ONAG]
        ("{1/2|1}", "3/4"), // [ONAG]
        ("{0|1,2}", "1/2"), // dominated option [Si II.2]
        ("{3/4|}", "1"),    // simplest integer above [ONAG]
        ("1/2 + 1/2", "1"), // [ONAG]
        ("{*|1}", "0"),     // * is reversible through 0
        (
            "{1000000000000000000000000000000|}",
            "1000000000000000000000000000001",
        ),
    ]);
}

#[test]
fn hot_games() {
    assert_outputs(&[
        ("+-1 + +-1", "0"),              // G + G = 0 for G = -G [WW ch. 2]
        ("{1|-1}", "+-1"),               // switch [WW ch. 2]
        ("{3|2} + {2|0}", "{5|4||3|2}"), // [CGSuite test table]
        ("3+-1", "{4|2}"),               // [WW ch. 2]
        ("temperature({3|-1})", "2"),    // [Si II.5]
        ("mean({3|-1})", "1"),           // [Si II.5]
        (
            "thermograph({3||2|1})",
            "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])",
        ), // [Si II.5]
        ("left_stop({2|{1|-3}})", "2"),
        ("right_stop({2|{1|-3}})", "1"),
    ]);
}

#[test]
fn outcomes_and_order() {
    assert_outputs(&[
        ("outcome_class(^)", "L"),
        ("outcome_class(*)", "N"),
        ("outcome_class(0)", "P"),
        ("outcome_class(v)", "R"),
        ("^ > 0", "true"),   // [WW ch. 3]
        ("^ <> *", "true"),  // ↑ is confused with * [WW ch. 3]
        ("v < *2", "true"),  // ↓ < *2 [Si II.4]
        ("^* <> 0", "true"), // [WW ch. 3]
        ("^^ > *", "true"),  // ⇑ > * [WW ch. 3]
        ("compare(^^, *)", ">"),
        ("1 |> 0", "true"),
        ("0 <| ^*", "true"),
    ]);
}

#[test]
fn birthdays() {
    assert_outputs(&[
        ("birthday(0)", "0"),
        ("birthday(^)", "2"),
        ("birthday(^*6)", "8"),        // [CGSuite]
        ("birthday(73/16v9*8)", "27"), // [CGSuite]
        ("birthday({3|-1})", "4"),
        ("birthday(-1823437481924)", "1823437481924"),
    ]);
}
