//! Fox and Geese: CGSuite's facts (its GameGridTest), and values checked
//! against an independent analysis of the positions' own game graph.

use cgt_core::game::Arena;
use cgt_core::loopy::Loopy;
use cgt_core::ruleset::fox_and_geese::{Board, FoxAndGeese};
use cgt_core::ruleset::{Evaluator, Ruleset};
use cgt_lang::Session;
use std::collections::HashMap;

#[test]
fn cgsuite_facts_print_as_cgsuite_prints_them() {
    let mut s = Session::new();
    let facts = [
        (
            "value(fox_and_geese([(4,2),(4,4),(4,6),(4,8)], (1,1)))",
            "{4*|7/2}",
        ),
        // CeyloneseFoxAndGeese = GenFoxAndGeese(foxRange => 2).
        (
            "value(fox_and_geese([(4,2),(4,4),(4,6),(4,8)], (1,1), [8, 2]))",
            "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}",
        ),
        // GenFoxAndGeese(boardWidth => 10).
        (
            "value(fox_and_geese([(3,1),(3,3),(3,5),(3,7),(3,9)], (1,9), [10, 1]))",
            "{6over|5*}",
        ),
        // FoxAndGeese.ValuesTable({(3,1),(3,3),(3,5),(3,7)}), rows 2 and 1.
        (
            "[value(fox_and_geese([(3,1),(3,3),(3,5),(3,7)], (r, c))) for r in [2, 1] for c in 1..8 if (r + c) % 2 == 0]",
            "[2over,2,3*,4over,{6|2over},{2over|2},{4|3||2},{4over|3*}]",
        ),
    ];
    for (expr, expected) in facts {
        assert_eq!(s.run_line(expr).unwrap(), expected, "{expr}");
    }
    // The same as CGSuite's table (rows from the top down).
    let table = s
        .run_line("fox_and_geese_table([(3,1),(3,3),(3,5),(3,7)])")
        .unwrap();
    let rows: Vec<Vec<&str>> = table
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [
            vec!["X", "X", "X", "X"],
            vec!["2over", "2", "3*", "4over"],
            vec!["{6|2over}", "{2over|2}", "{4|3||2}", "{4over|3*}"],
        ]
    );
    let e = s
        .run_line("fox_and_geese_table([(3,1),(3,3),(3,6)])")
        .unwrap_err()
        .to_string();
    assert!(e.contains("must be on a square"), "{e}");
    // CGSuite's validation: squares off the board or of the wrong colour.
    for expr in [
        "fox_and_geese([(3,1),(3,3),(3,5),(3,7)], (1,6))",
        "fox_and_geese([(3,1),(3,3),(2,5),(3,7)], (1,1))",
        "fox_and_geese([(3,1)], (1,9))",
        "fox_and_geese([(3,1)], (0,2))",
    ] {
        let e = s.run_line(expr).expect_err(expr).to_string();
        assert!(e.contains("must be on a square"), "{expr}: {e}");
    }
    for (expr, says) in [
        ("fox_and_geese([(3,1)], (3,1))", "on a goose"),
        ("fox_and_geese([(3,1)], (1,1), [1, 1])", "width"),
        ("fox_and_geese([(3,1)], (1,1), [8, 0])", "range"),
    ] {
        let e = s.run_line(expr).expect_err(expr).to_string();
        assert!(e.contains(says), "{expr}: {e}");
    }
}

#[test]
fn positions_print_read_back_and_work_with_stoppers() {
    let mut s = Session::new();
    let p = "fox_and_geese([(4,2),(4,4),(4,6),(4,8)], (2,8))";
    assert_eq!(s.run_line(p).unwrap(), p);
    assert_eq!(s.run_line(&format!("value({p})")).unwrap(), "{6over||3|2}");
    s.run_line(&format!("P := {p}")).unwrap();
    // The loopy functions take the position as its value.
    assert_eq!(s.run_line("left_stop(P)").unwrap(), "6over");
    assert_eq!(s.run_line("right_stop(P)").unwrap(), "3");
    assert_eq!(s.run_line("outcome_class(P)").unwrap(), "L");
    assert_eq!(s.run_line("P == value(P)").unwrap(), "true");
    assert_eq!(s.run_line("P + 1").unwrap(), "{7over||4|3}");
    // 6over - 6over is over + under, not a stopper: a sided value.
    assert_eq!(s.run_line("is_stopper(P - value(P))").unwrap(), "false");
    assert_eq!(
        s.run_line("P - value(P) == value(P) - value(P)").unwrap(),
        "true"
    );
    let e = s
        .run_line("misere_outcome_class(P)")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("misère outcomes of games whose positions repeat"),
        "{e}"
    );
    assert_eq!(s.run_line("P >= 2").unwrap(), "true");
    // A short value stays a short game.
    let short = "fox_and_geese([(4,2),(4,4),(4,6),(4,8)], (1,1))";
    assert_eq!(s.run_line(&format!("temperature({short})")).unwrap(), "1/4");
    // The moves are positions of the ruleset.
    assert_eq!(
        s.run_line("right_options(P)").unwrap(),
        "[fox_and_geese([(4,2),(4,4),(4,6),(4,8)], (1,7)),fox_and_geese([(4,2),(4,4),(4,6),(4,8)], (3,7))]"
    );
}

/// Fox and Geese written in the language (geese as 16 row + column, the
/// fox as [row, column]; an escaped fox has a Right move to itself and no
/// Left move, which is `off`).
const FOX_AND_GEESE_IN_THE_LANGUAGE: &str = "
def sq(r, c) = 16 * r + c
def has(l, x) = any([y == x for y in l])
def hi(p) = max([g div 16 for g in p[0]])
def free(p, d) = 1 <= p[1][1] + d and p[1][1] + d <= 8 and not has(p[0], sq(p[1][0] + 1, p[1][1] + d))
def esc(p) = p[1][0] >= hi(p) or (p[1][0] + 1 == hi(p) and (free(p, -1) or free(p, 1)))
def ok(p, g, d) = g div 16 > 1 and 1 <= g % 16 + d and g % 16 + d <= 8 and not has(p[0], g - 16 + d) and g - 16 + d != sq(p[1][0], p[1][1])
def gl(p) = if esc(p) then [] else [[sort([if h == g then g - 16 + d else h end for h in p[0]]), p[1]] for g in p[0] for d in [-1, 1] if ok(p, g, d)] end
def okf(p, a, b) = p[1][0] + a >= 1 and 1 <= p[1][1] + b and p[1][1] + b <= 8 and not has(p[0], sq(p[1][0] + a, p[1][1] + b))
def fr(p) = if esc(p) then [p] else [[p[0], [p[1][0] + a, p[1][1] + b]] for a in [-1, 1] for b in [-1, 1] if okf(p, a, b)] end
FG = ruleset(gl, fr)
";

/// The same game written in the language gives the built-in ruleset's
/// values, and a ruleset whose positions repeat gives stoppers.
#[test]
fn rulesets_written_in_the_language_may_repeat() {
    let mut s = Session::new();
    for line in FOX_AND_GEESE_IN_THE_LANGUAGE
        .lines()
        .filter(|l| !l.is_empty())
    {
        s.run_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    let mut compared = 0;
    for (geese, cells) in [
        ("[(3,1),(3,3),(3,5),(3,7)]", "[49,51,53,55]"),
        ("[(4,2),(4,4),(4,6),(4,8)]", "[66,68,70,72]"),
    ] {
        for r in 1..=3 {
            for c in 1..=8 {
                if (r + c) % 2 != 0 || (geese.contains(&format!("({r},{c})"))) {
                    continue;
                }
                let built_in = s
                    .run_line(&format!("value(fox_and_geese({geese}, ({r},{c})))"))
                    .unwrap();
                let written = s
                    .run_line(&format!("value(FG([{cells}, [{r},{c}]]))"))
                    .unwrap();
                assert_eq!(written, built_in, "{geese} ({r},{c})");
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 20);
    // Left moves round a cycle for ever and Right cannot move: on; a pass
    // for Right against Left's move to 0: over.
    s.run_line("def around(n) = [(n + 1) % 3]").unwrap();
    s.run_line("def nothing(n) = []").unwrap();
    s.run_line("LOOP = ruleset(around, nothing)").unwrap();
    assert_eq!(s.run_line("value(LOOP(0))").unwrap(), "on");
    assert_eq!(s.run_line("LOOP(0) + LOOP(1)").unwrap(), "on");
    assert_eq!(s.run_line("outcome_class(LOOP(0))").unwrap(), "L");
    let e = s.run_line("short_value(LOOP(0))").unwrap_err().to_string();
    assert!(
        e.contains(
            "can reach itself (3 positions on the cycle: LOOP(0) -> LOOP(1) -> LOOP(2) -> LOOP(0))"
        ),
        "{e}"
    );
    // Play that alternates for ever: each player's move is a pass, so the
    // value is dud = on & off, a draw.
    s.run_line("def step(n) = [1 - n]").unwrap();
    s.run_line("SWAP = ruleset(step, step)").unwrap();
    assert_eq!(s.run_line("value(SWAP(0))").unwrap(), "dud");
    assert_eq!(s.run_line("outcome_class(SWAP(1))").unwrap(), "D");
    assert_eq!(s.run_line("SWAP(0) + 7").unwrap(), "dud");
}

/// Whether the player who moves second in `G + k` (Left if
/// `left_second`) never runs out of moves, found by a retrograde analysis
/// of the sum's states (position, k, player to move) alone: `k > 0` gives
/// Left k free moves, `k < 0` Right; play for ever counts for the survivor.
/// For stoppers, `G + k >= 0` exactly when Left survives moving second, and
/// `<= 0` when Right does.
struct Retrograde {
    positions: Vec<Board>,
    /// Left's and Right's moves by position number; an escaped fox
    /// (`off`) has a Right move to itself and no Left move.
    moves: Vec<[Vec<usize>; 2]>,
}

impl Retrograde {
    fn new(rules: &FoxAndGeese, start: &Board) -> Retrograde {
        let mut index: HashMap<Board, usize> = HashMap::new();
        let mut positions = vec![start.clone()];
        index.insert(start.clone(), 0);
        let mut moves = Vec::new();
        let mut next = 0;
        while next < positions.len() {
            let p = positions[next].clone();
            let (l, r) = if rules.known_stopper(&p).is_some() {
                (Vec::new(), vec![p.clone()])
            } else {
                (rules.left_options(&p), rules.right_options(&p))
            };
            let mut ids = |list: Vec<Board>| -> Vec<usize> {
                list.into_iter()
                    .map(|q| {
                        let n = positions.len();
                        *index.entry(q.clone()).or_insert_with(|| {
                            positions.push(q);
                            n
                        })
                    })
                    .collect()
            };
            let entry = [ids(l), ids(r)];
            moves.push(entry);
            next += 1;
        }
        Retrograde { positions, moves }
    }

    /// For every position and every k in -m..=m: whether the second player
    /// (Left if `left_second`) survives `G + k`.
    fn survives(&self, m: i64, left_second: bool) -> Vec<Vec<bool>> {
        let ks = (2 * m + 1) as usize;
        let n = self.positions.len();
        // first_wins[p][k][t]: the first player (the one not surviving),
        // with t = 0 for their turn, forces the second out of moves.
        let mut wins = vec![vec![[false; 2]; ks]; n];
        // The first player's side of the moves, and the second's.
        let (first, second) = if left_second { (1, 0) } else { (0, 1) };
        let step = |k: usize, side: usize| -> Option<usize> {
            // Left's free move takes k down towards 0 from above; Right's
            // from below.
            let v = k as i64 - m;
            match side {
                0 if v > 0 => Some(k - 1),
                1 if v < 0 => Some(k + 1),
                _ => None,
            }
        };
        loop {
            let mut changed = false;
            for p in 0..n {
                for k in 0..ks {
                    // The first player to move: wins if some move wins.
                    if !wins[p][k][0] {
                        let by_game = self.moves[p][first].iter().any(|&q| wins[q][k][1]);
                        let by_k = step(k, first).is_some_and(|j| wins[p][j][1]);
                        if by_game || by_k {
                            wins[p][k][0] = true;
                            changed = true;
                        }
                    }
                    // The second player to move: lost if every move loses
                    // (or there is none).
                    if !wins[p][k][1] {
                        let by_game = self.moves[p][second].iter().all(|&q| wins[q][k][0]);
                        let by_k = step(k, second).is_none_or(|j| wins[p][j][0]);
                        if by_game && by_k {
                            wins[p][k][1] = true;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        // The second player survives when the first, moving first, cannot win.
        wins.iter()
            .map(|row| row.iter().map(|w| !w[0]).collect())
            .collect()
    }
}

/// Every position reachable from a start: its value compared with the
/// integers -6..6 agrees with the retrograde analysis of its sum with them.
#[test]
fn values_agree_with_a_retrograde_analysis_of_the_rules() {
    let m = 6i64;
    let starts = [
        (
            FoxAndGeese::default(),
            vec![(3, 1), (3, 3), (3, 5), (3, 7)],
            (1, 5),
        ),
        (
            FoxAndGeese { width: 6, range: 1 },
            vec![(4, 2), (4, 4), (4, 6)],
            (1, 3),
        ),
        (
            FoxAndGeese { width: 6, range: 2 },
            vec![(4, 2), (4, 4), (4, 6)],
            (1, 1),
        ),
    ];
    let mut compared = 0;
    for (rules, geese, fox) in starts {
        let start = Board { geese, fox };
        let retro = Retrograde::new(&rules, &start);
        let left_survives = retro.survives(m, true);
        let right_survives = retro.survives(m, false);
        let mut arena = Arena::new();
        let mut ev = Evaluator::new(&rules);
        for (p, board) in retro.positions.iter().enumerate() {
            let sides = ev.loopy_value(&mut arena, board).expect("sides");
            let g = sides.as_stopper().expect("a stopper").clone();
            for k in -m..=m {
                let minus_k = Loopy::Short(arena.integer(-k));
                let at = (k + m) as usize;
                assert_eq!(
                    Loopy::ge(&mut arena, &g, &minus_k),
                    left_survives[p][at],
                    "{board:?} + {k} >= 0"
                );
                assert_eq!(
                    Loopy::ge(&mut arena, &minus_k, &g),
                    right_survives[p][at],
                    "{board:?} + {k} <= 0"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 10_000, "only {compared} comparisons");
}
