"""What notebooks show: LaTeX for games, SVG for thermographs and trees,
HTML for tables."""

import cgt
from cgt import Game


def test_latex():
    assert Game("^^*")._repr_latex_() == "$\\Uparrow{\\ast}$"
    assert Game("{1|-1}")._repr_latex_() == "$\\pm 1$"


def test_thermograph_pictures():
    t = Game("{3||2|1}").thermograph
    assert repr(t) == "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])"
    assert t.mast == cgt.Game("9/4").number() and t.temperature == cgt.Game("3/4").number()
    svg = t._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert Game("{3||2|1}").plot_thermograph()._repr_svg_() == svg


def test_tree_pictures():
    svg = Game("{1|*}").plot_tree()._repr_svg_()
    assert svg.startswith("<svg") and "</svg>" in svg


def test_tables():
    t = cgt.eval("table([[n, {n|-n}] for n in 1..2])")
    assert isinstance(t, cgt.Table)
    assert t.rows == [[1, Game("+-1")], [2, Game("+-2")]]
    assert t._repr_html_() == "<table><tr><td>1</td><td>+-1</td></tr><tr><td>2</td><td>+-2</td></tr></table>"
    assert "\\begin{tabular}{ll}" in t._repr_latex_()
    assert repr(cgt.table([["G", "temperature"], [Game("{2|1}"), Game("{2|1}").temperature]])) == (
        "G      temperature\n{2|1}  1/2"
    )
