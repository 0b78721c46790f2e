//! CGScript's statements and operators in the language: `:=`, loops,
//! conditionals and blocks, `return`, `print`, `/` as exact division,
//! rationals, `min`/`max` of several values, the outcome classes as values,
//! built-in functions as values, sets, the commands (`help`, `:time`) and
//! modules. Each as a CGSuite user writes it, with the value CGSuite gives.

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
fn assignment_and_loops() {
    transcript(&[
        ("x := 3", "3"),
        ("x := x + 1; x", "4"),
        // A loop's value is nothing; it assigns the globals it names.
        ("s := 0", "0"),
        ("for k in 1..10 do s := s + k end", ""),
        ("s", "55"),
        ("t := 0; for k in 1..10 where k % 2 == 0 do t := t + k end; t", "30"),
        // `while` in the header stops the loop at the first false.
        ("u := []; for k in 1..10 while k * k < 30 do u := u + [k] end; u", "[1,2,3,4,5]"),
        ("down := []; for k from 10 to 1 by -3 do down := down + [k] end; down", "[10,7,4,1]"),
        ("w := []; for k from 1 to 3 do w := w + [k * k] end; w", "[1,4,9]"),
        ("n := 0; while n < 7 do n := n + 1 end; n", "7"),
        // break, continue, and a `do ... end` loop that only break ends.
        ("a := []; for k in 1..9 do if k == 3 then continue end; if k > 5 then break end; a := a + [k] end; a", "[1,2,4,5]"),
        ("b := 1; do b := 2 * b; if b > 100 then break end end; b", "128"),
        // Over strings, sets and lists of games.
        ("c := \"\"; for ch in \"abc\" do c := ch + c end; c", "\"cba\""),
        ("d := 0; for g in {*, *2, *} do d := d + g end; d", "*3"),
    ]);
    // A loop variable is the loop's own; it does not leak.
    let mut s = Session::new();
    run(&mut s, "for q in [1] do end");
    assert!(fails(&mut s, "q").contains("unknown variable `q`"));
    assert!(fails(&mut s, "for i from 1 to 3 by 0 do end").contains("must not be 0"));
    assert!(fails(&mut s, "while 1 do end").contains("must be true or false"));
    assert!(fails(&mut s, "break").contains("outside a loop"));
}

#[test]
fn conditionals_and_blocks_as_cgscript_writes_them() {
    let mut s = Session::new();
    for line in [
        "def sign(x) = if x > 0 then 1 elseif x < 0 then -1 else 0 end",
        "def classify(g) = begin\n  o := outcome_class(g)\n  if o == P then\n    return \"zero\"\n  elseif o == N then\n    return \"fuzzy\"\n  end\n  if o == L then \"positive\" else \"negative\" end\nend",
        "def fact(n) = begin\n  r := 1\n  for k from 2 to n do r := r * k end\n  r\nend",
    ] {
        run(&mut s, line);
    }
    assert_eq!(run(&mut s, "[sign(5), sign(-1/2), sign(0)]"), "[1,-1,0]");
    assert_eq!(
        run(
            &mut s,
            "[classify(0), classify(*), classify(1), classify(-1)]"
        ),
        "[\"zero\",\"fuzzy\",\"positive\",\"negative\"]"
    );
    assert_eq!(run(&mut s, "fact(20)"), "2432902008176640000");
    // CGSuite's `x := if y % 2 == 0 then 1 else -1 end`.
    assert_eq!(
        run(&mut s, "y := 7; x := if y % 2 == 0 then 1 else -1 end; x"),
        "-1"
    );
    // An `if` without `else` whose condition fails gives nothing.
    assert_eq!(run(&mut s, "if false then 1 end"), "");
    // Statements of a function are its own: assigning does not touch globals.
    run(&mut s, "r := 99");
    assert_eq!(run(&mut s, "fact(5)"), "120");
    assert_eq!(run(&mut s, "r"), "99");
    assert!(fails(&mut s, "return 1").contains("function's body"));
    assert!(fails(&mut s, "if 1 then 2 else 3").contains("must be true or false"));
}

#[test]
fn print_writes_before_the_value() {
    let mut s = Session::new();
    assert_eq!(run(&mut s, "print(\"value:\", ^ + ^)"), "value: ^^");
    assert_eq!(run(&mut s, "println(\"a\"); println(\"b\"); 3"), "a\nb\n3");
    assert_eq!(run(&mut s, "for k in 1..3 do print(k) end"), "123");
    // Through a sink, as the REPL and scripts print it, at once.
    let seen = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let into = seen.clone();
    s.set_output(Some(Box::new(move |t: &str| {
        into.lock().unwrap().push_str(t)
    })));
    assert_eq!(run(&mut s, "println(*2); 1"), "1");
    assert_eq!(*seen.lock().unwrap(), "*2\n");
}

#[test]
fn division_is_exact_and_rationals_are_not_games() {
    transcript(&[
        ("7 / 2", "7/2"),
        ("x = 3; (x + 1) / 4", "1"),
        ("1/2 / 3", "1/6"),
        ("1/3", "1/3"),
        ("1/3 + 1/6", "1/2"),
        ("2/6 == 1/3", "true"),
        ("1/3 < 1/2", "true"),
        ("-(2/3)", "-2/3"),
        ("(1/3) * 3", "1"),
        ("[1/3, 2/4]", "[1/3,1/2]"),
        ("sum([1/3, 1/3, 1/3])", "1"),
        ("9 div 2", "4"),
        ("-7 % 3", "2"),
    ]);
    let mut s = Session::new();
    for (input, says) in [
        ("{1/3|}", "1/3 is a rational number but not a dyadic one"),
        ("1/3 + ^", "is not a game"),
        ("^ / 2", "`/` divides numbers"),
        ("1 / 0", "division by zero"),
        ("1/3*", "not a game"),
        ("7 div (1/3)", "take integers or games"),
    ] {
        let e = fails(&mut s, input);
        assert!(e.contains(says), "{input}: {e}");
    }
}

#[test]
fn min_max_outcomes_builtins_and_sets() {
    transcript(&[
        ("min(2, 3)", "2"),
        ("max(2, 3, 7/2)", "7/2"),
        ("min([3, 1/2, 2])", "1/2"),
        ("max(^, 0, v)", "^"),
        ("min(\"b\", \"a\")", "\"a\""),
        ("outcome_class(0) == P", "true"),
        ("[outcome_class(g) for g in [1, -1, *, 0]]", "[L,R,N,P]"),
        ("outcome_class(^*) != N", "false"),
        // Built-in functions are values: stored, passed, called.
        ("f = left_stop", "left_stop(G)"),
        ("f({3|-1})", "3"),
        (
            "[g({3|-1}) for g in [left_stop, right_stop, mean]]",
            "[3,-1,1]",
        ),
        ("def take(n) = [n - k for k in [1, 2] if k <= n]", "take(n)"),
        ("S = ruleset(take, take, key = abs)", "S(position)"),
        ("[value(S(n)) for n in 0..5]", "[0,*,*2,0,*,*2]"),
        ("h = sort; h([3, 1, 2])", "[1,2,3]"),
        // Braces without a slash are a set: no duplicates, one order.
        ("{1, 2, 2}", "{1,2}"),
        ("{*, 0, *, '{|}'} == {0, *}", "true"),
        ("len({\"a\", \"b\", \"a\"})", "2"),
        ("{}", "{}"),
    ]);
    let mut s = Session::new();
    assert!(fails(&mut s, "outcome_class(0) == \"P\"").contains("write P"));
    assert!(fails(&mut s, "min(*, 0)").contains("confused"));
    run(&mut s, "def take(n) = [n - k for k in [1, 2] if k <= n]");
    assert!(fails(&mut s, "ruleset(take, take, key = 3)").contains("must be a function"));
    assert!(fails(&mut s, "ruleset(take, take, key = compare)").contains("takes one position"));
    // L, R, N, P may be bound again, with a note that names CGSuite's
    // spelling, which cannot be hidden (before, `N := 30` silently made a
    // count of N positions 0).
    run(&mut s, "N = 10");
    assert_eq!(run(&mut s, "N + 1"), "11");
    let note = &s.take_notes()[0];
    assert!(
        note.contains("the outcome class N (write OutcomeClass.N for it"),
        "{note}"
    );
    assert_eq!(
        run(
            &mut s,
            "count([outcome_class(G) for G in [0, *, 1, -1, ^*]], OutcomeClass.N)"
        ),
        "2"
    );
    assert_eq!(
        run(
            &mut s,
            "[OutcomeClass.L, OutcomeClass.R, OutcomeClass.P] == [L, R, P]"
        ),
        "true"
    );
    assert!(fails(&mut s, "OutcomeClass = 3").contains("reserved"));
    assert!(
        fails(&mut s, "OutcomeClass.X").contains("L, R, N, P, D, NHat, PHat, NCheck and PCheck")
    );
}

#[test]
fn help_and_time_are_commands_everywhere() {
    let mut s = Session::new();
    let topic = s.command("help thermography").unwrap().unwrap();
    assert!(topic.starts_with("thermography:"), "{topic}");
    assert!(
        topic.contains("  temperature(G) — The temperature"),
        "{topic}"
    );
    assert_eq!(topic.lines().count(), 16, "{topic}");
    let one = s.command("help max").unwrap().unwrap();
    assert!(
        one.contains("example:") && one.contains("=> [3,7/3]"),
        "{one}"
    );
    let all = s.command("help").unwrap().unwrap();
    assert!(all.contains("thermography: left_stop"), "{all}");
    assert!(s
        .command("help for")
        .unwrap()
        .unwrap()
        .contains("for x in L"));
    let timed = s
        .command(":time value(domineering(3, 3))")
        .unwrap()
        .unwrap();
    assert!(timed.starts_with("+-1\ntime "), "{timed}");
    run(&mut s, "def f(n) \"doubles\" = 2 * n");
    assert!(s.command("help f").unwrap().unwrap().contains("doubles"));
    assert!(s.command("x + 1").is_none());
}

#[test]
fn modules_keep_their_helpers_to_themselves() {
    let dir = std::env::temp_dir().join(format!("cgt-modules-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    std::fs::write(
        dir.join("lib/a.cgt"),
        "def _helper(n) = n + 1\ndef f(n) = _helper(n) * 2\nprint(\"loading a\")\n",
    )
    .unwrap();
    // b imports a by a path relative to b itself.
    std::fs::write(
        dir.join("lib/b.cgt"),
        "import \"a.cgt\" as a\ndef _helper(n) = n - 1\ndef g(n) = a.f(_helper(n))\n",
    )
    .unwrap();
    std::fs::write(dir.join("lib/c.cgt"), "import \"d.cgt\" as d\n").unwrap();
    std::fs::write(dir.join("lib/d.cgt"), "import \"c.cgt\" as c\n").unwrap();
    let lib = dir.join("lib");
    let lib = lib.display();
    let mut s = Session::new();
    // What the module prints is printed; its import says what it exports.
    let imported = run(&mut s, &format!("import \"{lib}/b.cgt\" as b"));
    assert!(imported.starts_with("loading a\nb: module"), "{imported}");
    // (b's own import of a is one of its names: `as _a` would keep it private.)
    assert!(imported.ends_with("(a, g)"), "{imported}");
    assert_eq!(run(&mut s, "b.g(5)"), "10");
    // Loaded again (also through another file): evaluated once.
    let again = run(&mut s, &format!("a = load(\"{lib}/a.cgt\")"));
    assert!(!again.contains("loading"), "{again}");
    assert_eq!(run(&mut s, "a.f(1)"), "4");
    assert!(fails(&mut s, "a._helper(1)").contains("private to module a"));
    assert!(fails(&mut s, "a.nothing").contains("has no `nothing`"));
    // Without `as`, the exported names themselves.
    run(&mut s, &format!("import \"{lib}/a.cgt\""));
    assert_eq!(run(&mut s, "f(2)"), "6");
    assert!(fails(&mut s, "_helper(1)").contains("unknown function"));
    // Files that import each other.
    assert!(fails(&mut s, &format!("import \"{lib}/c.cgt\"")).contains("import each other"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Updating assignments, integer powers and user errors (before: parse
/// errors, `pow(2, 3)` an error, `error` unknown): `x += e`, `-=`, `*=`,
/// `L[i] := e` (nested and compound too), `pow` of numbers, `error(...)`,
/// and errors that say what to write for `2^n` and `*n`.
#[test]
fn updates_powers_and_user_errors() {
    let mut s = Session::new();
    for (line, expected) in [
        ("x := 1; x += 2; x", "3"),
        ("x -= 5; x", "-2"),
        ("x *= 3; x", "-6"),
        ("g := ^; g += *; g", "^*"),
        ("L := [1, 2, 3]; L[0] := 7; L", "[7,2,3]"),
        ("L[-1] = 9; L", "[7,2,9]"),
        ("L[1] += 10; L", "[7,12,9]"),
        ("M := [[1, 2], [3, 4]]; M[1][0] := 0; M", "[[1,2],[0,4]]"),
        (
            "K := M; K[0][1] := 5; [K, M]",
            "[[[1,5],[0,4]],[[1,2],[0,4]]]",
        ),
        (
            "c := [0, 0, 0]; for k in 0..2 do c[k] += k * k end; c",
            "[0,1,4]",
        ),
        ("L[0] == 7", "true"),
        ("with_item([1, 2], 0, \"a\")", "[\"a\",2]"),
        ("pow(2, 10)", "1024"),
        ("pow(-3, 3)", "-27"),
        ("pow(2, -2)", "1/4"),
        ("pow(2/3, 2)", "4/9"),
        ("pow(-1, 99)", "-1"),
        ("pow(^, 2)", "^<2>"),
    ] {
        assert_eq!(run(&mut s, line), expected, "{line}");
    }
    assert!(fails(&mut s, "L[5] := 1").contains("index 5 is out of range for a list of length 3"));
    assert!(fails(&mut s, "t := \"ab\"; t[0] := \"c\"").contains("not a string's"));
    assert_eq!(
        fails(
            &mut s,
            "def f(n) = if n < 0 then error(\"n must be at least 0\") else n end; f(-1)"
        ),
        "in `f`: n must be at least 0"
    );
    let e = fails(&mut s, "n := 3; 2^n");
    assert!(
        e.contains("no power operator") && e.contains("pow(x, n)"),
        "{e}"
    );
    let e = fails(&mut s, "{0|*n}");
    assert!(e.contains("write *(n)"), "{e}");
    assert!(fails(&mut s, "pow(2, 1/2)").contains("integer exponent"));
    assert!(fails(&mut s, "pow(+-1, 3)").contains("{0|H}"));
}

/// "Did you mean" for swapped letters and for a word of a longer name
/// (before: `valeu` and `outcome` got no suggestion).
#[test]
fn unknown_names_get_suggestions() {
    let mut s = Session::new();
    for (line, hint) in [
        ("valeu(*)", "did you mean `value`?"),
        ("vaule(*)", "did you mean `value`?"),
        ("outcome(*)", "did you mean `outcome_class`?"),
        ("temprature(*)", "did you mean `temperature`?"),
        ("atomic(^)", "did you mean `atomic_weight`?"),
    ] {
        let e = fails(&mut s, line);
        assert!(e.contains(hint), "{line}: {e}");
    }
    assert!(!fails(&mut s, "xyz(1)").contains("did you mean"));
}
