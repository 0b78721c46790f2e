"""Stoppers (games whose positions repeat) as Python games."""

import pytest

import cgt
from cgt import Game


def test_stoppers_are_games_with_the_order_of_stoppers():
    over = Game("over")
    assert isinstance(over, Game) and repr(over) == "over"
    assert over + 1 == Game("1over") == Game("{1|pass}")
    assert Game("on") > 1000 and Game("off") < -1000
    assert over > 0 and over < Game("1/1024")
    assert hash(Game("{0|pass}")) == hash(over)
    assert over.outcome == "L" and Game("+-over").outcome == "N"
    assert [repr(g) for g in Game("{pass|3/2}").left_options] == ["3/2under"]
    assert repr(-Game("upon")) == "v[on]"


def test_stoppers_show_as_latex():
    assert Game("+-{5|pass}")._repr_latex_() == "$\\pm (5\\mathrm{over})$"
    assert Game("upon")._repr_latex_() == "$\\uparrow^{[\\mathrm{on}]}$"


def test_a_sum_that_is_not_a_stopper_is_an_error():
    with pytest.raises(cgt.CgtError, match="not a stopper"):
        Game("on") + Game("off")
