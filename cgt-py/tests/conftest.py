"""Shared fixtures: compiling LaTeX with a real pdflatex. CI installs it
(texlive-latex-base); elsewhere tests that need it are skipped without it."""

import os
import shutil
import subprocess

import pytest


def pdflatex():
    exe = shutil.which("pdflatex")
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("pdflatex is missing: .ci/run installs texlive-latex-base")
        pytest.skip("pdflatex is not installed")
    return exe


@pytest.fixture
def latex_compiles(tmp_path):
    """A function compiling pieces of LaTeX (paragraphs) into one document;
    it fails with the document and the log's end."""

    def compiles(pieces):
        body = "\n\n".join(pieces)
        doc = "\\documentclass{article}\n\\begin{document}\n" + body + "\n\\end{document}\n"
        (tmp_path / "t.tex").write_text(doc)
        r = subprocess.run(
            [pdflatex(), "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert r.returncode == 0, doc + "\n" + r.stdout[-3000:]

    return compiles
