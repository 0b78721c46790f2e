"""The type stubs list every function of the language and are up to date."""

import ast
import pathlib
import sys

import cgt

HERE = pathlib.Path(__file__).parent.parent
sys.path.insert(0, str(HERE))

import stubgen  # noqa: E402


def test_stub_is_python():
    ast.parse(stubgen.STUB.read_text(encoding="utf-8"))


def test_stub_is_up_to_date():
    assert stubgen.STUB.read_text(encoding="utf-8") == stubgen.stub(), (
        "run python cgt-py/stubgen.py"
    )


def test_every_function_is_in_the_stub_and_callable():
    text = stubgen.STUB.read_text(encoding="utf-8")
    for name, entry in cgt.FUNCTIONS.items():
        if name in ("true", "false") or name in cgt.__all__:
            continue
        assert f"\ndef {name}(" in text, name
        f = getattr(cgt, name)
        assert f.__doc__.startswith(entry[0]), name


def test_every_public_name_is_in_the_stub():
    text = stubgen.STUB.read_text(encoding="utf-8")
    for name in cgt.__all__:
        assert f"class {name}" in text or f"def {name}(" in text or f"\n{name}:" in text, name
