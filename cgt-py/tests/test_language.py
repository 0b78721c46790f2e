"""The language's statements, operators and modules through ``cgt.eval``
and ``Session.run``: what a CGSuite user types works from Python too."""

import warnings
import math
import numbers
from fractions import Fraction

import pytest

import cgt
from cgt import Game


def test_assignment_loops_and_conditionals():
    s = cgt.Session()
    assert s.eval("x := 3") == 3
    assert s.eval("s := 0; for k in 1..10 where k % 2 == 0 do s := s + k end; s") == 30
    assert s.eval("n := 0; while n < 5 do n := n + 1 end; n") == 5
    s.run("def sign(x) = if x > 0 then 1 elseif x < 0 then -1 else 0 end")
    assert s.eval("[sign(3), sign(-1/2), sign(0)]") == [1, -1, 0]
    s.run("def fact(n) = begin\n r := 1\n for k from 2 to n do r := r * k end\n return r\nend")
    assert s.eval("fact(10)") == 3628800
    # A loop's value is nothing.
    assert s.eval("for k in 1..2 do end") is None


def test_print_goes_to_stdout(capsys):
    assert cgt.eval('print("value:", ^ + ^); 3') == 3
    assert capsys.readouterr().out == "value: ^^"


def test_division_and_rationals():
    assert cgt.eval("7 / 2") == Fraction(7, 2)
    assert cgt.eval("1/3") == Fraction(1, 3)
    assert cgt.eval("1/3 + 1/6") == Fraction(1, 2)
    with pytest.raises(cgt.CgtError, match="not a game"):
        cgt.eval("{1/3|}")


def test_min_max_outcomes_builtins_and_sets():
    assert cgt.eval("min(2, 3)") == 2
    assert cgt.eval("max(1/2, 1/4, 0)") == Fraction(1, 2)
    assert cgt.eval("outcome_class(0) == P") is True
    assert cgt.eval("[g({3|-1}) for g in [left_stop, right_stop]]") == [3, -1]
    assert cgt.eval("{1, 2, 2}") == frozenset({Game(1), Game(2)})
    with pytest.raises(cgt.CgtError, match="write P"):
        cgt.eval('outcome_class(0) == "P"')


def test_help_and_time_in_eval_and_run():
    assert cgt.eval("help thermography").startswith("thermography:")
    assert "example:" in cgt.run("help max")
    assert cgt.run(":time 1 + 1").startswith("2\ntime ")


def test_redefinitions_are_noted_and_lexical():
    s = cgt.Session()
    s.run("c = 1")
    s.run("def f(n) = n + c")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        s.run("c = 5")
        s.run("def value(g) = 0")
    notes = [str(w.message) for w in caught if issubclass(w.category, cgt.Note)]
    assert notes[0] == "`c` bound again; f (defined before) keeps the earlier one"
    assert "the built-in value(G) is hidden" in notes[1]
    assert s.eval("f(1)") == 2


def test_modules(tmp_path):
    (tmp_path / "m.cgt").write_text("def _h(n) = n + 1\ndef f(n) = 2 * _h(n)\n")
    s = cgt.Session()
    s.run(f'import "{tmp_path}/m.cgt" as m')
    assert s.eval("m.f(1)") == 4
    with pytest.raises(cgt.CgtError, match="private"):
        s.eval("m._h(1)")
    assert s.eval(f'load("{tmp_path}/m.cgt") == m') is True
    assert s.eval("[m.f(k) for k in 0..2]") == [2, 4, 6]
    assert Game("{m.f(1)|}", session=s) == Game(5)


def test_maps_are_dicts_and_functions_are_values():
    s = cgt.Session()
    m = s.eval('{1 => "one", ^ + * => "up star", [1, 2] => 3}')
    assert m == {1: "one", Game("^*"): "up star", (1, 2): 3}
    # A dict goes in as a map; a tuple key is a list there.
    assert s.eval("m[^*]", m={Game("^*"): 5}) == 5
    assert s.eval("m[[1, 2]]", m={(1, 2): "pair"}) == "pair"
    assert s.eval("keys(m)", m={"a": 1, "b": 2}) == ["a", "b"]
    # Functions made by code, called from the language.
    inc = s.eval("x => x + 1")
    assert s.eval("f(41)", f=inc) == 42
    s.run("def crumble(k) = ruleset(left = n => [n - j for j in 1..k if j <= n], right = n => [n - j for j in 2..k if j <= n])")
    assert s.eval("value(crumble(2)(5))") == Game("1^")


def test_one_type_for_numbers():
    # Properties, CGSuite's names and cgt.eval give one type, Number: a game
    # and a numbers.Rational, equal and hash-equal to its Fraction.
    g = Game("{3|-1}")
    asked = [g.temperature, g.Temperature, cgt.eval("temperature(g)", g=g),
             g.thermograph.temperature, cgt.temperature(g)]
    assert all(type(t) is cgt.Number for t in asked), [type(t) for t in asked]
    assert all(t == Fraction(2) and hash(t) == hash(2) for t in asked)
    assert len(set(asked) | {Fraction(2), 2}) == 1
    for x in (g.mean, g.left_stop, g.right_stop, g.birthday, Game("3/4"), cgt.eval("1/2 + 1")):
        assert type(x) is cgt.Number and isinstance(x, (Game, numbers.Rational)), x
    assert hash(Game("3/4")) == hash(Fraction(3, 4))
    # A position whose value is a number hashes as that number.
    assert hash(cgt.domineering(1, 2)) == hash(-1) and cgt.domineering(1, 2) == -1
    assert type(cgt.domineering(1, 2)) is Game
    # Both a game and a rational.
    t = Game("{3||2|1}").temperature
    assert (t.numerator, t.denominator) == (3, 4) and Fraction(t) == Fraction(3, 4)
    assert str(t + cgt.up) == "3/4^" and str(t.cool(1)) == "3/4"
    assert t / 3 == Fraction(1, 4) and type(t / 3) is cgt.Number
    assert t / 7 == Fraction(3, 28) and type(t / 7) is Fraction  # not dyadic
    assert type(t * t) is cgt.Number and t * t == Fraction(9, 16)
    assert 1 - t == Fraction(1, 4) and type(Fraction(1, 4) + t) is cgt.Number
    assert (Game(7) // 2, Game(7) % 2, Game(2) ** 3, 2 ** Game(3)) == (3, 1, 8, 8)
    assert (math.floor(Game("7/2")), math.ceil(Game("7/2")), round(Game("5/2")), int(Game("-7/2"))) == (3, 4, 2, -3)
    assert list(range(Game(3))) == [0, 1, 2] and str(Game(2) * cgt.up) == "^^"
    assert sorted([Game(3), Fraction(1, 2), 1]) == [Fraction(1, 2), 1, 3]
    assert not Game(0) and Game("1/2") and abs(Game(-3)) == 3
    assert Game(Fraction(1, 2)) < 1 < Game(2) and Game("1/2") > cgt.up
    with pytest.raises(TypeError):
        range(Game("1/2"))
    with pytest.raises(ValueError, match="not a number"):
        cgt.Number("^")
    assert type(cgt.Number("1/2")) is cgt.Number
    # A rational that is not dyadic goes to the language as its rational.
    assert cgt.eval("x + 1", x=Fraction(1, 3)) == Fraction(4, 3)
    assert cgt.eval("t / 3", t=Fraction(1, 3)) == Fraction(1, 9)
