"""The language's statements, operators and modules through ``cgt.eval``
and ``Session.run``: what a CGSuite user types works from Python too."""

import warnings
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


def test_a_number_hashes_as_its_fraction():
    g = Game("{3|-1}")
    t = g.temperature
    assert t == cgt.eval("temperature(g)", g=g) == Fraction(2)
    assert len({t, cgt.eval("temperature(g)", g=g)}) == 1
    assert hash(Game("3/4")) == hash(Fraction(3, 4))
