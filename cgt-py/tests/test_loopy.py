"""Stoppers (games whose positions repeat) as Python games."""

import pytest

import cgt
from cgt import Game


def test_stoppers_are_games_with_the_order_of_stoppers():
    over = Game("over")
    assert isinstance(over, Game) and str(over) == "over" and repr(over) == 'cgt.Game("over")'
    assert over + 1 == Game("1over") == Game("{1|pass}")
    assert Game("on") > 1000 and Game("off") < -1000
    assert over > 0 and over < Game("1/1024")
    assert hash(Game("{0|pass}")) == hash(over)
    assert over.outcome == "L" and Game("+-over").outcome == "N"
    assert [str(g) for g in Game("{pass|3/2}").left_options] == ["3/2under"]
    assert str(-Game("upon")) == "v[on]"


def test_stoppers_show_as_latex():
    assert Game("+-{5|pass}")._repr_latex_() == "$\\pm (5\\mathrm{over})$"
    assert Game("upon")._repr_latex_() == "$\\uparrow^{[\\mathrm{on}]}$"


def test_a_sum_that_is_not_a_stopper_is_a_sided_value():
    dud = Game("on") + Game("off")
    assert str(dud) == "dud" and dud == Game("{pass|pass}")
    assert dud.outcome == "D"
    g = Game("a{1||a|0}")
    assert str(g) == "2 & +-1" and g.kind == "sided value"
    assert cgt.onside(g) == 2 and str(cgt.offside(g)) == "+-1"
    assert g + 1 == Game("3 & 1+-1") and g <= 2 and not g >= 1
    with pytest.raises(cgt.CgtError, match="no stopper found for a side"):
        Game("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
