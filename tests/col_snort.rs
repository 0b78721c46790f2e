//! Col and Snort: small values by hand (Winning Ways, chapter 2), Conway's
//! theorem that every Col position is a number or a number plus *, and the
//! colour symmetry of empty boards (G = -G, so G + G = 0).
//! On graphs: by hand, equal to the grid games on grid graphs, blind to
//! the numbering of vertices, negated by exchanging the colours.

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

/// The graph of a grid board: one vertex per square that is not `#`
/// (stones included, as `x` and `o`), edges between orthogonal neighbours.
fn graph_of_board(board: &str) -> (String, String) {
    let rows: Vec<Vec<char>> = board.split('|').map(|r| r.chars().collect()).collect();
    let mut number = std::collections::HashMap::new();
    let mut vertices = String::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            if ch != '#' {
                number.insert((r, c), number.len());
                vertices.push(ch);
            }
        }
    }
    let mut edges = Vec::new();
    for (&(r, c), &v) in &number {
        for (r2, c2) in [(r + 1, c), (r, c + 1)] {
            if let Some(&u) = number.get(&(r2, c2)) {
                edges.push(format!("{v}-{u}"));
            }
        }
    }
    (vertices, edges.join(" "))
}

#[test]
fn graph_positions_by_hand() {
    let mut s = Session::new();
    for (line, value) in [
        ("value(snort_graph(\".\"))", "*"),
        ("value(snort_graph(\"L\"))", "1"),
        ("value(snort_graph(\"..\", \"0-1\"))", "+-1"),
        ("value(col_graph(\"..\", \"0-1\"))", "0"),
        // A Col stone leaves its neighbours to the opponent: Col "x.." is
        // the path R-. = -1/2, as on the strip.
        ("value(col_graph(\"x..\", \"0-1-2\"))", "-1/2"),
        // Stones are read as what they leave, and print that way.
        (
            "snort_graph(\"x..o\", \"0-1-2-3\")",
            "snort_graph(\"LR\", \"0-1\")",
        ),
        (
            "col_graph(\"x..o\", \"0-1-2-3\")",
            "col_graph(\"RL\", \"0-1\")",
        ),
        // A square next to stones of both colours is dead for both.
        ("value(snort_graph(\"x.o\", \"0-1-2\"))", "0"),
    ] {
        assert_eq!(run(&mut s, line), value, "{line}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The graph games on a board's graph are the grid games on the board
    /// (two implementations: bit masks of a graph and cells of a grid).
    #[test]
    fn graph_games_on_grid_graphs_equal_the_grid_games(board in col_board()) {
        let mut s = Session::new();
        let (vertices, edges) = graph_of_board(&board);
        for game in ["col", "snort"] {
            let same = format!("value({game}(\"{board}\")) == value({game}_graph(\"{vertices}\", \"{edges}\"))");
            prop_assert_eq!(run(&mut s, &same), "true", "{}", same);
        }
    }

    /// A relabelled graph is the same game, and exchanging the colours
    /// negates it.
    #[test]
    fn graph_games_ignore_numbering_and_negate_with_colours(
        marks in proptest::collection::vec(0usize..3, 1..9),
        edges in proptest::collection::vec((0usize..9, 0usize..9), 0..14),
    ) {
        let n = marks.len();
        let edges: Vec<(usize, usize)> = edges.into_iter().map(|(a, b)| (a % n, b % n)).filter(|(a, b)| a != b).collect();
        let text = |perm: &dyn Fn(usize) -> usize, swap: bool| {
            let mut v = vec!['.'; n];
            for (i, &m) in marks.iter().enumerate() {
                v[perm(i)] = ['.', 'L', 'R'][if swap && m > 0 { 3 - m } else { m }];
            }
            let e: Vec<String> = edges.iter().map(|&(a, b)| format!("{}-{}", perm(a), perm(b))).collect();
            (v.into_iter().collect::<String>(), e.join(","))
        };
        let mut s = Session::new();
        for game in ["col", "snort"] {
            let (v0, e0) = text(&|i| i, false);
            let (v1, e1) = text(&|i| n - 1 - i, false);
            let (v2, e2) = text(&|i| i, true);
            let g = format!("value({game}_graph(\"{v0}\", \"{e0}\"))");
            let same = format!("{g} == value({game}_graph(\"{v1}\", \"{e1}\"))");
            prop_assert_eq!(run(&mut s, &same), "true", "{}", same);
            let negated = format!("{g} + value({game}_graph(\"{v2}\", \"{e2}\")) == 0");
            prop_assert_eq!(run(&mut s, &negated), "true", "{}", negated);
        }
    }
}
