//! Col and Snort: small values by hand (Winning Ways, chapter 2), Conway's
//! theorem that every Col position is a number or a number plus *, and the
//! colour symmetry of empty boards (G = -G, so G + G = 0).

use cgt_lang::Session;
use proptest::prelude::*;

fn run(s: &mut Session, line: &str) -> String {
    s.run_line(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

#[test]
fn small_positions_by_hand() {
    let mut s = Session::new();
    // Snort on two squares: the first stone takes both, {1|-1}.
    assert_eq!(run(&mut s, "value(snort(\"..\"))"), "+-1");
    // Col "x..": Left only on the far square (then Right has one move left),
    // Right on either: {-1 | 0, 1} = -1/2.
    assert_eq!(run(&mut s, "value(col(\"x..\"))"), "-1/2");
    assert_eq!(run(&mut s, "value(col(\".\"))"), "*");
    assert_eq!(run(&mut s, "value(snort(\"x..\"))"), "{1|0}");
}

/// A Col board with no two orthogonally adjacent stones of one colour.
fn col_board() -> impl Strategy<Value = String> {
    (
        1usize..=3,
        1usize..=4,
        proptest::collection::vec(0u8..4, 12),
    )
        .prop_map(|(rows, cols, cells)| {
            let mut b = vec![vec!['.'; cols]; rows];
            for r in 0..rows {
                for c in 0..cols {
                    let ch = ['.', 'x', 'o', '#'][usize::from(cells[r * 4 + c])];
                    let clash =
                        |q: char| (r > 0 && b[r - 1][c] == q) || (c > 0 && b[r][c - 1] == q);
                    b[r][c] = if (ch == 'x' || ch == 'o') && clash(ch) {
                        '.'
                    } else {
                        ch
                    };
                }
            }
            b.iter()
                .map(|row| row.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn col_positions_are_numbers_or_numbers_plus_star(board in col_board()) {
        let mut s = Session::new();
        let g = format!("value(col(\"{board}\"))");
        let number = run(&mut s, &format!("is_number({g})")) == "true";
        let number_star = run(&mut s, &format!("is_number({g} + *)")) == "true";
        prop_assert!(number || number_star, "{} = {}", board, run(&mut s, &g));
    }

    #[test]
    fn empty_boards_are_their_own_negatives(rows in 1usize..=3, cols in 1usize..=4) {
        let mut s = Session::new();
        let board = vec![".".repeat(cols); rows].join("|");
        for game in ["col", "snort"] {
            let g = format!("value({game}(\"{board}\"))");
            prop_assert_eq!(run(&mut s, &format!("{g} + {g} == 0")), "true");
        }
    }
}
