//! Moves with their meaning: every role `move_roles` gives is checked
//! against the values of the moves and the rules' own options, every
//! canonical option has a sensible line, and the winning moves are exactly
//! the moves that values say win; over random positions of several rulesets.

use cgt_lang::Session;
use cgt_lang::Value;
use proptest::prelude::*;

/// The items of a list value.
fn items(v: &Value) -> Vec<Value> {
    match v {
        Value::List(l) | Value::Set(l) => l.to_vec(),
        other => panic!("expected a list, got {other:?}"),
    }
}

/// The language's function for the player's options.
fn options_fn(p: &str) -> &'static str {
    if p == "Left" {
        "left_options"
    } else {
        "right_options"
    }
}

/// The three-term sum `a + b - c` with its term `k` written as `var`.
fn sum_with(terms: &[&str; 3], k: usize, var: &str) -> String {
    let mut parts = terms.map(str::to_string);
    parts[k] = var.into();
    format!("{} + {} - {}", parts[0], parts[1], parts[2])
}

/// Who moves in term `k` of `a + b - c` when `p` moves in the sum: the
/// subtracted term moves by the other player's rules.
fn mover_in(k: usize, p: &str) -> &'static str {
    match (k == 2, p == "Left") {
        (false, true) | (true, false) => "Left",
        _ => "Right",
    }
}

struct Check {
    s: Session,
}

impl Check {
    fn eval(&mut self, text: &str, bind: &[(&str, Value)]) -> Value {
        self.s
            .eval_with(text, bind)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn holds(&mut self, text: &str, bind: &[(&str, Value)]) -> bool {
        let v = self.eval(text, bind);
        self.s.show(&v) == "true"
    }

    fn show(&mut self, v: &Value) -> String {
        self.s.show(v)
    }

    /// Whether `m` is among the options of `g` for the player (`p` is
    /// "Left" or "Right"), by the rules' notation.
    fn is_option(&mut self, g: &Value, m: &Value, p: &str) -> bool {
        let f = options_fn(p);
        let opts = self.eval(&format!("{f}(g)"), &[("g", g.clone())]);
        let want = self.show(m);
        items(&opts).iter().any(|o| self.s.show(o) == want)
    }

    /// Every claim of move_roles, sensible_lines and winning_moves for the
    /// position `text` and player `p`.
    fn position(&mut self, text: &str, p: &str) {
        let q = if p == "Left" { "Right" } else { "Left" };
        // `ge`: at least as good for the player.
        let ge = if p == "Left" { ">=" } else { "<=" };
        let g = self.eval(text, &[]);
        let canonical = items(&self.eval(
            &format!("[x for x in {}_options(value(g))]", p.to_lowercase()),
            &[("g", g.clone())],
        ));
        let in_canonical = |c: &mut Check, k: &Value| {
            let want = c.show(k);
            canonical.iter().any(|x| c.s.show(x) == want)
        };
        let roles = self.eval(&format!("move_roles(g, {p})"), &[("g", g.clone())]);
        let mut realised = 0;
        for row in items(&roles) {
            let [m, v, role, detail]: [Value; 4] = items(&row).try_into().expect("four fields");
            assert!(self.is_option(&g, &m, p), "{text}: not a move");
            let bind = [("m", m.clone()), ("val", v.clone()), ("g", g.clone())];
            assert!(self.holds("value(m) == val", &bind), "{text}: value");
            let sensible = canonical.iter().any(|k| {
                self.holds(
                    &format!("val {ge} k"),
                    &[("val", v.clone()), ("k", k.clone())],
                )
            });
            match self.show(&role).as_str() {
                "realises" => {
                    assert!(self.holds("val == k", &[("val", v.clone()), ("k", detail.clone())]));
                    assert!(in_canonical(self, &detail), "{text}: realises a non-option");
                    realised += 1;
                }
                "dominated" => {
                    assert!(!sensible, "{text}: a sensible move called dominated");
                    let [by, k]: [Value; 2] = items(&detail).try_into().expect("[move, K]");
                    let b = [("val", v.clone()), ("k", k.clone())];
                    assert!(
                        self.holds(&format!("k {ge} val"), &b),
                        "{text}: not dominated"
                    );
                    assert!(in_canonical(self, &k));
                    // The move named is the one sensible_options gives for K.
                    let named =
                        self.eval(&format!("sensible_options(g, {p})"), &[("g", g.clone())]);
                    let want = self.show(&by);
                    assert!(
                        items(&named).iter().any(|x| self.show(x) == want),
                        "{text}: {want} is not a sensible move"
                    );
                    assert!(self.is_option(&g, &by, p), "{text}: not a move");
                }
                "reverses" => {
                    let line = items(&detail);
                    assert_eq!(
                        self.show(&line[0]),
                        self.show(&m),
                        "{text}: the line's start"
                    );
                    let last = line.last().expect("a line").clone();
                    let k = self.eval("value(x)", &[("x", last)]);
                    assert!(in_canonical(self, &k), "{text}: the line ends off the form");
                    for i in 1..line.len() {
                        let mover = if i % 2 == 0 { p } else { q };
                        assert!(
                            self.is_option(&line[i - 1], &line[i], mover),
                            "{text}: line step {i}"
                        );
                        let b = [("x", line[i].clone()), ("g", g.clone()), ("k", k.clone())];
                        if i % 2 == 1 {
                            // The reply is no better for the opponent than G.
                            assert!(
                                self.holds(&format!("g {ge} value(x)"), &b),
                                "{text}: reply {i}"
                            );
                        } else {
                            assert!(
                                self.holds(&format!("value(x) {ge} k"), &b),
                                "{text}: step {i}"
                            );
                        }
                    }
                    realised += 1;
                }
                "reverses out" => {
                    assert!(!sensible, "{text}: a sensible move called reversing out");
                    assert!(
                        self.is_option(&m, &detail, q),
                        "{text}: the reply is not a move"
                    );
                    let b = [("r", detail.clone()), ("g", g.clone())];
                    assert!(
                        self.holds(&format!("g {ge} value(r)"), &b),
                        "{text}: the reply"
                    );
                }
                other => panic!("{text}: role {other}"),
            }
        }
        assert!(
            canonical.is_empty() || realised > 0,
            "{text}: nothing realises the form"
        );
        let lines = items(&self.eval(&format!("sensible_lines(g, {p})"), &[("g", g.clone())]));
        assert_eq!(
            lines.len(),
            canonical.len(),
            "{text}: a canonical option without a line"
        );
        // Winning moves, by values: the mover wins moving first exactly
        // with the moves worth at least 0 to them.
        let wins: Vec<String> =
            items(&self.eval(&format!("winning_moves(g, {p})"), &[("g", g.clone())]))
                .iter()
                .map(|w| self.s.show(w))
                .collect();
        let f = options_fn(p);
        let mut by_value = Vec::new();
        for o in items(&self.eval(&format!("{f}(g)"), &[("g", g.clone())])) {
            if self.holds(&format!("value(o) {ge} 0"), &[("o", o.clone())]) {
                by_value.push(self.show(&o));
            }
        }
        assert_eq!(wins, by_value, "{text}: winning moves for {p}");
    }
}

#[test]
fn cgsuite_tutorial_clobber_has_one_sensible_left_option() {
    let mut s = Session::new();
    assert_eq!(
        s.run_line("value(clobber(\"xoxo|ox..\"))").unwrap(),
        "{^^*|v*}"
    );
    assert_eq!(
        s.run_line("sensible_options(clobber(\"xoxo|ox..\"), Left)")
            .unwrap(),
        "[clobber(\"xx.o|ox..\")]"
    );
    // Right's two canonical options v* come from two moves; the first is
    // CGSuite's choice.
    assert_eq!(
        s.run_line("sensible_options(clobber(\"xoxo|ox..\"), Right)")
            .unwrap(),
        "[clobber(\"x.xo|oo..\")]"
    );
}

#[test]
fn reversing_lines_and_moves_in_sums() {
    let mut s = Session::new();
    for (expr, want) in [
        // {5|2} reverses through 2 to 2's Left option 1: {{5|2}|} = 2.
        (
            "move_roles('{{5|2}|}', Left)",
            "[['{5|2}',{5|2},reverses,['{5|2}',2,1]]]",
        ),
        (
            "move_roles('{0,*|}', Left)",
            "[[0,0,realises,0],[*,*,reverses out,0]]",
        ),
        // Nim: the one winning move takes the last heap down to nothing.
        (
            "winning_moves(nim([1,2]) + *3 - nim([4]), Left)",
            "[[2,nim([])]]",
        ),
        (
            "winning_moves(domineering(3,3) + domineering(2,2), Left)",
            "[]",
        ),
    ] {
        assert_eq!(s.run_line(expr).unwrap(), want, "{expr}");
    }
    // A ruleset written in the language: both of Left's moves from 7
    // reverse to 0, and the line named is a shortest one.
    s.run_line("def sub_l(n) = [n - k for k in [1, 2] if k <= n]")
        .unwrap();
    s.run_line("def sub_r(n) = [n - k for k in [1, 3] if k <= n]")
        .unwrap();
    s.run_line("S := ruleset(sub_l, sub_r)").unwrap();
    assert_eq!(s.run_line("value(S(7))").unwrap(), "{0|^[2]}");
    assert_eq!(
        s.run_line("sensible_lines(S(7), Left)").unwrap(),
        "[[S(5),S(2),S(0)]]"
    );
    assert_eq!(
        s.run_line("sensible_options(S(7), Left)").unwrap(),
        "[S(5)]"
    );
    // A stopper's moves are followed (Left wins moving to on, where Right
    // has no move); a sided value's are not.
    assert_eq!(s.run_line("winning_moves(on, Left)").unwrap(), "[on]");
    let e = s
        .run_line("winning_moves(dud, Left)")
        .unwrap_err()
        .to_string();
    assert!(e.contains("sided value"), "{e}");
    // `help sensible` finds the functions by a part of their names.
    let help = s.help("sensible");
    assert!(
        help.contains("sensible_options(G, player)") && help.contains("sensible_lines"),
        "{help}"
    );
}

#[test]
fn every_move_of_small_positions_plays_its_role() {
    let mut c = Check { s: Session::new() };
    for text in [
        "clobber(\"xoxo|ox..\")",
        "domineering(3,3)",
        "domineering(3,4)",
        "clobber(\"xox|oxo|xo.\")",
        "domineering(\"...|.#.|...\")",
        "toads_and_frogs(\"TTT.F.FF\")",
        "toads_and_frogs(\"TT.TF.F.F\")",
        "konane(\"xo.|ox.|.xo\")",
        "'{{5|2},{3|0}|{-1|-4}, *}'",
    ] {
        for p in ["Left", "Right"] {
            c.position(text, p);
        }
    }
}

/// Games whose positions repeat: the roles are checked as for short games,
/// by the order of stoppers (a realised option equals a canonical option of
/// the canonical stopper, a reversing line never returns to a position).
#[test]
fn every_move_of_loopy_positions_plays_its_role() {
    let mut c = Check { s: Session::new() };
    for text in [
        "fox_and_geese([(4,2),(4,4),(4,6),(4,8)], (1,1))",
        "fox_and_geese([(3,1),(3,3)], (1,1), [6, 2])",
        "fox_and_geese([(3,3),(4,2),(4,6),(4,8)], (1,1))",
        "backsliding_toads_and_frogs(\"TT.F.F\")",
        "backsliding_toads_and_frogs(\"T.TF.F\")",
        "backsliding_toads_and_frogs(\"TT..FF\")",
        "upon",
        "a{0|a}",
        "{0|{0|on}}",
    ] {
        for p in ["Left", "Right"] {
            c.position(text, p);
        }
    }
}

/// A move in a sum shows as `[k, option]`: the sum with its term `k`
/// moved there has the value the row gives, and every option of every
/// term is listed once.
#[test]
fn moves_in_sums_name_their_component() {
    let mut c = Check { s: Session::new() };
    let terms = [
        "domineering(2,3)",
        "toads_and_frogs(\"T.F\")",
        "clobber(\"xo|ox\")",
    ];
    let sum = format!("{} + {} - {}", terms[0], terms[1], terms[2]);
    for p in ["Left", "Right"] {
        let g = c.eval(&sum, &[]);
        let rows = items(&c.eval(&format!("move_roles(g, {p})"), &[("g", g.clone())]));
        let mut count = 0;
        for (k, t) in terms.iter().enumerate() {
            let f = options_fn(mover_in(k, p));
            count += items(&c.eval(&format!("{f}({t})"), &[])).len();
        }
        assert_eq!(rows.len(), count, "{p}");
        for row in rows {
            let fields = items(&row);
            let [k, o]: [Value; 2] = items(&fields[0]).try_into().expect("[k, option]");
            let k: usize = c.show(&k).parse().expect("an index");
            let moved = sum_with(&terms, k, "o");
            let b = [("o", o.clone()), ("val", fields[1].clone())];
            assert!(
                c.holds(&format!("value({moved}) == val"), &b),
                "{p}: {moved}"
            );
        }
        let lines = items(&c.eval(&format!("sensible_lines(g, {p})"), &[("g", g.clone())]));
        let canonical = items(&c.eval(
            &format!("[x for x in {}_options(value(g))]", p.to_lowercase()),
            &[("g", g)],
        ));
        assert_eq!(lines.len(), canonical.len(), "{p}");
    }
}

/// The hottest moves of a sum are in its hottest components, each gains
/// what the sum's values say, and no move of that component gains more.
#[test]
fn hottest_moves_gain_what_values_say() {
    let mut c = Check { s: Session::new() };
    assert_eq!(
        c.s.run_line("hottest_moves({3|-3} + {1|-1} + *, Left)")
            .unwrap(),
        "[[[0,3],{6|0},3]]"
    );
    assert_eq!(c.s.run_line("hottest_moves(0, Left)").unwrap(), "[]");
    let terms = [
        "domineering(2,3)",
        "toads_and_frogs(\"TT.F\")",
        "clobber(\"xo.|oxo\")",
    ];
    let sum = format!("{} + {} - {}", terms[0], terms[1], terms[2]);
    for p in ["Left", "Right"] {
        let g = c.eval(&sum, &[]);
        let rows = items(&c.eval(&format!("hottest_moves(g, {p})"), &[("g", g.clone())]));
        assert!(!rows.is_empty(), "{p}");
        for row in rows {
            let fields = items(&row);
            let [k, o]: [Value; 2] = items(&fields[0]).try_into().expect("[k, option]");
            let k: usize = c.show(&k).parse().expect("an index");
            let moved = sum_with(&terms, k, "o");
            let gain = if p == "Left" {
                format!("value({moved}) - value({sum})")
            } else {
                format!("value({sum}) - value({moved})")
            };
            let b = [("o", o.clone()), ("gain", fields[1].clone())];
            assert!(c.holds(&format!("{gain} == gain"), &b), "{p}: {moved}");
            // The component is among the hottest with a move.
            let t = c.show(&fields[2]);
            for (j, term) in terms.iter().enumerate() {
                let f = options_fn(mover_in(j, p));
                if items(&c.eval(&format!("{f}({term})"), &[])).is_empty() {
                    continue;
                }
                let b = [("t", fields[2].clone())];
                assert!(
                    c.holds(&format!("temperature({term}) <= t"), &b),
                    "{p}: {t}"
                );
            }
            // No move of that component gains more.
            let f = options_fn(mover_in(k, p));
            for other in items(&c.eval(&format!("{f}({})", terms[k]), &[])) {
                let moved = sum_with(&terms, k, "x");
                let other_gain = if p == "Left" {
                    format!("value({moved}) - value({sum})")
                } else {
                    format!("value({sum}) - value({moved})")
                };
                let b = [("x", other), ("gain", fields[1].clone())];
                assert!(!c.holds(&format!("{other_gain} > gain"), &b), "{p}: beaten");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random Toads-and-Frogs strips and Domineering boards.
    #[test]
    fn random_positions_play_their_roles(
        strip in proptest::collection::vec(prop_oneof![Just('T'), Just('F'), Just('.'), Just('.')], 3..9),
        board in proptest::collection::vec(prop_oneof![Just('.'), Just('.'), Just('.'), Just('#')], 9..=9),
    ) {
        let mut c = Check { s: Session::new() };
        let strip: String = strip.into_iter().collect();
        let rows: Vec<String> = board.chunks(3).map(|r| r.iter().collect()).collect();
        for text in [
            format!("toads_and_frogs(\"{strip}\")"),
            format!("domineering(\"{}\")", rows.join("|")),
        ] {
            for p in ["Left", "Right"] {
                c.position(&text, p);
            }
        }
    }
}

/// A table of moves for a paper: each row is the move move_roles gives,
/// with its value and role, its incentive by the values (G^L - G for Left,
/// G - G^R for Right) and whether winning_moves lists it; under LaTeX a
/// tabular.
#[test]
fn move_tables_agree_with_roles_winning_moves_and_incentives() {
    let mut s = Session::new();
    for (g, p) in [
        ("domineering(2, 3)", "Left"),
        ("domineering(3, 3)", "Right"),
        ("domineering(2, 3) + toads_and_frogs(\"T.F\")", "Right"),
        ("clobber(\"xoxo|ox..\")", "Left"),
    ] {
        let rows = s.run_line(&format!("t := move_table({g}, {p})")).unwrap();
        let roles = s.eval_with(&format!("move_roles({g}, {p})"), &[]).unwrap();
        let winning = s.run_line(&format!("winning_moves({g}, {p})")).unwrap();
        let lines: Vec<&str> = rows.lines().collect();
        assert_eq!(lines.len(), items(&roles).len() + 1, "{g}");
        assert!(lines[0].starts_with("move"), "{g}");
        for (k, row) in items(&roles).iter().enumerate() {
            let [m, v, role, _]: [Value; 4] = items(row).try_into().unwrap();
            let shown = |s: &mut Session, x: &Value| s.world().show(x);
            let (m_text, v_text, role_text) =
                (shown(&mut s, &m), shown(&mut s, &v), shown(&mut s, &role));
            let line = lines[k + 1];
            assert!(line.starts_with(&m_text), "{g}: {line}");
            assert!(line.contains(&format!(" {v_text} ")), "{g}: {line}");
            assert!(line.contains(&role_text), "{g}: {line}");
            let wins = winning.contains(&m_text);
            assert!(
                line.trim_end().ends_with(if wins { "yes" } else { "no" }),
                "{g}: {line}"
            );
            let incentive = if p == "Left" {
                format!("value(({m}) - ({g}))", m = m_text)
            } else {
                format!("value(({g}) - ({m}))", m = m_text)
            };
            if !m_text.starts_with('[') {
                let want = s.run_line(&incentive).unwrap();
                assert!(
                    line.contains(&format!(" {want} ")),
                    "{g}: {line} lacks {want}"
                );
            }
        }
    }
    s.command(":format latex").unwrap().unwrap();
    let latex = s.run_line("move_table(domineering(2, 3), Left)").unwrap();
    assert!(latex.starts_with("\\begin{tabular}"), "{latex}");
    assert!(
        latex.contains("realises & $\\{\\frac{5}{2} \\mid 0\\}$ & yes"),
        "{latex}"
    );
}
