//! Konane, Ski Jumps and Toppling Dominoes: published and hand-computed
//! values, and the symmetries of the rules (swapping the players' pieces and
//! mirroring negates a value; the board's own symmetries keep it).

use cgt_lang::Session;
use proptest::prelude::*;

fn run(s: &mut Session, line: &str) -> String {
    s.run_line(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

#[test]
fn ski_jumps_values_from_winning_ways() {
    let mut s = Session::new();
    // Winning Ways, chapter 1 ("Ski-Jumps").
    for (slope, value) in [
        ("...L....|..R.....|........", "2"),
        ("........|...l....|.......R|........|......L.", "-1"),
        (".L...|.R...|.....", "5/2"),
        ("...R.|...L.|.....", "-5/2"),
        ("L....|....R|.....", "1/2"),
        ("L....|R....|.....", "9/2"),
        ("L....|....R|l....", "5"),
    ] {
        assert_eq!(
            run(&mut s, &format!("value(ski_jumps(\"{slope}\"))")),
            value,
            "{slope}"
        );
    }
    // Skiers facing each other in one row block each other: whoever moves
    // first takes the last square, {0|0}.
    assert_eq!(run(&mut s, "value(ski_jumps(\"L.R\"))"), "*");
    // A lone skier is worth the squares it has left to slide.
    assert_eq!(run(&mut s, "value(ski_jumps(\".L..\"))"), "3");
}

#[test]
fn toppling_dominoes_rows_of_one_colour() {
    let mut s = Session::new();
    for n in 1..=12 {
        let row = |c: &str| c.repeat(n);
        // Blue dominoes are Left's moves, one at a time at best; green ones
        // are a nim heap (toppling leaves any shorter row).
        assert_eq!(
            run(
                &mut s,
                &format!("value(toppling_dominoes(\"{}\"))", row("B"))
            ),
            n.to_string()
        );
        assert_eq!(
            run(
                &mut s,
                &format!("value(toppling_dominoes(\"{}\"))", row("R"))
            ),
            format!("-{n}")
        );
        let star = if n == 1 {
            "*".to_string()
        } else {
            format!("*{n}")
        };
        assert_eq!(
            run(
                &mut s,
                &format!("value(toppling_dominoes(\"{}\"))", row("G"))
            ),
            star
        );
    }
    // "BR": Left leaves R or nothing, Right leaves B or nothing: {-1,0|0,1} = *.
    assert_eq!(run(&mut s, "value(toppling_dominoes(\"BR\"))"), "*");
}

#[test]
fn konane_small_values() {
    let mut s = Session::new();
    for (board, value) in [
        // x takes o and stops; o has no square to land on.
        ("xo.", "1"),
        ("..ox", "1"),
        // Whoever moves first captures, and the other is left without a move.
        (".ox.", "*"),
        (".ox.|o..x|....", "+-1"),
        // A double jump (to 0), or a stop after the first ("..xo.", where
        // either player captures: *); Right has no move: {0,*|} = 1.
        ("xo.o.", "1"),
        ("..xo.", "*"),
    ] {
        let v = run(&mut s, &format!("value(konane(\"{board}\"))"));
        let same = run(&mut s, &format!("value(konane(\"{board}\")) == ({value})"));
        assert_eq!(same, "true", "{board}: {v}, expected {value}");
    }
}

/// Swaps the players' pieces (`a` and `b`, either case) in a board.
fn swapped(board: &str, a: char, b: char) -> String {
    board
        .chars()
        .map(|c| match c {
            _ if c == a => b,
            _ if c == b => a,
            _ if c == a.to_ascii_lowercase() => b.to_ascii_lowercase(),
            _ if c == b.to_ascii_lowercase() => a.to_ascii_lowercase(),
            other => other,
        })
        .collect()
}

/// Each row read backwards.
fn mirrored(board: &str) -> String {
    board
        .split('|')
        .map(|r| r.chars().rev().collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// The board reflected in its main diagonal.
fn transposed(board: &str) -> String {
    let rows: Vec<Vec<char>> = board.split('|').map(|r| r.chars().collect()).collect();
    (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c]).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

fn board(symbols: &'static [char], rows: usize, cols: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(symbols), rows * cols).prop_map(
        move |cells| {
            cells
                .chunks(cols)
                .map(|r| r.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn ski_jumps_mirrored_with_colours_swapped_is_the_negative(
        slope in board(&['.', '.', '.', 'L', 'l', 'R', 'r'], 3, 4)
    ) {
        let mut s = Session::new();
        let other = mirrored(&swapped(&slope, 'L', 'R'));
        let sum = format!("value(ski_jumps(\"{slope}\")) + value(ski_jumps(\"{other}\")) == 0");
        prop_assert_eq!(run(&mut s, &sum), "true", "{} and {}", slope, other);
    }

    #[test]
    fn konane_symmetries(b in board(&['.', '.', 'x', 'o'], 3, 3)) {
        let mut s = Session::new();
        let neg = swapped(&b, 'x', 'o');
        prop_assert_eq!(run(&mut s, &format!("value(konane(\"{b}\")) + value(konane(\"{neg}\")) == 0")), "true");
        // Compares through the forms' values, not the board keys.
        let t = transposed(&b);
        prop_assert_eq!(run(&mut s, &format!("value(konane(\"{b}\")) == value(konane(\"{t}\"))")), "true");
    }

    #[test]
    fn toppling_dominoes_reversed_and_recoloured(row in "[BRG]{1,9}") {
        let mut s = Session::new();
        let back: String = row.chars().rev().collect();
        let neg = swapped(&row, 'B', 'R');
        prop_assert_eq!(run(&mut s, &format!("value(toppling_dominoes(\"{row}\")) == value(toppling_dominoes(\"{back}\"))")), "true");
        prop_assert_eq!(run(&mut s, &format!("value(toppling_dominoes(\"{row}\")) + value(toppling_dominoes(\"{neg}\")) == 0")), "true");
    }
}
