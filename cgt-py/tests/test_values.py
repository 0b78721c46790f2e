"""Values, operators and analysis through the bindings, checked against
published values and against the cgt language itself."""

from fractions import Fraction

import pytest

import cgt
from cgt import Game


def test_construction_and_printing():
    assert str(Game("{3||2|1}")) == "{3||2|1}"
    # repr pastes back.
    assert repr(Game("{3||2|1}")) == 'cgt.Game("{3||2|1}")'
    assert eval(repr(Game("{3||2|1}")), {"cgt": cgt}) == Game("{3||2|1}")
    assert str(Game(5)) == "5"
    assert str(Game(Fraction(-5, 4))) == "-5/4"
    assert str(Game(10**40)) == str(10**40)
    assert str(cgt.up + cgt.star) == "^*"
    assert str(cgt.nimber(3) + cgt.star) == "*2"
    assert str(Game.of([0], [cgt.star])) == "^"
    assert str(Game.of([1], [Game("{0|-1}")])) == "{1||0|-1}"
    assert Game.of([], []) == 0
    # Options as text, as Game reads them.
    assert Game.of(["{3|2}"], ["0", -1]) == Game("{{3|2}|0,-1}")
    assert str(Game.of(["^"], ["*"])) == "^[2]"  # {0|*||*}


def test_numbers_are_exact_and_dyadic():
    assert Game(Fraction(3, 4)).number() == Fraction(3, 4)
    assert (Game(10**30) + Game(Fraction(1, 2**70))).number() == 10**30 + Fraction(1, 2**70)
    with pytest.raises(ValueError, match="dyadic"):
        Game(Fraction(1, 3))
    with pytest.raises(TypeError, match="exact"):
        Game(0.5)
    with pytest.raises(ValueError, match="not a number"):
        cgt.star.number()


def test_operators_have_cgsuite_meanings():
    g = Game("{3||2|1}")
    assert g - g == 0
    assert g + (-g) == 0
    assert 1 + g == g + 1 == Game("{4||3|2}")
    assert 3 * cgt.up == Game("^^^") == cgt.up * 3
    assert cgt.up > 0 and cgt.up >= 0 and not cgt.up < 0
    assert cgt.down < 0 <= cgt.up
    assert not (cgt.star > 0) and not (cgt.star < 0) and cgt.star != 0
    assert cgt.star.confused_with(0) and not cgt.up.confused_with(0)
    assert Game("{1|-1}").compare(0) == "||"
    assert Game(1).compare(cgt.up) == ">"
    with pytest.raises(TypeError):
        bool(cgt.star)


def test_hash_is_value_equality():
    a = Game("{0,*|0,*}")
    b = cgt.Game("*2")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, cgt.nimber(2), Game("*2") + 0}) == 1
    # A position hashes as its value.
    d = cgt.domineering(2, 2)
    assert d == Game("+-1") and hash(d) == hash(Game("+-1"))


def test_analysis_with_python_types():
    g = Game("{3||2|1}")
    assert g.temperature == Fraction(3, 4)
    assert g.mean == Fraction(9, 4)
    assert g.left_stop == 3 and g.right_stop == 2
    assert g.outcome == "L"
    assert g.birthday == 4
    assert g.left_options == [Game(3)]
    assert g.right_options == [Game("{2|1}")]
    assert Game("{1|-1}").temperature == 1
    assert Game(3).temperature == -1  # CGSuite's convention for integers
    assert cgt.up.atomic_weight == 1
    assert Game("{2|1}").cool(1) == Game(Fraction(3, 2))
    assert Game("{2|1}").heat(1) == Game("{3|0}")
    assert Game("^").is_number is False and Game(2).is_number is True


def test_cgsuite_names():
    g = Game("{3||2|1}")
    assert g.Temperature == Game(Fraction(3, 4))
    assert g.LeftStop == 3
    assert cgt.up.AtomicWeight == 1
    assert Game("{2|1}").Cool(1) == Game(Fraction(3, 2))
    assert g.CanonicalForm == g
    with pytest.raises(AttributeError):
        g.no_such_function


def test_not_atomic_raises():
    with pytest.raises(cgt.CgtError, match="not atomic"):
        Game("{1|-1}").atomic_weight


def test_rulesets_as_module_functions():
    # Published values: Domineering 4x5 = 1, 2x2 = +-1; Winning Ways' Toads-and-Frogs TT.FF = *.
    assert cgt.domineering(4, 5).value == 1
    assert cgt.domineering(2, 2).value == Game("+-1")
    assert cgt.toads_and_frogs("TT.FF").value == cgt.star
    p = cgt.psn([1, 2], [2, 1])
    assert str(p).startswith("psn(")
    assert p.value == cgt.eval("value(psn([1, 2], [2, 1]))")
    assert cgt.outcome_class(cgt.clobber("xo")) == "N"
    assert "domineering" in dir(cgt)


def test_language_eval_and_sessions():
    assert cgt.eval("1 + 1") == 2
    assert cgt.eval("[x * ^ for x in 0..2]") == [0, cgt.up, 2 * cgt.up]
    assert cgt.eval("g + 1", g=cgt.star) == Game("1*")
    s = cgt.Session()
    assert s.run("def f(n) = if n == 0 then 0 else {f(n - 1) | }") == "f(n)"
    assert s.eval("f(5)") == 5
    s["x"] = Game("{2|1}")
    assert s.run("x + x") == "3"
    assert "x" in s and s["x"] == Game("{2|1}")
    # A game of one session used in another is carried over by value.
    assert s.eval("y + 1", y=cgt.up) == Game("1^")
    assert cgt.up + s["x"] == Game("{2|1}") + cgt.up
    s.style = "unicode"
    assert s.run("^ + ^ + *") == "⇑⋆"
    with pytest.raises(cgt.CgtError):
        s.style = "fancy"


def test_errors_carry_the_caret():
    with pytest.raises(cgt.CgtError) as e:
        cgt.eval("{1|2}|")
    assert str(e.value) == "unexpected `|` (column 6)\n  {1|2}|\n       ^"
    with pytest.raises(cgt.CgtError, match="unknown function `frobnicate`"):
        cgt.eval("frobnicate(1)")
    # The session is still usable.
    assert cgt.eval("2 + 2") == 4


def _subtraction(n):
    return [n - k for k in (1, 2) if k <= n]


def test_rulesets_from_python_functions():
    # Subtraction game {1, 2} for both players: nim-values n mod 3.
    sub = cgt.Ruleset(left=_subtraction, right=_subtraction)
    assert [sub(n) for n in range(7)] == [cgt.nimber(n % 3) for n in range(7)]
    # Toads-and-Frogs in Python against the built-in ruleset.
    def toads_left(s):
        out = []
        for i, c in enumerate(s):
            if c == "T" and i + 1 < len(s) and s[i + 1] == ".":
                out.append(s[:i] + ".T" + s[i + 2:])
            if c == "T" and i + 2 < len(s) and s[i + 1] == "F" and s[i + 2] == ".":
                out.append(s[:i] + ".FT" + s[i + 3:])
        return out

    def toads_right(s):
        mirrored = s[::-1].translate(str.maketrans("TF", "FT"))
        return [t[::-1].translate(str.maketrans("TF", "FT")) for t in toads_left(mirrored)]

    tf = cgt.Ruleset(left=toads_left, right=toads_right)
    for s in ["TT.FF", "T.F", "TTT..FF", "T..TF.F", "TF.TF.."]:
        assert tf(s) == cgt.toads_and_frogs(s).value, s
    # Components add.
    split = cgt.Ruleset(left=toads_left, right=toads_right, components=lambda s: s.split("|"))
    assert split("T.F|TT.FF") == cgt.star + cgt.star == 0
    assert split("T.F|T.F|TT.FF") == cgt.star


def test_positions_that_repeat_are_loopy_and_short_value_names_the_cycle():
    # Left can move round the cycle for ever, Right cannot move: on.
    loop = cgt.Ruleset(left=lambda n: [(n + 1) % 3], right=lambda n: [])
    assert loop(0) == cgt.eval("on")
    assert str(loop(0)) == "on"
    # {0 | pass} is over.
    over = cgt.Ruleset(left=lambda n: [0] if n == 1 else [], right=lambda n: [1] if n == 1 else [])
    assert over(1) == cgt.eval("over")
    with pytest.raises(cgt.CgtError, match=r"reach itself.*ruleset\(0\) -> ruleset\(1\) -> ruleset\(2\) -> ruleset\(0\)"):
        loop._run("short_value(r(p))", 0)


def test_python_rulesets_take_the_languages_options():
    # Toads-and-Frogs with the key of the built-in ruleset: empty squares
    # beyond the last piece a player could use are trimmed, and a strip
    # read backwards with the pieces exchanged is the negative game.
    def toads(s):
        return [s[:i] + ".T" + s[i + 2:] for i in range(len(s) - 1) if s[i:i + 2] == "T."] + [
            s[:i] + ".FT" + s[i + 3:] for i in range(len(s) - 2) if s[i:i + 3] == "TF."]

    def frogs(s):
        return [s[:i] + "F." + s[i + 2:] for i in range(len(s) - 1) if s[i:i + 2] == ".F"] + [
            s[:i] + "FT." + s[i + 3:] for i in range(len(s) - 2) if s[i:i + 3] == ".TF"]

    def trimmed(s):
        t = s if "F" in s else s.lstrip(".")
        return t if "T" in t else t.rstrip(".")

    def signed_key(s):
        a, b = trimmed(s), trimmed(s[::-1].translate(str.maketrans("TF", "FT")))
        return (a, False) if a <= b else (b, True)

    plain = cgt.Ruleset(toads, frogs, name="TF")
    keyed = cgt.Ruleset(toads, frogs, signed_key=signed_key, name="TF")
    for s in ["TT.FF", "TTT..FF", "T..TF.F", "TF.TF..", "TTT...FFF", "..T.F.."]:
        assert keyed(s) == plain(s) == cgt.toads_and_frogs(s).value, s
    # Positions are ruleset positions too: their options print with the name.
    assert str(keyed.position("T.F").left_options[0]) == 'TF(".TF")'
    # Tuples as positions: Nim heaps, sorted as the key, one function for
    # both players (impartial).
    def nim(heaps):
        return [tuple(sorted(heaps[:i] + (k,) + heaps[i + 1:])) for i, h in enumerate(heaps) for k in range(h)]

    heaps = cgt.Ruleset(nim, nim, key=lambda h: tuple(sorted(h)))
    assert heaps((1, 2, 3)) == 0
    assert heaps((2, 5)) == cgt.nimber(7)
    # Integers as positions, components splitting a heap into two.
    split = cgt.Ruleset(lambda n: [], lambda n: [n - 1] if n > 0 else [],
                        components=lambda n: [n // 2, n - n // 2] if n > 1 else [n])
    assert split(7) == -7


def test_an_exception_in_a_python_rule_is_raised_as_itself():
    def left(n):
        if n == 3:
            raise KeyError("no rule for 3")
        return [n - 1] if n > 0 else []

    bad = cgt.Ruleset(left, lambda n: [])
    with pytest.raises(KeyError, match="no rule for 3"):
        bad(5)
    # The session goes on.
    assert bad(2) == 2
    with pytest.raises(cgt.CgtError, match="a position is a str, an int"):
        cgt.Ruleset(lambda n: [1.5], lambda n: [])(0)


def test_deep_games():
    # A chain of 5,000 positions, valued with an explicit stack.
    chain = cgt.Ruleset(left=lambda n: [n - 1] if n > 0 else [], right=lambda n: [])
    assert chain(5000) == 5000
    assert cgt.eval("value(sum([{n|} for n in 0..200]))") == sum(range(1, 202))


def test_one_rule_for_properties_and_methods():
    # A function of the game alone is a property, as CGSuite's G.Temperature;
    # one with more arguments is a method.
    g = Game("{3||2|1}")
    assert g.thermograph.temperature == Fraction(3, 4)
    assert g.value == g.canonical == g.CanonicalForm == g
    assert cgt.up.atomic_weight == cgt.up.AtomicWeight == 1
    assert g.left_incentives == g.LeftIncentives
    assert g.cool(1) == g.Cool(1)
    assert cgt.domineering(2, 2).value == Game("+-1")
    # Old code that calls a property is told why it fails.
    with pytest.raises(TypeError, match="properties"):
        g.value()
    with pytest.raises(TypeError):
        g.temperature()


def test_a_key_that_lies_is_caught_with_check_keys_on():
    # Left removes an x, Right an o; the key counts the pieces only, so it
    # gives "x." (1) and "o." (-1) one node.
    def left(s):
        return [s[:k] + "." + s[k + 1:] for k in range(len(s)) if s[k] == "x"]

    def right(s):
        return [s[:k] + "." + s[k + 1:] for k in range(len(s)) if s[k] == "o"]

    session = cgt.Session()
    session.run(":set check_keys on")
    liar = cgt.Ruleset(left, right, key=lambda s: len(s.replace(".", "")), session=session)
    with pytest.raises(cgt.CgtError, match="the key lies"):
        liar("x.o.x")
    honest = cgt.Ruleset(left, right, key=lambda s: "".join(sorted(s)), session=session)
    assert honest("x.o.x") == 1


def test_module_functions_have_their_signatures_and_aliases_their_types():
    import inspect

    # Before: every module function showed (session, name, args).
    assert str(inspect.signature(cgt.cool)) == "(G, t, /, *, session=None)"
    assert str(inspect.signature(cgt.check_keys)) == "(R, p, n=None, /, *, session=None)"
    sig = inspect.signature(cgt.ruleset)
    assert sig.parameters["key"].kind == inspect.Parameter.KEYWORD_ONLY
    assert list(inspect.signature(cgt.octal).parameters)[:2] == ["code", "heaps"]
    # Several forms: any arguments.
    assert "args" in inspect.signature(cgt.domineering).parameters
    assert cgt.domineering("../..").value == Game("+-1")
    with pytest.raises(TypeError, match="missing a required argument"):
        cgt.cool(Game("{3|-3}"))
    # CGSuite's names of properties give the properties' types.
    g = Game("{3||2|1}")
    assert type(g.LeftOptions) is list and g.LeftOptions == g.left_options
    assert g.Temperature == g.temperature == Fraction(3, 4)
