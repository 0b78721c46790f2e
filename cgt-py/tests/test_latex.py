"""LaTeX for papers compiles: the REPL's `:format latex` (positions,
thermographs, strings, tables) and Python's tables go through a real
`pdflatex` (the notebook's LaTeX: test_notebook.py)."""

import cgt

# One line each, as the REPL prints them under `:format latex`.
LINES = [
    "{3||2|1} + ^^* + v3",
    "Tiny(2) + 1/2",
    "psn([3,3],[1,2])",
    "thermograph({3|-1})",
    'domineering("..|#.")',
    'toads_and_frogs("TT..F")',
    'clobber("xo.x|.ox.")',
    '"a_b#c & 100%"',
    'table([["G", "#moves", "w_1"], [^, 3, domineering("..")], [{2|1}, 1/2, psn([1],[1])]])',
    'move_table(domineering(2, 3) + toads_and_frogs("T.F"), Right)',
]


def repl_latex():
    s = cgt.Session()
    s.run(":format latex")
    out = []
    for line in LINES:
        text = s.run(line)
        # Tables are text; everything else is mathematics.
        out.append(text if text.startswith("\\begin{tabular}") else "$" + text + "$")
    return out


def test_the_repls_latex_compiles(latex_compiles):
    pieces = repl_latex()
    assert "\\mathrm{psn}([3,3],[1,2])" in pieces[2]
    assert pieces[3].startswith("$\\mathrm{Thermograph}(")
    assert pieces[4] == "$\\mathrm{domineering}(\\texttt{\"..|\\#.\"})$"
    latex_compiles(pieces)


def test_python_tables_compile(latex_compiles):
    t = cgt.table(
        [
            ["#", "thresholds", "value"],
            ["1", ("inf", 0), cgt.Game("{2|1}")],
            ["2", (cgt.Game(8), 0), cgt.psn([1, 2], [2, 1])],
        ]
    )
    latex = t._repr_latex_()
    assert "$(\\infty, 0)$" in latex and "\\#" in latex
    assert "'inf'" not in t._repr_html_()
    latex_compiles([latex])
