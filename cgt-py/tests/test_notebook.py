"""examples/notebook.ipynb runs top to bottom (its cells check the paper's
values) and shows its pictures and tables; its LaTeX compiles."""

import pathlib

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = pathlib.Path(__file__).parent.parent.parent / "examples" / "notebook.ipynb"


def test_the_notebook_runs(latex_compiles):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    kinds = set()
    for o in outputs:
        kinds.update(o.get("data", {}).keys())
    assert {"image/svg+xml", "text/html", "text/latex"} <= kinds
    # Its LaTeX compiles, infinity a symbol (not Python's 'inf').
    latex = [o["data"]["text/latex"] for o in outputs if "text/latex" in o.get("data", {})]
    assert "\\infty" in "".join(latex) and "'inf'" not in "".join(latex)
    latex_compiles(latex)
