//! The programmable language: definitions (recursion, memos, doc strings),
//! conditionals and bindings, lists and strings, games from lists, sums
//! that keep their terms, and rulesets defined by their move functions.

use cgt_lang::{ErrorKind, Session};

fn run(s: &mut Session, line: &str) -> String {
    s.run_line(line)
        .unwrap_or_else(|e| panic!("{line}: {}", e.render(line)))
}

fn fails(s: &mut Session, line: &str) -> String {
    match s.run_line(line) {
        Ok(v) => panic!("{line}: expected an error, got {v}"),
        Err(e) => e.message,
    }
}

/// Each (input, output) in one session, in order.
fn transcript(lines: &[(&str, &str)]) {
    let mut s = Session::new();
    for (input, want) in lines {
        assert_eq!(run(&mut s, input), *want, "input: {input}");
    }
}

#[test]
fn definitions_recursion_and_conditionals() {
    transcript(&[
        ("def f(n) = {n|0}", "f(n)"),
        ("f(3)", "{3|0}"),
        (
            "def fact(n) = if n == 0 then 1 else n * fact(n - 1)",
            "fact(n)",
        ),
        ("fact(20)", "2432902008176640000"),
        ("fact(30)", "265252859812191058636308480000000"),
        // Mutual recursion, defined in either order.
        (
            "def even(n) = if n == 0 then true else odd(n - 1)",
            "even(n)",
        ),
        (
            "def odd(n) = if n == 0 then false else even(n - 1)",
            "odd(n)",
        ),
        ("[even(n) for n in 0..4]", "[true,false,true,false,true]"),
        ("let x = 3, y = x + 1 in x * y", "12"),
        ("let s = \"ab\" in s + s", "\"abab\""),
        ("not (1 < 2) or 2 < 3 and 3 < 4", "true"),
        // `and`/`or` do not evaluate what they do not need.
        ("false and undefined_name", "false"),
        ("true or undefined_name", "true"),
        (
            "[7 div 2, -7 div 2, 7 mod 3, -7 mod 3, 7 mod -3]",
            "[3,-4,1,2,-2]",
        ),
        ("3 * ^", "^3"),
        ("-2 * {1|-1}", "0"),
        ("3 * {2|-2}", "+-2"),
        ("(1/2) * (3/4)", "3/8"),
        ("3*2", "3*2"),
        ("3 * 2", "6"),
        ("\".\" * 3", "\"...\""),
    ]);
}

#[test]
fn a_recursive_game_family_costs_one_evaluation_per_argument() {
    let mut s = Session::new();
    // Fibonacci's exponential tree is linear with the memo.
    run(
        &mut s,
        "def fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)",
    );
    assert_eq!(
        run(&mut s, "fib(200)"),
        "280571172992510140037611932413038677189525"
    );
    let fib = s
        .functions()
        .into_iter()
        .find(|f| f.name() == "fib")
        .unwrap();
    assert_eq!(fib.memo_len(), 201);
    // A partizan subtraction game: Left subtracts 1 or 2, Right 2 or 3.
    run(
        &mut s,
        "def g(n) = { [g(n - k) for k in [1, 2] if k <= n] | [g(n - k) for k in [2, 3] if k <= n] }",
    );
    // The values by hand from the definition: g(0) = 0, g(1) = {0|} = 1,
    // g(2) = {g(1), g(0) | g(0)} = {1, 0 | 0} = {1|0}, g(3) = {g(2), g(1) | g(1), g(0)}.
    assert_eq!(run(&mut s, "[g(0), g(1), g(2)]"), "[0,1,{1|0}]");
    let g3 = run(&mut s, "g(3)");
    assert_eq!(g3, run(&mut s, "{ {1|0}, 1 | 1, 0 }"));
    run(&mut s, "g(2000)");
    let g = s.functions().into_iter().find(|f| f.name() == "g").unwrap();
    assert_eq!(g.memo_len(), 2001);
}

/// Names are bound where a function is defined (lexical scope): a later
/// definition of a name the function uses makes a new binding, which only
/// code written after it sees; the function keeps its own (and its memo),
/// and a note says so.
#[test]
fn a_function_keeps_the_names_it_was_defined_with() {
    let mut s = Session::new();
    for (input, want) in [
        ("c = 1", "1"),
        ("def f(n) = n + c", "f(n)"),
        ("f(1)", "2"),
        ("c = 5", "5"),
        ("f(1)", "2"),
        ("c + 1", "6"),
        ("def h(n) = f(n) + 1", "h(n)"),
        ("h(1)", "3"),
        ("def f(n) = n", "f(n)"),
        ("h(1)", "3"),
        ("f(1)", "1"),
    ] {
        assert_eq!(run(&mut s, input), want, "input: {input}");
    }
    let notes = s.take_notes();
    assert_eq!(
        notes,
        [
            "`c` bound again; f (defined before) keeps the earlier one",
            "`f` redefined: the code written from here on uses the new definition; h (defined before) keeps the earlier one",
        ],
        "{notes:?}"
    );
    // A variable nothing reads is simply assigned again, without a note.
    run(&mut s, "y = 1");
    run(&mut s, "y = 2");
    assert!(s.take_notes().is_empty());
}

/// The reproducer of the language issue: Domineering's helper `put`
/// defined again by another file must not change the ruleset defined first.
#[test]
fn a_second_definition_of_a_helper_leaves_a_ruleset_as_it_was() {
    let mut s = Session::new();
    for line in [
        "def put(b, i) = replace_at(replace_at(b, i, \"#\"), i + 1, \"#\")",
        "def horizontal(b) = [put(b, i) for i in find_all(b, \"..\")]",
        "def vertical(b) = let t = grid_transpose(b) in [grid_transpose(put(t, i)) for i in find_all(t, \"..\")]",
        "def regions(b) = grid_regions(b, \".\")",
        "def key(b) = grid_key(b, 4)",
        "def transpose(b) = grid_transpose(b)",
        "D = ruleset(vertical, horizontal, components = regions, key = key, conjugate = transpose)",
    ] {
        run(&mut s, line);
    }
    assert_eq!(run(&mut s, "value(D(\"...|...\"))"), "{2|-1/2}");
    run(&mut s, "def put(b, i) = replace_at(b, i, \"#\")");
    assert_eq!(run(&mut s, "value(D(\"...|...\"))"), "{2|-1/2}");
    assert_eq!(run(&mut s, "value(D(\"..|..|..\"))"), "{1/2|-2}");
}

/// Two example files whose helpers share names (`vertical`, `horizontal`)
/// load into one session, as modules and directly, and both keep giving
/// their literature values.
#[test]
fn two_files_with_helpers_of_the_same_name_load_together() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/rulesets");
    let mut s = Session::new();
    run(&mut s, &format!("import \"{dir}/domineering.cgt\" as dom"));
    run(&mut s, &format!("import \"{dir}/cutcake.cgt\" as cake"));
    // Winning Ways: Domineering's 2x3 board is {2|-1/2}; a 1x4 cake gives
    // Left three moves and nothing to Right.
    assert_eq!(run(&mut s, "value(dom.D(\"...|...\"))"), "{2|-1/2}");
    assert_eq!(run(&mut s, "value(cake.C([[1, 4]]))"), "3");
    assert_eq!(
        run(&mut s, "value(cake.C([[2, 3]])) == value(cutcake(2, 3))"),
        "true"
    );
    // Loaded twice, evaluated once: the same module.
    run(&mut s, &format!("again = load(\"{dir}/domineering.cgt\")"));
    assert_eq!(run(&mut s, "again == dom"), "true");
    // The same files run one after the other in one scope (as `:load` does).
    let mut t = Session::new();
    for file in ["domineering", "cutcake"] {
        let text = std::fs::read_to_string(format!("{dir}/{file}.cgt")).unwrap();
        for (_, line) in cgt_lang::script::statements(&text) {
            run(&mut t, &line);
        }
    }
    assert_eq!(run(&mut t, "value(D(\"...|...\"))"), "{2|-1/2}");
    assert_eq!(run(&mut t, "value(C([[1, 4]]))"), "3");
}

#[test]
fn recursion_goes_deep_and_errors_stay_clear() {
    let mut s = Session::new();
    run(
        &mut s,
        "def down(n) = if n == 0 then 0 else 1 + down(n - 1)",
    );
    assert_eq!(run(&mut s, "down(100000)"), "100000");
    run(&mut s, "def k(n) = {k(n - 1)|}");
    // No base case: an error naming the function, and the session lives on.
    let e = s.run_line("k(3)").unwrap_err();
    assert!(e.message.starts_with("in `k`: "), "{}", e.message);
    assert_eq!(run(&mut s, "down(3)"), "3");
    assert!(fails(&mut s, "down(1, 2)").contains("takes 1 argument"));
    // A built-in's name may be bound again, with a note.
    assert_eq!(run(&mut s, "def value(n) = n"), "value(n)");
    assert!(s.take_notes()[0].contains("the built-in value(G) is hidden"));
    assert!(fails(&mut s, "def true(n) = n").contains("reserved"));
    assert!(fails(&mut s, "def f(n, n) = n").contains("twice"));
    assert!(fails(&mut s, "if 1 then 2 else 3").contains("must be true or false"));
    assert!(fails(&mut s, "f(n) = {n|0}").contains("def f(n) = ..."));
    assert!(fails(&mut s, "3*^").contains("3 * ^"));
    assert!(fails(&mut s, "2.^").contains("2 * ^"));
    // The caret points at the call in this line, not into the definition.
    let e = s.run_line("1 + down(\"x\")").unwrap_err();
    assert_eq!(e.column("1 + down(\"x\")"), 5);
}

#[test]
fn lists_and_strings() {
    transcript(&[
        ("L = [3, 1, 2]", "[3,1,2]"),
        (
            "[L[0], L[-1], L[1:], L[:2], L[5:], len(L)]",
            "[3,2,[1,2],[3,1],[],3]",
        ),
        ("L + [4]", "[3,1,2,4]"),
        (
            "[sum(L), min(L), max(L), sort(L), reverse(L)]",
            "[6,1,3,[1,2,3],[2,1,3]]",
        ),
        (
            "[any([x > 2 for x in L]), all([x > 2 for x in L])]",
            "[true,false]",
        ),
        ("[range(3), range(2, 4), 0..2]", "[[0,1,2],[2,3],[0,1,2]]"),
        (
            "[[x, y] for x in L for y in \"ab\" if x != 1]",
            "[[3,\"a\"],[3,\"b\"],[2,\"a\"],[2,\"b\"]]",
        ),
        (
            "[x for x in [x * x for x in 0..4] if x mod 2 == 0]",
            "[0,4,16]",
        ),
        ("s = \"TT..F\"", "\"TT..F\""),
        (
            "[s[0], s[-1], s[1:3], len(s), s + \"!\"]",
            "[\"T\",\"F\",\"T.\",5,\"TT..F!\"]",
        ),
        (
            "[replace_at(s, 2, \"T\"), count(s, \"T\"), find_all(s, \".\")]",
            "[\"TTT.F\",2,[2,3]]",
        ),
        (
            "[count(\"aaa\", \"aa\"), find_all(\"aaa\", \"aa\")]",
            "[2,[0,1]]",
        ),
        (
            "[join([\"a\", \"b\"], \"|\"), split(\"x.|.o\", \"|\"), str(^*), contains(s, \"..\")]",
            "[\"a|b\",[\"x.\",\".o\"],\"^*\",true]",
        ),
        ("[mex([0, 1, 3]), mex([]), abs(-3/4)]", "[2,0,3/4]"),
        ("[1, *] == [1, *]", "true"),
        ("[1 + *] == [1*]", "true"),
        ("\"ab\" < \"b\"", "true"),
        ("\"a\\\"b\"", "\"a\\\"b\""),
        ("len(\"a\\\\b\")", "3"),
    ]);
    let mut s = Session::new();
    assert!(fails(&mut s, "[1, 2][2]").contains("out of range"));
    assert!(fails(&mut s, "[x for x in ^]").contains("runs over a list"));
    assert!(fails(&mut s, "min([*, 0])").contains("confused"));
}

#[test]
fn an_option_slot_takes_a_list() {
    transcript(&[
        ("{ [0, *] | [0, *] }", "*2"),
        ("{ [n for n in 0..2] | }", "3"),
        ("{ [] | 0 }", "-1"),
        ("{ left_options(*3) | right_options(*3) }", "*3"),
        ("'{ [0, 0] | }'", "'{0,0|}'"),
        (
            "def mex_game(k) = { [mex_game(j) for j in 0..k-1] | [mex_game(j) for j in 0..k-1] }",
            "mex_game(k)",
        ),
        ("mex_game(5)", "*5"),
    ]);
}

#[test]
fn sums_keep_their_terms_for_misere_play() {
    transcript(&[
        ("*2 + *2", "0"),
        ("misere_outcome_class(*2 + *2)", "P"),
        ("misere_outcome_class(0)", "N"),
        ("misere_outcome_class(* + * + *)", "P"),
        ("misere_outcome_class(nim([2, 2]))", "P"),
        ("misere_outcome_class(nim([2]) + nim([2]))", "P"),
        ("g = *2 + *3", "*"),
        ("misere_outcome_class(g - *)", "P"),
        ("outcome_class(g - *)", "P"),
        // Two heaps of one: the first player wins under misère play, and
        // loses under normal play (* + * = 0).
        ("misere_outcome_class(* + *)", "N"),
        ("outcome_class(* + *)", "P"),
        // Apart from misère play, a sum of canonical games is canonical, as
        // in CGSuite; a sum with a form keeps its terms.
        ("left_options(* + *)", "{}"),
        ("left_options('{0|0}' + *)", "[*,*]"),
        ("'{*|*}' + ^", "^"),
        ("'{*|*}' + ^ -> 1", "1^"),
    ]);
}

/// Bouton's rule for misère Nim: with every heap at most 1 the previous
/// player wins iff the number of heaps is odd; otherwise iff the nim-sum is 0.
#[test]
fn misere_nim_follows_bouton_on_every_position_of_at_most_four_heaps_of_four() {
    let mut s = Session::new();
    let mut checked = 0;
    for n in 0..=4 {
        let mut heaps = vec![0u32; n];
        loop {
            let big = heaps.iter().any(|&h| h > 1);
            let p = if big {
                heaps.iter().fold(0, |a, &h| a ^ h) == 0
            } else {
                heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
            };
            let want = if p { "P" } else { "N" };
            let sum: Vec<String> = heaps.iter().map(|h| format!("*{h}")).collect();
            let line = if sum.is_empty() {
                "misere_outcome_class(0)".to_string()
            } else {
                format!("misere_outcome_class({})", sum.join(" + "))
            };
            assert_eq!(run(&mut s, &line), want, "heaps {heaps:?}");
            let list: Vec<String> = heaps.iter().map(u32::to_string).collect();
            let line = format!("misere_outcome_class(nim([{}]))", list.join(","));
            assert_eq!(run(&mut s, &line), want, "nim heaps {heaps:?}");
            // The misère canonical form of the sum says the same: its misère
            // nim value is 0 exactly for P-positions.
            let line = format!("misere_nim_value(nim([{}])) == 0", list.join(","));
            assert_eq!(
                run(&mut s, &line),
                if p { "true" } else { "false" },
                "{heaps:?}"
            );
            checked += 1;
            // Next multiset of heaps (non-decreasing tuples).
            let Some(k) = (0..n).rev().find(|&k| heaps[k] < 4) else {
                break;
            };
            let v = heaps[k] + 1;
            for h in &mut heaps[k..] {
                *h = v;
            }
        }
    }
    assert_eq!(checked, 1 + 5 + 15 + 35 + 70);
}

/// Misère canonical forms and genus (Winning Ways ch. 13; ONAG ch. 12).
#[test]
fn misere_canonical_forms_and_genus() {
    transcript(&[
        // Two heaps of one are the end in misère play; two heaps of two are not.
        ("misere_canonical(* + *)", "0"),
        ("misere_canonical(*2 + *2)", "*[2,3]"),
        ("misere_canonical(*2 + *)", "*3"),
        ("misere_canonical('{*|*}')", "0"),
        ("misere_canonical('{*2|*2}')", "*[2]"),
        // Conway's genus of the nim heaps and of small Kayles rows.
        ("[genus(*(n)) for n in 0..3]", "[0^120,1^031,2^20,3^31]"),
        (
            "[genus(kayles(n)) for n in 0..5]",
            "[0^120,1^031,2^20,3^31,1^031,4^146]",
        ),
        ("misere_nim_value(kayles(5))", "1"),
        ("{3||2|1}.IsLoopfree", "true"),
        ("options({1|*}, Right)", "{*}"),
        ("stop({3|-1}, Right)", "-1"),
    ]);
    let mut s = Session::new();
    assert!(fails(&mut s, "genus(^)").contains("not an impartial game"));
}

#[test]
fn rulesets_defined_in_the_language() {
    let mut s = Session::new();
    // The subtraction game S = {1, 2}: *(n mod 3).
    run(
        &mut s,
        "def take(n) \"remove 1 or 2\" = [n - k for k in [1, 2] if k <= n]",
    );
    assert_eq!(run(&mut s, "S = ruleset(take, take)"), "S(position)");
    for n in 0..30 {
        assert_eq!(
            run(&mut s, &format!("value(S({n}))")),
            run(&mut s, &format!("*{}", n % 3))
        );
    }
    assert_eq!(run(&mut s, "S(4)"), "S(4)");
    assert_eq!(run(&mut s, "outcome_class(S(3))"), "P");
    assert_eq!(run(&mut s, "outcome_class(S(4) + S(5))"), "N");
    assert_eq!(run(&mut s, "misere_outcome_class(S(1))"), "P");
    assert_eq!(run(&mut s, "S(4) + S(5) + *3"), "0");
    assert_eq!(run(&mut s, "left_options(S(4))"), "[S(3),S(2)]");
    assert_eq!(
        run(&mut s, "[value(p) for p in right_options(S(4))]"),
        "[0,*2]"
    );
    // Depth 10^5: a chain of 100,000 positions.
    assert_eq!(run(&mut s, "value(S(100000))"), "*");
    // Positions that repeat: C(0) = {C(1) | }, C(1) = {C(0) | C(0)} lets
    // play alternate for ever, so it is no stopper but a sided value: Left
    // never runs out of moves (on) where endless play is hers, and where it
    // is Right's, whoever starts loses (0). short_value names the cycle.
    run(&mut s, "def back(n) = [1 - n]");
    run(&mut s, "C = ruleset(back, take)");
    assert_eq!(run(&mut s, "value(C(0))"), "on & 0");
    assert_eq!(run(&mut s, "outcome_class(C(0))"), "PHat");
    let e = s.run_line("short_value(C(0))").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unsupported);
    assert!(e.message.contains("C(0) -> C(1) -> C(0)"), "{}", e.message);
    assert_eq!(run(&mut s, "value(S(3))"), "0");
}

#[test]
fn components_and_keys_of_a_language_ruleset() {
    let mut s = Session::new();
    // Blue-red Hackenbush on one strip of stalks written "BR.B": a move
    // removes an edge of one's colour and everything above it in that stalk;
    // the stalks are components.
    for line in [
        "def cut(s, c) = [s[:i] for i in range(len(s)) if s[i] == c]",
        "def stalks(s) = split(s, \".\")",
        "def l(s) = cut(s, \"B\")",
        "def r(s) = cut(s, \"R\")",
        "H = ruleset(l, r, components = stalks)",
    ] {
        run(&mut s, line);
    }
    assert_eq!(run(&mut s, "value(H(\"BR\"))"), "1/2");
    assert_eq!(run(&mut s, "value(H(\"BR.R\"))"), "-1/2");
    assert_eq!(run(&mut s, "value(H(\"BRR.BB\"))"), "9/4");
    // A symmetry key: stalks in any order are the same position.
    run(&mut s, "def key(s) = join(sort(stalks(s)), \".\")");
    run(&mut s, "K = ruleset(l, r, components = stalks, key = key)");
    assert_eq!(run(&mut s, "value(K(\"BRR.BB\"))"), "9/4");
    assert_eq!(run(&mut s, "value(K(\"BB.BRR\"))"), "9/4");
    assert!(fails(&mut s, "ruleset(l)").contains("left and right"));
    assert!(fails(&mut s, "ruleset(l, 3)").contains("must be a function"));
}

/// Domineering written in the language with a conjugate (the transposed
/// board is the negative game): only one of a board and its transpose is
/// explored, and values, outcome searches and misère searches stay those
/// of the built-in ruleset.
#[test]
fn a_conjugate_folds_negative_positions() {
    let mut s = Session::new();
    for line in [
        "def put(b, i) = replace_at(replace_at(b, i, \"#\"), i + 1, \"#\")",
        "def horizontal(b) = [put(b, i) for i in find_all(b, \"..\")]",
        "def vertical(b) = let t = grid_transpose(b) in [grid_transpose(put(t, i)) for i in find_all(t, \"..\")]",
        "def regions(b) = grid_regions(b, \".\")",
        "def key(b) = grid_key(b, 4)",
        "def transpose(b) = grid_transpose(b)",
        "D = ruleset(vertical, horizontal, components = regions, key = key, conjugate = transpose)",
        "P = ruleset(vertical, horizontal, conjugate = transpose)",
    ] {
        run(&mut s, line);
    }
    let mut checked = 0;
    for (rows, cols) in [(3, 3), (2, 4), (4, 2), (1, 5)] {
        for mask in 0u32..(1 << (rows * cols)) {
            let b = cgt_tests::board_with_holes(rows, cols, mask);
            for f in ["value", "outcome_class", "misere_outcome_class"] {
                for rules in ["D", "P"] {
                    let line = format!("{f}({rules}(\"{b}\")) == {f}(domineering(\"{b}\"))");
                    assert_eq!(run(&mut s, &line), "true", "{line}");
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 900);
    // A position met as the conjugate of another is its negative: its
    // options are the negatives of the other's, and print so.
    assert_eq!(run(&mut s, "value(P(\"..|..\")) + value(P(\".|.|.\")) == value(domineering(\"..|..\")) + value(domineering(\".|.|.\"))"), "true");
    let opts = run(&mut s, "[value(p) for p in right_options(P(\"..\"))]");
    assert_eq!(opts, "[0]");
}

/// Domineering with a signed key (the least of the eight images, negated
/// when it is a transposed one) and components: the same values, outcomes
/// and misère outcomes as the built-in ruleset on every board of up to
/// nine squares with holes; a position of several regions is the sum node
/// of its regions' nodes.
#[test]
fn a_signed_key_and_components_first() {
    let mut s = Session::new();
    for line in [
        "def horizontal(b) = replace_each(b, \"..\", \"##\")",
        "def vertical(b) = grid_replace_each(b, \"..\", \"##\")",
        "def regions(b) = grid_regions(b, \".\")",
        "D = ruleset(vertical, horizontal, components = regions, signed_key = grid_signed_key)",
    ] {
        run(&mut s, line);
    }
    let mut checked = 0;
    for (rows, cols) in [(3, 3), (2, 4), (4, 2), (1, 6)] {
        for mask in 0u32..(1 << (rows * cols)) {
            let b = cgt_tests::board_with_holes(rows, cols, mask);
            for f in ["value", "outcome_class", "misere_outcome_class"] {
                let line = format!("{f}(D(\"{b}\")) == {f}(domineering(\"{b}\"))");
                assert_eq!(run(&mut s, &line), "true", "{line}");
            }
            checked += 1;
        }
    }
    assert!(checked > 600);
    // Two regions: a domino's place for Right, and an L of three squares
    // (*); the position prints as it was given.
    assert_eq!(run(&mut s, "value(D(\"..#|##.|#..\"))"), "-1*");
    assert_eq!(run(&mut s, "D(\"..#|##.|#..\")"), "D(\"..#|##.|#..\")");
    // A signed key function that does not give [key, negated] is named.
    run(
        &mut s,
        "B = ruleset(vertical, horizontal, signed_key = regions)",
    );
    assert!(fails(&mut s, "value(B(\"..\"))").contains("[key, negated]"));
}

/// An error in a rule stops the computation and leaves the ruleset as it
/// was: the positions it was exploring are explored again by the next
/// call, not taken for a cycle.
#[test]
fn an_error_in_a_rule_leaves_the_ruleset_usable() {
    transcript(&[
        (
            "def l(n) = if n == 3 then [][5] else (if n > 0 then [n - 1] else [])",
            "l(n)",
        ),
        ("def r(n) = []", "r(n)"),
        ("G = ruleset(l, r)", "G(position)"),
        ("value(G(2))", "2"),
    ]);
    let mut s = Session::new();
    run(
        &mut s,
        "def l(n) = if n == 3 then [][5] else (if n > 0 then [n - 1] else [])",
    );
    run(&mut s, "G = ruleset(l, l)");
    for _ in 0..2 {
        assert!(fails(&mut s, "value(G(5))").contains("out of range"));
        assert!(fails(&mut s, "value(G(4))").contains("out of range"));
    }
    // Both players move n -> n - 1: G(2) = {*|*} = 0.
    assert_eq!(run(&mut s, "value(G(2))"), "0");
}

#[test]
fn functions_are_listed_with_their_help() {
    let mut s = Session::new();
    run(&mut s, "def f(n) \"Left's move count\" = n");
    let help = s.function_help("f").unwrap();
    assert!(help.starts_with("f(n)\n  Left's move count"), "{help}");
    assert_eq!(s.functions().len(), 1);
    // A definition prints its signature: one line in --batch.
    assert_eq!(run(&mut s, "def g(a, b) = a + b"), "g(a, b)");
    assert_eq!(run(&mut s, "x = 2; y = 3; g(x, y)"), "5");
}

#[test]
fn cgsuite_method_names_reach_the_functions() {
    transcript(&[
        ("{3||2|1}.LeftOptions", "{3}"),
        ("{3||2|1}.RightOptions", "{{2|1}}"),
        ("'{*|*}'.CanonicalForm", "0"),
        ("{3||2|1}.Mean", "9/4"),
        ("^.AtomicWeight", "1"),
        ("{1|-1}.Temperature", "1"),
        ("^*.Birthday", "2"),
    ]);
}

#[test]
fn tables_for_papers() {
    let mut s = Session::new();
    let t = run(
        &mut s,
        "table([[\"n\", \"value\"]] + [[n, value(cutcake(1, n))] for n in 1..3])",
    );
    assert_eq!(t, "n  value\n1  0\n2  1\n3  2");
}

/// A key that lies (one key for positions of different games) makes a
/// cycle the moves do not have: where that cycle lets play alternate for
/// ever, the error says the key is the suspect; a real cycle without a key
/// says nothing of keys.
#[test]
fn a_cycle_through_a_lying_key_names_the_key() {
    let mut s = Session::new();
    run(&mut s, "def l(n) = if n > 0 then [n - 1] else []");
    run(&mut s, "def k(n) = n mod 2");
    run(&mut s, "r := ruleset(l, l, key = k)");
    let e = fails(&mut s, "value(r(5))");
    assert!(e.contains("not a stopper"), "{e}");
    assert!(
        e.contains("the key gives one node to positions of different games"),
        "{e}"
    );
    // Without the key the same moves are a short game: 5 moves to 0 is *.
    run(&mut s, "t := ruleset(l, l)");
    assert_eq!(run(&mut s, "value(t(5))"), "*");
    run(&mut s, "def loop(n) = [1 - n]");
    run(&mut s, "u := ruleset(loop, loop)");
    assert_eq!(run(&mut s, "value(u(0))"), "dud");
    let e = fails(&mut s, "short_value(u(0))");
    assert!(e.contains("not a short game") && !e.contains("key"), "{e}");
}

/// `--check-keys` samples the merged positions of the whole exploration:
/// a key of two-heap Nim that lies only on [b+1,b] for 30 <= b < 39 (each
/// given the node of the equal heaps, 0) made `*11` for `*15`, and was let
/// through when only the first 100 merged positions were checked; the
/// sample (one in eight past those) takes one of the nine.
#[test]
fn check_keys_flag_samples_the_whole_exploration() {
    let mut s = Session::new();
    run(
        &mut s,
        "def mv(p) = [[a, p[1]] for a in 0..p[0]-1] + [[p[0], b] for b in 0..p[1]-1]",
    );
    run(
        &mut s,
        "def key(p) = if p[0] == p[1] + 1 and p[1] >= 30 and p[1] < 39 then [p[1], p[1]] else (if p[0] < p[1] then p else [p[1], p[0]])",
    );
    run(&mut s, "K = ruleset(mv, mv, key = key)");
    assert_eq!(run(&mut s, "value(K([40, 39]))"), "*11");
    run(&mut s, "K = ruleset(mv, mv, key = key)");
    s.world().check_keys = true;
    let e = fails(&mut s, "value(K([40, 39]))");
    assert!(e.contains("the key lies: K([3"), "{e}");
    // An honest key passes, with as many merged positions.
    run(
        &mut s,
        "def sorted(p) = if p[0] < p[1] then p else [p[1], p[0]]",
    );
    run(&mut s, "H = ruleset(mv, mv, key = sorted)");
    assert_eq!(run(&mut s, "value(H([40, 39]))"), "*15");
}

/// A `components` function that lies (heap 1, worth `*`, split into two
/// empty heaps) is caught by `--check-keys` and `check_keys`: a position
/// split into components must have the value of its own moves.
#[test]
fn check_keys_finds_components_that_lie() {
    let mut s = Session::new();
    run(&mut s, "def take(n) = [n - k for k in [1, 2] if k <= n]");
    run(&mut s, "def parts(n) = if n == 1 then [0, 0] else [n]");
    run(&mut s, "C = ruleset(take, take, components = parts)");
    // Heap 4 of take-1-or-2 is `*`: the lie makes it 0.
    assert_eq!(run(&mut s, "value(C(4))"), "0");
    let e = fails(&mut s, "check_keys(C, 4)");
    assert!(
        e.contains("the components lie: C(1) was split into [0,0], whose values add to 0, but by its own moves its value is *"),
        "{e}"
    );
    run(&mut s, "C = ruleset(take, take, components = parts)");
    s.world().check_keys = true;
    let e = fails(&mut s, "value(C(4))");
    assert!(e.contains("the components lie: C(1)"), "{e}");
    // Honest components pass: a list of heaps splits into its heaps.
    run(
        &mut s,
        "def mvs(p) = [p[:k] + [m] + p[k+1:] for k in 0..len(p)-1 for m in take(p[k])]",
    );
    run(&mut s, "def heaps(p) = [[h] for h in p]");
    run(&mut s, "D = ruleset(mvs, mvs, components = heaps)");
    assert_eq!(run(&mut s, "value(D([4, 5, 7]))"), "*2");
    let checked: i64 = run(&mut s, "check_keys(D, [4, 5, 7], 1000)")
        .parse()
        .unwrap();
    assert!(checked > 0, "{checked}");
}

/// `check_keys` values the positions a key merged by the moves alone: an
/// honest symmetry passes (also a signed key that negates, Domineering's),
/// a key that lies is named with the two values.
#[test]
fn check_keys_finds_a_key_that_lies() {
    let mut s = Session::new();
    run(
        &mut s,
        "def mv(s) = [s[:k] + \".\" + s[k+1:] for k in 0..len(s)-1 if s[k] == \"x\"] + [s[:k] + \"..\" + s[k+2:] for k in 0..len(s)-2 if s[k:k+2] == \"xx\"]",
    );
    run(&mut s, "def sym(s) = min(s, reverse(s))");
    run(&mut s, "K = ruleset(mv, mv, key = sym)");
    let checked: i64 = run(&mut s, "check_keys(K, \"xx.xxx\")").parse().unwrap();
    assert!(checked > 0);
    run(
        &mut s,
        "def xs(s) = len([k for k in 0..len(s)-1 if s[k] == \"x\"])",
    );
    run(&mut s, "B = ruleset(mv, mv, key = xs)");
    let e = fails(&mut s, "check_keys(B, \"xx.xxx\")");
    assert!(
        e.contains("the key lies: B(") && e.contains("by the moves alone"),
        "{e}"
    );
    // Domineering's signed key merges boards with their negatives.
    run(&mut s, "import \"examples/rulesets/domineering.cgt\" as d");
    let checked: i64 = run(&mut s, "check_keys(d.D, \"....|....|....\", 50)")
        .parse()
        .unwrap();
    assert_eq!(checked, 50);
}

/// Lists and tuples order element by element in the universal order
/// (numbers by value, other games in CGSuite's order, strings
/// alphabetically; kinds apart as false, true, games, strings, lists), so
/// keys built from tuples sort without string workarounds (before: all
/// errors).
#[test]
fn lists_sort_and_compare_in_the_universal_order() {
    let mut s = Session::new();
    for (line, expected) in [
        ("sort([[2,1],[1,3]])", "[[1,3],[2,1]]"),
        ("min([[\"b\", true], [\"a\", false]])", "[\"a\",false]"),
        ("max([[1, \"x\"], [1, \"y\"]])", "[1,\"y\"]"),
        ("[\"a\", 1] < [\"b\", 0]", "true"),
        ("[1, 2] < [1, 2, 0]", "true"),
        ("[1, 2] >= [1, 2]", "true"),
        ("[2] <= [1, 5]", "false"),
        ("sort([[1, ^], [1, *], [0, 5]])", "[[0,5],[1,*],[1,^]]"),
        (
            "sort([3, \"a\", *, 1/2, true, [1], ^, 1/3, false])",
            "[false,true,1/3,1/2,3,*,^,\"a\",[1]]",
        ),
        // Games alone keep the game order where it is one.
        ("min([1, 1/2, 3])", "1/2"),
        ("sort([*, 0, -1])", "[-1,0,*]"),
    ] {
        assert_eq!(run(&mut s, line), expected, "{line}");
    }
    let e = fails(&mut s, "min(*, 0)");
    assert!(e.contains("confused"), "{e}");
}

/// A ruleset whose moves never end (`d(n) = [n - 1]`) stops at a depth
/// limit with a message like a `def` without a base case (before, it ran to
/// the memory limit, 8.9 GB by default, and said to raise it).
#[test]
fn a_ruleset_that_descends_for_ever_is_stopped_at_a_depth_limit() {
    let mut s = Session::new();
    run(&mut s, "def d(n) = [n - 1]");
    run(&mut s, "D = ruleset(d, d)");
    let e = fails(&mut s, "value(D(3))");
    assert!(
        e.contains("the moves go more than 1000000 positions deep from D(3)")
            && e.contains("base case"),
        "{e}"
    );
    // The session goes on, and the same ruleset with an end is valued.
    run(&mut s, "def e(n) = [n - 1 for k in [1] if n > 0]");
    run(&mut s, "E = ruleset(e, e)");
    assert_eq!(run(&mut s, "value(E(3))"), "*");
}
