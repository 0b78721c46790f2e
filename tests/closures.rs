//! Functions as values and maps (issue 40, finding 5): anonymous functions
//! `x => ...` and `def`s nested in a block, which capture the names around
//! them; calls of computed functions `f(a)(b)`; rulesets with parameters,
//! each argument with its own ruleset and memo; maps `{k => v}` with their
//! operations. Values are checked against the built-in rulesets where one
//! computes the same game.

use cgt_lang::Session;

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
fn anonymous_functions_and_calls_of_values() {
    transcript(&[
        ("inc := x => x + 1", "(x) => ..."),
        ("inc(^)", "1^"),
        ("add := (a, b) => a + b", "(a, b) => ..."),
        ("add(*, *2)", "*3"),
        ("(() => 42)()", "42"),
        ("(x => y => x + y)(1)(2)", "3"),
        ("[(x => x * 2)(y) for y in 1..3]", "[2,4,6]"),
        ("fs := [x => x + 1, x => x * 3]", "[(x) => ...,(x) => ...]"),
        ("fs[1](5)", "15"),
        ("map(n => n * n, 1..4)", "[1,4,9,16]"),
        ("filter(n => n mod 2 == 0, 1..6)", "[2,4,6]"),
        ("reduce((a, b) => a + b, [*, *2, *3], 0)", "0"),
        // Sorted by a key, the elements kept as they are (positions too).
        (
            "sort([\"ccc\", \"a\", \"bb\"], s => len(s))",
            "[\"a\",\"bb\",\"ccc\"]",
        ),
        (
            "sort([domineering(2, 2), domineering(1, 3)], p => value(p))",
            "[domineering(\"...\"),domineering(\"..|..\")]",
        ),
        ("def twice(f, x) = f(f(x))", "twice(f, x)"),
        ("twice(x => x * 3, 2)", "18"),
        ("twice(value, 1)", "1"),
        // `->` stays the sequential compound of games.
        ("G := ^", "^"),
        ("(G -> *) == (^ -> *)", "true"),
        ("H := {1|-1}", "+-1"),
        ("(H -> ^) == ({1|-1} -> ^)", "true"),
    ]);
}

/// A function sees the values of the names around it when it is made; a
/// later binding of the name (at the top level, or the loop's next round)
/// does not change it.
#[test]
fn functions_capture_the_values_around_them() {
    transcript(&[
        ("k := 5", "5"),
        ("g := n => n + k", "(n) => ..."),
        ("k := 7", "7"),
        ("g(1)", "6"),
        ("def adder(k) = x => x + k", "adder(k)"),
        ("a3 := adder(3)", "(x) => ..."),
        ("a4 := adder(4)", "(x) => ..."),
        ("[a3(1), a4(1), a3(10)]", "[4,5,13]"),
        ("def shifts(n) = [x => x + i for i in 1..n]", "shifts(n)"),
        ("[f(10) for f in shifts(3)]", "[11,12,13]"),
        // Through two levels of nesting.
        ("def outer(a) = b => c => a * 100 + b * 10 + c", "outer(a)"),
        ("outer(1)(2)(3)", "123"),
    ]);
}

/// A `def` inside a block is a local function: it sees the block's names,
/// its own name means itself (so it recurses, memoised), and it does not
/// leak out of the function it is defined in.
#[test]
fn nested_definitions() {
    let mut s = Session::new();
    run(
        &mut s,
        "def fib_plus(k, n) = begin\n  def fib(m) = if m < 2 then m + k else fib(m - 1) + fib(m - 2)\n  fib(n)\nend",
    );
    // Exponential without the memo of the nested function.
    assert_eq!(run(&mut s, "fib_plus(0, 90)"), "2880067194370816120");
    assert_eq!(run(&mut s, "fib_plus(1, 10)"), "144");
    // Assignments in a nested function are its own locals.
    run(
        &mut s,
        "def f(n) = begin\n  total := 0\n  def bump(x) = begin total := x * 2; total end\n  [bump(n), total]\nend",
    );
    assert_eq!(run(&mut s, "f(5)"), "[10,0]");
    let e = fails(&mut s, "fib(3)");
    assert!(e.contains("unknown function `fib`"), "{e}");
    // In a block of the top level, a nested def binds a global.
    run(&mut s, "for i in 1..1 do def h(x) = x + i end");
    assert_eq!(run(&mut s, "h(1)"), "2");
}

/// A ruleset with a parameter: each k has its own ruleset (the same one
/// for the same k, with its memo), and the values are those of the
/// built-in partizan subtraction game with the same sets.
#[test]
fn parametrised_rulesets_keep_each_parameter_apart() {
    let mut s = Session::new();
    run(
        &mut s,
        "def crumble(k) = ruleset(left = n => [n - j for j in 1..k if j <= n], right = n => [n - j for j in 2..k if j <= n])",
    );
    for k in 2..=4 {
        let right: Vec<String> = (2..=k).map(|j| j.to_string()).collect();
        let left: Vec<String> = (1..=k).map(|j| j.to_string()).collect();
        for n in 0..14 {
            let ours = run(&mut s, &format!("value(crumble({k})({n}))"));
            let theirs = run(
                &mut s,
                &format!(
                    "value(partizan_subtraction([{}], [{}], [{n}]))",
                    left.join(","),
                    right.join(",")
                ),
            );
            assert_eq!(ours, theirs, "k = {k}, n = {n}");
        }
    }
    // Parameters 2 and 3 give different games for the same heap.
    assert_eq!(run(&mut s, "value(crumble(2)(5))"), "1^");
    assert_eq!(run(&mut s, "value(crumble(3)(5))"), "1");
    assert_eq!(run(&mut s, "crumble(2) == crumble(2)"), "true");
    assert_eq!(run(&mut s, "crumble(2) == crumble(3)"), "false");
    // Named by the call that made it, so that its positions print as they
    // read back, whatever variable holds them.
    run(&mut s, "C5 := crumble(5)");
    assert_eq!(
        run(&mut s, "left_options(C5(2))"),
        "[crumble(5)(1),crumble(5)(0)]"
    );
    assert_eq!(run(&mut s, "p := crumble(2)(5)"), "crumble(2)(5)");
    assert_eq!(
        run(&mut s, "left_options(p)"),
        "[crumble(2)(4),crumble(2)(3)]"
    );
    assert_eq!(run(&mut s, "crumble(2)(4) == left_options(p)[0]"), "true");
    run(&mut s, "def cut(s, k) = ruleset(n => [], n => [])");
    assert_eq!(run(&mut s, "cut(\"a|b\", 2)(1)"), "cut(\"a|b\", 2)(1)");
    // A ruleset made at the top level takes the variable's name; one made
    // by an anonymous function is a ruleset.
    run(&mut s, "Q := ruleset(n => [], n => [])");
    assert_eq!(run(&mut s, "Q(1)"), "Q(1)");
    run(&mut s, "f := k => ruleset(n => [], n => [])");
    assert_eq!(run(&mut s, "f(1)(2)"), "ruleset(2)");
}

#[test]
fn maps() {
    transcript(&[
        (
            "m := {1 => \"one\", * => \"star\", \"a\" => [1, 2]}",
            "{1 => \"one\", * => \"star\", \"a\" => [1,2]}",
        ),
        ("m[*]", "\"star\""),
        ("m[{0|0}]", "\"star\""),
        ("m[\"a\"][1]", "2"),
        ("{=>}", "{=>}"),
        ("len(m)", "3"),
        (
            "m[2] := \"two\"",
            "{1 => \"one\", * => \"star\", \"a\" => [1,2], 2 => \"two\"}",
        ),
        ("keys(m)", "[1,*,\"a\",2]"),
        ("m.Keys", "[1,*,\"a\",2]"),
        ("values({1 => ^, 2 => v})", "[^,v]"),
        ("entries({1 => ^})", "[[1,^]]"),
        (
            "to_map([[n, n * n] for n in 1..3])",
            "{1 => 1, 2 => 4, 3 => 9}",
        ),
        ("get(m, 9, \"none\")", "\"none\""),
        ("contains_key(m, 2)", "true"),
        ("m.ContainsKey(3)", "false"),
        ("contains(m, *)", "true"),
        ("without_key({1 => 2, 3 => 4}, 1)", "{3 => 4}"),
        // A sum of games is the key of its value.
        ("contains_key({^ + * => 1}, ^*)", "true"),
        // Lists as keys, element by element.
        (
            "t := {[1, 2] => \"a\", [2, 1] => \"b\"}",
            "{[1,2] => \"a\", [2,1] => \"b\"}",
        ),
        ("t[[2, 1]]", "\"b\""),
        // Equal maps have the same entries in any order.
        ("{1 => 2, 3 => 4} == {3 => 4, 1 => 2}", "true"),
        ("{1 => 2} == {1 => 3}", "false"),
        ("total := 0", "0"),
        ("for k in {1 => 10, 2 => 20} do total += k end", ""),
        ("total", "3"),
        ("count := {=>}", "{=>}"),
        (
            "for c in [\"L\", \"R\", \"L\"] do count[c] := get(count, c, 0) + 1 end",
            "",
        ),
        ("count", "{\"L\" => 2, \"R\" => 1}"),
    ]);
}

#[test]
fn mistakes_are_reported_where_they_are() {
    let mut s = Session::new();
    run(&mut s, "m := {1 => 2}");
    let e = s.run_line("m[5]").unwrap_err();
    assert!(e.message.contains("the map has no key 5"), "{}", e.message);
    assert!(e.has_span && e.start == 2, "{}", e.start);
    let e = s.run_line("{1 => 2, 3}").unwrap_err();
    assert!(
        e.message
            .contains("every element of a map is `key => value`"),
        "{}",
        e.message
    );
    assert!(e.has_span && e.start == 9, "{}", e.start);
    let e = fails(&mut s, "{1 => 2 | 3}");
    assert!(e.contains("not an option of a game"), "{e}");
    let e = fails(&mut s, "(x => x)(1, 2)");
    assert!(e.contains("takes 1 argument"), "{e}");
    let e = fails(&mut s, "map(3, [1])");
    assert!(e.contains("expected a function"), "{e}");
    let e = fails(&mut s, "filter(x => x, [1])");
    assert!(e.contains("must give true or false"), "{e}");
    // The session goes on.
    assert_eq!(run(&mut s, "m[1]"), "2");
}
